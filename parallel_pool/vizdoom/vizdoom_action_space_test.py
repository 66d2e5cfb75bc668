"""The vizdoom family's action space: bounded per button, samples that step, in every flavour.

The bounds are those docs/vizdoom.md ("Actions") states: a binary button [0, 1];
TURN_LEFT_RIGHT_DELTA and LOOK_UP_DOWN_DELTA [-180, 180] (degrees), MOVE_FORWARD_BACKWARD_DELTA
and MOVE_LEFT_RIGHT_DELTA [-50, 50], MOVE_UP_DOWN_DELTA [-768, 768]; a cfg's
`button_max_value` n > 0 makes a delta button's bound the smaller of n and that.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest
import vizdoom as vzd

import parallel_pool
from parallel_pool.registration import registry

DELTA_LIMITS = {
    "LOOK_UP_DOWN_DELTA": 180.0,
    "TURN_LEFT_RIGHT_DELTA": 180.0,
    "MOVE_FORWARD_BACKWARD_DELTA": 50.0,
    "MOVE_LEFT_RIGHT_DELTA": 50.0,
    "MOVE_UP_DOWN_DELTA": 768.0,
}
SCENARIOS = os.path.join(os.path.dirname(vzd.__file__), "scenarios")
# Every delta button, two with a cfg limit: one tighter than the engine's, one looser.
ALL_DELTAS_CFG = """
doom_map = map01
screen_resolution = RES_160X120
screen_format = GRAY8
available_buttons = { ATTACK LOOK_UP_DOWN_DELTA TURN_LEFT_RIGHT_DELTA MOVE_FORWARD_BACKWARD_DELTA
                      MOVE_LEFT_RIGHT_DELTA MOVE_UP_DOWN_DELTA MOVE_LEFT }
