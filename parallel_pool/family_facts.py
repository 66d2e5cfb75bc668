"""Each family's facts for the tooling, read from the family's own folder.

A family keeps what the fuzzer, the sanitizer smoke, the seed test, the docs
and the benchmark need to know of it in `<family>/family_facts.bzl`: a Python
literal that is also Starlark, so Bazel (family.bzl's env_families: the
sanitizer smoke's targets) and Python (here) read the one file. No tool keeps a
list of families: each reads `all_facts()`. This module imports nothing of
parallel_pool (a tool that must not load the families' extensions, the
sanitizer smoke's parent process, loads it by path), and finding the families
(`discover`, which entry.py uses too) lists folders without importing them.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import pathlib
from collections.abc import Iterable
from typing import Any, NamedTuple

FACTS_FILE = "family_facts.bzl"


class BenchTargets(NamedTuple):
    """The family's speed targets in the benchmark report (benchmark/report_tables.py's
    targets table): each the least ratio of ours to a method of benchmark/run.py; None:
    no such target. Every key of its facts' bench_targets."""

    # [method, ratio]: ours in each mode / the method in that mode ("envpool": ours sync /
    # EnvPool sync and ours async / EnvPool async), at every num_envs.
    each_mode: tuple[str, float] | None = None
    # [method, ratio]: the better of our two modes / the method, at every num_envs.
    best_of_ours: tuple[str, float] | None = None
    # [method, ratio]: each of our modes / the method, one without modes (procgen's
    # ProcgenEnv), at every num_envs.
    each_of_ours: tuple[str, float] | None = None
    # The rows where the better of our modes reaches the report's share of the physical
    # limit (report_data.LIMIT_TARGET, one for every family): N (every row of num_envs >=
    # N), "cores" (num_envs >= the machine's cores) or "best" (the best row).
    limit_rows: int | str | None = None
    # [method, ratio]: one env of ours / one env of the method.
    one_env: tuple[str, float] | None = None


class FamilyFacts(NamedTuple):
    """What the tooling knows of one family: every key of its family_facts.bzl."""

    # The family's name in the docs and the benchmark report.
    title: str
    # Its hand-written page in docs/ (None: the generated one only).
    doc: str | None
    # Representative ids for the fuzzer: each action and observation layout.
    fuzz_tasks: tuple[str, ...]
    # The most envs a fuzzed pool gets (engines and ROMs cost memory and start-up).
    fuzz_max_envs: int
    # Cases in make test's short fuzz profile (reliability/fuzz_test.py).
    fuzz_examples: int
    # Share of make fuzz-long's time, by what a case costs.
    fuzz_weight: int
    # The id the sanitizer smoke drives (reliability/sanitizer_smoke.py).
    sanitizer_task: str
    # Whether make test runs it (a family with no third-party C++ to instrument).
    sanitizer_in_make_test: bool
    # reset(seed=) against a new pool (python/seed_test.py): (id, config), with limits
    # short enough to cross an episode end.
    seed_tasks: tuple[tuple[str, dict[str, Any]], ...]
    # make bench's tasks (benchmark/run.py; "id:key=value,..." gives a config).
    bench_tasks: tuple[str, ...]
    # The most envs of --num-envs its tasks run (0: all).
    bench_max_envs: int
    # Rounds of its tasks whatever --repeat says (each figure the best of them).
    bench_min_rounds: int
    # The benchmark report's speed targets ({} for none; the keys: BenchTargets).
    bench_targets: BenchTargets
    # EnvPool's own tests of this family, run on our package by tools/envpool_tests.py:
    # folders of EnvPool's tree whose *_test.py files cover it, and the test-support
    # modules of EnvPool's tree those tests import (empty for none).
    envpool_test_dirs: tuple[str, ...]
    envpool_test_helpers: tuple[str, ...]


