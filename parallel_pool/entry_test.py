"""Family discovery (parallel_pool/entry.py), and what a broken family does to the others."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

import parallel_pool
from parallel_pool import entry, family_facts
from parallel_pool.registration import EnvRegistry, registry

PACKAGE_DIR = pathlib.Path(parallel_pool.__file__).parent


def test_discovery_agrees_with_bazel_and_every_family_loads() -> None:
    # Bazel's list (the env_families rule) and entry.py's must agree, and no
    # family of this build may be broken: at import that would only warn.
    bazel = os.environ.get("PARALLEL_POOL_FAMILIES")  # set by parallel_pool/BUILD
    if "TEST_SRCDIR" in os.environ:  # under Bazel
        assert bazel is not None
        assert list(entry.FAMILIES) == sorted(bazel.split())
    assert "classic_control" in entry.FAMILIES
    # The templates live outside the package (templates/): never a family users get.
    assert not {"one_player", "several_players"} & set(entry.FAMILIES)
    assert parallel_pool.registration.registry.failed_families() == {}


def test_discover_lists_directories_with_a_registration(tmp_path: pathlib.Path) -> None:
    for family in ("zeta", "alpha"):
        (tmp_path / family).mkdir()
        (tmp_path / family / "registration.py").write_text("raise SyntaxError\n")  # never imported
    (tmp_path / "python").mkdir()  # a package, not a family
    (tmp_path / "python" / "__init__.py").write_text("")
    assert entry.discover([str(tmp_path)]) == ["alpha", "zeta"]


def test_every_family_keeps_its_facts_and_they_name_its_own_ids() -> None:
    facts = family_facts.all_facts()
    assert set(facts) == set(entry.FAMILIES)
    for family, f in facts.items():
        own = {i for i in parallel_pool.list_all_envs() if registry.family(i) == family}
        named = {
            *f.fuzz_tasks,
            f.sanitizer_task,
            *(t for t, _ in f.seed_tasks),
            *(t.split(":")[0] for t in f.bench_tasks),
        }
        assert f.title and f.fuzz_tasks and f.seed_tasks and f.bench_tasks, family
        assert named <= own, (family, named - own)


def test_a_family_lacking_a_fact_is_an_error_naming_it(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "lacking"
    folder.mkdir()
    with pytest.raises(ValueError, match=r"lacking.*no family_facts\.bzl"):
        family_facts.read(folder)
    (folder / "family_facts.bzl").write_text('FACTS = {"title": "Lacking"}\n')
    with pytest.raises(ValueError, match=r"lacking.*lacks \['bench_max_envs'"):
        family_facts.read(folder)


def test_unregistered_id_of_a_failed_family_names_the_family() -> None:
    registry = EnvRegistry()
    registry.register("Good-v0", "m", "S", "D", "G")
    registry.note_failed_family("bad", "NameError: name 'x' is not defined")
    with pytest.raises(ValueError, match=r"'Bad-v0' is not registered.*families failed to load.*'bad': NameError"):
        registry.make_spec("Bad-v0")
    with pytest.raises(ValueError, match=r"'Bad-v1' is not registered.*families failed to load.*'bad': NameError"):
        registry.make_spec("Bad-v1")


BROKEN_FAMILIES = {
    # A typo in the registration.
    "typo_family": {
        "registration.py": """\
            from parallel_pool.registration import register

            register(task_id="TypoFamily-v0", import_path="parallel_pool.typo_family", env="Typo",
                     max_episode_steps=1O)
            """,
    },
    # An extension missing from the build.
    "unbuilt_family": {
        "__init__.py": "from parallel_pool.unbuilt_family.unbuilt_family_ext import _UnbuiltEnvSpec\n",
        "registration.py": """\
            from parallel_pool.registration import register

            register(task_id="UnbuiltFamily-v0", import_path="parallel_pool.unbuilt_family", env="Unbuilt")
            """,
    },
}

CHECK = """
import warnings
warnings.simplefilter("always")
import parallel_pool

env = parallel_pool.make_vec("CartPole-v1", num_envs=2)
env.reset()
print("FAMILY OK")
for task_id in ("TypoFamily-v0", "UnbuiltFamily-v0", "CartPole-v2"):
    try:
        parallel_pool.make_vec(task_id)
    except ValueError as error:
        print("ERROR", error)
"""


def test_a_broken_family_warns_and_the_others_load(tmp_path: pathlib.Path) -> None:
    # A copy of the package (links to its files) with two broken families
    # added, imported the way a user does: `import parallel_pool`.
    package = tmp_path / "parallel_pool"
    package.mkdir()
    for child in PACKAGE_DIR.iterdir():
        (package / child.name).symlink_to(child)
    for family, files in BROKEN_FAMILIES.items():
        (package / family).mkdir()
        for name, text in files.items():
            (package / family / name).write_text(textwrap.dedent(text))
    result = subprocess.run(
        [sys.executable, "-c", CHECK],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "FamilyLoadWarning" in line]
    assert len(warnings) == 2, result.stderr
    assert "family 'typo_family' failed to load" in warnings[0]
    assert "SyntaxError" in warnings[0]
    assert "family 'unbuilt_family' failed to load" in warnings[1]
    assert "No module named 'parallel_pool.unbuilt_family.unbuilt_family_ext'" in warnings[1]
    assert "(at parallel_pool/unbuilt_family/__init__.py:1)" in warnings[1]

    lines = result.stdout.splitlines()
    assert lines[0] == "FAMILY OK"
    typo, unbuilt, cartpole = lines[1:]
    assert "'TypoFamily-v0' is not registered" in typo and "these families failed to load" in typo
    assert "'typo_family': SyntaxError" in typo
    assert "'UnbuiltFamily-v0' is not registered" in unbuilt and "these families failed to load" in unbuilt
    assert "'unbuilt_family': ModuleNotFoundError" in unbuilt
    assert "did you mean 'CartPole-v1'" not in unbuilt
    # An id of no family: the close matches, and the failed families noted.
    assert "'CartPole-v2' is not registered" in cartpole
    assert "families failed to load" in cartpole
