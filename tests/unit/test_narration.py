"""Event texts and action labels (service/narration.py with domain/<ruleset>/narration.py):
one sentence per event kind and one label per action kind of every ruleset, with the payload
shapes each ruleset's `public_action` and action ids produce."""

from __future__ import annotations

import pytest

from domain.registry import RULESETS
from service.narration import Narrator, narrator_for

SISEPAI = narrator_for(RULESETS["sisepai"])
NANTONG = narrator_for(RULESETS["nantong"])
CHUOPAI = narrator_for(RULESETS["chuopai"])


def action_event(seat: int, public: dict, action: str | None = None, by: str = "human") -> dict:
    payload = {"seat": seat, "public": public}
    if action is not None:  # the viewer's own decision, or any decision once the game is over
        payload.update(action=action, by=by)
    return {"version": 5, "type": "action", "time": "2000-01-01T00:00:00Z", "payload": payload}


# ------------------------------------------------------------------ Sì Sè Pái
@pytest.mark.parametrize(
    ("event", "viewer", "text"),
    [
        (action_event(1, {"type": "discard", "cards": ["rR"]}), 2, "Seat 1 discards the red Chariot"),
        (
            action_event(1, {"type": "discard", "cards": ["rR"]}, "discard:rR"),
            1,
            "You discard the red Chariot",
        ),
        (action_event(1, {"type": "discard", "cards": ["rR"]}), None, "Seat 1 discards the red Chariot"),
        # SSP-5.1: another seat's answer is secret while the game runs
        (action_event(3, {"type": "answer"}), 0, "Seat 3 answers the claim window"),
        (action_event(3, {"type": "answer"}), None, "Seat 3 answers the claim window"),
        (action_event(0, {"type": "answer"}, "pass"), 0, "You pass"),
        (
            action_event(0, {"type": "answer"}, "pass", by="auto"),
            0,
            "You pass automatically: it was your only choice",
        ),
        (action_event(2, {"type": "answer"}, "pass", by="ai:basic"), 0, "Seat 2 passes"),
        (
            action_event(2, {"type": "answer"}, "claim:triple:gA,gA,gA", by="ai:basic"),
            None,
            "Seat 2 answers the claim window: claim the card for a triple (three of green Advisor)",
        ),
        (
            action_event(2, {"type": "answer"}, "claim:soldiers:rS,yS,gS"),
            2,
            "You answer the claim window: claim the card for a soldier group (red Soldier, yellow Soldier, green Soldier)",
        ),
        (
            action_event(2, {"type": "answer"}, "claim:single:F3"),
            2,
            "You answer the claim window: claim the card for a single (flower 3)",
        ),
        (action_event(1, {"type": "answer"}, "win"), 3, "Seat 1 answers the claim window: win with the card"),
    ],
)
def test_sisepai_event_texts(event, viewer, text):
    assert SISEPAI.event_text(event, viewer) == text


CLAIM_TABLE = {"claim": {"card": "gA", "owner": 1, "source": "discard", "round": 1}}


@pytest.mark.parametrize(
    ("action", "table", "label"),
    [
        (
            {"id": "claim:triple:gA,gA,gA", "type": "claim", "cards": ["gA"] * 3, "meld": "triple"},
            CLAIM_TABLE,
            "Claim the green Advisor as a triple",
        ),
        (
            {"id": "claim:quad:gA,gA,gA,gA", "type": "claim", "cards": ["gA"] * 4, "meld": "quad"},
            CLAIM_TABLE,
            "Claim the green Advisor as a quad",
        ),
        (
            {"id": "claim:command:gK,gA,gE", "type": "claim", "cards": ["gK", "gA", "gE"], "meld": "command"},
            CLAIM_TABLE,
            "Claim the green Advisor as a command group: green General, green Advisor, green Elephant",
        ),
        (
            {"id": "win", "type": "win", "cards": ["gA"], "meld": None},
            CLAIM_TABLE,
            "Win with the green Advisor",
        ),
        ({"id": "pass", "type": "pass", "cards": []}, CLAIM_TABLE, "Pass"),
        (
            {"id": "discard:rR", "type": "discard", "cards": ["rR"]},
            {"claim": None},
            "Discard the red Chariot",
        ),
    ],
)
def test_sisepai_labels(action, table, label):
    assert SISEPAI.label(action, table) == label


# ------------------------------------------------------------------ Nantong
SIX_COINS = "Six of Coins (六餅)"


