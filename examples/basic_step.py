"""The basics: make a pool, reset it, step it with batched actions.

Run from anywhere once parallel_pool is installed (or `make develop` in the repo).
"""

import numpy as np

import parallel_pool

print("parallel_pool imported from", parallel_pool.__file__)

# EnvPool's gymnasium pool of 8 CartPoles: one env's spaces, batched results.
env = parallel_pool.make_gymnasium("CartPole-v1", num_envs=8, seed=0)
obs, info = env.reset()
print("obs", obs.shape, obs.dtype, "space", env.observation_space.shape)  # (8, 4) float32, space (4,)
print("info keys", sorted(info))  # EnvPool's env_id, players and elapsed_step (CartPole adds none)

rng = np.random.default_rng(0)
episodes = 0
for _ in range(1000):
    actions = rng.integers(0, 2, size=env.num_envs)
    obs, reward, terminated, truncated, info = env.step(actions)
    # Next-step autoreset: a done env's next step returns a fresh episode.
    episodes += int(np.sum(terminated | truncated))
print(f"{episodes} episodes finished in 1000 batched steps")
env.close()
