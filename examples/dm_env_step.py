"""The dm_env flavour: batched TimeSteps with step types and discounts."""

import numpy as np

import parallel_pool

env = parallel_pool.make_dm("CartPole-v1", num_envs=4, seed=0)
print(env.observation_spec().obs)
print(env.action_spec())
timestep = env.reset()
print("step types:", timestep.step_type)  # 0 = FIRST
for _ in range(30):
    timestep = env.step(np.ones(4, dtype=np.int32))
print("reward", timestep.reward, "discount", timestep.discount, "step types", timestep.step_type)
