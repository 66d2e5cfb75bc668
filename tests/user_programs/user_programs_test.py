"""User programs written for EnvPool run on parallel_pool with one changed line.

Each program here imports `parallel_pool as envpool` and uses nothing else of
ours; it is run as a script, with small sizes passed as its command-line
arguments (as CleanRL's scripts take them). The programs that EnvPool 1.2.5 can
run are also run with that line turned back into `import envpool`, which shows
they are EnvPool's usage and not written for this pool. EnvPool 1.2.5 cannot run
CleanRL's two set-ups (they assign `envs.num_envs`, a read-only property in
EnvPool 1.2.5; CleanRL wrote them for EnvPool 0.6 to 0.8) nor the program built on
gymnasium's vector wrappers (EnvPool's pool is not a gymnasium VectorEnv).
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import re
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
IMPORT = "import parallel_pool as envpool\n"

# program: (arguments, output it must print, whether EnvPool 1.2.5 runs it)
PROGRAMS = {
    "cleanrl_ppo_atari_envpool.py": (
        ["--num-envs", "8", "--num-steps", "128", "--num-iterations", "2"],
        "episodic_return=",
        False,
    ),
    "cleanrl_ppo_continuous_action_envpool.py": (
        ["--num-envs", "4", "--num-steps", "50", "--num-iterations", "5", "--max-episode-steps", "100"],
        "episodic_return=",
        False,
    ),
    "gymnasium_ppo_continuous_action.py": (
        ["--num-envs", "4", "--num-steps", "100", "--num-iterations", "3", "--max-episode-steps", "100"],
        "episodic_return=",
        False,
    ),
    "envpool_readme.py": ([], "every one of 16 envs", True),
    "envpool_env_step.py": ([], "gym, dm and async stepping ran", True),
    "envpool_make_env.py": ([], "tasks, e.g.", True),
    "sb3_vec_adapter.py": ([], "sb3 VecAdapter ran 300 steps", True),
    "rl_games_envpool.py": ([], "rl_games Envpool ran HalfCheetah-v4 as a continuous agent", True),
    "tianshou_atari_dqn.py": ([], "tianshou collectors ran", True),
}


def run(path: pathlib.Path, args: list[str]) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.run(
        [sys.executable, str(path), *args], env=env, capture_output=True, text=True, timeout=300, cwd=path.parent
    )


def test_every_program_is_listed() -> None:
    found = {p.name for p in HERE.glob("*.py") if not p.name.endswith("_test.py")}
    assert found == set(PROGRAMS)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_uses_only_the_envpool_name(name: str) -> None:
    source = (HERE / name).read_text()
    assert source.count(IMPORT) == 1
    code = re.sub(r'""".*?"""', "", source, flags=re.S)  # docstrings may say parallel_pool
    assert code.count("parallel_pool") == 1, "the import line is the only mention"


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_runs_on_parallel_pool(name: str) -> None:
    args, expected, _ = PROGRAMS[name]
    result = run(HERE / name, args)
    assert result.returncode == 0, result.stderr[-3000:]
    assert expected in result.stdout, result.stdout[-2000:]


@pytest.mark.skipif(importlib.util.find_spec("envpool") is None, reason="envpool is not installed")
@pytest.mark.parametrize("name", sorted(n for n, (_, _, on_envpool) in PROGRAMS.items() if on_envpool))
def test_program_is_envpool_usage(name: str, tmp_path: pathlib.Path) -> None:
    args, expected, _ = PROGRAMS[name]
    program = tmp_path / name
    program.write_text((HERE / name).read_text().replace(IMPORT, "import envpool\n"))
    result = run(program, args)
    assert result.returncode == 0, result.stderr[-3000:]
    assert expected in result.stdout, result.stdout[-2000:]
