"""Events and legal actions in words, for one viewer: a presentation step.

The log stays language-free; every sentence is rendered when an event or a legal action
leaves the service. The domain describes a decision structurally (`domain.narration.Happening`,
from the payload exactly as the viewer receives it, so a sentence never says more than the
payload does); this module picks a message template, translates it and fills in card names
from the ruleset's `cards()`.

Every message is a gettext-style template with named placeholders, marked with `N_` where it
is defined and translated through one `Translator` when it is rendered, so a catalogue
extractor (Babel's, with the keywords `N_` and `gettext`) finds every message. The translator
is the reader's language (service/i18n.py, chosen per request by the API); message ids are the
English texts, and card names come from the catalogues per ruleset, keyed by card code.

Placeholders: {seat} the acting seat, {other} another seat the sentence names, {card} one
card's name, {cards} a list of cards ("a pair of Heaven", "red Soldier, yellow Soldier"),
{term} a translated term (a meld, a combination), {game} the ruleset's name, {seats} several
seats, {number} a number (a deal's).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from domain.base import Ruleset
from domain.narration import N_, Happening, answer_happening, consequence_happening
from service.i18n import ENGLISH, Translator, card_names, ruleset_name, sentence
from service.replay import DECISION_EVENT_TYPES

# An action event: (the viewer's own decision, another seat's decision).
EVENT_TEXTS: dict[str, tuple[str, str]] = {
    "answer": (N_("You answer the claim window"), N_("Seat {seat} answers the claim window")),
    "pass": (N_("You pass"), N_("Seat {seat} passes")),
    "pass_automatic": (
        N_("You pass automatically: it was your only choice"),
        N_("Seat {seat} passes automatically: it was their only choice"),
    ),
    "discard": (N_("You discard the {card}"), N_("Seat {seat} discards the {card}")),
    "claim_win": (
        N_("You answer the claim window: win with the card"),
        N_("Seat {seat} answers the claim window: win with the card"),
    ),
    "claim_meld": (
        N_("You answer the claim window: claim the card for a {term} ({cards})"),
        N_("Seat {seat} answers the claim window: claim the card for a {term} ({cards})"),
    ),
    "pong_bid": (
        N_("You answer the claim window: pong the {card}"),
        N_("Seat {seat} answers the claim window: pong the {card}"),
    ),
    "kong_bid": (
        N_("You answer the claim window: kong the {card}"),
        N_("Seat {seat} answers the claim window: kong the {card}"),
    ),
    "win_with": (N_("You win with the {card}"), N_("Seat {seat} wins with the {card}")),
    "heavenly_win": (N_("You declare a heavenly win"), N_("Seat {seat} declares a heavenly win")),
    "declare_kong": (
        N_("You declare an opening kong of the {card}"),
        N_("Seat {seat} declares an opening kong of the {card}"),
    ),
    "declare_triple": (
        N_("You declare an opening triple of the indicator {card}"),
        N_("Seat {seat} declares an opening triple of the indicator {card}"),
    ),
    "hezi": (
        N_("You declare Tiandi Hezi with a pair of the indicator {card}"),
        N_("Seat {seat} declares Tiandi Hezi with a pair of the indicator {card}"),
    ),
    "concealed_kong": (
        N_("You lay down a concealed kong of the {card}"),
        N_("Seat {seat} lays down a concealed kong of the {card}"),
    ),
    "added_kong": (
        N_("You add the {card} to your pong"),
        N_("Seat {seat} adds the {card} to their pong"),
    ),
    "ready": (N_("You declare ready"), N_("Seat {seat} declares ready")),
    "finish": (N_("You finish your preparation"), N_("Seat {seat} finishes their preparation")),
    "bonus": (N_("You take the opening bonus: {cards}"), N_("Seat {seat} takes the opening bonus: {cards}")),
    "play": (N_("You play {cards}"), N_("Seat {seat} plays {cards}")),
    "combo": (N_("You play {term}: {cards}"), N_("Seat {seat} plays {term}: {cards}")),
    # Consequences of a decision (domain.base.Consequence): draws, settled claims, won rounds.
    "draw": (N_("You draw the {card}"), N_("Seat {seat} draws the {card}")),
    "draw_hidden": (N_("You draw a card"), N_("Seat {seat} draws a card")),
    "replacement": (
        N_("You draw a replacement card: the {card}"),
        N_("Seat {seat} draws a replacement card: the {card}"),
    ),
    "replacement_hidden": (N_("You draw a replacement card"), N_("Seat {seat} draws a replacement card")),
    "settled_pong": (N_("You pong seat {other}'s {card}"), N_("Seat {seat} pongs seat {other}'s {card}")),
    "settled_kong": (N_("You kong seat {other}'s {card}"), N_("Seat {seat} kongs seat {other}'s {card}")),
    "settled_win": (
        N_("You win with seat {other}'s {card}"),
        N_("Seat {seat} wins with seat {other}'s {card}"),
    ),
    "settled_win_own": (
        N_("You win with the {card} you drew"),
        N_("Seat {seat} wins with the {card} they drew"),
    ),
    "settled_rob": (
        N_("You rob seat {other}'s kong of the {card} and win"),
        N_("Seat {seat} robs seat {other}'s kong of the {card} and wins"),
    ),
    "settled_meld": (
        N_("You take seat {other}'s {card} for a {term}: {cards}"),
        N_("Seat {seat} takes seat {other}'s {card} for a {term}: {cards}"),
    ),
    "settled_meld_own": (
        N_("You take the {card} you drew for a {term}: {cards}"),
        N_("Seat {seat} takes the {card} they drew for a {term}: {cards}"),
    ),
    "unclaimed_discard": (
        N_("Nobody takes the {card} you drew: it becomes your discard"),
        N_("Nobody takes the {card} seat {seat} drew: it becomes their discard"),
    ),
    "unclaimed_dead": (
        N_("Nobody takes your {card}: it is out of play"),
        N_("Nobody takes seat {seat}'s {card}: it is out of play"),
    ),
    "round_won": (
        N_("You win the round and bank {cards}"),
        N_("Seat {seat} wins the round and banks {cards}"),
    ),
    # NT-3.3: a deal of a match ends (the last one's end is the game's).
    "deal_won": (N_("Deal {number} is over: you win it"), N_("Deal {number} is over: seat {seat} wins it")),
    "deal_no_winner": (
        N_("Deal {number} is over: nobody wins it"),
        N_("Deal {number} is over: nobody wins it"),
    ),
}
# Another seat's decision that names the viewer as the seat it took a card from ({other}): the
# viewer reads "your", not their own seat number.
FROM_YOU_TEXTS: dict[str, str] = {
    "settled_pong": N_("Seat {seat} pongs your {card}"),
    "settled_kong": N_("Seat {seat} kongs your {card}"),
    "settled_win": N_("Seat {seat} wins with your {card}"),
    "settled_rob": N_("Seat {seat} robs your kong of the {card} and wins"),
    "settled_meld": N_("Seat {seat} takes your {card} for a {term}: {cards}"),
}
UNKNOWN_ACTION = (N_("You act"), N_("Seat {seat} acts"))

GAME_STARTED = (N_("A game of {game} begins; you are seat {seat}"), N_("A game of {game} begins"))
GAME_OVER_NO_WINNER = N_("The game is over: nobody wins")
GAME_OVER_YOU_WIN = N_("The game is over: you win")
GAME_OVER_WINNER = N_("The game is over: seat {seat} wins")
GAME_OVER_SHARED = N_("The game is over: seats {seats} share the win")
OTHER_EVENT = N_("The game records an event ({type})")

# A legal action's label: what taking it does.
LABELS: dict[str, str] = {
    "pass": N_("Pass"),
    "discard": N_("Discard the {card}"),
    "win_with": N_("Win with the {card}"),
    "claim_identical": N_("Claim the {card} as a {term}"),
    "claim_meld": N_("Claim the {card} as a {term}: {cards}"),
    "declare_kong": N_("Declare an opening kong of the {card} (a replacement from the back)"),
    "declare_triple": N_("Declare an opening triple of the indicator {card}"),
    "hezi": N_("Declare Tiandi Hezi with a pair of the indicator {card} (two replacements)"),
    "ready": N_("Declare ready (ends your preparation; the hand is locked)"),
    "finish": N_("Finish preparation"),
    "win_self_draw": N_("Win with the {card} (self-draw)"),
    "heavenly_win": N_("Declare a heavenly win"),
    "concealed_kong": N_("Lay down a concealed kong of the {card}"),
    "added_kong": N_("Add the {card} to your pong (the others may rob it)"),
    "win_on_discard": N_("Win on seat {other}'s {card}"),
    "rob_win": N_("Rob seat {other}'s kong of the {card} and win"),
    "pong": N_("Pong: {card}"),
    "kong": N_("Kong: {card}"),
    "bonus": N_("Take the opening bonus: {cards}"),
    "lead": N_("Lead {cards}"),
    "beat": N_("Beat seat {other} with {cards}"),
    "lead_combo": N_("Lead {term}: {cards}"),
    "beat_combo": N_("Beat seat {other} with {term}: {cards}"),
}
UNKNOWN_LABEL = N_("Take the action {action}")
# A hand calculator's play: what it plays, whoever it would beat (a report names no seats).
PLAY_LABELS: dict[str, str] = {"lead": N_("Play {cards}"), "lead_combo": N_("Play {term}: {cards}")}
ACTION_FIELDS = frozenset({"id", "type", "label", "cards"})

# Several copies of one card in a list of cards.
COPIES = {2: N_("a pair of {card}"), 3: N_("three of {card}"), 4: N_("four of {card}")}
MANY_COPIES = N_("{count} × {card}")
LIST_SEPARATOR = N_(", ")


@dataclass(frozen=True)
class Narrator:
    """Sentences about one ruleset's games, in one language."""

    game: str  # the ruleset's name
    names: dict[str, str]  # card code -> name
    narration: ModuleType | None  # the ruleset's domain narration module
    translator: Translator = ENGLISH

    # ------------------------------------------------------------ events
    def event_text(self, event: dict[str, Any], viewer: int | None) -> str:
        """One sentence for `viewer` about an event as that viewer receives it."""
        try:
            return self._event_text(event, viewer)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            # A payload no ruleset writes: a finished log read straight from the store is
            # exported (and reported NOT VERIFIED) as it stands, whatever it holds.
            return self.translator.gettext(OTHER_EVENT).format(type=event.get("type"))

    def _event_text(self, event: dict[str, Any], viewer: int | None) -> str:
        _ = self.translator.gettext
        payload = event.get("payload") or {}
        if event["type"] == "action" and "seat" in payload and "public" in payload:
            try:
                happening = self._event_happening(payload)
            except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                happening = Happening("unknown", payload["seat"])  # see event_text
            kind = "pass_automatic" if happening.kind == "pass" and happening.automatic else happening.kind
            yours, theirs = EVENT_TEXTS.get(kind, UNKNOWN_ACTION)
            return self._fill(yours if happening.seat == viewer else theirs, happening)
        if event["type"] == "game_created":
            yours, anyone = GAME_STARTED
            template = anyone if viewer is None else yours
            return _(template).format(game=self.game, seat=viewer)
        if event["type"] not in DECISION_EVENT_TYPES and "seat" in payload and "public" in payload:
            happening = self._consequence_happening(event["type"], payload)
            if happening.kind in EVENT_TEXTS:
                yours, theirs = EVENT_TEXTS[happening.kind]
                if happening.seat != viewer and viewer is not None and happening.other == viewer:
                    theirs = FROM_YOU_TEXTS.get(happening.kind, theirs)
                return self._fill(yours if happening.seat == viewer else theirs, happening)
        if event["type"] == "game_finished" and "result" in payload:
            winners = list(payload["result"].get("winners") or [])
            if not winners:
                return _(GAME_OVER_NO_WINNER)
            if len(winners) == 1:
                if winners[0] == viewer:
                    return _(GAME_OVER_YOU_WIN)
                return _(GAME_OVER_WINNER).format(seat=winners[0])
            return _(GAME_OVER_SHARED).format(seats=_(LIST_SEPARATOR).join(map(str, winners)))
        return _(OTHER_EVENT).format(type=event["type"])

    def _event_happening(self, payload: dict[str, Any]) -> Happening:
        seat = payload["seat"]
        if self.narration is not None:
            happening: Happening = self.narration.event_happening(seat, payload)
            return happening
        # A ruleset without a narration module: what every public payload has.
        public = payload["public"]
        found = answer_happening(seat, payload) if public.get("type") == "answer" else None
        cards = tuple(public.get("cards") or ())
        one = cards[0] if len(set(cards)) == 1 else None
        return found or Happening(str(public.get("type")), seat, card=one, cards=cards)

    def _consequence_happening(self, type_: str, payload: dict[str, Any]) -> Happening:
        own = getattr(self.narration, "consequence_happening", None)
        if own is not None:
            happening: Happening = own(type_, payload["seat"], payload)
            return happening
        return consequence_happening(type_, payload["seat"], payload)

    # ------------------------------------------------------------ legal actions
    def label(self, action: dict[str, Any], table: dict[str, Any]) -> str:
        """What taking a legal action does, naming its cards (`table`: the acting seat's view)."""
        if self.narration is None:
            return self.translator.gettext(UNKNOWN_LABEL).format(action=action["id"])
        happening = self.narration.action_happening(action, table)
        template = LABELS.get(happening.kind)
        if template is None:
            return self.translator.gettext(UNKNOWN_LABEL).format(action=action["id"])
        return self._fill(template, happening)

    def labelled(self, actions: list[dict[str, Any]], table: dict[str, Any]) -> list[dict[str, Any]]:
        return [{**a, "label": self.label(a, table)} for a in actions]

    def labelled_plays(self, report: dict[str, Any]) -> dict[str, Any]:
        """A hand calculator's report with every play it lists (a list of actions: id, type,
        label, cards) labelled in words; a play the narration cannot word keeps its label."""
        if self.narration is None:
            return report
        out = dict(report)
        for key, value in report.items():
            if isinstance(value, list) and value and all(_is_action(item) for item in value):
                out[key] = [{**play, "label": self._play_label(play)} for play in value]
        return out

    def _play_label(self, play: dict[str, Any]) -> str:
        assert self.narration is not None
        try:
            happening = self.narration.action_happening(play, {})  # no table: the hand alone
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return str(play["label"])
        template = PLAY_LABELS.get(happening.kind) or LABELS.get(happening.kind)
        return self._fill(template, happening) if template else str(play["label"])

    # ------------------------------------------------------------ words
    def card(self, code: str) -> str:
        return self.names.get(code, code)  # already in the translator's language (narrator_for)

    def names_of(self, codes: Sequence[str]) -> str | None:
        """The cards in words when every code is one of the ruleset's cards, else None: the namer
        of a result's lines (domain.narration.CARD_PARAMETERS). Copies of one card are named once,
        as the line names the meld they make ("triple red Elephant", SSP-6.2)."""
        if not codes or any(code not in self.names for code in codes):
            return None
        if len(set(codes)) == 1:
            return self.card(codes[0])
        return self.cards(codes)

    def cards(self, codes: Sequence[str]) -> str:
        """A list of cards in words, copies of one card grouped ("a pair of Heaven")."""
        _ = self.translator.gettext
        groups: list[tuple[str, int]] = []
        for code in codes:
            if groups and groups[-1][0] == code:
                groups[-1] = (code, groups[-1][1] + 1)
            else:
                groups.append((code, 1))
        parts = []
        for code, count in groups:
            if count == 1:
                parts.append(self.card(code))
            else:
                template = COPIES.get(count, MANY_COPIES)
                parts.append(self.translator.format(template, card=self.card(code), count=count))
        return _(LIST_SEPARATOR).join(parts)

    def _fill(self, template: str, happening: Happening) -> str:
        """An event's text or an action's label: a sentence, so it begins with a capital."""
        return sentence(self.translator.language, self._filled(template, happening))

    def _filled(self, template: str, happening: Happening) -> str:
        return self.translator.format(
            template,
            seat=happening.seat,
            other=happening.other,
            card=self.card(happening.card) if happening.card is not None else "",
            cards=self.cards(happening.cards),
            term=self.translator.gettext(happening.term) if happening.term is not None else "",
            number=happening.number,
        )


def _is_action(item: Any) -> bool:
    return isinstance(item, dict) and ACTION_FIELDS <= item.keys()


def narration_module(ruleset: Ruleset) -> ModuleType | None:
    """The `narration` module of the ruleset's package (domain/<ruleset>/narration.py), or None
    for a ruleset without one (its events then read as their public type says)."""
    package = type(ruleset).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.narration")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.narration":
            raise
        return None


@functools.lru_cache(maxsize=64)
def narrator_for(ruleset: Ruleset, words: Translator = ENGLISH) -> Narrator:
    """The ruleset's narrator in the translator's language: card names and the game's name
    from the catalogues (service/i18n.py), keyed by card code."""
    return Narrator(
        ruleset_name(ruleset, words), card_names(ruleset, words), narration_module(ruleset), words
    )


def with_text(event: dict[str, Any], viewer: int | None, narrator: Narrator) -> dict[str, Any]:
    """The event with its sentence for `viewer`."""
    return {**event, "text": narrator.event_text(event, viewer)}