button_max_value = TURN_LEFT_RIGHT_DELTA 10
button_max_value = MOVE_LEFT_RIGHT_DELTA 1000
"""
ALL_DELTAS_LOW = [0, -180, -10, -50, -50, -768, 0]
ALL_DELTAS_HIGH = [1, 180, 10, 50, 50, 768, 1]


@pytest.fixture(scope="module")
def custom_cfg(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    cfg = tmp_path_factory.mktemp("cfg") / "all_deltas.cfg"
    cfg.write_text(ALL_DELTAS_CFG)
    return {"cfg_path": str(cfg), "wad_path": os.path.join(SCENARIOS, "basic.wad")}


def vizdoom_ids() -> list[str]:
    return [t for t in registry.list_all_envs() if registry.family(t) == "vizdoom"]


def config_of(task: str, custom_cfg: dict[str, str]) -> dict[str, Any]:
    return custom_cfg if task == "VizdoomCustom-v1" else {}


def documented_bounds(cfg_path: str) -> tuple[np.ndarray, np.ndarray]:
    """The bounds docs/vizdoom.md states, from the cfg as vizdoom.DoomGame reads it."""
    game = vzd.DoomGame()
    game.load_config(cfg_path)
    high = []
    for button in game.get_available_buttons():
        if not vzd.is_delta_button(button):
            high.append(1.0)
            continue
        limit = DELTA_LIMITS[button.name]
        cfg_max = game.get_button_max_value(button)
        high.append(min(limit, cfg_max) if cfg_max > 0 else limit)
    high_array = np.array(high)
    binary = np.array([not vzd.is_delta_button(b) for b in game.get_available_buttons()])
    return np.where(binary, 0.0, -high_array), high_array


def test_every_vizdoom_id_is_covered() -> None:
    assert len(vizdoom_ids()) == 19


@pytest.mark.parametrize("task", vizdoom_ids())
def test_the_space_is_bounded_as_documented(task: str, custom_cfg: dict[str, str]) -> None:
    spec = parallel_pool.make_spec(task, **config_of(task, custom_cfg))
    low, high = documented_bounds(spec.config.cfg_path)
    for space in (spec.action_space, spec.gym_action_space):
        assert space.dtype == np.float64 and space.shape == low.shape
        np.testing.assert_array_equal(space.low, low)
        np.testing.assert_array_equal(space.high, high)
        assert space.is_bounded()
    dm = spec.action_spec()
    assert type(dm).__name__ == "BoundedArray" and dm.shape == low.shape
    np.testing.assert_array_equal(dm.minimum, low)
    np.testing.assert_array_equal(dm.maximum, high)


def test_the_custom_cfg_bounds_every_delta_button(custom_cfg: dict[str, str]) -> None:
    space = parallel_pool.make_spec("VizdoomCustom-v1", **custom_cfg).action_space
    np.testing.assert_array_equal(space.low, ALL_DELTAS_LOW)
    np.testing.assert_array_equal(space.high, ALL_DELTAS_HIGH)


def test_deathmatch_has_delta_buttons_with_the_engines_bounds() -> None:
    # LOOK_UP_DOWN_DELTA, TURN_LEFT_RIGHT_DELTA, MOVE_LEFT_RIGHT_DELTA close its 20 buttons.
    space = parallel_pool.make_spec("Deathmatch-v1").action_space
    np.testing.assert_array_equal(space.low[-3:], [-180, -180, -50])
    np.testing.assert_array_equal(space.high[-3:], [180, 180, 50])
    assert (space.low[:-3] == 0).all() and (space.high[:-3] == 1).all()


@pytest.mark.parametrize("task", vizdoom_ids())
def test_samples_step_in_every_flavour(task: str, custom_cfg: dict[str, str]) -> None:
    config = {"num_envs": 2, "max_episode_steps": 5, "seed": 1, **config_of(task, custom_cfg)}
    gymnasium_env = parallel_pool.make_vec(task, **config)
    try:
        gymnasium_env.action_space.seed(0)
        gymnasium_env.reset()
        for _ in range(3):
            action = gymnasium_env.action_space.sample()
            assert action in gymnasium_env.action_space
            gymnasium_env.step(action)
    finally:
        gymnasium_env.close()
    gym_env = parallel_pool.make_gym(task, **config)
    try:
        gym_env.action_space.seed(0)
        gym_env.reset()
        for _ in range(3):  # the gym flavour's space is one env's, as EnvPool's
            gym_env.step(np.stack([gym_env.action_space.sample() for _ in range(2)]))
    finally:
        gym_env.close()
    dm_env = parallel_pool.make_dm(task, **config)
    try:
        spec = dm_env.action_spec()
        rng = np.random.default_rng(0)
        dm_env.reset()
        for _ in range(3):
            action = rng.uniform(spec.minimum, spec.maximum, size=(2, *spec.shape))
            spec.validate(action[0])
            assert dm_env.step(action).step_type.shape == (2,)
    finally:
        dm_env.close()


def test_values_outside_the_bounds_are_passed_on_as_in_envpool(custom_cfg: dict[str, str]) -> None:
    env = parallel_pool.make_vec("VizdoomCustom-v1", **custom_cfg)
    try:
        env.reset()
        env.step(np.array([[-3.0, 400.0, -1000.0, 1e6, -1e6, 5000.0, 2.0]]))
        with pytest.raises(ValueError, match=r"^action\[action\]: contains NaN"):
            env.step(np.array([[0.0, np.nan, 0.0, 0.0, 0.0, 0.0, 0.0]]))
    finally:
        env.close()


def test_the_engine_clamps_a_move_at_the_bound(custom_cfg: dict[str, str]) -> None:
    """MOVE_FORWARD_BACKWARD_DELTA's bound is where the engine stops: 50 and 1000 walk alike, 25 less far."""

    def walk(forward: float) -> np.ndarray:
        env = parallel_pool.make_vec("VizdoomCustom-v1", stack_num=1, seed=3, **custom_cfg)
        try:
            env.reset()
            action = np.zeros((1, 7))
            action[0, 3] = forward
            for _ in range(3):
                obs, *_ = env.step(action)
            return obs
        finally:
            env.close()

    at_bound = walk(50.0)
    np.testing.assert_array_equal(walk(1000.0), at_bound)
    assert not np.array_equal(walk(25.0), at_bound)
