"""The `mission` observation back to text: each row holds the mission's UTF-8 bytes, zero padded."""

from __future__ import annotations

import numpy as np


def decode_mission(mission: np.ndarray) -> str | list[str]:
    """The mission string of one row (shape (mission_bytes,)), or the list of a batch's
    (shape (n, mission_bytes)), as minigrid's `obs["mission"]`."""
    array = np.asarray(mission, dtype=np.uint8)
    if array.ndim == 1:
        return array.tobytes().rstrip(b"\0").decode("utf-8")
    if array.ndim == 2:
        return [row.tobytes().rstrip(b"\0").decode("utf-8") for row in array]
    raise ValueError(f"mission: expected shape (mission_bytes,) or (n, mission_bytes), got {array.shape}")
