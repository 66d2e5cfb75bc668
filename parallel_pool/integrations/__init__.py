"""Adapters to training libraries; each imports its library only when imported itself.

`import parallel_pool` imports none of them, so none of their dependencies
(torch, jax) is needed to use the pools.
"""
