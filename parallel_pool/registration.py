"""The registry of task ids: register(), make*(), make_spec(), list_all_envs().

Same names, arguments and defaults as EnvPool's, so `import parallel_pool as
envpool` runs user code unchanged. Every bad argument is a ValueError or a
TypeError that names it.
"""

from __future__ import annotations

import difflib
import importlib
import os
from collections.abc import Callable
from typing import Any, Literal, NamedTuple, overload

import gymnasium

from parallel_pool.python import per_env as per_env_config
from parallel_pool.python.config_values import check_config, coerce, envpool_common_keys, unconvertible
from parallel_pool.python.dm_env_pool import DMEnvPool
from parallel_pool.python.gym_env import GymEnvPool
from parallel_pool.python.gymnasium_env import GymnasiumEnvPool
from parallel_pool.python.pool import renders, set_render_options
from parallel_pool.python.render import RenderOptions, split_render_options
from parallel_pool.python.spec import EnvSpec
from parallel_pool.python.vector_env import VectorEnvPool

# EnvPool's three API flavours, what make(env_type=...) takes.
_ENV_TYPES = ("gym", "gymnasium", "dm")
# gymnasium's registry holds every id as "parallel_pool/<id>", with make_vec as its
# vector entry point: gymnasium.make_vec("parallel_pool/CartPole-v1", num_envs=8).
GYMNASIUM_NAMESPACE = "parallel_pool"

# A family's translation of EnvPool's config keys into its own:
# (the user's keyword arguments, the task's default config) -> keyword arguments.
ConfigAliases = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]
# A task's frames per second (gymnasium's metadata["render_fps"]): a number, or
# one worked out from the pool's config (MuJoCo's depends on frame_skip).
RenderFps = int | Callable[[dict[str, Any]], int]
# A config key whose value picks the classes (their name's prefix), where it
# changes the action's type (LunarLander's `continuous`: int or float actions);
# or, where several keys decide, a function of the config's values (it gets
# `value(key)`, the user's value else the task's default) that gives the prefix,
# or None for the task's own classes.
ClassBy = tuple[str, dict[Any, str]] | Callable[[Callable[[str], Any]], str | None]


class Classes(NamedTuple):
    """The names of a task's classes in its family's module."""

    spec: str
    dm: str
    gym: str | None
    gymnasium: str

    @classmethod
    def of(cls, env: str) -> Classes:
        """What python/api.py's py_env names the classes of the env class `env` ("CartPole"):
        the one place these names are derived."""
        return cls(f"{env}EnvSpec", f"{env}DMEnvPool", f"{env}GymEnvPool", f"{env}GymnasiumEnvPool")


class _Entry(NamedTuple):
    import_path: str
    classes: Classes
    defaults: dict[str, Any]
    config_aliases: ConfigAliases | None
    render_fps: RenderFps | None
    class_by: ClassBy | None


