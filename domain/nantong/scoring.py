"""Nantong scoring: hand partitions, base hu (NT-7), the winner's bonuses and
multipliers (NT-8), rounding and settlement (NT-9), and the hand calculator.

Hands are count vectors over the 30 kinds (see cards.py).  The same core,
`score_player`, scores players at the end of a deal and the calculator.

Interpretations (the rules file leaves these open):
- NT-7.2/NT-7.3 are applied by counting identical cards, independent of the
  partition: concealed cards of one kind counted 3 → a concealed triplet, 4 →
  four identical concealed cards.  The winning card "completes a triplet" when
  it is the third copy of its kind in the hand; if it came from another player
  (a discard, or a robbed kong) those three count as a pong (NT-7.3).  When it
  is the fourth copy from another player, only the three concealed copies count
  (a concealed triplet): a card taken from another player is never concealed.
  A robbed kong's card counts like a discard.
- NT-8.5: the winning card may sit in any group of the chosen partition that
  holds its kind; the bonus is earned when one such placement qualifies.
- NT-8.6 "Self-drawing the last stock card": also when the last stock card was
  a kong replacement (it is drawn by the winner).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, NamedTuple

from domain.base import BreakdownLine, InvalidHand, breakdown_line
from domain.narration import N_, Said, said, worded

from .cards import (
    CODES,
    COPIES,
    INDEX,
    N_KINDS,
    ONE_COINS,
    QN,
    RF,
    WF,
    can_sequence_start,
    is_old_general,
    rank,
)

GROUPS = 7  # NT-1.2


class MeldKind(StrEnum):
    """The melds a player lays down (NT-4.2 … NT-4.4, NT-5.2, NT-6.2, NT-6.3)."""

    PONG = "pong"
    EXPOSED_KONG = "exposed_kong"
    ADDED_KONG = "added_kong"
    CONCEALED_KONG = "concealed_kong"
    OPENING_KONG = "opening_kong"
    OPENING_TRIPLE = "opening_triple"
    HEZI = "hezi"


class WinBy(StrEnum):
    """How the winning card came (NT-8.4, NT-8.8)."""

    DISCARD = "discard"
    SELF_DRAW = "self_draw"
    KONG_REPLACEMENT = "kong_replacement"
    ROBBED_KONG = "robbed_kong"
    HEAVENLY = "heavenly"


class Meld(NamedTuple):
    """A laid-down meld: its kind and its card kind (a tuple, so it unpacks as (kind, k))."""

    kind: MeldKind
    card: int


MELD_KINDS = (
    "pong",
    "exposed_kong",
    "added_kong",
    "concealed_kong",
    "opening_kong",
    "opening_triple",
    "hezi",
)
MELD_SIZE = {
    "pong": 3,
    "exposed_kong": 4,
    "added_kong": 4,
    "concealed_kong": 4,
    "opening_kong": 4,
    "opening_triple": 3,
    "hezi": 2,
}
# NT-7.1 base hu of exposed / declared groups.
MELD_BASE = {
    "pong": 2,
    "exposed_kong": 8,
    "added_kong": 8,
    "concealed_kong": 12,
    "opening_kong": 16,
    "opening_triple": 16,
    "hezi": 16,
}
MELD_LABEL = {
    "pong": N_("exposed pong"),
    "exposed_kong": N_("exposed kong (claimed)"),
    "added_kong": N_("exposed kong (added to a pong)"),
    "concealed_kong": N_("concealed kong"),
    "opening_kong": N_("opening kong (NT-4.2)"),
    "opening_triple": N_("opening indicator triple (NT-4.3)"),
    "hezi": N_("Tiandi Hezi (NT-4.4)"),
}
WIN_BY = tuple(w.value for w in WinBy)  # plain strings: the API's enum
SELF_DRAWN = ("self_draw", "kong_replacement")
WENQIAN_BONUS = {1: 20, 2: 50, 3: 100, 4: 200}  # NT-8.3
# NT-8.3 in words, so that the only figures in a line are its arithmetic.
WENQIAN_WORDS = {
    1: N_("Wenqian: one One–Two–Three of Coins sequence"),
    2: N_("Wenqian: two One–Two–Three of Coins sequences"),
    3: N_("Wenqian: three One–Two–Three of Coins sequences"),
    4: N_("Wenqian: four One–Two–Three of Coins sequences"),
}


@dataclass(frozen=True)
class Win:
    by: WinBy
    card: int | None = None
    earthly: bool = False
    ready: bool = False
    last_card: bool = False


def groups_in(melds: Iterable[tuple[str, int]]) -> int:
    """Melds that are one of the seven groups (the Hezi is not, NT-4.4)."""
    return sum(1 for kind, _ in melds if kind != "hezi")


# ---------------------------------------------------------------- partitions


@lru_cache(maxsize=200_000)
def is_complete(counts: tuple[int, ...]) -> bool:
    """Groups (triplets, sequences) plus exactly one pair use every card (NT-1.2)."""
    return _complete(counts, True)


@lru_cache(maxsize=400_000)
def _complete(counts: tuple[int, ...], need_pair: bool) -> bool:
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return not need_pair
    c = counts[i]
    v = list(counts)
    if c >= 3:
        v[i] -= 3
        if _complete(tuple(v), need_pair):
            return True
        v[i] += 3
    if need_pair and c >= 2:
        v[i] -= 2
        if _complete(tuple(v), False):
            return True
        v[i] += 2
    if can_sequence_start(i) and counts[i + 1] and counts[i + 2]:
        v[i] -= 1
        v[i + 1] -= 1
        v[i + 2] -= 1
        if _complete(tuple(v), need_pair):
            return True
    return False


@lru_cache(maxsize=50_000)
def partitions(counts: tuple[int, ...], need_pair: bool = True) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way to read `counts` as triplets ("t", k), sequences ("s", first k)
    and one pair ("p", k).  Complete enumeration: the lowest remaining kind must
    start a triplet, the pair or a sequence."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return ((),) if not need_pair else ()
    out: list[tuple[tuple[str, int], ...]] = []
    c = counts[i]
    if c >= 3:
        v = list(counts)
        v[i] -= 3
        out.extend((("t", i),) + rest for rest in partitions(tuple(v), need_pair))
    if need_pair and c >= 2:
        v = list(counts)
        v[i] -= 2
        out.extend((("p", i),) + rest for rest in partitions(tuple(v), False))
    if can_sequence_start(i) and counts[i + 1] and counts[i + 2]:
        v = list(counts)
        v[i] -= 1
        v[i + 1] -= 1
        v[i + 2] -= 1
        out.extend((("s", i),) + rest for rest in partitions(tuple(v), need_pair))
    return tuple(out)


def group_codes(group: tuple[str, int]) -> list[str]:
    kind, k = group
    if kind == "t":
        return [CODES[k]] * 3
    if kind == "p":
        return [CODES[k]] * 2
    return [CODES[k], CODES[k + 1], CODES[k + 2]]


def waits(counts: tuple[int, ...]) -> list[int]:
    """Kinds that would complete a hand of 3m+1 cards."""
    out = []
    v = list(counts)
    for k in range(N_KINDS):
        if v[k] >= COPIES:
            continue
        v[k] += 1
        if is_complete(tuple(v)):
            out.append(k)
        v[k] -= 1
    return out


# ---------------------------------------------------------------- base hu (NT-7)


def group_factor(k: int, indicators: tuple[int, int]) -> tuple[int, list[tuple[int, Said]]]:
    """NT-7.4 multipliers of a group of kind k: the product and each (factor, why)."""
    f = 1
    notes: list[tuple[int, Said]] = []
    og = is_old_general(k)
    if og:
        f *= 2
        notes.append((2, said(N_("old general, NT-7.4"))))
    for ind in indicators:
        if is_old_general(ind):
            if og:
                f *= 2
                notes.append((2, said(N_("old-general indicator {card}, NT-7.4"), card=CODES[ind])))
        elif not og and rank(ind) == rank(k):
            f *= 2
            notes.append(
                (2, said(N_("indicator {card} of rank {rank}, NT-7.4"), card=CODES[ind], rank=rank(ind)))
            )
    return f, notes


EXACT_MATCH = (2, said(N_("exact indicator match, NT-7.5")))


def _item(
    rule: str,
    label: str,
    k: int,
    base: int,
    indicators: tuple[int, int],
    extra: tuple[tuple[int, Said], ...] = (),
    note: str = "",
) -> dict[str, Any]:
    """One group's base hu, written so that it multiplies out as read:
    "exposed pong 1m: base 2 × 2 (exact indicator match, NT-7.5) × 2 (indicator 1m of
    rank 1, NT-7.4) = 8" — each factor is followed by its reason in parentheses."""
    _, notes = group_factor(k, indicators)
    factors = list(extra) + notes
    hu = base
    parts = [said(N_("{group} {card}: base {base}"), group=said(label), card=CODES[k], base=base)]
    if note:
        parts.append(said(N_(" ({note})"), note=said(note)))
    for factor, why in factors:
        hu *= factor
        parts.append(said(N_(" × {factor} ({why})"), factor=factor, why=why))
    if factors:
        parts.append(said(N_(" = {points}"), points=hu))
    return {"rule": rule, **worded(*parts), "hu": hu}


