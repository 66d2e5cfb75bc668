#!/usr/bin/env python3
"""Scaffolds an env family: `tools/new_family.py NAME [--multi-player]`.

Copies a template (templates/one_player/ or templates/several_players/) into
parallel_pool/NAME/ and renames it, so that the new family builds and its
tests pass with no edit outside its folder:

    tools/new_family.py corridor
    bazel test //parallel_pool/corridor/...

The template is templates/one_player/ (task id OnePlayer-v0) or, with
--multi-player, templates/several_players/ (SeveralPlayers-v0). The templates live
outside the package, so their ids never reach users; the copy lives inside it.
With NAME = my_maze (snake case) and Name = MyMaze, it writes

    parallel_pool/my_maze/BUILD               env_family(name = "my_maze", ...)
    parallel_pool/my_maze/my_maze_env.h       namespace parallel_pool::my_maze, class MyMazeEnv
    parallel_pool/my_maze/my_maze_ext.cc      PYBIND11_MODULE(my_maze_ext, m), binding "MyMaze"
    parallel_pool/my_maze/__init__.py         MyMazeEnvSpec, MyMaze{DM,Gym,Gymnasium}EnvPool
    parallel_pool/my_maze/registration.py     registers MyMaze-v0 (or --task-id)
    parallel_pool/my_maze/my_maze_test.py     the template's tests, renamed

Those names are the naming rules every family follows (docs/new_env.md):
the package directory, env_family's `name`, `<name>_ext.cc` and
`PYBIND11_MODULE(<name>_ext, m)` are all NAME. The family is then found by
`import parallel_pool` and by Bazel's //parallel_pool without being listed
anywhere. The Python files are tidied with ruff, and the C++ ones with
clang-format when the repository has a .clang-format, so that `make lint`
passes on the new family as it stands.
"""

from __future__ import annotations

import argparse
import keyword
import os
import pathlib
import re
import shutil
import subprocess
import sys

# Not resolved: run by Bazel (tools:new_family), the templates are in the
# runfiles beside this file, not in a source tree.
REPO = pathlib.Path(__file__).absolute().parent.parent
ONE_PLAYER, SEVERAL_PLAYERS = "one_player", "several_players"
# Where the templates live: a folder beside the package, not inside it.
TEMPLATES = "templates"
# What a template holds, by name pattern; anything else (a built module
# linked in by `make develop`, __pycache__) is not copied.
COPIED = ("BUILD", "*.h", "*.cc", "*.py", "family_facts.bzl")
SCAFFOLD = "tools/new_family.py"
# Ends the lines a template needs only because it lives outside the package
# (its BUILD's py_deps on //templates): the copy leaves them out.
TEMPLATE_ONLY = "# template only"
# Where `make setup` puts ruff (and everything else the project needs).
PROJECT_VENV = pathlib.Path.home() / ".cache" / "parallel_pool" / "venv"
NAME_PATTERN = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*\Z")
MAX_NAME_LENGTH = 32
# The namespace is parallel_pool::NAME, so NAME must be a C++ identifier too,
# and not one that would hide a namespace the env's code names (std::...).
CPP_RESERVED = frozenset(
    """alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t
    char32_t class compl concept const consteval constexpr constinit const_cast continue co_await
    co_return co_yield decltype default delete do double dynamic_cast else enum explicit export
    extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq
    nullptr operator or or_eq private protected public register reinterpret_cast requires return
    short signed sizeof static static_assert static_cast struct switch template this thread_local
    throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t while
    xor xor_eq std pybind11 py""".split()
)


def camel(name: str) -> str:
    """my_maze -> MyMaze: the prefix of the family's C++ and Python class names."""
    return "".join(part.capitalize() for part in name.split("_"))


def check_name(name: str, package_dir: pathlib.Path) -> None:
    """Raises SystemExit saying what is wrong with `name`, if anything."""
    if not NAME_PATTERN.match(name) or len(name) > MAX_NAME_LENGTH:
        raise SystemExit(
            f"new_family: {name!r} is not a family name: use snake case, a lowercase letter first, "
            f"then lowercase letters, digits and single underscores, at most {MAX_NAME_LENGTH} characters "
            "(e.g. corridor, grid_world)"
        )
    if keyword.iskeyword(name) or name in CPP_RESERVED:
        raise SystemExit(f"new_family: {name!r} is a Python or C++ keyword (or std/pybind11): choose another name")
    folder = package_dir / name
    if (folder.exists() and (not folder.is_dir() or any(folder.iterdir()))) or (package_dir / f"{name}.py").exists():
        raise SystemExit(f"new_family: parallel_pool/{name} already exists: choose another name")


