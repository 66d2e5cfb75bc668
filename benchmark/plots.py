"""Draws one `make bench` run (benchmark/results.json) as the PNGs docs/performance.md shows.

    python benchmark/plots.py [benchmark/results.json] [--out docs/images]

`make bench` runs it after benchmark/report.py, on the same JSON, so the figures
and the tables always come from one run. The file names are report.py's
(`report.throughput_image`, `report.limit_image`, `report.SUMMARY_IMAGE`), since
the page it writes embeds them. Per family: steps/s against num_envs of every
method (parallel_pool, EnvPool, gymnasium's vector envs, ale_py's vector env, the
one-env baselines, the physical limit), and where there is a limit, the fraction of
it parallel_pool reaches. For README.md: one summary of parallel_pool against the
other vector envs at one num_envs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt
from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report

Data = dict[str, Any]

# How each method is drawn: parallel_pool bold and on top, references thinner.
STYLE: dict[str, dict[str, Any]] = {
    "parallel_pool sync": {"color": "#d62728", "linestyle": "-", "linewidth": 2.6, "marker": "o", "zorder": 5},
    "parallel_pool async": {"color": "#d62728", "linestyle": "--", "linewidth": 2.6, "marker": "o", "zorder": 5},
    "envpool sync": {"color": "#1f77b4", "linestyle": "-", "marker": "s"},
    "envpool async": {"color": "#1f77b4", "linestyle": "--", "marker": "s"},
    "ale_py AtariVectorEnv sync": {"color": "#9467bd", "linestyle": "-", "marker": "^"},
    "ale_py AtariVectorEnv async": {"color": "#9467bd", "linestyle": "--", "marker": "^"},
    "gymnasium SyncVectorEnv": {"color": "#2ca02c", "linestyle": "-", "marker": "v"},
    "gymnasium AsyncVectorEnv": {"color": "#2ca02c", "linestyle": "--", "marker": "v"},
    "procgen ProcgenEnv": {"color": "#ff7f0e", "linestyle": "-", "marker": "D"},
}
SINGLE_STYLE = {"color": "#7f7f7f", "marker": "*", "markersize": 13, "linestyle": "none"}
LIMIT_STYLE = {"color": "black", "linestyle": ":", "linewidth": 1.8, "drawstyle": "steps-post"}
DPI = 110
# A panel whose values span more than this factor gets a log axis (classic control's
# 30k-4M); a narrower one a linear axis from 0 (Atari's 10k-40k).
LOG_SCALE_ABOVE = 20


def _label(data: Data, tasks: list[str], method: str) -> str:
    return report.header(data, tasks, method).replace("**", "").replace("ours", "parallel_pool")


def _save(fig: Any, path: str) -> None:
    # No 'Software' entry: the same JSON gives the same bytes, whatever draws it.
    fig.savefig(path, dpi=DPI, metadata={"Software": None})
    plt.close(fig)
    print(f"plots: wrote {path}", file=sys.stderr, flush=True)


def _num_envs_axis(ax: Any, sizes: list[int]) -> None:
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_locator(FixedLocator(sizes))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:g}"))
    ax.set_xlabel("num_envs")


def _si(x: float, _: Any = None) -> str:
    for scale, suffix in ((1e6, "M"), (1e3, "k")):
        if x >= scale:
            return f"{x / scale:g}{suffix}"
    return f"{x:g}"


def throughput_figure(data: Data, family: str, path: str) -> None:
    """One panel per task: each method's steps/s (frames/s for Atari) against num_envs."""
    tasks = report.tasks_of(data, family)
    fig, axes = plt.subplots(1, len(tasks), figsize=(5.2 * len(tasks), 4.4), squeeze=False)
    handles: dict[str, Any] = {}
    for ax, task in zip(axes[0], tasks):
        rows = [n for t, n in report._rows(data, [task])]
        k = report.frames_per_step(data, task)
        for method in report.COLUMNS:
            points = [(n, v * k) for n in rows if (v := report.value(data, task, n, method)) is not None]
            if not points:
                continue
            label = _label(data, tasks, method)
            if method in report.SINGLE:
                (line,) = ax.plot(*zip(*points), **SINGLE_STYLE)
            else:
                (line,) = ax.plot(*zip(*points), **STYLE.get(method, {}))
            handles.setdefault(label, line)
        limits = [(n, e["steps_per_s"] * k) for n in rows if (e := report.limit(data, task, n))]
        if limits:
            xs, ys = zip(*limits)
            (line,) = ax.plot([*xs, xs[-1] * 1.5], [*ys, ys[-1]], **LIMIT_STYLE)  # drawn on past the last row
            handles.setdefault(report.LIMIT, line)
        _num_envs_axis(ax, rows)
        low, high = ax.get_ylim()
        if high / max(low, 1e-9) > LOG_SCALE_ABOVE:
            ax.set_yscale("log")
            ax.yaxis.set_minor_formatter(FuncFormatter(lambda x, _: ""))
        else:  # within a decade: a linear axis from 0 shows the ratios as they are
            ax.set_ylim(0, high * 1.05)
        ax.yaxis.set_major_formatter(FuncFormatter(_si))
        ax.set_title(task, fontsize=11)
        ax.set_ylabel(report.unit(data, task))
        ax.grid(True, which="major", alpha=0.3)
    title = report.FAMILIES.get(family, family)
    fig.suptitle(f"{title}: throughput against num_envs ({data['machine']['usable_cores']} cores; higher is better)")
    fig.legend(handles.values(), handles.keys(), loc="lower center", ncol=min(4, len(handles)), fontsize=9)
    rows_of_legend = (len(handles) + 3) // 4
    fig.tight_layout(rect=(0, 0.06 * rows_of_legend + 0.02, 1, 1))
    _save(fig, path)


