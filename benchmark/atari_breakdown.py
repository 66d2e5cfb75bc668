"""Where an Atari step's time goes: a `perf record` profile of the pool, split by component.

    PYTHONPATH=. python benchmark/atari_breakdown.py [--tasks Pong-v5 Breakout-v5]
        [--configs sync:1 async:8] [--seconds 5] [--frequency 2000] [--keep DIR]

For each task and configuration (sync:N is step() on N envs; async:N is N envs with
batches of N/2 in a recv()/send() loop, as benchmark/run.py runs them) this process makes
the pool, warms it up, then samples itself with `perf record -e cpu-clock --call-graph
dwarf` while it steps for --seconds (every thread: the caller's and the workers'), and
sorts each sample into one component by its call stack (the first of COMPONENTS that
matches a frame; kernel frames count for the code that entered the kernel). Each
component's CPU time is divided by the env steps taken while sampling: CPU microseconds
per env step, at the default config (frame_skip 4, grayscale, 84x84,
stack 4, max-pool of the last two frames).

Needs Linux `perf` (Debian: linux-perf) and a build with symbols. For the finest split
(the inlined helpers of AtariEnv::Step under their own names) build with debug info:
`bazel build --copt=-g --strip=never //parallel_pool/atari:atari_ext.so`; the code is
the same, only the symbols differ. The machine's load shows in the wall-clock figures
(and, through shared caches, a little in the CPU ones): say what it was.
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import numpy as np

# (component, substrings of a frame's symbol): a sample belongs to the first component
# with a match anywhere in its stack, so the more specific come first.
COMPONENTS: list[tuple[str, tuple[str, ...]]] = [
    ("resize (INTER_AREA, 210x160 -> 84x84)", ("Resizer::",)),
    ("grayscale through the palette + max-pool", ("AtariEnv::PushFrame", "AtariEnv::PoolScreens")),
    ("emulation: ALE's copy of each frame's screen", ("StellaEnvironment::processScreen",)),
    ("emulation: game restarts (reset_game)", ("StellaEnvironment::reset", "ALEInterface::reset_game")),
    ("emulation (ALE act: CPU, TIA, RAM)", ("ale::",)),
    ("frame stack + info into the batch", ("AtariEnv::WriteState",)),
    ("copy of the previous screen (for the max-pool)", ("@previous-screen",)),
    ("env bookkeeping (step, reset, no-ops draw)", ("AtariEnv::", "Env<")),
    ("batch blocks: allocate, zero, hand to numpy", ("StateBufferQueue", "StateBlock", "StateBatch")),
    (
        "hand-off: action queue, waits, wake-ups",
        ("ActionBufferQueue", "SpinWait", "HelpUntilReady", "WorkerLoop", "BlockWaker", "AsyncEnvPool"),
    ),
    ("binding: actions in, numpy arrays out", ("PyEnvPool", "pybind11")),
]
OTHER = "Python, numpy, the rest"
MEMCPY = ("memmove", "memcpy")


def classify(frames: list[tuple[str, str]]) -> str:
    """The component of one sample; `frames` are (symbol, dso), innermost first."""
    user = [(sym, dso) for sym, dso in frames if "kernel" not in dso]
    # A memcpy called straight from AtariEnv::Step is the copy of the previous screen.
    if len(user) > 1 and any(m in user[0][0] for m in MEMCPY) and "AtariEnv::Step" in user[1][0]:
        return COMPONENTS[6][0]
    for name, keys in COMPONENTS:
        if any(k in sym for sym, _ in user for k in keys):
            return name
    return OTHER


def samples(perf_data: str) -> list[list[tuple[str, str]]]:
    """Every sample's call stack from `perf script`, innermost frame first."""
    out = subprocess.run(
        ["perf", "script", "-i", perf_data, "-F", "ip,sym,dso"], capture_output=True, text=True, check=True
    ).stdout
    stacks: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] = []
    for line in out.splitlines():
        line = line.strip()
        if not line:
            if current:
                stacks.append(current)
            current = []
            continue
        parts = line.split(None, 1)
        if len(parts) < 2:
            continue
        rest = parts[1]
        dso = rest[rest.rfind("(") + 1 : -1] if rest.endswith(")") else ""
        sym = rest[: rest.rfind("(")].strip() if rest.endswith(")") else rest
        current.append((sym, dso))
    if current:
        stacks.append(current)
    return stacks


