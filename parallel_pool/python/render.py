"""EnvPool's rendering options: which keyword arguments of make() are the pool's, and which the env's.

`render_mode`, `render_env_id`, `render_width`, `render_height` and
`render_camera_id` configure `render()` (docs/rendering.md). `from_pixels=True`
asks a family with pixel observations for them: then `render_width`,
`render_height` and `render_camera_id` are the env's config (the size of its
observation) as well as render()'s defaults.

A task whose env runs differently when it renders has the config key
`rendering`, which follows `render_mode` (True exactly when a render mode is
set) and is no user's to set: gymnasium's LunarLander throws its engines'
particles (bodies its frames show) only when it has a render mode, so ours
does only in a pool that renders.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from parallel_pool.python.checks import check_bool, check_int

RENDER_MODES = (None, "rgb_array")


class RenderOptions(NamedTuple):
    """render()'s settings: 0 for a size (and -1 for the camera) is the family's default."""

    mode: str | None = None
    env_id: int = 0
    width: int = 0
    height: int = 0
    camera_id: int = -1


def split_render_options(
    task_id: str, kwargs: dict[str, Any], config_keys: Any
) -> tuple[dict[str, Any], RenderOptions]:
    """(the env's config kwargs, the pool's RenderOptions) from make()'s keyword arguments."""
    kwargs = dict(kwargs)
    mode = kwargs.pop("render_mode", None)
    if mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode: expected None or 'rgb_array', got {mode!r}"
            + ("; parallel_pool opens no window: render() the frames and show them yourself" if mode == "human" else "")
        )
    env_id = check_int("render_env_id", kwargs.pop("render_env_id", 0))
    from_pixels = check_bool("from_pixels", kwargs.pop("from_pixels", False))
    sizes = {}
    for key, default in (("render_width", 0), ("render_height", 0), ("render_camera_id", -1)):
        value = kwargs.get(key, default) if from_pixels else kwargs.pop(key, default)
        sizes[key] = check_int(key, value)
    if "rendering" in config_keys:
        rendering = mode is not None
        if "rendering" in kwargs and kwargs["rendering"] is not rendering:
            raise ValueError(
                f"rendering: follows render_mode (True exactly when render_mode='rgb_array'); "
                f"got rendering={kwargs['rendering']!r} with render_mode={mode!r}: set render_mode instead"
            )
        kwargs["rendering"] = rendering
    if from_pixels:
        if "from_pixels" not in config_keys:
            raise ValueError(f"from_pixels: {task_id} has no pixel observations (the dm_control tasks have)")
        kwargs["from_pixels"] = True
    options = RenderOptions(mode, env_id, sizes["render_width"], sizes["render_height"], sizes["render_camera_id"])
    return kwargs, options
