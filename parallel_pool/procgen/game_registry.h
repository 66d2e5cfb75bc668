// The procgen games by procgen's names for them ("bigfish"), each made on
// the family's engine.
#ifndef PARALLEL_POOL_PROCGEN_GAME_REGISTRY_H_
#define PARALLEL_POOL_PROCGEN_GAME_REGISTRY_H_

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "parallel_pool/procgen/engine/game.h"
#include "parallel_pool/procgen/games/bigfish.h"
#include "parallel_pool/procgen/games/bossfight.h"
#include "parallel_pool/procgen/games/caveflyer.h"
#include "parallel_pool/procgen/games/chaser.h"
#include "parallel_pool/procgen/games/climber.h"
#include "parallel_pool/procgen/games/coinrun.h"
#include "parallel_pool/procgen/games/dodgeball.h"
#include "parallel_pool/procgen/games/fruitbot.h"
#include "parallel_pool/procgen/games/heist.h"
#include "parallel_pool/procgen/games/jumper.h"
#include "parallel_pool/procgen/games/leaper.h"
#include "parallel_pool/procgen/games/maze.h"
#include "parallel_pool/procgen/games/miner.h"
#include "parallel_pool/procgen/games/ninja.h"
#include "parallel_pool/procgen/games/plunder.h"
#include "parallel_pool/procgen/games/starpilot.h"

namespace parallel_pool::procgen {

using GameFactory = std::function<std::unique_ptr<Game>(const std::string& asset_root)>;

inline const std::map<std::string, GameFactory>& Games() {
  static const std::map<std::string, GameFactory> games = {
      {"bigfish", [](const std::string& root) { return std::make_unique<BigFish>(root); }},
      {"bossfight", [](const std::string& root) { return std::make_unique<BossFight>(root); }},
      {"caveflyer", [](const std::string& root) { return std::make_unique<CaveFlyer>(root); }},
      {"chaser", [](const std::string& root) { return std::make_unique<Chaser>(root); }},
      {"climber", [](const std::string& root) { return std::make_unique<Climber>(root); }},
      {"coinrun", [](const std::string& root) { return std::make_unique<CoinRun>(root); }},
      {"dodgeball", [](const std::string& root) { return std::make_unique<Dodgeball>(root); }},
      {"fruitbot", [](const std::string& root) { return std::make_unique<FruitBot>(root); }},
      {"heist", [](const std::string& root) { return std::make_unique<Heist>(root); }},
      {"jumper", [](const std::string& root) { return std::make_unique<Jumper>(root); }},
      {"leaper", [](const std::string& root) { return std::make_unique<Leaper>(root); }},
      {"maze", [](const std::string& root) { return std::make_unique<Maze>(root); }},
      {"miner", [](const std::string& root) { return std::make_unique<Miner>(root); }},
      {"ninja", [](const std::string& root) { return std::make_unique<Ninja>(root); }},
      {"plunder", [](const std::string& root) { return std::make_unique<Plunder>(root); }},
      {"starpilot", [](const std::string& root) { return std::make_unique<StarPilot>(root); }},
  };
  return games;
}

inline std::string KnownGameNames() {
  std::string names;
  for (const auto& [name, factory] : Games()) names += (names.empty() ? "" : ", ") + name;
  return names;
}

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAME_REGISTRY_H_
