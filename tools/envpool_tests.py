"""Runs EnvPool's own Python tests, for the families we have, against parallel_pool.

Each test file, read from an EnvPool git snapshot into a temporary folder, runs under pytest
in its own process, with an import shim that makes `envpool[.a.b]` be `parallel_pool[.a.b]`.
Results: <out>/summary.json and <out>/summary.md. See tools/envpool_tests.md.

This file is the runner (`main`), the shim (`install_shim`, from a generated sitecustomize.py)
and the pytest plugin (the `pytest_*` hooks) at once.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SNAPSHOT = Path("/work/.mirror/sail-sg+envpool/repo")

# The name the harness is imported under in test processes (by sitecustomize, then by
# pytest's `-p`): one module object serves as both shim and plugin.
HARNESS_MODULE = "_envpool_tests_harness"
CONFIG_ENV = "ENVPOOL_TESTS_CONFIG"  # JSON file: aliases and helper modules for the shim
EVENTS_ENV = "ENVPOOL_TESTS_EVENTS"  # JSON-lines file the plugin appends to

# EnvPool's tests run here: make_test.py (the top-level API), and each family's
# folders of EnvPool's tree, from its facts (family_facts.bzl's envpool_test_dirs).
# EnvPool families we do not have (jumanji, pgx, gfootball, highway, metaworld, myosuite,
# playground, robotics, procgen, dummy) name no folder, so their tests are not run.
TOP_LEVEL_TESTS = ("envpool", "make_test.py")


def test_globs() -> tuple[tuple[str, str], ...]:
    """(folder in EnvPool's tree, file pattern) of every test file to run."""
    from parallel_pool import family_facts  # here: the harness in test processes needs none of it

    folders = sorted({d for facts in family_facts.all_facts().values() for d in facts.envpool_test_dirs})
    return (TOP_LEVEL_TESTS, *((folder, "*_test.py") for folder in folders))


def helper_modules() -> tuple[str, ...]:
    """Modules of EnvPool's tree that are test support (shared asserts, a network for the
    pretrained-policy test), not package API, from each family's facts
    (envpool_test_helpers). The tests import them as envpool.<x>; they are served from
    the extracted copy so that the tests using them reach our package (they import
    envpool.* themselves, through the shim). --no-helpers turns this off."""
    from parallel_pool import family_facts

    return tuple(sorted({h for facts in family_facts.all_facts().values() for h in facts.envpool_test_helpers}))


# Data that EnvPool's build puts beside its tests and its git tree lacks: (folder under the
# extracted tests, installed package that holds it, folder in that package). ViZDoom's DFP
# maps come from envpool-assets, the package our vizdoom family reads them from too.
TEST_DATA: tuple[tuple[str, str, str], ...] = (("vizdoom/maps", "envpool_assets", "vizdoom/maps"),)

# Outcomes that are not a pass: the columns of the counts table, after "passed".
NOT_PASSED = ("failed", "error", "timeout", "crashed", "xpassed", "skipped", "xfailed")


# ---------------------------------------------------------------------------
# The shim (runs in every Python process of a test run, from sitecustomize.py)
# ---------------------------------------------------------------------------


class _AliasLoader(importlib.abc.Loader):
    """Hands the import system a module that is already loaded under its real name."""

    def __init__(self, module: ModuleType) -> None:
        self._module = module
        self._own_spec = module.__spec__

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        # The very object, so `envpool.X is parallel_pool.X` and classes compare identical.
        return self._module

    def exec_module(self, module: ModuleType) -> None:
        # Already executed under its own name (running it again would re-register families).
        # The import system has just set __spec__ to the envpool name: give the module its own
        # back, so its lazy relative imports and repr still say parallel_pool.
        module.__spec__ = self._own_spec


class EnvpoolAliasFinder(importlib.abc.MetaPathFinder):
    """Resolves `envpool[.x.y]` to `parallel_pool[.x.y]` (or to an --alias target), and
    EnvPool's test-support modules to their extracted files.

    It sits first on sys.meta_path, ahead of the installed `envpool` wheel, which must never
    load here: its MuJoCo library would meet ours in the same process."""

    def __init__(self, aliases: dict[str, str], helpers: dict[str, str]) -> None:
        # Longest prefix first, so `envpool.mujoco.dmc` wins over `envpool`.
        self._aliases = sorted(aliases.items(), key=lambda kv: -len(kv[0]))
        self._helpers = helpers
        self._mirroring: set[str] = set()  # parallel_pool names being mirrored (an alias into itself would loop)

    def target(self, fullname: str) -> str:
        for prefix, replacement in self._aliases:
            if fullname == prefix or fullname.startswith(prefix + "."):
                return replacement + fullname[len(prefix) :]
        return "parallel_pool" + fullname[len("envpool") :]

    def _served_elsewhere(self, envpool_name: str) -> bool:
        """Whether `envpool_name` is a helper or under an --alias (not `parallel_pool.<same>`)."""
        return envpool_name in self._helpers or any(
            envpool_name == prefix or envpool_name.startswith(prefix + ".") for prefix, _ in self._aliases
        )

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname.startswith("parallel_pool."):
            # `from envpool.x import y` looks y up as `<x's real __name__>.y`, i.e. parallel_pool.x.y:
            # where envpool.x.y is a helper or an alias, give that name the same module.
            mirrored = "envpool" + fullname[len("parallel_pool") :]
            if not self._served_elsewhere(mirrored) or fullname in self._mirroring:
                return None
            if mirrored not in self._helpers and self.target(mirrored) == fullname:
                return None  # an alias onto itself: the ordinary import
            self._mirroring.add(fullname)
            try:
                module = importlib.import_module(mirrored)
            finally:
                self._mirroring.discard(fullname)
            return importlib.machinery.ModuleSpec(
                fullname, _AliasLoader(module), is_package=hasattr(module, "__path__")
            )
        if fullname != "envpool" and not fullname.startswith("envpool."):
            return None
        if fullname in self._helpers:
            return importlib.util.spec_from_file_location(fullname, self._helpers[fullname])
        real_name = self.target(fullname)
        try:
            module = importlib.import_module(real_name)
        except ModuleNotFoundError as exc:
            # Only a missing counterpart is reported under the envpool name; a module of ours
            # that exists but lacks one of its own dependencies keeps its own error.
            if exc.name is not None and (real_name == exc.name or real_name.startswith(exc.name + ".")):
                raise ModuleNotFoundError(
                    f"No module named {fullname!r} (the shim looked for {real_name!r}, which does not exist)",
                    name=fullname,
                ) from None
            raise
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(module), is_package=hasattr(module, "__path__"))


