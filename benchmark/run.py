"""The benchmark: parallel_pool against EnvPool and gymnasium, side by side.

    python benchmark/run.py [--tasks CartPole-v1 ...] [--num-envs 1 2 8 32]
                            [--seconds 1.0] [--repeat 1] [--handoff-num-envs 1 8]
                            [--json results.json] [--markdown results.md]

For each task and num_envs it measures env steps/s for every method (see
benchmark/runners.py: gymnasium's env alone, SyncVectorEnv, AsyncVectorEnv,
EnvPool and parallel_pool in sync and async mode, for Atari ale_py's own
AtariVectorEnv; for a dm_control task dm_control's own loop replaces the
gymnasium env alone, and the vector envs step dm_control's env through
benchmark/dm_control_gym.py; for a ViZDoom task vizdoom.DoomGame's own loop,
gymnasium's AsyncVectorEnv over vizdoom's own gymnasium env, and EnvPool in a
subprocess, see below) and prints each task's tables when the task is done. Every
measurement is one window of --seconds on the wall clock after a warm-up of a tenth
of that; with --repeat R the whole plan runs R times (rounds spread across the run)
and each figure is the best of its R windows.

Progress goes to stderr, one line per measurement as it starts: which task,
num_envs and method, how far through the plan, the time so far and an
estimate of what remains (from the measurements done so far).

The default task list is every family's bench_tasks (each family's facts,
family_facts.bzl; the run warns if a registered family has no task in it).
A task is an id, or an id and its config as ID:key=value,... (MultiDuel-v1:max_num_players=2,
one 2-player match per env; its figures count player steps, rows of the batch). A family
with a bench_max_envs runs only the --num-envs up to that cap (ViZDoom: 8; every env is
an engine process), and one with bench_min_rounds at least that many rounds (ViZDoom and
Atari: 3, each figure the best of 3 windows).
A default task parallel_pool does not register (HumanoidRun-v1 until the
dm_control family's humanoid lands) is left out with a note; a --tasks id it
does not register runs without the parallel_pool columns, with a note. Notes
go to stderr, the JSON and the report. Targets: >= EnvPool on every row; for
cheap envs never slower than the for-loop; num_envs=1 faster than one plain
gymnasium env; Atari >= 1.2x AtariVectorEnv at every num_envs in both modes, the best
row >= 90% of the limit and one env >= 2x one gymnasium env (its targets table);
MuJoCo >= 2x AsyncVectorEnv and >= 90% of the physical limit;
dm_control >= 90% of the limit with 8+ envs and one env >= 1.5x dm_control's
own loop (the report's dm_control targets table checks these and EnvPool's); ViZDoom
>= 1.5x AsyncVectorEnv and >= 90% of the limit with num_envs >= cores (its targets
table).

ViZDoom (benchmark/runners.py, benchmark/vizdoom_limit.py): the DoomGame loop is one
vizdoom.DoomGame stepped with make_action(a, 4) (for a match one process per player);
AsyncVectorEnv steps vizdoom's own gymnasium env (full-size screen, no resize) with
frame_skip 4; EnvPool's ViZDoom runs in a subprocess, and where it crashes or fails the
task's EnvPool columns stay empty with a note saying why. The limit of a single-player
task is T x one DoomGame's steps/s (no screen read, no resize), T = min(num_envs, cores),
measured in windows interleaved as the MuJoCo limit's (below).

Atari (benchmark/atari_limit.py): the limit is the env steps/s of T =
min(num_envs, cores) C++ threads running our own ALE build alone (the task's ROM, the
pre-drawn actions held for 4 frames, a restart after a game over; no screen read, no
preprocessing), in windows interleaved as the MuJoCo limit's (below).

procgen (benchmark/runners.py, benchmark/procgen_reference.py, benchmark/procgen_limit.py):
procgen-mirror lives in a venv of its own (it pins numpy 1.26 and gym 0.26.2), so its
methods run there, each in a subprocess with that venv's interpreter: procgen's own
ProcgenEnv (its C++ games behind baselines' VecEnv API; the peer the family's targets
name) and gym 0.26's SyncVectorEnv and AsyncVectorEnv of its gym env (in the columns of
gymnasium's). The limit is the env steps/s of T = min(num_envs, cores) C++ threads each
stepping our own game and drawing its frame alone (procgen_ext._limit_probe.game_rate),
in windows interleaved as the MuJoCo limit's (below).

highway (benchmark/highway_limit.py): the limit is the env steps/s of T =
min(num_envs, cores) C++ threads running our own driving simulation alone (the
task's scenario, the pre-drawn actions, a reset after an episode's end; no
observation, reward or pool), in windows interleaved as the MuJoCo limit's (below).

The physical limit (MuJoCo and dm_control tasks; benchmark/mujoco_limit.py):
the env steps/s MuJoCo alone reaches with T = min(num_envs, cores) threads,
since no more envs than cores step at once. It is measured in windows of the
same length and warm-up as the pool's, with MuJoCo's own C++ thread pool,
before every num_envs row of the task and once after its last (so each thread
count gets several windows spread across the task's measurements, in every
round). The limit is the best window; its noise, the spread (max - min) / max
of the windows, is shown beside it. A pool row above limit x (1 + noise) is
reported as a problem.

--json writes every number (each window of each measurement, the limits with
their windows, the hand-off costs) with the commit, the date and the machine
(CPU model, cores, memory, Python and package versions); benchmark/report.py
renders it, and `make bench` writes docs/performance.md from it. --markdown
writes the tables alone. The run exits 1 if a measurement failed.

`make bench` runs it on the installed wheel. From a source tree: `make develop`,
then `PYTHONPATH=. python benchmark/run.py`.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import json
import os
import platform
import subprocess
import sys
import time
import traceback
import types
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import atari_limit
import highway_limit
import mujoco_limit
import procgen_limit
import report
import runners
import vizdoom_limit

METHODS: dict[str, runners.Runner] = {
    "vizdoom DoomGame loop": runners.vizdoom_loop,
    "dm_control single env": runners.dm_control_single,
    "gymnasium single env": runners.gymnasium_single,
    "gymnasium SyncVectorEnv": runners.gymnasium_sync,
    "gymnasium AsyncVectorEnv": runners.gymnasium_async,
    "procgen ProcgenEnv": runners.procgen_vector_env,
    "envpool sync": runners.envpool_sync,
    "ale_py AtariVectorEnv sync": runners.ale_vector_sync,
    "parallel_pool sync": runners.parallel_pool_sync,
    "envpool async": runners.envpool_async,
    "ale_py AtariVectorEnv async": runners.ale_vector_async,
    "parallel_pool async": runners.parallel_pool_async,
}
LIMIT = report.LIMIT
HANDOFF = "hand-off"
# The main job's tasks, every family's (its facts' bench_tasks). A task parallel_pool does
# not register is left out of it, with a note.
_FACTS = report.FAMILY_FACTS
DEFAULT_TASKS = [task for facts in _FACTS.values() for task in facts.bench_tasks]
# The most envs a family's tasks run (of --num-envs; its bench_max_envs): every ViZDoom env
# is an engine process (a match one per player), so 32 would spend its time starting engines.
MAX_NUM_ENVS = {family: facts.bench_max_envs for family, facts in _FACTS.items() if facts.bench_max_envs}
# Rounds of a family's tasks whatever --repeat says (its bench_min_rounds; each figure the
# best of them, every method alike): ViZDoom's engines are processes the scheduler places,
# and one 1 s window of a pool ranged 30% between rounds on the shared 2-core machine.
# Atari's ratios to AtariVectorEnv are targets, and its emulation-bound windows spread as
# much (the 2-thread limit: 30-62% between windows of one run), so a single window of each
# method made a 1.2x ratio a draw; each is the best of 3, as the limit is its best window.
MIN_ROUNDS = {family: facts.bench_min_rounds for family, facts in _FACTS.items() if facts.bench_min_rounds > 1}
PACKAGE_NAMES = {"envpool": "EnvPool"}  # in notes
HANDOFF_TASK = "CartPole-v1"
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATED = ("benchmark/results.json", "docs/performance.md")  # not counted as uncommitted changes


@dataclass(frozen=True)
class Job:
    """One measurement: a method's window, a limit window (threads > 0) or a hand-off timing."""

    task: str
    num_envs: int
    method: str
    threads: int = 0

    def label(self) -> str:
        if self.method == LIMIT and vizdoom_limit.has_limit(self.task):
            return f"{self.task}  {LIMIT}: one game's rate (x min(num_envs, cores))"
        if self.method == LIMIT:
            return f"{self.task}  {LIMIT}, {self.threads} thread{'s' if self.threads > 1 else ''}"
        return f"{self.task}  num_envs={self.num_envs}  {self.method}"


