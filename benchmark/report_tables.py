"""The markdown tables of one `make bench` run, and the lines that sum a family up.

Each table takes the JSON (benchmark/results.json) and the tasks it shows: every method's
steps/s, ours against each reference, the physical limits, the family's targets, the
hand-off cost. report.py puts them into docs/performance.md and benchmark/results.md;
benchmark/run.py prints them as it goes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from report_data import (
    COLUMNS,
    LIMIT_TARGET,
    OURS,
    SINGLE,
    Data,
    best_ours,
    cores,
    family_of,
    frames_per_step,
    has_limit,
    header,
    limit,
    limit_threads,
    rows_of,
    targets_of,
    task_sizes,
    tasks_of,
    value,
)

# A figure of (task, num_envs): a method's steps/s, the better of our modes, the limit.
Figure = Callable[[Data, str, int], float | None]


def _num(x: float | None) -> str:
    return "" if x is None else f"{x:,.0f}"


def _ratio(a: float | None, b: float | None) -> str:
    return f"{a / b:.2f}x" if a and b else ""


def _pct(a: float | None, b: float | None) -> str:
    return f"{a / b:.0%}" if a and b else ""


def _times(x: float) -> str:
    return f"{x:.2f}x"


def _percent(x: float) -> str:
    return f"{x:.0%}"


def _row(cells: Iterable[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _table(head: list[str], body: list[list[str]], left: int = 2) -> str:
    align = ["---"] * left + ["---:"] * (len(head) - left)
    return "\n".join([_row(head), _row(align), *(_row(r) for r in body)])


def throughput_table(data: Data, tasks: list[str]) -> str:
    """Steps/s (frames/s for Atari) of every method, one row per (task, num_envs)."""
    rows = rows_of(data, tasks)
    methods = [m for m in COLUMNS if any(value(data, t, n, m) is not None for t, n in rows)]
    limited = has_limit(data, tasks)
    head = ["task", "num_envs", *(header(data, tasks, m) for m in methods)] + (["physical limit"] if limited else [])
    body = []
    for t, n in rows:
        k = frames_per_step(data, t)
        cells = [t, str(n)]
        for m in methods:
            v = value(data, t, n, m)
            text = _num(None if v is None else v * k)
            cells.append(f"**{text}**" if m in OURS and text else text)
        if limited:
            entry = limit(data, t, n)
            cells.append(_num(entry["steps_per_s"] * k) if entry else "")
        body.append(cells)
    return _table(head, body)


def ratio_table(data: Data, tasks: list[str]) -> str:
    """parallel_pool against each reference, one row per (task, num_envs)."""
    rows = rows_of(data, tasks)
    refs = [("envpool sync", "parallel_pool sync"), ("envpool async", "parallel_pool async")]
    refs += [(f"ale_py AtariVectorEnv {mode}", f"parallel_pool {mode}") for mode in ("sync", "async")]
    refs += [("procgen ProcgenEnv", f"parallel_pool {mode}") for mode in ("sync", "async")]
    refs = [(ref, ours) for ref, ours in refs if any(value(data, t, n, ref) for t, n in rows)]
    best_refs = [*SINGLE, "gymnasium SyncVectorEnv", "gymnasium AsyncVectorEnv"]
    best_refs = [ref for ref in best_refs if any(value(data, t, n, ref) for t, n in rows)]
    limited = has_limit(data, tasks)
    head = ["task", "num_envs"]
    head += [f"{COLUMNS[ours].strip('*')} / {COLUMNS[ref]}" for ref, ours in refs]
    head += [f"best of ours / {header(data, tasks, ref)}" for ref in best_refs]
    head += ["ours sync / limit", "ours async / limit", "limit noise"] if limited else []
    body = []
    for t, n in rows:
        cells = [t, str(n)]
        cells += [_ratio(value(data, t, n, ours), value(data, t, n, ref)) for ref, ours in refs]
        best = best_ours(data, t, n)
        cells += [_ratio(best, value(data, t, n, ref)) for ref in best_refs]
        if limited:
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
    body = []
    for e in entries:
        sizes = set(task_sizes(data, e["task"])) or set(data["settings"]["num_envs"])
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
    head = [
        "task",
        "threads",
        f"bounds num_envs ({cores(data)} cores)",
        "frame_skip",
        "limit, env steps/s (best window)",
        "min-max",
        "noise (max-min)/max",
        "windows",
        "reset steps",
    ]
    return _table(head, body, left=1)


def _method(name: str) -> Figure:
    return lambda data, task, n: value(data, task, n, name)


def _limit_figure(data: Data, task: str, n: int) -> float | None:
    entry = limit(data, task, n)
    return entry["steps_per_s"] if entry else None


def _ratios(data: Data, task: str, ours: Figure, reference: Figure, least: int = 0) -> list[tuple[float, int]]:
    """(ours / reference, num_envs) of every row of `task` with num_envs >= `least` that has both."""
    return [
        (a / b, n)
        for n in task_sizes(data, task)
        if n >= least and (a := ours(data, task, n)) and (b := reference(data, task, n))
    ]


def _verdict(
    found: list[tuple[float, int]], target: float, fmt: Callable[[float], str], pick: Callable[..., Any] = min
) -> str:
    """The lowest (or with pick=max the highest) (ratio, num_envs) of `found` against
    `target`: "0.93x at 32: **missed**"."""
    if not found:
        return "n/a"
    ratio, n = pick(found)
    return f"{fmt(ratio)} at {n}: {'met' if ratio >= target else '**missed**'}"


def _single_env_cell(data: Data, task: str, reference: str, target: float) -> str:
    """One env of ours against one env of `reference`, with the 1-thread limit's ratio: no
    env can beat that limit, so it is the highest ratio this machine allows."""
    a, b = value(data, task, 1, "parallel_pool sync"), value(data, task, 1, reference)
    cell = _verdict([(a / b, 1)] if a and b else [], target, _times)
    top = limit(data, task, 1)
    if b and top:
        cell += f" (the 1-thread limit is {top['steps_per_s'] / b:.2f}x {SINGLE[reference]})"
    return cell


def _limit_rows(data: Data, rows: int | str) -> tuple[str, int, Callable[..., Any]]:
    """A limit target's rows (the facts' bench_targets' limit_rows): how its header names them,
    the least num_envs among them, and which of their ratios the cell shows."""
    if rows == "best":
        return "best row", 0, max
    least = cores(data) if rows == "cores" else int(rows)
    return f"lowest with num_envs >= {f'cores ({least})' if rows == 'cores' else least}", least, min


def target_table(data: Data, tasks: list[str]) -> str:
    """The targets of the family of `tasks` (its facts' bench_targets), one row per task:
    each ratio's worst row in this run (for a limit target on the best row, its best)."""
    targets = targets_of(family_of(data, tasks))
    if targets is None:
        return ""
    columns: dict[str, list[str]] = {}
    if targets.each_mode:
        method, x = targets.each_mode
        for mode, every in (("sync", " at every num_envs"), ("async", "")):
            ours, reference = _method(f"parallel_pool {mode}"), _method(f"{method} {mode}")
            title = f"ours {mode} / {COLUMNS[f'{method} {mode}']}, lowest (target >= {x:g}x{every})"
            columns[title] = [_verdict(_ratios(data, t, ours, reference), x, _times) for t in tasks]
    if targets.each_of_ours:
        method, x = targets.each_of_ours
        for mode in ("sync", "async"):
            title = f"ours {mode} / {COLUMNS[method]}, lowest (target >= {x:g}x at every num_envs)"
            ratios = [_ratios(data, t, _method(f"parallel_pool {mode}"), _method(method)) for t in tasks]
            columns[title] = [_verdict(found, x, _times) for found in ratios]
    if targets.best_of_ours:
        method, x = targets.best_of_ours
        title = f"best of ours / {COLUMNS[method]}, lowest (target >= {x:g}x at every num_envs)"
        columns[title] = [_verdict(_ratios(data, t, best_ours, _method(method)), x, _times) for t in tasks]
    if targets.limit_rows is not None:
        which, least, pick = _limit_rows(data, targets.limit_rows)
        title = f"best of ours / limit, {which} (target >= {LIMIT_TARGET:.0%})"
        found = [_ratios(data, t, best_ours, _limit_figure, least) for t in tasks]
        columns[title] = [_verdict(f, LIMIT_TARGET, _percent, pick) for f in found]
    if targets.one_env:
        method, x = targets.one_env
        columns[f"one env: ours / {COLUMNS[method]} (target >= {x:g}x)"] = [
            _single_env_cell(data, t, method, x) for t in tasks
        ]
    body = [[t, *cells] for t, *cells in zip(tasks, *columns.values())]
    return _table(["task", *columns], body, left=1)


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
    rows = rows_of(data, tasks_of(data, family))
    lines = []
    for mode in ("sync", "async"):
        ours = f"parallel_pool {mode}"
        for ref, name in ((f"envpool {mode}", "EnvPool"), (f"ale_py AtariVectorEnv {mode}", "AtariVectorEnv")):
            ratios = [a / b for t, n in rows if (a := value(data, t, n, ours)) and (b := value(data, t, n, ref))]
            if ratios:
                lines.append(f"ours {mode} / {name} {mode}: {_span(ratios, _times)}")
    for ref in ("gymnasium SyncVectorEnv", "gymnasium AsyncVectorEnv", *SINGLE):
        ratios = [a / b for t, n in rows if (a := best_ours(data, t, n)) and (b := value(data, t, n, ref))]
        if ratios:
            lines.append(f"best of ours / {header(data, tasks_of(data, family), ref)}: {_span(ratios, _times)}")
    if any(limit(data, t, n) for t, n in rows):
        for mode in ("sync", "async"):
            ratios = [
                a / e["steps_per_s"]
                for t, n in rows
                if n >= cores(data) and (a := value(data, t, n, f"parallel_pool {mode}")) and (e := limit(data, t, n))
            ]
            if ratios:
                lines.append(f"ours {mode} / limit with num_envs >= cores: {_span(ratios, _percent)}")
    return "".join(f"- {line}\n" for line in lines)
