"""numpy_ufunc.h, numpy_blas.h, numpy_gemv.h, numpy_ddot.h and numpy_math.h's sums against NumPy
itself, in the same process; scipy_zoom.h against scipy.ndimage.zoom.

The envs compute np.log1p, np.sin, ... with NumPy's own float64 loops, taken
from the ufunc objects at import, and 3x3 matrix products, 3 x n
matrix-vector products and dot products with the BLAS rounding NumPy is found
to use; here each is held, bit for bit, against NumPy on random inputs. Bazel
runs this file once as is and once per OpenBLAS core type (OPENBLAS_CORETYPE,
each of testing/openblas.py's OPENBLAS_CORETYPES), whose dgemm, dgemv and ddot
kernels round differently.
"""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest

from parallel_pool.numpy_exact import numpy_exact_test_hooks as hooks
from parallel_pool.python.testing import openblas

UNARY = ("log1p", "sin", "cos", "arcsinh", "tanh")

# How each OpenBLAS core type the BUILD runs this file under accumulates
# dgemm (numpy_blas.h).
CORETYPE_GEMM: dict[str, str] = {
    "Haswell": "fused",
    "SkylakeX": "fused",
    "Sandybridge": "sequential",
    "Prescott": "sequential",
}

# How each of them adds the last n % 4 terms of a dgemv row (numpy_gemv.h).
CORETYPE_GEMV: dict[str, str] = {
    "Haswell": "fused",
    "SkylakeX": "fused",
    "Sandybridge": "plain",
    "Prescott": "plain",
}

# The ddot kernel each of those core types runs (numpy_ddot.h).
CORETYPE_DDOT: dict[str, str] = {
    "Haswell": "haswell",
    "SkylakeX": "skylakex",
    "Sandybridge": "sandybridge",
    "Prescott": "sse2",
}


def test_numpy_loops_are_in_use() -> None:
    assert set(UNARY) | {"arctan2", "arctan", "tan", "arcsin", "power"} <= set(hooks.numpy_ufunc_loops())


@pytest.mark.parametrize("name", UNARY)
def test_unary_equals_numpy(name: str) -> None:
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.uniform(0.0, 4.0, 5000), rng.standard_normal(5000) * 10.0 ** rng.integers(-3, 4, 5000)])
    if name == "log1p":
        x = np.abs(x)
    ours = np.array(getattr(hooks, f"numpy_{name}")(x.tolist()))
    np.testing.assert_array_equal(ours, getattr(np, name)(x), name)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_sum_of_squares_equals_numpy(dtype: type) -> None:
    """np.sum(np.square(x)) in the array's own dtype (NEP 50: float32 squares and a
    float32 pairwise sum for a float32 x, as gymnasium's control cost of a float32
    action), over every length through the pairwise sum's three regimes."""
    hook = hooks.numpy_sum_of_squares if dtype == np.float64 else hooks.numpy_sum_of_squares_float32
    rng = np.random.default_rng(3)
    for n in [*range(0, 40), 63, 64, 65, 127, 128, 129, 200, 257, 1000]:
        for _ in range(50 if n < 40 else 10):
            x = (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4)).astype(dtype)
            ref = np.sum(np.square(x))
            assert ref.dtype == dtype
            assert hook(x.tolist()) == ref, (n, x.tolist())


def test_arctan2_equals_numpy() -> None:
    rng = np.random.default_rng(1)
    for y, x in rng.standard_normal((5000, 2)):
        assert hooks.numpy_arctan2(float(y), float(x)) == np.arctan2(y, x), (y, x)


@pytest.mark.parametrize("name", ["arctan", "tan", "arcsin"])
def test_scalar_unary_equals_numpy(name: str) -> None:
    """The highway family's scalar np.arctan, np.tan and np.arcsin (on an AVX-512
    CPU NumPy's are SVML's: about 1% of them differ from the C library's)."""
    rng = np.random.default_rng(5)
    x = np.concatenate([rng.uniform(-1.0, 1.0, 3000), rng.standard_normal(2000) * 10.0 ** rng.integers(-3, 2, 2000)])
    if name == "arcsin":
        x = np.clip(x, -1.0, 1.0)
    hook = getattr(hooks, f"numpy_{name}")
    for v in x:
        assert hook(float(v)) == getattr(np, name)(v), (name, v)


@pytest.mark.parametrize("name", ["arctan", "tan", "arcsin", "sin", "cos", "power"])
def test_batch_equals_numpy_scalars(name: str) -> None:
    """One call on an array of n (every n to 40, past two 8-lane vectors and a
    masked tail) equals NumPy's scalar call on each element: the highway family
    makes one call for all the vehicles of a frame where highway-env makes one
    per vehicle."""
    rng = np.random.default_rng(7)
    for n in [*range(1, 41), 64, 100]:
        for _ in range(40):
            x = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 2, n)
            if name == "arcsin":
                x = np.clip(x, -1.0, 1.0)
            if name == "power":
                x = np.abs(x)
                y = rng.choice([4.0, rng.uniform(3.5, 4.5)], n)
                ours = hooks.numpy_power_batch(x.tolist(), y.tolist())
                ref = [np.power(a, b) for a, b in zip(x, y, strict=True)]
            else:
                ours = getattr(hooks, f"numpy_{name}_batch")(x.tolist())
                ref = [getattr(np, name)(v) for v in x]
            assert ours == [float(r) for r in ref], (name, n)


