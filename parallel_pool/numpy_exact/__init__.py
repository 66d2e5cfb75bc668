"""NumPy- and Python-exact arithmetic shared by the env families, and its run-time probe.

The C++ headers here reproduce NumPy's and Python's float64 arithmetic
operation for operation (pairwise sums, BLAS dot rounding, ufunc loops,
RandomState, scipy.ndimage.zoom, `x ** y`, `x % y`). `numpy_probe` learns at
import how this process's NumPy rounds short dot products and sets a family
module's C++ rounding to match. Not a family: it registers no env.
"""
