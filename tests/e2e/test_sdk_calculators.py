"""Hand calculators over HTTP through the SDK: a worked check each, and 422s that name the problem."""

from __future__ import annotations

import httpx
from cardgames_client.api.rulesets import score_chuopai_hand, score_nantong_hand, score_sisepai_hand
from cardgames_client.models import (
    ChuopaiCardCode,
    ChuopaiHand,
    NantongCardCode,
    NantongHand,
    NantongMeldInput,
    NantongMeldInputKind,
    NantongWin,
    NantongWinBy,
    Problem,
    SisepaiCardCode,
    SisepaiHand,
)

# The SDK types card codes as each ruleset's enum.


def ssp(*codes: str) -> list[SisepaiCardCode]:
    return [SisepaiCardCode(c) for c in codes]


def nt(*codes: str) -> list[NantongCardCode]:
    return [NantongCardCode(c) for c in codes]


def cp(*codes: str) -> list[ChuopaiCardCode]:
    return [ChuopaiCardCode(c) for c in codes]


SSP_WORKED = "rK yK wK gK F1 F2 rA rA rA rE rE rE rR rR rR rH rH rC rC rC".split()


def test_sisepai_worked_check(client):
    """SSP-6.2 worked check: 4 Generals + 2 flowers + 5 triples = 15."""
    res = score_sisepai_hand.sync(
        client=client,
        body=SisepaiHand(concealed=ssp(*SSP_WORKED), exposed=[], new_card=SisepaiCardCode("rH")),
    )
    assert res.winning is True and res.total == 15
    assert sorted(m.kind.value for m in res.melds).count("triple") == 5


def test_sisepai_refusals(client):
    r = score_sisepai_hand.sync_detailed(
        client=client,
        body=SisepaiHand(concealed=ssp(*["rK"] * 20), exposed=[], new_card=SisepaiCardCode("rK")),
    )
    assert r.status_code == 422 and isinstance(r.parsed, Problem) and "rK" in r.parsed.detail
    r = score_sisepai_hand.sync_detailed(
        client=client,
        body=SisepaiHand(concealed=ssp(*SSP_WORKED[:-1]), exposed=[], new_card=SisepaiCardCode("rH")),
    )
    assert r.status_code == 422 and "21" in r.parsed.detail


def test_nantong_four_concealed_with_indicator(client):
    """NT-7.2/NT-7.4: four concealed 2m score 12 ×2 with indicator 2s; Tazi +20, Wenqian +20, pair +10."""
    concealed = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 1c 2c 3c 2m 2m 2m 9c".split()
    res = score_nantong_hand.sync(
        client=client,
        body=NantongHand(
            indicators=nt("2s", "3m"),
            concealed=nt(*concealed),
            melds=[],
            win=NantongWin(card=NantongCardCode("9c"), by=NantongWinBy.DISCARD),
        ),
    )
    assert (res.base, res.total, res.rounded) == (24, 74, 80)
    assert res.shape == "tazi" and any(i.rule == "NT-8.3" for i in res.items)


def test_nantong_non_winner_and_refusal(client):
    res = score_nantong_hand.sync(
        client=client,
        body=NantongHand(
            indicators=nt("4c", "4c"),
            concealed=nt(*"1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7s 8s 9s 1c 2c".split()),
            melds=[NantongMeldInput(kind=NantongMeldInputKind.HEZI, card=NantongCardCode("4c"))],
            win=None,
        ),
    )
    assert res.shape is None and res.partition is None and res.base == 64 + 4  # NT-7.6 Hezi 64, triple 4
    r = score_nantong_hand.sync_detailed(
        client=client,
        body=NantongHand(indicators=nt("2s", "3m"), concealed=nt(*["1m"] * 5), melds=[], win=None),
    )
    assert r.status_code == 422 and "1m" in r.parsed.detail


def test_chuopai_calculator(client, server):
    res = score_chuopai_hand.sync(
        client=client, body=ChuopaiHand(hand=cp("66", "66", "45", "36", "12", "24"), highest=cp("56"))
    )
    assert res.opening_bonus.eligible and res.opening_bonus.points == 2  # CP-2.5
    assert any(p.id == "play:66,66,36,45" for p in res.combinations)  # CP-3.2 with k = 2
    assert res.must_pass is True and res.beating == []  # CP-3.3: no yao card, so nothing beats Axe 56
    res = score_chuopai_hand.sync(
        client=client, body=ChuopaiHand(hand=cp("46", "12", "55"), highest=cp("56"))
    )
    assert res.must_pass is False and [b.id for b in res.beating] == ["play:46"]  # Four-Six > Axe
    bad = httpx.post(f"{server}/v1/rulesets/chuopai/score", json={"hand": ["99"]})
    assert bad.status_code == 422 and "99" in bad.json()["detail"]
