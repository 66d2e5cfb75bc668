"""What the Atari and highway limit probes share: a window is one call of the
extension's rate function (parallel_pool/core/step_rate.h), which gives the env steps/s
of T threads and the share of them that were resets; the probe keeps the reset share
over every window so far."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from mujoco_limit import Limit, usable_cores
from runners import WARMUP


class RateProbe:
    """One task's limit for any thread count, one window at a time (`_rate` measures)."""

    frame_skip: int

    def __init__(self) -> None:
        self.steps = self.resets = 0.0  # over every window

    @property
    def reset_fraction(self) -> float:
        """The share of reset steps in the windows so far."""
        return self.resets / self.steps if self.steps else 0.0

    def _rate(self, threads: int, warmup: float, seconds: float) -> tuple[float, float]:
        """(env steps/s, share of resets) of `threads` threads over one window."""
        raise NotImplementedError

    def window(self, threads: int, seconds: float) -> float:
        """The limit of `threads` threads, env steps/s, over one window of `seconds`."""
        rate, resets = self._rate(threads, WARMUP * seconds, seconds)
        self.steps += rate * seconds
        self.resets += rate * seconds * resets
        return float(rate)


def main(doc: str, default_tasks: list[str], make_probe: Callable[[str], RateProbe], unit: str) -> None:
    """A limit script's command line: each task's limit per thread count, in interleaved
    windows, as a table in `unit` (env steps/s x the probe's frame_skip)."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", nargs="+", default=default_tasks)
    parser.add_argument("--threads", nargs="+", type=int, default=sorted({1, usable_cores()}))
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5, help="windows per thread count, interleaved")
    args = parser.parse_args()
    print(f"| task | threads | frame_skip | resets | limit, {unit} (best) | min-max | noise |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for task in args.tasks:
        probe = make_probe(task)
        limits = {t: Limit(task, t, probe.frame_skip, 0.0) for t in args.threads}
        for _ in range(args.rounds):
            for t, limit in limits.items():
                limit.samples.append(probe.window(t, args.seconds))
        k = probe.frame_skip
        for t, limit in limits.items():
            print(
                f"| {task} | {t} | {k} | {probe.reset_fraction:.2%} | {limit.best * k:,.0f} "
                f"| {min(limit.samples) * k:,.0f}-{limit.best * k:,.0f} | {limit.noise:.1%} |"
            )
