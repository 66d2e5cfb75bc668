"""The short fuzz profile (docs/reliability.md, "Fuzzing"): every family, every API flavour.

Hypothesis draws configs and call sequences (reliability/fuzz_cases.py); each
case runs in a worker process under a watchdog (fuzz_driver.py), so a crash
or a hang fails the test with the case that caused it, shrunk. Derandomized:
the same cases every run (the long profile, `make fuzz-long`, draws new ones).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from parallel_pool import family_facts
from reliability import fuzz_cases, fuzz_driver

# Cases per family (its facts' fuzz_examples): about 90 s in all on the 2-core build
# machine (the budget is 2 minutes).
EXAMPLES = {f: facts.fuzz_examples for f, facts in family_facts.all_facts().items()}


@pytest.mark.parametrize("family", list(fuzz_cases.FAMILIES))
def test_no_crash_no_hang_and_clear_errors(family: str) -> None:
    worker = fuzz_driver.Worker([family])
    stats = fuzz_driver.Stats()

    @settings(
        max_examples=EXAMPLES[family],
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=fuzz_cases.cases(family, short=True))
    def check(case: dict[str, Any]) -> None:
        outcome = worker.run(case)
        stats.add(family, outcome)
        assert outcome.kind == "ok", outcome.report()

    try:
        check()
    finally:
        worker.close()
    print(f"{family}: {stats.cases} cases ({stats.made} pools made), {stats.calls} calls in {stats.seconds:.1f} s")
    # Not only make()'s config checks: a good share of the cases ran their calls.
    assert stats.made >= stats.cases // 4 and stats.calls > 3 * stats.cases
