"""Compiler flags several packages share, each named once."""

# Code that must round as its reference does (NumPy's and Python's float64
# arithmetic, OpenCV's resize, pygame's drawing, Box2D's physics, MiniGrid's
# renderer): no implicit fused multiply-add, which rounds once where the
# reference rounds twice, whatever -march a build uses. Every target that
# compiles such headers passes it (a header-only cc_library cannot hand copts on).
NO_FMA_COPTS = ["-ffp-contract=off"]
