// How the engines of a multi-player env play one match: one engine hosts a
// deathmatch, the others join it over loopback on a free UDP port, and every
// tic runs in a fixed order of players (MatchTurns), which is what makes a
// match deterministic.
#ifndef PARALLEL_POOL_VIZDOOM_MATCH_H_
#define PARALLEL_POOL_VIZDOOM_MATCH_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace parallel_pool::vizdoom {

// A match's episodes start on this tic of the map (its first step runs the
// next ones): every player's engine goes there with no button pressed, so
// that every episode starts from the same state, with every player's input
// one tic ahead of the host's (MatchTurns). The tics before it are the
// settling below, from the tic or two the map's restart leaves.
inline constexpr int kMatchStartTic = 20;
// The tics in a row the players of a match run in turns, the host never
// late, before an episode may start. At a new episode each engine restarts
// the map on its own (the client library's restart loop runs its engine's
// tics freely), and a joiner can come out of it more than one input ahead of
// the host (ZDoom's `gametime--` fired more than once: with the engines'
// -debugfile, up to two ahead). MatchTurns cannot see that (the host is
// never late for such a joiner); ZDoom takes the extra inputs back itself, a
// skip after four updates ahead in a row and then one every other update, so
// within 4 + 2 (n - 1) tics for n extra inputs. Twelve tics cover five. An
// episode that started before the last skip would have the joiner's first
// actions land a tic later in one match than in another.
inline constexpr int kMatchSettleTics = 12;
// The most tics a match's episode may take to start (a host that stays late).
inline constexpr int kMaxMatchStartTics = kMatchStartTic + 64;

// How long the other players of a match wait for the host's tic before they
// run theirs anyway (MatchTurns). At the start of an episode the host may be
// waiting for them; later it never is, and going early (four tics in a row)
// would shift whose input lands when, so the patience is long: it only keeps
// a match from hanging should that ever happen.
inline constexpr std::chrono::milliseconds kStartPatience{250};
inline constexpr std::chrono::milliseconds kPatience{5000};

// The order in which the players of a match run each tic: the host first,
// then the others all at once, and every player done before the next tic.
//
// Why (ZDoom's netcode, src/vizdoom/src/d_net.cpp of the vizdoom 1.3.2
// sdist): an engine builds one input tic ("ticcmd") per tic its client asks
// for (NetUpdate, 966-970 and 985-1074: ViZDoom's clock advances one tic per
// request), sends it to the other players, and runs a tic once it holds every
// player's input for it. A player that is not the host then compares its own
// input count with the host's (1319-1378): if the host's input for the tic
// has already arrived, it builds one more input at its next update (gametime--,
// 1360-1364), so its actions land one tic later from then on; if it was ahead
// of the host on four updates in a row, it skips one (1365-1377). Which of the
// two happens depended on which engine's packet won the race, so the tic each
// action landed on varied, and with it the match. With the host's tic always
// finished first, every other player is exactly one input tic ahead of the
// host (its actions land one tic after the host's) and stays so: the host's
// input has always arrived (no extra input: 1360) and the player is never
// two ahead (no skip: 1367). A player that is no input ahead (possible only at
// the start of an episode) makes the host wait for it: after `patience` the
// others go anyway, and the host's input, long arrived, puts them one ahead.
// A player more than one ahead (also only at the start of an episode) goes
// unseen here: ZDoom's skips take it back while the match settles
// (kMatchSettleTics).
class MatchTurns {
 public:
  explicit MatchTurns(int parties) : parties_(parties) {}

  // The host finished its tic of this round.
  void HostDone() {
    std::lock_guard<std::mutex> lock(mu_);
    host_done_ = true;
    cv_.notify_all();
  }

  // A player other than the host waits for the host's tic of this round
  // (at most `patience`).
  void AwaitHost(std::chrono::milliseconds patience) {
    std::unique_lock<std::mutex> lock(mu_);
    if (!cv_.wait_for(lock, patience, [&] { return host_done_ || broken_; })) host_late_ = true;
    if (broken_) throw std::runtime_error("another player of this match failed");
  }

  // Whether, since the last Repair, a player went without waiting for the
  // host's tic to end (the host took longer than the patience).
  bool HostWasLate() {
    std::lock_guard<std::mutex> lock(mu_);
    return host_late_;
  }

