"""EnvPool's documented ways to make pools and specs (its examples/make_env.py,
examples/list_all_envs.py and the make_spec section of its docs), written for
this test. The one change for parallel_pool is the import below.
"""

import numpy as np

import parallel_pool as envpool


def make_env() -> None:
    # You need to say which API you want: dm_env ...
    env_dm = envpool.make("Pong-v5", env_type="dm")
    env_dm0 = envpool.make_dm("Pong-v5")  # the same
    # ... or gym
    env_gym = envpool.make("Pong-v5", env_type="gym")
    env_gym0 = envpool.make_gym("Pong-v5")  # the same
    # Printing an env shows its configuration.
    print(env_dm)
    print(env_gym)
    assert str(env_dm) == str(env_dm0)
    assert str(env_gym) == str(env_gym0)
    env = envpool.make_gym("Pong-v5", num_envs=4)
    print(env)


def make_spec() -> None:
    # make_spec takes the same kwargs as make, without making any env.
    spec = envpool.make_spec("Pong-v5", num_envs=4)
    print(spec)
    gym_obs_space = spec.observation_space
    gym_act_space = spec.action_space
    dm_obs_spec = spec.observation_spec()
    dm_act_spec = spec.action_spec()
    np.testing.assert_allclose(gym_obs_space.high, 255)
    assert gym_act_space.n == 6  # 6 actions in Pong
    np.testing.assert_allclose(dm_obs_spec.obs.maximum, 255)
    assert dm_act_spec.num_values == 6


def check_info_optim() -> None:
    # The default info holds no lockstep-only fields.
    env = envpool.make_gym("Ant-v4")
    info = env.step(np.array([env.action_space.sample()]), np.array([0]))[-1]
    assert "qpos0" not in info and "qvel0" not in info


def list_all_envs() -> None:
    envs = envpool.list_all_envs()
    print(len(envs), "tasks, e.g.", envs[:5])
    for task_id in ("Pong-v5", "CartPole-v1", "HalfCheetah-v4", "CheetahRun-v1", "FrozenLake-v1"):
        assert task_id in envs, task_id


if __name__ == "__main__":
    make_env()
    make_spec()
    check_info_optim()
    list_all_envs()
