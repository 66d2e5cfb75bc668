"""CleanRL's ppo_atari_envpool.py, its environment side: the set-up and the rollout loop.

Written for this test from CleanRL's published script (cleanrl/ppo_atari_envpool.py):
the same `envpool.make(..., env_type="gym", episodic_life=True, reward_clip=True,
seed=...)` call, the same attributes set on the pool, the same RecordEpisodeStatistics
wrapper that keeps the game's score from info["reward"] across the lives that
episodic_life turns into episodes (it resets at info["terminated"], the real game
over), and the same logging of an episode when `done and info["lives"] == 0`. The
learner is replaced by random actions. The published script targets the gym 0.23
API (step returns 4 values); this is the same program on the API of EnvPool 1.2.5
and gym 0.26 (step returns 5, reset returns (obs, info)), which EnvPool 1.2.5 itself
runs. The one change for parallel_pool is the import below.
"""

import argparse
import time
from collections import deque

import gym
import gymnasium
import numpy as np

import parallel_pool as envpool


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--env-id", type=str, default="Breakout-v5")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--num-envs", type=int, default=8)
    parser.add_argument("--num-steps", type=int, default=128)
    parser.add_argument("--num-iterations", type=int, default=2)
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
        self.lives = np.zeros(self.num_envs, dtype=np.int32)
        self.returned_episode_returns = np.zeros(self.num_envs, dtype=np.float32)
        self.returned_episode_lengths = np.zeros(self.num_envs, dtype=np.int32)
        return observations

    def step(self, action):
        observations, rewards, terminations, truncations, infos = super().step(action)
        self.episode_returns += infos["reward"]
        self.episode_lengths += 1
        self.returned_episode_returns[:] = self.episode_returns
        self.returned_episode_lengths[:] = self.episode_lengths
        self.episode_returns *= 1 - infos["terminated"]
        self.episode_lengths *= 1 - infos["terminated"]
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
        episodic_life=True,
        reward_clip=True,
        seed=args.seed,
    )
    envs.num_envs = args.num_envs
    envs.single_action_space = envs.action_space
    envs.single_observation_space = envs.observation_space
    envs = RecordEpisodeStatistics(envs)
    discrete = (gym.spaces.Discrete, gymnasium.spaces.Discrete)
    assert isinstance(envs.action_space, discrete), "only discrete action space is supported"

    # storage, as the learner's (numpy instead of torch)
    obs = np.zeros((args.num_steps, args.num_envs, *envs.single_observation_space.shape), dtype=np.float32)
    rewards = np.zeros((args.num_steps, args.num_envs), dtype=np.float32)
    dones = np.zeros((args.num_steps, args.num_envs), dtype=np.float32)
    avg_returns = deque(maxlen=20)

    global_step = 0
    start_time = time.time()
    next_obs, _ = envs.reset()
    next_done = np.zeros(args.num_envs)
    game_scores = np.zeros(args.num_envs)  # checked against the wrapper's returns
    for _iteration in range(1, args.num_iterations + 1):
        for step in range(0, args.num_steps):
            global_step += args.num_envs
            obs[step] = next_obs
            dones[step] = next_done
            action = rng.integers(envs.single_action_space.n, size=args.num_envs)
            next_obs, reward, terminations, truncations, info = envs.step(action)
            next_done = np.logical_or(terminations, truncations)
            rewards[step] = reward
            assert set(np.unique(reward)) <= {-1.0, 0.0, 1.0}, "reward_clip"
            game_scores += info["reward"]
            for idx, d in enumerate(next_done):
                if d and info["lives"][idx] == 0:
                    print(f"global_step={global_step}, episodic_return={info['r'][idx]}")
                    assert info["r"][idx] == game_scores[idx], (info["r"][idx], game_scores[idx])
                    game_scores[idx] = 0
                    avg_returns.append(info["r"][idx])
        assert obs.shape == (args.num_steps, args.num_envs, 4, 84, 84)
    print("SPS:", int(global_step / (time.time() - start_time)), "episodes:", len(avg_returns))
    envs.close()


if __name__ == "__main__":
    main()
