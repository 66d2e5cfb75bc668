"""Same-step autoreset: no wasted reset step, the final observation in info.

With autoreset_mode="same_step" (gymnasium's SAME_STEP), the step that ends an
episode already returns the first observation of the next one, and the
observation the action really led to is in info["final_obs"]: exactly what a
learner needs to bootstrap truncated episodes correctly. As in gymnasium's
vector envs, info["final_obs"] is there only on a step where some env ended:
an object array holding each ended env's observation (None for the others),
with the mask info["_final_obs"].
"""

import numpy as np

import parallel_pool

env = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=0, autoreset_mode="same_step")
obs, _ = env.reset()
for _ in range(100):
    next_obs, reward, terminated, truncated, info = env.step(np.ones(4, dtype=np.int32))
    real_next_obs = next_obs.copy()
    if "final_obs" in info:
        ended = info["_final_obs"]
        real_next_obs[ended] = np.stack(info["final_obs"][ended])
        print("envs", np.flatnonzero(ended), "ended; final obs", real_next_obs[ended][0])
    obs = next_obs
