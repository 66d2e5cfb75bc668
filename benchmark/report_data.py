"""What one `make bench` run (benchmark/results.json) holds, looked up for the report.

The methods of benchmark/run.py and their column headers, the families' facts, and the
look-ups every table and figure makes of the JSON: one figure, the physical limit that
bounds a row, a task's family and unit. report_tables.py draws the tables from these,
report.py the documents and plots.py the figures.
"""

from __future__ import annotations

import importlib.util
import pathlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parallel_pool.family_facts import BenchTargets

ROOT = pathlib.Path(__file__).resolve().parent.parent

Data = dict[str, Any]

OURS = ("parallel_pool sync", "parallel_pool async")
LIMIT = "physical limit"
# The table's columns, in order, and their headers: the methods of benchmark/run.py.
COLUMNS = {
    "vizdoom DoomGame loop": "DoomGame loop, one game",
    "dm_control single env": "dm_control loop, one env",
    "gymnasium single env": "one gymnasium env",
    "gymnasium SyncVectorEnv": "SyncVectorEnv",
    "gymnasium AsyncVectorEnv": "AsyncVectorEnv",
    "procgen ProcgenEnv": "procgen's ProcgenEnv",
    "ale_py AtariVectorEnv sync": "AtariVectorEnv sync",
    "envpool sync": "EnvPool sync",
    "parallel_pool sync": "**ours sync**",
    "ale_py AtariVectorEnv async": "AtariVectorEnv async",
    "envpool async": "EnvPool async",
    "parallel_pool async": "**ours async**",
}
# A family's own names for some columns: in dm_control tasks gymnasium's vector envs step
# dm_control envs (benchmark/dm_control_gym.py), in procgen tasks gym's step procgen's.
FAMILY_COLUMNS = {
    "dm_control": {
        "gymnasium SyncVectorEnv": "SyncVectorEnv of dm_control envs",
        "gymnasium AsyncVectorEnv": "AsyncVectorEnv of dm_control envs",
    },
    "vizdoom": {"gymnasium AsyncVectorEnv": "AsyncVectorEnv of vizdoom's gymnasium envs"},
    # gym 0.26's vector envs of procgen's gym env, in procgen's venv.
    "procgen": {
        "gymnasium SyncVectorEnv": "gym SyncVectorEnv of procgen's gym envs",
        "gymnasium AsyncVectorEnv": "gym AsyncVectorEnv of procgen's gym envs",
    },
}


