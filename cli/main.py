"""`cardgames`: AI matches in duplicate format, export verification, readable transcripts."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cli.match import MatchSpec, PolicyFailed, is_policy_spec, load_policy, play_match
from cli.stats import GameRecord, Timings, paired, standings
from domain.registry import RULESETS

app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
# no markup: messages quote files and servers ("[/bold]" in a forged export raised MarkupError)
err = Console(stderr=True, markup=False, highlight=False)


def _fmt(estimate: dict[str, Any], digits: int) -> str:
    ci = estimate["ci95"]
    return f"{estimate['mean']:.{digits}f}" + ("" if ci is None else f" ± {ci:.{digits}f}")


def _opt(value: float | None, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def _print_table(report: dict[str, Any]) -> None:
    table = Table(
        title=f"{report['ruleset']}: {report['deals']} deals × {report['players']} seat rotations "
        f"({report['mode']}), seed {report['seed']}"
    )
    for column in ("level", "role", "games", "win share ±95% CI", "×fair", "mean score ±95% CI"):
        table.add_column(column, no_wrap=True)
    for column in ("decisions", "dec/s", "ms median", "ms p95"):
        table.add_column(column, justify="right", no_wrap=True)
    for row in report["standings"]:
        table.add_row(
            row["level"],
            row["role"],
            str(row["games"]),
            _fmt(row["win_share"], 3),
            f"{row['vs_fair']:.2f}",
            _fmt(row["score"], 2),
            # none timed here: over --url the AI seats decide in the service
            str(row["decisions"]) if row["decisions"] else "-",
            _opt(row["decisions_per_s"], ",.0f"),
            _opt(row["choice_ms_median"], ".3f"),
            _opt(row["choice_ms_p95"], ".3f"),
        )
    Console(width=None if sys.stdout.isatty() else 160).print(table)
    print(
        "Win share: 1 per game won, 1/n for an n-way tie; per game the mean over the level's seats. "
        "CIs over per-deal blocks (Student's t). Times: the policy call "
        f"({report['decision_clock']} clock), decisions with a choice."
    )


@app.command()
def match(
    ruleset: Annotated[str, typer.Argument(help=f"a ruleset id: {', '.join(sorted(RULESETS))}")],
    level: Annotated[str | None, typer.Argument(help="the tested AI level (default: basic)")] = None,
    against: Annotated[
        str,
        typer.Option(
            help="the AI level in every other seat (in process also module:function, like --policy)"
        ),
    ] = "basic",
    policy: Annotated[
        str | None, typer.Option(help="test your own policy instead: module:function(view, legal, rng)")
    ] = None,
    sdk_policy: Annotated[
        str | None,
        typer.Option(
            help="test a bot written against the generated SDK (needs --url): module:function(view, "
            "legal, rng) given the API's models, the ruleset's GameView and LegalAction list"
        ),
    ] = None,
    deals: Annotated[int, typer.Option(min=1, help="deals; each is played once per seat rotation")] = 20,
    seed: Annotated[int, typer.Option(help="match seed: the deals follow from it")] = 1,
    jobs: Annotated[int, typer.Option(min=1, help="processes (threads with --url)")] = os.cpu_count() or 1,
    url: Annotated[
        str | None, typer.Option(help="play through a running service (the tested seat is a person seat)")
    ] = None,
    cpu_time: Annotated[
        bool, typer.Option(help="time decisions in CPU time, not wall time (steadier on a busy machine)")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
    progress: Annotated[bool, typer.Option(help="show a progress bar on stderr")] = True,
) -> None:
    """Play N deals between two AI levels (or your policy against a level) in duplicate format
    and print the standings."""
    if ruleset not in RULESETS:
        raise typer.BadParameter(f"unknown ruleset {ruleset!r}; one of {', '.join(sorted(RULESETS))}")
    if sum(x is not None for x in (policy, sdk_policy, level)) > 1:
        raise typer.BadParameter("give one of a LEVEL, --policy or --sdk-policy")
    if sdk_policy is not None and url is None:
        raise typer.BadParameter("--sdk-policy plays through a service: give its --url")
    tested = policy or sdk_policy or level or "basic"
    if (policy or sdk_policy) is not None and not is_policy_spec(tested):
        raise typer.BadParameter(f"{'--policy' if policy else '--sdk-policy'} takes module:function")
    if is_policy_spec(against) and url is not None:
        raise typer.BadParameter(
            "with --url, --against takes an AI level of the ruleset (the service plays it)"
        )
    try:
        load_policy(ruleset, tested)
        load_policy(ruleset, against)
    except (ImportError, ValueError) as exc:
        raise typer.BadParameter(str(exc)) from None
    spec = MatchSpec(ruleset, tested, against, deals, seed, cpu_time, sdk_models=sdk_policy is not None)
    started = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not progress,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{ruleset}: {tested} vs {against}", total=deals)
        try:
            if url is None:
                records, timings = play_match(spec, jobs, lambda: bar.advance(task))
            else:
                records, timings = _play_remote(spec, url, jobs, lambda: bar.advance(task))
        except PolicyFailed as exc:
            if exc.trace:
                err.print(exc.trace.rstrip())
            err.print(str(exc), style="red")
            raise typer.Exit(1) from None
    report = {
        "ruleset": ruleset,
        "format": "duplicate",
        "mode": "in-process" if url is None else f"service {url}",
        "seed": seed,
        "deals": deals,
        "players": spec.players,
        "tested": tested,
        "against": against,
        "seconds": round(time.perf_counter() - started, 3),
        "decision_clock": "cpu" if cpu_time else "wall",
        "standings": standings(records, timings, tested, against, spec.players),
        "games": [
            {
                "deal": r.deal,
                # the game's seed: the same seats and this seed deal the same game again, in
                # process or as POST /v1/games's `seed` (every rotation of a deal shares it)
                "seed": spec.deal_seed(r.deal),
                "rotation": r.rotation,
                "levels": r.levels,
                "winners": r.winners,
                "scores": r.scores,
                **({"game_id": r.game_id} if r.game_id else {}),
            }
            for r in records
        ],
    }
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        _print_table(report)


def _play_remote(
    spec: MatchSpec, url: str, jobs: int, on_deal: Callable[[], None]
) -> tuple[list[GameRecord], dict[str, Timings]]:
    from cli.remote import RemoteError, play_deal_remote

    records: list[GameRecord] = []
    timings = {"tested": Timings(), "opponent": Timings()}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_deal_remote, spec, url, d) for d in range(spec.deals)]
        for future in futures:
            try:
                deal_records, deal_timings = future.result()
            except RemoteError as exc:
                err.print(str(exc), style="red")
                raise typer.Exit(1) from None
            records.extend(deal_records)
            for role, t in deal_timings.items():
                timings[role].merge(t)
            on_deal()
    return records, timings


def _read_report(path: str) -> tuple[dict[str, Any], list[GameRecord]]:
    """A `match --json` report and its games as records."""
    try:
        report: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
        records = [
            GameRecord(g["deal"], g["rotation"], list(g["levels"]), list(g["winners"]), list(g["scores"]))
            for g in report["games"]
        ]
        _ = report["ruleset"], report["seed"], report["tested"], report["against"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise typer.BadParameter(f"{path}: not a `cardgames match --json` report ({exc})") from None
    return report, records


@app.command()
def compare(
    first: Annotated[str, typer.Argument(help="a `cardgames match --json` report")],
    second: Annotated[str, typer.Argument(help="another report of the same ruleset and seed")],
    as_json: Annotated[bool, typer.Option("--json", help="print the comparison as JSON")] = False,
) -> None:
    """Compare the tested seats of two matches played on the same deals (the same seed), deal by
    deal: the mean difference per game, with its 95 % CI. Two levels each tested against the
    same opponents, or A tested against B and B tested against A (the head-to-head measure)."""
    (a, a_records), (b, b_records) = _read_report(first), _read_report(second)
    if (a["ruleset"], a["seed"]) != (b["ruleset"], b["seed"]):
        raise typer.BadParameter(
            f"the matches played different deals: {a['ruleset']} seed {a['seed']} against "
            f"{b['ruleset']} seed {b['seed']}"
        )
    result = paired(a_records, b_records)
    if result["deals"] < 2:
        raise typer.BadParameter("fewer than two deals played in both matches")
    if as_json:
        print(json.dumps({"first": a["tested"], "second": b["tested"], **result}, indent=2))
        return
    print(
        f"{a['ruleset']} seed {a['seed']}, {result['deals']} deals played in both: "
        f"{a['tested']} (vs {a['against']}) minus {b['tested']} (vs {b['against']}), per game"
    )
    print(f"  win share  {result['win_share']['mean']:+.4f} ± {result['win_share']['ci95']:.4f}")
    print(f"  mean score {result['score']['mean']:+.3f} ± {result['score']['ci95']:.3f}")


def _read_export(path: str) -> dict[str, Any]:
    from service.verify import read_export_file, readable_anywhere

    readable_anywhere()
    try:
        export: dict[str, Any] = read_export_file(path)  # any JSON in fact: verify_export reports the shape
        return export
    except (OSError, ValueError) as exc:  # ValueError: not JSON, or JSON read two ways (read_export)
        err.print(f"cannot read {path}: {type(exc).__name__}: {exc}", soft_wrap=True)
        raise typer.Exit(2) from None


# What the reader saw while the game ran, to tie an export to it (docs/guarantees.md §5).
KnownCommitment = Annotated[
    str | None,
    typer.Option(help="the seed commitment you were shown while the game ran: the export must have it"),
]
KnownCreationHash = Annotated[
    str | None,
    typer.Option(
        help="the creation_hash you were shown while the game ran: the export must begin with that "
        "game_created event (its id, options, seats, commitment and who chose the seed)"
    ),
]


@app.command()
def verify(
    export: Annotated[str, typer.Argument(help="an exported game (GET /v1/games/{id}/export); - for stdin")],
    quiet: Annotated[bool, typer.Option(help="print only the verdict")] = False,
    commitment: KnownCommitment = None,
    creation_hash: KnownCreationHash = None,
) -> None:
    """Verify an exported game offline (the checks of python -m service.verify), then print what
    to compare with what you saw of the game: its id, commitment, options, seats and result."""
    from service.verify import anchor_of, report_lines, verify_export

    doc = _read_export(export)
    report = verify_export(doc, RULESETS, commitment, creation_hash)
    if not quiet:
        print("\n".join(report_lines(doc, report, anchor_of(commitment, creation_hash))))
    print("VERIFIED" if report["ok"] else "NOT VERIFIED")
    raise typer.Exit(0 if report["ok"] else 1)


TRANSCRIPT_LINE_LIMIT = 4000


@app.command()
def transcript(
    export: Annotated[str, typer.Argument(help="an exported finished game; - for stdin")],
    commitment: KnownCommitment = None,
    creation_hash: KnownCreationHash = None,
) -> None:
    """Print a readable transcript of a finished game: the deal, every decision, the result.
    The export is verified first (against the commitment or creation hash you give, as
    `verify` does): one that fails is transcribed as the file says, under a warning naming the
    failed checks, and the command exits 1."""
    from cli.transcript import transcript as lines
    from service.export_format import printable
    from service.verify import verify_export

    doc = _read_export(export)
    report = verify_export(doc, RULESETS, commitment, creation_hash)
    if not report["ok"]:
        failed = [f"{c['name']}: {c['detail']}" for c in report["checks"] if not c["ok"]]
        print("NOT VERIFIED: this is what the file says, not a game the rules and the seed played.")
        for line in failed:
            print(f"  FAIL {line}")
    try:
        for line in lines(doc):
            # a forged file's words, escaped: a terminal must not act on them (and clear the
            # warning above); a line of a real game is far shorter than the limit
            print(printable(line, TRANSCRIPT_LINE_LIMIT))
    except ValueError as exc:
        err.print(printable(str(exc)))
        raise typer.Exit(1) from None
    # a forged file of any shape (RecursionError: a result nested hundreds deep)
    except (KeyError, IndexError, TypeError, AttributeError, RecursionError) as exc:
        detail = printable(f"{type(exc).__name__}: {exc}", 300)
        err.print(f"the rest cannot be transcribed: the file is malformed ({detail})")
        raise typer.Exit(1) from None
    raise typer.Exit(0 if report["ok"] else 1)


def _cut_off(value: str | None, option: str) -> datetime | None:
    """An ISO 8601 date or time; a date alone, or a time without its zone, is UTC."""
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise typer.BadParameter(f"{option} {value!r} is not an ISO 8601 date or time (2026-01-31)") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@app.command()
def purge(
    finished_before: Annotated[
        str | None, typer.Option(help="delete the games finished before this date or time (ISO 8601, UTC)")
    ] = None,
    idle_before: Annotated[
        str | None,
        typer.Option(help="delete the games never finished whose last move is older than this (ISO 8601)"),
    ] = None,
    database_url: Annotated[
        str | None, typer.Option(help="the store (default: $DATABASE_URL, else var/cardgames.sqlite3)")
    ] = None,
    dry_run: Annotated[bool, typer.Option(help="count them, delete nothing")] = False,
) -> None:
    """Delete old games from the store, with everything stored of them (an operator's retention:
    README, "Operating the service"). A deleted game answers 404 from then on: back up first
    what must stay auditable."""
    from service.retention import purge as purge_games
    from store.base import open_store

    finished = _cut_off(finished_before, "--finished-before")
    idle = _cut_off(idle_before, "--idle-before")
    if finished is None and idle is None:
        raise typer.BadParameter("give --finished-before, --idle-before or both")
    store = open_store(database_url or os.environ.get("DATABASE_URL"))
    try:
        report = purge_games(store, finished, idle, datetime.now(UTC), dry_run=dry_run)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    finally:
        store.close()
    found = len(report.finished) + len(report.idle)
    print(
        f"{store.kind} {store.location}: {len(report.finished)} games finished before the cut-off, "
        f"{len(report.idle)} never finished and idle since before theirs; "
        + (f"{found} would be deleted (dry run)" if dry_run else f"{report.deleted} deleted")
    )


if __name__ == "__main__":
    app()
