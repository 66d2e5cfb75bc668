"""The same seed, gymnasium's episodes: a pool next to gymnasium's own vector env.

gymnasium's SyncVectorEnv and a parallel_pool pool, both reset with seed=7, land
gymnasium's heuristic lander on the same terrains, step for step: every
observation and reward is equal, bit for bit, through the episode ends. This is
what makes results, learning curves and bugs comparable between the two.

Run from anywhere once parallel_pool is installed (or `make develop` in the repo);
gymnasium's LunarLander needs `pip install box2d`.
"""

import gymnasium
import numpy as np
from gymnasium.envs.box2d.lunar_lander import heuristic

import parallel_pool

NUM_ENVS = 4
pool = parallel_pool.make_vec("LunarLander-v3", num_envs=NUM_ENVS)
reference = gymnasium.make_vec("LunarLander-v3", NUM_ENVS, vectorization_mode="sync")
obs, _ = pool.reset(seed=7)
ref_obs, _ = reference.reset(seed=7)
lander = gymnasium.make("LunarLander-v3")  # heuristic() reads env.unwrapped.continuous
returns = np.zeros(NUM_ENVS)
episodes = 0
for _ in range(600):
    actions = np.array([heuristic(lander, o) for o in obs])
    obs, reward, terminated, truncated, _ = pool.step(actions)
    ref_obs, ref_reward, _, _, _ = reference.step(actions)
    assert np.array_equal(obs, ref_obs) and np.array_equal(reward, ref_reward)
    returns += reward
    episodes += int(np.sum(terminated | truncated))
print(f"600 steps of {NUM_ENVS} landers, {episodes} episodes: every observation and reward equal to gymnasium's")
print("total return per env:", np.round(returns, 2).tolist())
