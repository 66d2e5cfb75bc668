"""PPO on CartPole-v1 with parallel_pool, in numpy alone (CleanRL's ppo.py, rewritten).

    python examples/ppo_cartpole.py [--seed 1] [--total-steps 300000] [--target 450]

The learner is CleanRL's PPO for classic control (separate actor and critic MLPs of
two 64-unit tanh layers, orthogonal init, GAE, clipped policy and value losses,
entropy bonus, one Adam over both nets with a global gradient-norm clip, a linearly
annealed learning rate), with the gradients written out by hand so that it needs no
torch or jax. What it takes from parallel_pool:

- one `make_gymnasium("CartPole-v1", num_envs=8)` pool replaces gymnasium's vector
  env: `step()` takes the batch of actions and returns batched numpy arrays;
- `autoreset_mode="same_step"`: the step that ends an episode already returns the
  next episode's first observation, so no step of the rollout is wasted on a reset,
  and `info["final_obs"]` holds the observation the action led to: a truncated
  episode (500 steps) is bootstrapped with the critic's value of it, rather than
  treated as a failure.

Training stops once the mean return of the last 20 finished episodes reaches
`--target` (CartPole-v1's maximum is 500), or after `--total-steps` env steps. Then
the policy plays one episode in each of 8 fresh envs with its most probable action
("greedy_return"). The last line printed is a JSON summary; examples/examples_test.py
runs this file with seed 1 and checks that training reached 450.

Measured on two cores shared with other builds, seeds 1-10 at the defaults: all ten
reached a mean return of 450, after 53k-133k env steps (61k for seed 1), in 2-7 s each;
the greedy policy at that point returned 500 for six seeds and 348-485 for the other
four (the training return is that of the sampling policy, and training stops as soon
as it reaches the target).
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import os
import time

# The matrices here are tiny: OpenBLAS's threads cost more than they save (20x more
# on a busy 2-core machine). Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

import parallel_pool

# CleanRL's defaults for CartPole-v1, but for 8 envs instead of 4 (the pool steps
# them as cheaply as one) and a larger learning rate, which learns in fewer steps here.
NUM_ENVS = 8
NUM_STEPS = 128  # rollout length per env and update
GAMMA, GAE_LAMBDA = 0.99, 0.95
NUM_MINIBATCHES, UPDATE_EPOCHS = 4, 4
CLIP_COEF, ENT_COEF, VF_COEF, MAX_GRAD_NORM = 0.2, 0.01, 0.5, 0.5
LEARNING_RATE = 1e-3
HIDDEN = 64


class MLP:
    """x -> tanh(x W0 + b0) -> tanh(. W1 + b1) -> . W2 + b2, with manual backprop."""

    def __init__(self, rng: np.random.Generator, sizes: list[int], out_std: float) -> None:
        self.params: list[np.ndarray] = []
        for i, (n_in, n_out) in enumerate(itertools.pairwise(sizes)):
            std = out_std if i == len(sizes) - 2 else np.sqrt(2.0)
            self.params += [_orthogonal(rng, n_in, n_out, std), np.zeros(n_out)]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        """The output, and the activations backward() needs."""
        acts = [x]
        for i in range(0, len(self.params), 2):
            x = x @ self.params[i] + self.params[i + 1]
            if i < len(self.params) - 2:
                x = np.tanh(x)
            acts.append(x)
        return x, acts

    def backward(self, acts: list[np.ndarray], grad_out: np.ndarray) -> list[np.ndarray]:
        """d loss / d params, given d loss / d output."""
        grads: list[np.ndarray] = [np.empty(0)] * len(self.params)
        g = grad_out
        for layer in reversed(range(len(self.params) // 2)):
            grads[2 * layer] = acts[layer].T @ g
            grads[2 * layer + 1] = g.sum(axis=0)
            if layer > 0:
                g = (g @ self.params[2 * layer].T) * (1.0 - acts[layer] ** 2)  # through tanh
        return grads


def _orthogonal(rng: np.random.Generator, n_in: int, n_out: int, gain: float) -> np.ndarray:
    q, r = np.linalg.qr(rng.standard_normal((max(n_in, n_out), min(n_in, n_out))))
    q *= np.sign(np.diag(r))
    return gain * (q if n_in >= n_out else q.T)


class Adam:
    def __init__(self, params: list[np.ndarray], eps: float = 1e-5) -> None:
        self.params, self.eps, self.t = params, eps, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[np.ndarray], lr: float, beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m += (1 - beta1) * (g - m)
            v += (1 - beta2) * (g * g - v)
            m_hat = m / (1 - beta1**self.t)
            v_hat = v / (1 - beta2**self.t)
            p -= lr * m_hat / (np.sqrt(v_hat) + self.eps)


def log_softmax(logits: np.ndarray) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


def ppo_gradients(
    actor: MLP, critic: MLP, obs: np.ndarray, actions: np.ndarray, old_logp: np.ndarray,
    adv: np.ndarray, returns: np.ndarray, old_values: np.ndarray,
) -> list[np.ndarray]:  # fmt: skip
    """Gradients of CleanRL's PPO loss (clipped surrogate, clipped value loss, entropy)."""
    n = len(obs)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    logits, actor_acts = actor.forward(obs)
    logp_all = log_softmax(logits)
    probs = np.exp(logp_all)
    logp = logp_all[np.arange(n), actions]
    ratio = np.exp(logp - old_logp)
    # The surrogate max(-A r, -A clip(r)) has gradient -A r where the unclipped term is
    # the larger, and none where clipping took over.
    unclipped = -adv * ratio >= -adv * np.clip(ratio, 1 - CLIP_COEF, 1 + CLIP_COEF)
    d_logp = np.where(unclipped, -adv * ratio, 0.0) / n
    onehot = np.zeros_like(probs)
    onehot[np.arange(n), actions] = 1.0
    entropy = -(probs * logp_all).sum(axis=1, keepdims=True)
    d_logits = d_logp[:, None] * (onehot - probs) + ENT_COEF / n * probs * (logp_all + entropy)

    values, critic_acts = critic.forward(obs)
    values = values[:, 0]
    clipped_v = old_values + np.clip(values - old_values, -CLIP_COEF, CLIP_COEF)
    use_unclipped = (values - returns) ** 2 >= (clipped_v - returns) ** 2
    inside = np.abs(values - old_values) <= CLIP_COEF  # where clipped_v moves with values
    d_values = np.where(use_unclipped | inside, values - returns, 0.0) * VF_COEF / n

    grads = actor.backward(actor_acts, d_logits) + critic.backward(critic_acts, d_values[:, None])
    norm = np.sqrt(sum(float((g * g).sum()) for g in grads))
    if norm > MAX_GRAD_NORM:
        grads = [g * (MAX_GRAD_NORM / norm) for g in grads]
    return grads


