"""Renders one `make bench` run (benchmark/results.json) as markdown.

    python benchmark/report.py [benchmark/results.json] [--doc docs/performance.md]
                               [--markdown benchmark/results.md]

--doc writes docs/performance.md: the tables of that run plus the fixed prose
below, and every figure the prose cites comes from the same JSON. So the doc
is regenerated, never edited: `make bench` runs this at its end. With neither
option it prints the tables.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import textwrap
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

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
    "ale_py AtariVectorEnv sync": "AtariVectorEnv sync",
    "envpool sync": "EnvPool sync",
    "parallel_pool sync": "**ours sync**",
    "ale_py AtariVectorEnv async": "AtariVectorEnv async",
    "envpool async": "EnvPool async",
    "parallel_pool async": "**ours async**",
}
# A family's own names for some columns: in dm_control tasks gymnasium's vector envs step
# dm_control envs (benchmark/dm_control_gym.py).
FAMILY_COLUMNS = {
    "dm_control": {
        "gymnasium SyncVectorEnv": "SyncVectorEnv of dm_control envs",
        "gymnasium AsyncVectorEnv": "AsyncVectorEnv of dm_control envs",
    },
    "vizdoom": {"gymnasium AsyncVectorEnv": "AsyncVectorEnv of vizdoom's gymnasium envs"},
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
SINGLE = ("gymnasium single env", "dm_control single env", "vizdoom DoomGame loop")  # the one-env Python baselines
# The dm_control family's targets (issue 8): ours >= ENVPOOL_TARGET x EnvPool at every
# num_envs, >= LIMIT_TARGET of the limit with LIMIT_MIN_ENVS envs or more, and one env
# >= SINGLE_TARGET x dm_control's own loop.
TARGET_FAMILIES = ("atari", "dm_control", "vizdoom")
ENVPOOL_TARGET, LIMIT_TARGET, LIMIT_MIN_ENVS, SINGLE_TARGET = 1.0, 0.9, 8, 1.5
# The vizdoom family's: the best of ours >= VIZDOOM_ASYNC_TARGET x AsyncVectorEnv at every
# num_envs, and >= LIMIT_TARGET of the limit with num_envs >= cores.
VIZDOOM_ASYNC_TARGET = 1.5
# The atari family's (issue 13): ours >= ATARI_VECTOR_TARGET x ale_py's AtariVectorEnv at
# every num_envs in each mode, the best row >= LIMIT_TARGET of its limit, and one env >=
# ATARI_SINGLE_TARGET x one gymnasium env with AtariPreprocessing.
ATARI_VECTOR_TARGET, ATARI_SINGLE_TARGET = 1.2, 2.0
# The box2d (issue 26) and minigrid (issue 27) families': ours >= (EnvPool target) x EnvPool
# at every num_envs in each mode, and one env >= (single target) x one gymnasium env.
ENVPOOL_SINGLE_TARGETS = {"box2d": (1.2, 3.0), "minigrid": (1.0, 20.0)}

# The summary figure's num_envs: one every family runs (ViZDoom stops at 8).
SUMMARY_NUM_ENVS = 8


# The figures of a run (benchmark/plots.py draws them from the same JSON), relative to the
# docs folder, where docs/performance.md embeds them.
SUMMARY_IMAGE = "images/summary.png"


def throughput_image(family: str) -> str:
    return f"images/throughput_{family}.png"


def limit_image(family: str) -> str:
    return f"images/limit_{family}.png"


# --- lookups -------------------------------------------------------------------------------


def value(data: Data, task: str, num_envs: int, method: str) -> float | None:
    """The best steps/s of (task, num_envs, method) in this run, or None."""
    for r in data["results"]:
        if (r["task"], r["num_envs"], r["method"]) == (task, num_envs, method):
            return float(r["steps_per_s"])
    return None


def limit_threads(data: Data, num_envs: int) -> int:
    """How many envs can step at once: min(num_envs, usable cores)."""
    return min(num_envs, int(data["machine"]["usable_cores"]))


def limit(data: Data, task: str, num_envs: int) -> Data | None:
    """The limit entry that bounds `num_envs` envs of `task`, or None."""
    threads = limit_threads(data, num_envs)
    entries: list[Data] = data["limits"]
    return next((e for e in entries if (e["task"], e["threads"]) == (task, threads)), None)


def summary_num_envs(data: Data) -> int:
    """The summary figure's num_envs: SUMMARY_NUM_ENVS, or the run's largest if it has none."""
    sizes = {int(r["num_envs"]) for r in data["results"]}
    return SUMMARY_NUM_ENVS if SUMMARY_NUM_ENVS in sizes or not sizes else max(sizes)


def has_limit(data: Data, tasks: list[str]) -> bool:
    """Whether any row of `tasks` has a physical limit (then a limit figure is drawn)."""
    return any(limit(data, t, n) for t, n in _rows(data, tasks))


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


# --- formatting ----------------------------------------------------------------------------


def _num(x: float | None) -> str:
    return "" if x is None else f"{x:,.0f}"


def _ratio(a: float | None, b: float | None) -> str:
    return f"{a / b:.2f}x" if a and b else ""


def _pct(a: float | None, b: float | None) -> str:
    return f"{a / b:.0%}" if a and b else ""


def _row(cells: Iterable[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _table(header: list[str], rows: list[list[str]], left: int = 2) -> str:
    align = ["---"] * left + ["---:"] * (len(header) - left)
    return "\n".join([_row(header), _row(align), *(_row(r) for r in rows)])


def _rows(data: Data, tasks: list[str]) -> list[tuple[str, int]]:
    wanted = set(tasks)
    keys = {(r["task"], r["num_envs"]) for r in data["results"] if r["task"] in wanted}
    return sorted(keys, key=lambda k: (tasks.index(k[0]), k[1]))


def _best_ours(data: Data, task: str, n: int) -> float | None:
    found = [v for m in OURS if (v := value(data, task, n, m)) is not None]
    return max(found) if found else None


def throughput_table(data: Data, tasks: list[str]) -> str:
    """Steps/s (frames/s for Atari) of every method, one row per (task, num_envs)."""
    rows = _rows(data, tasks)
    methods = [m for m in COLUMNS if any(value(data, t, n, m) is not None for t, n in rows)]
    has_limit = any(limit(data, t, n) for t, n in rows)
    head = ["task", "num_envs", *(header(data, tasks, m) for m in methods)] + (["physical limit"] if has_limit else [])
    body = []
    for t, n in rows:
        k = frames_per_step(data, t)
        cells = [t, str(n)]
        for m in methods:
            v = value(data, t, n, m)
            text = _num(None if v is None else v * k)
            cells.append(f"**{text}**" if m in OURS and text else text)
        if has_limit:
            entry = limit(data, t, n)
            cells.append(_num(entry["steps_per_s"] * k) if entry else "")
        body.append(cells)
    return _table(head, body)


def ratio_table(data: Data, tasks: list[str]) -> str:
    """parallel_pool against each reference, one row per (task, num_envs)."""
    rows = _rows(data, tasks)
    refs = [("envpool sync", "parallel_pool sync"), ("envpool async", "parallel_pool async")]
    refs += [(f"ale_py AtariVectorEnv {mode}", f"parallel_pool {mode}") for mode in ("sync", "async")]
    refs = [(ref, ours) for ref, ours in refs if any(value(data, t, n, ref) for t, n in rows)]
    best_refs = [*SINGLE, "gymnasium SyncVectorEnv", "gymnasium AsyncVectorEnv"]
    best_refs = [ref for ref in best_refs if any(value(data, t, n, ref) for t, n in rows)]
    has_limit = any(limit(data, t, n) for t, n in rows)
    head = ["task", "num_envs"]
    head += [f"{COLUMNS[ours].strip('*')} / {COLUMNS[ref]}" for ref, ours in refs]
    head += [f"best of ours / {header(data, tasks, ref)}" for ref in best_refs]
    head += ["ours sync / limit", "ours async / limit", "limit noise"] if has_limit else []
    body = []
    for t, n in rows:
        cells = [t, str(n)]
        cells += [_ratio(value(data, t, n, ours), value(data, t, n, ref)) for ref, ours in refs]
        best = _best_ours(data, t, n)
        cells += [_ratio(best, value(data, t, n, ref)) for ref in best_refs]
        if has_limit:
            entry = limit(data, t, n)
            top = entry["steps_per_s"] if entry else None
            cells += [_pct(value(data, t, n, ours), top) for ours in OURS]
            cells.append(f"{entry['noise']:.1%}" if entry else "")
        body.append(cells)
    return _table(head, body)


def limit_table(data: Data, tasks: list[str] | None = None) -> str:
    """The physical limits: best window, spread, noise, windows, share of reset steps."""
    entries = [e for e in data["limits"] if tasks is None or e["task"] in tasks]
    if not entries:
        return ""
    cores = int(data["machine"]["usable_cores"])
    body = []
    for e in entries:
        sizes = {n for t, n in _rows(data, [e["task"]])} or set(data["settings"]["num_envs"])
        bounds = sorted(n for n in sizes if limit_threads(data, n) == e["threads"])
        body.append(
            [
                e["task"],
                str(e["threads"]),
                ", ".join(map(str, bounds)),
                str(e["frame_skip"]),
                _num(e["steps_per_s"]),
                f"{_num(e['min'])}-{_num(e['max'])}",
                f"{e['noise']:.1%}",
                str(len(e["samples"])),
                f"{e['reset_fraction']:.2%}",
            ]
        )
    header = [
        "task",
        "threads",
        f"bounds num_envs ({cores} cores)",
        "frame_skip",
        "limit, env steps/s (best window)",
        "min-max",
        "noise (max-min)/max",
        "windows",
        "reset steps",
    ]
    return _table(header, body, left=1)


def _lowest(found: list[tuple[float, int]], target: float, fmt: Callable[[float], str]) -> str:
    """The lowest (ratio, num_envs) of `found` against `target`: "0.93x at 32: missed"."""
    if not found:
        return "n/a"
    ratio, n = min(found)
    return f"{fmt(ratio)} at {n}: {'met' if ratio >= target else '**missed**'}"


def target_table(data: Data, tasks: list[str]) -> str:
    """The targets of TARGET_FAMILIES, one row per task: each ratio's worst row in this run."""
    family = family_of(data, tasks)
    if family == "vizdoom":
        return _vizdoom_targets(data, tasks)
    if family == "atari":
        return _atari_targets(data, tasks)
    if family in ENVPOOL_SINGLE_TARGETS:
        return _envpool_single_targets(data, tasks, *ENVPOOL_SINGLE_TARGETS[family])
    if family not in TARGET_FAMILIES:
        return ""
    pct = lambda x: f"{x:.0%}"  # noqa: E731
    single = next((m for m in SINGLE if any(value(data, t, 1, m) for t in tasks)), SINGLE[-1])
    body = []
    for t in tasks:
        rows = [n for task, n in _rows(data, [t]) if task == t]
        cells = [t]
        cells += _envpool_cells(data, t, rows, ENVPOOL_TARGET)
        found = [
            (a / e["steps_per_s"], n)
            for n in rows
            if n >= LIMIT_MIN_ENVS and (a := _best_ours(data, t, n)) and (e := limit(data, t, n))
        ]
        cells.append(_lowest(found, LIMIT_TARGET, pct))
        cells.append(_single_env_cell(data, t, single, SINGLE_TARGET, "the loop"))
        body.append(cells)
    head = [
        "task",
        f"ours sync / EnvPool sync, lowest (target >= {ENVPOOL_TARGET:g}x at every num_envs)",
        f"ours async / EnvPool async, lowest (target >= {ENVPOOL_TARGET:g}x)",
        f"best of ours / limit, lowest with num_envs >= {LIMIT_MIN_ENVS} (target >= {LIMIT_TARGET:.0%})",
        f"one env: ours / {COLUMNS[single]} (target >= {SINGLE_TARGET:g}x)",
    ]
    return _table(head, body, left=1)


