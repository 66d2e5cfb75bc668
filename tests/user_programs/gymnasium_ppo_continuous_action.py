"""CleanRL's gymnasium PPO for continuous control, its environment side, on the pool.

CleanRL's gymnasium scripts (cleanrl/ppo_continuous_action.py) build a
SyncVectorEnv, wrap it (episode statistics, action clipping, observation and
reward normalisation with clipping), seed it with `envs.reset(seed=args.seed)`,
and log `infos["episode"]` where `infos["_episode"]` says an episode ended. Here
the SyncVectorEnv is the pool, made through gymnasium's own vector entry,
`gym.make_vec("parallel_pool/HalfCheetah-v4", num_envs=...)` (which `import
parallel_pool` registers), and the wrappers are gymnasium's vector ones; the
learner is replaced by random actions. The rollout is run twice from the same
seed: the seeding goes through every wrapper to the pool, so both runs must log
the same episodes.

EnvPool 1.2.5 cannot run this program: it registers no vector entry with
gymnasium, its pools' spaces are one env's (not a VectorEnv's batched ones) and
its reset(seed=) ignores the seed (docs/migrating.md).
"""

import argparse

import gymnasium as gym
import numpy as np

import parallel_pool as envpool


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--env-id", type=str, default="HalfCheetah-v4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--num-envs", type=int, default=8)
    parser.add_argument("--num-steps", type=int, default=2048)
    parser.add_argument("--num-iterations", type=int, default=2)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--max-episode-steps", type=int, default=1000)
    return parser.parse_args()


def make_envs(args: argparse.Namespace, pool_seed: int) -> gym.vector.VectorEnv:
    envs = gym.make_vec(
        f"{envpool.GYMNASIUM_NAMESPACE}/{args.env_id}",
        num_envs=args.num_envs,
        seed=pool_seed,
        max_episode_steps=args.max_episode_steps,
    )
    envs = gym.wrappers.vector.RecordEpisodeStatistics(envs)
    envs = gym.wrappers.vector.ClipAction(envs)
    envs = gym.wrappers.vector.NormalizeObservation(envs)
    envs = gym.wrappers.vector.TransformObservation(envs, lambda obs: np.clip(obs, -10, 10))
    envs = gym.wrappers.vector.NormalizeReward(envs, gamma=args.gamma)
    envs = gym.wrappers.vector.TransformReward(envs, lambda reward: np.clip(reward, -10, 10))
    assert isinstance(envs.single_action_space, gym.spaces.Box), "only continuous action space is supported"
    return envs


def rollout(args: argparse.Namespace, pool_seed: int) -> list[tuple[int, int, float, int]]:
    envs = make_envs(args, pool_seed)
    rng = np.random.default_rng(args.seed)
    episodes = []
    global_step = 0
    next_obs, _ = envs.reset(seed=args.seed)
    obs = np.zeros((args.num_steps, args.num_envs, *envs.single_observation_space.shape))
    for _iteration in range(1, args.num_iterations + 1):
        for step in range(0, args.num_steps):
            global_step += args.num_envs
            obs[step] = next_obs
            action = rng.normal(0.0, 2.0, envs.action_space.shape)
            next_obs, reward, terminations, truncations, infos = envs.step(action)
            assert np.abs(next_obs).max() <= 10 and np.abs(reward).max() <= 10
            if "episode" in infos:
                for i in np.flatnonzero(infos["_episode"]):
                    r, length = float(infos["episode"]["r"][i]), int(infos["episode"]["l"][i])
                    print(f"global_step={global_step}, env={i}, episodic_return={r}, length={length}")
                    episodes.append((global_step, int(i), r, length))
    envs.close()
    return episodes


def main() -> None:
    args = parse_args()
    first = rollout(args, pool_seed=1000)
    again = rollout(args, pool_seed=2000)  # reset(seed=args.seed) overrides the pool's seed
    assert first, "no episode ended"
    assert all(length == args.max_episode_steps for *_, length in first)
    assert first == again, "reset(seed=...) through the wrappers must make the runs equal"
    print("episodes:", len(first))


if __name__ == "__main__":
    main()
