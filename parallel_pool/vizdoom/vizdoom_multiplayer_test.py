"""Multi-player ViZDoom: matches of max_num_players players in one env.

Each env hosts one deathmatch over loopback (player 0 hosts, the others
join); every player is a row of the batch with its own action row.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import parallel_pool

# A short match: the map ends after `timelimit` minutes of game time (35 tics
# a second, 4 tics a step: 0.5 min = 1050 tics, 258 steps from the episode's
# start on tic 20).
SHORT_MATCH = "-deathmatch +timelimit 0.5"


def engines() -> list[int]:
    """This process's ViZDoom engine processes."""
    out = subprocess.run(["pgrep", "-P", str(os.getpid()), "-f", "vizdoom"], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def random_match(task: str, num_envs: int, players: int, seed: int, steps: int = 2000) -> tuple[int, dict]:
    env = parallel_pool.make_vec(
        task, num_envs=num_envs, max_num_players=players, seed=seed, max_episode_steps=2000, game_args=SHORT_MATCH
    )
    try:
        obs, info = env.reset()
        assert obs.shape[0] == num_envs * players
        np.testing.assert_array_equal(info["players"]["env_id"], np.repeat(np.arange(num_envs), players))
        rng = np.random.default_rng(seed)
        buttons = env.action_space.shape[-1]
        for t in range(steps):
            actions = rng.integers(0, 2, size=(num_envs * players, buttons)).astype(np.float64)
            obs, reward, terminated, truncated, info = env.step(actions)
            assert reward.shape == (num_envs * players,)
            assert terminated.shape == (num_envs,)
            if terminated.all():
                return t + 1, {k: np.array(v) for k, v in info.items() if k != "players"}
        raise AssertionError("the match did not end")
    finally:
        env.close()


def test_two_player_match_runs_to_its_end() -> None:
    steps, info = random_match("MultiDuel-v1", num_envs=1, players=2, seed=3)
    # The time limit of the match ends the episode (terminated, not the
    # env's 2000-step truncation): the map ends on tic 1050, and the episode
    # starts on tic 20 (kMatchStartTic), so in the 258th step of 4 tics.
    assert steps == 258
    frags, deaths = info["FRAGCOUNT"], info["DEATHCOUNT"]
    assert frags.shape == deaths.shape == (2,)
    # Every frag is the other player's death (a suicide is -1 frag, +1 death).
    assert frags.sum() <= deaths.sum()
    assert (info["HEALTH"] <= 200).all()


@pytest.mark.parametrize(
    ("task", "players", "steps"), [("MultiDuel-v1", 2, 300), ("Cig-v1", 2, 300), ("Cig-v1", 3, 300)]
)
def test_same_seed_and_actions_give_the_same_match(task: str, players: int, steps: int) -> None:
    # Two pools, the same seed, the same random actions, stepped side by side:
    # every step's observations, rewards, game variables and ends are equal,
    # through a whole match (258 steps), its end and the next match's start.
    # (Before the players ran each tic in turns, the matches parted within a
    # few dozen steps; with 3 players, the joiners' numbers also varied.)
    pools = [
        parallel_pool.make_vec(
            task, num_envs=1, max_num_players=players, seed=4, max_episode_steps=2000, game_args=SHORT_MATCH
        )
        for _ in range(2)
    ]
    try:
        first, second = (pool.reset() for pool in pools)
        np.testing.assert_array_equal(first[0], second[0])
        rng = np.random.default_rng(4)
        buttons = pools[0].action_space.shape[-1]
        ends = 0
        for t in range(steps):
            actions = rng.integers(0, 2, size=(players, buttons)).astype(np.float64)
            a, b = (pool.step(actions) for pool in pools)
            for x, y in zip(a[:4], b[:4]):
                np.testing.assert_array_equal(x, y, err_msg=f"step {t}")
            for key in ("FRAGCOUNT", "DEATHCOUNT", "HEALTH", "ARMOR", "HITCOUNT", "DAMAGECOUNT", "SELECTED_WEAPON"):
                np.testing.assert_array_equal(a[4][key], b[4][key], err_msg=f"step {t}: {key}")
            ends += int(a[2].all())
        assert ends == (1 if steps > 258 else 0)
    finally:
        for pool in pools:
            pool.close()


def test_matches_side_by_side_on_distinct_ports() -> None:
    # Two pools of two matches each, all at once in this process: every match
    # gets its own port.
    pools = [
        parallel_pool.make_vec("Cig-v1", num_envs=2, max_num_players=2, seed=s, max_episode_steps=50) for s in (1, 5)
    ]
    try:
        assert len(engines()) == 8
        for pool in pools:
            obs, info = pool.reset()
            assert obs.shape[0] == 4
            for _ in range(20):
                pool.step(np.zeros((4, pool.action_space.shape[-1])))
    finally:
        for pool in pools:
            pool.close()
    assert engines() == []


def test_matches_in_two_processes_at_once() -> None:
    # Another process hosts its matches while this one hosts its own: ports
    # named by the OS never collide (or a host that lost its port retries).
    script = textwrap.dedent(
        """
        import numpy as np
        import parallel_pool
        env = parallel_pool.make_vec("MultiDuel-v1", num_envs=2, max_num_players=2, max_episode_steps=100)
        env.reset()
        for _ in range(150):
            env.step(np.zeros((4, 3)))
        env.close()
        print("ok")
        """
    )
    env_vars = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    other = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=env_vars)
    try:
        env = parallel_pool.make_vec("MultiDuel-v1", num_envs=2, max_num_players=2, max_episode_steps=100)
        try:
            env.reset()
            for _ in range(150):
                env.step(np.zeros((4, 3)))
        finally:
            env.close()
        out, _ = other.communicate(timeout=120)
        assert other.returncode == 0 and out.strip() == "ok"
    finally:
        other.kill()