def _envpool_cells(data: Data, task: str, rows: list[int], target: float) -> list[str]:
    """Ours / EnvPool in sync, then async mode: each mode's lowest row against `target`."""
    cells = []
    for mode in ("sync", "async"):
        found = [
            (a / b, n)
            for n in rows
            if (a := value(data, task, n, f"parallel_pool {mode}")) and (b := value(data, task, n, f"envpool {mode}"))
        ]
        cells.append(_lowest(found, target, _times))
    return cells


def _times(x: float) -> str:
    return f"{x:.2f}x"


def _single_env_cell(data: Data, task: str, reference: str, target: float, reference_name: str) -> str:
    """One env of ours against one env of `reference`, with the 1-thread limit's ratio: no
    env can beat that limit, so it is the highest ratio this machine allows."""
    a, b = value(data, task, 1, "parallel_pool sync"), value(data, task, 1, reference)
    cell = _lowest([(a / b, 1)] if a and b else [], target, _times)
    top = limit(data, task, 1)
    if b and top:
        cell += f" (the 1-thread limit is {top['steps_per_s'] / b:.2f}x {reference_name})"
    return cell


def _atari_targets(data: Data, tasks: list[str]) -> str:
    """The atari family's targets, one row per task: the worst row of each ratio against
    AtariVectorEnv, the best row against the limit, and one env."""
    body = []
    for t in tasks:
        rows = [n for task, n in _rows(data, [t]) if task == t]
        cells = [t]
        for mode in ("sync", "async"):
            found = [
                (a / b, n)
                for n in rows
                if (a := value(data, t, n, f"parallel_pool {mode}"))
                and (b := value(data, t, n, f"ale_py AtariVectorEnv {mode}"))
            ]
            cells.append(_lowest(found, ATARI_VECTOR_TARGET, _times))
        found = [(a / e["steps_per_s"], n) for n in rows if (a := _best_ours(data, t, n)) and (e := limit(data, t, n))]
        if found:
            ratio, n = max(found)
            cells.append(f"{ratio:.0%} at {n}: {'met' if ratio >= LIMIT_TARGET else '**missed**'}")
        else:
            cells.append("n/a")
        cells.append(_single_env_cell(data, t, "gymnasium single env", ATARI_SINGLE_TARGET, "the gymnasium env"))
        body.append(cells)
    head = [
        "task",
        f"ours sync / AtariVectorEnv sync, lowest (target >= {ATARI_VECTOR_TARGET:g}x at every num_envs)",
        f"ours async / AtariVectorEnv async, lowest (target >= {ATARI_VECTOR_TARGET:g}x)",
        f"best of ours / limit, best row (target >= {LIMIT_TARGET:.0%})",
        f"one env: ours / one gymnasium env (target >= {ATARI_SINGLE_TARGET:g}x)",
    ]
    return _table(head, body, left=1)


