"""What lockstep tests need to compare a pool with its reference exactly."""

from __future__ import annotations

from typing import Any


def float64_rewards(pool: Any) -> Any:
    """`pool`, handing out the envs' own float64 rewards instead of EnvPool's float32.

    EnvPool's entries (make_gymnasium, make_gym, make_dm) round each reward to float32, as
    EnvPool does; a lockstep test compares the value the env computed, unrounded, with its
    reference's (make_vec's pools give it as they are). Returns the pool, for chaining.
    """
    pool._reward_dtype = None
    return pool