def run_pool(task: str, mode: str, num_envs: int, seconds: float, perf_data: str, frequency: int) -> tuple[int, float]:
    """Steps the pool under perf for `seconds`; returns (env steps, wall seconds)."""
    import parallel_pool

    rng = np.random.default_rng(0)
    batch = num_envs if mode == "sync" else max(1, num_envs // 2)
    env = parallel_pool.make_gymnasium(task, num_envs=num_envs, batch_size=batch, seed=0)
    n = env.single_action_space.n
    actions = [rng.integers(0, n, batch).astype(np.int32) for _ in range(64)]
    if mode == "sync":
        env.reset()

        def step(a: np.ndarray) -> None:
            env.step(a)
    else:
        env.async_reset()
        ids = [env.recv()[4]["env_id"]]

        def step(a: np.ndarray) -> None:
            env.send(a, ids[0])
            ids[0] = env.recv()[4]["env_id"]

    def loop(duration: float) -> int:
        calls, deadline = 0, time.perf_counter() + duration
        while time.perf_counter() < deadline:
            for _ in range(8):
                step(actions[calls % 64])
                calls += 1
        return calls * batch

    loop(1.0)  # warm-up: every env past its first reset
    sampling = f"-F {frequency} -e cpu-clock --call-graph dwarf,16384 -p {os.getpid()}".split()
    perf = subprocess.Popen(
        ["perf", "record", "-q", *sampling, "-o", perf_data],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.0)  # perf attaches to every thread
    start = time.perf_counter()
    steps = loop(seconds)
    wall = time.perf_counter() - start
    perf.send_signal(signal.SIGINT)
    perf.wait()
    env.close()
    if not os.path.exists(perf_data):
        sys.exit(f"perf record wrote nothing (exit status {perf.returncode}): can it sample this process?")
    return steps, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", nargs="+", default=["Pong-v5", "Breakout-v5"])
    parser.add_argument("--configs", nargs="+", default=["sync:1", "async:8"], help="mode:num_envs")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--frequency", type=int, default=2000, help="samples/s per thread")
    parser.add_argument("--keep", help="keep the perf.data files in this directory")
    args = parser.parse_args()
    if shutil.which("perf") is None:
        sys.exit("perf not found: install Linux perf (Debian: apt-get install linux-perf)")
    tmp = args.keep or tempfile.mkdtemp()
    os.makedirs(tmp, exist_ok=True)
    columns: dict[str, dict[str, float]] = {}
    notes = []
    for task in args.tasks:
        for config in args.configs:
            mode, _, n = config.partition(":")
            data = os.path.join(tmp, f"{task}-{mode}-{n}.data")
            steps, wall = run_pool(task, mode, int(n), args.seconds, data, args.frequency)
            counts = collections.Counter(classify(s) for s in samples(data))
            cpu = sum(counts.values()) / args.frequency
            column = f"{task} {mode} {n}"
            columns[column] = {k: v / args.frequency / steps * 1e6 for k, v in counts.items()}
            columns[column]["total CPU"] = cpu / steps * 1e6
            columns[column]["wall clock per env step"] = wall / steps * 1e6
            notes.append(
                f"{column}: {steps} env steps in {wall:.2f} s ({steps * 4 / wall:,.0f} frames/s), "
                f"{cpu / wall:.2f} cores busy, {sum(counts.values())} samples"
            )
    rows = [name for name, _ in COMPONENTS] + [OTHER, "total CPU", "wall clock per env step"]
    print("| CPU us per env step | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for row in rows:
        cells = []
        for col in columns.values():
            v = col.get(row, 0.0)
            share = v / col["total CPU"] if row not in ("total CPU", "wall clock per env step") else None
            cells.append(f"{v:.1f}" + (f" ({share:.1%})" if share is not None else ""))
        print(f"| {row} | " + " | ".join(cells) + " |")
    print()
    for note in notes:
        print(f"- {note}")
    print(f"- load average at the end: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
