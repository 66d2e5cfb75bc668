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

from reliability import fuzz_cases, fuzz_driver

# Cases per family: about 100 s in all on the 2-core CI machine.
EXAMPLES = {"classic_control": 60, "toy_text": 60, "atari": 20, "mujoco": 50, "dm_control": 40, "vizdoom": 8}


@pytest.mark.parametrize("family", list(fuzz_cases.FAMILIES))
def test_no_crash_no_hang_and_clear_errors(family: str) -> None:
    worker = fuzz_driver.Worker([family])

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
        assert outcome.kind == "ok", outcome.report()

    try:
        check()
    finally:
        worker.close()


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__, "-q"]))