def install_shim() -> None:
    """Puts the finder first on sys.meta_path, configured from $ENVPOOL_TESTS_CONFIG."""
    config_path = os.environ.get(CONFIG_ENV)
    config: dict[str, Any] = json.loads(Path(config_path).read_text()) if config_path else {}
    if any(isinstance(f, EnvpoolAliasFinder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, EnvpoolAliasFinder(config.get("aliases", {}), config.get("helpers", {})))
    # A real `envpool` imported before us (it cannot be, from sitecustomize) would shadow the shim.
    for name in [n for n in sys.modules if n == "envpool" or n.startswith("envpool.")]:
        del sys.modules[name]


# ---------------------------------------------------------------------------
# The pytest plugin (loaded with `-p _envpool_tests_harness` in each test process)
# ---------------------------------------------------------------------------


def _emit(event: dict[str, Any]) -> None:
    path = os.environ.get(EVENTS_ENV)
    if not path:
        return
    # One line per event, flushed at once: a process killed mid-test keeps what came before.
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(event) + "\n")


def _first_error_line(report: Any) -> str:
    """The exception line of a report: `Type: message`, its first line."""
    longrepr = report.longrepr
    if longrepr is None:
        return ""
    if isinstance(longrepr, tuple):  # a skip: (path, line, "Skipped: reason")
        return str(longrepr[2]).removeprefix("Skipped: ").strip().splitlines()[0] if longrepr[2] else ""
    crash_message = getattr(getattr(longrepr, "reprcrash", None), "message", None)
    if crash_message and str(crash_message).strip():
        return str(crash_message).strip().splitlines()[0]
    # Collection errors come as text; pytest marks the exception lines with "E   ".
    lines = str(longrepr).splitlines()
    marked = [i for i, line in enumerate(lines) if line.startswith("E ")]
    if marked:
        # The last exception is the one raised; its message starts the last run of E lines.
        first = marked[-1]
        while first - 1 in marked:
            first -= 1
        return lines[first][1:].strip()
    text = [line.strip() for line in lines if line.strip()]
    return text[-1] if text else ""