THREE_CONCEALED = N_("three identical concealed cards")


def base_items(
    indicators: tuple[int, int], concealed: tuple[int, ...], melds: Iterable[tuple[str, int]], win: Win | None
) -> list[dict[str, Any]]:
    """Base hu of one player (NT-7.1 … NT-7.5), one item per group that scores.

    `concealed` is the concealed hand without the winning card."""
    items: list[dict[str, Any]] = []
    exact = set(indicators)
    for kind, k in melds:
        extra = (EXACT_MATCH,) if kind == "pong" and k in exact else ()
        items.append(_item("NT-7.1", MELD_LABEL[kind], k, MELD_BASE[kind], indicators, extra))
    hand = list(concealed)
    w = win.card if win is not None else None
    from_other = win is not None and win.by in ("discard", "robbed_kong")
    if w is not None and not from_other:
        hand[w] += 1  # a self-drawn winning card is concealed (NT-7.3)
    for k in range(N_KINDS):
        n = hand[k]
        if w == k and from_other and n == 2:
            # NT-7.3: the winning card from another player completes a triplet: a pong.
            items.append(
                _item(
                    "NT-7.3",
                    N_("triplet completed by the winning card, counted as a pong"),
                    k,
                    2,
                    indicators,
                    (EXACT_MATCH,) if k in exact else (),
                )
            )
        elif n == 4:
            items.append(_item("NT-7.2", N_("four identical concealed cards"), k, 12, indicators))
        elif n == 3:
            if k in exact:
                note = N_("12 instead of 4 for an exact indicator match, NT-7.5")
                items.append(_item("NT-7.5", THREE_CONCEALED, k, 12, indicators, (), note))
            else:
                items.append(_item("NT-7.2", THREE_CONCEALED, k, 4, indicators))
    return items