def _envpool_single_targets(data: Data, tasks: list[str], envpool_target: float, single_target: float) -> str:
    """Targets against EnvPool in each mode (the worst row of each) and of one env against
    one gymnasium env."""
    body = []
    for t in tasks:
        rows = [n for task, n in _rows(data, [t]) if task == t]
        cells = [t]
        cells += _envpool_cells(data, t, rows, envpool_target)
        cells.append(_single_env_cell(data, t, "gymnasium single env", single_target, "the gymnasium env"))
        body.append(cells)
    head = [
        "task",
        f"ours sync / EnvPool sync, lowest (target >= {envpool_target:g}x at every num_envs)",
        f"ours async / EnvPool async, lowest (target >= {envpool_target:g}x)",
        f"one env: ours / one gymnasium env (target >= {single_target:g}x)",
    ]
    return _table(head, body, left=1)


def _vizdoom_targets(data: Data, tasks: list[str]) -> str:
    """The vizdoom family's targets, one row per task: each ratio's worst row in this run."""
    cores = int(data["machine"]["usable_cores"])
    body = []
    for t in tasks:
        rows = [n for task, n in _rows(data, [t]) if task == t]
        found = [
            (a / b, n)
            for n in rows
            if (a := _best_ours(data, t, n)) and (b := value(data, t, n, "gymnasium AsyncVectorEnv"))
        ]
        cells = [t, _lowest(found, VIZDOOM_ASYNC_TARGET, lambda x: f"{x:.2f}x")]
        found = [
            (a / e["steps_per_s"], n)
            for n in rows
            if n >= cores and (a := _best_ours(data, t, n)) and (e := limit(data, t, n))
        ]
        cells.append(_lowest(found, LIMIT_TARGET, lambda x: f"{x:.0%}"))
        body.append(cells)
    head = [
        "task",
        f"best of ours / AsyncVectorEnv, lowest (target >= {VIZDOOM_ASYNC_TARGET:g}x at every num_envs)",
        f"best of ours / limit, lowest with num_envs >= cores ({cores}) (target >= {LIMIT_TARGET:.0%})",
    ]
    return _table(head, body, left=1)