def _subtest_label(report: Any) -> str:
    """`[msg] (key=value, ...)` of a subtest's report (pytest's SubtestReport has `context`); "" otherwise."""
    context = getattr(report, "context", None)
    if context is None:
        return ""
    parts = [] if getattr(context, "msg", None) is None else [f"[{context.msg}]"]
    kwargs = getattr(context, "kwargs", None) or {}
    if kwargs:
        parts.append("(" + ", ".join(f"{k}={v!r}" for k, v in kwargs.items()) + ")")
    return " ".join(parts) or "(subtest)"


def pytest_configure(config: pytest.Config) -> None:
    # absltest.main() parses absl's flags before any test runs; under pytest nothing does,
    # and absltest.TestCase helpers (create_tempdir, ...) refuse unparsed flags.
    try:
        from absl import flags

        if not flags.FLAGS.is_parsed():
            flags.FLAGS.mark_as_parsed()
    except ImportError:
        pass
    # Without the shim, `import envpool` would load the installed EnvPool (whose MuJoCo must not
    # meet ours in one process) and the results would be EnvPool's: stop before any import.
    if not any(isinstance(finder, EnvpoolAliasFinder) for finder in sys.meta_path):
        raise RuntimeError("the envpool import shim is not installed (sitecustomize.py not on PYTHONPATH?)")
    import envpool

    _emit({"event": "configure", "envpool": str(getattr(envpool, "__file__", "")), "time": time.time()})


def pytest_runtest_logstart(nodeid: str, location: tuple[str, int | None, str]) -> None:
    _emit({"event": "start", "nodeid": nodeid, "time": time.time()})


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _emit(
        {
            "event": "report",
            "nodeid": report.nodeid,
            "when": report.when,
            "outcome": report.outcome,
            "xfail": hasattr(report, "wasxfail"),
            "message": _first_error_line(report) if not report.passed else "",
            # unittest's subTest (pytest reports each failing one apart): its label, e.g. "(task_id='X')".
            "subtest": _subtest_label(report),
            "duration": report.duration,
        }
    )


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.failed:
        _emit({"event": "collect", "nodeid": report.nodeid, "outcome": "error", "message": _first_error_line(report)})


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _emit({"event": "finish", "exitstatus": int(exitstatus), "time": time.time()})


# ---------------------------------------------------------------------------
# The runner
# ---------------------------------------------------------------------------


def _git(snapshot: Path, *args: str) -> bytes:
    return subprocess.run(["git", "-C", str(snapshot), *args], check=True, capture_output=True).stdout


def select_test_files(snapshot: Path, rev: str, only: Sequence[str]) -> list[str]:
    """The paths of the test files of test_globs() in the snapshot (filtered by --only)."""
    names = _git(snapshot, "ls-tree", "-r", "--name-only", rev).decode().splitlines()
    chosen = []
    for name in names:
        folder, _, base = name.rpartition("/")
        if any(folder == f and Path(base).match(pattern) for f, pattern in test_globs()):
            chosen.append(name)
    if only:
        chosen = [name for name in chosen if any(s in name for s in only)]
    return sorted(chosen)