# ---------------------------------------------------------------- winner (NT-8)


def _wait_note(group: tuple[str, int], w: int) -> str | None:
    kind, k = group
    if kind == "p" and k == w:
        return N_("completes the pair")
    if kind == "s" and k <= w <= k + 2:
        if w == k + 1:
            return N_("middle of a sequence")
        if w == k + 2 and rank(k) == 1:
            return N_("the Three of a One–Two–Three")
        if w == k and rank(k) == 7:
            return N_("the Seven of a Seven–Eight–Nine")
    return None


def _winner_options(
    partition: tuple[tuple[str, int], ...],
    melds: tuple[tuple[str, int], ...],
    win: Win,
    indicators: tuple[int, int],
    hand_with_win: tuple[int, ...],
    base_hu: int,
    counts_as_pong: bool,
) -> tuple[int, str | None, list[dict[str, Any]], list[dict[str, Any]]]:
    """Bonus items and total multipliers of one partition (NT-8.2 … NT-8.6)."""
    bonuses: list[dict[str, Any]] = []
    mults: list[dict[str, Any]] = []
    seqs = [g for g in partition if g[0] == "s"]
    n_groups_meld = groups_in(melds)
    # NT-8.2 shape
    wenqian = sum(1 for g in seqs if g[1] == ONE_COINS)
    if n_groups_meld == 0 and len(seqs) == GROUPS:
        shape = "qing"
        bonuses.append(
            {"rule": "NT-8.2", **worded(said(N_("Qing Hu: all seven groups are sequences"))), "hu": 100}
        )
    elif len(seqs) == wenqian:
        shape = "piao"
        bonuses.append(
            {
                "rule": "NT-8.2",
                **worded(said(N_("Piao Hu: every group a triplet or kong (One–Two–Three of Coins allowed)"))),
                "hu": 50,
            }
        )
        mults.append({"rule": "NT-8.2", **worded(said(N_("Piao Hu"))), "factor": 2})
    else:
        shape = "tazi"
        bonuses.append({"rule": "NT-8.2", **worded(said(N_("Tazi Hu: any other shape"))), "hu": 20})
    if wenqian:  # NT-8.3
        bonuses.append(
            {
                "rule": "NT-8.3",
                **worded(said(WENQIAN_WORDS[wenqian])),
                "hu": WENQIAN_BONUS[wenqian],
            }
        )
    if win.by in SELF_DRAWN:  # NT-8.4
        bonuses.append({"rule": "NT-8.4", **worded(said(N_("self-draw"))), "hu": 10})
        if win.by == "kong_replacement":
            bonuses.append(
                {"rule": "NT-8.4", **worded(said(N_("won on a kong's replacement card"))), "hu": 10}
            )
    if win.card is not None:  # NT-8.5 (never for a heavenly win, NT-8.8)
        notes = [n for g in partition if (n := _wait_note(g, win.card))]
        if notes:
            bonuses.append(
                {
                    "rule": "NT-8.5",
                    **worded(
                        said(N_("winning card {card}: {why}"), card=CODES[win.card], why=said(notes[0]))
                    ),
                    "hu": 10,
                }
            )
    # NT-8.6 multipliers
    if shape == "piao":
        pongs = counts_as_pong or any(kind in ("pong", "exposed_kong", "added_kong") for kind, _ in melds)
        if not pongs:
            mults.append(
                {"rule": "NT-8.6", **worded(said(N_("Closed Floating: Piao Hu with no pongs"))), "factor": 2}
            )
    held = list(hand_with_win)
    for kind, k in melds:
        if kind != "hezi":  # Hezi cards do not count for Three Elders
            held[k] += MELD_SIZE[kind]
    if held[QN] >= 3 and held[WF] >= 3 and held[RF] >= 3:
        mults.append(
            {
                "rule": "NT-8.6",
                **worded(
                    said(N_("Three Elders: three or more each of Red Flower, White Flower and Thousand"))
                ),
                "factor": 2,
            }
        )
    if win.by == "heavenly":
        mults.append({"rule": "NT-8.6", **worded(said(N_("Heavenly win"))), "factor": 2})
    if win.earthly:
        mults.append(
            {"rule": "NT-8.6", **worded(said(N_("Earthly win (on the dealer's first discard)"))), "factor": 2}
        )
    if win.ready:
        mults.append(
            {"rule": "NT-8.6", **worded(said(N_("opening ready declaration (NT-4.5)"))), "factor": 2}
        )
    if win.last_card and win.by in SELF_DRAWN:
        mults.append({"rule": "NT-8.6", **worded(said(N_("self-drew the last stock card"))), "factor": 2})
    factor = 1
    for m in mults:
        factor *= m["factor"]
    total = (base_hu + sum(b["hu"] for b in bonuses)) * factor  # NT-8.7
    return total, shape, bonuses, mults