@pytest.mark.parametrize(
    ("event", "viewer", "text"),
    [
        (
            action_event(1, {"type": "discard", "card": "6c", "cards": ["6c"]}),
            0,
            f"Seat 1 discards the {SIX_COINS}",
        ),
        (action_event(2, {"type": "answer"}), 0, "Seat 2 answers the claim window"),
        (
            action_event(2, {"type": "answer"}, "pong:6c"),
            2,
            f"You answer the claim window: pong the {SIX_COINS}",
        ),
        (
            action_event(2, {"type": "answer"}, "kong:6c", by="ai:basic"),
            None,
            f"Seat 2 answers the claim window: kong the {SIX_COINS}",
        ),
        (action_event(2, {"type": "answer"}, "win"), 2, "You answer the claim window: win with the card"),
        (
            action_event(2, {"type": "answer"}, "pass", by="auto"),
            2,
            "You pass automatically: it was your only choice",
        ),
        (action_event(0, {"type": "win", "cards": ["QN"]}), 1, "Seat 0 wins with the Thousand (千)"),
        (action_event(0, {"type": "win"}, "win"), 0, "You declare a heavenly win"),
        (
            action_event(1, {"type": "declare_kong", "card": "5m", "cards": ["5m"] * 4}),
            2,
            "Seat 1 declares an opening kong of the Five of Myriads (五萬)",
        ),
        (
            action_event(1, {"type": "declare_triple", "card": "WF", "cards": ["WF"] * 3}),
            2,
            "Seat 1 declares an opening triple of the indicator White Flower (白花)",
        ),
        (
            action_event(1, {"type": "hezi", "card": "RF", "cards": ["RF"] * 2}, "hezi"),
            1,
            "You declare Tiandi Hezi with a pair of the indicator Red Flower (紅花)",
        ),
        (
            action_event(1, {"type": "concealed_kong", "card": "9s", "cards": ["9s"] * 4}),
            0,
            "Seat 1 lays down a concealed kong of the Nine of Strings (九條)",
        ),
        (
            action_event(1, {"type": "added_kong", "card": "9s", "cards": ["9s"]}),
            0,
            "Seat 1 adds the Nine of Strings (九條) to their pong",
        ),
        (action_event(2, {"type": "ready"}), 0, "Seat 2 declares ready"),
        (action_event(2, {"type": "finish"}, "finish"), 2, "You finish your preparation"),
    ],
)
def test_nantong_event_texts(event, viewer, text):
    assert NANTONG.event_text(event, viewer) == text


DISCARD_WINDOW = {"window": {"kind": "claim", "seat": 1, "card": "6c"}}
ROB_WINDOW = {"window": {"kind": "rob", "seat": 2, "card": "6c"}}
MY_TURN = {"window": None}


@pytest.mark.parametrize(
    ("action", "table", "label"),
    [
        (
            {"id": "pong:6c", "type": "pong", "cards": ["6c"] * 3, "card": "6c"},
            DISCARD_WINDOW,
            f"Pong: {SIX_COINS}",
        ),
        (
            {"id": "kong:6c", "type": "kong", "cards": ["6c"] * 4, "card": "6c"},
            DISCARD_WINDOW,
            f"Kong: {SIX_COINS}",
        ),
        (
            {"id": "win", "type": "win", "cards": ["6c"], "card": "6c"},
            DISCARD_WINDOW,
            f"Win on seat 1's {SIX_COINS}",
        ),
        (
            {"id": "win", "type": "win", "cards": ["6c"], "card": "6c"},
            ROB_WINDOW,
            f"Rob seat 2's kong of the {SIX_COINS} and win",
        ),
        ({"id": "pass", "type": "pass", "cards": []}, DISCARD_WINDOW, "Pass"),
        (
            {"id": "win", "type": "win", "cards": ["3m"]},
            MY_TURN,
            "Win with the Three of Myriads (三萬) (self-draw)",
        ),
        ({"id": "win", "type": "win", "cards": []}, MY_TURN, "Declare a heavenly win"),
        (
            {"id": "discard:6c", "type": "discard", "cards": ["6c"], "card": "6c"},
            MY_TURN,
            f"Discard the {SIX_COINS}",
        ),
        (
            {"id": "concealed_kong:6c", "type": "concealed_kong", "cards": ["6c"] * 4, "card": "6c"},
            MY_TURN,
            f"Lay down a concealed kong of the {SIX_COINS}",
        ),
        (
            {"id": "added_kong:6c", "type": "added_kong", "cards": ["6c"], "card": "6c"},
            MY_TURN,
            f"Add the {SIX_COINS} to your pong (the others may rob it)",
        ),
        (
            {"id": "declare_kong:6c", "type": "declare_kong", "cards": ["6c"] * 4, "card": "6c"},
            MY_TURN,
            f"Declare an opening kong of the {SIX_COINS} (a replacement from the back)",
        ),
        (
            {"id": "declare_triple:6c", "type": "declare_triple", "cards": ["6c"] * 3, "card": "6c"},
            MY_TURN,
            f"Declare an opening triple of the indicator {SIX_COINS}",
        ),
        (
            {"id": "hezi", "type": "hezi", "cards": ["6c"] * 2, "card": "6c"},
            MY_TURN,
            f"Declare Tiandi Hezi with a pair of the indicator {SIX_COINS} (two replacements)",
        ),
        (
            {"id": "ready", "type": "ready", "cards": []},
            MY_TURN,
            "Declare ready (ends your preparation; the hand is locked)",
        ),
        ({"id": "finish", "type": "finish", "cards": []}, MY_TURN, "Finish preparation"),
    ],
)
def test_nantong_labels(action, table, label):
    assert NANTONG.label(action, table) == label


