"""Async mode: 16 envs, batches of the first 8 to finish.

While the learner works on one batch, the workers step the others; every
result says which env it came from (info["env_id"]).
"""

import numpy as np

import parallel_pool

env = parallel_pool.make_gymnasium("Pendulum-v1", num_envs=16, batch_size=8, seed=0)
env.async_reset()  # start all 16; results arrive through recv()
returns = np.zeros(env.num_envs)
for _ in range(2000):
    obs, reward, terminated, truncated, info = env.recv()
    env_id = info["env_id"]
    returns[env_id] += reward
    # A real learner would compute actions from obs here.
    action = np.clip(-2.0 * obs[:, 2:3], -2.0, 2.0).astype(np.float32)
    env.send(action, env_id)
print("mean return so far:", returns.mean())