def handoff_table(data: Data) -> str:
    rows = data.get("handoff") or []
    if not rows:
        return ""
    body = [
        [
            str(r["num_envs"]),
            f"{r['step_us']:.1f}",
            f"{r['send_recv_us']:.1f}",
            f"{r['send_recv_us'] - r['step_us']:+.1f}",
        ]
        for r in rows
    ]
    return _table(["num_envs", "step() us", "send()+recv() us", "hand-off cost us"], body, left=0)


def tables(data: Data, tasks: list[str]) -> str:
    """Both tables (and the limits and targets, if any) of `tasks`."""
    parts = [throughput_table(data, tasks), ratio_table(data, tasks), limit_table(data, tasks)]
    parts.append(target_table(data, tasks))
    return "\n\n".join(p for p in parts if p)


def _span(values: list[float], fmt: Callable[[float], str]) -> str:
    if not values:
        return "n/a"
    lo, hi = min(values), max(values)
    return fmt(lo) if f"{fmt(lo)}" == f"{fmt(hi)}" else f"{fmt(lo)}-{fmt(hi)}"


def summary(data: Data, family: str) -> str:
    """One sentence of ranges per reference, computed from the family's rows."""
    rows = _rows(data, tasks_of(data, family))
    lines = []
    for mode in ("sync", "async"):
        ours = f"parallel_pool {mode}"
        for ref, name in ((f"envpool {mode}", "EnvPool"), (f"ale_py AtariVectorEnv {mode}", "AtariVectorEnv")):
            ratios = [a / b for t, n in rows if (a := value(data, t, n, ours)) and (b := value(data, t, n, ref))]
            if ratios:
                lines.append(f"ours {mode} / {name} {mode}: {_span(ratios, lambda x: f'{x:.2f}x')}")
    for ref in ("gymnasium SyncVectorEnv", "gymnasium AsyncVectorEnv", *SINGLE):
        ratios = [a / b for t, n in rows if (a := _best_ours(data, t, n)) and (b := value(data, t, n, ref))]
        if ratios:
            lines.append(
                f"best of ours / {header(data, tasks_of(data, family), ref)}: {_span(ratios, lambda x: f'{x:.2f}x')}"
            )
    if any(limit(data, t, n) for t, n in rows):
        for mode in ("sync", "async"):
            ratios = [
                a / e["steps_per_s"]
                for t, n in rows
                if n >= int(data["machine"]["usable_cores"])
                and (a := value(data, t, n, f"parallel_pool {mode}"))
                and (e := limit(data, t, n))
            ]
            if ratios:
                lines.append(f"ours {mode} / limit with num_envs >= cores: {_span(ratios, lambda x: f'{x:.0%}')}")
    return "".join(f"- {line}\n" for line in lines)


# --- the documents -------------------------------------------------------------------------


def _wrap(text: str, width: int = 92) -> str:
    """Fills every paragraph of `text` to `width`; tables, lists, headings, comments and images kept."""
    blocks = []
    for block in text.split("\n\n"):
        if block.lstrip().startswith(("|", "- ", "#", "<!--", "![")):
            blocks.append(block)
        else:
            blocks.append(textwrap.fill(" ".join(block.split()), width, break_on_hyphens=False))
    return "\n\n".join(blocks)


