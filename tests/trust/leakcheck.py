"""An independent checker of what the service lets each viewer see (docs/guarantees.md).

It drives a game through `GameService` and, after every request, collects
everything the service would send to each seat and to a spectator (views,
legal actions, the redacted event log, action responses, the problem details
of refused actions), then checks it against what that viewer may know.

"May know" is computed *independently of the redaction under test*: a shadow
game is re-dealt from the store's secret seed and every logged decision is
applied to it; after each event, the cards in concealed places are read from
`State.full_state()` (the convention of every ruleset: "hands" per seat, and
"stock" / "wall" when the ruleset has one). A viewer may know a card code once
at least one copy of it has been outside the places concealed from it (own
hand, or public). Two independent bounds are checked for every payload:

* K — codes that were ever not concealed from the viewer (from the shadow);
* P ∪ own — codes the spectator was ever shown, plus codes ever in the
  viewer's own hand (P is itself checked against the spectator's K).

Structural rules are checked besides (no other seat's hand, stock, seed or
nonce anywhere; other seats' events — decisions and their consequences, such as a
draw — carry no action id, no `by`, no drawn card, no hash, only {"seat", "public"};
the consequences logged are those the shadow derives (`State.consequences`), and what
is public of them names only cards public by then;
a secret claim answer leaves every other viewer's view unchanged while the
window stays open), and after the end everything must be public.

The checker only needs the ruleset's card list and `full_state()`, so a
ruleset added to `domain.registry.RULESETS` is covered without new code.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from domain.base import Ruleset
from service.errors import GameActive, ServiceError
from service.game_service import GameService

# Events (and feed items) at the end of the log compared around a claim-window answer (readable).
READ_TAIL = 12
# full_state keys whose cards are concealed from everybody (besides other seats' "hands").
CONCEALED_KEYS = ("stock", "wall", "dead_wall", "live_wall", "hidden")
# Keys that must never appear in a payload of an active game.
FORBIDDEN_KEYS = frozenset(
    {
        "hands",
        "stock",
        "wall",
        "dead_wall",
        "live_wall",
        "seed",
        "nonce",
        "deck",
        "initial_hands",
        "original",
        "answers",
        "pending_answers",
        "concealed",
    }
)
# A rule's number as the rules and problems cite it (SSP-5.1, NT-9.2, CP-2.5).
RULE_REF = re.compile(r"\b[A-Z]{2,4}-\d+(?:\.\d+)*")
# Timestamps hold digits that could look like card codes (chuopai's "11"): skip exactly those.
TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")


class Leak(AssertionError):
    """Something reached a viewer that it may not know."""


def _fmt(viewer: int | None) -> str:
    return "spectator" if viewer is None else f"seat {viewer}"


def _word_alternation(words) -> re.Pattern[str]:
    alternation = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alternation})(?![A-Za-z0-9])")


class CardScanner:
    """Finds the cards a string mentions: by code, and (given `names`, name -> code) by name,
    as event texts and action labels name them."""

    def __init__(self, codes: list[str], names: dict[str, str] | None = None):
        self.codes = set(codes)
        self.names = dict(names or {})
        self._re = _word_alternation(self.codes)
        self._names_re = _word_alternation(self.names) if self.names else None
        self._found: dict[str, tuple[str, ...]] = {}

    def bare_codes(self, text: str) -> list[str]:
        """Card codes written as codes (a text for people names cards by name instead)."""
        return self._re.findall(text)

    def named(self, text: str) -> list[str]:
        """The codes of the cards a text names by name."""
        return [self.names[n] for n in self._names_re.findall(text)] if self._names_re else []

    def in_text(self, text: str) -> list[str]:
        # The same keys and words recur in every payload of a game: each string is read once.
        found = self._found.get(text)
        if found is None:
            # a rule's number ("HC-2.1") names no card, even where the codes are digits
            found = self._found[text] = tuple(self.bare_codes(RULE_REF.sub(" ", text)) + self.named(text))
        return list(found)

    def codes_in(self, obj: Any) -> list[str]:
        """The card codes `scan` finds in `obj`, without their paths: the check of every payload
        reads this, and only a payload that fails is scanned again for the paths to report."""
        found: list[str] = []
        cached = self._found
        stack = [obj]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                for k, v in item.items():
                    key = str(k)
                    found += cached.get(key) or self.in_text(key)
                    if isinstance(v, str):
                        if not (k == "time" and TIMESTAMP.match(v)):
                            found += cached.get(v) or self.in_text(v)
                    elif isinstance(v, (dict, list, tuple)):
                        stack.append(v)
            elif isinstance(item, (list, tuple)):
                for v in item:
                    if isinstance(v, str):
                        found += cached.get(v) or self.in_text(v)
                    elif isinstance(v, (dict, list, tuple)):
                        stack.append(v)
            elif isinstance(item, str):
                found += cached.get(item) or self.in_text(item)
        return found

    def scan(self, obj: Any, path: str = "$") -> list[tuple[str, str]]:
        """Every (path, card code) mentioned in a JSON-like value (keys and string values)."""
        found: list[tuple[str, str]] = []
        if isinstance(obj, dict):
            for k, v in obj.items():
                for code in self.in_text(str(k)):
                    found.append((f"{path}.<key {k}>", code))
                if k == "time" and isinstance(v, str) and TIMESTAMP.match(v):
                    continue
                found.extend(self.scan(v, f"{path}.{k}"))
        elif isinstance(obj, (list, tuple)):
            for i, v in enumerate(obj):
                found.extend(self.scan(v, f"{path}[{i}]"))
        elif isinstance(obj, str):
            found.extend((path, code) for code in self.in_text(obj))
        return found


def has_key_among(obj: Any, keys: frozenset[str]) -> bool:
    """Whether any dict in a JSON-like value has one of `keys` (`keys_anywhere`, without paths)."""
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if not keys.isdisjoint(item):
                return True
            stack.extend(v for v in item.values() if isinstance(v, (dict, list, tuple)))
        elif isinstance(item, (list, tuple)):
            stack.extend(v for v in item if isinstance(v, (dict, list, tuple)))
    return False


# The keys `check_payload` looks at again with their paths: a hand, or one never shown active.
_KEYS_TO_PLACE = FORBIDDEN_KEYS | {"hand"}


def keys_anywhere(obj: Any, path: str = "$"):
    """Every (path, key, the dict holding it) in a JSON-like value."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield f"{path}.{k}", k, obj
            yield from keys_anywhere(v, f"{path}.{k}")
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            yield from keys_anywhere(v, f"{path}[{i}]")