def _family_facts() -> ModuleType:
    """parallel_pool/family_facts.py of this checkout, loaded by path: the report runs from
    the source tree, whose package has no built modules to import."""
    spec = importlib.util.spec_from_file_location("family_facts", ROOT / "parallel_pool" / "family_facts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Every family's facts (its family_facts.bzl): its title here, its tasks in run.py.
FAMILY_FACTS = _family_facts().all_facts((str(ROOT / "parallel_pool"),))
FAMILIES = {family: facts.title for family, facts in FAMILY_FACTS.items()}
# The one-env Python baselines, and what a targets table's cell calls each.
SINGLE = {
    "gymnasium single env": "the gymnasium env",
    "dm_control single env": "the loop",
    "vizdoom DoomGame loop": "the loop",
}
# The share of its physical limit a family with a limit target (its facts' bench_targets'
# limit_rows) reaches: one for every family, the line every limit figure draws.
LIMIT_TARGET = 0.9


# The summary figure's num_envs: one every family runs (ViZDoom stops at 8).
SUMMARY_NUM_ENVS = 8


# The figures of a run (benchmark/plots.py draws them from the same JSON), relative to the
# docs folder, where docs/performance.md embeds them.
SUMMARY_IMAGE = "images/summary.png"


def throughput_image(family: str) -> str:
    return f"images/throughput_{family}.png"


def limit_image(family: str) -> str:
    return f"images/limit_{family}.png"


def targets_of(family: str | None) -> BenchTargets | None:
    """The speed targets of `family` (its facts' bench_targets), or None where it has none."""
    facts = FAMILY_FACTS.get(family or "")
    return facts.bench_targets if facts is not None and any(facts.bench_targets) else None


def value(data: Data, task: str, num_envs: int, method: str) -> float | None:
    """The best steps/s of (task, num_envs, method) in this run, or None."""
    for r in data["results"]:
        if (r["task"], r["num_envs"], r["method"]) == (task, num_envs, method):
            return float(r["steps_per_s"])
    return None


def cores(data: Data) -> int:
    """The machine's usable cores in this run."""
    return int(data["machine"]["usable_cores"])


def limit_threads(data: Data, num_envs: int) -> int:
    """How many envs can step at once: min(num_envs, usable cores)."""
    return min(num_envs, cores(data))


def limit(data: Data, task: str, num_envs: int) -> Data | None:
    """The limit entry that bounds `num_envs` envs of `task`, or None."""
    threads = limit_threads(data, num_envs)
    entries: list[Data] = data["limits"]
    return next((e for e in entries if (e["task"], e["threads"]) == (task, threads)), None)


def summary_num_envs(data: Data) -> int:
    """The summary figure's num_envs: SUMMARY_NUM_ENVS, or the run's largest if it has none."""
    sizes = {int(r["num_envs"]) for r in data["results"]}
    return SUMMARY_NUM_ENVS if SUMMARY_NUM_ENVS in sizes or not sizes else max(sizes)


def rows_of(data: Data, tasks: list[str]) -> list[tuple[str, int]]:
    """The (task, num_envs) rows of `tasks` in this run, by task (in `tasks`' order), then num_envs."""
    wanted = set(tasks)
    keys = {(r["task"], r["num_envs"]) for r in data["results"] if r["task"] in wanted}
    return sorted(keys, key=lambda k: (tasks.index(k[0]), k[1]))


def task_sizes(data: Data, task: str) -> list[int]:
    """The num_envs of `task`'s rows, ascending."""
    return [n for _, n in rows_of(data, [task])]


def has_limit(data: Data, tasks: list[str]) -> bool:
    """Whether any row of `tasks` has a physical limit (then a limit figure is drawn)."""
    return any(limit(data, t, n) for t, n in rows_of(data, tasks))


def best_ours(data: Data, task: str, n: int) -> float | None:
    """The better of our two modes' steps/s at (task, n), or None."""
    found = [v for m in OURS if (v := value(data, task, n, m)) is not None]
    return max(found) if found else None


def family_of(data: Data, tasks: list[str]) -> str | None:
    """The family of `tasks` if they share one."""
    found = {data["tasks"][t]["family"] for t in tasks if t in data["tasks"]}
    return found.pop() if len(found) == 1 else None


def header(data: Data, tasks: list[str], method: str) -> str:
    """A method's column header in a table of `tasks`."""
    return FAMILY_COLUMNS.get(family_of(data, tasks) or "", {}).get(method, COLUMNS[method])


def frames_per_step(data: Data, task: str) -> int:
    return int(data["tasks"][task]["frames_per_step"])


def rows_per_env(data: Data, task: str) -> int:
    """Rows of the batch per env: a match's players, else 1."""
    return int(data["tasks"][task].get("rows_per_env", 1))


def unit(data: Data, task: str) -> str:
    if rows_per_env(data, task) > 1:
        return f"player steps/s: {rows_per_env(data, task)} rows per env"
    return "frames/s" if frames_per_step(data, task) > 1 else "env steps/s"


def units(data: Data, tasks: list[str]) -> str:
    """The units of `tasks`' tables, each once: "env steps/s", "player steps/s ..."."""
    return "; ".join(dict.fromkeys(unit(data, t) for t in tasks))


def tasks_of(data: Data, family: str) -> list[str]:
    return [t for t, info in data["tasks"].items() if info["family"] == family]


def family_order(data: Data) -> list[str]:
    found = list(dict.fromkeys(info["family"] for info in data["tasks"].values()))
    return [f for f in FAMILIES if f in found] + [f for f in found if f not in FAMILIES]


def exceeding(data: Data) -> list[tuple[str, int, str, float, float]]:
    """(task, num_envs, method, ours / limit, noise) for every row above limit x (1 + noise)."""
    out = []
    for r in data["results"]:
        entry = limit(data, r["task"], r["num_envs"]) if r["method"] in OURS else None
        if entry is not None:
            ratio = r["steps_per_s"] / entry["steps_per_s"]
            if ratio > 1.0 + entry["noise"]:
                out.append((r["task"], r["num_envs"], r["method"], ratio, entry["noise"]))
    return out