def _duration(seconds: float) -> str:
    return f"{int(seconds // 60)} min {int(seconds % 60)} s"


def provenance(data: Data) -> str:
    """Which commit, machine and settings produced these numbers."""
    m, s = data["machine"], data["settings"]
    commit = f"`{(data.get('commit') or 'unknown')[:12]}`"
    if data.get("dirty"):
        commit += " (with uncommitted changes)"
    packages = ", ".join(f"{k} {v}" for k, v in m["packages"].items() if v)
    best = f"the best of {s['repeat']} windows" if s["repeat"] > 1 else "one window"
    more = {f: n for f, n in s.get("min_rounds", {}).items() if n > s["repeat"]}
    if more:
        best += " (" + ", ".join(f"{FAMILIES.get(f, f)}: the best of {n}" for f, n in more.items()) + ")"
    load = m.get("loadavg_start")
    load_text = f" Load average at the start: {load[0]:.2f}." if load else ""
    return (
        f"Commit {commit}, {data['date']}, one run of `benchmark/run.py` ({_duration(data['duration_s'])}). "
        f"Machine: {m['cpu_model']}, {m['usable_cores']} usable cores ({m['cores']} online), "
        f"{m['memory_gib']:.0f} GiB, {m['platform']}; Python {m['python']}; {packages}.{load_text} "
        f"Each figure is {best} of {s['seconds']:g} s (wall clock) after a warm-up of "
        f"{s['warmup'] * s['seconds']:g} s, with pre-drawn uniformly random actions; construction and the "
        "first reset are not timed."
    )


def results_markdown(data: Data) -> str:
    """benchmark/results.md: every table of the run, no prose."""
    parts = ["# Benchmark results", "", provenance(data), ""]
    for family in family_order(data):
        for task in tasks_of(data, family):
            parts += [f"## {task} ({unit(data, task)})", "", tables(data, [task]), ""]
    if data.get("handoff"):
        parts += [f"## Hand-off cost ({data['handoff'][0]['task']})", "", handoff_table(data), ""]
    parts += _problems(data) + _notes(data, None)
    return _wrap("\n".join(parts)).rstrip() + "\n"


def _notes(data: Data, family: str | None) -> list[str]:
    """The run's notes (tasks left out or measured without parallel_pool, and why) as a list:
    those of `family`, or with None every note."""
    notes = [n["note"] for n in data.get("notes") or [] if family is None or n["family"] == family]
    return [*(f"- {n}" for n in notes), ""] if notes else []


def _problems(data: Data) -> list[str]:
    out = []
    over = exceeding(data)
    if over:
        out += ["**Rows above their limit by more than its noise:**", ""]
        out += [f"- {t} num_envs={n} {m}: {r:.0%} of the limit (its noise: {z:.1%})" for t, n, m, r, z in over]
        out += ["", _wrap(OVER_LIMIT_PROSE), ""]
    if data.get("errors"):
        out += ["**Measurements that failed:**", ""]
        out += [f"- {e['task']} num_envs={e['num_envs']} {e['method']}: {e['error']}" for e in data["errors"]]
        out.append("")
    return out


# Why rows can exceed the limit: what was measured while looking for the cause.
OVER_LIMIT_PROSE = (
    "A row above its limit means the limit missed some of the simulator's speed: it runs the "
    "very library the pool runs (`mujoco_ext._limit_probe.mj_step_rate`, `atari_ext._limit_probe.emulation_rate`), "
    "on the same model or ROM, so look for a difference in the work (resets, warm starts) or "
    "in the machine's load between windows."
)

INTRO = """\
Every figure and table on this page comes from one `make bench` run at the commit
below: `benchmark/run.py` measured and wrote `benchmark/results.json`, and
`benchmark/report.py` wrote this page from it. Do not edit it by hand: run `make bench`.

{provenance}

Methods, all stepping the same task id in one process: gymnasium's own env alone and
its `SyncVectorEnv` (a for-loop) and `AsyncVectorEnv` (one subprocess per env);
EnvPool {envpool} from PyPI; parallel_pool ("ours"). "sync" is `batch_size == num_envs`
with `step()`; "async" is `batch_size = num_envs / 2` with a `recv()`/`send()` loop, the
caller working on one half while the workers step the other (EnvPool's recommended
use). Higher is better; "best of ours" is the better of our two modes. The figures are
drawn from the same JSON by `benchmark/plots.py`; this one shows, for every task at
{summary_envs} envs, how much faster the better of our two modes is than the better mode of
each other vector env:

![parallel_pool's speed-up over EnvPool and gymnasium's vector envs, per task]({summary})
"""

