"""The fuzz cases: hypothesis strategies for a pool's config and a sequence of calls on it.

A case is a plain dict of Python literals (ints, floats, strings, tuples,
dicts), so its repr reproduces it (`python -m reliability.fuzz --replay`).
Anything that depends on the pool (the envs a valid call may name, an action
of the right shape) is a recipe here, made concrete by fuzz_inputs against the
pool and its state: the cases stay valid for any config, and hypothesis
shrinks them freely.
"""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import strategies as st

from parallel_pool import family_facts

# Representative task ids per family (each family's distinct action and observation
# layouts), and the most envs a pool of the family gets: every family's own facts
# (its family_facts.bzl).
FAMILIES: dict[str, tuple[str, ...]] = {f: facts.fuzz_tasks for f, facts in family_facts.all_facts().items()}
FLAVOURS = ("gymnasium", "gym", "dm")
MAX_ENVS = {f: facts.fuzz_max_envs for f, facts in family_facts.all_facts().items()}

# Config keys every task has (core/env_spec.h), handled by their own strategies.
COMMON_KEYS = (
    "num_envs",
    "batch_size",
    "num_threads",
    "max_num_players",
    "thread_affinity_offset",
    "seed",
    "max_episode_steps",
    "autoreset_mode",
)
# Keys left alone: base_path is where each family finds its assets (its own
# failure cases are tested in env_failure_test.py), lockstep_info is a test switch.
UNTOUCHED_KEYS = ("base_path", "lockstep_info", "env_seeds")
# Int keys that multiply the work of a step: a huge value makes a valid pool
# whose steps take hours, so such a case only makes and closes its pool.
COSTLY_INT_KEYS = ("frame_skip", "noop_max", "stack_num", "img_height", "img_width", "size", "height", "width")

INT_EDGES = (-(2**63), -(2**31) - 1, -(2**31), -1, 0, 1, 2, 3, 2**31 - 1, 2**31, 2**63, 2**64)
FLOAT_EDGES = ("nan", "inf", "-inf", 0.0, -0.0, -1.0, 1.0, 0.5, 5e-324, 1e-300, 1e308)
# Values of the wrong type for any key (a tag or a literal; see fuzz_inputs.value).
WRONG_TYPES = ("3", b"3", None, (1,), ("dict", {"a": 1}), ("object",), ("ndarray", (1, 2), "int64"), 1j)


@functools.cache
def catalog() -> dict[str, dict[str, Any]]:
    """task id -> {"family", "defaults": the task's config (no internal keys)}."""
    import parallel_pool

    out: dict[str, dict[str, Any]] = {}
    for family, tasks in FAMILIES.items():
        for task in tasks:
            config = parallel_pool.make_spec(task).config._asdict()
            defaults = {k: v for k, v in config.items() if k not in UNTOUCHED_KEYS}
            out[task] = {"family": family, "defaults": defaults}
    return out


def _float(value: Any) -> Any:
    """Edge floats as tags, so a case stays a literal ('nan' is not one)."""
    return ("float", value) if isinstance(value, str) else value


def _int_values(key: str) -> st.SearchStrategy:
    small = st.integers(-3, 300)
    edges = st.sampled_from(INT_EDGES)
    if key == "batch_size":
        # Relative to num_envs (fuzz_inputs resolves ("rel", d) to num_envs + d and
        # ("quarters", k) to max(1, num_envs * k // 4)): async pools of every shape.
        valid = st.sampled_from((0, ("quarters", 2), ("rel", -1), ("quarters", 1), ("quarters", 3), ("rel", 0)))
        invalid = st.one_of(st.sampled_from((("rel", 1), -1)), edges)
        return st.one_of(valid, valid, valid, invalid)
    if key == "num_threads":
        return st.one_of(st.integers(0, 4), st.sampled_from((-1, 64, 4096, 4097, 2**31)))
    if key == "max_num_players":
        return st.sampled_from((1, 1, 0, 2, -1, 2**31))
    if key == "thread_affinity_offset":
        return st.sampled_from((-1, 0, 1, 63, -2, 2**31 - 1, 2**31))
    if key == "max_episode_steps":
        return st.one_of(st.integers(1, 40), st.sampled_from((0, -1, 2**31 - 1, 2**31)))
    return st.one_of(small, edges)


def _seed_values() -> st.SearchStrategy:
    ints = st.one_of(st.integers(-(2**31), 2**31 - 1), st.sampled_from(INT_EDGES))
    return st.one_of(
        ints,
        st.tuples(st.just("seeds"), st.integers(-2, 1)),  # one seed per env (+ d seeds)
        st.tuples(st.just("seed_array"), st.sampled_from(("int64", "int32", "uint64", "float64"))),
        st.sampled_from(("42", 4.2, None, True, ("list", ("a",)))),
    )


