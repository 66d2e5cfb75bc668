"""gymnasium's vector wrappers over a parallel_pool pool.

`make_vec` (gymnasium's vector entry: `gymnasium.make_vec("parallel_pool/Pendulum-v1",
num_envs=8)` gives the same pool) returns a real `gymnasium.vector.VectorEnv`, so the
wrappers of `gymnasium.wrappers.vector` stack on it as on gymnasium's own vector envs. Here,
the usual continuous-control stack on Pendulum-v1: the agent's actions clipped
to [-1, 1] and rescaled to the env's torque range [-2, 2] (so the agent may output
any value), observations and rewards normalised by running statistics, and each
finished episode's return and length (before any normalisation) in
`info["episode"]`, with the mask `info["_episode"]`.
"""

import numpy as np
from gymnasium.wrappers import vector as wrappers

import parallel_pool

env = parallel_pool.make_vec("Pendulum-v1", num_envs=8, seed=0)
# Innermost, so that it records the env's own rewards, not the normalised ones.
env = wrappers.RecordEpisodeStatistics(env)
# float32 bounds, the dtype of the action space (float64 ones make gymnasium warn).
env = wrappers.RescaleAction(env, min_action=np.float32(-1.0), max_action=np.float32(1.0))
env = wrappers.ClipAction(env)
env = wrappers.NormalizeObservation(env)
env = wrappers.NormalizeReward(env, gamma=0.99)

print("action space seen by the agent:", env.single_action_space, "(clipped, then rescaled)")
obs, info = env.reset()
rng = np.random.default_rng(0)
returns = []
for _ in range(1000):
    action = rng.uniform(-1.0, 1.0, size=(env.num_envs, 1)).astype(np.float32)
    obs, reward, terminated, truncated, info = env.step(action)
    if "episode" in info:
        returns += info["episode"]["r"][info["_episode"]].tolist()
print(f"{len(returns)} episodes (200 steps each); mean raw return {np.mean(returns):.1f}")
print("normalised observations: mean", np.round(obs.mean(axis=0), 2), "std", np.round(obs.std(axis=0), 2))
env.close()