FAMILY_PROSE = {
    "toy_text": "Tabular envs: a step is a table look-up, so these measure the pool's own cost per step.",
    "atari": (
        "Frames/s = env steps/s x 4 (frame skip 4). gymnasium's envs are ale_py's with "
        "`AtariPreprocessing` (up to 30 no-ops, max-pooling, 84x84 grayscale) and a stack of 4 "
        "frames, the atari family's default preprocessing. ale_py's own C++ vector env "
        "(`AtariVectorEnv`, threads) runs configured as our defaults (no sticky actions, no "
        "reward clipping). The physical limit is what our ALE build alone can do here: no pool "
        "of num_envs envs can step faster than T threads emulating at once and doing nothing "
        "else, T = min(num_envs, cores) (so on a 2-core machine 8 and 32 envs share the "
        "2-thread limit). `benchmark/atari_limit.py` measures it inside parallel_pool's own "
        "extension (`atari_ext._limit_probe.emulation_rate`), so on the very ALE build the pool runs: T C++ "
        "threads, one ALE of the task's ROM each, play the pre-drawn random actions of the "
        "pools, each held for 4 frames, and restart the game after a game over (one env step, "
        "as the pool's reset step), with no screen read, no preprocessing and no Python. Its "
        "windows are as long and as warmed up as the pool's and interleaved with the pool "
        "measurements: the limit is the best window and its noise their spread (max - min) / "
        "max."
    ),
    "mujoco": (
        "EnvPool runs its own MuJoCo build; gymnasium and parallel_pool run the same libmujoco "
        "{mujoco}. The physical limit is what MuJoCo alone can do here: no pool of num_envs "
        "envs can step faster than `(mj_step/s of T threads at once) / frame_skip / (1 - p)` "
        "with T = min(num_envs, cores), since at most num_envs envs and at most one per core "
        "step at once (so on a 2-core machine 8 and 32 envs share the 2-thread limit), and p the "
        "share of env steps that only reset an env, counted as free. "
        "`benchmark/mujoco_limit.py` measures the mj_step rate with T C++ threads (no Python "
        "between steps) inside parallel_pool's own extension, so on the very libmujoco the pool "
        "steps (the installed wheel carries its own copy, grafted by auditwheel, which ran "
        "11-16% faster than the `mujoco` package's in the same process), on gymnasium's model "
        "replaying, 10 env steps at a time, a gymnasium run driven by the same pre-drawn random "
        "actions as the pools, in windows as long and as warmed up as the pool's. "
        "One window on a shared machine is noisy, so the run measures the limit "
        "before every num_envs row of the task and once after the last, interleaved with the "
        "pool measurements: the limit is the best of those windows and its noise their spread "
        "(max - min) / max. The pool does all the limit's work and more (rewards, observations, "
        "resets), so no row should exceed its limit by more than that noise."
    ),
}

FAMILY_PROSE["dm_control"] = (
    "dm_control's suite tasks under EnvPool's names (`CheetahRun-v1` is dm_control's "
    '`suite.load("cheetah", "run")`), dm-control {dm_control}. The columns: *dm_control loop, one env* '
    'is dm_control\'s own Python loop, `suite.load(domain, task, task_kwargs={{"random": 0}})` stepped '
    "with the same pre-drawn actions and reset at each LAST step. *SyncVectorEnv of dm_control envs* "
    "(a for-loop over the N envs in this process) and *AsyncVectorEnv of dm_control envs* (one "
    "subprocess per env) are gymnasium's vector envs over that env in a thin gymnasium wrapper "
    "(`benchmark/dm_control_gym.py`: a Dict observation of float64 Boxes in dm_control's key order, "
    "a Box action from the action spec, terminated = LAST with discount 0, truncated = any other "
    "LAST; shimmy, the usual adapter, is not used). EnvPool runs its own ids for the same tasks on "
    "its own MuJoCo build (a Dict observation too); dm_control, the wrapper and parallel_pool run "
    "the same libmujoco {mujoco}. The physical limit is as for the MuJoCo family: "
    "`(mj_step/s of T threads at once) / n_sub_steps / (1 - p)`, T = min(num_envs, cores), p the "
    "share of reset steps; `benchmark/mujoco_limit.py` records a dm_control run of the task "
    "(`suite.load` with random 0, the pre-drawn actions, a reset at each LAST step: the 1000-step "
    "time limit), through its `physics.model.ptr` / `physics.data.ptr` (the mujoco `MjModel` / "
    "`MjData` dm_control steps), and replays it with the same C++ threads on the libmujoco the pool "
    "loads, n_sub_steps (the frame_skip column) mj_steps per env step, in windows interleaved with "
    "the pool measurements. It bounds our pool; dm_control and the wrapper step the `mujoco` "
    "package's copy, EnvPool its own build."
)

