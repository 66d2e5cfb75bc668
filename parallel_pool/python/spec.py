"""EnvSpec: the Python view of an env's single C++ declaration.

The C++ spec lists each state and action field as
(key, dtype, shape, has_bounds, low, high, elementwise_low, elementwise_high);
everything a user sees (config namedtuple, gymnasium and gym spaces, dm_env
specs) is derived from that list here, once.
"""

from __future__ import annotations

import collections
import operator
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, NamedTuple

import numpy as np

# Integer scalars with a range narrower than this become Discrete spaces.
_MAX_DISCRETE = 1 << 20


class ArraySpec(NamedTuple):
    """One field: dtype, shape of one env's (or player's) value, bounds."""

    key: str
    dtype: np.dtype
    shape: tuple[int, ...]
    per_player: bool
    has_bounds: bool
    low: Any  # scalar, or an array of `shape` when elementwise
    high: Any

    @property
    def minimum(self) -> Any:
        """EnvPool's name for `low`."""
        return self.low

    @property
    def maximum(self) -> Any:
        """EnvPool's name for `high`."""
        return self.high

    @property
    def is_discrete(self) -> bool:
        """An integer scalar with a range of fewer than 2^20 values: a `Discrete` space."""
        return (
            self.dtype.kind in "iu"
            and self.has_bounds
            and self.shape == ()
            and not isinstance(self.low, np.ndarray)  # one bound, not elementwise ones
            and int(self.high) - int(self.low) < _MAX_DISCRETE
        )


def _parse(raw: tuple) -> ArraySpec:
    key, dtype, shape, has_bounds, low, high, low_each, high_each = raw
    per_player = bool(shape) and shape[0] == -1
    value_shape = tuple(shape[1:] if per_player else shape)
    dt = np.dtype(dtype)
    if low_each:
        low = np.asarray(low_each, dtype=dt).reshape(value_shape)
        high = np.asarray(high_each, dtype=dt).reshape(value_shape)
    return ArraySpec(key, dt, value_shape, per_player, has_bounds, low, high)


