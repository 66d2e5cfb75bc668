"""Multi-player pools as PettingZoo: one match as a `ParallelEnv`, or many matches batched.

    import parallel_pool

    match = parallel_pool.make_pettingzoo("MultiDuel-v1", num_players=2, seed=0)
    observations, infos = match.reset()
    while match.agents:
        actions = {agent: match.action_space(agent).sample() for agent in match.agents}
        observations, rewards, terminations, truncations, infos = match.step(actions)

A pool env with `max_num_players=P` is one match of P players. `make_pettingzoo` gives one
match (a pool of one env) as PettingZoo's `ParallelEnv`: its agents are the match's
players, `"player_0"` to `"player_{P-1}"` (player 0 hosts a ViZDoom match), each with the
pool's per-player observation and action spaces, its own reward and its own info (the
per-player values, such as ViZDoom's game variables, and the match's `elapsed_step`). A
match ends for every agent at once; `agents` is then empty until `reset()`.

`make_pettingzoo_batched` steps M matches in one call: every value is a dict from agent to
an array whose first axis is the match (agents x matches), e.g. `observations["player_1"][m]`
is player 1's observation in match m. Match m is seeded `seed + m` and runs exactly as
`make_pettingzoo(..., seed=seed + m)` does on the same actions. A match that ends is
reset by its next step (the pool's autoreset: that step's actions for it are not used and
it returns the new match's first observations, with zero rewards), so all matches always
step together.

PettingZoo is imported when this module is (never by `import parallel_pool`); install it
with `pip install 'parallel_pool[pettingzoo]'`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from parallel_pool import registration


def _check_players(task_id: str, num_players: Any, config: dict[str, Any]) -> int:
    for key in ("num_envs", "max_num_players", "batch_size", "autoreset_mode"):
        if key in config:
            raise ValueError(
                f"{key}: set by the PettingZoo view (num_players is the match's players; "
                "one batched call steps every match); drop it"
            )
    if isinstance(num_players, bool) or not isinstance(num_players, (int, np.integer)):
        raise TypeError(f"num_players: expected an int >= 2, got {type(num_players).__name__} {num_players!r}")
    if num_players < 2:
        raise ValueError(f"num_players: a PettingZoo view is of matches of 2 players or more, got {num_players}")
    return int(num_players)


def _per_player_info(info: dict[str, Any], players: int, rows: int) -> dict[str, Any]:
    """The info arrays of a multi-player pool split into per-player ones (length rows x
    players) and per-match ones (length rows): {key: (array, per_player)}."""
    out = {}
    for key, value in info.items():
        if key.startswith("_") or key in ("players", "env_id") or not isinstance(value, np.ndarray):
            continue
        out[key] = (value, len(value) == rows * players and rows * players != rows)
    return out


class MatchEnv(ParallelEnv):
    """One match of a multi-player task as a PettingZoo `ParallelEnv`."""

    def __init__(self, task_id: str, num_players: int = 2, **config: Any) -> None:
        players = _check_players(task_id, num_players, config)
        self._pool = registration.make_vec(
            task_id, num_envs=1, max_num_players=players, autoreset_mode="disabled", **config
        )
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents: list[str] = []
        self._players = players
        self._observation_space = self._pool.single_observation_space
        self._action_space = self._pool.single_action_space
        self.render_mode = self._pool.render_mode
        self.metadata = {"name": task_id, "render_modes": self._pool.metadata.get("render_modes", [])}

    def observation_space(self, agent: str) -> Any:
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        obs, info = self._pool.reset(seed=seed)
        self.agents = list(self.possible_agents)
        return self._split(obs), self._infos(info)

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        if not self.agents:
            raise RuntimeError("step() after the match ended: call reset() first")
        missing = [a for a in self.agents if a not in actions]
        if missing:
            raise ValueError(f"actions: expected one action per agent, missing {missing}")
        unknown = [a for a in actions if a not in self.agents]
        if unknown:
            raise ValueError(f"actions: unknown agents {unknown}; the agents are {self.agents}")
        batch = np.stack([np.asarray(actions[a]) for a in self.possible_agents])
        obs, reward, terminated, truncated, info = self._pool.step(batch)
        ended_by = bool(terminated[0]), bool(truncated[0])
        observations = self._split(obs)
        rewards = {a: float(reward[p]) for p, a in enumerate(self.possible_agents)}
        terminations = dict.fromkeys(self.possible_agents, ended_by[0])
        truncations = dict.fromkeys(self.possible_agents, ended_by[1])
        infos = self._infos(info)
        if any(ended_by):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Any:
        return self._pool.render()

    def close(self) -> None:
        self._pool.close()

    def state(self) -> np.ndarray:
        raise NotImplementedError("state(): the match has no global observation beyond its players'")

    def _split(self, obs: Any) -> dict[str, Any]:
        # Copies: the pool's buffers are reused by its next step.
        if isinstance(obs, dict):
            return {a: {k: np.array(v[p]) for k, v in obs.items()} for p, a in enumerate(self.possible_agents)}
        return {a: np.array(obs[p]) for p, a in enumerate(self.possible_agents)}

    def _infos(self, info: dict[str, Any]) -> dict[str, dict[str, Any]]:
        fields = _per_player_info(info, self._players, 1)
        return {
            a: {k: (v[p] if per_player else v[0]).item() for k, (v, per_player) in fields.items() if v.ndim == 1}
            for p, a in enumerate(self.possible_agents)
        }


class MatchBatch:
    """M matches of a multi-player task stepped together; values are {agent: [M, ...]}."""

    def __init__(self, task_id: str, num_matches: int = 1, num_players: int = 2, **config: Any) -> None:
        players = _check_players(task_id, num_players, config)
        self._pool = registration.make_vec(task_id, num_envs=num_matches, max_num_players=players, **config)
        self.num_matches = self._pool.num_envs
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = list(self.possible_agents)
        self._players = players
        self._observation_space = self._pool.single_observation_space
        self._action_space = self._pool.single_action_space

    def observation_space(self, agent: str) -> Any:
        """One player's observation space in one match (rows of the batched values)."""
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        return self._action_space

    def reset(self, seed: int | list[int] | None = None) -> tuple[dict, dict]:
        obs, info = self._pool.reset(seed=seed)
        rows = self._match_major(info)
        return self._split(obs, rows), self._infos(info, rows)

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """actions: {agent: [num_matches, ...]}. Returns observations, rewards, terminations,
        truncations and infos, each {agent: [num_matches, ...]}."""
        missing = [a for a in self.possible_agents if a not in actions]
        if missing:
            raise ValueError(f"actions: expected an array for every agent, missing {missing}")
        stacked = np.stack([np.asarray(actions[a]) for a in self.possible_agents], axis=1)  # [M, P, ...]
        if stacked.shape[0] != self.num_matches:
            raise ValueError(
                f"actions: expected {self.num_matches} rows (one per match) per agent, got {stacked.shape[0]}"
            )
        obs, reward, terminated, truncated, info = self._pool.step(stacked.reshape(-1, *stacked.shape[2:]))
        rows = self._match_major(info)
        terminations = dict.fromkeys(self.possible_agents, np.array(terminated))
        truncations = dict.fromkeys(self.possible_agents, np.array(truncated))
        return self._split(obs, rows), self._split(reward, rows), terminations, truncations, self._infos(info, rows)

    def close(self) -> None:
        self._pool.close()

    def _match_major(self, info: dict[str, Any]) -> np.ndarray:
        """The order that lays a batch's player rows out match-major (match m's players at
        m*P .. m*P+P-1). A multi-player pool's env rows follow the env ids, but each match
        claims its player rows when it finishes (info["players"]["env_id"] says whose they
        are), so the layout changes from step to step; a match's own rows are its players
        in order. The sort is stable to keep that order."""
        env_ids = np.asarray(info["env_id"])
        if not np.array_equal(env_ids, np.arange(self.num_matches)):  # a full sync batch: never
            raise RuntimeError(f"the pool returned matches {env_ids.tolist()}, expected every match in order")
        return np.argsort(np.asarray(info["players"]["env_id"]), kind="stable")

    def _split(self, rows: Any, order: np.ndarray) -> dict[str, Any]:
        """Player p's rows of a batch, match by match: the rows put in match-major order, then
        every P-th from p, copied out of the pool's buffers."""
        if isinstance(rows, dict):
            return {
                a: {k: v[order[p :: self._players]] for k, v in rows.items()}
                for p, a in enumerate(self.possible_agents)
            }
        return {a: rows[order[p :: self._players]] for p, a in enumerate(self.possible_agents)}

    def _infos(self, info: dict[str, Any], order: np.ndarray) -> dict[str, dict[str, np.ndarray]]:
        fields = _per_player_info(info, self._players, self.num_matches)
        return {
            a: {
                k: (v[order[p :: self._players]] if per_player else np.array(v))
                for k, (v, per_player) in fields.items()
            }
            for p, a in enumerate(self.possible_agents)
        }