# ------------------------------------------------------------------ Chuo Pai
@pytest.mark.parametrize(
    ("event", "viewer", "text"),
    [
        (
            action_event(0, {"type": "play", "cards": ["66", "66"], "family": "main"}, "play:66,66"),
            0,
            "You play a pair of Heaven",
        ),
        (action_event(1, {"type": "play", "cards": ["15"], "family": "yao"}), 0, "Seat 1 plays Cat"),
        (
            action_event(1, {"type": "play", "cards": ["23"] * 4, "family": "black"}),
            None,
            "Seat 1 plays four of Black Five",
        ),
        (
            action_event(
                2,
                {
                    "type": "combo",
                    "cards": ["11", "11", "26", "35"],
                    "family": "combo",
                    "combination": "di_ba",
                },
            ),
            0,
            "Seat 2 plays Di Ba: a pair of Earth, Flat Eight, Crooked Eight",
        ),
        (
            action_event(2, {"type": "bonus", "cards": ["12", "24", "24", "24"]}),
            1,
            "Seat 2 takes the opening bonus: Nail, three of Two Red",
        ),
        (action_event(2, {"type": "pass"}), 1, "Seat 2 passes"),
        (
            action_event(1, {"type": "pass"}, "pass", by="auto"),
            1,
            "You pass automatically: it was your only choice",
        ),
    ],
)
def test_chuopai_event_texts(event, viewer, text):
    assert CHUOPAI.event_text(event, viewer) == text


HIGHEST = {"highest": {"seat": 2, "cards": ["55"], "family": "main", "type": "play"}}
EMPTY = {"highest": None}


@pytest.mark.parametrize(
    ("action", "table", "label"),
    [
        (
            {"id": "play:66,66", "type": "play", "cards": ["66", "66"], "family": "main"},
            EMPTY,
            "Lead a pair of Heaven",
        ),
        (
            {"id": "play:66", "type": "play", "cards": ["66"], "family": "main"},
            HIGHEST,
            "Beat seat 2 with Heaven",
        ),
        (
            {
                "id": "play:66,66,36,45",
                "type": "combo",
                "cards": ["66", "66", "36", "45"],
                "family": "combo",
                "combination": "tian_jiu",
            },
            EMPTY,
            "Lead Tian Jiu: a pair of Heaven, Black Nine, Red Nine",
        ),
        (
            {
                "id": "play:13,14",
                "type": "combo",
                "cards": ["13", "14"],
                "family": "combo",
                "combination": "he_wu",
            },
            {"highest": {"seat": 1, "cards": ["13", "23"], "family": "combo", "type": "combo"}},
            "Beat seat 1 with He Wu: Harmony, Red Five",
        ),
        (
            {"id": "bonus", "type": "bonus", "cards": ["12", "24"]},
            EMPTY,
            "Take the opening bonus: Nail, Two Red",
        ),
        ({"id": "pass", "type": "pass", "cards": []}, HIGHEST, "Pass"),
    ],
)
def test_chuopai_labels(action, table, label):
    assert CHUOPAI.label(action, table) == label


