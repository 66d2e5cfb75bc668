"""Randomised physics in one pool: a config value per env.

32 Pendulum envs, each with its own gravity `g`, drawn once from [2, 20] (the Moon is
1.62, Earth 9.81, Jupiter 24.79): `g=[...]` gives env i the i-th value, exactly as a pool
of one env made with that value would run. One controller (an energy pump that swings
the pendulum up, then a PD hold at the top, both written for Earth's gravity) is
evaluated on every env at once, and its returns are reported per range of g: what a
domain-randomised evaluation or training loop sees.
"""

import numpy as np

import parallel_pool

NUM_ENVS, EPISODES = 32, 2
rng = np.random.default_rng(0)
gravity = np.round(rng.uniform(2.0, 20.0, NUM_ENVS), 2)

env = parallel_pool.make_gymnasium("Pendulum-v1", num_envs=NUM_ENVS, seed=0, g=gravity.tolist())
assert env.config["g"] == gravity.tolist()  # each env's own value


def controller(obs: np.ndarray) -> np.ndarray:
    """Torque in [-2, 2] from (cos, sin, angular velocity), tuned for g = 9.81."""
    cos, sin, vel = obs[:, 0], obs[:, 1], obs[:, 2]
    angle = np.arctan2(sin, cos)
    energy = 0.5 * vel**2 + 1.5 * 9.81 * (cos - 1.0)  # Pendulum-v1's, zero at rest upright
    pump = np.where(energy < 0.0, 2.0 * np.sign(vel + 1e-6), 0.0)  # push along the swing
    hold = -10.0 * angle - 2.0 * vel
    torque = np.where(cos > 0.85, hold, pump)
    return np.clip(torque, -2.0, 2.0)[:, None].astype(np.float32)


returns = np.zeros(NUM_ENVS)
episode_return = np.zeros(NUM_ENVS)
finished = np.zeros(NUM_ENVS, dtype=int)
done = np.zeros(NUM_ENVS, dtype=bool)
obs, _ = env.reset()
while finished.min() < EPISODES:
    obs, reward, terminated, truncated, _ = env.step(controller(obs))
    episode_return += np.where(done, 0.0, reward)  # a row after an episode's end is its autoreset
    done = terminated | truncated
    counted = done & (finished < EPISODES)
    returns[counted] += episode_return[counted] / EPISODES
    finished[done] += 1
    episode_return[done] = 0.0
env.close()

print(f"{NUM_ENVS} Pendulum envs, g from {gravity.min():.2f} to {gravity.max():.2f}, {EPISODES} episodes each")
for low, high in ((2, 6), (6, 10), (10, 14), (14, 20)):
    rows = (gravity >= low) & (gravity < high)
    if rows.any():
        print(f"g in [{low:>2}, {high:>2}): {rows.sum():>2} envs, mean return {returns[rows].mean():8.1f}")
