"""CleanRL's ppo_continuous_action_envpool_jax.py, its environment side.

Written for this test from CleanRL's published script: `envpool.make(env_id,
env_type="gym", num_envs=...)`, the attributes CleanRL sets on the pool
(num_envs, single spaces, is_vector_env), its RecordEpisodeStatistics, then gym's
wrappers in CleanRL's order (ClipAction, NormalizeObservation, a clipping
TransformObservation, NormalizeReward, a clipping TransformReward), and the
rollout loop that logs each finished episode. The learner is replaced by random
actions. The published script targets the gym 0.23 API; this is the same program
on gym 0.26's (what EnvPool 1.2.5 runs with). The one change for parallel_pool is
the import below.
"""

import argparse
from collections import deque

import gym
import numpy as np

import parallel_pool as envpool


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--env-id", type=str, default="HalfCheetah-v4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--num-envs", type=int, default=64)
    parser.add_argument("--num-steps", type=int, default=64)
    parser.add_argument("--num-iterations", type=int, default=20)
    parser.add_argument("--max-episode-steps", type=int, default=1000)
    return parser.parse_args()


class RecordEpisodeStatistics(gym.Wrapper):
    def __init__(self, env, deque_size=100):
        super().__init__(env)
        self.num_envs = getattr(env, "num_envs", 1)
        self.episode_returns = None
        self.episode_lengths = None

    def reset(self, **kwargs):
        observations = super().reset(**kwargs)
        self.episode_returns = np.zeros(self.num_envs, dtype=np.float32)
        self.episode_lengths = np.zeros(self.num_envs, dtype=np.int32)
        self.returned_episode_returns = np.zeros(self.num_envs, dtype=np.float32)
        self.returned_episode_lengths = np.zeros(self.num_envs, dtype=np.int32)
        return observations

    def step(self, action):
        observations, rewards, terminations, truncations, infos = super().step(action)
        dones = np.logical_or(terminations, truncations)
        self.episode_returns += rewards
        self.episode_lengths += 1
        self.returned_episode_returns[:] = self.episode_returns
        self.returned_episode_lengths[:] = self.episode_lengths
        self.episode_returns *= 1 - dones
        self.episode_lengths *= 1 - dones
        infos["r"] = self.returned_episode_returns
        infos["l"] = self.returned_episode_lengths
        return observations, rewards, terminations, truncations, infos


def main() -> None:
    args = parse_args()
    rng = np.random.default_rng(args.seed)

    # env setup
    envs = envpool.make(
        args.env_id,
        env_type="gym",
        num_envs=args.num_envs,
        seed=args.seed,
        max_episode_steps=args.max_episode_steps,
    )
    envs.num_envs = args.num_envs
    envs.single_action_space = envs.action_space
    envs.single_observation_space = envs.observation_space
    envs.is_vector_env = True
    envs = RecordEpisodeStatistics(envs)
    envs = gym.wrappers.ClipAction(envs)
    envs = gym.wrappers.NormalizeObservation(envs)
    envs = gym.wrappers.TransformObservation(envs, lambda obs: np.clip(obs, -10, 10))
    envs = gym.wrappers.NormalizeReward(envs)
    envs = gym.wrappers.TransformReward(envs, lambda reward: np.clip(reward, -10, 10))
    space = envs.single_action_space
    assert len(space.shape) == 1 and space.dtype.kind == "f", "only continuous action space is supported"

    avg_returns = deque(maxlen=20)
    global_step = 0
    next_obs, _ = envs.reset()
    for _update in range(1, args.num_iterations + 1):
        for _step in range(0, args.num_steps):
            global_step += args.num_envs
            # Gaussian actions beyond the bounds: ClipAction clips them.
            action = rng.normal(0.0, 2.0, (args.num_envs, *space.shape)).astype(np.float32)
            next_obs, reward, terminations, truncations, info = envs.step(action)
            next_done = np.logical_or(terminations, truncations)
            assert np.abs(next_obs).max() <= 10 and np.abs(reward).max() <= 10
            for idx, d in enumerate(next_done):
                if d:
                    print(f"global_step={global_step}, episodic_return={info['r'][idx]}")
                    # (the step that resets counts towards the next episode, as in CleanRL)
                    assert info["l"][idx] >= args.max_episode_steps or terminations[idx]
                    avg_returns.append(info["r"][idx])
    print("episodes:", len(avg_returns), "average return:", np.average(avg_returns) if avg_returns else None)
    envs.close()


if __name__ == "__main__":
    main()
