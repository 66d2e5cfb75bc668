"""Stable-Baselines3's PPO on CartPole-v1, its envs stepped by parallel_pool.

    pip install stable-baselines3 torch   # not in requirements-dev.txt (see below)
    python examples/sb3_ppo_cartpole.py

`ParallelPoolVecEnv` (parallel_pool.integrations.sb3) is an SB3 `VecEnv`, so it
takes the place of `make_vec_env("CartPole-v1", n_envs=8)`; `VecMonitor` adds the
episode statistics SB3 logs. The hyperparameters are RL Baselines3 Zoo's for
CartPole-v1 (8 envs, 32 steps each per rollout, 20 epochs, gamma 0.98, GAE 0.8,
learning rate and clip range annealed linearly from 1e-3 and 0.2).

Measured once by hand (stable-baselines3 2.9.2, torch 2.13.0+cpu, 1 torch thread,
seed 0, on two cores shared with other builds): 100,096
env steps in 23 s of training (28 s in all), then a mean return of 500.0 (std 0)
over 16 deterministic evaluation episodes, the most CartPole-v1 gives. examples_test.py
skips this file when stable_baselines3 cannot be imported: SB3 needs torch, which
is ~1 GB installed even as the CPU build (PyPI's default build pulls CUDA
libraries, several GB), too heavy for CI.
"""

import time
from collections.abc import Callable

import numpy as np
import torch
from stable_baselines3 import PPO
from stable_baselines3.common.evaluation import evaluate_policy
from stable_baselines3.common.vec_env import VecMonitor

from parallel_pool.integrations.sb3 import ParallelPoolVecEnv

TOTAL_STEPS = 100_000


def linear(start: float) -> Callable[[float], float]:
    """A schedule falling linearly from `start` to 0 over training (SB3 passes the progress left)."""
    return lambda progress_remaining: progress_remaining * start


torch.set_num_threads(1)  # tiny networks: threads only add contention
venv = VecMonitor(ParallelPoolVecEnv("CartPole-v1", num_envs=8, seed=0))
model = PPO(
    "MlpPolicy",
    venv,
    n_steps=32,
    batch_size=256,
    gae_lambda=0.8,
    gamma=0.98,
    n_epochs=20,
    ent_coef=0.0,
    learning_rate=linear(1e-3),
    clip_range=linear(0.2),
    seed=0,
    verbose=0,
)
start = time.perf_counter()
model.learn(TOTAL_STEPS)
seconds = time.perf_counter() - start
eval_env = VecMonitor(ParallelPoolVecEnv("CartPole-v1", num_envs=8, seed=1000))
mean_return, std_return = evaluate_policy(model, eval_env, n_eval_episodes=16, deterministic=True)
print(f"{model.num_timesteps} env steps in {seconds:.0f} s")
print(f"mean evaluation return {mean_return:.1f} (std {std_return:.1f})")
print("episode returns in the last rollouts:", np.round([e["r"] for e in model.ep_info_buffer][-5:], 1))
venv.close()
eval_env.close()
