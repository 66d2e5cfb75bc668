"""Renders one `make bench` run (benchmark/results.json) as markdown.

    python benchmark/report.py [benchmark/results.json] [--doc docs/performance.md]
                               [--markdown benchmark/results.md]

--doc writes docs/performance.md: the tables of that run plus the fixed prose of
benchmark/performance/ (string.Template files), and every figure the prose cites
comes from the same JSON. So the doc is regenerated, never edited: `make bench`
runs this at its end. With neither option it prints the tables.

This module puts the page together; report_data.py looks the figures up and
report_tables.py draws the tables. benchmark/run.py and benchmark/plots.py read
all of them as `report.<name>` (the names below from report_data and report_tables).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import string
import textwrap

# `from report_data import X as X`: a name run.py or plots.py reads as `report.X`.
from report_data import COLUMNS as COLUMNS
from report_data import FAMILIES as FAMILIES
from report_data import FAMILY_FACTS as FAMILY_FACTS
from report_data import LIMIT as LIMIT
from report_data import LIMIT_TARGET as LIMIT_TARGET
from report_data import SINGLE as SINGLE
from report_data import SUMMARY_IMAGE as SUMMARY_IMAGE
from report_data import Data, best_ours, rows_of, targets_of, tasks_of, units, value
from report_data import exceeding as exceeding
from report_data import family_order as family_order
from report_data import frames_per_step as frames_per_step
from report_data import has_limit as has_limit
from report_data import header as header
from report_data import limit as limit
from report_data import limit_image as limit_image
from report_data import summary_num_envs as summary_num_envs
from report_data import throughput_image as throughput_image
from report_data import unit as unit
from report_tables import handoff_table as handoff_table
from report_tables import limit_table, ratio_table, summary, target_table, throughput_table
from report_tables import tables as tables

# plots.py's names for two look-ups.
_rows, _best_ours = rows_of, best_ours

# The page's prose: one string.Template file per piece (its ${names} are filled below).
TEMPLATES = pathlib.Path(__file__).resolve().parent / "performance"


def _fill(name: str, **values: object) -> str:
    """The template performance/<name>.md, filled with `values`."""
    return string.Template((TEMPLATES / f"{name}.md").read_text().strip()).substitute(values)


def _family_prose(kind: str, family: str, **values: object) -> str:
    """A family's prose of `kind` ("families": its methods, "targets": its targets),
    filled with `values`; "" where the family has none."""
    return _fill(f"{kind}/{family}", **values) if (TEMPLATES / kind / f"{family}.md").is_file() else ""


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
    best = f"the best of {s['repeat']} windows" if s["repeat"] > 1 else "one window"
    more = {f: n for f, n in s.get("min_rounds", {}).items() if n > s["repeat"]}
    if more:
        best += " (" + ", ".join(f"{FAMILIES.get(f, f)}: the best of {n}" for f, n in more.items()) + ")"
    load = m.get("loadavg_start")
    return _fill(
        "provenance",
        commit=commit,
        date=data["date"],
        duration=_duration(data["duration_s"]),
        cpu_model=m["cpu_model"],
        usable_cores=m["usable_cores"],
        cores=m["cores"],
        memory_gib=f"{m['memory_gib']:.0f}",
        platform=m["platform"],
        python=m["python"],
        packages=", ".join(f"{k} {v}" for k, v in m["packages"].items() if v),
        load=f" Load average at the start: {load[0]:.2f}." if load else "",
        best=best,
        seconds=f"{s['seconds']:g}",
        warmup=f"{s['warmup'] * s['seconds']:g}",
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
        out += ["", _wrap(_fill("over_limit")), ""]
    if data.get("errors"):
        out += ["**Measurements that failed:**", ""]
        out += [f"- {e['task']} num_envs={e['num_envs']} {e['method']}: {e['error']}" for e in data["errors"]]
        out.append("")
    return out


def _handoff_prose(data: Data) -> str:
    handoff = handoff_table(data)
    if not handoff:
        return ""
    task = data["handoff"][0]["task"]
    envpool_one = ours_one = ""
    ep, single = value(data, task, 1, "envpool sync"), value(data, task, 1, "gymnasium single env")
    if ep and single:
        envpool_one = " " + _fill(
            "handoff_envpool",
            task=task,
            us=f"{1e6 / ep:.1f}",
            speed=f"{ep / single:.2f}",
            single_us=f"{1e6 / single:.1f}",
        )
    ours = value(data, task, 1, "parallel_pool sync")
    if ours and single:
        ours_one = " " + _fill("handoff_ours", task=task, us=f"{1e6 / ours:.1f}", speed=f"{ours / single:.2f}")
    return _fill("handoff", envpool_one=envpool_one, handoff=handoff, ours_one=ours_one)


def _target_values(family: str) -> dict[str, str]:
    """The family's targets as its targets prose names them: ${each_mode}, ${best_of_ours},
    ${each_of_ours} and ${one_env} (ratios), ${limit} (the share of the limit) and ${limit_rows}."""
    targets = targets_of(family)
    if targets is None:
        return {}
    values = {
        key: f"{pair[1]:g}"
        for key in ("each_mode", "best_of_ours", "each_of_ours", "one_env")
        if (pair := getattr(targets, key))
    }
    if targets.limit_rows is not None:
        values |= {"limit": f"{LIMIT_TARGET:.0%}", "limit_rows": str(targets.limit_rows)}
    return values


def _family_section(data: Data, family: str) -> list[str]:
    """The page's section of `family`: its prose, notes, figures, tables and summary."""
    packages = data["machine"]["packages"]
    tasks = tasks_of(data, family)
    title = FAMILIES.get(family, family.replace("_", " ").capitalize())
    parts = [f"## {title} ({', '.join(tasks)}; {units(data, tasks)})", ""]
    prose = _family_prose(
        "families",
        family,
        mujoco=packages.get("mujoco") or "",
        dm_control=packages.get("dm-control") or "",
        gymnasium_robotics=packages.get("gymnasium-robotics") or "",
        metaworld=packages.get("metaworld") or "",
        highway_env=packages.get("highway-env") or "",
        procgen=packages.get("procgen-mirror") or "",
        vizdoom=packages.get("vizdoom") or "",
        envpool=packages.get("envpool") or "",
    )
    for task in tasks:
        other = data["tasks"][task].get("gymnasium_id")
        if other and other != task and family != "vizdoom":  # the vizdoom prose names its envs
            prose += " " + _fill("gymnasium_id", task=task, other=other)
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
        parts += [_family_prose("targets", family, **_target_values(family)), "", targets, ""]
    return [*parts, summary(data, family)]


def document(data: Data) -> str:
    """docs/performance.md."""
    intro = _fill(
        "intro",
        provenance=provenance(data),
        envpool=data["machine"]["packages"].get("envpool") or "",
        summary=SUMMARY_IMAGE,
        summary_envs=summary_num_envs(data),
    )
    parts = [intro, "", *_problems(data)]
    shown = family_order(data)
    for family in dict.fromkeys(n["family"] for n in data.get("notes") or []):
        if family not in shown:
            parts += _notes(data, family)
    for family in shown:
        parts += _family_section(data, family)
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