# ------------------------------------------------------------------ every ruleset
def test_game_created_and_finished_texts():
    created = {"version": 1, "type": "game_created", "time": "t", "payload": {"ruleset": "chuopai"}}
    assert CHUOPAI.event_text(created, None) == "A game of Chuo Pai (Sichuan cards) begins"
    assert CHUOPAI.event_text(created, 2) == "A game of Chuo Pai (Sichuan cards) begins; you are seat 2"

    def finished(winners):
        return {
            "version": 9,
            "type": "game_finished",
            "time": "t",
            "payload": {"result": {"winners": winners}},
        }

    assert SISEPAI.event_text(finished([]), None) == "The game is over: nobody wins"
    assert SISEPAI.event_text(finished([3]), 3) == "The game is over: you win"
    assert SISEPAI.event_text(finished([3]), 1) == "The game is over: seat 3 wins"
    assert CHUOPAI.event_text(finished([0, 2]), None) == "The game is over: seats 0, 2 share the win"
    # A type no viewer is shown the content of still gets a sentence.
    assert NANTONG.event_text({"version": 3, "type": "later", "payload": {}}, 0) == (
        "The game records an event (later)"
    )


def test_a_ruleset_without_narration_module_still_gets_texts():
    plain = Narrator("Some game", {"x1": "Card One"}, None)
    event = action_event(1, {"type": "discard", "cards": ["x1"]})
    assert plain.event_text(event, 0) == "Seat 1 discards the Card One"
    assert plain.event_text(action_event(1, {"type": "answer"}), 0) == "Seat 1 answers the claim window"
    assert plain.label({"id": "discard:x1", "type": "discard", "cards": ["x1"]}, {}) == (
        "Take the action discard:x1"
    )


def test_every_card_has_a_name_and_lists_group_copies():
    for ruleset in RULESETS.values():
        narrator = narrator_for(ruleset)
        for card in ruleset.cards():
            assert narrator.card(card["code"]) == card["name"] != card["code"]
    assert CHUOPAI.cards(["66", "66", "66", "36"]) == "three of Heaven, Black Nine"
    assert CHUOPAI.cards(["66"] * 5) == "5 × Heaven"


@pytest.mark.parametrize(
    "payload",
    [
        {"seat": 1, "public": {"type": "answer"}, "action": "claim:nonsense", "by": "human"},
        {"seat": 1, "public": {"type": "discard"}},
        {"seat": 1, "public": {"type": "combo", "cards": ["66"], "combination": "no_such"}},
        {"seat": 1, "public": "not an object"},
    ],
)
def test_a_payload_no_ruleset_writes_still_reads(payload):
    """A finished log is exported as the store holds it, even one an operator rewrote."""
    event = {"version": 4, "type": "action", "payload": payload}
    for narrator in (SISEPAI, NANTONG, CHUOPAI):
        text = narrator.event_text(event, 0)
        assert text.startswith("Seat 1 ") and "None" not in text
    finished = {"version": 9, "type": "game_finished", "payload": {"result": ["not", "an", "object"]}}
    assert CHUOPAI.event_text(finished, None) == "The game records an event (game_finished)"


def test_the_narration_module_comes_with_the_ruleset_package():
    """A plug-in ruleset brings its own narration.py; one without still reads (tests/toy_ruleset)."""
    from service.narration import narration_module
    from tests.toy_ruleset import RULESET as TOY

    assert narration_module(RULESETS["nantong"]).__name__ == "domain.nantong.narration"
    assert narration_module(TOY) is None
    toy = narrator_for(TOY)
    code = TOY.cards()[0]["code"]
    event = action_event(1, {"type": "play", "cards": [code]})
    assert toy.event_text(event, 0) == f"Seat 1 plays {TOY.cards()[0]['name']}"


# ------------------------------------------------------------------ consequences
def consequence(type_: str, seat: int, public: dict, **private) -> dict:
    payload = {"seat": seat, "public": public, **private}
    return {"version": 7, "type": type_, "time": "2000-01-01T00:00:00Z", "payload": payload}


NINE_M = "Nine of Myriads (九萬)"


