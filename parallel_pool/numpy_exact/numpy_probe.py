"""Learns from NumPy itself how it rounds the norms gymnasium's MuJoCo tasks take.

gymnasium computes `np.linalg.norm(v)` of 2- and 3-element vectors (Ant's and
Humanoid's `distance_from_origin`, Reacher's and Pusher's `reward_dist`, ...).
That is `sqrt(v.dot(v))`, and `v.dot(v)` is OpenBLAS's ddot, whose rounding
depends on the kernel OpenBLAS picks for this CPU at run time (or the one
`OPENBLAS_CORETYPE` names), not on any CPU flag we could read. So when the
family is imported, NumPy computes `v.dot(v)` for a few fixed vectors, chosen
so that the three roundings OpenBLAS's x86-64 kernels use all give different
results, and the C++ envs are told which rounding reproduces NumPy on every
one of them (numpy_math.h: DotRounding).

If none does (a BLAS we have not met), the envs round sequentially and
`NUMPY_DOT_ROUNDING` is None: those norms may then differ from NumPy's by an
ulp or so, which docs/mujoco.md states, and the lockstep tests compare only
them within that bound.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np

# The C++ DotRounding values, by name.
ROUNDINGS = ("sequential", "fused", "two_accumulators")

# Vectors on which the three roundings of x . x all differ (length 3) or on
# which sequential and fused differ (length 2; two accumulators equal
# sequential there). Exact decimal literals: the same doubles everywhere.
PROBES: tuple[tuple[float, ...], ...] = (
    (1.606, -1.131),
    (-0.161, 0.764),
    (1.147, -0.619, 0.328),
    (1.856, -1.317, 1.242),
    (1.767, 1.357, 0.646),
    (-0.101, -1.72, 0.73),
)


def probe(ext: ModuleType) -> int | None:
    """The index of the rounding that reproduces NumPy's v.dot(v) on every probe, or None.

    `ext` is an extension module with BindNumpyRounding's submodule (numpy_rounding_binding.h).
    """
    matches = set(range(len(ROUNDINGS)))
    for values in PROBES:
        v = np.array(values, dtype=np.float64)
        numpy_result = float(v.dot(v))
        candidates = ext._numpy_rounding.dot_self_candidates(list(values))
        matches &= {i for i, c in enumerate(candidates) if c == numpy_result}
    return min(matches) if matches else None


def configure(ext: ModuleType) -> str | None:
    """Probes NumPy and sets `ext`'s C++ envs' rounding; returns its name (None: unpredictable)."""
    found = probe(ext)
    ext._numpy_rounding.set_dot_rounding(0 if found is None else found)
    return None if found is None else ROUNDINGS[found]