def concealed_cards(full: dict[str, Any], viewer: int | None) -> Counter:
    """Multiset of card codes concealed from `viewer` in a full state."""
    if "hands" not in full:
        raise AssertionError(
            "full_state() must list every seat's concealed cards under 'hands' "
            "(the convention the trust tests rely on)"
        )
    hidden: Counter = Counter()
    for seat, hand in enumerate(full["hands"]):
        if seat != viewer:
            hidden.update(hand)
    for key in CONCEALED_KEYS:
        value = full.get(key)
        if isinstance(value, list):
            hidden.update(c for c in value if isinstance(c, str))
    return hidden


class GameWatcher:
    """Follows one game of a GameService and checks every payload of every viewer."""

    def __init__(self, service: GameService, game_id: str, created: dict[str, Any]):
        self.service = service
        self.game_id = game_id
        self.created = created
        record = service.store.get_game(game_id)
        self.record = record
        self.ruleset: Ruleset = service.ruleset(record.ruleset)
        deck = self.ruleset.cards()
        self.total = Counter({c["code"]: c["count"] for c in deck})
        self.scanner = CardScanner(list(self.total), {c["name"]: c["code"] for c in deck})
        self.n = self.ruleset.players
        self.viewers: list[int | None] = [None, *range(self.n)]
        # Seats whose payloads are fetched: all of them in-process; over HTTP, those with a token.
        observable = getattr(service, "observable_seats", None)
        self.observed = list(range(self.n)) if observable is None else observable(game_id)
        first = service.store.load_events(game_id, limit=1)[0]
        self.shadow = self.ruleset.new_game(record.seed, dict(first.payload["options"]), record.deck)
        self.applied = 1  # versions folded into the shadow
        # Consequences the shadow derived that the log has not shown yet (the deal's first).
        self.pending_consequences = [(c.type, c.payload()) for c in self.shadow.consequences()]
        self.finished = False
        self.known: dict[int | None, set[str]] = {v: set() for v in self.viewers}
        self.own_ever: dict[int, set[str]] = {s: set() for s in range(self.n)}
        self.public: set[str] = set()
        self.events_seen: dict[int | None, int] = dict.fromkeys(self.viewers, 0)
        self.feed_seen = 0  # global position of the last feed event checked
        self.feed_start = 0  # the feed position before this game's events (set by the driver)
        self.secrets = [str(record.seed), record.nonce]
        self.closed_deals: set[Any] = set()  # deals of a match that are over (their hands are public)
        # Statistics proving the checks had teeth.
        self.stats = Counter()
        self._learn()

    # ------------------------------------------------------------ shadow replay
    def _learn(self) -> None:
        full = self.shadow.full_state()
        previous, self.last_full = getattr(self, "last_full", None), full
        if previous is not None and previous.get("deal") != full.get("deal"):
            # A match of several deals: the end of a deal reveals every hand, as the end of
            # the game does (full_state "deal" is the convention naming the deal in play).
            self.closed_deals.add(previous.get("deal"))
            for v in self.viewers:
                self.known[v] |= {c for hand in previous["hands"] for c in hand}
        for v in self.viewers:
            hidden = concealed_cards(full, v)
            self.known[v] |= {c for c, n in self.total.items() if n - hidden[c] > 0}
        for s in range(self.n):
            self.own_ever[s] |= set(full["hands"][s])

    def _fold_new_events(self) -> None:
        for e in self.service.store.load_events(self.game_id, after=self.applied):
            if e.type not in ("game_created", "action", "game_finished"):
                # A consequence (a draw, a settled claim...): the shadow derived it, in order.
                assert self.pending_consequences, f"event {e.version} ({e.type}) has no cause"
                assert (e.type, e.payload) == self.pending_consequences.pop(0)
                self.stats["consequences"] += 1
            elif e.type == "action":
                p = e.payload
                before = self.shadow.clone() if p["public"] == {"type": "answer"} else None
                expected_public = self.shadow.public_action(p["seat"], p["action"])
                assert p["public"] == expected_public
                self.shadow.apply(p["seat"], p["action"])
                assert not self.pending_consequences, "a decision logged before the last one's consequences"
                self.pending_consequences = [(c.type, c.payload()) for c in self.shadow.consequences()]
                if before is not None:
                    self._check_secret_answer(before, p["seat"])
                self._learn()
            elif e.type == "game_finished":
                self.finished = True
            self.applied = e.version
            if self.shadow.answer_window() is not None:
                self.stats["window_states"] += 1

    def _check_secret_answer(self, before, seat: int) -> None:
        """A claim answer that stays secret must change nothing another viewer sees while the
        window is still open (nobody learns who answered, nor who had a choice)."""
        to_before, to_after = set(before.to_act()), set(self.shadow.to_act())
        if not to_after or to_after != to_before - {seat} or self.shadow.is_finished():
            return  # the window was settled by this answer
        for v in self.viewers:
            if v == seat:
                continue
            if before.view(v) != self.shadow.view(v):
                raise Leak(
                    f"{_fmt(v)}'s view changed when seat {seat} answered a claim window "
                    f"secretly while the window stayed open"
                )
            self.stats["secret_answers_checked"] += 1

    # ------------------------------------------------------------ checks
    def check_payload(
        self,
        viewer: int | None,
        payload: Any,
        what: str,
        request_codes: set[str] = frozenset(),
        root_view: bool = False,
    ) -> None:
        if self.finished:
            return
        text = json.dumps(payload, sort_keys=True, default=str)
        for secret in self.secrets:
            if secret and secret in text:
                raise Leak(f"{what} for {_fmt(viewer)} contains the secret seed or nonce before the end")
        # a view's own hand is at its root: the rest of the view, and any other payload, is read
        # whole only when it holds one of these keys somewhere
        rest = (
            [payload.get("hand"), {k: v for k, v in payload.items() if k != "hand"}] if root_view else payload
        )
        placed = keys_anywhere(payload) if has_key_among(rest, _KEYS_TO_PLACE) else ()
        for path, key, holder in placed:
            if key == "hands" and holder.get("deal") in self.closed_deals:
                continue  # the record of a deal that is over
            if key in FORBIDDEN_KEYS:
                raise Leak(f"{what} for {_fmt(viewer)} has a field {path} while the game is active")
            if key == "hand" and not (root_view and path == "$.hand"):
                raise Leak(f"{what} for {_fmt(viewer)} has a hand field {path} while the game is active")
        allowed_k = self.known[viewer] | request_codes
        allowed_p = self.public | request_codes | (self.own_ever[viewer] if viewer is not None else set())
        codes = self.scanner.codes_in(payload)
        unknown = not allowed_k.issuperset(codes)
        mentions = (
            self.scanner.scan(payload)
            if unknown or viewer is not None and not allowed_p.issuperset(codes)
            else ()
        )
        for path, code in mentions:
            if code not in allowed_k:
                raise Leak(
                    f"{what} for {_fmt(viewer)} names {code!r} at {path}, but every copy of "
                    f"{code!r} has been concealed from {_fmt(viewer)} so far"
                )
            if viewer is not None and code not in allowed_p:
                raise Leak(
                    f"{what} for {_fmt(viewer)} names {code!r} at {path}, which was never public "
                    f"nor in that seat's hand"
                )
        self.stats["payloads"] += 1
        self.stats["mentions"] += len(codes)
        self.stats["unknown_codes"] += len(set(self.total) - allowed_k)

    def check_view(self, viewer: int | None, view: dict[str, Any], what: str = "view") -> None:
        self.check_payload(viewer, view, what, root_view=True)
        if self.finished:
            return
        own = None if viewer is None else sorted(self.shadow.full_state()["hands"][viewer])
        got = None if view.get("hand") is None else sorted(view["hand"])
        if got != own:
            raise Leak(f"{what} for {_fmt(viewer)}: hand {got} is not that seat's hand {own}")
        if view.get("result") is not None or view.get("status") != "active":
            raise Leak(f"{what} for {_fmt(viewer)} shows a result before the end")

    def check_events(self, viewer: int | None, events: list[dict[str, Any]], what: str) -> None:
        self.check_payload(viewer, events, what)
        if self.finished:
            return
        for e in events:
            if not e.get("text"):
                raise AssertionError(f"{what} for {_fmt(viewer)}: event {e['version']} has no text")
            self.stats["texts"] += 1
            if "hash" in e or "prev_hash" in e:
                raise Leak(f"{what} for {_fmt(viewer)}: event {e['version']} carries a hash while active")
            if e["type"] == "game_finished":
                raise Leak(f"{what} for {_fmt(viewer)}: a game_finished event while active")
            if e["type"] != "game_created" and e["payload"].get("seat") != viewer:
                # Another seat's decision or one of its consequences (a draw: no card).
                if set(e["payload"]) != {"seat", "public"}:
                    raise Leak(
                        f"{what} for {_fmt(viewer)}: event {e['version']} of seat "
                        f"{e['payload'].get('seat')} shows {sorted(e['payload'])}"
                    )
                self.stats["foreign_events"] += 1
                if e["type"] != "action":
                    self.stats["foreign_consequences"] += 1

    # ------------------------------------------------------------ indistinguishability
    def readable(self, viewer: int | None) -> dict[str, Any]:
        """Everything `viewer` can read of this game now that an answer could change: its view
        (phase, version and to_act included), its legal actions, and the last `READ_TAIL`
        events of its event page and of this game's items in the global feed. Older events
        cannot read differently: the log is append-only and an event is shown as
        `redaction.event_for(event, viewer, finished, narrator)` says, from nothing that a
        window answer changes (while the game goes on). Reading only the tail keeps the
        check of every sealed answer linear in the game's length."""
        svc, gid = self.service, self.game_id
        view = svc.view(gid, viewer)
        feed_after = max(self.feed_start, self.feed_seen - READ_TAIL)
        out: dict[str, Any] = {
            "view": view,
            "events": svc.events(gid, viewer, after=max(0, view["version"] - READ_TAIL), limit=10_000),
            "feed": [e for e in svc.feed(after=feed_after, limit=10_000)["events"] if e["game_id"] == gid],
        }
        if viewer is not None:
            out["legal"] = svc.legal_actions(gid, viewer)
        return out

    def check_sealed_answer(
        self, seat: int, before: dict[int | None, dict[str, Any]], response: dict
    ) -> None:
        """A window answer that did not settle the window must change nothing any other
        viewer can read, and its own response must add nothing to the log."""
        if response["events"]:
            raise Leak(f"seat {seat}'s unsettled window answer was answered with events {response['events']}")
        for v, snapshot in before.items():
            now = self.readable(v)
            for part in snapshot:
                if now[part] != snapshot[part]:
                    raise Leak(
                        f"{_fmt(v)}'s {part} changed when seat {seat} answered a claim window "
                        f"that stayed open"
                    )
        self.stats["sealed_answers_checked"] += 1

    # ------------------------------------------------------------ observation
    def observe(
        self, responses: dict[int, list[dict[str, Any]]] | None = None, probe_rng: random.Random | None = None
    ) -> None:
        """Check everything every viewer can fetch now (after the last request)."""
        svc, gid = self.service, self.game_id
        self._fold_new_events()
        # The spectator first: what it is shown is public, by definition.
        self._observe_viewer(None)
        for s in self.observed:
            for r in (responses or {}).get(s, []):
                self.check_events(s, r["events"], "action response events")
                self.check_view(s, r["view"], "action response view")
            self._observe_viewer(s)
            self.check_payload(s, svc.legal_actions(gid, s), "legal actions")
            if probe_rng is not None and not self.finished:
                self._probe_errors(s, probe_rng)
        if self.finished:
            self.check_everything_public()

    def _observe_viewer(self, viewer: int | None) -> None:
        svc, gid = self.service, self.game_id
        view = svc.view(gid, viewer)
        self.check_view(viewer, view)
        page = svc.events(gid, viewer, after=self.events_seen[viewer], limit=1000)
        self.check_events(viewer, page["events"], "events")
        if page["events"]:
            self.events_seen[viewer] = page["events"][-1]["version"]
        if viewer is None:
            # The global feed (GET /v1/events) is the spectator's too: the same checks apply.
            feed = svc.feed(after=self.feed_seen, limit=1000)["events"]
            if feed:
                self.feed_seen = feed[-1]["position"]
            self.check_events(None, [e for e in feed if e["game_id"] == gid], "global feed")
            for payload in (view, page["events"]):
                self.public.update(self.scanner.codes_in(payload))
            if not self.finished:  # the audit endpoints open only at the end
                for audit in (svc.score, svc.export, svc.verify, lambda g: svc.replay(g, None)):
                    try:
                        audit(gid)
                    except GameActive:
                        continue
                    raise Leak(f"{audit} answered while the game is active")

    def _probe_errors(self, seat: int, rng: random.Random) -> None:
        """Refused actions: the problem detail must not name what the seat may not know."""
        svc, gid = self.service, self.game_id
        version = svc.view(gid, None)["version"]
        mine = {a["id"] for a in svc.legal_actions(gid, seat)["actions"]}
        probes = [
            "pass",
            "win",
            f"play:{rng.choice(sorted(self.total))}",
            f"discard:{rng.choice(sorted(self.total))}",
        ]
        for other in range(self.n):
            if other != seat:
                theirs = (
                    [a.id for a in self.shadow.legal_actions(other)] if other in self.shadow.to_act() else []
                )
                if theirs:
                    probes.append(rng.choice(theirs))
        for action_id in probes:
            if action_id in mine:
                continue
            try:
                svc.act(gid, seat, action_id, version)
            except ServiceError as exc:
                body = {"detail": exc.detail, **exc.extra}
                self.check_payload(
                    seat,
                    body,
                    f"problem for {action_id!r}",
                    request_codes=set(self.scanner.in_text(action_id)),
                )
                self.stats["errors_checked"] += 1
            else:
                raise AssertionError(f"probe {action_id!r} by seat {seat} was accepted")
            if svc.view(gid, None)["version"] != version:
                raise AssertionError(f"a refused probe {action_id!r} appended events")

    # ------------------------------------------------------------ the end
    def check_everything_public(self) -> None:
        svc, gid = self.service, self.game_id
        full = self.shadow.full_state()
        assert self.shadow.is_finished()
        result = self.shadow.result()
        for viewer in [None, *self.observed]:
            view = svc.view(gid, viewer)
            assert view["status"] == "finished"
            assert {k: view["result"][k] for k in ("outcome", "winners", "scores")} == {
                k: result[k] for k in ("outcome", "winners", "scores")
            }
            for s, seat in enumerate(view["seats"]):
                hand = seat.get("hand") or seat.get("facts", {}).get("hand")  # HTTP: under "facts"
                assert sorted(hand or []) == sorted(full["hands"][s]), (
                    f"the finished view for {_fmt(viewer)} does not reveal seat {s}'s hand"
                )
            events = svc.events(gid, viewer, limit=100_000)["events"]
            stored = [e.to_dict() for e in svc.store.load_events(gid)]
            texts = [e.get("text") for e in events]
            events = [{k: v for k, v in e.items() if k != "text"} for e in events]
            # only a result line's words may differ: the reader's language and the cards' names
            assert unworded(events) == unworded(stored), (
                f"the finished log for {_fmt(viewer)} is not the full log"
            )
            assert all(texts), f"an event of the finished log for {_fmt(viewer)} has no text"
        exported = svc.export(gid)
        assert (
            exported["game"]["seed"] == str(self.record.seed)
            and exported["game"]["nonce"] == self.record.nonce
        )
        assert svc.verify(gid)["ok"]
        self.stats["finished_games"] += 1


