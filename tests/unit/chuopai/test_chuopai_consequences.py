"""What a decision causes that it does not show (`State.consequences`): the end of a round,
its winner and the cards it banks, public (CP-4.3) — exactly the round `table.rounds` adds."""

from __future__ import annotations

import random

import pytest

from domain.base import Consequence
from domain.chuopai import RULESET


@pytest.mark.parametrize("seed", range(8))
def test_each_round_won_is_the_round_the_table_records(seed):
    st = RULESET.new_game(seed, {}, None)
    assert st.consequences() == ()
    rng = random.Random(seed)
    rounds = 0
    while not st.is_finished():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.randrange(len(legal))].id)
        table = st.view(None)["table"]["rounds"]
        if len(table) == rounds:
            assert st.consequences() == ()
            continue
        rounds = len(table)
        last = table[-1]
        public = {"round": last["round"], "cards": last["won"]}
        assert st.consequences() == (Consequence("round_won", last["winner"], public),)
    assert rounds > 0
