"""rl_games' EnvPool wrapper (rl_games/envs/envpool.py, current master), its environment side.

Written for this test from that published wrapper: it makes the pool with
`env_type="gym"`, takes `env.observation_space` and `env.action_space` as the
single env's spaces (its agents pick DiscreteA2C for a `Discrete` action space and
ContinuousA2C for a `Box`, and refuse anything else: "Unsupported action space
type for DiscreteA2CBase: MultiDiscrete" when the space was batched), and in
`step` reads `info["lives"]` / `info["reward"]` for Atari's episodic scores. The
learner is replaced by random actions of the space's dtype. The one change for
parallel_pool is the import below.
"""

import numpy as np

import parallel_pool as envpool


class Envpool:
    def __init__(self, env_name, num_actors, **kwargs):
        self.batch_size = num_actors
        env_kwargs = kwargs.pop("env_kwargs", {})
        self.env = envpool.make(env_name, env_type="gym", num_envs=num_actors, batch_size=self.batch_size, **env_kwargs)
        self.observation_space = self.env.observation_space
        self.action_space = self.env.action_space
        self.ids = np.arange(0, num_actors)
        self.scores = np.zeros(num_actors)
        self.returned_scores = np.zeros(num_actors)

    def step(self, action):
        next_obs, reward, terminated, truncated, info = self.env.step(action, self.ids)
        is_done = terminated | truncated
        if "lives" in info:  # Atari: a game's score over its lives
            self.scores += info["reward"]
            self.returned_scores[:] = self.scores
            info["scores"] = self.returned_scores
            self.scores *= 1 - is_done
        info["time_outs"] = truncated
        return next_obs, reward, is_done, info

    def reset(self):
        obs, _ = self.env.reset(self.ids)
        return obs

    def get_env_info(self):
        return {"action_space": self.action_space, "observation_space": self.observation_space}


def agent_kind(action_space) -> str:
    """What rl_games' algorithm choice reads of the action space."""
    kind = type(action_space).__name__
    if kind not in ("Discrete", "Box"):
        raise TypeError(f"Unsupported action space type for DiscreteA2CBase: {kind}")
    return "discrete" if kind == "Discrete" else "continuous"


def run(env_name: str, num_actors: int, env_kwargs: dict) -> None:
    env = Envpool(env_name, num_actors, env_kwargs=env_kwargs)
    info = env.get_env_info()
    kind = agent_kind(info["action_space"])
    rng = np.random.default_rng(0)
    obs = env.reset()
    assert obs.shape == (num_actors, *info["observation_space"].shape)
    for _ in range(200):
        if kind == "discrete":
            action = rng.integers(info["action_space"].n, size=num_actors).astype(np.int32)
        else:
            space = info["action_space"]
            action = rng.uniform(space.low, space.high, size=(num_actors, *space.shape)).astype(space.dtype)
        obs, reward, done, step_info = env.step(action)
        assert reward.shape == done.shape == (num_actors,)
    print(f"rl_games Envpool ran {env_name} as a {kind} agent: obs {obs.shape}")


def main() -> None:
    run("Pong-v5", 4, {"episodic_life": True, "reward_clip": True})
    run("HalfCheetah-v4", 4, {})


if __name__ == "__main__":
    main()