def prepare_workdir(
    snapshot: Path, rev: str, workdir: Path, test_files: Sequence[str], aliases: dict[str, str], helpers: bool
) -> tuple[Path, dict[str, str]]:
    """Extracts tests and helpers into workdir and writes the shim's sitecustomize and config.

    Returns the folder holding the tests and the environment for the pytest processes."""
    tests_dir = workdir / "tests"
    shim_dir = workdir / "shim"
    for folder in (tests_dir, shim_dir):
        folder.mkdir(parents=True, exist_ok=True)
    for name in test_files:
        # Tests keep EnvPool's folders below envpool/ (make_test.py at the top): files that
        # read data beside themselves find the same layout, and no `envpool` folder appears
        # on sys.path to compete with the shim.
        dest = tests_dir / name.removeprefix("envpool/")
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(_git(snapshot, "show", f"{rev}:{name}"))
    helper_paths: dict[str, str] = {}
    if helpers:
        present = set(_git(snapshot, "ls-tree", "-r", "--name-only", rev).decode().splitlines())
        for name in helper_modules():
            if name not in present:
                continue
            dest = workdir / "helpers" / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(_git(snapshot, "show", f"{rev}:{name}"))
            helper_paths[name.removesuffix(".py").replace("/", ".")] = str(dest)
    for data_folder, package, inside in TEST_DATA:
        # find_spec of a top-level name locates the package without running it.
        spec = importlib.util.find_spec(package)
        roots = list(spec.submodule_search_locations or []) if spec is not None else []
        link = tests_dir / data_folder
        if roots and (Path(roots[0]) / inside).is_dir() and link.parent.is_dir() and not link.exists():
            link.symlink_to(Path(roots[0]) / inside, target_is_directory=True)
    # A pytest.ini here stops pytest from looking above the workdir for another config.
    (tests_dir / "pytest.ini").write_text("[pytest]\n")
    config_path = workdir / "shim_config.json"
    config_path.write_text(json.dumps({"aliases": aliases, "helpers": helper_paths}, indent=1))
    # sitecustomize runs at the start of every Python process that has shim_dir on its path:
    # the pytest process and any interpreter a test starts with the inherited environment.
    (shim_dir / "sitecustomize.py").write_text(
        "import importlib.util, sys\n"
        f"_spec = importlib.util.spec_from_file_location({HARNESS_MODULE!r}, {str(Path(__file__).resolve())!r})\n"
        "_module = importlib.util.module_from_spec(_spec)\n"
        f"sys.modules[{HARNESS_MODULE!r}] = _module\n"
        "_spec.loader.exec_module(_module)\n"
        "_module.install_shim()\n"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(shim_dir), str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    env[CONFIG_ENV] = str(config_path)
    # No __pycache__ written into this tree (others work in it) or beside the tests.
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    # No display on the machines this runs on: MuJoCo's renderers go headless unless told otherwise.
    env.setdefault("MUJOCO_GL", "egl")
    return tests_dir, env


def _aggregate(events: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], str | None, bool]:
    """Per-test outcomes from the plugin's events; the test still running when the stream
    stopped (None if none); whether the session finished."""
    tests: dict[str, dict[str, Any]] = {}
    in_flight: str | None = None
    finished = False
    for ev in events:
        kind = ev["event"]
        if kind == "start":
            in_flight = ev["nodeid"]
            tests.setdefault(ev["nodeid"], {"outcome": "passed", "message": ""})
        elif kind == "collect":
            tests[ev["nodeid"]] = {"outcome": "error", "message": ev["message"]}
        elif kind == "report":
            entry = tests.setdefault(ev["nodeid"], {"outcome": "passed", "message": ""})
            new = _phase_outcome(ev)
            if ev.get("subtest") and new in ("failed", "error"):
                entry.setdefault("subtests", []).append({"subtest": ev["subtest"], "message": ev["message"]})
            # The worst phase wins (a failed call beats a teardown error beats a skip).
            if new and _rank(new) > _rank(entry["outcome"]):
                entry["outcome"], entry["message"] = new, ev["message"]
            if ev["when"] == "teardown":
                in_flight = None
        elif kind == "finish":
            finished = True
            in_flight = None
    rows: list[dict[str, Any]] = [{"test": nodeid, **entry} for nodeid, entry in tests.items()]
    return rows, in_flight, finished


def _phase_outcome(ev: dict[str, Any]) -> str | None:
    if ev["outcome"] == "passed":
        return "xpassed" if ev["xfail"] else None
    if ev["outcome"] == "skipped":
        return "xfailed" if ev["xfail"] else "skipped"
    return "failed" if ev["when"] == "call" else "error"


def _rank(outcome: str) -> int:
    return {"passed": 0, "xfailed": 1, "skipped": 2, "xpassed": 3, "error": 4, "failed": 5}.get(outcome, 6)