def round_up(total: int) -> int:
    """NT-9.1: up to a multiple of ten (22 → 30, 20 → 20, 0 → 0)."""
    return -(-total // 10) * 10


def settle(rounded: list[int]) -> list[int]:
    """NT-9.2: each pair settles the difference; sums to zero."""
    s = sum(rounded)
    return [len(rounded) * t - s for t in rounded]


def score_player(
    indicators: tuple[int, int], concealed: tuple[int, ...], melds: Iterable[tuple[str, int]], win: Win | None
) -> dict[str, Any]:
    """Score one player; `concealed` excludes the winning card.  Returns the
    calculator's response shape (base, total, rounded, shape, items,
    multipliers, partition)."""
    melds = tuple((kind, k) for kind, k in melds)
    items = base_items(indicators, concealed, melds, win)
    base_hu = sum(i["hu"] for i in items)
    if win is None:  # NT-7 / NT-9.3: base hu only
        return {
            "base": base_hu,
            "total": base_hu,
            "rounded": round_up(base_hu),
            "shape": None,
            "items": items,
            "multipliers": [],
            "partition": None,
        }
    hand = list(concealed)
    if win.card is not None:
        hand[win.card] += 1
    hand_t = tuple(hand)
    counts_as_pong = (
        win.card is not None and win.by in ("discard", "robbed_kong") and concealed[win.card] == 2
    )
    best = None
    for part in partitions(hand_t):  # NT-8.1: the partition with the highest total
        total, shape, bonuses, mults = _winner_options(
            part, melds, win, indicators, hand_t, base_hu, counts_as_pong
        )
        if best is None or total > best[0]:
            best = (total, shape, bonuses, mults, part)
    if best is None:
        raise InvalidHand(
            "NT-1.2",
            N_(
                "the winning hand is not complete: it cannot be read as {groups} groups and one pair besides the melds"
            ),
            groups=GROUPS - groups_in(melds),
        )
    total, shape, bonuses, mults, part = best
    partition = [[CODES[k]] * MELD_SIZE[kind] for kind, k in melds]
    partition += [group_codes(g) for g in part if g[0] != "p"]
    partition += [group_codes(g) for g in part if g[0] == "p"]
    return {
        "base": base_hu,
        "total": total,
        "rounded": round_up(total),
        "shape": shape,
        "items": items + bonuses,
        "multipliers": mults,
        "partition": partition,
    }


def breakdown(score: dict[str, Any]) -> list[BreakdownLine]:
    """A result breakdown: every item, every multiplier and the rounding (NT-9.1).
    The points sum to the rounded total. A multiplier line reads "×2 Piao Hu: 60 × 2 =
    120 (+60)": the running total, times the factor, gives the new total; its points are
    what it adds."""
    lines: list[BreakdownLine] = [
        {"rule": i["rule"], "what": i["what"], "points": i["hu"], "message": i["message"]}
        for i in score["items"]
    ]
    running = sum(i["hu"] for i in score["items"])
    for m in score["multipliers"]:
        f = m["factor"]
        added = running * (f - 1)
        worded_line = worded(
            said(
                N_("×{factor} {what}: {running} × {factor} = {total} (+{added})"),
                factor=f,
                what=m["message"],
                running=running,
                total=running + added,
                added=added,
            )
        )
        running += added
        line = breakdown_line(m["rule"], added, *worded_line["message"])
        line["factor"] = f
        lines.append(line)
    if score["rounded"] != running:
        rounded = score["rounded"]
        lines.append(
            breakdown_line(
                "NT-9.1",
                rounded - running,
                said(
                    N_("rounded up from {running} to {rounded}: {rounded} − {running} = {added}"),
                    running=running,
                    rounded=rounded,
                    added=rounded - running,
                ),
            )
        )
    return lines


def signed(n: int) -> str:
    """A number as a person writes a gain or a loss: +30, −10, 0."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


SETTLEMENT_FROM = N_("{points} from seat {seat}: {own} − {other} = {difference}")
SETTLEMENT_TO = N_("{points} to seat {seat}: {own} − {other} = {difference}")
SETTLEMENT_EVEN = N_("{points} with seat {seat}: {own} − {other} = {difference}")


def settlement_lines(seat: int, rounded: list[int]) -> list[BreakdownLine]:
    """NT-9.2 shown pairwise: the seat's rounded total is not paid as such (one line takes
    it back out), each opponent pays or is paid the difference ("+30 from seat 1: 80 − 50
    = 30"). With the hu lines above, the points sum to the settlement."""
    own = rounded[seat]
    takeback = breakdown_line(
        "NT-9.2",
        -own,
        said(
            N_("rounded total {own} is settled pairwise with each opponent below: {points}"),
            own=own,
            points=signed(-own),
        ),
    )
    takeback["settlement"] = True
    lines: list[BreakdownLine] = [takeback]
    for o in range(len(rounded)):
        if o == seat:
            continue
        d = own - rounded[o]
        template = SETTLEMENT_FROM if d > 0 else SETTLEMENT_TO if d < 0 else SETTLEMENT_EVEN
        words = said(
            template, points=signed(d), seat=o, own=own, other=rounded[o], difference=signed(d).lstrip("+")
        )
        line = breakdown_line("NT-9.2", d, words)
        line["settlement"] = True
        lines.append(line)
    return lines


# ---------------------------------------------------------------- calculator


def _code(value: Any, what: str) -> int:
    if not isinstance(value, str) or value not in INDEX:
        raise InvalidHand("NT-2.2", N_("{field}: unknown card code {value!r}"), field=what, value=value)
    return INDEX[value]


def parse_body(body: Any) -> tuple[tuple[int, int], tuple[int, ...], tuple[tuple[str, int], ...], Win | None]:
    """Validate a calculator body; raise InvalidHand naming the problem."""
    if not isinstance(body, dict):
        raise InvalidHand(None, N_("the body must be an object"))
    unknown = sorted(set(body) - {"indicators", "concealed", "melds", "win"})
    if unknown:
        raise InvalidHand(None, N_("unknown field(s): {fields}"), fields=", ".join(unknown))
    inds = body.get("indicators")
    if not isinstance(inds, list) or len(inds) != 2:
        raise InvalidHand("NT-3.2", N_("indicators must be a list of two card codes"))
    indicators = (_code(inds[0], "indicators"), _code(inds[1], "indicators"))
    conc = body.get("concealed")
    if not isinstance(conc, list):
        raise InvalidHand("NT-1.2", N_("concealed must be a list of card codes"))
    concealed = [0] * N_KINDS
    for c in conc:
        concealed[_code(c, "concealed")] += 1
    raw_melds = body.get("melds", [])
    if raw_melds is None:
        raw_melds = []
    if not isinstance(raw_melds, list):
        raise InvalidHand("NT-1.2", N_("melds must be a list"))
    melds: list[tuple[str, int]] = []
    for m in raw_melds:
        if not isinstance(m, dict) or m.get("kind") not in MELD_KINDS:
            raise InvalidHand(
                "NT-1.2",
                N_("meld {meld!r}: kind must be one of {kinds}"),
                meld=m,
                kinds=", ".join(MELD_KINDS),
            )
        k = _code(m.get("card"), f"{m['kind']} meld")
        if m["kind"] == "opening_triple" and k not in indicators:
            raise InvalidHand(
                "NT-4.3", N_("an opening triple of {card} needs a matching indicator"), card=CODES[k]
            )
        if m["kind"] == "hezi" and indicators != (k, k):
            raise InvalidHand(
                "NT-4.4", N_("a Hezi of {card} needs both indicators to be {card}"), card=CODES[k]
            )
        melds.append((m["kind"], k))
    if sum(1 for kind, _ in melds if kind == "hezi") > 1:
        raise InvalidHand("NT-4.4", N_("at most one Hezi"))
    w = body.get("win")
    win: Win | None = None
    if w is not None:
        if not isinstance(w, dict):
            raise InvalidHand(None, N_("win must be null or an object"))
        by = w.get("by")
        if by not in WIN_BY:
            raise InvalidHand("NT-8.4", N_("win.by must be one of {values}"), values=", ".join(WIN_BY))
        flags = {}
        for f in ("earthly", "ready", "last_card"):
            v = w.get(f, False)
            if v is None:
                v = False
            if not isinstance(v, bool):
                raise InvalidHand(None, N_("win.{flag} must be true or false"), flag=f)
            flags[f] = v
        card = w.get("card")
        win_card: int | None = None
        if by == "heavenly":
            if card is not None:
                raise InvalidHand("NT-8.8", N_("a heavenly win has no winning card"))
        elif card is None:  # NT-8.8: a heavenly win is the only one without a winning card
            raise InvalidHand("NT-8.8", N_("win.card: name the winning card (only a heavenly win has none)"))
        else:
            win_card = _code(card, "win.card")
        win = Win(by=WinBy(by), card=win_card, **flags)
        _check_win_context(win, melds)
    # NT-2.1: copies, indicators included
    total = list(concealed)
    for kind, k in melds:
        total[k] += MELD_SIZE[kind]
    for k in indicators:
        total[k] += 1
    if win is not None and win.card is not None:
        total[win.card] += 1
    over = [f"{CODES[k]} ×{n}" for k, n in enumerate(total) if n > COPIES]
    if over:
        raise InvalidHand(
            "NT-2.1",
            N_("more copies than exist (4 each, indicators counted): {cards}"),
            cards=", ".join(over),
        )
    if win is not None and win.by == "robbed_kong" and win.card is not None and total[win.card] != 1:
        raise InvalidHand(
            "NT-5.2",
            N_(
                "a robbed kong of {card} leaves only the robbed card: the other three are the robbed player's pong"
            ),
            card=CODES[win.card],
        )
    g = groups_in(melds)
    if g > GROUPS:
        raise InvalidHand("NT-1.2", N_("{count} melds: a hand has only seven groups"), count=g)
    need = 3 * (GROUPS - g) + (2 if win is not None and win.by == "heavenly" else 1)
    if len(conc) != need:
        raise InvalidHand(
            "NT-1.2",
            N_(
                "with {groups} group meld(s) the concealed hand (without the winning card) "
                "must hold {need} cards, got {count}"
            ),
            groups=g,
            need=need,
            count=len(conc),
        )
    return indicators, tuple(concealed), tuple(melds), win


def _check_win_context(win: Win, melds: Iterable[tuple[str, int]]) -> None:
    claimed = [kind for kind, _ in melds if kind in ("pong", "exposed_kong", "added_kong", "concealed_kong")]
    if win.earthly and win.by != "discard":
        raise InvalidHand("NT-8.6", N_("an earthly win is a win on the dealer's first discard (by: discard)"))
    if win.by == "heavenly" and win.ready:
        raise InvalidHand("NT-4.5", N_("only a non-dealer declares ready; a heavenly win is the dealer's"))
    if win.by == "heavenly" and claimed:
        raise InvalidHand(
            "NT-4.6", N_("a heavenly win comes before the first discard: no pongs or kongs yet")
        )
    if win.earthly and claimed:
        raise InvalidHand("NT-8.6", N_("an earthly win comes on the first discard: no pongs or kongs yet"))
    if win.ready and claimed:
        raise InvalidHand("NT-4.5", N_("a ready player's hand is locked: no pongs or kongs"))
    if win.by == "kong_replacement" and not any(
        kind in ("exposed_kong", "added_kong", "concealed_kong") for kind, _ in melds
    ):
        raise InvalidHand("NT-8.4", N_("a win on a kong's replacement card needs a kong among the melds"))


def score_hand(body: Any) -> dict[str, Any]:
    indicators, concealed, melds, win = parse_body(body)
    return score_player(indicators, concealed, melds, win)
