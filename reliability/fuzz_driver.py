"""The supervisor: sends cases to a worker process under a watchdog, restarts it after a crash.

A case's outcome is "ok", "violation" (a property failed: fuzz_oracle says
which), "crash" (the worker died: its signal and the tail of its stderr,
where faulthandler wrote the Python stacks) or "hang" (no call finished for
`call_timeout` seconds: the worker is asked for its stacks, then killed with
its process group, ViZDoom engines included).
"""

from __future__ import annotations

import dataclasses
import mmap
import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any

from reliability import fuzz_worker

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@dataclasses.dataclass
class Outcome:
    kind: str  # ok, violation, crash, hang
    calls: int
    detail: str
    case: dict[str, Any]
    seconds: float

    def report(self) -> str:
        return f"{self.kind} after {self.calls} calls: {self.detail}\nreproduce: {reproducer(self.case)}"


def reproducer(case: dict[str, Any]) -> str:
    return f"python -m reliability.fuzz --replay {repr(case)!r}"


class Worker:
    """One worker process at a time; a new one after each crash or hang."""

    def __init__(self, families: list[str], call_timeout: float = 60.0, startup_timeout: float = 300.0) -> None:
        self.families = families
        self.call_timeout = call_timeout
        self.startup_timeout = startup_timeout
        self.dir = tempfile.TemporaryDirectory(prefix="fuzz_worker_")
        self.proc: subprocess.Popen | None = None
        self.cases = 0
        self.restarts = 0

    # ----------------------------------------------------------- process

    def _start(self) -> None:
        progress_path = os.path.join(self.dir.name, "progress")
        with open(progress_path, "wb") as f:
            f.write(b"\0" * fuzz_worker.PROGRESS.size)
        with open(progress_path, "r+b") as f:
            self.progress = mmap.mmap(f.fileno(), fuzz_worker.PROGRESS.size)
        to_worker_r, self.to_worker = os.pipe()
        self.from_worker, from_worker_w = os.pipe()
        self.stderr_path = os.path.join(self.dir.name, "stderr")
        stderr = open(self.stderr_path, "wb")  # the child keeps it open
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, *sys.path[1:]]), PYTHONFAULTHANDLER="1")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "reliability.fuzz_worker",
                str(to_worker_r),
                str(from_worker_w),
                progress_path,
                *self.families,
            ],
            pass_fds=(to_worker_r, from_worker_w),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            cwd=self.dir.name,  # MuJoCo's MUJOCO_LOG.TXT and ViZDoom's _vizdoom/ land here
            env=env,
            start_new_session=True,
        )
        stderr.close()
        os.close(to_worker_r)
        os.close(from_worker_w)
        message = self._wait_frame(self.startup_timeout)
        if message != ("ready",):
            raise RuntimeError(f"fuzz worker did not start: {message!r}\n{self._stderr_tail()}")

    def _wait_frame(self, timeout: float) -> Any:
        ready, _, _ = select.select([self.from_worker], [], [], timeout)
        if not ready:
            return None
        return fuzz_worker.read_frame(self.from_worker)

    def _stderr_tail(self, limit: int = 6000) -> str:
        try:
            with open(self.stderr_path, "rb") as f:
                data = f.read()
        except OSError:
            return ""
        return data[-limit:].decode(errors="replace")

    def _kill(self) -> None:
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        os.close(self.to_worker)
        os.close(self.from_worker)
        self.proc = None
        self.restarts += 1

    def close(self) -> None:
        if self.proc is not None:
            os.close(self.to_worker)  # the worker reads EOF and exits
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
            os.close(self.from_worker)
            self.proc = None
        self.dir.cleanup()

    # -------------------------------------------------------------- cases

    def run(self, case: dict[str, Any]) -> Outcome:
        if self.proc is None:
            self._start()
        assert self.proc is not None
        self.cases += 1
        number = self.cases
        start = time.monotonic()
        fuzz_worker.write_frame(self.to_worker, (number, case))
        last_calls, last_change = -1, time.monotonic()
        while True:
            ready, _, _ = select.select([self.from_worker], [], [], 0.5)
            if ready:
                message = fuzz_worker.read_frame(self.from_worker)
                if message is None:
                    return self._crashed(case, start)
                kind, calls, detail = message
                return Outcome(kind, calls, detail, case, time.monotonic() - start)
            if self.proc.poll() is not None:
                return self._crashed(case, start)
            case_no, calls = fuzz_worker.PROGRESS.unpack_from(self.progress)
            if case_no == number and calls != last_calls:
                last_calls, last_change = calls, time.monotonic()
            elif time.monotonic() - last_change > self.call_timeout:
                return self._hung(case, start, max(last_calls, 0))

    def _crashed(self, case: dict[str, Any], start: float) -> Outcome:
        assert self.proc is not None
        code = self.proc.wait()
        calls = fuzz_worker.PROGRESS.unpack_from(self.progress)[1]
        how = f"signal {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
        detail = f"the worker died ({how}) in call {calls}\n{self._stderr_tail()}"
        self._kill()
        return Outcome("crash", calls, detail, case, time.monotonic() - start)

    def _hung(self, case: dict[str, Any], start: float, calls: int) -> Outcome:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGUSR1)  # faulthandler: every thread's Python stack
        time.sleep(1.0)
        detail = f"call {calls} did not finish in {self.call_timeout:.0f} s\n{self._stderr_tail()}"
        self._kill()
        return Outcome("hang", calls, detail, case, time.monotonic() - start)


@dataclasses.dataclass
class Stats:
    cases: int = 0
    made: int = 0  # cases whose config was accepted (their calls ran)
    calls: int = 0
    violations: int = 0
    crashes: int = 0
    hangs: int = 0
    seconds: float = 0.0
    per_family: dict[str, list[float]] = dataclasses.field(default_factory=dict)  # family -> [cases, calls, s]
    failures: list[Outcome] = dataclasses.field(default_factory=list)

    def add(self, family: str, outcome: Outcome) -> None:
        self.cases += 1
        self.made += outcome.calls > 1
        self.calls += outcome.calls
        self.seconds += outcome.seconds
        counts = self.per_family.setdefault(family, [0, 0, 0.0])
        counts[0] += 1
        counts[1] += outcome.calls
        counts[2] += outcome.seconds
        if outcome.kind != "ok":
            self.violations += outcome.kind == "violation"
            self.crashes += outcome.kind == "crash"
            self.hangs += outcome.kind == "hang"
            self.failures.append(outcome)