def read(folder: pathlib.Path) -> FamilyFacts:
    """The facts in `folder`'s family_facts.bzl.

    Raises:
      ValueError: the file is missing, is not one `FACTS = {...}` literal, lacks a key or
        has one too many (the message names the family and the keys).
    """
    path = folder / FACTS_FILE
    if not path.is_file():
        raise ValueError(f"family {folder.name!r}: no {FACTS_FILE} (every family keeps its facts there)")
    tree = ast.parse(path.read_text(), str(path))
    values = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["FACTS"]
    ]
    if len(values) != 1:
        raise ValueError(f"family {folder.name!r}: {FACTS_FILE} must assign FACTS = {{...}} once")
    facts = ast.literal_eval(values[0])
    missing = sorted(set(FamilyFacts._fields) - set(facts))
    unknown = sorted(set(facts) - set(FamilyFacts._fields))
    if missing or unknown:
        raise ValueError(f"family {folder.name!r}: {FACTS_FILE} lacks {missing}, has unknown keys {unknown}")
    facts["fuzz_tasks"] = tuple(facts["fuzz_tasks"])
    facts["seed_tasks"] = tuple((task, dict(config)) for task, config in facts["seed_tasks"])
    facts["bench_tasks"] = tuple(facts["bench_tasks"])
    facts["envpool_test_dirs"] = tuple(facts["envpool_test_dirs"])
    facts["envpool_test_helpers"] = tuple(facts["envpool_test_helpers"])
    facts["bench_targets"] = _bench_targets(folder.name, facts["bench_targets"])
    return FamilyFacts(**facts)


def _bench_targets(family: str, targets: dict[str, Any]) -> BenchTargets:
    """The facts' bench_targets as BenchTargets; a ValueError naming the family for an
    unknown key or rows that are neither a number of envs, "cores" nor "best"."""
    unknown = sorted(set(targets) - set(BenchTargets._fields))
    if unknown:
        raise ValueError(f"family {family!r}: {FACTS_FILE}'s bench_targets has unknown keys {unknown}")
    rows = targets.get("limit_rows")
    if rows is not None and rows not in ("cores", "best") and not isinstance(rows, int):
        raise ValueError(
            f"family {family!r}: bench_targets' limit_rows: expected an int, 'cores' or 'best', got {rows!r}"
        )
    ratios = {key: (str(pair[0]), float(pair[1])) for key, pair in targets.items() if key != "limit_rows"}
    return BenchTargets(limit_rows=rows, **ratios)


def package_paths() -> list[str]:
    """The parallel_pool package's folders, found without importing it."""
    spec = importlib.util.find_spec("parallel_pool")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("parallel_pool is not importable here")
    return list(spec.submodule_search_locations)


def discover(paths: Iterable[str] | None = None) -> list[str]:
    """The families under `paths` (default: the parallel_pool package's), sorted.

    A family is a subdirectory with a registration.py. The directories are
    listed, not imported, so discovering a broken family cannot fail.
    """
    paths = package_paths() if paths is None else paths
    return sorted({found.parent.name for path in paths for found in pathlib.Path(path).glob("*/registration.py")})


@functools.cache
def all_facts(paths: tuple[str, ...] | None = None) -> dict[str, FamilyFacts]:
    """Every family under `paths` (default: the package's; `discover`'s) -> its facts, by name."""
    folders = [pathlib.Path(p) for p in (package_paths() if paths is None else paths)]
    return {family: read(_folder(folders, family)) for family in discover([str(p) for p in folders])}


def _folder(paths: list[pathlib.Path], family: str) -> pathlib.Path:
    """The family's folder: the one holding its facts (Bazel's runfiles may split a
    package over several), else the first."""
    folders = [p / family for p in paths if (p / family).is_dir()]
    return next((f for f in folders if (f / FACTS_FILE).is_file()), folders[0])


def _sanitizer_targets(in_make_test: bool) -> list[str]:
    """The sanitizer smoke's Bazel targets (reliability/BUILD makes one per family)."""
    facts = all_facts((str(pathlib.Path(__file__).parent),))
    return [
        f"//reliability:sanitizer_smoke_{f}_test"
        for f, x in facts.items()
        if x.sanitizer_in_make_test or not in_make_test
    ]


if __name__ == "__main__":
    # The Makefile's lists, from the source tree: `python parallel_pool/family_facts.py
    # sanitizer-targets [--in-make-test]` (run as a script: imports nothing of the package).
    import sys

    if sys.argv[1:2] != ["sanitizer-targets"]:
        raise SystemExit("usage: family_facts.py sanitizer-targets [--in-make-test]")
    print(" ".join(_sanitizer_targets("--in-make-test" in sys.argv)))
