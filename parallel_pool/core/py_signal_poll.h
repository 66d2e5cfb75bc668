// Ctrl-C during a wait. A pool call waits without the GIL; on the
// interpreter's main thread it still runs Python's signal handlers every
// kWaitPollInterval, so a KeyboardInterrupt abandons the wait
// (docs/reliability.md).
#ifndef PARALLEL_POOL_CORE_PY_SIGNAL_POLL_H_
#define PARALLEL_POOL_CORE_PY_SIGNAL_POLL_H_

#include <pybind11/pybind11.h>

#include "parallel_pool/core/fork_guard.h"
#include "parallel_pool/core/wait_poll.h"

namespace parallel_pool {

namespace py = pybind11;

// Whether the calling thread is the interpreter's main thread, the one that
// runs signal handlers. Asked through the public API (threading.main_thread();
// CPython 3.13 no longer declares _PyOS_IsMainThread), once per thread, and
// again after a fork, whose child's main thread is the one that forked. The
// caller holds the GIL.
inline bool OnPythonMainThread() {
  thread_local int asked_after = -1;
  thread_local bool main_thread = false;
  const int now = CurrentForkCount();
  if (asked_after != now) {
    py::module_ threading = py::module_::import("threading");
    main_thread = threading.attr("current_thread")().is(threading.attr("main_thread")());
    asked_after = now;
  }
  return main_thread;
}

// Runs Python's signal handlers from inside a wait; a handler's exception
// (KeyboardInterrupt) is thrown on to abandon the wait. Only the main thread
// runs handlers, so other threads get no poll and never take the GIL for it.
inline WaitPoll SignalPoll() {
  if (!OnPythonMainThread()) return nullptr;
  return [] {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  };
}

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_PY_SIGNAL_POLL_H_
