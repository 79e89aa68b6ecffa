"""Train the learned value of the Sì Sè Pái `strong` level by self-play regression.

Plays seeded games, records after every discard the discarder's features (domain.sisepai.strong
FEATURES: its hand score, exposed points, live outs by kind of claim, stock, the danger of the
discard) and whether that seat went on to win the deal, and fits a logistic model P(win | features) by Newton's method with
a small L2 penalty. Round 1 plays `basic` in every seat; each later round plays the policy fitted
so far in one seat (in turn) against `basic` in the others, records that seat, and fits again on
every round's rows (play → fit, `--rounds` times). The weights go to
domain/sisepai/strong_weights.py, the data file the policy reads. Pure Python; with 3,000 games
round 1 takes under a CPU-minute and each later round about 3 CPU-minutes (the strong seat's
decisions):

    python -m scripts.train_sisepai_strong --games 3000 --rounds 1 --seed 7
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

from domain.base import PASS
from domain.registry import RULESETS
from domain.sisepai.ai import _counts, _live, basic_policy, seen_copies
from domain.sisepai.cards import COUNTS, INDEX, N_KINDS
from domain.sisepai.strong import FEATURES, features, make_strong_policy
from service.replay import ai_rng

OUT = Path(__file__).resolve().parent.parent / "domain" / "sisepai" / "strong_weights.py"


def play_and_record(
    seed: int, policy, seat_of_policy: int | None = None, explore: float = 0.0
) -> list[tuple[tuple[float, ...], int]]:
    """One game: (features after a discard, 1 if that seat won). `policy` plays every seat and
    every seat's discards are recorded; with `seat_of_policy`, it plays that seat only, basic
    the others, and only that seat's discards are recorded. With `explore`, each recorded
    seat's discard is, with that probability, any legal discard at random (rows of kept hands
    the policy would not keep)."""
    state = RULESETS["sisepai"].new_game(seed, {}, None)
    rows: list[tuple[int, tuple[float, ...]]] = []
    wander = random.Random(f"explore:{seed}")
    for step in range(20_000):
        if state.is_finished():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1 and legal[0].id == PASS:
            state.apply(seat, PASS)
            continue
        plays = policy if seat_of_policy in (None, seat) else basic_policy
        discarding = state.phase == "discard"
        if explore and discarding and seat_of_policy in (None, seat) and wander.random() < explore:
            choice = legal[wander.randrange(len(legal))]
        else:
            choice = plays(state.view(seat), legal, ai_rng(seed, step + 2))
        state.apply(seat, choice.id)
        if discarding and seat_of_policy in (None, seat):
            view = state.view(seat)
            hand = _counts(view["hand"])
            seen = seen_copies(view, hand)
            unseen = [COUNTS[k] - seen[k] for k in range(N_KINDS)]
            exposed = sum(m["points"] for m in view["seats"][seat]["exposed"])
            stock = view["table"]["stock_count"]
            discarded = INDEX[choice.cards[0]]
            rows.append((seat, features(hand, unseen, _live(view, hand), exposed, stock, discarded)))
    result = state.result() or {}
    winners = set(result.get("winners") or [])
    return [(f, 1 if seat in winners else 0) for seat, f in rows]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit_logistic(rows: list[tuple[tuple[float, ...], int]], l2: float = 1.0, iters: int = 12) -> list[float]:
    """Weights (intercept first) maximising the L2-penalised log likelihood (Newton steps)."""
    xs = [(1.0, *f) for f, _ in rows]
    ys = [y for _, y in rows]
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(iters):
        g = [-l2 * w[j] if j else 0.0 for j in range(d)]
        h = [[(l2 if (i == j and i) else 0.0) for j in range(d)] for i in range(d)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            r = y - p
            s = p * (1 - p)
            for i in range(d):
                xi = x[i]
                g[i] += r * xi
                if xi:
                    hi = h[i]
                    sx = s * xi
                    for j in range(i, d):
                        hi[j] += sx * x[j]
        for i in range(d):
            for j in range(i):
                h[i][j] = h[j][i]
        step = _solve(h, g)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        if max(abs(si) for si in step) < 1e-6:
            break
    return w


def log_loss(rows, w) -> float:
    total = 0.0
    for f, y in rows:
        z = w[0] + sum(wi * xi for wi, xi in zip(w[1:], f, strict=True))
        p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
        total -= math.log(p if y else 1 - p)
    return total / len(rows)


def _base_rate_loss(rows, held_out) -> float:
    p = sum(y for _, y in rows) / len(rows)
    return log_loss(held_out, [math.log(p / (1 - p))] + [0.0] * len(FEATURES))


def write_weights(out: Path, w: list[float], games: int, rounds: int, seed: int) -> None:
    lines = [
        '"""Learned value of the Sì Sè Pái `strong` level: logistic P(win) over strong.FEATURES.',
        "",
        "Generated by scripts/train_sisepai_strong.py (do not edit by hand):",
        f"    python -m scripts.train_sisepai_strong --games {games} --rounds {rounds} --seed {seed}",
        '"""',
        "",
        f"INTERCEPT = {w[0]!r}",
        "WEIGHTS = {",
        *(f'    "{name}": {wi!r},' for name, wi in zip(FEATURES, w[1:], strict=True)),
        "}",
        "",
    ]
    out.write_text("\n".join(lines))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000, help="games per round")
    ap.add_argument("--rounds", type=int, default=1, help="play → fit rounds")
    ap.add_argument("--seed", type=int, default=7, help="training seed (keep apart from evaluation seeds)")
    ap.add_argument("--out", type=Path, default=OUT, help="where to write the weights")
    ap.add_argument(
        "--explore",
        type=float,
        default=0.0,
        help="share of recorded discards made at random (measured, not used: docs/ai.md)",
    )
    args = ap.parse_args(argv)
    policy = basic_policy
    w: list[float] = []
    rows: list[tuple[tuple[float, ...], int]] = []
    held_out: list[tuple[tuple[float, ...], int]] = []
    for rnd in range(args.rounds):
        started = time.process_time()
        new_rows = 0
        for g in range(args.games):
            seed = random.Random(f"train-sisepai-strong:{args.seed}:{rnd}:{g}").getrandbits(62)
            # round 1: basic in every seat; later rounds: the policy fitted so far in one seat
            # (in turn), basic in the others, as the level is measured
            played = play_and_record(seed, policy, None if rnd == 0 else g % 4, args.explore)
            new_rows += len(played)
            # every fifth game is held out: the log loss on it says whether the fit generalises
            (held_out if g % 5 == 4 else rows).extend(played)
        cpu = time.process_time() - started
        w = fit_logistic(rows)  # on every round's rows so far
        print(
            f"round {rnd + 1}: {args.games} games, {new_rows} new rows ({len(rows)} fitted), "
            f"play {cpu:.0f} s CPU, log loss {log_loss(rows, w):.4f} (held out "
            f"{log_loss(held_out, w):.4f}, base rate alone {_base_rate_loss(rows, held_out):.4f}), "
            f"weights {[round(x, 3) for x in w]}",
            file=sys.stderr,
        )
        policy = make_strong_policy(dict(zip(FEATURES, w[1:], strict=True)))
    write_weights(args.out, w, args.games, args.rounds, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