def run_file(
    name: str, tests_dir: Path, env: dict[str, str], out: Path, timeout: float, pytest_args: Sequence[str]
) -> dict[str, Any]:
    """Runs one test file in its own pytest process; returns its summary entry."""
    rel = name.removeprefix("envpool/")
    stem = rel.replace("/", "__").removesuffix(".py")
    events_path = out / "events" / f"{stem}.jsonl"
    events_path.unlink(missing_ok=True)
    log_path = out / "logs" / f"{stem}.log"
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        rel,
        "-p",
        "no:cacheprovider",
        "-p",
        HARNESS_MODULE,
        # sitecustomize imported the harness before pytest could offer to rewrite its asserts.
        "-W",
        f"ignore:Module already imported so cannot be rewritten; {HARNESS_MODULE}:pytest.PytestAssertRewriteWarning",
        "-q",
        "-rA",
        "--rootdir",
        str(tests_dir),
        *pytest_args,
    ]
    started = time.monotonic()
    status = "ok"
    with open(log_path, "wb") as log:
        # A session of its own, so a timeout can end the whole group (pytest and anything it started).
        proc = subprocess.Popen(
            cmd, cwd=tests_dir, env={**env, EVENTS_ENV: str(events_path)}, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        try:
            returncode = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            returncode = proc.wait()
            status = "timeout"
    duration = time.monotonic() - started
    events = [json.loads(line) for line in events_path.read_text().splitlines()] if events_path.exists() else []
    rows, in_flight, finished = _aggregate(events)
    ours = str(REPO_ROOT / "parallel_pool")
    for ev in events:
        if ev["event"] == "configure" and not str(ev.get("envpool", "")).startswith(ours):
            # The shim did not take: these results would be EnvPool's own, not ours.
            status = f"shim failed: envpool is {ev.get('envpool')}"
    if status == "ok" and not finished:
        why = f"exit status {returncode}" if returncode >= 0 else signal.Signals(-returncode).name
        status = f"crashed ({why})"
    if in_flight is not None and status != "ok":
        for row in rows:
            if row["test"] == in_flight:
                row["outcome"] = "timeout" if status == "timeout" else "crashed"
                row["message"] = f"{status} after {duration:.0f} s; see {log_path}"
    if not rows and status != "ok":
        rows = [{"test": rel, "outcome": "timeout" if status == "timeout" else "crashed", "message": status}]
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["outcome"]] = counts.get(row["outcome"], 0) + 1
    return {
        "file": name,
        "status": status,
        "returncode": returncode,
        "seconds": round(duration, 1),
        "counts": counts,
        "tests": rows,
        "log": str(log_path),
    }


def _md_cell(text: str, limit: int = 300) -> str:
    # Long messages (an assert that prints a whole list) are cut here; summary.json keeps them.
    text = text if len(text) <= limit else text[: limit - 3] + "..."
    return text.replace("|", "\\|").replace("\n", " ")


def write_summary(out: Path, meta: dict[str, Any], results: list[dict[str, Any]]) -> None:
    """summary.json (every test) and summary.md (per-file counts and every test not passed)."""
    (out / "summary.json").write_text(json.dumps({"meta": meta, "files": results}, indent=1))
    outcomes = ["passed", *NOT_PASSED]
    lines = [
        "# EnvPool's tests against parallel_pool",
        "",
        f"Snapshot `{meta['snapshot']}` at `{meta['commit']}`; aliases {meta['aliases'] or 'none'}; "
        f"helpers {'on' if meta['helpers'] else 'off'}.",
        "",
        "| file | status | seconds | " + " | ".join(outcomes) + " |",
        "| --- | --- | --- | " + " | ".join("---" for _ in outcomes) + " |",
    ]
    totals: dict[str, int] = {}
    for r in results:
        for k, v in r["counts"].items():
            totals[k] = totals.get(k, 0) + v
        cells = [str(r["counts"].get(o, 0)) for o in outcomes]
        lines.append(f"| {r['file']} | {r['status']} | {r['seconds']} | " + " | ".join(cells) + " |")
    lines.append("| **total** | | | " + " | ".join(str(totals.get(o, 0)) for o in outcomes) + " |")
    lines += ["", "## Tests not passed", "", "| file | test | outcome | error |", "| --- | --- | --- | --- |"]
    for r in results:
        for row in sorted(r["tests"], key=lambda t: (t["outcome"], t["test"])):
            if row["outcome"] != "passed":
                test = row["test"].split("::", 1)[-1]
                lines.append(f"| {r['file']} | {_md_cell(test)} | {row['outcome']} | {_md_cell(row['message'])} |")
                for sub in row.get("subtests", []):
                    label = _md_cell(f"{test} {sub['subtest']}")
                    lines.append(f"| {r['file']} | {label} | subtest failed | {_md_cell(sub['message'])} |")
    (out / "summary.md").write_text("\n".join(lines) + "\n")