@pytest.mark.parametrize(
    ("narrator", "event", "viewer", "text"),
    [
        # NT-5.1: the drawer reads its card; the others read that a card was drawn.
        (NANTONG, consequence("draw", 1, {"replacement": False}, card="9m"), 1, f"You draw the {NINE_M}"),
        (NANTONG, consequence("draw", 1, {"replacement": False}), 2, "Seat 1 draws a card"),
        (NANTONG, consequence("draw", 1, {"replacement": False}), None, "Seat 1 draws a card"),
        (NANTONG, consequence("draw", 1, {"replacement": False}, card="9m"), 0, f"Seat 1 draws the {NINE_M}"),
        # NT-4.2, NT-5.3: a replacement from the back.
        (
            NANTONG,
            consequence("draw", 0, {"replacement": True}, card="9m"),
            0,
            f"You draw a replacement card: the {NINE_M}",
        ),
        (NANTONG, consequence("draw", 0, {"replacement": True}), 1, "Seat 0 draws a replacement card"),
        # NT-6.1 to NT-6.3: settled claims are public.
        (
            NANTONG,
            consequence("claim_settled", 1, {"claim": "pong", "card": "9m", "from": 0, "cards": ["9m"] * 3}),
            2,
            f"Seat 1 pongs seat 0's {NINE_M}",
        ),
        (
            NANTONG,
            consequence("claim_settled", 1, {"claim": "kong", "card": "9m", "from": 2, "cards": ["9m"] * 4}),
            1,
            f"You kong seat 2's {NINE_M}",
        ),
        (
            NANTONG,
            consequence("claim_settled", 2, {"claim": "win", "card": "9m", "from": 0}),
            None,
            f"Seat 2 wins with seat 0's {NINE_M}",
        ),
        (
            NANTONG,
            consequence("claim_settled", 2, {"claim": "rob", "card": "9m", "from": 1}),
            2,
            f"You rob seat 1's kong of the {NINE_M} and win",
        ),
        # the seat a card was taken from reads "your", not its own seat number
        (
            NANTONG,
            consequence("claim_settled", 1, {"claim": "pong", "card": "9m", "from": 0, "cards": ["9m"] * 3}),
            0,
            f"Seat 1 pongs your {NINE_M}",
        ),
        (
            NANTONG,
            consequence("claim_settled", 1, {"claim": "kong", "card": "9m", "from": 2, "cards": ["9m"] * 4}),
            2,
            f"Seat 1 kongs your {NINE_M}",
        ),
        (
            NANTONG,
            consequence("claim_settled", 2, {"claim": "win", "card": "9m", "from": 0}),
            0,
            f"Seat 2 wins with your {NINE_M}",
        ),
        (
            NANTONG,
            consequence("claim_settled", 2, {"claim": "rob", "card": "9m", "from": 1}),
            1,
            f"Seat 2 robs your kong of the {NINE_M} and wins",
        ),
        (
            SISEPAI,
            consequence(
                "claim_settled", 0, {"claim": "field", "card": "rR", "from": 3, "cards": ["rR", "rH", "rC"]}
            ),
            3,
            "Seat 0 takes your red Chariot for a field group: red Chariot, red Horse, red Cannon",
        ),
        # SSP-4.1: a drawn card is public; SSP-5.2, SSP-5.4: claims and untaken cards.
        (
            SISEPAI,
            consequence("draw", 3, {"replacement": False, "card": "rR"}),
            0,
            "Seat 3 draws the red Chariot",
        ),
        (
            SISEPAI,
            consequence(
                "claim_settled", 0, {"claim": "field", "card": "rR", "from": 3, "cards": ["rR", "rH", "rC"]}
            ),
            1,
            "Seat 0 takes seat 3's red Chariot for a field group: red Chariot, red Horse, red Cannon",
        ),
        (
            SISEPAI,
            consequence(
                "claim_settled", 3, {"claim": "pair", "card": "rR", "from": 3, "cards": ["rR", "rR"]}
            ),
            3,
            "You take the red Chariot you drew for a pair: a pair of red Chariot",
        ),
        (
            SISEPAI,
            consequence("claim_settled", 3, {"claim": "win", "card": "rR", "from": 3}),
            0,
            "Seat 3 wins with the red Chariot they drew",
        ),
        (
            SISEPAI,
            consequence("unclaimed", 3, {"card": "rR", "becomes": "discard"}),
            0,
            "Nobody takes the red Chariot seat 3 drew: it becomes their discard",
        ),
        (
            SISEPAI,
            consequence("unclaimed", 3, {"card": "rR", "becomes": "dead"}),
            3,
            "Nobody takes your red Chariot: it is out of play",
        ),
        # CP-4.3: the round's winner banks its winning play.
        (
            CHUOPAI,
            consequence("round_won", 1, {"round": 0, "cards": ["66", "66"]}),
            0,
            "Seat 1 wins the round and banks a pair of Heaven",
        ),
        (
            CHUOPAI,
            consequence("round_won", 0, {"round": 4, "cards": ["11"]}),
            0,
            "You win the round and bank Earth",
        ),
        # NT-3.3: a deal of a match ends; the sentence is about its winner, not its dealer.
        (
            NANTONG,
            consequence(
                "deal_over",
                0,
                {
                    "deal": 1,
                    "outcome": "win",
                    "winner": 2,
                    "settlement": [-60, -60, 120],
                    "running": [-60, -60, 120],
                },
            ),
            0,
            "Deal 1 is over: seat 2 wins it",
        ),
        (
            NANTONG,
            consequence(
                "deal_over",
                1,
                {"deal": 2, "outcome": "win", "winner": 1, "settlement": [0, 0, 0], "running": [0, 0, 0]},
            ),
            1,
            "Deal 2 is over: you win it",
        ),
        (
            NANTONG,
            consequence(
                "deal_over",
                2,
                {
                    "deal": 3,
                    "outcome": "exhausted",
                    "winner": None,
                    "settlement": [0, 0, 0],
                    "running": [0, 0, 0],
                },
            ),
            None,
            "Deal 3 is over: nobody wins it",
        ),
    ],
)
def test_consequence_texts(narrator, event, viewer, text):
    assert narrator.event_text(event, viewer) == text