def _value(key: str, default: Any) -> st.SearchStrategy:
    """Values for one config key: mostly of its type (edges included), sometimes not."""
    wrong = st.sampled_from(WRONG_TYPES)
    if key == "seed":
        return _seed_values()
    if key == "autoreset_mode":
        right = st.sampled_from(("next_step", "same_step", "disabled", "NextStep", "same-step", "bogus", ""))
    elif isinstance(default, bool):
        right = st.sampled_from((True, False, 1, 0, ("np_bool", True)))
    elif isinstance(default, int):
        right = _int_values(key)
    elif isinstance(default, float):
        right = st.one_of(st.sampled_from(FLOAT_EDGES).map(_float), st.floats(-1e3, 1e3), st.integers(-5, 5))
    elif isinstance(default, str):
        right = st.sampled_from(("", "/nonexistent", "x", "../../etc/passwd", "/etc/passwd", "\x00", "é" * 3))
    elif isinstance(default, (list, tuple)):
        right = st.sampled_from(((), (1.0,), (1.0, 2.0), (2.0, 1.0), (("float", "nan"), 1.0), (1.0, 2.0, 3.0), "ab"))
    elif isinstance(default, dict):
        dicts = ({}, {"HEALTH": (1.0, 0.0)}, {"X": 1.0}, {3: 1})
        right = st.sampled_from(tuple(("dict", d) for d in dicts))
    else:
        right = st.nothing()
    return st.one_of(right, right, right, wrong)


@st.composite
def configs(draw: st.DrawFn, task: str, short: bool) -> dict[str, Any]:
    """A config for `task`: num_envs within the family's budget, a few keys perturbed."""
    entry = catalog()[task]
    family, defaults = entry["family"], entry["defaults"]
    cap = MAX_ENVS[family] if not short else min(MAX_ENVS[family], 16)
    config: dict[str, Any] = {}
    # (Hypothesis favours the ends of a range and the first of a sample: those must
    # be the common case, not the edges.)
    size = draw(st.sampled_from(("small", "small", "small", "any", "any", "edge")))
    if size == "small":
        config["num_envs"] = draw(st.integers(1, min(cap, 8)))
    elif size == "any":
        config["num_envs"] = draw(st.integers(1, cap))
    else:  # the edges: invalid counts, and the family's largest
        config["num_envs"] = draw(st.sampled_from((cap, 0, -1, 2**20 + 1, 2**31, 2**63)))
    if draw(st.booleans()):
        config["batch_size"] = draw(_int_values("batch_size"))
    keys = sorted(k for k in defaults if k not in ("num_envs", "batch_size"))
    # Two cases in three keep the task's own config (beyond the pool's size), so
    # that most reach their calls; the others change one to three keys.
    if draw(st.sampled_from((False, False, True))):
        for key in draw(st.lists(st.sampled_from(keys), min_size=1, max_size=3, unique=True)):
            config[key] = draw(_value(key, defaults[key]))
            # One key in four of those with a scalar default: a value per env (docs/api.md),
            # mostly one per env, sometimes one too few or too many.
            if isinstance(defaults[key], (bool, int, float, str)) and draw(st.integers(0, 3)) == 3:
                recipes = draw(st.lists(_value(key, defaults[key]), min_size=1, max_size=3))
                config[key] = ("per_env", tuple(recipes), draw(st.sampled_from((0, 0, 0, -1, 1))))
    # One case in ten renders (render() calls are only made then).
    if draw(st.integers(0, 9)) == 9:
        config.update(draw(render_options()))
    # Hypothesis favours 0 and False: they must draw the common case.
    if draw(st.integers(0, 19)) == 19:
        config[draw(st.sampled_from(("not_a_key", "Num_envs", "gym_reset_return_info", "env_seed")))] = draw(
            st.sampled_from((1, True, False, (1, 2), "x"))
        )
    return config


# ------------------------------------------------------------------ calls

# How a valid array is passed (all must be accepted).
VALID_FORMS = ("c", "c", "c", "list", "noncontig", "readonly", "fortran", "castable", "big_endian")
ID_FORMS = ("c", "c", "list", "tuple", "int64", "uint8", "noncontig", "readonly", "big_endian")


def ids() -> st.SearchStrategy:
    """Which envs a call names (None: the call's default)."""
    return st.one_of(
        st.none(),
        st.tuples(st.just("valid"), st.sampled_from(ID_FORMS)),
        st.tuples(st.just("subset"), st.integers(1, 8), st.sampled_from(ID_FORMS)),
        st.tuples(st.just("scalar"), st.sampled_from(("int", "np_int32", "np_uint64", "0d"))),
        st.tuples(st.just("repeat"), st.sampled_from(ID_FORMS)),
        st.tuples(st.just("empty"), st.sampled_from(("c", "list"))),
        st.tuples(
            st.just("out_of_range"),
            st.sampled_from(("num_envs", -1, 2**31 - 1, 2**31, -(2**31) - 1, 2**63, 2**64, 10**30)),
        ),
        st.tuples(st.just("in_flight"), st.just("c")),
        st.tuples(
            st.just("bad"),
            st.sampled_from(
                ("float", "float_array", "str", "bytes", "bool", "np_bool", "2d", "object", "none_in_list", "dict")
            ),
        ),
    )