def nested_dict(items: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    """(dotted name, value) pairs as nested dicts, in their order: ("achieved_goal.kettle", x)
    is `out["achieved_goal"]["kettle"]` (a goal env's Dict of Dicts)."""
    out: dict[str, Any] = {}
    for name, value in items:
        *heads, last = name.split(".")
        node = out
        for head in heads:
            node = node.setdefault(head, {})
        node[last] = value
    return out


def nested_namedtuple(name: str, dotted: list[str]) -> Callable[[Sequence[Any]], Any]:
    """EnvPool's dm_env observation layout: a function from values (one per dotted name, in
    that order) to a namedtuple `name` of them, a dotted name nested ("players.env_id" is
    `state.players.env_id`). A name that is no identifier ("bottom burner") is one with
    underscores for the rest ("bottom_burner"). Worked out once per pool."""
    groups: dict[str, list[tuple[str, int]]] = {}  # a field -> (the rest of its names, index)
    for i, path in enumerate(dotted):
        head, _, rest = path.partition(".")
        groups.setdefault(re.sub(r"\W", "_", head), []).append((rest, i))
    make: Any = collections.namedtuple  # fields known only at run time
    tuple_type = make(name, list(groups))
    parts: list[Callable[[Sequence[Any]], Any]] = []
    for head, members in groups.items():
        if members == [("", members[0][1])]:
            parts.append(operator.itemgetter(members[0][1]))
        else:
            parts.append(_nested_part(head, members))
    return lambda values: tuple_type(*[part(values) for part in parts])


def _nested_part(head: str, members: list[tuple[str, int]]) -> Callable[[Sequence[Any]], Any]:
    """The nested namedtuple `head` of the values at the members' indices."""
    inner = nested_namedtuple(head, [rest for rest, _ in members])
    indices = [i for _, i in members]
    return lambda values: inner([values[i] for i in indices])


def to_space(spec: ArraySpec, spaces: Any) -> Any:
    """The gymnasium (or gym) space of one field; `spaces` is that module."""
    if spec.is_discrete:
        n = int(spec.high) - int(spec.low) + 1
        return spaces.Discrete(n, start=int(spec.low))
    if spec.dtype == np.bool_:
        return spaces.MultiBinary(list(spec.shape) if spec.shape else 1)
    return spaces.Box(low=spec.low, high=spec.high, shape=spec.shape, dtype=spec.dtype)


def to_dm_spec(spec: ArraySpec, name: str) -> Any:
    from dm_env import specs

    if spec.is_discrete and int(spec.low) == 0:
        return specs.DiscreteArray(int(spec.high) + 1, dtype=spec.dtype, name=name)
    if spec.has_bounds:
        return specs.BoundedArray(spec.shape, spec.dtype, spec.low, spec.high, name=name)
    return specs.Array(spec.shape, spec.dtype, name=name)


class FieldRole(NamedTuple):
    """A state field's role and the name users see, as the C++ spec exports them
    (core/field_role.h): Python never parses a key."""

    # "obs" (the observation), "info" (an info field of the env's), "pool_info" (env_id,
    # players.env_id, elapsed_step: every env's), "step" (reward, done, ... ).
    role: str
    name: str  # the key without its "obs:" / "info:" prefix: "obs", "pos", "lives"

    @property
    def observed(self) -> bool:
        """Part of what dm_env's observation holds: the observation and the info fields."""
        return self.role in ("obs", "info", "pool_info")


class EnvSpec:
    """The config and the declared fields of one task.

    Attributes:
      config: a namedtuple of every config value (defaults filled in).
      state_array_spec / action_array_spec: {key: ArraySpec}.
      observation_space / action_space: gymnasium spaces of ONE env.
      render_fps: the task's frame rate (gymnasium's metadata["render_fps"]), or None.
    """

    _cpp_cls: ClassVar[Any]  # the bound C++ spec class, set by py_env()
    _config_type: ClassVar[type]  # the config namedtuple, made once per class
    _field_roles: ClassVar[dict[str, FieldRole]]  # every state key's, made once per class
    # Config values given per env (python/per_env.py): {key: one value per env}, and each
    # env's own spec; empty when every env has the pool's config.
    per_env: dict[str, list[Any]]
    env_specs: list[EnvSpec]
    # The task's frames per second, as its registration declares it (None: not declared).
    render_fps: int | None = None

    @classmethod
    def cpp_spec(cls, config_values: tuple) -> Any:
        """The family's C++ spec of `config_values` (every key, in `config_keys()` order),
        without this class's parsing: the registry builds one a key at a time to find the
        value pybind11 cannot convert (its TypeError names no key)."""
        return cls._cpp_cls(config_values)

    def __init__(self, config_values: tuple) -> None:
        self._cpp = self._cpp_cls(config_values)
        self.per_env = {}
        self.env_specs = []
        self.config = self.config_type()(*self._cpp._config_values)
        self.state_array_spec = {s.key: s for s in map(_parse, self._cpp._state_spec)}
        self.action_array_spec = {s.key: s for s in map(_parse, self._cpp._action_spec)}

    @classmethod
    def config_keys(cls) -> list[str]:
        """Every config key of this env class, in declaration order (the common keys first)."""
        return list(cls._cpp_cls._config_keys)

    @classmethod
    def default_config(cls) -> dict[str, Any]:
        """The C++ defaults of every key, without a task's registered ones (`make_spec` adds those)."""
        return dict(zip(cls._cpp_cls._config_keys, cls._cpp_cls._default_config_values))

    @classmethod
    def config_type(cls) -> type:
        """The config namedtuple; a field left out takes the C++ default."""
        cached: type | None = cls.__dict__.get("_config_type")
        if cached is None:
            # Fields known only at run time: namedtuple called as the function it is.
            make: Any = collections.namedtuple
            cached = make("Config", cls.config_keys(), defaults=cls._cpp_cls._default_config_values)
            cls._config_type = cached
        return cached

    @classmethod
    def gen_config(cls, *args: Any, **kwargs: Any) -> Any:
        """EnvPool's `gen_config`: a config namedtuple of the values given, C++ defaults for the rest.

        Like EnvPool's, it neither applies a task's registered defaults nor
        checks the values (`make_spec(task_id, **kwargs)` does both); an unknown
        key is a TypeError.
        """
        return cls.config_type()(*args, **kwargs)

    @classmethod
    def field_roles(cls) -> dict[str, FieldRole]:
        """Every state key (enabled or not) -> its FieldRole, from the C++ spec."""
        cached: dict[str, FieldRole] | None = cls.__dict__.get("_field_roles")
        if cached is None:
            cached = {key: FieldRole(*role) for key, role in cls._cpp_cls._state_roles.items()}
            cls._field_roles = cached
        return cached

    @property
    def obs_keys(self) -> list[str]:
        """The state fields that make the observation: `["obs"]`, or `["obs:<name>", ...]` for a Dict."""
        roles = self.field_roles()
        return [k for k in self.state_array_spec if roles[k].role == "obs"]

    @property
    def reward_threshold(self) -> float | None:
        """The return at which the task counts as solved (gymnasium's), or None."""
        return getattr(self.config, "reward_threshold", None)

    def _obs_space(self, spaces: Any) -> Any:
        keys = self.obs_keys
        if keys == ["obs"]:
            return to_space(self.state_array_spec["obs"], spaces)
        # An OrderedDict keeps the declared order (dm_control's observation
        # order); a plain dict would be sorted by key.
        roles = self.field_roles()
        fields = nested_dict((roles[k].name, to_space(self.state_array_spec[k], spaces)) for k in keys)

        def as_space(node: dict[str, Any]) -> Any:
            return spaces.Dict(
                collections.OrderedDict((k, as_space(v) if isinstance(v, dict) else v) for k, v in node.items())
            )

        return as_space(fields)

    def _action_space(self, spaces: Any) -> Any:
        specs = self.action_array_spec
        if list(specs) == ["action"]:
            return to_space(specs["action"], spaces)
        return spaces.Dict(collections.OrderedDict((k, to_space(s, spaces)) for k, s in specs.items()))

    @property
    def observation_space(self) -> Any:
        """One env's observation space (gymnasium): a Box, Discrete, MultiBinary, or a Dict of them."""
        import gymnasium

        return self._obs_space(gymnasium.spaces)

    @property
    def action_space(self) -> Any:
        """One env's action space (gymnasium); a Dict for an env with several action fields."""
        import gymnasium

        return self._action_space(gymnasium.spaces)

    gymnasium_observation_space = observation_space
    gymnasium_action_space = action_space

    @property
    def gym_observation_space(self) -> Any:
        """`observation_space` with gym's space classes (needs gym)."""
        import gym

        return self._obs_space(gym.spaces)

    @property
    def gym_action_space(self) -> Any:
        """`action_space` with gym's space classes (needs gym)."""
        import gym

        return self._action_space(gym.spaces)

    def observation_spec(self) -> Any:
        """dm_env specs of the observation: obs fields, then info fields."""
        roles = self.field_roles()
        observed = [(roles[k].name, s) for k, s in self.state_array_spec.items() if roles[k].observed]
        return nested_namedtuple("State", [n for n, _ in observed])([to_dm_spec(s, n) for n, s in observed])

    def action_spec(self) -> Any:
        """The dm_env spec of one env's action (a dict of specs for several action fields)."""
        specs = self.action_array_spec
        if list(specs) == ["action"]:
            return to_dm_spec(specs["action"], "action")
        return {k: to_dm_spec(s, k) for k, s in specs.items()}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.config})"