def test_square_equals_numpy() -> None:
    """np.power(x, 2) of a float64 scalar (the IDM's gap term), as NumPy computes it:
    x * x where the import's probe proved NumPy's loop squares so, else NumPy's loop."""
    rng = np.random.default_rng(8)
    x = rng.standard_normal(20000) * 10.0 ** rng.integers(-6, 7, 20000)
    for v in x:
        assert hooks.numpy_square(float(v)) == np.power(v, 2), v
    strided = np.power(x, np.full_like(x, 2.0))
    # The probe's premise, here: a strided exponent misses NumPy's x * x path, where it has one.
    if hooks.numpy_squares_by_product():
        assert np.any(strided != x * x)


def _python_sum_model(items: list[object], rule: int) -> float:
    """CPython's sum() of ints, floats and NumPy scalars under `rule` (python_sum.h:
    0 3.11, 1 3.12/3.13, 2 3.14), written from its source and held against CPython
    3.13.5 and 3.14.10 themselves on 200,000 random sums each."""
    it = iter(items)
    total: object = 0
    for item in it:
        if type(total) is int and type(item) in (int, bool):
            total += item  # type: ignore[operator]
            continue
        total = total + item  # type: ignore[operator]
        break
    else:
        return float(total)  # type: ignore[arg-type]
    if rule == 0 or type(total) is not float:
        for item in it:
            total = total + item  # type: ignore[operator]
        return float(total)  # type: ignore[arg-type]
    hi, lo = float(total), 0.0
    for item in it:
        if type(item) is float or (rule == 2 and type(item) in (int, bool)):
            x = float(item)  # type: ignore[arg-type]
            t = hi + x
            lo += (hi - t) + x if abs(hi) >= abs(x) else (x - t) + hi
            hi = t
        elif type(item) in (int, bool):
            hi += float(item)  # type: ignore[arg-type]
        else:
            if lo and math.isfinite(lo):
                hi += lo
            total = hi + item  # type: ignore[operator]
            for rest in it:
                total = total + rest  # type: ignore[operator]
            return float(total)  # type: ignore[arg-type]
    if lo and math.isfinite(lo):
        hi += lo
    return hi


def test_python_sum_equals_pythons() -> None:
    """python_sum.h's sum() of typed numbers (the highway family's reward terms) equals
    this interpreter's own sum() under its rule, and the model of CPython's source under
    every rule."""
    rng = np.random.default_rng(9)
    rule = hooks.python_sum_rule()
    assert rule == {(3, 11): 0, (3, 12): 1, (3, 13): 1}.get(sys.version_info[:2], 2)
    scales = [1e16, 1.0, 0.1, 1e-17]
    for _ in range(20000):
        items: list[object] = []
        for _ in range(int(rng.integers(1, 7))):
            kind = int(rng.integers(0, 10))
            if kind < 2:
                items.append(int(rng.integers(-3, 4)))
            elif kind < 3:
                items.append(bool(rng.integers(0, 2)))
            elif kind < 4:
                items.append(np.float64(rng.uniform(-1, 1)))
            else:
                items.append(float(rng.uniform(-1, 1) * scales[int(rng.integers(0, 4))]))
        values = [float(x) for x in items]  # type: ignore[arg-type]
        types = [0 if type(x) in (int, bool) else 1 if type(x) is float else 2 for x in items]
        value, _ = hooks.python_sum(values, types, rule)
        assert value == float(sum(items)), items  # type: ignore[arg-type]
        for other in (0, 1, 2):
            assert hooks.python_sum(values, types, other)[0] == _python_sum_model(items, other), (items, other)


def test_power_equals_numpy() -> None:
    """np.power(x, delta) of two float64 scalars and np.power(x, 2) (the IDM's two
    terms), as NumPy computes them."""
    rng = np.random.default_rng(6)
    for x, delta in zip(rng.uniform(0.0, 2.0, 3000), rng.uniform(3.5, 4.5, 3000), strict=True):
        assert hooks.numpy_power(float(x), float(delta)) == np.power(x, delta), (x, delta)
    for x in rng.standard_normal(3000) * 10.0 ** rng.integers(-2, 3, 3000):
        assert hooks.numpy_power(float(x), 2.0) == np.power(x, 2), x


