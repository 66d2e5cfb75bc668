// parallel_pool's stand-in for <boost/thread.hpp>, for ViZDoom's client
// library only (//third_party/vizdoom:boost_compat): the part it uses, on
// std::thread, so the library links no compiled Boost and builds with any
// C++ standard library (the manylinux wheel's libc++ included).
//
// What ViZDoom 1.3.2 does with boost::thread (src/lib/ViZDoomController.*):
// one thread that runs the engine process and waits for it to exit,
//   doomThread = new b::thread(b::bind(&DoomController::launchDoom, this));
//   doomThread->joinable(); doomThread->interrupt(); doomThread->join();
// interrupt() is a no-op here and that changes nothing: Boost's interruption
// only acts at Boost.Thread's interruption points (its sleeps, condition
// waits, this_thread::interruption_point), and the engine thread reaches
// none (fork/exec, waitpid, an interprocess message queue send); it ends
// when the engine process does, which close() arranges.
#ifndef PARALLEL_POOL_BOOST_COMPAT_BOOST_THREAD_HPP_
#define PARALLEL_POOL_BOOST_COMPAT_BOOST_THREAD_HPP_

#include <thread>
#include <utility>

// <boost/thread.hpp> brings boost::bind and boost::placeholders with it, and
// ViZDoom relies on that.
#include <boost/bind/bind.hpp>

namespace boost {

class thread {
 public:
  template <typename Function>
  explicit thread(Function&& function) : thread_(std::forward<Function>(function)) {}
  thread(const thread&) = delete;
  thread& operator=(const thread&) = delete;
  // Boost.Thread detaches a thread still joinable at destruction
  // (std::thread would terminate the process).
  ~thread() {
    if (thread_.joinable()) thread_.detach();
  }

  bool joinable() const noexcept { return thread_.joinable(); }
  void join() { thread_.join(); }
  void interrupt() noexcept {}

 private:
  std::thread thread_;
};

}  // namespace boost

#endif  // PARALLEL_POOL_BOOST_COMPAT_BOOST_THREAD_HPP_
