"""Settled parts of a view (domain.base.settled) are worded once per language and kept: a long
Nantong match's finished deals (NT-3.3) and its final result, which every later view lists
again, read the same as when worded afresh, in each reader's language, whatever the order of
the reads."""

from __future__ import annotations

import copy
import random

from domain.base import is_settled, settled
from domain.nantong import RULESET
from service.i18n import translator
from service.narration import narrator_for
from service.wording import rendered

SEED = 3


def finished_match(deals: int):
    match = RULESET.new_game(SEED, {"deals": deals, "dealer": 0})
    rng, policy = random.Random(SEED), RULESET.policy("basic")
    while not match.is_finished():
        seat = match.to_act()[0]
        match.apply(seat, policy(match.view(seat), match.legal_actions(seat), rng).id)
    return match


def test_nt_3_3_each_finished_deal_is_one_settled_object_in_every_view_and_every_clone():
    match = finished_match(3)
    views = [match.view(viewer) for viewer in (0, 1, 2, None)] + [match.clone().view(None)]
    first = views[0]["table"]["deal_results"]
    assert len(first) == 3 and all(is_settled(r) for r in first)
    for view in views[1:]:
        assert all(a is b for a, b in zip(view["table"]["deal_results"], first, strict=True))
    assert is_settled(match.result()) and match.result() is match.result()
    assert views[0]["result"] is match.result()


def test_a_settled_part_reads_as_worded_afresh_in_each_language_in_any_order():
    match = finished_match(2)
    parts = [match.result(), *match.view(0)["table"]["deal_results"]]
    for language in ("fr", "en", "zh", "fr", "ms", "en", "zh"):
        words = translator(language)
        namer = narrator_for(RULESET, words).names_of
        for part in parts:
            afresh = rendered(copy.deepcopy(dict(part)), words, namer)  # a plain dict: nothing kept
            assert not is_settled(afresh)
            assert rendered(part, words, namer) == afresh, language
            assert rendered(part, words, None) == rendered(copy.deepcopy(dict(part)), words, None)


def test_a_settled_part_is_worded_from_itself_not_from_another_part_that_was():
    """Keeping a part's wording by its identity: a part made after another was dropped (which
    may reuse its identity) reads as its own words."""
    words = translator("fr")
    for n in range(200):
        line = {
            "rule": "NT-9.2",
            "points": n,
            "what": "x",
            "message": [{"id": "deal {deal}: ", "params": {"deal": n}}],
        }
        part = settled({"lines": [line]})
        assert (
            rendered(part, words)["lines"][0]["what"]
            == rendered({"lines": [line]}, words)["lines"][0]["what"]
        )
        assert str(n) in rendered(part, words)["lines"][0]["what"]
        del part