def test_consequence_texts_in_other_languages():
    from service.i18n import translator

    event = consequence("claim_settled", 1, {"claim": "pong", "card": "9m", "from": 0, "cards": ["9m"] * 3})
    zh = narrator_for(RULESETS["nantong"], translator("zh"))
    assert zh.event_text(event, 1).startswith("你碰了座位 0 的")
    fr = narrator_for(RULESETS["nantong"], translator("fr"))
    assert fr.event_text(consequence("draw", 2, {"replacement": False}), 0) == "La place 2 pioche une carte"


def test_french_elides_de_before_a_card_name_with_a_vowel_or_a_mute_h():
    """'une paire d’Harmonie', 'd’Homme', but 'de Hache' (aspirated h) and 'de Ciel'; three or four
    copies read 'trois cartes Clou', which needs no plural of the card's name."""
    from service.i18n import spelled, translator

    fr = narrator_for(RULESETS["chuopai"], translator("fr"))
    assert fr.cards(["13", "13"]) == "une paire d’Harmonie"
    assert fr.cards(["44", "44"]) == "une paire d’Homme"
    assert fr.cards(["56", "56"]) == "une paire de Hache"
    assert fr.cards(["66", "66"]) == "une paire de Ciel"
    assert fr.cards(["12"] * 3) == "trois cartes Clou"
    event = action_event(1, {"type": "play", "cards": ["13", "13"], "family": "main"})
    assert fr.event_text(event, 0) == "La place 1 joue une paire d’Harmonie"
    assert spelled("fr", "le kong de Un de Myriades") == "le kong d’Un de Myriades"
    assert spelled("en", "a pair of Harmony") == "a pair of Harmony"


def test_a_text_that_opens_on_a_card_name_begins_with_a_capital():
    """Danish and Turkish write a Sì Sè Pái card's colour in lower case ("rød General", "yeşil
    Asker"); a label or an event text that opens on it is still a sentence. Turkish capitalises
    i as İ. Danish claims read "og melder {term}" (no article that must agree with the term's
    gender: "et enkeltkort", "en triple"), and copies "tre stk. rød Soldat" (no plural of the name)."""
    from service.i18n import sentence, translator

    tr = narrator_for(RULESETS["sisepai"], translator("tr"))
    claim = {"id": "claim:triple:gA,gA,gA", "type": "claim", "cards": ["gA"] * 3, "meld": "triple"}
    label = tr.label(claim, CLAIM_TABLE)
    assert label[0].isupper() and label.endswith("olarak talep et"), label
    assert sentence("tr", "iki kart") == "İki kart" and sentence("da", "ı") == "I"
    assert sentence("en", "Seat 1 draws") == "Seat 1 draws" and sentence("da", "") == ""
    assert sentence("en", " × 2") == " × 2"  # a fragment that opens on no letter stays as it is
    da = narrator_for(RULESETS["sisepai"], translator("da"))
    single = consequence("claim_settled", 2, {"claim": "single", "card": "rK", "from": 2, "cards": ["rK"]})
    text = da.event_text(single, 0)
    assert "og melder enkeltkort" in text and " en enkeltkort" not in text, text
    assert da.cards(["rS"] * 3).startswith("tre stk. "), da.cards(["rS"] * 3)
