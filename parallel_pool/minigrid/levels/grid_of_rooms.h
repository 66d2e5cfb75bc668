// What minigrid's FourRoomsEnv and PlaygroundEnv share: a square grid cut
// into rooms x rooms equal rooms, each wall between two rooms with one
// opening, which the level draws (FourRooms: a gap; Playground: a door).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_GRID_OF_ROOMS_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_GRID_OF_ROOMS_H_

#include "parallel_pool/minigrid/grid_world.h"

namespace parallel_pool::minigrid {

// An inner wall's opening: its cell `along` the wall (a row of a vertical
// wall, a column of a horizontal one) and the object there (GridWorld::kNone:
// a gap).
struct Opening {
  int along;
  int obj;
};

// The grid of size x size cells, its four walls, then minigrid's loop over
// the rooms, row by row: each room's right wall (but the last column's),
// then its bottom wall (but the last row's), each followed by its opening,
// draw_opening(low, high) for a wall over the cells [low, high) along it
// (the first of them on the wall across it), drawn from the level's rng.
template <typename DrawOpening>
void GridOfRooms(GridWorld& w, int size, int rooms, DrawOpening draw_opening) {
  w.NewGrid(size, size);
  w.WallRect(0, 0, w.width, w.height);  // the four walls, in minigrid's order
  const int room_w = w.width / rooms;
  const int room_h = w.height / rooms;
  for (int j = 0; j < rooms; ++j) {
    for (int i = 0; i < rooms; ++i) {
      const int x_left = i * room_w;
      const int y_top = j * room_h;
      const int x_right = x_left + room_w;
      const int y_bottom = y_top + room_h;
      if (i + 1 < rooms) {
        w.VertWall(x_right, y_top, room_h);
        const Opening opening = draw_opening(y_top, y_bottom);
        w.Set(x_right, opening.along, opening.obj);
      }
      if (j + 1 < rooms) {
        w.HorzWall(x_left, y_bottom, room_w);
        const Opening opening = draw_opening(x_left, x_right);
        w.Set(opening.along, y_bottom, opening.obj);
      }
    }
  }
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_GRID_OF_ROOMS_H_
