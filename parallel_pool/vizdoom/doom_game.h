// Starting ViZDoom engines for an env: paths, the cfg, headless settings,
// and for a multi-player env the match (one host, the others joining over
// loopback on a free UDP port).
#ifndef PARALLEL_POOL_VIZDOOM_DOOM_GAME_H_
#define PARALLEL_POOL_VIZDOOM_DOOM_GAME_H_

#include <ViZDoom.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace parallel_pool::vizdoom {

// `path` as is if absolute, else under `base` (EnvPool's vzd_path/iwad_path).
inline std::string UnderBase(const std::string& base, const std::string& path) {
  if (path.empty() || path.front() == '/' || base.empty()) return path;
  return (std::filesystem::path(base) / path).string();
}

// What every engine of an env is started with.
struct GameSettings {
  std::string vizdoom_path;  // the engine binary
  std::string iwad_path;     // freedoom2.wad
  std::string cfg_path;
  std::string wad_path;  // the scenario; empty: the cfg's
  std::string map;
  std::string game_args;
  int episode_timeout = 0;  // tics
  unsigned int seed = 0;
  std::vector<::vizdoom::GameVariable> extra_variables;
};

// A DoomGame configured as EnvPool configures it, not yet init()ed: the
// cfg, then the env's overrides (no window, synchronous player mode, the
// episode timeout, the scenario, seed and map).
inline std::unique_ptr<::vizdoom::DoomGame> ConfiguredGame(const GameSettings& s) {
  // Every engine keeps its user files in ./_vizdoom/ (the process's working
  // directory, as with the vizdoom package) and dies if another engine
  // created it in between its check and its mkdir: create it once, first.
  static const bool user_dir = [] {
    std::error_code ignored;
    std::filesystem::create_directories("_vizdoom", ignored);
    return true;
  }();
  (void)user_dir;
  auto game = std::make_unique<::vizdoom::DoomGame>();
  game->setViZDoomPath(s.vizdoom_path);
  game->setDoomGamePath(s.iwad_path);
  if (!game->loadConfig(s.cfg_path)) {
    throw std::invalid_argument("cfg_path: ViZDoom could not load " + s.cfg_path);
  }
  game->setWindowVisible(false);
  game->setSoundEnabled(false);
  game->addGameArgs(s.game_args);
  game->setMode(::vizdoom::PLAYER);
  game->setEpisodeTimeout(s.episode_timeout);
  if (!s.wad_path.empty()) game->setDoomScenarioPath(s.wad_path);
  game->setSeed(s.seed);
  game->setDoomMap(s.map);
  for (auto v : s.extra_variables) game->addAvailableGameVariable(v);
  return game;
}

// The channels of a screen format, and whether ViZDoom lays them out as
// planes (channel-major) rather than interleaved per pixel.
inline int ScreenChannels(::vizdoom::ScreenFormat f) {
  switch (f) {
    case ::vizdoom::GRAY8:
    case ::vizdoom::DOOM_256_COLORS8:
      return 1;
    case ::vizdoom::RGBA32:
    case ::vizdoom::ARGB32:
    case ::vizdoom::BGRA32:
    case ::vizdoom::ABGR32:
      return 4;
    default:
      return 3;
  }
}

inline bool PlanarScreen(::vizdoom::ScreenFormat f) {
  return f == ::vizdoom::CRCGCB || f == ::vizdoom::CBCGCR || ScreenChannels(f) == 1;
}

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

// Kills the engine process of the game whose instance id is `id` (found by
// its command line, `+viz_instance_id <id>`): the way to stop a match whose
// other players wait, inside the engine, for a player that failed.
inline void KillEngine(const std::string& id) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string pid = entry.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::FILE* f = std::fopen((entry.path() / "cmdline").c_str(), "rb");
    if (f == nullptr) continue;
    std::string cmdline;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof(buffer), f)) > 0;)
      cmdline.append(buffer, n);
    std::fclose(f);
    if (cmdline.find(std::string("+viz_instance_id") + '\0' + id + '\0') != std::string::npos) {
      ::kill(std::stoi(pid), SIGKILL);
    }
  }
}

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
  std::string args =
      p == 0 ? "-host " + std::to_string(players) + " -deathmatch" +
                   " +sv_forcerespawn 1 +sv_noautoaim 1 +sv_respawnprotect 1" +
                   " +sv_spawnfarthest 1 +sv_nocrouch 1 +viz_respawn_delay 0 +viz_nocheat 1" +
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

#endif  // PARALLEL_POOL_VIZDOOM_DOOM_GAME_H_