def sizes(task: str, num_envs: list[int]) -> list[int]:
    """The num_envs the task runs: those of --num-envs up to its family's MAX_NUM_ENVS."""
    top = MAX_NUM_ENVS.get(runners.family(task))
    return [n for n in num_envs if top is None or n <= top]


def methods_for(task: str, num_envs: int) -> list[str]:
    dm_control = runners.dm_control_task(task) is not None
    ours = runners.registered(task)
    if runners.vizdoom_scenario(task) is not None:
        return vizdoom_methods(task, num_envs, ours)
    procgen = runners.procgen_task(task) is not None
    out = []
    for name in METHODS:
        if name == "vizdoom DoomGame loop":
            continue
        if name == "procgen ProcgenEnv" and not procgen:
            continue
        if name == "gymnasium single env" and procgen:
            continue  # procgen's gym env is gym 0.26's, in procgen's venv: its vector envs run there
        if name.endswith("single env") and num_envs != 1:
            continue
        if name == "gymnasium single env" and dm_control:
            continue  # a dm_control task's single env is dm_control's own loop
        if name == "dm_control single env" and not dm_control:
            continue
        if name.startswith("parallel_pool") and not ours:
            continue  # not registered (yet): the others still run, a note says why ours is missing
        if "async" in name.lower() and num_envs == 1:
            continue  # async needs at least two envs to overlap
        if name.startswith("ale_py AtariVectorEnv") and runners.atari_rom(task) is None:
            continue  # ale_py's vector env runs Atari games only
        out.append(name)
    return out