def train(seed: int, total_steps: int, target: float) -> dict:
    rng = np.random.default_rng(seed)
    env = parallel_pool.make_gymnasium("CartPole-v1", num_envs=NUM_ENVS, seed=seed, autoreset_mode="same_step")
    n_obs = env.single_observation_space.shape[0]
    n_act = int(env.single_action_space.n)
    actor = MLP(rng, [n_obs, HIDDEN, HIDDEN, n_act], out_std=0.01)
    critic = MLP(rng, [n_obs, HIDDEN, HIDDEN, 1], out_std=1.0)
    optimizer = Adam(actor.params + critic.params)

    shape = (NUM_STEPS, NUM_ENVS)
    buf_obs = np.zeros((*shape, n_obs))
    buf_actions = np.zeros(shape, dtype=np.int64)
    buf_logp, buf_rewards, buf_dones, buf_values = (np.zeros(shape) for _ in range(4))
    episode_returns = np.zeros(NUM_ENVS)
    finished: collections.deque[float] = collections.deque(maxlen=20)
    num_updates = total_steps // (NUM_STEPS * NUM_ENVS)
    start = time.perf_counter()
    steps = 0

    obs, _ = env.reset()
    done = np.zeros(NUM_ENVS)
    for update in range(num_updates):
        lr = LEARNING_RATE * (1.0 - update / num_updates)
        for t in range(NUM_STEPS):
            buf_obs[t], buf_dones[t] = obs, done
            logp_all = log_softmax(actor.forward(obs)[0])
            # Sample from the softmax by the Gumbel-max trick, one draw per env.
            actions = np.argmax(logp_all - np.log(-np.log(rng.random(logp_all.shape))), axis=1)
            buf_actions[t] = actions
            buf_logp[t] = logp_all[np.arange(NUM_ENVS), actions]
            buf_values[t] = critic.forward(obs)[0][:, 0]

            obs, env_reward, terminated, truncated, info = env.step(actions)
            steps += NUM_ENVS
            episode_returns += env_reward
            reward = env_reward.astype(np.float64)
            # A time-limit end is not a failure: bootstrap it with the value of the
            # observation the action led to (same-step autoreset keeps it in info).
            cut = truncated & ~terminated
            if cut.any():
                # final_obs: an object array, one observation per env that ended.
                reward[cut] += GAMMA * critic.forward(np.stack(info["final_obs"][cut]))[0][:, 0]
            buf_rewards[t] = reward
            done = (terminated | truncated).astype(np.float64)
            for i in np.flatnonzero(done):
                finished.append(episode_returns[i])
                episode_returns[i] = 0.0

        mean_return = float(np.mean(finished)) if len(finished) == finished.maxlen else 0.0
        if update % 10 == 0 or mean_return >= target:
            print(f"update {update:4d}  env steps {steps:7d}  mean return (last 20) {mean_return:6.1f}", flush=True)
        if mean_return >= target:
            break

        # Generalized advantage estimation over the rollout.
        next_value = critic.forward(obs)[0][:, 0]
        adv = np.zeros(shape)
        last = np.zeros(NUM_ENVS)
        for t in reversed(range(NUM_STEPS)):
            not_done = 1.0 - (done if t == NUM_STEPS - 1 else buf_dones[t + 1])
            following = next_value if t == NUM_STEPS - 1 else buf_values[t + 1]
            delta = buf_rewards[t] + GAMMA * following * not_done - buf_values[t]
            last = delta + GAMMA * GAE_LAMBDA * not_done * last
            adv[t] = last
        returns = adv + buf_values

        flat = [a.reshape(NUM_STEPS * NUM_ENVS, *a.shape[2:]) for a in (buf_obs, buf_actions, buf_logp, adv, returns)]
        flat_values = buf_values.reshape(-1)
        batch = NUM_STEPS * NUM_ENVS
        minibatch = batch // NUM_MINIBATCHES
        for _ in range(UPDATE_EPOCHS):
            order = rng.permutation(batch)
            for begin in range(0, batch, minibatch):
                idx = order[begin : begin + minibatch]
                grads = ppo_gradients(actor, critic, *(a[idx] for a in flat), flat_values[idx])
                optimizer.step(grads, lr)

    env.close()
    mean_return = float(np.mean(finished)) if finished else 0.0
    return {
        "seed": seed,
        "reached": mean_return >= target,
        "mean_return": round(mean_return, 1),
        "env_steps": steps,
        "seconds": round(time.perf_counter() - start, 1),
        "greedy_return": round(evaluate(actor, seed + 1000), 1),
    }


def evaluate(actor: MLP, seed: int, num_envs: int = 8) -> float:
    """Mean return of one episode per env with the most probable action (no sampling)."""
    env = parallel_pool.make_gymnasium("CartPole-v1", num_envs=num_envs, seed=seed, autoreset_mode="disabled")
    obs = env.reset()[0].copy()  # every env's latest observation
    returns = np.zeros(num_envs)
    running = np.ones(num_envs, dtype=bool)
    while running.any():
        ids = np.flatnonzero(running)  # with autoreset disabled, step only the envs still running
        actions = np.argmax(actor.forward(obs[ids])[0], axis=1)
        next_obs, reward, terminated, truncated, _ = env.step(actions, ids)  # rows in the order of ids
        obs[ids] = next_obs
        returns[ids] += reward
        running[ids] = ~(terminated | truncated)
    env.close()
    return float(returns.mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--total-steps", type=int, default=300_000)
    parser.add_argument("--target", type=float, default=450.0)
    args = parser.parse_args()
    result = train(args.seed, args.total_steps, args.target)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
