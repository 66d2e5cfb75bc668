"""What the Atari and highway limit probes share: a window is one call of the
extension's rate function (parallel_pool/core/step_rate.h), which gives the env steps/s
of T threads and the share of them that were resets; the probe keeps the reset share
over every window so far."""

from __future__ import annotations

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