FAMILY_PROSE["vizdoom"] = (
    "ViZDoom's scenarios under EnvPool's names (`Basic-v1` is vizdoom's `basic.cfg`), vizdoom {vizdoom}; "
    "every env is a ViZDoom engine process, so the family runs num_envs up to 8 only. Every method "
    "steps 4 tics per step (`make_action(a, 4)`, frame_skip 4) with random button presses (each button "
    "0 or 1), in episodes of at most 525 steps (the family's max_episode_steps, set as the engine's "
    "episode timeout in every method). The columns: *DoomGame loop, one game* is vizdoom's own "
    "Python loop, one `vizdoom.DoomGame` of the scenario's cfg (no window, no sound) stepped with "
    "`make_action(a, 4)`, the screen read with `get_state()` and `new_episode()` when the episode is "
    "finished. *AsyncVectorEnv of vizdoom's gymnasium envs* is gymnasium's `AsyncVectorEnv` (one "
    "subprocess per env) over vizdoom's own gymnasium env of the scenario "
    "(`VizdoomBasic-MultiBinary-v1`, made with `frame_skip=4`): its observation is a Dict of the "
    "full-size screen (240x320x3) and the game variables, with no resize and no frame stack, so it "
    "does less image work per step than the pools (84x84, 4 frames stacked) and copies more bytes. "
    "EnvPool {envpool} runs its own ViZDoom build, each measurement in a subprocess of its own so that "
    "a crash cannot end the run (a note says where it does not run). "
    '`MultiDuel-v1:max_num_players=2` is `make_gymnasium("MultiDuel-v1", max_num_players=2)`: each '
    "env is one 2-player deathmatch (player 0 hosting, the other joining over loopback), 2 rows of the "
    "batch, so num_envs counts matches and its figures are player steps/s, rows of the batch per second "
    "(2x the match's steps/s). Its DoomGame loop is the match in 2 processes, one DoomGame and the "
    "loop above per player (the same match arguments as the family's; vizdoom's DoomGame holds the "
    "GIL in `make_action`, so the players cannot be threads of one process), its figure the sum of "
    "the players' steps/s; it has no AsyncVectorEnv column (vizdoom's gymnasium envs are "
    "single-player). The physical limit (Basic-v1; `benchmark/vizdoom_limit.py`) is T x one game's "
    "steps/s / (1 - p), T = min(num_envs, cores): one DoomGame of the scenario, set up as above, "
    "stepped from Python with `make_action(a, 4)` and `new_episode()` at the end of an episode, no "
    "screen read and no resize, in windows interleaved with the pool measurements (the best window "
    "is the limit, their spread its noise); p is the share of reset steps, counted as free. It is "
    "what perfect scaling of the engine alone would reach: each engine is a process that keeps about "
    "one core busy, and no more than T run at once. A match has no limit: its engines wait for each "
    "other every tic, which one single-player game's rate does not bound."
)

TARGETS_PROSE = {
    "box2d": (
        f"The targets (issue 26): ours at least {ENVPOOL_SINGLE_TARGETS['box2d'][0]:g}x EnvPool at every "
        f"num_envs, in each mode; one env at least {ENVPOOL_SINGLE_TARGETS['box2d'][1]:g}x one gymnasium env. "
        "Each cell is the lowest ratio of this run's rows, with its num_envs."
    ),
    "minigrid": (
        f"The targets (issue 27): ours at least EnvPool's speed at every num_envs, in each mode; one env at "
        f"least {ENVPOOL_SINGLE_TARGETS['minigrid'][1]:g}x one minigrid env. Each cell is the lowest ratio of "
        "this run's rows, with its num_envs."
    ),
    "atari": (
        f"The targets (issue 13): ours at least {ATARI_VECTOR_TARGET:g}x ale_py's `AtariVectorEnv` at "
        f"every num_envs, in each mode; the best of our rows at least {LIMIT_TARGET:.0%} of its "
        f"physical limit; one env at least {ATARI_SINGLE_TARGET:g}x one gymnasium env. The first two "
        "cells are the lowest ratio of this run's rows, the third the highest, each with its num_envs."
    ),
    "dm_control": (
        f"The targets (issue 8): ours at least {ENVPOOL_TARGET:g}x EnvPool at every num_envs, in each mode; "
        f"at least {LIMIT_TARGET:.0%} of the physical limit with {LIMIT_MIN_ENVS} envs or more (the better "
        f"of our two modes); one env at least {SINGLE_TARGET:g}x dm_control's own loop. Each cell is the "
        "lowest ratio of this run's rows, with its num_envs."
    ),
    "vizdoom": (
        f"The targets: the better of our two modes at least {VIZDOOM_ASYNC_TARGET:g}x AsyncVectorEnv at "
        f"every num_envs, and at least {LIMIT_TARGET:.0%} of the physical limit with num_envs >= cores. "
        "Each cell is the lowest ratio of this run's rows, with its num_envs; n/a where the task has no "
        "such column (a match has neither an AsyncVectorEnv nor a limit)."
    ),
}