def _parse_alias(text: str) -> tuple[str, str]:
    old, sep, new = text.partition("=")
    if not sep or not old.startswith("envpool") or not new:
        raise argparse.ArgumentTypeError(f"expected envpool.<x>=<module>, got {text!r}")
    return old, new


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("snapshot", nargs="?", type=Path, default=DEFAULT_SNAPSHOT, help="EnvPool git repository")
    parser.add_argument("--out", type=Path, default=None, help="folder for summary.json/.md, logs and events")
    parser.add_argument("--rev", default="HEAD", help="the snapshot's commit to read the tests from")
    parser.add_argument("--only", action="append", default=[], help="run files whose path contains this (repeatable)")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per test file")
    parser.add_argument("--workdir", type=Path, default=None, help="extract here, and keep (default: a temp folder)")
    parser.add_argument("--keep", action="store_true", help="keep the default temp folder")
    parser.add_argument("--list", action="store_true", help="print the selected files and stop")
    parser.add_argument(
        "--alias", action="append", default=[], type=_parse_alias, metavar="envpool.X=MODULE",
        help="map envpool.X (and below) to MODULE instead of parallel_pool.X (repeatable)",
    )  # fmt: skip
    parser.add_argument("--no-helpers", action="store_true", help="do not serve EnvPool's test-support modules")
    # Everything after `--` goes to pytest untouched (argparse would take `-p` there for ours).
    argv = list(sys.argv[1:] if argv is None else argv)
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    pytest_args = argv[split + 1 :]

    snapshot = args.snapshot.resolve()
    commit = _git(snapshot, "rev-parse", args.rev).decode().strip()
    files = select_test_files(snapshot, commit, args.only)
    if args.list or not files:
        print("\n".join(files) if files else "no test file selected")
        return 0 if files else 1
    if args.out is None:
        parser.error("--out is required")
    out = args.out.resolve()
    # EnvPool's code (and the logs, which quote it) stays out of this repository.
    for flag, folder in (("--workdir", args.workdir), ("--out", out)):
        if folder is not None and (folder.resolve() == REPO_ROOT or REPO_ROOT in folder.resolve().parents):
            parser.error(f"{flag}: must be outside this repository ({REPO_ROOT})")
    workdir = args.workdir.resolve() if args.workdir else Path(tempfile.mkdtemp(prefix="envpool_tests_"))
    for sub in ("logs", "events"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    aliases = dict(args.alias)
    meta = {
        "snapshot": str(snapshot),
        "commit": commit,
        "aliases": aliases,
        "helpers": not args.no_helpers,
        "timeout": args.timeout,
        "pytest_args": pytest_args,
        "python": sys.executable,
    }
    results: list[dict[str, Any]] = []
    try:
        tests_dir, env = prepare_workdir(snapshot, commit, workdir, files, aliases, not args.no_helpers)
        for i, name in enumerate(files, 1):
            print(f"[{i}/{len(files)}] {name} ...", flush=True)
            result = run_file(name, tests_dir, env, out, args.timeout, pytest_args)
            results.append(result)
            counts = ", ".join(f"{n} {o}" for o, n in sorted(result["counts"].items()))
            print(f"    {result['status']}, {result['seconds']} s: {counts}", flush=True)
            # Rewritten after every file, so a long run can be read (or stopped) half way.
            write_summary(out, meta, results)
    finally:
        if not args.keep and args.workdir is None:
            shutil.rmtree(workdir, ignore_errors=True)
    print(f"summary: {out / 'summary.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