  // Every player meets here after its tic; the round ends with the last.
  void EndTic() {
    std::unique_lock<std::mutex> lock(mu_);
    if (broken_) throw std::runtime_error("another player of this match failed");
    const long generation = generation_;
    if (++arrived_ == parties_) {
      arrived_ = 0;
      host_done_ = false;
      ++generation_;
      cv_.notify_all();
      return;
    }
    cv_.wait(lock, [&] { return generation_ != generation || broken_; });
    if (broken_ && generation_ == generation)
      throw std::runtime_error("another player of this match failed");
  }

  // A player failed: every waiter, and every later wait, throws.
  void Break() {
    std::lock_guard<std::mutex> lock(mu_);
    broken_ = true;
    cv_.notify_all();
  }

  // Ready for a new round (after every player has left the old one).
  void Repair() {
    std::lock_guard<std::mutex> lock(mu_);
    broken_ = false;
    arrived_ = 0;
    host_done_ = false;
    host_late_ = false;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  const int parties_;
  int arrived_ = 0;
  long generation_ = 0;
  bool host_done_ = false;
  bool host_late_ = false;
  bool broken_ = false;
};

// Runs fn(0) .. fn(n - 1) at once, fn(0) on this thread, and rethrows the
// first exception. The players of a match must act together: each engine's
// tic waits for every player's input. When one fails, `on_failure` runs at
// once (to stop the others, which would otherwise wait for it forever).
inline void RunTogether(int n, const std::function<void(int)>& fn,
                        const std::function<void()>& on_failure = nullptr) {
  if (n == 1) {
    fn(0);
    return;
  }
  std::vector<std::exception_ptr> errors(n);
  std::mutex failing;
  auto run = [&](int p) {
    try {
      fn(p);
    } catch (...) {
      errors[p] = std::current_exception();
      std::lock_guard<std::mutex> lock(failing);
      if (on_failure) on_failure();
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(n - 1);
  for (int p = 1; p < n; ++p) threads.emplace_back(run, p);
  run(0);
  for (auto& t : threads) t.join();
  for (auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

// UDP ports for matches. The OS names a free port (bind to port 0); this
// process then never hands it to a second match while the first holds it.
// Another process may still take it between our close() and the host
// engine's bind: then the host fails to start and the caller asks again.
class MatchPorts {
 public:
  static MatchPorts& Instance() {
    static auto* ports = new MatchPorts();
    return *ports;
  }

  int Acquire() {
    std::lock_guard<std::mutex> lock(mu_);
    for (int attempt = 0; attempt < 64; ++attempt) {
      int port = FreeUdpPort();
      if (port > 0 && held_.insert(port).second) return port;
    }
    throw std::runtime_error("vizdoom: found no free UDP port for a match");
  }

  void Release(int port) {
    std::lock_guard<std::mutex> lock(mu_);
    held_.erase(port);
  }

 private:
  static int FreeUdpPort() {
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0) return -1;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    socklen_t len = sizeof(addr);
    int port = -1;
    if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0 &&
        getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
      port = ntohs(addr.sin_port);
    }
    close(fd);
    return port;
  }

  std::mutex mu_;
  std::set<int> held_;
};

// The game arguments of player `p` of `players` in a match on `port`:
// player 0 hosts a deathmatch, the others join it; dead players respawn by
// themselves (no player's tic may wait on another's respawn). The players
// who join get their numbers in the order they connect, so their names and
// colours are set once the numbers are known (PlayerIdentity).
inline std::string MatchArgs(int p, int players, int port) {
  std::string args = p == 0 ? "-host " + std::to_string(players) + " -deathmatch" +
                                  " +sv_forcerespawn 1 +sv_noautoaim 1 +sv_respawnprotect 1" +
                                  " +sv_spawnfarthest 1 +sv_nocrouch 1 +viz_respawn_delay 0 "
                                  "+viz_nocheat 1" +
                                  " +name P0 +colorset 0"
                            : "-join 127.0.0.1";
  args += " -port " + std::to_string(port) + " +viz_connect_timeout 30";
  return args;
}

// The console commands that name player number `number` and set its colour.
inline std::vector<std::string> PlayerIdentity(int number) {
  return {"name P" + std::to_string(number), "colorset " + std::to_string(number % 8)};
}

}  // namespace parallel_pool::vizdoom

#endif  // PARALLEL_POOL_VIZDOOM_MATCH_H_