def limit_figure(data: Data, family: str, path: str) -> None:
    """parallel_pool's steps/s as a fraction of the physical limit, per task, against num_envs."""
    tasks = [t for t in report.tasks_of(data, family) if any(e["task"] == t for e in data["limits"])]
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    colors = plt.get_cmap("tab10")
    sizes: set[int] = set()
    for i, task in enumerate(tasks):
        for mode, style in (("sync", "-"), ("async", "--")):
            points = [
                (n, v / e["steps_per_s"])
                for t, n in report._rows(data, [task])
                if (v := report.value(data, task, n, f"parallel_pool {mode}")) and (e := report.limit(data, task, n))
            ]
            if points:
                sizes.update(n for n, _ in points)
                ax.plot(*zip(*points), linestyle=style, marker="o", color=colors(i), label=f"{task} {mode}")
    ax.axhline(1.0, color="black", linestyle=":", linewidth=1.5, label="physical limit")
    ax.axhline(report.LIMIT_TARGET, color="#7f7f7f", linestyle="-.", linewidth=1, label="target (90%)")
    _num_envs_axis(ax, sorted(sizes))
    ax.set_ylim(0, 1.15)
    ax.yaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:.0%}"))
    ax.set_ylabel("parallel_pool / physical limit")
    ax.grid(True, alpha=0.3)
    title = report.FAMILIES.get(family, family)
    ax.set_title(f"{title}: share of the physical limit reached (sync solid, async dashed)", fontsize=11)
    ax.legend(fontsize=8, loc="lower right", ncol=2)
    fig.tight_layout()
    _save(fig, path)


def summary_figure(data: Data, path: str) -> None:
    """For each task, the better of parallel_pool's modes over each reference's better mode."""
    num_envs = report.summary_num_envs(data)
    refs = {
        "EnvPool": ("envpool sync", "envpool async"),
        "gymnasium AsyncVectorEnv": ("gymnasium AsyncVectorEnv",),
        "gymnasium SyncVectorEnv": ("gymnasium SyncVectorEnv",),
    }
    tasks = [t for f in report.family_order(data) for t in report.tasks_of(data, f)]
    refs_of = [m for methods in refs.values() for m in methods]
    tasks = [
        t
        for t in tasks
        if report._best_ours(data, t, num_envs) and any(report.value(data, t, num_envs, m) for m in refs_of)
    ]
    fig, ax = plt.subplots(figsize=(8.5, 0.42 * len(tasks) * len(refs) / 2 + 1.6))
    height = 0.8 / len(refs)
    colors = {"EnvPool": "#1f77b4", "gymnasium AsyncVectorEnv": "#2ca02c", "gymnasium SyncVectorEnv": "#98df8a"}
    for j, (name, methods) in enumerate(refs.items()):
        ys, ratios = [], []
        for i, task in enumerate(tasks):
            found = [v for m in methods if (v := report.value(data, task, num_envs, m))]
            if found:
                ys.append(i + (j - (len(refs) - 1) / 2) * height)
                ratios.append(report._best_ours(data, task, num_envs) / max(found))
        bars = ax.barh(ys, ratios, height=height, color=colors[name], label=f"over {name}")
        ax.bar_label(bars, labels=[f"{r:.1f}x" for r in ratios], fontsize=7, padding=2)
    ax.axvline(1.0, color="black", linewidth=1)
    ax.set_xscale("log")
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:g}x"))
    low, high = ax.get_xlim()  # less than a decade: label the minor ticks too (2x, 3x, ...)
    ax.xaxis.set_minor_formatter(FuncFormatter(lambda x, _: f"{x:g}x" if high / low < 10 else ""))
    ax.set_yticks(range(len(tasks)), tasks)
    ax.invert_yaxis()
    ax.set_xlabel("speed-up of parallel_pool (better of sync and async; > 1x: parallel_pool is faster)")
    ax.set_title(
        f"parallel_pool against other vector envs, num_envs={num_envs}, {data['machine']['usable_cores']}-core machine",
        fontsize=11,
    )
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    _save(fig, path)


def draw_all(data: Data, out: str) -> list[str]:
    """Every figure of the run under `out` (the docs folder's images/); returns their paths."""
    os.makedirs(out, exist_ok=True)
    docs = os.path.dirname(os.path.abspath(out))
    written = []
    for family in report.family_order(data):
        path = os.path.join(docs, report.throughput_image(family))
        throughput_figure(data, family, path)
        written.append(path)
        if report.has_limit(data, report.tasks_of(data, family)):
            path = os.path.join(docs, report.limit_image(family))
            limit_figure(data, family, path)
            written.append(path)
    path = os.path.join(docs, report.SUMMARY_IMAGE)
    summary_figure(data, path)
    written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("json", nargs="?", default="benchmark/results.json")
    parser.add_argument("--out", default="docs/images", help="the docs' images/ folder")
    args = parser.parse_args()
    if os.path.basename(os.path.normpath(args.out)) != os.path.dirname(report.SUMMARY_IMAGE):
        parser.error(f"--out: expected a folder named {os.path.dirname(report.SUMMARY_IMAGE)!r} beside the page")
    with open(args.json) as f:
        data = json.load(f)
    draw_all(data, args.out)


if __name__ == "__main__":
    main()
