"""EnvPool's Stable-Baselines3 example (its examples/sb3_examples/ppo.py), its environment side.

Written for this test from that published example: the pool is made with
`env_type="gymnasium"` (Pendulum-v1, 4 envs), wrapped in a `VecAdapter` that hands
SB3's `VecEnv` base class `venv.observation_space` / `venv.action_space` as the
single env's spaces (SB3's contract), turns the batched info into SB3's list of
dicts, and resets each finished env by id; a policy network is then sized from
those spaces. SB3 needs torch, which `make test` does not install; so SB3's
`VecEnv` is replaced by the few lines of it the adapter uses, and the policy by a
numpy layer sized as SB3 sizes its first layer (`observation_space.shape[0]`
inputs). A batched observation space made that layer 12 wide for 4 envs of
Pendulum and failed with "mat1 and mat2 shapes cannot be multiplied (4x3 and
12x64)". The one change for parallel_pool is the import below.
"""

import numpy as np

import parallel_pool as envpool


class VecEnv:
    """The part of SB3's VecEnv the adapter relies on: the size and the spaces it is given."""

    def __init__(self, num_envs, observation_space, action_space):
        self.num_envs = num_envs
        self.observation_space = observation_space
        self.action_space = action_space


class VecAdapter(VecEnv):
    """The example's adapter: SB3's reset / step_async / step_wait over the pool's API."""

    def __init__(self, venv):
        self.venv = venv
        super().__init__(
            num_envs=venv.spec.config.num_envs,
            observation_space=venv.observation_space,
            action_space=venv.action_space,
        )

    def _info_dict_to_list(self, info_dict, batch_size):
        arrays = {key: value for key, value in info_dict.items() if isinstance(value, np.ndarray)}
        return [{key: value[i] for key, value in arrays.items()} for i in range(batch_size)]

    def reset(self):
        obs, info_dict = self.venv.reset()
        self.reset_infos = self._info_dict_to_list(info_dict, self.num_envs)
        return obs

    def step_async(self, actions):
        self.actions = actions

    def step_wait(self):
        obs, rewards, terms, truncs, info_dict = self.venv.step(self.actions)
        dones = terms | truncs
        infos = self._info_dict_to_list(info_dict, self.num_envs)
        for i in range(self.num_envs):
            if dones[i]:
                infos[i]["terminal_observation"] = obs[i]
                reset_obs, reset_info = self.venv.reset(np.array([i]))
                obs[i] = reset_obs[0]
                self.reset_infos[i] = self._info_dict_to_list(reset_info, 1)[0]
        return obs, rewards, dones, infos


def main() -> None:
    num_envs = 4
    env = VecAdapter(envpool.make("Pendulum-v1", env_type="gymnasium", num_envs=num_envs, seed=0))
    # SB3's MlpPolicy for a Box action: a first layer of observation_space.shape[0]
    # inputs and an action head of action_space.shape[0] outputs.
    assert env.observation_space.shape == (3,) and env.action_space.shape == (1,)
    rng = np.random.default_rng(0)
    hidden = rng.normal(size=(env.observation_space.shape[0], 64))
    head = rng.normal(size=(64, env.action_space.shape[0]))
    obs = env.reset()
    episodes = 0
    for _ in range(300):
        actions = np.clip(np.tanh(obs @ hidden) @ head, env.action_space.low, env.action_space.high)
        env.step_async(actions.astype(env.action_space.dtype))
        obs, rewards, dones, infos = env.step_wait()
        assert obs.shape == (num_envs, 3) and rewards.shape == (num_envs,)
        episodes += int(dones.sum())
        assert all("terminal_observation" in infos[i] for i in np.flatnonzero(dones))
    assert episodes == num_envs  # Pendulum's 200-step limit, once per env
    print(f"sb3 VecAdapter ran 300 steps of {num_envs} envs, {episodes} episodes ended")


if __name__ == "__main__":
    main()
