"""A pool stepped beside one gymnasium env per pool env, compared bit for bit."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np


def assert_same_bits(ours: Any, ref: Any, where: str) -> None:
    """Floats compared bit for bit (so 0.0 != -0.0), in our array's dtype."""
    ours = np.asarray(ours)
    ref = np.asarray(ref, dtype=ours.dtype)
    np.testing.assert_array_equal(ours.reshape(-1).view(np.uint8), ref.reshape(-1).view(np.uint8), where)


def assert_same_step(ours: tuple[Any, Any, Any, Any], ref_step: tuple, where: str) -> None:
    """One env's (obs, reward, terminated, truncated) against the reference's step():
    observation and reward bit for bit, terminated and truncated exactly."""
    obs, rew, term, trunc = ours
    ref_obs, ref_rew, ref_term, ref_trunc, _ = ref_step
    assert_same_bits(obs, ref_obs, where)
    assert_same_bits(rew, np.float64(ref_rew), where)
    assert (bool(term), bool(trunc)) == (ref_term, ref_trunc), where


def step_in_lockstep(
    env: Any,
    refs: list[Any],
    obs: np.ndarray,
    choose: Callable[[int, np.ndarray, int], Any],
    episodes: int,
    ending: Callable[[float, bool], str],
    label: str,
) -> Counter[str]:
    """Steps `env` (whose observations are `obs`, every env just reset, as each of
    `refs`) with the actions `choose(env_index, obs_row, episode)`, each env until it
    has ended `episodes` episodes, and returns how the references' episodes ended
    (`ending(reward, truncated)`). Every step's observation and reward must equal the
    reference's bit for bit and terminated / truncated exactly; the step after an end
    is the pool's next-step autoreset, which must give the reference's reset()."""
    episode = np.zeros(len(refs), dtype=int)
    done = np.zeros(len(refs), dtype=bool)
    endings: Counter[str] = Counter()
    t = 0
    while (episode < episodes).any():
        t += 1
        actions = [choose(i, obs[i], int(episode[i])) for i in range(len(refs))]
        obs, rew, term, trunc, _ = env.step(np.stack(actions) if np.ndim(actions[0]) else np.array(actions))
        for i, ref in enumerate(refs):
            where = f"{label} env {i} episode {episode[i]} step {t}"
            if done[i]:  # next-step autoreset: gymnasium's reset() without a seed
                assert_same_bits(obs[i], ref.reset()[0], where)
                assert (rew[i], bool(term[i]), bool(trunc[i])) == (0.0, False, False), where
                continue
            ref_step = ref.step(actions[i])
            assert_same_step((obs[i], rew[i], term[i], trunc[i]), ref_step, where)
            _, ref_rew, ref_term, ref_trunc, _ = ref_step
            if ref_term or ref_trunc:
                episode[i] += 1
                endings[ending(float(ref_rew), bool(ref_trunc))] += 1
        done = term | trunc
    return endings
