"""The Adroit hand tasks against gymnasium-robotics 1.4.2, seed for seed.

Nothing is synced: env i of a pool made with seed=s must run exactly the episodes of
gymnasium-robotics' env after reset(seed=s + i): the same placements of the door, the
nail board, the pen's target, the ball and its target (model writes at each reset),
then, on the same float32 actions (the action space's dtype, some beyond its bounds),
the same observations, rewards (float64, byte for byte), terminated, truncated and
info["success"] at every step, and across episode ends (the pool's next-step
autoreset gives the reference's reset() without a seed), for every Adroit id.

Random actions never open the door, drive the nail, carry the ball or drop the pen, so
the dense rewards' bonuses and penalties would go untested: test_goals_reached runs
both on the same models edited so that those states are within reach (the door's
hinge starting open, the nail goal at the nail, the ball's target moving with the
ball, the pen starting low), given to ours as
`xml_file` and to the reference as its MujocoEnv's model_path (a test-time change of
the reference).
"""

from __future__ import annotations

import contextlib
import pathlib
import re
import tempfile
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import gymnasium
import gymnasium_robotics
import numpy as np
import pytest
from gymnasium.envs.mujoco import mujoco_env

import parallel_pool

gymnasium.register_envs(gymnasium_robotics)

ADROIT_IDS = sorted(t for t in parallel_pool.list_all_envs() if t.startswith("AdroitHand"))
NUM_ENVS = 3
# Short episodes, so that every env crosses several episode ends.
MAX_STEPS = 25
STEPS = 80
# Each env's action noise: small (the pen stays in the hand and can meet its target),
# medium, and large enough that a sixth of the values lie beyond [-1, 1].
ACTION_SCALES = (0.1, 0.5, 1.0)
ASSETS = pathlib.Path(gymnasium_robotics.__file__).parent / "envs" / "assets" / "adroit_hand"


def distance(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.linalg.norm(a - b))


def door_branches(env: Any) -> set[str]:
    hinge = env.data.qpos[env.door_hinge_addrs]
    return {name for name, hit in (("past 0.2", hinge > 0.2), ("past 1.0", hinge > 1.0), ("open", hinge > 1.35)) if hit}


def hammer_branches(env: Any) -> set[str]:
    d = env.data
    gap = distance(d.site_xpos[env.target_obj_site_id], d.site_xpos[env.goal_site_id])
    lifted = d.xpos[env.obj_body_id][2] > 0.04 and d.site_xpos[env.tool_site_id][2] > 0.04
    return {name for name, hit in (("lifted", lifted), ("near", gap < 0.02), ("in", gap < 0.01)) if hit}


def pen_branches(env: Any) -> set[str]:
    d = env.data
    gap = distance(d.xpos[env.obj_body_id], d.site_xpos[env.eps_ball_site_id])
    pen = (d.site_xpos[env.obj_t_site_id] - d.site_xpos[env.obj_b_site_id]) / env.pen_length
    target = (d.site_xpos[env.tar_t_site_id] - d.site_xpos[env.tar_b_site_id]) / env.tar_length
    sim = float(np.dot(pen, target))
    hits = (("aligned", gap < 0.075 and sim > 0.9), ("done", gap < 0.075 and sim > 0.95))
    return {name for name, hit in (*hits, ("dropped", d.xpos[env.obj_body_id][2] < 0.075)) if hit}


def relocate_branches(env: Any) -> set[str]:
    d = env.data
    ball = d.xpos[env.obj_body_id]
    gap = distance(ball, d.site_xpos[env.target_obj_site_id])
    return {name for name, hit in (("lifted", ball[2] > 0.04), ("near", gap < 0.1), ("at", gap < 0.05)) if hit}


BRANCHES: dict[str, Callable[[Any], set[str]]] = {
    "Door": door_branches,
    "Hammer": hammer_branches,
    "Pen": pen_branches,
    "Relocate": relocate_branches,
}


