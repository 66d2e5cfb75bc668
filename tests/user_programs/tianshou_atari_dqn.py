"""Tianshou's Atari DQN (tianshou 2.0.1's examples/atari/atari_dqn.py and its
atari_wrapper.make_atari_env), its environment side.

Written for this test from that published example: with envpool installed, its
`make_atari_env` makes the training and test pools with `envpool.make_gymnasium`
(EnvPool's Atari preprocessing keys, episodic lives for training only), reads
`env.observation_space.shape` and `env.action_space.n` as one env's, and seeds both
pools with `env.seed(seed)` before collecting; its collector steps the pool with
`step(action, env_id)` and resets finished envs by id. The learner is replaced by a
random policy. The one change for parallel_pool is the import below.
"""

import numpy as np

import parallel_pool as envpool


def make_atari_env(task: str, seed: int, training_num: int, test_num: int, **kwargs):
    task_id = task.replace("NoFrameskip-v4", "-v5")
    train_envs = envpool.make_gymnasium(
        task_id, num_envs=training_num, seed=seed, episodic_life=True, reward_clip=True, stack_num=4, **kwargs
    )
    test_envs = envpool.make_gymnasium(
        task_id, num_envs=test_num, seed=seed, episodic_life=False, reward_clip=False, stack_num=4, **kwargs
    )
    return train_envs, train_envs, test_envs


def collect(envs, rng, n_steps: int) -> int:
    """Tianshou's Collector, as it drives an EnvPool pool: all envs reset, then steps with
    the ids of the envs still running, finished envs reset by id."""
    num_envs = len(envs)
    ready = np.arange(num_envs)
    obs, _ = envs.reset(ready)
    episodes = 0
    for _ in range(n_steps):
        action = rng.integers(envs.action_space.n, size=len(ready))
        obs, reward, terminated, truncated, info = envs.step(action, ready)
        assert obs.shape == (len(ready), *envs.observation_space.shape)
        assert np.array_equal(info["env_id"], ready)
        done = np.flatnonzero(terminated | truncated)
        if done.size:
            episodes += done.size
            envs.reset(ready[done])
    return episodes


def main() -> None:
    seed = 0
    env, train_envs, test_envs = make_atari_env("PongNoFrameskip-v4", seed, training_num=4, test_num=2)
    state_shape = env.observation_space.shape or env.observation_space.n
    action_shape = env.action_space.shape or env.action_space.n
    assert state_shape == (4, 84, 84) and action_shape == 6
    rng = np.random.default_rng(seed)
    train_envs.seed(seed)
    test_envs.seed(seed)
    collect(train_envs, rng, 200)
    collect(test_envs, rng, 100)
    print(f"tianshou collectors ran: state_shape {state_shape}, action_shape {action_shape}")


if __name__ == "__main__":
    main()
