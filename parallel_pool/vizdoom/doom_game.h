// Starting and stopping ViZDoom engines for an env: paths, the cfg, headless
// settings, screen formats, and killing an engine process that hangs. How
// the engines of a multi-player env play one match is match.h's.
#ifndef PARALLEL_POOL_VIZDOOM_DOOM_GAME_H_
#define PARALLEL_POOL_VIZDOOM_DOOM_GAME_H_

#include <ViZDoom.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
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

}  // namespace parallel_pool::vizdoom

#endif  // PARALLEL_POOL_VIZDOOM_DOOM_GAME_H_
