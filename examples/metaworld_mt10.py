"""Multi-task training on Meta-World's MT10 with one pool: evolution strategies in numpy.

    python examples/metaworld_mt10.py [--iterations 20] [--population 8] [--steps 150]

`make_gymnasium("MetaWorld/MT10", num_one_hot=10)` is metaworld's MT10 benchmark as one
pool of 10 envs: env i runs task i (reach, push, pick-place, door-open, drawer-open,
drawer-close, button-press-topdown, peg-insert-side, window-open, window-close), with
the benchmark's goals, the goal in the observation and the task's one-hot vector
appended (49 values), as metaworld's `make_vec("Meta-World/MT10", use_one_hot=True)`
gives them. One `step()` advances all ten tasks.

The learner is OpenAI's evolution strategies (antithetic Gaussian perturbations of a
linear tanh policy, centred ranks, Adam) on the mean episode return over the ten tasks:
every candidate policy plays one episode of `--steps` steps in each task, the ten at
once. The last line printed is a JSON summary; examples/examples_test.py runs it for
two iterations.

Measured at the defaults (seed 0, 20 iterations, 510k env steps, 2 shared cores): the
mean return over the ten tasks rose from 150 to 223 (322 at best), and the last policy
solved 1 of the 10 tasks. ES on a linear policy shows the multi-task pool at work; it
is not a solver of MT10.
"""

from __future__ import annotations

import argparse
import json
import os
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # tiny matrices: threads cost more than they save

import numpy as np

import parallel_pool


def episode_returns(env: parallel_pool.EnvPool, weights: np.ndarray, steps: int) -> tuple[np.ndarray, np.ndarray]:
    """One episode of `steps` steps in every task with the linear policy `weights`: each
    task's return and whether it succeeded at some step."""
    obs, _ = env.reset()
    returns = np.zeros(len(obs))
    success = np.zeros(len(obs), dtype=bool)
    for _ in range(steps):
        inputs = np.concatenate([obs, np.ones((len(obs), 1))], axis=1)
        actions = np.tanh(inputs @ weights).astype(np.float32)
        obs, reward, _, _, info = env.step(actions)
        returns += reward
        success |= info["success"] > 0
    return returns, success


def centred_ranks(x: np.ndarray) -> np.ndarray:
    ranks = np.empty(len(x))
    ranks[np.argsort(x)] = np.arange(len(x))
    return ranks / (len(x) - 1) - 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--population", type=int, default=8, help="antithetic pairs per iteration")
    parser.add_argument("--steps", type=int, default=150, help="steps per episode")
    parser.add_argument("--sigma", type=float, default=0.1)
    parser.add_argument("--lr", type=float, default=0.03)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = parallel_pool.make_gymnasium("MetaWorld/MT10", seed=args.seed, num_one_hot=10, max_episode_steps=args.steps)
    tasks = env.config["task_name"]  # env i runs tasks[i]: a config value per env
    obs_size = env.observation_space.shape[0]
    rng = np.random.default_rng(args.seed)
    weights = np.zeros((obs_size + 1, 4))
    moment, velocity = np.zeros_like(weights), np.zeros_like(weights)
    start = time.perf_counter()
    env_steps = 0
    history = []
    for iteration in range(1, args.iterations + 1):
        noise = rng.standard_normal((args.population, *weights.shape))
        scores = []
        for sign in (1.0, -1.0):
            for n in noise:
                returns, _ = episode_returns(env, weights + sign * args.sigma * n, args.steps)
                scores.append(returns.mean())
                env_steps += args.steps * len(returns)
        ranks = centred_ranks(np.array(scores))
        gradient = np.einsum("p,pij->ij", ranks[: args.population] - ranks[args.population :], noise)
        gradient /= 2 * args.population * args.sigma
        # Adam, ascending.
        moment = 0.9 * moment + 0.1 * gradient
        velocity = 0.999 * velocity + 0.001 * gradient**2
        step = moment / (1 - 0.9**iteration) / (np.sqrt(velocity / (1 - 0.999**iteration)) + 1e-8)
        weights += args.lr * step
        returns, success = episode_returns(env, weights, args.steps)
        env_steps += args.steps * len(returns)
        history.append(float(returns.mean()))
        print(f"iteration {iteration}: mean return {returns.mean():8.2f}, tasks solved {int(success.sum())}/10")
    env.close()
    elapsed = time.perf_counter() - start
    print(
        json.dumps(
            {
                "iterations": args.iterations,
                "mean_return": history,
                "tasks": tasks,
                "env_steps": env_steps,
                "env_steps_per_s": round(env_steps / elapsed),
            }
        )
    )


if __name__ == "__main__":
    main()