def test_three_players_in_one_env() -> None:
    env = parallel_pool.make_vec("Cig-v1", num_envs=1, max_num_players=3, seed=2, max_episode_steps=30)
    try:
        obs, info = env.reset()
        assert obs.shape[0] == 3
        for _ in range(30):
            obs, reward, terminated, truncated, info = env.step(np.zeros((3, env.action_space.shape[-1])))
        assert truncated.all()
        # Each player sees the match from its own place.
        assert not np.array_equal(obs[0], obs[1])
    finally:
        env.close()


def test_a_killed_engine_stops_the_match_with_an_error_naming_the_env() -> None:
    env = parallel_pool.make_vec("MultiDuel-v1", num_envs=2, max_num_players=2, seed=1, max_episode_steps=500)
    try:
        env.reset()
        zeros = np.zeros((4, env.action_space.shape[-1]))
        env.step(zeros)
        # The engines start in env order, the host of env 0 first among them.
        victim = sorted(engines())[0]
        os.kill(victim, 9)
        with pytest.raises(RuntimeError, match=r"env \d: vizdoom: "):
            for _ in range(5):
                env.step(zeros)
        # The next steps start the failed match afresh; the pool goes on.
        for _ in range(3):
            obs, *_ = env.step(zeros)
        assert obs.shape[0] == 4
    finally:
        env.close()
    assert engines() == []


@pytest.mark.parametrize("players", [0, 17])
def test_bad_player_counts(players: int) -> None:
    with pytest.raises(ValueError, match="max_num_players"):
        parallel_pool.make_vec("MultiDuel-v1", max_num_players=players)


def test_a_map_without_deathmatch_starts_cannot_host(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ValueError, match="no deathmatch starts"):
        parallel_pool.make_vec("Basic-v1", max_num_players=2)
    # A map of one's own: the engine says so, as a Python error (not a crash).
    basic = parallel_pool.make_spec("Basic-v1").config
    wad = tmp_path / "my_map.wad"
    shutil.copy(basic.wad_path, wad)
    with pytest.raises(RuntimeError, match="No deathmatch starts"):
        parallel_pool.make_vec("VizdoomCustom-v1", cfg_path=basic.cfg_path, wad_path=str(wad), max_num_players=2)
    assert engines() == []
