"""Property-based fuzzing of the public API over every family (docs/reliability.md, "Fuzzing").

    python -m reliability.fuzz --minutes 30            # the long profile (make fuzz-long)
    python -m reliability.fuzz --replay "{'task': ...}" # one case, as a failure report prints it

Hypothesis draws the cases (reliability/fuzz_cases.py); each runs in a
persistent worker process (fuzz_driver.py) under a per-call watchdog, so a
crash or a hang is caught and reported with the case that caused it. The long
profile goes round the families in chunks of fresh random examples and does
not stop at a failure: it records each one (no shrinking) and prints them all.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import time
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings

from parallel_pool import family_facts
from reliability import fuzz_cases, fuzz_driver

# Share of the run per family: roughly what a case costs there (its facts' fuzz_weight:
# ViZDoom engines are slow to start, so fewer of its cases, in smaller chunks).
WEIGHTS = {f: facts.fuzz_weight for f, facts in family_facts.all_facts().items()}


def run_chunk(worker: fuzz_driver.Worker, family: str, examples: int, stats: fuzz_driver.Stats, short: bool) -> None:
    """`examples` fresh cases of `family`; failures are recorded, not raised."""

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=fuzz_cases.cases(family, short=short))
    def chunk(case: dict[str, Any]) -> None:
        outcome = worker.run(case)
        stats.add(family, outcome)
        if outcome.kind != "ok":
            print(f"[{family}] {outcome.report()}\n", flush=True)

    chunk()


def long_run(minutes: float, families: list[str], short: bool) -> fuzz_driver.Stats:
    stats = fuzz_driver.Stats()
    start = time.monotonic()
    deadline = start + minutes * 60
    workers = {family: fuzz_driver.Worker([family]) for family in families}
    spent = dict.fromkeys(families, 0.0)
    try:
        while time.monotonic() < deadline:
            # The family furthest behind its share of the time goes next.
            family = min(families, key=lambda f: spent[f] / WEIGHTS[f])
            chunk_start = time.monotonic()
            chunk = 25 if WEIGHTS[family] >= max(WEIGHTS.values()) else 10
            run_chunk(workers[family], family, chunk, stats, short)
            spent[family] += time.monotonic() - chunk_start
            elapsed = time.monotonic() - start
            print(
                f"{elapsed / 60:5.1f} min: {stats.cases} cases, {stats.calls} calls, "
                f"{stats.violations} violations, {stats.crashes} crashes, {stats.hangs} hangs",
                flush=True,
            )
    finally:
        for worker in workers.values():
            worker.close()
    stats.seconds = time.monotonic() - start
    stats.restarts = sum(w.restarts for w in workers.values())  # type: ignore[attr-defined]
    return stats


def summary(stats: fuzz_driver.Stats) -> dict[str, Any]:
    return {
        "cases": stats.cases,
        "pools_made": stats.made,
        "calls": stats.calls,
        "violations": stats.violations,
        "crashes": stats.crashes,
        "hangs": stats.hangs,
        "minutes": round(stats.seconds / 60, 1),
        "worker_restarts": getattr(stats, "restarts", 0),
        "per_family": {
            f: {"cases": c, "calls": n, "worker_minutes": round(t / 60, 1)}
            for f, (c, n, t) in sorted(stats.per_family.items())
        },
        "failures": [o.report() for o in stats.failures],
    }


def replay(text: str) -> int:
    case = ast.literal_eval(text)
    family = next(f for f, tasks in fuzz_cases.FAMILIES.items() if case["task"] in tasks)
    worker = fuzz_driver.Worker([family])
    try:
        outcome = worker.run(case)
    finally:
        worker.close()
    print(outcome.report())
    return 0 if outcome.kind == "ok" else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--families", default=",".join(fuzz_cases.FAMILIES))
    parser.add_argument("--short-cases", action="store_true", help="the short profile's smaller cases")
    parser.add_argument("--json", help="write the summary here")
    parser.add_argument("--replay", help="run one case (the repr a failure report prints)")
    args = parser.parse_args()
    if args.replay:
        return replay(args.replay)
    families = [f for f in args.families.split(",") if f]
    stats = long_run(args.minutes, families, args.short_cases)
    result = summary(stats)
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text + "\n")
    failed = stats.violations + stats.crashes + stats.hangs
    print(f"rate: {stats.calls / max(stats.seconds, 1e-9):.0f} calls/s; {'FAILED' if failed else 'passed'}")
    return 1 if failed or math.isnan(stats.seconds) else 0


if __name__ == "__main__":
    raise SystemExit(main())