def test_matrix_product_equals_numpy() -> None:
    """The accumulation found at import is the one of the kernel OpenBLAS runs here,
    and it reproduces a.dot(b) on random matrices, not just the probes."""
    gemm = openblas.forced(CORETYPE_GEMM)
    if gemm is not None:
        assert hooks._numpy_rounding.gemm == gemm
    assert hooks._numpy_rounding.gemm is not None, "no known accumulation reproduces this NumPy's dgemm"
    rng = np.random.default_rng(2)
    for _ in range(2000):
        a, b = rng.standard_normal((2, 3, 3)) * 10.0 ** rng.integers(-3, 4)
        ours = np.array(hooks.numpy_matrix_times_matrix3(a.ravel().tolist(), b.ravel().tolist())).reshape(3, 3)
        np.testing.assert_array_equal(ours, a.dot(b))


def test_ddot_equals_numpy() -> None:
    """The kernel found at import is the one OpenBLAS runs here, and it reproduces
    np.dot(x, y) and x.dot(x) (np.linalg.norm's) at every length through the
    microkernels' blocks and tails, not just the probes'."""
    ddot = openblas.forced(CORETYPE_DDOT)
    if ddot is not None:
        assert hooks._numpy_rounding.ddot == ddot
    assert hooks._numpy_rounding.ddot is not None, "no known kernel reproduces this NumPy's ddot"
    rng = np.random.default_rng(4)
    for n in [*range(0, 70), 95, 96, 97, 100, 128, 129]:
        for _ in range(20):
            x, y = rng.standard_normal((2, n)) * 10.0 ** rng.integers(-3, 4)
            x, y = x.copy(), y.copy()  # each its own (aligned) array, as NumPy's fresh results
            assert hooks.numpy_ddot(x.tolist(), y.tolist()) == np.dot(x, y), (n, x.tolist(), y.tolist())
            assert hooks.numpy_ddot(x.tolist(), x.tolist()) == x.dot(x), (n, x.tolist())


def test_matrix_product_rejects_a_wrong_size() -> None:
    with pytest.raises(ValueError, match="a, b: expected 9 values"):
        hooks.numpy_matrix_times_matrix3([1.0] * 8, [1.0] * 9)


def test_matrix_vector_product_equals_numpy() -> None:
    """The dgemv tail rounding found at import is the one of the kernel OpenBLAS runs
    here, and it reproduces `a @ x` of a C-contiguous 3 x n matrix (Fetch's Jacobian
    times qvel) on random inputs of every length through 40, not just the probes;
    sparse rows too, as Jacobians are."""
    gemv = openblas.forced(CORETYPE_GEMV)
    if gemv is not None:
        assert hooks._numpy_rounding.gemv == gemv
    assert hooks._numpy_rounding.gemv is not None, "no known rounding reproduces this NumPy's dgemv"
    rng = np.random.default_rng(4)
    for n in range(1, 41):
        for _ in range(100):
            a = rng.standard_normal((3, n)) * 10.0 ** rng.integers(-3, 4)
            a[rng.random((3, n)) < 0.3] = 0.0
            x = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4)
            ours = np.array(hooks.numpy_matrix_times_vector3xn(a.ravel().tolist(), x.tolist()))
            np.testing.assert_array_equal(ours, a @ x, str(n))


def test_matrix_vector_product_rejects_a_wrong_size() -> None:
    with pytest.raises(ValueError, match=r"a, x: expected 3 \* len\(x\) values"):
        hooks.numpy_matrix_times_vector3xn([1.0] * 8, [1.0] * 3)


def test_scipy_zoom_equals_scipys() -> None:
    """Every output of a cubic zoom up and down, square or not, from 2 to 13 samples a
    side (the mirrored taps of short lines included), bit for bit. Left out, as no env
    zooms so: an axis of one sample, and an output of the input's own shape; there
    ours can differ from SciPy's in the last bit."""
    from scipy import ndimage

    rng = np.random.default_rng(3)
    cases = [
        ((rows, cols), ((1, 1), (2, 3), (rows + 1, cols), (2 * rows + 1, 3 * cols), (37, 64)))
        for rows in range(2, 14)
        for cols in (2, 3, 5, 8, 13)
    ]
    cases.append(((30, 30), ((201, 201),)))  # quadruped escape's bumps onto its terrain
    for (rows, cols), outputs in cases:
        x = rng.uniform(-1.0, 1.0, (rows, cols)) * 10.0 ** rng.integers(-2, 3)
        for out_rows, out_cols in outputs:
            if (out_rows, out_cols) == (rows, cols):
                continue
            want = ndimage.zoom(x, (out_rows / rows, out_cols / cols))
            assert want.shape == (out_rows, out_cols)
            ours = np.array(hooks.scipy_zoom_cubic(x.ravel().tolist(), rows, cols, out_rows, out_cols))
            np.testing.assert_array_equal(ours.reshape(out_rows, out_cols), want, str((rows, cols, out_rows, out_cols)))