HANDOFF = """\
## Why cheap envs are fast here

A CartPole step is a few dozen floating-point operations, far less than handing a batch
to another thread. EnvPool hands every batch to a worker thread and waits for it: a
futex wake, a context switch, a cache-cold thread and another wake back.{envpool_one}
`benchmark/handoff.py` measures that cost in our pool by timing `step()` against
`send()`+`recv()`, which always goes through the action queue:

{handoff}

So `AsyncEnvPool::Step` (`parallel_pool/core/async_env_pool.h`) keeps an exponential
average of the measured per-env cost and, when a sync batch is estimated below
`kInlineBudgetNs` (a few hand-offs' worth), or holds a single env, runs it on the calling
thread. Above it, the workers run the batch, taking cheap envs in chunks (one queue lock
per chunk, not per env) that shrink as the queue drains (at most 1/(2 x workers) of what
is queued, so no worker is left holding several envs at a batch's end) and envs that
reset first (an Atari reset costs about twenty steps), while the caller works through the
queue too instead of sleeping. The caller is thus one of the pool's threads of work, so by
default the pool starts one worker fewer than cores (at most batch_size threads in all;
`EnvSpec::Normalize`): a worker per core beside it kept three threads queuing for two
cores (`benchmark/thread_time.py`). Workers and the waiting caller poll briefly
(`core/spin_wait.h`) before sleeping, so a batch rarely pays a futex wake-up. The step path allocates nothing per env:
each env writes through views into a pre-allocated batch block built from field layouts
computed once.{ours_one}
"""


def _handoff_prose(data: Data) -> str:
    handoff = handoff_table(data)
    if not handoff:
        return ""
    task = data["handoff"][0]["task"]
    envpool_one = ""
    ep, single = value(data, task, 1, "envpool sync"), value(data, task, 1, "gymnasium single env")
    if ep and single:
        envpool_one = (
            f" In this run EnvPool steps one {task} env in {1e6 / ep:.1f} us, "
            f"{ep / single:.2f}x the speed of one plain gymnasium env ({1e6 / single:.1f} us)."
        )
    ours_one = ""
    ours = value(data, task, 1, "parallel_pool sync")
    if ours and single:
        ours_one = (
            f" One {task} env in the pool: {1e6 / ours:.1f} us per step in the benchmark, "
            f"{ours / single:.2f}x one plain gymnasium env; what is left is mostly the Python "
            "wrapper and creating the numpy arrays of the batch."
        )
    return HANDOFF.format(envpool_one=envpool_one, handoff=handoff, ours_one=ours_one)


def document(data: Data) -> str:
    """docs/performance.md."""
    packages = data["machine"]["packages"]
    parts = [
        "# Performance",
        "",
        "<!-- Generated by benchmark/report.py from benchmark/results.json (`make bench`). Do not edit by hand. -->",
        "",
        INTRO.format(
            provenance=provenance(data),
            envpool=packages.get("envpool") or "",
            summary=SUMMARY_IMAGE,
            summary_envs=summary_num_envs(data),
        ),
    ]
    parts += _problems(data)
    shown = family_order(data)
    for family in dict.fromkeys(n["family"] for n in data.get("notes") or []):
        if family not in shown:
            parts += _notes(data, family)
    for family in shown:
        tasks = tasks_of(data, family)
        title = FAMILIES.get(family, family.replace("_", " ").capitalize())
        parts += [f"## {title} ({', '.join(tasks)}; {units(data, tasks)})", ""]
        prose = FAMILY_PROSE.get(family, "").format(
            mujoco=packages.get("mujoco") or "",
            dm_control=packages.get("dm-control") or "",
            vizdoom=packages.get("vizdoom") or "",
            envpool=packages.get("envpool") or "",
        )
        for task in tasks:
            other = data["tasks"][task].get("gymnasium_id")
            if other and other != task and family != "vizdoom":  # the vizdoom prose names its envs
                prose += (
                    f" gymnasium has no {task}: the gymnasium columns run its {other}, the same env "
                    "at the default config."
                )
        if prose:
            parts += [prose.strip(), ""]
        parts += _notes(data, family)
        parts += [f"![{title}: steps/s against num_envs, every method]({throughput_image(family)})", ""]
        parts += [throughput_table(data, tasks), "", ratio_table(data, tasks), ""]
        limits = limit_table(data, tasks)
        if limits:
            over = [row for row in exceeding(data) if row[0] in tasks]
            verdict = (
                f"In this run {len(over)} row(s) exceed their limit by more than its noise (listed at the top)."
                if over
                else "In this run no row exceeds its limit by more than the limit's noise."
            )
            parts += [limits, "", verdict, ""]
            parts += [f"![{title}: parallel_pool's share of the physical limit]({limit_image(family)})", ""]
        targets = target_table(data, tasks)
        if targets:
            parts += [TARGETS_PROSE.get(family, ""), "", targets, ""]
        parts += [summary(data, family)]
    handoff = _handoff_prose(data)
    if handoff:
        parts.append(handoff)
    return _wrap("\n".join(parts)).rstrip() + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("json", nargs="?", default="benchmark/results.json")
    parser.add_argument("--doc", help="write docs/performance.md here")
    parser.add_argument("--markdown", help="write the tables alone (results.md) here")
    args = parser.parse_args()
    with open(args.json) as f:
        data = json.load(f)
    if args.doc:
        with open(args.doc, "w") as f:
            f.write(document(data))
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(results_markdown(data))
    if not (args.doc or args.markdown):
        print(results_markdown(data))


if __name__ == "__main__":
    main()