def registered_ids(package_dir: pathlib.Path) -> dict[str, pathlib.Path]:
    """The task ids written as literals in the families' registration.py files."""
    ids = {}
    for registration in sorted(package_dir.glob("*/registration.py")):
        for task_id in re.findall(r"""["']([A-Za-z0-9_/]+-v\d+)["']""", registration.read_text()):
            ids[task_id] = registration
    return ids


class Renamer:
    """Renames a template's identifiers, paths and task id after the new family.

    The template's location becomes the family's (templates/one_player ->
    parallel_pool/corridor, templates.one_player -> parallel_pool.corridor,
    TEMPLATES_ONE_PLAYER_... -> PARALLEL_POOL_CORRIDOR_...), then every
    identifier the template is named in is rewritten, by its case:
    one_player_ext -> corridor_ext, OnePlayerEnvPool -> CorridorEnvPool,
    parallel_pool::one_player -> parallel_pool::corridor.
    """

    def __init__(self, template: str, name: str, task_id: str) -> None:
        self.template, self.name, self.task_id = template, name, task_id
        self.template_camel, self.camel = camel(template), camel(name)
        self.template_upper = re.compile(rf"(?<![A-Z0-9]){template.upper()}(?![A-Z0-9])")
        self.location = re.compile(rf"\b{TEMPLATES}([/.]){template}\b")
        self.guard = re.compile(rf"\b{TEMPLATES.upper()}_{template.upper()}_")
        self.default_task_id = f'"{self.camel}-v0"'

    def path(self, filename: str) -> str:
        return re.sub(r"[A-Za-z_]\w*", self._identifier, filename)

    def text(self, text: str) -> str:
        text = "".join(line for line in text.splitlines(keepends=True) if TEMPLATE_ONLY not in line)
        text = self.location.sub(rf"parallel_pool\g<1>{self.template}", text)
        text = self.guard.sub(f"PARALLEL_POOL_{self.template.upper()}_", text)
        text = re.sub(r"[A-Za-z_]\w*", self._identifier, text)
        return text.replace(self.default_task_id, f'"{self.task_id}"')

    def _identifier(self, match: re.Match[str]) -> str:
        word = match.group(0)
        bare = word.lstrip("_")
        underscores = word[: len(word) - len(bare)]
        if bare == self.template or bare.startswith(self.template + "_"):
            return underscores + self.name + bare[len(self.template) :]
        rest = bare[len(self.template_camel) :]
        if bare.startswith(self.template_camel) and not rest[:1].islower():
            return underscores + self.camel + rest
        return self.template_upper.sub(self.name.upper(), word)


def leftovers(text: str, template: str) -> list[str]:
    """The identifiers of `text` still named after `template`, and paths into templates/.

    The line saying where the family came from (it names the template on
    purpose) is not a leftover.
    """
    found = []
    for line in text.splitlines():
        if SCAFFOLD in line:
            continue
        for match in re.finditer(r"[A-Za-z_]\w*", line):
            word = match.group(0)
            if any(form in word for form in (template, camel(template), template.upper())):
                found.append(word)
        found += re.findall(rf"\b{TEMPLATES}[/.]\w+|//{TEMPLATES}\b", line)
    return found


def provenance(first_line: str, subject: str, template: str) -> str:
    """The template's first line (the one naming this script) rewritten for the copy."""
    said = f"{subject}, made by {SCAFFOLD} from {TEMPLATES}/{template}/."
    line = first_line.rstrip()
    if line.startswith('"""') and line.endswith('"""') and len(line) >= 6:
        return f'"""{said}"""'
    for opener in ("// ", "# "):
        if line.startswith(opener):
            return opener + said
    raise ValueError(f"a template file must start with a one-line comment or docstring, not {first_line!r}")


