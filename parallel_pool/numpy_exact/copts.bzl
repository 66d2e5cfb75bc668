"""The compiler flags of every module that compiles numpy_exact's headers."""

# Rewards, observations and physics must round exactly as NumPy's and
# Python's float64 code does: no implicit fused multiply-add (which rounds
# once where NumPy rounds twice), whatever -march a build uses.
NUMPY_EXACT_COPTS = ["-ffp-contract=off"]
