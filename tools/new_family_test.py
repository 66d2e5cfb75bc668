"""tools/new_family.py: what it writes follows the naming rules, passes lint, builds and passes its own tests.

tools/BUILD scaffolds `corridor` (one player) and `duel` (--multi-player) at
build time and compiles their modules; here they are checked file by file,
then imported as families of a copy of the package and their generated tests
run. `make scaffold-check` goes one step further: a scratch copy of the
repository where plain `bazel test` builds the scaffolded families.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import pathlib
import re
import subprocess
import sys
from types import ModuleType

import pytest

import parallel_pool

WORKSPACE = pathlib.Path(__file__).absolute().parent.parent  # the runfiles' copy of the repository
SCAFFOLDED = WORKSPACE / "tools" / "scaffolded" / "parallel_pool"
FAMILIES = {"corridor": ("one_player", "Corridor"), "duel": ("several_players", "Duel")}


def load_new_family() -> ModuleType:
    spec = importlib.util.spec_from_file_location("new_family", WORKSPACE / "tools" / "new_family.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


new_family = load_new_family()


def assigned_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                elements = target.elts if isinstance(target, ast.Tuple) else [target]
                names |= {e.id for e in elements if isinstance(e, ast.Name)}
    return names - {"__all__"}


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_the_names_that_must_match(name: str) -> None:
    template, camel = FAMILIES[name]
    folder = SCAFFOLDED / name
    files = {p.name for p in folder.iterdir()}
    assert files == {
        "BUILD",
        "__init__.py",
        "registration.py",
        "family_facts.bzl",
        f"{name}_env.h",
        f"{name}_ext.cc",
        f"{name}_test.py",
    }

    build = (folder / "BUILD").read_text()
    assert f'name = "{name}"' in build
    assert f'hdrs = ["{name}_env.h"]' in build
    assert f'tests = ["{name}_test"]' in build

    ext = (folder / f"{name}_ext.cc").read_text()
    assert f"PYBIND11_MODULE({name}_ext, m)" in ext
    assert f'#include "parallel_pool/{name}/{name}_env.h"' in ext
    assert re.search(rf"BindEnv<parallel_pool::{name}::{camel}EnvPool>\(\s*m,\s*\"{camel}\"\)", ext)

    header = (folder / f"{name}_env.h").read_text()
    assert header.startswith(f"// {camel}Env, made by tools/new_family.py from templates/{template}/.\n")
    assert f"namespace parallel_pool::{name} {{" in header
    assert f"#ifndef PARALLEL_POOL_{name.upper()}_{name.upper()}_ENV_H_" in header
    assert f"class {camel}Env : public Env<{camel}EnvSpec>" in header
    assert "template <typename Config>" in header  # the C++ keyword survives the renaming
    assert "templates" not in header.split("\n", 1)[1]  # the copy lives in the package

    init = ast.parse((folder / "__init__.py").read_text())
    imported = {
        ("." * node.level + (node.module or ""), alias.name)
        for node in init.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    ext_module = f".{name}_ext"  # parallel_pool.NAME.NAME_ext
    assert {(ext_module, f"_{camel}EnvPool"), (ext_module, f"_{camel}EnvSpec")} <= imported
    classes = {f"{camel}EnvSpec", f"{camel}DMEnvPool", f"{camel}GymEnvPool", f"{camel}GymnasiumEnvPool"}
    assert assigned_names(init) == classes

    registration = ast.parse((folder / "registration.py").read_text())
    [call] = [n.value for n in registration.body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)]
    kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
    assert kwargs["task_id"] == f"{camel}-v0"
    assert kwargs["import_path"] == f"parallel_pool.{name}"
    assert kwargs["env"] == camel  # the one name the registry derives the classes from

    test = (folder / f"{name}_test.py").read_text()
    assert f'TASK = "{camel}-v0"' in test
    for path in folder.iterdir():
        assert new_family.leftovers(path.read_text(), template) == [], path


LISTED = """
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import parallel_pool
failed = [str(w.message) for w in caught if w.category.__name__ == "FamilyLoadWarning"]
assert not failed, failed
print(*parallel_pool.list_all_envs())
"""


# What each tool reads of a family (fuzz_cases, sanitizer_smoke_test, seed_test, run.py, the
# docs' and the report's titles): the scaffolded family's own facts, found by discovery.
TOOLING = """
import sys
from parallel_pool import family_facts
facts = family_facts.all_facts()[sys.argv[1]]
print(facts.fuzz_tasks[0], facts.sanitizer_task, facts.seed_tasks[0][0], facts.bench_tasks[0], facts.title)
"""


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_the_family_passes_its_own_tests(name: str, tmp_path: pathlib.Path) -> None:
    # A copy of the package (links to its files) with the scaffolded family
    # added, its module as Bazel compiled it: found with no list to edit.
    package = tmp_path / "parallel_pool"
    package.mkdir()
    for child in pathlib.Path(parallel_pool.__file__).parent.iterdir():
        if child.name not in FAMILIES:
            (package / child.name).symlink_to(child)
    family = package / name
    family.mkdir()
    for path in [*(SCAFFOLDED / name).glob("*.py"), SCAFFOLDED / name / "family_facts.bzl"]:
        (family / path.name).symlink_to(path)
    (family / f"{name}_ext.so").symlink_to(WORKSPACE / "tools" / f"{name}_ext.so")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    run = subprocess.run([sys.executable, "-c", LISTED], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert f"{FAMILIES[name][1]}-v0" in run.stdout.split()
    # The tooling finds it with no list to edit: the fuzzer, the sanitizer smoke, the seed
    # test, the docs and the benchmark read every family's facts (family_facts.all_facts).
    run = subprocess.run([sys.executable, "-c", TOOLING, name], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    task = f"{FAMILIES[name][1]}-v0"
    assert run.stdout.split() == [task, task, task, task, FAMILIES[name][1]], run.stdout
    targets = subprocess.run(
        [sys.executable, str(package / "family_facts.py"), "sanitizer-targets", "--in-make-test"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert f"//reliability:sanitizer_smoke_{name}_test" in targets
    test = family / f"{name}_test.py"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert " passed" in run.stdout


def test_the_files_pass_lint() -> None:
    # What `make lint` runs, with the repository's configs.
    ruff = pathlib.Path(sys.executable).parent / "ruff"
    clang_format = pathlib.Path(sys.executable).parent / "clang-format"
    if not ruff.exists() or not clang_format.exists():
        pytest.skip("no ruff or clang-format beside the interpreter (make setup installs both)")
    python = [str(p) for name in FAMILIES for p in (SCAFFOLDED / name).glob("*.py")]
    cpp = [str(p) for name in FAMILIES for pattern in ("*.h", "*.cc") for p in (SCAFFOLDED / name).glob(pattern)]
    config = str(WORKSPACE / "ruff.toml")
    style = f"--style=file:{WORKSPACE / '.clang-format'}"
    for command in (
        [ruff, "check", "--no-cache", "--config", config, *python],
        [ruff, "format", "--check", "--no-cache", "--config", config, *python],
        [clang_format, style, "--dry-run", "--Werror", *cpp],
    ):
        run = subprocess.run(command, capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Corridor", "snake case"),
        ("2d_maze", "snake case"),
        ("grid__world", "snake case"),
        ("x" * 33, "at most 32"),
        ("class", "keyword"),
        ("import", "keyword"),
        ("std", "keyword"),
        ("taken", "already exists"),
    ],
)
def test_bad_names_are_refused_with_the_reason(name: str, message: str, tmp_path: pathlib.Path) -> None:
    (tmp_path / "parallel_pool" / "taken").mkdir(parents=True)
    (tmp_path / "parallel_pool" / "taken" / "BUILD").write_text("")
    with pytest.raises(SystemExit, match=message):
        new_family.scaffold(name, multi_player=False, root=tmp_path, task_id=None)


def test_a_task_id_already_registered_is_refused(tmp_path: pathlib.Path) -> None:
    other = tmp_path / "parallel_pool" / "games"
    other.mkdir(parents=True)
    (other / "registration.py").write_text('register(task_id="Maze-v0")\n')
    with pytest.raises(SystemExit, match=r"Maze-v0 is already registered .* pass --task-id"):
        new_family.scaffold("maze", multi_player=False, root=tmp_path, task_id=None)
    new_family.scaffold("maze", multi_player=False, root=tmp_path, task_id="MyMaze-v0")
    family = tmp_path / "parallel_pool" / "maze"
    assert 'task_id="MyMaze-v0"' in (family / "registration.py").read_text()
    assert 'TASK = "MyMaze-v0"' in (family / "maze_test.py").read_text()


def test_a_failed_scaffold_leaves_nothing(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_tidy(paths: list[pathlib.Path], root: pathlib.Path) -> None:
        raise SystemExit("new_family: tidy failed")

    monkeypatch.setattr(new_family, "tidy", broken_tidy)
    with pytest.raises(SystemExit, match="tidy failed"):
        new_family.scaffold("corridor", multi_player=False, root=tmp_path, task_id=None)
    assert list((tmp_path / "parallel_pool").iterdir()) == []


def test_renaming_moves_the_template_into_the_package_and_keeps_the_cpp_keyword() -> None:
    renamer = new_family.Renamer("several_players", "duel", "Duel-v0")
    before = (
        "template <typename Config>\nparallel_pool::several_players::SeveralPlayersEnvPool\n"
        '"templates/several_players/x.h"\nTEMPLATES_SEVERAL_PLAYERS_SEVERAL_PLAYERS_ENV_H_\n'
        'import_path="templates.several_players"\ntask_id="SeveralPlayers-v0"'
    )
    after = (
        "template <typename Config>\nparallel_pool::duel::DuelEnvPool\n"
        '"parallel_pool/duel/x.h"\nPARALLEL_POOL_DUEL_DUEL_ENV_H_\n'
        'import_path="parallel_pool.duel"\ntask_id="Duel-v0"'
    )
    assert renamer.text(before) == after
    assert new_family.leftovers('import_path="templates.duel"', "several_players") == ["templates.duel"]
    template_only = '    py_deps = ["//templates"],  # template only: why\n'
    assert renamer.text('    hdrs = ["h"],\n' + template_only) == '    hdrs = ["h"],\n'
    assert new_family.camel("grid_world2") == "GridWorld2"
