"""An async collector filling a DQN-style replay buffer with send/recv.

32 CartPole envs, batches of the 16 that finish first: while the learner works
on one batch (epsilon-greedy actions from a Q-function, the buffer writes, a
Q-learning step on a sample of the buffer), the pool's threads step the other
half. The Q-function is linear to keep the example short; a DQN puts its
network there. Each result says which
envs it came from (`info["env_id"]`), so the collector keeps each env's last
observation and action by id and writes one transition per env per step.

`autoreset_mode="same_step"`: the step that ends an episode returns the next
episode's first observation, and the one the action led to is in
`info["final_obs"]`. That is the `next_obs` a transition needs, and no step is
spent on a reset, so every result is a transition.
"""

import numpy as np

import parallel_pool

NUM_ENVS, BATCH_SIZE, CAPACITY = 32, 16, 50_000
GAMMA, LEARNING_RATE, EPSILON, TRAIN_BATCH = 0.99, 1e-3, 0.1, 256


class ReplayBuffer:
    """A ring buffer of (obs, action, reward, next_obs, terminated) transitions."""

    def __init__(self, capacity: int, obs_shape: tuple[int, ...]) -> None:
        self.obs = np.zeros((capacity, *obs_shape), dtype=np.float32)
        self.next_obs = np.zeros_like(self.obs)
        self.actions = np.zeros(capacity, dtype=np.int64)
        self.rewards = np.zeros(capacity, dtype=np.float32)
        self.terminated = np.zeros(capacity, dtype=np.bool_)
        self.capacity, self.size, self.pos = capacity, 0, 0

    def add(self, obs, actions, rewards, next_obs, terminated) -> None:
        rows = (self.pos + np.arange(len(actions))) % self.capacity
        self.obs[rows], self.actions[rows], self.rewards[rows] = obs, actions, rewards
        self.next_obs[rows], self.terminated[rows] = next_obs, terminated
        self.pos = int(rows[-1] + 1) % self.capacity
        self.size = min(self.size + len(actions), self.capacity)

    def sample(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, ...]:
        rows = rng.integers(0, self.size, size=n)
        return self.obs[rows], self.actions[rows], self.rewards[rows], self.next_obs[rows], self.terminated[rows]


env = parallel_pool.make_vec(
    "CartPole-v1", num_envs=NUM_ENVS, batch_size=BATCH_SIZE, seed=0, autoreset_mode="same_step"
)
n_actions = int(env.single_action_space.n)
buffer = ReplayBuffer(CAPACITY, env.single_observation_space.shape)
rng = np.random.default_rng(0)
q_weights = rng.normal(scale=0.1, size=(env.single_observation_space.shape[0], n_actions))
last_obs = np.zeros((NUM_ENVS, *env.single_observation_space.shape), dtype=np.float32)
last_action = np.zeros(NUM_ENVS, dtype=np.int64)
waiting = np.zeros(NUM_ENVS, dtype=np.bool_)  # env has an action in flight

env.async_reset()
episodes = 0
for _ in range(2000):
    obs, reward, terminated, truncated, info = env.recv()
    ids = info["env_id"]
    done = terminated | truncated
    stepped = waiting[ids]  # False for a reset's result: no transition yet
    if stepped.any():
        next_obs = obs.copy()
        if "final_obs" in info:  # some env ended: its row of obs is the next episode's
            ended = info["_final_obs"]
            next_obs[ended] = np.stack(info["final_obs"][ended])
        s = stepped
        buffer.add(last_obs[ids[s]], last_action[ids[s]], reward[s], next_obs[s], terminated[s])
    episodes += int(done.sum())

    greedy = np.argmax(obs @ q_weights, axis=1)
    explore = rng.random(len(ids)) < EPSILON
    action = np.where(explore, rng.integers(0, n_actions, len(ids)), greedy)
    env.send(action, ids)  # these envs step while the learner works below
    last_obs[ids], last_action[ids], waiting[ids] = obs, action, True

    if buffer.size >= TRAIN_BATCH:  # one semi-gradient Q-learning step
        b_obs, b_actions, b_rewards, b_next, b_terminated = buffer.sample(rng, TRAIN_BATCH)
        target = b_rewards + GAMMA * ~b_terminated * (b_next @ q_weights).max(axis=1)
        error = target - (b_obs @ q_weights)[np.arange(TRAIN_BATCH), b_actions]
        # d Q(s, a) / d weights is s in column a: one matrix product for the batch.
        q_weights += LEARNING_RATE * b_obs.T @ (error[:, None] * np.eye(n_actions)[b_actions]) / TRAIN_BATCH

print(f"{buffer.size} transitions from {episodes} finished episodes in the buffer")
print("terminal transitions:", int(buffer.terminated[: buffer.size].sum()), "; Q weights:", q_weights.round(2).tolist())
env.close()
