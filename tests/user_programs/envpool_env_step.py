"""EnvPool's documented stepping patterns (its examples/env_step.py and the
"Extended API" of its Python interface docs), written for this test.

gym: sync steps, a reset of some envs by id, a partial step with env_id.
dm: the same with TimeSteps (ts.observation.env_id).
async: step(action, env_id) in dm and gym (with gym_reset_return_info=True),
then the low-level async_reset / recv / send.
The one change for parallel_pool is the import below.
"""

import numpy as np

import parallel_pool as envpool

STEPS = 100


def gym_sync_step() -> None:
    num_envs = 4
    env = envpool.make_gym("Pong-v5", num_envs=num_envs)
    action_num = env.action_space.n
    obs, _ = env.reset()  # reset all envs
    assert obs.shape == (num_envs, 4, 84, 84)
    for _ in range(STEPS):
        # autoreset is automatically enabled in envpool
        action = np.random.randint(action_num, size=num_envs)
        obs, rew, term, trunc, info = env.step(action)
    # Of course, you can specify env_id to step corresponding envs
    obs, _ = env.reset(np.array([1, 3]))  # reset env #1 and #3
    assert obs.shape == (2, 4, 84, 84)
    partial_action = np.array([0, 0, 2])
    env_id = np.array([3, 2, 0])
    result = env.step(partial_action, env_id)
    obs, info = result[0], result[-1]
    np.testing.assert_allclose(info["env_id"], env_id)
    assert obs.shape == (3, 4, 84, 84)
    # The dict form of an action, with its env ids inside.
    obs, *_ = env.step({"action": np.ones(2, dtype=np.int32), "env_id": np.array([0, 1], dtype=np.int32)})
    assert obs.shape == (2, 4, 84, 84)


def dm_sync_step() -> None:
    num_envs = 4
    env = envpool.make_dm("Pong-v5", num_envs=num_envs)
    action_num = env.action_spec().num_values
    ts = env.reset()
    # ts.observation is a NamedTuple instead of np.ndarray,
    # because other valuable information is stored in this field
    assert ts.observation.obs.shape == (num_envs, 4, 84, 84)
    for _ in range(STEPS):
        action = np.random.randint(action_num, size=num_envs)
        ts = env.step(action)
    ts = env.reset(np.array([1, 3]))  # reset env #1 and #3
    assert ts.observation.obs.shape == (2, 4, 84, 84)
    partial_action = np.array([0, 0, 2])
    env_id = np.array([3, 2, 0])
    ts = env.step(partial_action, env_id)
    np.testing.assert_allclose(ts.observation.env_id, env_id)
    assert ts.observation.obs.shape == (3, 4, 84, 84)


def async_step() -> None:
    num_envs = 8
    batch_size = 4
    # An envpool whose step returns the first 4 of 8 results; the other
    # "slow step" envs go on in the background.
    env = envpool.make_dm("Pong-v5", num_envs=num_envs, batch_size=batch_size)
    action_num = env.action_spec().num_values
    ts = env.reset()
    for _ in range(STEPS):
        env_id = ts.observation.env_id
        assert len(env_id) == batch_size
        # generate action with len(action) == len(env_id)
        action = np.random.randint(action_num, size=batch_size)
        ts = env.step(action, env_id)

    # Same as gym
    env = envpool.make_gym("Pong-v5", num_envs=num_envs, batch_size=batch_size, gym_reset_return_info=True)
    obs, info = env.reset()
    assert obs.shape == (batch_size, 4, 84, 84)
    env_id = info["env_id"]
    for _ in range(STEPS):
        action = np.random.randint(action_num, size=batch_size)
        result = env.step(action, env_id)
        obs, info = result[0], result[-1]
        env_id = info["env_id"]
        assert len(env_id) == batch_size
        assert obs.shape == (batch_size, 4, 84, 84)

    # The low-level API (send and recv)
    env = envpool.make_gym("Pong-v5", num_envs=num_envs, batch_size=batch_size)
    env.async_reset()  # no return, just send the reset signal to all envs
    for _ in range(STEPS):
        result = env.recv()
        obs, info = result[0], result[-1]
        env_id = info["env_id"]
        assert len(env_id) == batch_size
        assert obs.shape == (batch_size, 4, 84, 84)
        action = np.random.randint(action_num, size=batch_size)
        env.send(action, env_id)


if __name__ == "__main__":
    gym_sync_step()
    dm_sync_step()
    async_step()
    print("gym, dm and async stepping ran")