def vizdoom_methods(task: str, num_envs: int, ours: bool) -> list[str]:
    """A ViZDoom task's methods: the DoomGame loop (one game), AsyncVectorEnv over vizdoom's
    own gymnasium env (single-player only), EnvPool and ours. No SyncVectorEnv: a for-loop
    over N games is N times the DoomGame loop's cost."""
    out = ["vizdoom DoomGame loop"] if num_envs == 1 else []
    if num_envs > 1 and runners.vizdoom_gymnasium_id(task) is not None:
        out.append("gymnasium AsyncVectorEnv")
    out.append("envpool sync")
    out += ["parallel_pool sync"] if ours else []
    if num_envs > 1:
        out += ["envpool async"] + (["parallel_pool async"] if ours else [])
    return [m for m in METHODS if m in out]


def limit_kind(task: str) -> types.ModuleType:
    """The module of `task`'s limit probe (an Atari, highway, procgen or MuJoCo task)."""
    if atari_limit.has_limit(task):
        return atari_limit
    if highway_limit.has_limit(task):
        return highway_limit
    if procgen_limit.has_limit(task):
        return procgen_limit
    return mujoco_limit


def plan(tasks: list[str], num_envs: list[int], repeat: int, handoff: list[int]) -> list[Job]:
    """Every measurement in order: `repeat` rounds of every task (at least MIN_ROUNDS of its
    family's, the extra rounds after the others); in a MuJoCo task the limit
    of each thread count it needs before every num_envs row and once after the last."""
    jobs: list[Job] = []
    rounds = {task: max(repeat, MIN_ROUNDS.get(runners.family(task), 1)) for task in tasks}
    for round_ in range(max(rounds.values(), default=0)):
        for task in (t for t in tasks if round_ < rounds[t]):
            counts = sizes(task, num_envs)
            if vizdoom_limit.has_limit(task):  # one game's window gives every thread count's limit
                threads = [1]
            elif (
                atari_limit.has_limit(task)
                or highway_limit.has_limit(task)
                or procgen_limit.has_limit(task)
                or (runners.vizdoom_scenario(task) is None and mujoco_limit.is_mujoco(task))
            ):
                threads = sorted({mujoco_limit.threads_for(n) for n in counts})
            else:
                threads = []
            limits = [Job(task, 0, LIMIT, t) for t in threads]
            for n in counts:
                jobs += limits + [Job(task, n, m) for m in methods_for(task, n)]
            jobs += limits
    return jobs + [Job(HANDOFF_TASK, n, HANDOFF) for n in handoff]