def _feed_head(service: GameService) -> int:
    position, page = 0, service.feed(after=0, limit=1000)
    while page["events"]:
        position = page["events"][-1]["position"]
        page = service.feed(after=position, limit=1000)
    return position


def play_game(
    service: GameService,
    ruleset_id: str,
    seed: int,
    seats: list[dict[str, Any]],
    probe_every: int = 1,
    max_requests: int = 5000,
    options: dict[str, Any] | None = None,
) -> GameWatcher:
    """Create a game and drive every human seat with a seeded rng among its legal actions,
    checking all viewers after every request."""
    rng = random.Random(f"driver:{seed}")
    feed_start = _feed_head(service)
    created = service.create_game(ruleset_id, seats=seats, seed=seed, options=options)
    watcher = GameWatcher(service, created["id"], created)
    watcher.feed_start = feed_start
    assert str(seed) not in json.dumps(created) and watcher.record.nonce not in json.dumps(created)
    watcher.observe(probe_rng=rng)
    humans = [s["seat"] for s in created["seats"] if s["kind"] == "human"]
    for step in range(max_requests):
        if watcher.finished:
            return watcher
        view = service.view(created["id"], None)
        awaited = [s for s in humans if service.legal_actions(created["id"], s)["actions"]]
        assert awaited, "no human seat has a decision, yet the game did not finish"
        seat = rng.choice(awaited)
        legal = service.legal_actions(created["id"], seat)
        action = rng.choice(legal["actions"])["id"]
        before = None
        if len(humans) > 1 and watcher.shadow.answer_window() is not None:
            # Everything every other viewer can read, to compare if this answer stays sealed.
            before = {v: watcher.readable(v) for v in (None, *watcher.observed) if v != seat}
        response = service.act(created["id"], seat, action, view["version"])
        if before is not None and response["version"] == view["version"]:
            watcher.check_sealed_answer(seat, before, response)
        watcher.observe({seat: [response]}, probe_rng=rng if step % probe_every == 0 else None)
    raise AssertionError("the game did not finish")


def unworded(value: Any) -> Any:
    """`value` without the words (`what`) of the lines that carry their message: a reader gets
    those worded again (service/wording.py), the rest exactly as logged."""
    if isinstance(value, dict):
        worded = "what" in value and "message" in value
        return {k: unworded(v) for k, v in value.items() if not (worded and k == "what")}
    if isinstance(value, list):
        return [unworded(v) for v in value]
    return value
