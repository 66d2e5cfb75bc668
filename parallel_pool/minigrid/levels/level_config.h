// LevelConfig: what minigrid's level classes take as constructor arguments,
// the pool's config turned into plain values once per env.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_LEVEL_CONFIG_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_LEVEL_CONFIG_H_

#include <optional>
#include <string>

#include "parallel_pool/minigrid/grid_world.h"

namespace parallel_pool::minigrid {

struct LevelConfig {
  std::string env_name;  // which level: EnvPool's env_name
  int size = 8;
  int width = 9;
  int height = 7;
  bool random_start = false;  // agent_start_pos=None: place_agent() draws it
  Pos agent_start_pos{1, 1};
  int agent_start_dir = 0;
  int num_crossings = 1;
  ObjType obstacle_type = kLava;
  int strip2_row = 2;
  int num_objs = 2;
  bool random_length = false;  // Memory's hallway
  int n_obstacles = 4;
  int min_num_rooms = 2;  // MultiRoom's
  int max_num_rooms = 6;
  int max_room_size = 10;
  int room_size = 6;  // the RoomGrid levels'
  int num_rows = 3;
  ObjType obj_type = kBall;
  bool key_in_box = true;  // the ObstructedMaze levels'
  bool blocked = true;
  int num_quarters = 4;
  Pos agent_room{1, 1};
  int num_dists = 18;  // BabyAI's
  int num_cols = 3;
  bool doors_open = false;
  std::string select_by;  // BabyAI's OpenDoor: "color", "loc", or empty (drawn)
  bool debug = false;     // OpenDoor's and OpenDoorsOrder's strict verifiers
  bool strict = false;    // OpenTwoDoors' first door
  std::optional<Color> first_color, second_color;
  int num_doors = 2;
  int objs_per_room = 1;        // BabyAI's PutNext and MoveTwoAcross
  bool start_carrying = false;  // PutNext...Carrying
  bool distractors = false;     // UnlockLocalDist, UnlockPickupDist
};

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_LEVEL_CONFIG_H_
