"""A task of each family under the sanitizers: `make sanitize` runs this with --config=asan and --config=tsan.

Those configs build the families' modules instrumented; the interpreter is not, so
the sanitizer's runtime is preloaded into it (a subprocess per family). Leak
detection is off here: the interpreter keeps its own allocations at exit (the
core's C++ tests check leaks). Any report fails the run (the configs build with
no recovery, and the options below stop at the first report). Without a
sanitizer config it runs as a plain smoke test.
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import subprocess
import sys
from types import ModuleType

import pytest


def _family_facts() -> ModuleType:
    """parallel_pool/family_facts.py, loaded by path: importing parallel_pool here would load
    the families' instrumented modules into this uninstrumented interpreter."""
    package = importlib.util.find_spec("parallel_pool")
    assert package is not None and package.submodule_search_locations
    folder = next(iter(package.submodule_search_locations))
    spec = importlib.util.spec_from_file_location("family_facts", pathlib.Path(folder, "family_facts.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Each family's sanitizer task, from its facts; a target (reliability/BUILD) names its
# family in SANITIZER_SMOKE_FAMILY, and runs that family's alone.
_FAMILY = os.environ.get("SANITIZER_SMOKE_FAMILY")
TASKS = [facts.sanitizer_task for family, facts in _family_facts().all_facts().items() if _FAMILY in (None, family)]


def runtime(name: str) -> str:
    path = subprocess.run(["gcc", f"-print-file-name={name}"], capture_output=True, text=True, check=True).stdout
    return path.strip()


def sanitizer_env() -> dict[str, str]:
    env = dict(os.environ)
    if "ASAN_OPTIONS" in env:  # --config=asan: AddressSanitizer + UndefinedBehaviorSanitizer
        env["LD_PRELOAD"] = f"{runtime('libasan.so')}:{runtime('libubsan.so')}"
        env["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=1:verify_asan_link_order=0"
        env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    elif "TSAN_OPTIONS" in env:  # --config=tsan
        env["LD_PRELOAD"] = runtime("libtsan.so")
        env["TSAN_OPTIONS"] = "halt_on_error=1:second_deadlock_stack=1"
    return env


@pytest.mark.parametrize("task", TASKS)
def test_a_task_of_each_family_runs_clean(task: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "reliability.sanitizer_smoke", task],
        env=sanitizer_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-20000:]
    for report in ("ERROR: AddressSanitizer", "runtime error:", "WARNING: ThreadSanitizer"):
        assert report not in result.stderr, result.stderr[-20000:]
    expected = "asan" if "ASAN_OPTIONS" in os.environ else "tsan" if "TSAN_OPTIONS" in os.environ else "none"
    assert f"{task}: ok under {expected}" in result.stdout, result.stdout