class EnvRegistry:
    """Task id -> where its classes live and its default config."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}
        self._failed: dict[str, str] = {}  # family -> why it failed to load

    def register(
        self,
        task_id: str,
        import_path: str,
        env: str | None = None,
        dm_cls: str | None = None,
        gymnasium_cls: str | None = None,
        aliases: tuple[str, ...] | list[str] = (),
        *,
        spec_cls: str | None = None,
        gym_cls: str | None = None,
        config_aliases: ConfigAliases | None = None,
        render_fps: RenderFps | None = None,
        class_by: ClassBy | None = None,
        **kwargs: Any,
    ) -> None:
        """Registers `task_id` (and `aliases`) of the env class `env`; kwargs become config defaults.

        `env` names the classes the family's module holds (python/api.py's py_env made
        them): "CartPole" is `CartPoleEnvSpec`, `CartPoleDMEnvPool`, `CartPoleGymEnvPool`
        and `CartPoleGymnasiumEnvPool`. EnvPool's form, the class names given one by one
        (`register(task_id, import_path, spec_cls, dm_cls, gymnasium_cls)`, positional
        as EnvPool's, or as keywords, with an optional `gym_cls`), is taken too.

        `render_fps`: the task's frame rate as its reference declares it (gymnasium's
        `metadata["render_fps"]`, which video recorders and HumanRendering read), or a
        function of the config that gives it.

        A default may be a zero-argument callable, called when a spec is made
        (e.g. the dm_control family's generated model XML, which needs the
        dm_control package only when such a pool is made).

        `config_aliases(kwargs, config)`, if given, rewrites the user's keyword
        arguments before they are checked: EnvPool's names for a family's keys
        become ours, and a key that cannot apply raises a ValueError saying why.
        `config` is the task's defaults, which the arguments then override. It may
        also give a key one value per env (a list, as a user may), e.g. a benchmark
        whose envs each run another task.

        `class_by=(key, {value: env})`: where the config value of `key` (the user's,
        else the task's default) is one of those values, the task's classes are those
        of that env class instead. `class_by=pick`: `pick(value)` names the env class
        (None: the task's own), where `value(key)` is that config value.
        """
        if dm_cls is None and gymnasium_cls is None and spec_cls is None and gym_cls is None:
            if env is None:
                raise ValueError(f"register({task_id!r}): env (the env class's name, e.g. 'CartPole') is required")
            classes = Classes.of(env)
        else:  # EnvPool's form: its third positional argument is the spec class
            spec_name = spec_cls if spec_cls is not None else env
            if spec_name is None or dm_cls is None or gymnasium_cls is None or (spec_cls and env):
                raise ValueError(
                    f"register({task_id!r}): give env, or EnvPool's spec_cls, dm_cls and gymnasium_cls (not both)"
                )
            classes = Classes(spec_name, dm_cls, gym_cls, gymnasium_cls)
        kwargs.setdefault("base_path", os.path.dirname(os.path.abspath(__file__)))
        for name in (task_id, *aliases):
            if name in self._entries:
                raise ValueError(f"task_id: {name!r} is already registered")
            _register_vector_entry(name)
            self._entries[name] = _Entry(
                import_path,
                classes,
                dict(kwargs),
                config_aliases,
                render_fps,
                class_by,
            )

    def list_all_envs(self) -> list[str]:
        """Every registered task id (aliases included), in registration order."""
        return list(self._entries)

    def family(self, task_id: str) -> str:
        """The family that registered `task_id`: the last part of its import path (e.g. "atari").

        Raises:
          TypeError: `task_id` is not a str.
          ValueError: `task_id` is not registered (with close matches).
        """
        return self._entry(task_id).import_path.rsplit(".", 1)[-1]

    def note_failed_family(self, family: str, reason: str) -> None:
        """Records that `family` failed to import (parallel_pool/entry.py does).

        Its ids were then never registered: make() of an id that is not registered
        names every failed family and why, since the id may be one of theirs.
        """
        self._failed[family] = reason

    def failed_families(self) -> dict[str, str]:
        """Family -> why it failed to load; empty when every family loaded."""
        return dict(self._failed)

    def _entry(self, task_id: Any) -> _Entry:
        if not isinstance(task_id, str):
            raise TypeError(f"task_id: expected a str, got {type(task_id).__name__}")
        entry = self._entries.get(task_id)
        if entry is None:
            raise ValueError(self._not_registered(task_id))
        return entry

    def _not_registered(self, task_id: str) -> str:
        close = difflib.get_close_matches(task_id, self._entries, n=3, cutoff=0.5)
        hint = f" (did you mean {', '.join(map(repr, close))}?)" if close else ""
        if self._failed:
            # The id may be one of a family that failed to load: say which failed and why.
            reasons = "; ".join(f"{family!r}: {reason}" for family, reason in self._failed.items())
            return (
                f"task_id: {task_id!r} is not registered{hint}; these families failed to load, so their ids "
                f"are missing: {reasons}"
            )
        return f"task_id: {task_id!r} is not registered{hint} (parallel_pool.list_all_envs() lists all)"

    def _with_classes_for(self, entry: _Entry, kwargs: dict[str, Any]) -> _Entry:
        """The entry with the classes its `class_by` key's value picks (itself without one)."""
        if entry.class_by is None:
            return entry

        def value(key: str) -> Any:
            return kwargs.get(key, entry.defaults.get(key))

        if callable(entry.class_by):
            prefix = entry.class_by(value)
        else:
            key, prefixes = entry.class_by
            try:
                prefix = prefixes.get(value(key))
            except TypeError:  # unhashable: the config check names the key
                prefix = None
        if prefix is None:
            return entry
        return entry._replace(classes=Classes.of(prefix))

    def _load(self, entry: _Entry, attr: str) -> Any:
        return getattr(importlib.import_module(entry.import_path), attr)

    def make_spec(self, task_id: str, **kwargs: Any) -> EnvSpec:
        """The `EnvSpec` of `task_id`: its config (the task's defaults, then `kwargs`) and spaces.

        Args:
          task_id: a registered id, e.g. "CartPole-v1" (`list_all_envs()` lists them).
          **kwargs: config values: the common keys (`num_envs`, `batch_size`,
            `num_threads`, `seed`, `max_episode_steps`, `autoreset_mode`, ...; see
            docs/api.md) and the task's own (`make_spec(task_id).config` lists them).

        Returns:
          The task's `EnvSpec`, with `.config` (a namedtuple of every value),
          `.observation_space` and `.action_space` (gymnasium spaces of one env),
          `.observation_spec()` and `.action_spec()` (dm_env), `.state_array_spec`
          and `.action_array_spec`.

        Raises:
          ValueError: unknown `task_id` (with close matches), or a value out of its
            range (the message starts with the key, e.g.
            `num_envs: expected an int in [1, 1048576], got 0`).
          TypeError: an unknown key (the valid keys are listed) or a value of the
            wrong type.

        make()'s rendering options are accepted too: `from_pixels` (and then the
        render size) configures the env; the others are the pool's, unused here.
        """
        return self._make_spec(task_id, kwargs)[0]

    def _make_spec(self, task_id: str, kwargs: dict[str, Any]) -> tuple[Any, RenderOptions]:
        entry = self._with_classes_for(self._entry(task_id), kwargs)
        spec_cls = self._load(entry, entry.classes.spec)
        config = spec_cls.default_config()
        kwargs, render = split_render_options(task_id, kwargs, config)
        unknown = [k for k in entry.defaults if k not in config]
        if unknown:
            raise TypeError(f"register({task_id!r}): {unknown} are not config keys of {entry.classes.spec}")
        config.update({k: v() if callable(v) else v for k, v in entry.defaults.items() if k not in kwargs})
        seeds_from = "env_seed" if "env_seed" in kwargs and "seed" not in kwargs else "seed"
        kwargs = envpool_common_keys(kwargs)
        per_env = per_env_config.split(kwargs, config)
        for key, values in per_env.items():
            if not values:
                raise ValueError(f"{key}: expected one value per env, got an empty sequence")
            kwargs[key] = values[0]  # checked as a scalar below, the others once num_envs is known
        if entry.config_aliases is not None:
            kwargs = entry.config_aliases(dict(kwargs), dict(config))
            for key, values in per_env.items():
                if kwargs.get(key) is not values[0]:
                    raise ValueError(f"{key}: {task_id} reads it into other keys, so it cannot be given per env")
            for key, values in per_env_config.split(kwargs, config).items():
                per_env[key] = values  # per-env values the aliases gave
                kwargs[key] = values[0]
        for key, value in kwargs.items():
            if key not in config or key == "env_seeds":
                valid = ", ".join(k for k in config if k != "env_seeds")
                raise TypeError(f"{task_id}: unexpected keyword argument {key!r}; valid keys: {valid}")
            config[key] = value
        check_config(config, spec_cls.default_config())
        seeds = config["env_seeds"]
        if seeds and len(seeds) != config["num_envs"] and seeds_from == "env_seed":
            # The C++ check would name `seed`, which this user did not pass.
            raise ValueError(f"env_seed: expected one seed per env ({config['num_envs']}), got {len(seeds)}")
        try:
            spec = spec_cls(tuple(config.values()))
        except TypeError as error:
            if "incompatible constructor arguments" not in str(error):
                raise
            # pybind11 could not convert a value to its C++ type (a dict whose values
            # have the wrong shape, say) and names no key: find the one.
            raise TypeError(unconvertible(spec_cls, config, kwargs)) from None
        if per_env:
            per_env_config.check_lengths(per_env, config["num_envs"])
            spec.env_specs = per_env_config.env_specs(
                spec_cls, config, per_env, coerce, spec_cls.default_config(), spec
            )
            spec.per_env = per_env
        fps = entry.render_fps
        spec.render_fps = fps(dict(config)) if callable(fps) else fps
        if config.get("from_pixels"):  # render() shows what the observation shows
            render = render._replace(
                width=spec.config.render_width, height=spec.config.render_height, camera_id=spec.config.render_camera_id
            )
        return spec, render

    def pool_class(self, task_id: str, env_type: str, config: dict[str, Any] | None = None) -> type:
        """The class of a `task_id` pool with the API of `env_type` ("gym", "gymnasium" or
        "dm", EnvPool's; "vector": gymnasium's VectorEnv contract, make_vec's), made with the
        keyword arguments `config` (some pick the class: LunarLander's `continuous`)."""
        if env_type not in (*_ENV_TYPES, "vector"):
            raise ValueError(f"env_type: expected one of {_ENV_TYPES}, got {env_type!r}")
        entry = self._with_classes_for(self._entry(task_id), config or {})
        if env_type == "vector":  # made beside the gymnasium class (python/api.py's py_env)
            return self._load(entry, entry.classes.gymnasium).vector_pool_cls
        classes = entry.classes
        name = {"dm": classes.dm, "gym": classes.gym or classes.gymnasium, "gymnasium": classes.gymnasium}
        return self._load(entry, name[env_type])

    @overload
    def make(self, task_id: str, env_type: Literal["gymnasium"], **kwargs: Any) -> GymnasiumEnvPool: ...
    @overload
    def make(self, task_id: str, env_type: Literal["gym"], **kwargs: Any) -> GymEnvPool: ...
    @overload
    def make(self, task_id: str, env_type: Literal["dm"], **kwargs: Any) -> DMEnvPool: ...
    @overload
    def make(self, task_id: str, env_type: str, **kwargs: Any) -> GymnasiumEnvPool | GymEnvPool | DMEnvPool: ...

    def make(self, task_id: str, env_type: str, **kwargs: Any) -> GymnasiumEnvPool | GymEnvPool | DMEnvPool:
        """A pool of `num_envs` envs of `task_id`, with the API of `env_type`.

        Args:
          task_id: a registered id, e.g. "Pong-v5".
          env_type: "gymnasium" (`make_gymnasium`), "gym" (`make_gym`) or "dm" (`make_dm`).
          **kwargs: the config, as for `make_spec`, and EnvPool's rendering options
            (`render_mode`, `render_env_id`, `render_width`, `render_height`,
            `render_camera_id`, `from_pixels`; docs/rendering.md).

        Raises:
          ValueError: an `env_type` not in those three; a `render_mode` the task
            cannot render; and as `make_spec`.
          TypeError: as `make_spec`.
        """
        if env_type not in _ENV_TYPES:
            raise ValueError(f"env_type: expected one of {_ENV_TYPES}, got {env_type!r}")
        return self._make(task_id, env_type, kwargs)

    def _make(self, task_id: str, env_type: str, kwargs: dict[str, Any]) -> Any:
        pool_cls = self.pool_class(task_id, env_type, kwargs)
        spec, render = self._make_spec(task_id, kwargs)
        if render.mode is not None and not renders(pool_cls):
            family = self._entry(task_id).import_path.rsplit(".", 1)[-1]
            raise ValueError(f"render_mode: {task_id} does not render (the {family} family has no frames to show)")
        pool = pool_cls(spec)
        try:
            set_render_options(pool, render)
        except Exception:
            pool.close()
            raise
        return pool

    def make_dm(self, task_id: str, **kwargs: Any) -> DMEnvPool:
        """A pool of `task_id` envs as a `dm_env.Environment` (`DMEnvPool`) returning batched TimeSteps.

        `**kwargs` is the config, as for `make_spec`, whose errors it raises.
        """
        return self._make(task_id, "dm", kwargs)

    def make_gym(self, task_id: str, **kwargs: Any) -> GymEnvPool:
        """A pool of `task_id` envs with the gym 0.26 API and gym spaces (`GymEnvPool`).

        `**kwargs` is the config, as for `make_spec`, whose errors it raises.
        """
        return self._make(task_id, "gym", kwargs)

    def make_gymnasium(self, task_id: str, **kwargs: Any) -> GymnasiumEnvPool:
        """A pool of `task_id` envs as EnvPool's gymnasium pool (`GymnasiumEnvPool`).

        Example: `make_gymnasium("CartPole-v1", num_envs=8, seed=0)` steps 8 CartPoles;
        `reset()` returns observations of shape `(8, 4)`, float32, and
        `observation_space` is one env's `Box((4,))`, as EnvPool's. `**kwargs` is the
        config, as for `make_spec`, whose errors it raises. gymnasium's VectorEnv
        contract (batched spaces): `make_vec`.
        """
        return self._make(task_id, "gymnasium", kwargs)

    def make_vec(self, task_id: str, num_envs: int = 1, **kwargs: Any) -> VectorEnvPool:
        """A pool of `task_id` envs with gymnasium's `VectorEnv` contract (`VectorEnvPool`).

        What `gymnasium.make_vec("parallel_pool/<task_id>", num_envs=...)` gives:
        `observation_space` and `action_space` batched (`single_*` one env's),
        gymnasium's info layout with `_key` masks, `render()` a tuple of frames, float64
        rewards, `reset(options={"reset_mask": ...})` returning every env's row. Runs
        under gymnasium's vector wrappers. `**kwargs` is the config, as for `make_spec`.
        """
        return self._make(task_id, "vector", {"num_envs": num_envs, **kwargs})


def _register_vector_entry(task_id: str) -> None:
    """Makes `task_id` known to gymnasium as "parallel_pool/<task_id>", made by make_vec.

    An id gymnasium cannot parse there (an alias with a namespace of its own, such as
    toy_text's "tabular/Blackjack-v0") is left out: its main id is registered."""
    gymnasium_id = f"{GYMNASIUM_NAMESPACE}/{task_id}"
    if "/" in task_id:
        return
    if gymnasium_id not in gymnasium.registry:
        gymnasium.register(
            id=gymnasium_id,
            entry_point=None,
            vector_entry_point=f"{__name__}:make_vec",
            kwargs={"task_id": task_id},
        )


registry = EnvRegistry()
register = registry.register
make = registry.make
make_dm = registry.make_dm
make_gym = registry.make_gym
make_gymnasium = registry.make_gymnasium
make_spec = registry.make_spec
make_vec = registry.make_vec
list_all_envs = registry.list_all_envs