def scaffold(name: str, multi_player: bool, root: pathlib.Path, task_id: str | None) -> list[pathlib.Path]:
    """Writes parallel_pool/NAME/ under `root`; returns the files written."""
    template = SEVERAL_PLAYERS if multi_player else ONE_PLAYER
    source = REPO / TEMPLATES / template
    root = root.absolute()
    package_dir = root / "parallel_pool"
    check_name(name, package_dir)
    task_id = task_id or f"{camel(name)}-v0"
    if not re.fullmatch(r"[A-Za-z0-9_/]+-v\d+", task_id):
        raise SystemExit(f"new_family: task id {task_id!r} must look like Name-v0")
    taken = {**registered_ids(REPO / "parallel_pool"), **registered_ids(package_dir)}
    if task_id in taken:
        raise SystemExit(f"new_family: {task_id} is already registered by {taken[task_id]}: pass --task-id")

    renamer = Renamer(template, name, task_id)

    target = package_dir / name
    target.mkdir(parents=True, exist_ok=True)
    written = []
    try:
        for pattern in COPIED:
            for path in sorted(source.glob(pattern)):
                lines = renamer.text(path.read_text()).splitlines(keepends=True)
                if SCAFFOLD in lines[0]:
                    subject = f"{camel(name)}Env" if path.suffix == ".h" else f"The {name} family"
                    lines[0] = provenance(lines[0], subject, template) + "\n"
                out = target / renamer.path(path.name)
                out.write_text("".join(lines))
                written.append(out)
        tidy(written, root)
        for path in written:
            left = leftovers(path.read_text(), template)
            if left:
                raise SystemExit(f"new_family: {path} still names the template: {sorted(set(left))}")
    except BaseException:
        # No half-made family left behind: it would be discovered, and fail to load.
        for path in written:
            path.unlink(missing_ok=True)
        if not any(target.iterdir()):
            target.rmdir()
        raise
    return written


def _tool(name: str) -> str | None:
    """`name` beside this interpreter, else in the project venv, else on PATH.

    The venv's ruff first: it is the version `make lint` runs.
    """
    for folder in (pathlib.Path(sys.executable).parent, PROJECT_VENV / "bin"):
        if (folder / name).exists():
            return str(folder / name)
    return shutil.which(name)


def tidy(paths: list[pathlib.Path], root: pathlib.Path) -> None:
    """Formats the new files as `make lint` wants them."""
    python = [str(p) for p in paths if p.suffix == ".py"]
    ruff = _tool("ruff")
    config = root / "ruff.toml" if (root / "ruff.toml").exists() else REPO / "ruff.toml"
    if ruff is None:
        print("new_family: ruff not found (make setup installs it); run `make lint` on the new files", file=sys.stderr)
    else:
        # A longer or shorter name moves line breaks. (The import order cannot
        # change: a family imports its own module relatively.)
        subprocess.run([ruff, "format", "--config", str(config), "--no-cache", "-q", *python], check=True, cwd=root)
    cpp = [str(p) for p in paths if p.suffix in (".h", ".cc")]
    style = root / ".clang-format" if (root / ".clang-format").exists() else REPO / ".clang-format"
    clang_format = _tool("clang-format")
    if clang_format is not None and style.exists():
        subprocess.run([clang_format, "-i", f"--style=file:{style}", *cpp], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Create parallel_pool/NAME/, a new env family copied from a template (docs/new_env.md)."
    )
    parser.add_argument("name", help="the family's name, in snake case (e.g. corridor): package, module and namespace")
    parser.add_argument(
        "--multi-player",
        action="store_true",
        help="copy templates/several_players/ (players with their own actions and rewards) "
        "instead of templates/one_player/",
    )
    parser.add_argument("--task-id", help="the task id to register (default: <Name>-v0)")
    parser.add_argument(
        "--root",
        type=pathlib.Path,
        # `bazel run //tools:new_family -- NAME` runs from the runfiles: write into the workspace.
        default=pathlib.Path(os.environ.get("BUILD_WORKSPACE_DIRECTORY", REPO)),
        help="the repository to write into (default: this one)",
    )
    args = parser.parse_args(argv)
    written = scaffold(args.name, args.multi_player, args.root, args.task_id)
    folder = written[0].parent
    print(f"Created {folder}/:")
    for path in written:
        print(f"  {path.name}")
    print(
        f"\nBuild it and run its tests:\n"
        f"  bazel test //parallel_pool/{args.name}/...     (or: make test-family FAMILY={args.name})\n"
        f"Then write your env in {folder / (args.name + '_env.h')} and its tests in "
        f"{folder / (args.name + '_test.py')} (docs/new_env.md)."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
