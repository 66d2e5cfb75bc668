"""env.xla(): the pool's send/recv/step as XLA custom calls (see functions.py).

Importing this package imports nothing heavy; `functions` imports jax.
"""