def actions() -> st.SearchStrategy:
    """An action recipe: valid in some form, or broken in one way."""
    return st.one_of(
        st.tuples(st.just("valid"), st.sampled_from(VALID_FORMS)),
        st.tuples(st.just("valid"), st.sampled_from(VALID_FORMS)),
        st.tuples(st.just("rows"), st.sampled_from((-1, 1, 2, -1000))),
        st.tuples(st.just("shape"), st.sampled_from(("extra_dim", "drop_dim", "transpose", "scalar", "0d", "flat"))),
        st.tuples(st.just("dtype"), st.sampled_from(("float64", "float16", "complex128", "str", "object", "bool"))),
        st.tuples(
            st.just("value"),
            st.sampled_from(
                ("low-1", "high+1", "int32_min", "int32_max", "2**31", "2**40", "2**63", "2**70", "nan", "inf", "-inf")
            ),
        ),
        st.tuples(st.just("value"), st.sampled_from(("1e308", "-1e308", "subnormal", "-0.0", "nan_one"))),
        st.tuples(st.just("other"), st.sampled_from(("none", "str", "bytes", "ragged", "set", "generator", "empty"))),
        st.tuples(st.just("dict"), st.sampled_from(("ok", "missing", "extra", "env_id", "env_id_bad", "players"))),
    )


def reset_seeds() -> st.SearchStrategy:
    """reset(seed=...): an int (env i gets s + i), one seed (or None) per env, or a bad one."""
    return st.one_of(
        st.none(),
        st.integers(-(2**31), 2**31 - 1),
        st.sampled_from((0, 1, -1, 2**31 - 1, -(2**31), 2**31, -(2**31) - 1, 2**63)),
        # ("per_env", d, form): num_envs + d seeds, as a list, tuple or array, or with None,
        # an entry beyond int32 or an entry of the wrong type.
        st.tuples(
            st.just("per_env"),
            st.sampled_from((0, 0, 0, -1, 1)),
            st.sampled_from(("list", "tuple", "int64", "uint32", "with_none", "big", "float", "str", "bool", "2d")),
        ),
        st.tuples(st.just("np_seed"), st.sampled_from(("int32", "uint64", "0d", "0d_float"))),
        st.sampled_from(("x", 1.5, True, b"1", ("dict", {"a": 1}))),
    )


def render_options() -> st.SearchStrategy:
    """make()'s rendering keys (docs/rendering.md), valid or not."""
    return st.fixed_dictionaries(
        {"render_mode": st.sampled_from(("rgb_array", "rgb_array", "rgb_array", None, "human", "", 3))},
        optional={
            "render_env_id": st.sampled_from((0, 1, -1, 2**31, 0.5)),
            "render_camera_id": st.sampled_from((-1, 0, 1, 99, -2, 2**31)),
            "render_width": st.sampled_from((0, 64, -1, 2**31)),
        },
    )


@functools.cache
def calls(flavour: str, short: bool) -> st.SearchStrategy:
    """One call recipe; ("run", n) is n valid calls chosen by the pool's state (fuzz_runner)."""
    # Long runs of valid calls carry most of the long profile's calls (hypothesis
    # draws a case in about as long as a worker makes a few hundred calls).
    runs = st.integers(1, 200) if short else st.one_of(st.integers(1, 60), st.sampled_from((300, 1000, 3000)))
    options = [
        st.tuples(st.just("step"), actions(), ids()),
        st.tuples(st.just("send"), actions(), ids()),
        st.tuples(st.just("recv")),
        # recv(timeout=...): valid timeouts, short enough to expire, and bad ones.
        st.tuples(
            st.just("recv_timeout"),
            st.sampled_from((0, 0.0005, 0.01, 1, None, -1, float("nan"), float("inf"), "1", True)),
        ),
        st.tuples(st.just("async_reset")),
        st.tuples(st.just("reset"), ids()),
        st.tuples(st.just("run"), runs),
        st.tuples(st.just("run"), runs),
        st.tuples(st.just("reset_seed"), reset_seeds(), st.one_of(st.none(), st.none(), ids())),
        st.tuples(st.just("render"), ids(), st.sampled_from((None, None, None, 0, -1, 1, 99, 2**31, 0.5, "0"))),
        st.tuples(st.just("attrs")),
        st.tuples(st.just("close")),
    ]
    if flavour == "gymnasium":
        options.append(
            st.tuples(
                st.just("reset_mask"),
                st.sampled_from(("valid", "valid", "all", "none", "int", "list", "short", "2d", "with_env_id")),
            )
        )
        options.append(st.tuples(st.just("reset_options"), st.sampled_from(("unknown", "empty", "none"))))
    return st.one_of(options)


@st.composite
def cases(draw: st.DrawFn, family: str | None = None, short: bool = True) -> dict[str, Any]:
    """A whole case: task, API flavour, config, calls, and the seed of its bulk data."""
    tasks = FAMILIES[family] if family else tuple(t for f in FAMILIES.values() for t in f)
    task = draw(st.sampled_from(tasks))
    flavour = draw(st.sampled_from(FLAVOURS))
    return {
        "task": task,
        "flavour": flavour,
        "config": draw(configs(task, short)),
        "calls": draw(st.lists(calls(flavour, short), min_size=1, max_size=12)),
        "seed": draw(st.integers(0, 2**32 - 1)),
    }
