"""The frames behind the emulator's instruction counts (docs/engineering_notes.md, PGO).

One Breakout-v5 env (seed 3, sticky actions off, one thread) steps 400 fixed random
actions: 2,118 emulated frames, resets and no-ops included. Run under callgrind with
collection only inside the emulator, from outside the source tree, with the module
to measure importable:

    valgrind --tool=callgrind --toggle-collect='ale::StellaEnvironment::emulate*' \\
        python benchmark/atari_callgrind.py
    callgrind_annotate callgrind.out.<pid>

Every build ends with the same reward and pixel sum, printed last. The wheel's modules
carry no symbol table (zig's linker drops it with --strip-debug): relink the module for
callgrind from Bazel's params file without that flag (the code is the same; `.text`
sizes match).
"""

from __future__ import annotations

import numpy as np

import parallel_pool


def main() -> None:
    env = parallel_pool.make_gymnasium("Breakout-v5", num_envs=1, seed=3, repeat_action_probability=0.0, num_threads=1)
    actions = np.random.default_rng(0).integers(0, 4, size=400)
    obs, _ = env.reset()
    total = 0.0
    for action in actions:
        obs, reward, _, _, _ = env.step(np.array([action]))
        total += float(reward[0])
    print(f"reward {total}, pixel sum {int(obs.sum())}")


if __name__ == "__main__":
    main()
