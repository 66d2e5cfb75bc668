// minigrid's ObstructedMaze levels (MiniGrid-ObstructedMaze-*): rooms of a
// RoomGrid behind locked doors whose keys may be hidden in boxes and whose
// doors may be blocked by a ball; pick up the blue ball. The 1D ids are two
// rooms; the others a 3 x 3 maze of num_quarters quarters around the middle
// room, with the ball in one of their corners. -v1 places the keys after all
// the doors and balls of a side room (minigrid's ObstructedMaze_Full_V1),
// -v0 each key right after its door.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_OBSTRUCTED_MAZE_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_OBSTRUCTED_MAZE_H_

#include <array>
#include <utility>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

namespace obstructed_maze {

// COLOR_NAMES[0], [1], [2]: the ball to find, the blocking balls, the boxes.
inline constexpr Color kBallToFind = kColorNames[0];
inline constexpr Color kBlockingBall = kColorNames[1];
inline constexpr Color kBoxColor = kColorNames[2];

// ObstructedMazeEnv._gen_grid after RoomGrid's: door colours, a random
// permutation of the six (_rand_subset).
inline std::vector<Color> DoorColors(numpy_exact::NumpyGenerator& rng) {
  return GridWorld::RandSubset(rng, std::vector<Color>(kColorNames.begin(), kColorNames.end()),
                               static_cast<int>(kColorNames.size()));
}

// A door whose inside cell a ball blocks.
inline std::pair<int, Pos> BlockedDoor(GridWorld& w, RoomGrid& grid, int i, int j, int door_idx,
                                       Color color, bool locked, bool blocked) {
  const auto [door, pos] = grid.AddDoor(i, j, door_idx, color, locked);
  if (blocked) {
    const Pos vec = kDirToVec[door_idx];
    w.Set(pos.x - vec.x, pos.y - vec.y, w.NewObj(kBall, kBlockingBall));
  }
  return {door, pos};
}

// The key of a door, in a box when key_in_box, somewhere in room (i, j).
inline void AddKey(GridWorld& w, RoomGrid& grid, int i, int j, Color color, bool key_in_box) {
  int obj = w.NewObj(kKey, color);
  if (key_in_box) {
    const int box = w.NewObj(kBox, kBoxColor);
    w.objects[box].contains = obj;
    obj = box;
  }
  grid.PlaceInRoom(i, j, obj);
}

// ObstructedMazeEnv.add_door: the door, its blocking ball, and if locked
// its key.
inline void AddDoor(GridWorld& w, RoomGrid& grid, int i, int j, int door_idx, Color color,
                    bool locked, bool key_in_box = false, bool blocked = false) {
  const int door = BlockedDoor(w, grid, i, j, door_idx, color, locked, blocked).first;
  if (locked) AddKey(w, grid, i, j, w.objects[door].color, key_in_box);
}

}  // namespace obstructed_maze

// ObstructedMaze_1Dlhb (the 1Dl, 1Dlh and 1Dlhb ids).
inline void GenerateObstructedMaze1D(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                     const LevelConfig& c) {
  namespace om = obstructed_maze;
  RoomGrid grid(w, rng, 6, 1, 2);
  const std::vector<Color> door_colors = om::DoorColors(rng);
  om::AddDoor(w, grid, 0, 0, 0, door_colors[0], true, c.key_in_box, c.blocked);
  w.task.target_obj = grid.AddObject(1, 0, kBall, om::kBallToFind).first;
  grid.PlaceAgent(0, 0);
  w.mission = std::string("pick up the ") + kColorText[om::kBallToFind] + " ball";
}

// ObstructedMaze_Full (v0) and ObstructedMaze_Full_V1.
inline void GenerateObstructedMazeFull(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                       const LevelConfig& c, bool v1) {
  namespace om = obstructed_maze;
  RoomGrid grid(w, rng, 6, 3, 3);
  const std::vector<Color> door_colors = om::DoorColors(rng);
  constexpr std::array<Pos, 4> kSideRooms{{{2, 1}, {1, 2}, {0, 1}, {1, 0}}};
  const int n = static_cast<int>(door_colors.size());
  for (int i = 0; i < c.num_quarters; ++i) {
    const Pos side = kSideRooms[i];
    om::AddDoor(w, grid, 1, 1, i, door_colors[i], /*locked=*/false);
    for (int k : {-1, 1}) {
      const int door_idx = ((i + k) % 4 + 4) % 4;
      const Color color = door_colors[((i + k) % n + n) % n];
      if (v1) {
        om::BlockedDoor(w, grid, side.x, side.y, door_idx, color, true, c.blocked);
      } else {
        om::AddDoor(w, grid, side.x, side.y, door_idx, color, true, c.key_in_box, c.blocked);
      }
    }
    if (v1) {
      for (int k : {-1, 1}) {
        om::AddKey(w, grid, side.x, side.y, door_colors[((i + k) % n + n) % n], c.key_in_box);
      }
    }
  }
  constexpr std::array<Pos, 4> kCorners{{{2, 0}, {2, 2}, {0, 2}, {0, 0}}};
  const Pos ball_room = kCorners[GridWorld::RandInt(rng, 0, c.num_quarters)];
  w.task.target_obj = grid.AddObject(ball_room.x, ball_room.y, kBall, om::kBallToFind).first;
  grid.PlaceAgent(c.agent_room.x, c.agent_room.y);
  w.mission = std::string("pick up the ") + kColorText[om::kBallToFind] + " ball";
}

inline void GenerateObstructedMazeFullV0(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                         const LevelConfig& c) {
  GenerateObstructedMazeFull(w, rng, c, /*v1=*/false);
}

inline void GenerateObstructedMazeFullV1(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                         const LevelConfig& c) {
  GenerateObstructedMazeFull(w, rng, c, /*v1=*/true);
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_OBSTRUCTED_MAZE_H_
