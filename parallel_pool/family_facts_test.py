"""A family's bench_targets (parallel_pool/family_facts.py's BenchTargets), as the benchmark
report reads them: what a facts file may say, and the errors for what it may not."""

from __future__ import annotations

import pathlib

import pytest

from parallel_pool import family_facts

# Every key but bench_targets, with values any family could have.
OTHER_FACTS = """
    "title": "Corridor",
    "doc": None,
    "fuzz_tasks": ["Corridor-v0"],
    "fuzz_max_envs": 8,
    "fuzz_examples": 10,
    "fuzz_weight": 1,
    "sanitizer_task": "Corridor-v0",
    "sanitizer_in_make_test": True,
    "seed_tasks": [["Corridor-v0", {}]],
    "bench_tasks": ["Corridor-v0"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    "envpool_test_dirs": [],
    "envpool_test_helpers": [],
"""


def _read(tmp_path: pathlib.Path, targets: str) -> family_facts.FamilyFacts:
    folder = tmp_path / "corridor"
    folder.mkdir(exist_ok=True)
    (folder / family_facts.FACTS_FILE).write_text(f'FACTS = {{{OTHER_FACTS}    "bench_targets": {targets},\n}}\n')
    return family_facts.read(folder)


def test_no_targets_is_every_key_none(tmp_path: pathlib.Path) -> None:
    targets = _read(tmp_path, "{}").bench_targets
    assert targets == family_facts.BenchTargets()
    assert not any(targets)  # what the report takes for "no targets table"


def test_targets_become_typed_pairs(tmp_path: pathlib.Path) -> None:
    given = '{"each_mode": ["envpool", 1], "limit_rows": 8, "one_env": ["gymnasium single env", 3]}'
    targets = _read(tmp_path, given).bench_targets
    assert targets == family_facts.BenchTargets(
        each_mode=("envpool", 1.0), limit_rows=8, one_env=("gymnasium single env", 3.0)
    )
    assert _read(tmp_path, '{"limit_rows": "cores"}').bench_targets.limit_rows == "cores"


@pytest.mark.parametrize(
    ("targets", "message"),
    [
        ('{"envpool": ["envpool", 1.0]}', r"corridor.*bench_targets has unknown keys \['envpool'\]"),
        ('{"limit_rows": "all"}', r"corridor.*limit_rows: expected an int, 'cores' or 'best', got 'all'"),
    ],
)
def test_a_bad_target_is_an_error_naming_the_family(tmp_path: pathlib.Path, targets: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _read(tmp_path, targets)
