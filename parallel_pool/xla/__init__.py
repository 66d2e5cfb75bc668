"""env.xla(): the pool's send/recv/step as XLA custom calls (see functions.py).

This package sits above parallel_pool.python: on import it hands PoolBase the
function behind `xla()` (python/pool.py's `set_xla_builder`), so the layer
below never imports this one. Importing it imports nothing heavy; jax is
imported (by `functions`) only when `xla()` is called.
"""

from __future__ import annotations

from typing import Any

from parallel_pool.python.pool import PoolBase, XlaHooks, set_xla_builder


def _build(pool: PoolBase, hooks: XlaHooks) -> Any:
    try:
        import jax  # noqa: F401  (only to say clearly that it is missing)
    except ImportError as error:
        raise RuntimeError("xla() needs jax: pip install 'jax>=0.10' (CPU is enough)") from error
    from parallel_pool.xla.functions import make_xla

    return make_xla(pool, hooks)


set_xla_builder(_build)
