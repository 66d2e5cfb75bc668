"""One runner per way of stepping N envs; each returns env steps per second.

Every runner steps its envs with pre-drawn uniformly random actions for one
window of `seconds` (wall clock) after a warm-up of WARMUP x `seconds`, and
counts env steps (one per env per batched step). Construction and the first
reset are not timed. benchmark/mujoco_limit.py times its windows the same way.

A dm_control suite task (CheetahRun-v1, ...) is stepped by dm_control's own loop
(dm_control_single) and by gymnasium's vector envs over benchmark/dm_control_gym.py's
wrapper of dm_control's env.

A task is an id, or an id and config as `ID:key=value,...` (MultiDuel-v1:max_num_players=2:
each env one 2-player match, two rows of the batch). A ViZDoom task (Basic-v1, ...) is
stepped by vizdoom.DoomGame's own Python loop (vizdoom_loop; for a match one process per
player), by gymnasium's AsyncVectorEnv over vizdoom's own gymnasium env of the scenario,
and by the pools; its actions are random button presses (0 or 1 per button, float64),
and the figures count one step per row (per player in a match). EnvPool's ViZDoom runs in
a subprocess (isolated): where it crashes or fails the runner raises DoesNotRun.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import pathlib
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

Runner = Callable[[str, int, float], float]


class DoesNotRun(Exception):
    """A method that cannot run a task on this machine (it crashed or refused): a note, not a
    failed measurement."""


WARMUP = 0.1  # the warm-up before each window, as a share of the window
CHECK_EVERY = 8  # calls between reads of the clock


def pre_drawn_actions(space: Any, batch: int, n: int = 64) -> list[np.ndarray]:
    """n pre-drawn batched actions in the dtype the env declares, cycled by every runner
    (and replayed by benchmark/mujoco_limit.py)."""
    space.seed(0)
    return [np.stack([space.sample() for _ in range(batch)]) for _ in range(n)]


def _window(step: Callable[[np.ndarray], object], actions: list[np.ndarray], seconds: float) -> tuple[int, float]:
    """(calls, elapsed s): `step` called over the actions until `seconds` have passed on the
    wall clock, read every CHECK_EVERY calls."""
    calls, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        for i in range(calls, calls + CHECK_EVERY):
            step(actions[i % len(actions)])
        calls += CHECK_EVERY
        now = time.perf_counter()
        if now >= deadline:
            return calls, now - start


def _timed(
    step: Callable[[np.ndarray], object], actions: list[np.ndarray], envs_per_step: int, seconds: float
) -> float:
    """Env steps/s of `step` over one window of `seconds`, after a warm-up of WARMUP x seconds."""
    _window(step, actions, WARMUP * seconds)
    calls, elapsed = _window(step, actions, seconds)
    return calls * envs_per_step / elapsed


ATARI_FRAME_SKIP = 4  # the atari family's default: Atari figures are frames/s = steps/s x 4


def atari_rom(task: str) -> str | None:
    """The ROM of an atari-family id (Pong-v5 -> pong), or None."""
    try:
        from parallel_pool.atari.registration import ROMS, task_id
    except ImportError:
        return None
    return {task_id(rom): rom for rom in ROMS}.get(task)


# The vizdoom family's defaults (parallel_pool/vizdoom): 4 tics per step; every id's
# max_episode_steps is 525, which the env sets as the engine's episode timeout in tics.
VIZDOOM_FRAME_SKIP = 4
VIZDOOM_EPISODE_TIMEOUT = (525 + 1) * VIZDOOM_FRAME_SKIP


@functools.cache
def _vizdoom_scenarios() -> dict[str, str]:
    """The scenario (its cfg's name in the vizdoom package) of each vizdoom-family id that
    the vizdoom package ships, or {} without parallel_pool's vizdoom family."""
    try:
        from parallel_pool.vizdoom.registration import VIZDOOM_SCENARIOS, task_id
    except ImportError:
        return {}
    return {task_id(s): s for s in VIZDOOM_SCENARIOS}


def vizdoom_scenario(task: str) -> str | None:
    """The scenario of a ViZDoom task (Basic-v1 -> basic, MultiDuel-v1:... -> multi_duel), or None."""
    return _vizdoom_scenarios().get(split_task(task)[0])


@functools.cache
def vizdoom_gymnasium_id(task: str) -> str | None:
    """vizdoom's own gymnasium id of the task's scenario, in its MultiBinary variant (every
    button pressed or not, as the pools' actions): Basic-v1 -> VizdoomBasic-MultiBinary-v1.
    None for a match (vizdoom's gymnasium envs are single-player) or a scenario it lacks."""
    scenario = vizdoom_scenario(task)
    if scenario is None or players(task) > 1:
        return None
    import gymnasium
    import vizdoom.gymnasium_wrapper  # noqa: F401  (registers the Vizdoom* ids)

    for env_id, spec in gymnasium.registry.items():
        kwargs = spec.kwargs or {}
        if kwargs.get("scenario_config_file") == f"{scenario}.cfg" and kwargs.get("max_buttons_pressed") == 0:
            return env_id
    return None


@contextlib.contextmanager
def quiet_engines() -> Any:
    """stdout and stderr (fds 1 and 2) to /dev/null while ViZDoom engines start: each engine
    process inherits them and prints its start-up (a match's network chatter) there, not
    into the tables and the progress lines."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        for fd, copy in enumerate(saved, start=1):
            os.dup2(copy, fd)
            os.close(copy)
        os.close(devnull)


def button_actions(buttons: int, batch: int, n: int = 64) -> list[np.ndarray]:
    """n pre-drawn batched ViZDoom actions: each button pressed (1.0) or not (0.0) at random,
    float64 as the pools take them (their Box has no bounds to sample from)."""
    rng = np.random.default_rng(0)
    return [rng.integers(0, 2, size=(batch, buttons)).astype(np.float64) for _ in range(n)]


def doom_game(task: str, game_args: str = "", seed: int = 0) -> Any:
    """An un-init()ed vizdoom.DoomGame of the task's scenario, set up as the vizdoom family
    sets up its engines: the scenario's cfg, no window, no sound, player mode, the family's
    episode timeout (unless `game_args` makes it a match: a deathmatch runs on)."""
    import vizdoom

    from parallel_pool.vizdoom.registration import DEATHMATCH_ONLY

    scenario = vizdoom_scenario(task)
    if scenario is None:
        raise ValueError(f"{task} is not a scenario of the vizdoom package")
    game = vizdoom.DoomGame()
    game.load_config(os.path.join(vizdoom.scenarios_path, f"{scenario}.cfg"))
    game.set_window_visible(False)
    game.set_sound_enabled(False)
    game.set_mode(vizdoom.Mode.PLAYER)
    game.set_seed(seed)
    if not game_args:
        game.set_episode_timeout(VIZDOOM_EPISODE_TIMEOUT)
        if scenario in DEATHMATCH_ONLY:
            game_args = "-deathmatch"
    game.add_game_args(game_args)
    return game


def match_args(player: int, num_players: int, port: int) -> str:
    """The game arguments of `player` in a match on `port`, as the vizdoom family's MatchArgs
    (parallel_pool/vizdoom/doom_game.h): player 0 hosts a deathmatch, the others join it,
    dead players respawn by themselves."""
    if player == 0:
        args = (
            f"-host {num_players} -deathmatch +sv_forcerespawn 1 +sv_noautoaim 1 +sv_respawnprotect 1"
            " +sv_spawnfarthest 1 +sv_nocrouch 1 +viz_respawn_delay 0 +viz_nocheat 1"
        )
    else:
        args = "-join 127.0.0.1"
    return f"{args} -port {port} +viz_connect_timeout 30"


def _free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _doom_loop(game: Any, actions: list[list[float]], seconds: float) -> float:
    """Steps/s of the plain loop over an init()ed game: make_action(a, 4), the screen read
    as an agent reads it (get_state), new_episode when the episode is finished."""

    def step(a: list[float]) -> None:
        game.make_action(a, VIZDOOM_FRAME_SKIP)
        if game.is_episode_finished():
            game.new_episode()
        game.get_state().screen_buffer  # noqa: B018  (the observation, as an agent reads it)

    return _timed(step, actions, 1, seconds)


def _match_player(task: str, player: int, num_players: int, port: int, seconds: float) -> float:
    """One player of a match, in a process of its own (`python runners.py _match_player ...`:
    vizdoom's DoomGame holds the GIL in make_action, so the players of one match cannot be
    threads of one process): the loop's steps/s."""
    with quiet_engines():
        game = doom_game(task, match_args(player, num_players, port), seed=player)
        game.init()
    try:
        actions = [a[player].tolist() for a in button_actions(game.get_available_buttons_size(), num_players)]
        return _doom_loop(game, actions, seconds)
    finally:
        game.close()


def vizdoom_loop(task: str, num_envs: int, seconds: float) -> float:
    """vizdoom.DoomGame in a plain Python loop (num_envs must be 1): one game of the task's
    scenario (doom_game), make_action(a, 4), get_state, new_episode when finished. For a
    match of P players: P processes, one DoomGame each (player 0 hosting on a free UDP port,
    the others joining), each running that loop; its figure is the sum of the players' steps/s."""
    if num_envs != 1:
        raise ValueError("the DoomGame loop runs one game")
    num_players = players(task)
    if num_players == 1:
        with quiet_engines():
            game = doom_game(task)
            game.init()
        try:
            actions = [a[0].tolist() for a in button_actions(game.get_available_buttons_size(), 1)]
            return _doom_loop(game, actions, seconds)
        finally:
            game.close()
    port = _free_udp_port()
    procs = [_subprocess("_match_player", task, p, num_players, port, seconds) for p in range(num_players)]
    rates = []
    for proc in procs:
        try:
            out, err = proc.communicate(timeout=ISOLATED_TIMEOUT + 2 * seconds)
        except subprocess.TimeoutExpired:
            for other in procs:
                other.kill()
            raise RuntimeError("a player of the match did not finish") from None
        found = _rate(out)
        if proc.returncode != 0 or found is None:
            lines = [line for line in err.splitlines() if line.strip()]
            raise RuntimeError(f"a player of the match failed: {lines[-1] if lines else proc.returncode}")
        rates.append(found)
    return sum(rates)


# Our ids whose gymnasium env has another name. gymnasium 1.4 ships only Taxi-v4, whose
# change from v3 touched only the non-default is_rainy / fickle_passenger variants.
GYMNASIUM_IDS = {"Taxi-v3": "Taxi-v4"}


@functools.cache
def _dm_control_ids() -> dict[str, tuple[str, str]]:
    """Every dm_control suite task by its id (dm_control's ALL_TASKS, named as the dm_control
    family names them, registered or not yet); {} without dm_control."""
    from dm_control_gym import suite

    try:
        tasks = suite().ALL_TASKS
    except ImportError:
        return {}
    try:
        from parallel_pool.dm_control.registration import task_id
    except ImportError:  # no parallel_pool (benchmark/mujoco_limit.py alone): the same names, EnvPool's

        def task_id(domain: str, task: str) -> str:
            return "".join(part[:1].upper() + part[1:] for part in f"{domain}_{task}".split("_")) + "-v1"

    return {task_id(domain, task): (domain, task) for domain, task in tasks}


def dm_control_task(task: str) -> tuple[str, str] | None:
    """(domain, task) of a dm_control suite id (CheetahRun-v1 -> ("cheetah", "run")), or None."""
    return _dm_control_ids().get(task)


def split_task(task: str) -> tuple[str, dict[str, Any]]:
    """(id, config) of a task: "MultiDuel-v1:max_num_players=2" -> ("MultiDuel-v1",
    {"max_num_players": 2}); values are Python literals, else strings."""
    import ast

    task_id, _, rest = task.partition(":")
    config: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, _, text = item.partition("=")
        try:
            config[key.strip()] = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            config[key.strip()] = text.strip()
    return task_id, config


def players(task: str) -> int:
    """Rows of the batch per env: the players of a multi-player match, else 1."""
    return int(split_task(task)[1].get("max_num_players", 1))


def registered(task: str) -> bool:
    """Whether parallel_pool registers `task` (a family being ported may not yet)."""
    import parallel_pool

    return split_task(task)[0] in parallel_pool.list_all_envs()


def family(task: str) -> str:
    """The parallel_pool family (its package under parallel_pool/) that registers `task`;
    if the registry cannot say, the family it belongs to (dm_control, atari) or gymnasium's
    package of the same env."""
    try:
        from parallel_pool.registration import registry

        return registry.family(split_task(task)[0])
    except (ImportError, AttributeError, IndexError, ValueError):
        pass
    if vizdoom_scenario(task) is not None:
        return "vizdoom"
    if dm_control_task(task) is not None:
        return "dm_control"
    if atari_rom(task) is not None:
        return "atari"
    import gymnasium

    try:
        entry = str(gymnasium.spec(GYMNASIUM_IDS.get(task, task)).entry_point)
    except gymnasium.error.Error:
        return "unknown"  # registered nowhere
    return entry.removeprefix("gymnasium.envs.").split(".")[0].split(":")[0]


def families() -> set[str]:
    """Every registered family but the examples."""
    import parallel_pool

    return {family(task) for task in parallel_pool.list_all_envs()}


# gymnasium-robotics' ids (the robotics family's references).
ROBOTICS_PREFIXES = ("PointMaze_", "AntMaze_", "Fetch", "Hand", "Adroit", "FrankaKitchen")


def _robotics_reference() -> Any:
    """The robotics tests' view of gymnasium-robotics (its ids registered, its test-time patch
    for MuJoCo 3.17 applied: parallel_pool/robotics/testing/reference.py), loaded from the
    source tree by path: the benchmark runs the installed wheel, which has no test support."""
    import importlib.util

    path = pathlib.Path(__file__).resolve().parents[1] / "parallel_pool" / "robotics" / "testing" / "reference.py"
    spec = importlib.util.spec_from_file_location("robotics_reference", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The metaworld family's ids; metaworld itself lives in a venv of its own (it pins another
# MuJoCo), which tools/setup.sh makes beside the main one.
METAWORLD_PREFIX = "MetaWorld/"


def _reference_venv(name: str) -> pathlib.Path:
    """The reference venv `name` ("metaworld", "procgen") that tools/setup.sh makes beside
    the main one, for a reference whose pins clash with ours."""
    return pathlib.Path(sys.prefix).parent / "venvs" / name


def _reference_site(name: str) -> str | None:
    """The site-packages of reference venv `name` (None if it was not made)."""
    sites = sorted((_reference_venv(name) / "lib").glob("python*/site-packages"))
    return str(sites[0]) if sites else None


def _reference_version(name: str, distribution: str) -> str | None:
    """The version of `distribution` in reference venv `name`."""
    import importlib.metadata

    site = _reference_site(name)
    found = [d.version for d in importlib.metadata.distributions(name=distribution, path=[site])] if site else []
    return found[0] if found else None


def metaworld_version() -> str | None:
    """The version of metaworld in its reference venv."""
    return _reference_version("metaworld", "metaworld")


def _metaworld_reference() -> Any:
    """metaworld 3.1.1 importable in this process, with the metaworld tests' patch for MuJoCo
    3.17 applied (parallel_pool/metaworld/testing/reference_rollout.py, loaded by path): its
    package is taken from its venv's site-packages (the rest of that venv is this one's)."""
    import importlib.util

    site = _reference_site("metaworld")
    if site is None:
        raise RuntimeError("the metaworld reference venv is missing: run tools/setup.sh")
    if site not in sys.path:
        sys.path.append(site)
    path = (
        pathlib.Path(__file__).resolve().parents[1] / "parallel_pool" / "metaworld" / "testing" / "reference_rollout.py"
    )
    spec = importlib.util.spec_from_file_location("metaworld_reference", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def metaworld_name(task: str) -> str:
    """metaworld's name of an id: "MetaWorld/PickPlace-v3" -> "pick-place-v3"."""
    name, version = task.removeprefix(METAWORLD_PREFIX).rsplit("-", 1)
    return "".join("-" + c.lower() if c.isupper() else c for c in name).lstrip("-") + f"-{version}"


# The procgen family's reference, procgen-mirror, lives in a venv of its own (it pins numpy
# 1.26 and gym 0.26.2), which tools/setup.sh makes beside the main one; its methods run
# there, in benchmark/procgen_reference.py.
PROCGEN_MODES = {0: "easy", 1: "hard", 2: "extreme", 10: "memory"}
PROCGEN_REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "procgen_reference.py")


def procgen_version() -> str | None:
    """The version of procgen-mirror in its reference venv."""
    return _reference_version("procgen", "procgen-mirror")


def procgen_task(task: str) -> tuple[str, str] | None:
    """(game, distribution mode) of a procgen id ("CoinrunHard-v0": ("coinrun", "hard")), or
    None for another family's."""
    if not registered(task) or family(task) != "procgen":
        return None
    import parallel_pool

    config = parallel_pool.make_spec(split_task(task)[0]).config
    return str(config.env_name), PROCGEN_MODES[int(config.distribution_mode)]


def _procgen_python() -> str:
    """The interpreter of procgen's reference venv."""
    python = _reference_venv("procgen") / "bin" / "python"
    if not python.exists():
        raise DoesNotRun(f"the procgen reference venv is missing ({python}): run tools/setup.sh")
    return str(python)


def procgen_reference(method: str, task: str, num_envs: int, seconds: float) -> float:
    """Env steps/s of procgen's `method` (ProcgenEnv, SyncVectorEnv, AsyncVectorEnv of its gym
    env) on `task`, measured in procgen's venv (benchmark/procgen_reference.py)."""
    found = procgen_task(task)
    if found is None:
        raise ValueError(f"{task} is not a procgen id")
    game, mode = found
    cmd = [_procgen_python(), PROCGEN_REFERENCE, method, game, mode, str(num_envs), str(seconds)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=ISOLATED_TIMEOUT + 2 * seconds)
    except subprocess.TimeoutExpired:
        raise DoesNotRun(f"it did not finish in {ISOLATED_TIMEOUT + 2 * seconds:.0f} s") from None
    rate = _rate(done.stdout)
    if done.returncode != 0 or rate is None:
        errors = [line for line in done.stderr.splitlines() if line.strip()]
        raise RuntimeError(f"procgen's {method} failed: {errors[-1] if errors else done.returncode}")
    return rate


def procgen_vector_env(task: str, num_envs: int, seconds: float) -> float:
    """procgen's own ProcgenEnv (C++ games behind baselines' VecEnv API), in its venv."""
    return procgen_reference("ProcgenEnv", task, num_envs, seconds)


def gymnasium_env(task: str) -> Any:
    """gymnasium.make(task); for a dm_control id, dm_control's env in benchmark/dm_control_gym.py's
    thin wrapper; for an Atari id, ale_py's env with the preprocessing the atari family
    applies by default: no sticky actions, AtariPreprocessing (up to 30 no-ops, frame
    skip 4 with max-pooling, 84x84 grayscale) and a stack of 4 frames."""
    import gymnasium

    vizdoom_id = vizdoom_gymnasium_id(task)
    if vizdoom_id is not None:  # vizdoom's own env: a Dict of the full-size screen and the variables
        return gymnasium.make(
            vizdoom_id, frame_skip=VIZDOOM_FRAME_SKIP, episode_timeout=VIZDOOM_EPISODE_TIMEOUT, sound_enabled=False
        )
    dm = dm_control_task(task)
    if dm is not None:
        from dm_control_gym import DMControlEnv

        return DMControlEnv(*dm)
    if task.startswith(("MiniGrid-", "BabyAI-")):
        import minigrid  # noqa: F401  (registers its ids with gymnasium)
    if family(task) == "highway":
        import highway_env  # noqa: F401  (registers its ids with gymnasium)
    if task.startswith(ROBOTICS_PREFIXES):
        _robotics_reference().register()
    if task.startswith(METAWORLD_PREFIX):  # metaworld's MT1 env of the task, as the family's tests make it
        _metaworld_reference()
        return gymnasium.make("Meta-World/MT1", env_name=metaworld_name(task), seed=0)
    if atari_rom(task) is None:
        return gymnasium.make(GYMNASIUM_IDS.get(task, task))
    import ale_py

    gymnasium.register_envs(ale_py)
    env = gymnasium.make(f"ALE/{task}", frameskip=1, repeat_action_probability=0.0)
    env = gymnasium.wrappers.AtariPreprocessing(env, noop_max=30, frame_skip=ATARI_FRAME_SKIP, screen_size=84)
    return gymnasium.wrappers.FrameStackObservation(env, 4)


def gymnasium_single(task: str, num_envs: int, seconds: float) -> float:
    """One plain gymnasium env (num_envs must be 1): the Python baseline."""
    env = gymnasium_env(task)
    env.reset(seed=0)
    actions = [a[0] for a in pre_drawn_actions(env.action_space, 1)]

    def step(a: Any) -> None:
        _, _, term, trunc, _ = env.step(a)
        if term or trunc:
            env.reset()

    return _timed(step, actions, 1, seconds)


def dm_control_single(task: str, num_envs: int, seconds: float) -> float:
    """dm_control's own Python loop (num_envs must be 1): `suite.load(domain, task,
    task_kwargs={"random": 0})` stepped with the pre-drawn actions, reset at each LAST step."""
    from dm_control_gym import action_box, load

    dm = dm_control_task(task)
    if dm is None:
        raise ValueError(f"{task} is not a dm_control suite task")
    env = load(*dm, seed=0)
    env.reset()
    actions = [a[0] for a in pre_drawn_actions(action_box(env.action_spec()), 1)]

    def step(a: np.ndarray) -> None:
        if env.step(a).last():
            env.reset()

    try:
        return _timed(step, actions, 1, seconds)
    finally:
        env.close()


def _gymnasium_vector(cls_name: str) -> Runner:
    def run(task: str, num_envs: int, seconds: float) -> float:
        if procgen_task(task) is not None:  # gym 0.26's vector env of procgen's gym env, in procgen's venv
            return procgen_reference(cls_name, task, num_envs, seconds)
        import gymnasium

        cls = getattr(gymnasium.vector, cls_name)
        kwargs = {}
        if cls_name == "AsyncVectorEnv" and task.startswith(("MiniGrid-", "BabyAI-")):
            kwargs["shared_memory"] = False  # minigrid's mission space has no shared-memory form
        with quiet_engines() if vizdoom_scenario(task) else contextlib.nullcontext():
            env = cls([lambda: gymnasium_env(task) for _ in range(num_envs)], **kwargs)
            env.reset(seed=0)
        try:
            return _timed(env.step, pre_drawn_actions(env.single_action_space, num_envs), num_envs, seconds)
        finally:
            env.close()

    run.__doc__ = f"gymnasium.vector.{cls_name}"
    return run


gymnasium_sync = _gymnasium_vector("SyncVectorEnv")
gymnasium_async = _gymnasium_vector("AsyncVectorEnv")


def _make_pool(module: Any, task: str, **kwargs: Any) -> Any:
    """module.make_gymnasium of the task's id and config (ViZDoom engines started quietly)."""
    task_id, config = split_task(task)
    _stage(f"make_gymnasium({task_id!r}, {', '.join(f'{k}={v!r}' for k, v in {**config, **kwargs}.items())})")
    with quiet_engines() if vizdoom_scenario(task) else contextlib.nullcontext():
        return module.make_gymnasium(task_id, seed=0, **config, **kwargs)


def _pool_actions(task: str, space: Any, rows: int) -> list[np.ndarray]:
    """Pre-drawn actions of `rows` rows: random buttons for ViZDoom, else sampled."""
    if vizdoom_scenario(task) is not None:
        return button_actions(space.shape[-1], rows)
    return pre_drawn_actions(space, rows)


def _pool_sync(module: Any) -> Runner:
    def run(task: str, num_envs: int, seconds: float) -> float:
        env = _make_pool(module, task, num_envs=num_envs)
        _stage("reset")
        env.reset()
        rows = num_envs * players(task)  # a match's players are rows of their own
        _stage("step")
        return _timed(env.step, _pool_actions(task, env.single_action_space, rows), rows, seconds)

    return run


def _pool_async(module: Any) -> Runner:
    """num_envs envs, batches of num_envs // 2: the caller works on one half
    while the workers step the other (EnvPool's recommended use)."""

    def run(task: str, num_envs: int, seconds: float) -> float:
        batch = max(1, num_envs // 2)
        env = _make_pool(module, task, num_envs=num_envs, batch_size=batch)
        _stage("async_reset")
        env.async_reset()
        ids = [None]

        def step(a: np.ndarray) -> None:
            if ids[0] is not None:
                env.send(a, ids[0])
            ids[0] = env.recv()[4]["env_id"]

        rows = batch * players(task)
        _stage("recv / send")
        return _timed(step, _pool_actions(task, env.single_action_space, rows), rows, seconds)

    return run


def _import_envpool() -> Any:
    with contextlib.redirect_stderr(io.StringIO()):
        import envpool
    return envpool


ISOLATED_TIMEOUT = 120  # s: an isolated measurement that takes longer is stopped


def isolated(name: str, task: str, num_envs: int, seconds: float) -> float:
    """Runs the runner `name` in a subprocess (`python runners.py name task num_envs seconds`),
    so a crash of the method cannot end the benchmark. Raises DoesNotRun (why, and at which
    stage) where the subprocess crashes, fails or hangs."""
    proc = _subprocess(name, task, num_envs, seconds)
    try:
        out, err = proc.communicate(timeout=ISOLATED_TIMEOUT + 2 * seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise DoesNotRun(f"it did not finish in {ISOLATED_TIMEOUT + 2 * seconds:.0f} s") from None
    rate = _rate(out)
    if proc.returncode == 0 and rate is not None:
        return rate
    stages = [line.removeprefix("stage: ") for line in err.splitlines() if line.startswith("stage: ")]
    where = f" in {stages[-1]}" if stages else ""
    if proc.returncode < 0:
        raise DoesNotRun(f"it crashed with {signal.Signals(-proc.returncode).name}{where}")
    errors = [line for line in err.splitlines() if line.strip() and not line.startswith("stage: ")]
    raise DoesNotRun(f"it failed{where}: {errors[-1] if errors else f'exit status {proc.returncode}'}")


def _subprocess(name: str, *args: object) -> subprocess.Popen[str]:
    """`python runners.py name args...` with this process's imports: it prints `steps/s: x`."""
    cmd = [sys.executable, os.path.abspath(__file__), name, *map(repr, args)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _rate(out: str) -> float | None:
    """The steps/s a subprocess of _subprocess printed, or None."""
    rates = [line.split()[1] for line in out.splitlines() if line.startswith("steps/s: ")]
    return float(rates[-1]) if rates else None


_STAGES = [False]  # True in the subprocess of `isolated`


def _stage(text: str) -> None:
    """In the subprocess of `isolated`: where the measurement is, for the parent's report of a crash."""
    if _STAGES[0]:
        print(f"stage: {text}", file=sys.stderr, flush=True)


def _envpool(asynchronous: bool) -> Runner:
    def run(task: str, num_envs: int, seconds: float) -> float:
        envpool = _import_envpool()
        task_id = split_task(task)[0]
        if task_id not in envpool.list_all_envs():  # e.g. the robotics family's AntMaze
            raise DoesNotRun(f"it has no id {task_id!r} (envpool.list_all_envs())")
        if vizdoom_scenario(task) is not None:  # EnvPool's ViZDoom may crash: in a subprocess
            return isolated(run.__name__, task, num_envs, seconds)
        return (_pool_async if asynchronous else _pool_sync)(envpool)(task, num_envs, seconds)

    run.__name__ = f"envpool_{'async' if asynchronous else 'sync'}"
    return run


envpool_sync = _envpool(asynchronous=False)
envpool_async = _envpool(asynchronous=True)


def parallel_pool_sync(task: str, num_envs: int, seconds: float) -> float:
    import parallel_pool

    return _pool_sync(parallel_pool)(task, num_envs, seconds)


def parallel_pool_async(task: str, num_envs: int, seconds: float) -> float:
    import parallel_pool

    return _pool_async(parallel_pool)(task, num_envs, seconds)


def ale_vector_env(task: str, num_envs: int, batch: int) -> Any:
    """ale_py's own C++ vector env (AtariVectorEnv, threads) of the task, reset with seed 0,
    configured as the atari family's defaults (it clips rewards by default; we do not)."""
    from ale_py.vector_env import AtariVectorEnv

    rom = atari_rom(task)
    if rom is None:
        raise ValueError(f"{task} is not an Atari game")
    env = AtariVectorEnv(
        game=rom,
        num_envs=num_envs,
        batch_size=batch,
        repeat_action_probability=0.0,
        reward_clipping=False,
        noop_max=30,
        use_fire_reset=True,
    )
    env.reset(seed=0)
    return env


def _ale_vector(asynchronous: bool) -> Runner:
    """AtariVectorEnv (ale_vector_env); async: batches of num_envs // 2."""

    def run(task: str, num_envs: int, seconds: float) -> float:
        batch = max(1, num_envs // 2) if asynchronous else num_envs
        env = ale_vector_env(task, num_envs, batch)
        actions = [a.astype(np.int32) for a in pre_drawn_actions(env.single_action_space, batch)]
        try:
            return _timed(env.step, actions, batch, seconds)
        finally:
            env.close()

    return run


ale_vector_sync = _ale_vector(asynchronous=False)
ale_vector_async = _ale_vector(asynchronous=True)


def _subprocess_main(name: str, *args: Any) -> None:
    """A subprocess of _subprocess: one measurement in this process, its steps/s on stdout."""
    _STAGES[0] = True
    if name.startswith("envpool"):
        _stage("the import of envpool")
        envpool = _import_envpool()
        pool = _pool_async if name.endswith("async") else _pool_sync
        rate = pool(envpool)(*args)
    else:
        rate = globals()[name](*args)
    print(f"steps/s: {rate!r}", flush=True)


if __name__ == "__main__":
    import ast

    _subprocess_main(sys.argv[1], *map(ast.literal_eval, sys.argv[2:]))
