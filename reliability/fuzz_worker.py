"""A fuzz worker: a child process that runs the cases its supervisor sends, one after another.

    python -m reliability.fuzz_worker IN_FD OUT_FD PROGRESS_FILE FAMILY...

Cases come in and results go out as pickled frames on two pipes (stdout is
left to the libraries, which print: MuJoCo's warnings, ViZDoom's engine).
The worker writes (case number, calls made) into PROGRESS_FILE, mapped in
memory, after every call: the supervisor reads it to tell a slow case from a
hung call, and to say which call hung. A crash kills only this process; the
supervisor starts another.
"""

from __future__ import annotations

import faulthandler
import mmap
import os
import pickle
import resource
import signal
import struct
import sys
import traceback
import warnings
from typing import Any

PROGRESS = struct.Struct("<qq")  # case number, calls made


def read_frame(fd: int) -> Any:
    header = _read_exactly(fd, 8)
    if header is None:
        return None
    body = _read_exactly(fd, struct.unpack("<Q", header)[0])
    return None if body is None else pickle.loads(body)


def write_frame(fd: int, obj: Any) -> None:
    body = pickle.dumps(obj)
    data = struct.pack("<Q", len(body)) + body
    while data:
        data = data[os.write(fd, data) :]


def _read_exactly(fd: int, n: int) -> bytes | None:
    chunks = []
    while n:
        chunk = os.read(fd, n)
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def warm_up(families: list[str]) -> None:
    """Makes and closes one pool of each family, so that what a family starts once per
    process (ViZDoom's engine watchdog thread, dm_control's import) is not taken for a leak."""
    import numpy as np

    import parallel_pool
    from reliability import fuzz_cases

    for family in families:
        for task in fuzz_cases.FAMILIES[family]:
            env = parallel_pool.make_gymnasium(task, num_envs=2, batch_size=1)
            env.async_reset()
            env.recv()
            env.close()
    np.zeros(1)


# The worker's address space: a config that asks for more (a huge image, 4096
# threads' stacks) fails to allocate here instead of swapping the machine.
ADDRESS_SPACE = 8 * 2**30


def main(argv: list[str]) -> int:
    in_fd, out_fd, progress_path, *families = argv
    from reliability import sanitizer_runtime

    # ASan and TSan reserve terabytes of address space for their shadow memory: a
    # worker run under one (its runtime preloaded) gets no address-space limit.
    if sanitizer_runtime.loaded() == "none":
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    faulthandler.enable(all_threads=True)
    faulthandler.register(signal.SIGUSR1, all_threads=True)  # the supervisor's "where are you?"
    warnings.simplefilter("ignore")
    with open(progress_path, "r+b") as f:
        progress = mmap.mmap(f.fileno(), PROGRESS.size)
    from reliability import fuzz_oracle, fuzz_runner

    warm_up(families)
    write_frame(int(out_fd), ("ready",))
    while True:
        message = read_frame(int(in_fd))
        if message is None:
            return 0
        number, case = message
        # Only this case's messages in the log the supervisor reads after a crash.
        os.ftruncate(2, 0)
        os.lseek(2, 0, os.SEEK_SET)

        def report(calls: int, number: int = number) -> None:
            PROGRESS.pack_into(progress, 0, number, calls)

        report(0)
        try:
            calls = fuzz_runner.run_case(case, report)
            result: tuple = ("ok", calls, "")
        except fuzz_oracle.Violation as error:
            result = ("violation", PROGRESS.unpack_from(progress)[1], str(error))
        except BaseException as error:  # anything else is a finding too
            detail = "".join(traceback.format_exception(error))[-3000:]
            result = ("violation", PROGRESS.unpack_from(progress)[1], f"unexpected {type(error).__name__}: {detail}")
        write_frame(int(out_fd), result)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