def task_of(task_id: str) -> str:
    match = re.fullmatch(r"AdroitHand(Door|Hammer|Pen|Relocate)(Sparse)?-v1", task_id)
    assert match, task_id
    return match.group(1)


@contextlib.contextmanager
def reference_model(xml_file: str | None) -> Iterator[None]:
    """The reference's MujocoEnv loads `xml_file` instead of the task's own file."""
    if xml_file is None:
        yield
        return
    original = mujoco_env.MujocoEnv.__init__

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **{**kwargs, "model_path": xml_file})

    with mock.patch.object(mujoco_env.MujocoEnv, "__init__", init):
        yield


def run_lockstep(
    task_id: str, seed: int, steps: int, xml_file: str | None = None, max_steps: int = MAX_STEPS
) -> dict[str, int]:
    """Steps a pool and the reference's envs on the same actions; returns how often each
    reward branch (BRANCHES) held, and the successes."""
    config = {} if xml_file is None else {"xml_file": xml_file}
    env = parallel_pool.make_vec(task_id, num_envs=NUM_ENVS, seed=seed, max_episode_steps=max_steps, **config)
    with reference_model(xml_file):
        refs = [gymnasium.make(task_id, max_episode_steps=max_steps) for _ in range(NUM_ENVS)]
    assert env.single_action_space == refs[0].action_space
    assert env.single_observation_space == refs[0].observation_space
    branches = BRANCHES[task_of(task_id)]
    counts: dict[str, int] = {"success": 0, "truncated": 0}
    obs, info = env.reset()
    for i, ref in enumerate(refs):
        ref_obs, ref_info = ref.reset(seed=seed + i)
        assert obs[i].tobytes() == ref_obs.tobytes(), f"{task_id} env {i} reset"
        assert ref_info == {} and not info["success"][i]
    rng = np.random.default_rng(seed)
    scales = np.array(ACTION_SCALES)[:, None]
    done = np.zeros(NUM_ENVS, dtype=bool)
    for t in range(steps):
        actions = (rng.normal(0.0, 1.0, (NUM_ENVS, *env.single_action_space.shape)) * scales).astype(np.float32)
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, ref in enumerate(refs):
            where = f"{task_id} env {i} step {t}"
            if done[i]:
                ref_obs, _ = ref.reset()
                assert obs[i].tobytes() == ref_obs.tobytes(), where + " (autoreset)"
                continue
            ref_obs, ref_reward, ref_term, ref_trunc, ref_info = ref.step(actions[i])
            assert obs[i].tobytes() == ref_obs.tobytes(), (where, np.flatnonzero(obs[i] != ref_obs))
            assert np.float64(ref_reward).tobytes() == reward[i].tobytes(), (where, reward[i], ref_reward)
            assert (bool(terminated[i]), bool(truncated[i])) == (ref_term, ref_trunc), where
            assert set(ref_info) == {"success"} and bool(info["success"][i]) == bool(ref_info["success"]), where
            counts["success"] += bool(ref_info["success"])
            counts["truncated"] += ref_trunc
            for name in branches(ref.unwrapped):
                counts[name] = counts.get(name, 0) + 1
        done = terminated | truncated
    env.close()
    for ref in refs:
        ref.close()
    return counts


@pytest.mark.parametrize("task_id", ADROIT_IDS)
def test_lockstep_with_gymnasium_robotics(task_id: str) -> None:
    counts = run_lockstep(task_id, seed=7, steps=STEPS)
    assert counts["truncated"] >= 2 * NUM_ENVS, counts
    if task_of(task_id) == "Pen":  # the pen can meet its target without help
        assert counts["done"] > 0 and counts["success"] > 0, counts