class Progress:
    """Prints each measurement as it starts, with an estimate of the time left, to stderr."""

    def __init__(self, jobs: list[Job], seconds: float) -> None:
        self.jobs, self.seconds = jobs, seconds
        self.start = time.perf_counter()
        self.spent: dict[tuple[str, int], list[float]] = defaultdict(list)  # (method, num_envs) -> durations
        self.by_method: dict[str, list[float]] = defaultdict(list)

    def _guess(self, job: Job) -> float:
        """Seconds `job` will take: as the same method and size took so far, else as its
        method took, else a window plus the mean overhead of everything so far."""
        key = (job.method, job.threads or job.num_envs)
        for seen in (self.spent.get(key), self.by_method.get(job.method)):
            if seen:
                return sum(seen) / len(seen)
        everything = [d for ds in self.by_method.values() for d in ds]
        overhead = sum(everything) / len(everything) - self.seconds if everything else 1.0
        return self.seconds * (1 + runners.WARMUP) + max(overhead, 0.0)

    def begin(self, i: int, job: Job) -> None:
        elapsed = time.perf_counter() - self.start
        left = sum(self._guess(j) for j in self.jobs[i:])
        print(
            f"[{i + 1:>3}/{len(self.jobs)}] {_clock(elapsed)} done, ~{_clock(left)} left  {job.label()} ...",
            file=sys.stderr,
            flush=True,
        )

    def end(self, job: Job, duration: float) -> None:
        self.spent[(job.method, job.threads or job.num_envs)].append(duration)
        self.by_method[job.method].append(duration)