def edited_model(directory: pathlib.Path, task: str, edit: Callable[[str], str]) -> str:
    """The task's model file with `edit` applied, written into `directory` beside links to
    the files it includes (so that its relative paths resolve); returns its path."""
    for name in ("adroit_assets.xml", "adroit_model.xml", "resources"):
        link = directory / name
        if not link.exists():
            link.symlink_to(ASSETS / name)
    text = (ASSETS / f"adroit_{task.lower()}.xml").read_text()
    edited = edit(text)
    assert edited != text, task
    path = directory / f"adroit_{task.lower()}_{abs(hash(edited))}.xml"
    path.write_text(edited)
    return str(path)


def replace_once(old: str, new: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert text.count(old) == 1, old
        return text.replace(old, new)

    return edit


def chain(*edits: Callable[[str], str]) -> Callable[[str], str]:
    def edit(text: str) -> str:
        for e in edits:
            text = e(text)
        return text

    return edit


RELOCATE_TARGET = '<site name="target" pos="-0.007 0.0 0.2" size="0.07" rgba="0 1 0 0.125" />'
BALL_GEOM = '<geom name="sphere" size="0.035" condim="4" material="MatWoodB" />'
# The hinge's qpos0 (its ref) 1.4 rad: the door starts open.
DOOR_OPEN = replace_once('range="0 1.57" damping="1"', 'range="0 1.57" ref="1.4" damping="1"')
# The nail goal at the nail's head.
NAIL_GOAL_AT_HEAD = replace_once('name="nail_goal" pos="0 0 0.01"', 'name="nail_goal" pos="0 0 0.101"')
GOALS_IN_REACH = [
    # Every door bonus, and success.
    ("AdroitHandDoor-v1", DOOR_OPEN, {"past 0.2", "past 1.0", "open", "success"}),
    ("AdroitHandDoorSparse-v1", DOOR_OPEN, {"success"}),
    # Success, and the hammer dropped from above.
    (
        "AdroitHandHammer-v1",
        chain(
            NAIL_GOAL_AT_HEAD,
            replace_once('<body name="Object" pos="0 -0.2 0.035"', '<body name="Object" pos="0 -0.2 0.3"'),
        ),
        {"lifted", "near", "in", "success"},
    ),
    # The nail goal 0.015 below the nail's head: near, not in.
    (
        "AdroitHandHammer-v1",
        replace_once('name="nail_goal" pos="0 0 0.01"', 'name="nail_goal" pos="0 0 0.086"'),
        {"near"},
    ),
    ("AdroitHandHammerSparse-v1", NAIL_GOAL_AT_HEAD, {"success"}),
    # The pen starts below z 0.075 (dropped).
    (
        "AdroitHandPen-v1",
        replace_once('<body name="Object" pos="-0.00 -0.2 0.25"', '<body name="Object" pos="-0.00 -0.2 0.07"'),
        {"dropped"},
    ),
    # The target a child of the ball, 0.25 lower than drawn (so within 0.1 of it in an
    # episode in 8, within 0.05 in one in 60: many short episodes), and the ball dropped
    # from above.
    (
        "AdroitHandRelocate-v1",
        chain(
            replace_once(RELOCATE_TARGET, ""),
            replace_once(BALL_GEOM, BALL_GEOM + '<body pos="0 0 -0.25">' + RELOCATE_TARGET + "</body>"),
            replace_once('<body name="Object" pos="-0.00 0.0 0.035"', '<body name="Object" pos="-0.00 0.0 0.2"'),
        ),
        {"lifted", "near", "at", "success"},
    ),
]


@pytest.mark.parametrize(("task_id", "edit", "expected"), GOALS_IN_REACH)
def test_goals_reached(task_id: str, edit: Callable[[str], str], expected: set[str]) -> None:
    # Relocate's target is drawn once an episode: many short episodes.
    max_steps = 4 if task_of(task_id) == "Relocate" else MAX_STEPS
    with tempfile.TemporaryDirectory() as directory:
        xml_file = edited_model(pathlib.Path(directory), task_of(task_id), edit)
        counts = run_lockstep(task_id, seed=3, steps=2 * STEPS, xml_file=xml_file, max_steps=max_steps)
    assert expected <= {name for name, n in counts.items() if n > 0}, counts