def _clock(seconds: float) -> str:
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def _git(*args: str) -> str | None:
    try:
        out = subprocess.run(["git", "-C", REPO, *args], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip()


def _version(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def machine() -> dict[str, Any]:
    cpu_model = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            cpu_model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
        with open("/proc/meminfo") as f:
            memory_kib = next(int(line.split()[1]) for line in f if line.startswith("MemTotal"))
    except (OSError, StopIteration):
        memory_kib = 0
    import numpy

    import parallel_pool

    return {
        "cpu_model": cpu_model,
        "cores": os.cpu_count(),
        "usable_cores": mujoco_limit.usable_cores(),
        "memory_gib": memory_kib / 2**20,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "packages": {
            name: _version(name)
            for name in (
                "parallel_pool",
                "numpy",
                "gymnasium",
                "envpool",
                "envpool-assets",
                "mujoco",
                "dm-control",
                "gymnasium-robotics",
                "highway-env",
                "ale-py",
                "vizdoom",
                "pybind11",
            )
        }
        # metaworld lives in a venv of its own (it pins another MuJoCo), so does procgen.
        | {"metaworld": runners.metaworld_version(), "procgen-mirror": runners.procgen_version()},
        "parallel_pool_path": os.path.dirname(parallel_pool.__file__),
        "loadavg_start": list(os.getloadavg()),
    }


class Bench:
    """Runs the plan and keeps every window."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.samples: dict[tuple[str, int, str], list[float]] = defaultdict(list)
        self.limits: dict[tuple[str, int], mujoco_limit.Limit] = {}
        self.probes: dict[
            str,
            mujoco_limit.LimitProbe
            | atari_limit.LimitProbe
            | highway_limit.LimitProbe
            | procgen_limit.LimitProbe
            | vizdoom_limit.LimitProbe,
        ] = {}
        self.does_not_run: dict[tuple[str, str], str] = {}  # (task, method family) -> why
        self.handoff: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.notes: list[dict[str, str]] = []  # {"task", "family", "note"}: what the run left out, and why
        self.started = datetime.datetime.now(datetime.UTC)
        self.clock = time.perf_counter()
        self.machine = machine()

    def run(self, job: Job) -> str:
        """Measures `job`; returns its result as text."""
        if job.method == LIMIT and vizdoom_limit.has_limit(job.task):
            return self._vizdoom_limit(job)
        if job.method == LIMIT:
            probe = self.probes.get(job.task)
            if probe is None:
                probe = self.probes[job.task] = limit_kind(job.task).LimitProbe(job.task)
            assert isinstance(
                probe,
                mujoco_limit.LimitProbe | atari_limit.LimitProbe | highway_limit.LimitProbe | procgen_limit.LimitProbe,
            )
            key = (job.task, job.threads)
            if key not in self.limits:
                self.limits[key] = mujoco_limit.Limit(job.task, job.threads, probe.frame_skip, probe.reset_fraction)
            rate = probe.window(job.threads, self.args.seconds)
            self.limits[key].samples.append(rate)
            self.limits[key].reset_fraction = probe.reset_fraction  # an Atari probe counts its restarts as it goes
            return f"{rate:,.0f} env steps/s"
        if job.method == HANDOFF:
            import handoff

            step_us, queued_us = handoff.measure(job.task, job.num_envs)
            self.handoff.append(
                {"task": job.task, "num_envs": job.num_envs, "step_us": step_us, "send_recv_us": queued_us}
            )
            return f"step() {step_us:.1f} us, send()+recv() {queued_us:.1f} us"
        kind = (job.task, job.method.split()[0])  # EnvPool's modes fail alike
        if kind in self.does_not_run:
            return f"skipped: {kind[1]} does not run {job.task} here ({self.does_not_run[kind]})"
        try:
            rate = METHODS[job.method](job.task, job.num_envs, self.args.seconds)
        except runners.DoesNotRun as why:
            self.does_not_run[kind] = str(why)
            package = job.method.split()[0]
            name = f"{PACKAGE_NAMES.get(package, package)} {_version(package) or ''}".strip()
            note = f"{name} does not run {job.task} here: {why}; its columns are empty."
            self.notes.append({"task": job.task, "family": runners.family(job.task), "note": note})
            return f"does not run here: {why}"
        self.samples[(job.task, job.num_envs, job.method)].append(rate)
        return f"{rate:,.0f} {'player' if runners.players(job.task) > 1 else 'env'} steps/s"

    def _vizdoom_limit(self, job: Job) -> str:
        """One window of one game's rate: a window of the limit of every thread count the
        task's num_envs need (T x the rate)."""
        probe = self.probes.get(job.task)
        if probe is None:
            probe = self.probes[job.task] = vizdoom_limit.LimitProbe(job.task)
        assert isinstance(probe, vizdoom_limit.LimitProbe)
        rate = probe.window(self.args.seconds)
        for t in sorted({mujoco_limit.threads_for(n) for n in sizes(job.task, self.args.num_envs)}):
            entry = self.limits.setdefault((job.task, t), mujoco_limit.Limit(job.task, t, probe.frame_skip, 0.0))
            entry.samples.append(rate * t)
            entry.reset_fraction = probe.reset_fraction
        return f"one game {rate:,.0f} env steps/s"

    def close_probes(self, task: str) -> None:
        """Ends the task's limit probe (a ViZDoom probe holds an engine process)."""
        probe = self.probes.pop(task, None)
        close = getattr(probe, "close", None)
        if close is not None:
            close()

    def data(self) -> dict[str, Any]:
        """Everything measured so far, as benchmark/results.json holds it."""
        tasks = list(dict.fromkeys(t for t, _, _ in self.samples))
        dirty = _git("status", "--porcelain", "--untracked-files=no", "--", ".", *(f":!{g}" for g in GENERATED))
        return {
            "schema": 1,
            "commit": _git("rev-parse", "HEAD"),
            "dirty": None if dirty is None else bool(dirty),
            "date": self.started.strftime("%Y-%m-%d %H:%M UTC"),
            "duration_s": time.perf_counter() - self.clock,
            "command": " ".join(sys.argv),
            "machine": {**self.machine, "loadavg_end": list(os.getloadavg())},
            "settings": {
                "tasks": self.args.tasks,
                "num_envs": self.args.num_envs,
                "max_num_envs": MAX_NUM_ENVS,
                "seconds": self.args.seconds,
                "warmup": runners.WARMUP,
                "repeat": self.args.repeat,
                "min_rounds": MIN_ROUNDS,
            },
            "tasks": {
                t: {
                    "family": runners.family(t),
                    "id": runners.split_task(t)[0],
                    "config": runners.split_task(t)[1],
                    "rows_per_env": runners.players(t),
                    "frames_per_step": runners.ATARI_FRAME_SKIP if runners.atari_rom(t) else 1,
                    "gymnasium_id": runners.vizdoom_gymnasium_id(t)
                    if runners.vizdoom_scenario(t)
                    else runners.GYMNASIUM_IDS.get(t, t),
                    "dm_control_task": "/".join(dm) if (dm := runners.dm_control_task(t)) else None,
                    "registered": runners.registered(t),
                }
                for t in tasks
            },
            "results": [
                {"task": t, "num_envs": n, "method": m, "steps_per_s": max(s), "samples": s}
                for (t, n, m), s in self.samples.items()
            ],
            "limits": [limit.as_dict() for limit in self.limits.values()],
            "handoff": self.handoff,
            "errors": self.errors,
            "notes": self.notes,
        }


def check_families(tasks: list[str]) -> None:
    """Warns about every registered family with no task in `tasks`."""
    missing = runners.families() - {runners.family(t) for t in tasks}
    if missing:
        print(f"warning: no benchmark task for the families {sorted(missing)}", file=sys.stderr, flush=True)


def not_registered(task: str) -> str:
    """Why parallel_pool has no `task`, in words."""
    dm = runners.dm_control_task(task)
    why = f"the dm_control family has no {dm[0]} domain yet" if dm else "its family is missing or failed to load"
    return f"parallel_pool does not register {task} at this commit ({why})"


def choose_tasks(given: list[str] | None) -> tuple[list[str], list[dict[str, str]]]:
    """(tasks, notes): the given tasks, or DEFAULT_TASKS less those parallel_pool does not
    register; a note for each task left out or measured without parallel_pool."""
    if given is None:
        tasks = [t for t in DEFAULT_TASKS if runners.registered(t)]
        missing = [t for t in DEFAULT_TASKS if t not in tasks]
        notes = [(t, f"{not_registered(t)}, so the run leaves it out; it joins once registered.") for t in missing]
    else:
        tasks = given
        missing = [t for t in given if not runners.registered(t)]
        notes = [(t, f"{not_registered(t)}: its parallel_pool columns are empty.") for t in missing]
    notes += [(t, note) for t in tasks if (note := method_note(t))]
    return tasks, [{"task": t, "family": runners.family(t), "note": text} for t, text in notes]


def method_note(task: str) -> str | None:
    """Why a task has no column of a method that its family's other tasks have, or None."""
    if runners.vizdoom_scenario(task) is not None and runners.vizdoom_gymnasium_id(task) is None:
        why = "its gymnasium envs are single-player" if runners.players(task) > 1 else "it has no gymnasium env of it"
        return f"{task}: no AsyncVectorEnv column: {why} (vizdoom {_version('vizdoom')})."
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    # The default is the main job (`make bench`): every family's benchmark tasks.
    parser.add_argument(
        "--tasks", nargs="+", help=f"default: {' '.join(DEFAULT_TASKS)} (less any parallel_pool does not register)"
    )
    parser.add_argument("--num-envs", nargs="+", type=int, default=[1, 2, 8, 32])
    parser.add_argument("--seconds", type=float, default=1.0, help="the window of each measurement")
    parser.add_argument("--repeat", type=int, default=1, help="rounds: each figure is the best of this many windows")
    parser.add_argument(
        "--handoff-num-envs", nargs="*", type=int, default=[1, 8], help="benchmark/handoff.py's sizes (none: skip)"
    )
    parser.add_argument("--json", help="write every number, the commit and the machine to this file")
    parser.add_argument("--markdown", help="also write the tables to this file")
    args = parser.parse_args()
    default = args.tasks is None
    args.tasks, notes = choose_tasks(args.tasks)
    if default:
        check_families(args.tasks)
    for note in notes:
        print(f"note: {note['note']}", file=sys.stderr, flush=True)

    bench = Bench(args)
    bench.notes = notes
    jobs = plan(args.tasks, args.num_envs, args.repeat, args.handoff_num_envs)
    m = bench.machine
    print(
        f"{len(jobs)} measurements of {args.seconds:g} s (+{runners.WARMUP * args.seconds:g} s warm-up); "
        f"{m['cpu_model']}, {m['usable_cores']} usable cores",
        file=sys.stderr,
        flush=True,
    )
    last = {job.task: i for i, job in enumerate(jobs) if job.method != HANDOFF}
    progress = Progress(jobs, args.seconds)
    for i, job in enumerate(jobs):
        progress.begin(i, job)
        start = time.perf_counter()
        try:
            result = bench.run(job)
        except Exception as error:  # a failed measurement is reported, the others still run
            traceback.print_exc()
            result = f"FAILED: {error!r}"
            bench.errors.append(
                {"task": job.task, "num_envs": job.num_envs, "method": job.method, "error": repr(error)}
            )
        duration = time.perf_counter() - start
        progress.end(job, duration)
        print(f"        -> {result} ({duration:.1f} s)", file=sys.stderr, flush=True)
        if last.get(job.task) == i:
            bench.close_probes(job.task)
        if last.get(job.task) == i and any(t == job.task for t, _, _ in bench.samples):
            data = bench.data()
            print(
                f"\n### {job.task} ({report.unit(data, job.task)})\n\n{report.tables(data, [job.task])}\n", flush=True
            )

    data = bench.data()
    if data["handoff"]:
        print(f"\n### Hand-off cost ({HANDOFF_TASK})\n\n{report.handoff_table(data)}\n", flush=True)
    for t, n, method, ratio, noise in report.exceeding(data):
        print(
            f"warning: {t} num_envs={n} {method} is {ratio:.0%} of its limit (its noise: {noise:.1%})", file=sys.stderr
        )
    print(f"done in {_clock(data['duration_s'])}", file=sys.stderr, flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(report.results_markdown(data))
    if data["errors"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
