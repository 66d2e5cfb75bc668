// GridWorld: minigrid's MiniGridEnv without its levels: the grid of world
// objects, the agent, the seven actions, the partial view and its encoding,
// and the helpers levels use to draw from np_random (minigrid 3.2.0).
//
// Objects live in one arena per episode and cells hold indices into it, so
// an object keeps its identity wherever it goes (carried, dropped, inside a
// box), as Python's references do. Every helper draws from np_random exactly
// what minigrid's does, in the same order: a level written with them runs
// minigrid's episodes seed for seed.
#ifndef PARALLEL_POOL_MINIGRID_GRID_WORLD_H_
#define PARALLEL_POOL_MINIGRID_GRID_WORLD_H_

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::minigrid {

namespace babyai {
class Instr;  // levels/babyai_instr.h
}  // namespace babyai

// minigrid's OBJECT_TO_IDX and COLOR_TO_IDX: the observation's encoding.
enum ObjType : std::uint8_t {
  kUnseen = 0,
  kEmpty = 1,
  kWall = 2,
  kFloor = 3,
  kDoor = 4,
  kKey = 5,
  kBall = 6,
  kBox = 7,
  kGoal = 8,
  kLava = 9,
  kAgent = 10,
};
enum Color : std::uint8_t { kRed = 0, kGreen = 1, kBlue = 2, kPurple = 3, kYellow = 4, kGrey = 5 };
// COLOR_NAMES: sorted(COLORS), the order _rand_color draws from.
inline constexpr std::array<Color, 6> kColorNames{kBlue, kGreen, kGrey, kPurple, kRed, kYellow};
inline constexpr std::array<const char*, 6> kColorText{"red",    "green",  "blue",
                                                       "purple", "yellow", "grey"};
// IDX_TO_OBJECT: the names missions use.
inline constexpr std::array<const char*, 11> kTypeText{
    "unseen", "empty", "wall", "floor", "door", "key", "ball", "box", "goal", "lava", "agent"};

// minigrid's actions.
enum Action : int {
  kLeft = 0,
  kRight = 1,
  kForward = 2,
  kPickup = 3,
  kDrop = 4,
  kToggle = 5,
  kDone = 6
};

struct Pos {
  int x = -1, y = -1;
  bool operator==(const Pos&) const = default;
};

// DIR_TO_VEC: right, down, left, up.
inline constexpr std::array<Pos, 4> kDirToVec{{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}};

struct Obj {
  ObjType type;
  Color color;
  bool is_open = false;    // doors
  bool is_locked = false;  // doors
  int contains = -1;       // boxes: the object inside, or none
  Pos init_pos, cur_pos;

  bool CanOverlap() const {
    return type == kGoal || type == kFloor || type == kLava || (type == kDoor && is_open);
  }
  bool CanPickup() const { return type == kKey || type == kBall || type == kBox; }
  bool SeeBehind() const { return type != kWall && (type != kDoor || is_open); }
  std::array<std::uint8_t, 3> Encode() const {
    std::uint8_t state = 0;
    if (type == kDoor) state = is_open ? 0 : (is_locked ? 2 : 1);
    return {type, color, state};
  }
};

class GridWorld {
 public:
  static constexpr int kNone = -1;

  // ---- configuration ----
  int agent_view_size = 7;
  bool see_through_walls = false;
  int max_steps = 100;

  // ---- episode state ----
  int width = 0, height = 0;
  std::vector<Obj> objects;
  std::vector<int> cells;  // object index per cell (row-major, y * width + x), or kNone
  Pos agent_pos;
  int agent_dir = -1;
  int carrying = kNone;
  int step_count = 0;
  std::string mission;
  // What a level's own step() checks against (its self.target_pos, ...).
  struct Task {
    Pos target_pos;
    ObjType target_type = kEmpty;
    Color target_color = kRed;
    ObjType move_type = kEmpty;
    Color move_color = kRed;
    Pos failure_pos;                       // Memory's wrong choice
    std::vector<int> obstacles;            // DynamicObstacles' balls
    int target_obj = kNone;                // the object to pick up (Unlock levels, KeyCorridor)
    std::shared_ptr<babyai::Instr> instr;  // a BabyAI level's instruction
    int mission_max_steps = 0;             // and the time limit it sets
    int carried_at_start = kNone;          // PutNext...Carrying's object, taken after reset
    int first_door = kNone;                // RedBlueDoors' red door, Unlock's door
    int second_door = kNone;               // and blue door
  } task;

  // A new empty grid (minigrid's `self.grid = Grid(width, height)`).
  void NewGrid(int w, int h) {
    width = w;
    height = h;
    objects.clear();
    cells.assign(static_cast<std::size_t>(w) * h, kNone);
    agent_pos = {-1, -1};
    agent_dir = -1;
    carrying = kNone;
    task = Task{};
  }

  int NewObj(ObjType type, Color color) {
    Obj obj{};
    obj.type = type;
    obj.color = color;
    objects.push_back(obj);
    return static_cast<int>(objects.size()) - 1;
  }
  int NewDoor(Color color, bool is_open = false, bool is_locked = false) {
    const int id = NewObj(kDoor, color);
    objects[id].is_open = is_open;
    objects[id].is_locked = is_locked;
    return id;
  }

  int Get(int x, int y) const { return cells[static_cast<std::size_t>(y) * width + x]; }
  void Set(int x, int y, int obj) {
    if (x < 0 || x >= width || y < 0 || y >= height) {
      throw std::logic_error("GridWorld::Set outside the grid");
    }
    cells[static_cast<std::size_t>(y) * width + x] = obj;
  }
  const Obj* At(int x, int y) const {
    const int id = Get(x, y);
    return id == kNone ? nullptr : &objects[id];
  }

  // Grid.horz_wall / vert_wall / wall_rect: a new object per cell.
  void HorzWall(int x, int y, int length = -1, ObjType type = kWall) {
    if (length < 0) length = width - x;
    for (int i = 0; i < length; ++i) Set(x + i, y, NewObj(type, DefaultColor(type)));
  }
  void VertWall(int x, int y, int length = -1, ObjType type = kWall) {
    if (length < 0) length = height - y;
    for (int j = 0; j < length; ++j) Set(x, y + j, NewObj(type, DefaultColor(type)));
  }
  void WallRect(int x, int y, int w, int h) {
    HorzWall(x, y, w);
    HorzWall(x, y + h - 1, w);
    VertWall(x, y, h);
    VertWall(x + w - 1, y, h);
  }

  static Color DefaultColor(ObjType type) {
    switch (type) {
      case kGoal:
        return kGreen;
      case kLava:
        return kRed;
      case kFloor:
      case kKey:
      case kBall:
        return kBlue;
      default:
        return kGrey;
    }
  }

  // ---- np_random helpers (MiniGridEnv._rand_*) ----
  static int RandInt(numpy_exact::NumpyGenerator& rng, int low, int high) {
    return static_cast<int>(rng.Integers(low, high));
  }
  static bool RandBool(numpy_exact::NumpyGenerator& rng) { return rng.Integers(0, 2) == 0; }
  template <typename T>
  static T RandElem(numpy_exact::NumpyGenerator& rng, const std::vector<T>& list) {
    return list[RandInt(rng, 0, static_cast<int>(list.size()))];
  }
  // _rand_subset(list, n): n distinct elements, drawn one by one.
  template <typename T>
  static std::vector<T> RandSubset(numpy_exact::NumpyGenerator& rng, std::vector<T> list, int n) {
    std::vector<T> out;
    while (static_cast<int>(out.size()) < n) {
      const int pick = RandInt(rng, 0, static_cast<int>(list.size()));
      out.push_back(list[pick]);
      list.erase(list.begin() + pick);
    }
    return out;
  }
  static Color RandColor(numpy_exact::NumpyGenerator& rng) {
    return kColorNames[RandInt(rng, 0, static_cast<int>(kColorNames.size()))];
  }

  // put_obj: the object at (x, y).
  void PutObj(int obj, int x, int y) {
    Set(x, y, obj);
    objects[obj].init_pos = objects[obj].cur_pos = {x, y};
  }

  // place_obj: rejection sampling of an empty cell in [top, top + size)
  // that is not the agent's and that reject (if any) accepts.
  using Reject = std::function<bool(const GridWorld&, Pos)>;
  Pos PlaceObj(numpy_exact::NumpyGenerator& rng, int obj, Pos top = {0, 0}, Pos size = {-1, -1},
               const Reject& reject = nullptr,
               long long max_tries = std::numeric_limits<long long>::max()) {
    top = {std::max(top.x, 0), std::max(top.y, 0)};
    if (size.x < 0) size = {width, height};
    long long tries = 0;
    Pos pos;
    while (true) {
      if (tries > max_tries) throw std::runtime_error("rejection sampling failed in place_obj");
      ++tries;
      pos.x = RandInt(rng, top.x, std::min(top.x + size.x, width));
      pos.y = RandInt(rng, top.y, std::min(top.y + size.y, height));
      if (Get(pos.x, pos.y) != kNone) continue;
      if (pos == agent_pos) continue;
      if (reject && reject(*this, pos)) continue;
      break;
    }
    Set(pos.x, pos.y, obj);
    if (obj != kNone) objects[obj].init_pos = objects[obj].cur_pos = pos;
    return pos;
  }

  // place_agent: an empty cell, and a random direction unless rand_dir is off.
  Pos PlaceAgent(numpy_exact::NumpyGenerator& rng, Pos top = {0, 0}, Pos size = {-1, -1},
                 bool rand_dir = true,
                 long long max_tries = std::numeric_limits<long long>::max()) {
    agent_pos = {-1, -1};
    const Pos pos = PlaceObj(rng, kNone, top, size, nullptr, max_tries);
    agent_pos = pos;
    if (rand_dir) agent_dir = RandInt(rng, 0, 4);
    return pos;
  }

  // The levels' `if self.agent_start_pos is not None: ... else: self.place_agent()`.
  void PlaceAgentAt(numpy_exact::NumpyGenerator& rng, bool random, Pos start, int start_dir) {
    if (random) {
      PlaceAgent(rng);
    } else {
      agent_pos = start;
      agent_dir = start_dir;
    }
  }

  Pos FrontPos() const {
    return {agent_pos.x + kDirToVec[agent_dir].x, agent_pos.y + kDirToVec[agent_dir].y};
  }

  // ---- MiniGridEnv.step's mechanics ----
  struct StepResult {
    double reward = 0;
    bool terminated = false;
  };

  StepResult Step(int action) {
    ++step_count;
    StepResult out;
    const Pos fwd = FrontPos();
    const int fwd_id = Get(fwd.x, fwd.y);
    Obj* fwd_cell = fwd_id == kNone ? nullptr : &objects[fwd_id];
    switch (action) {
      case kLeft:
        agent_dir -= 1;
        if (agent_dir < 0) agent_dir += 4;
        break;
      case kRight:
        agent_dir = (agent_dir + 1) % 4;
        break;
      case kForward:
        if (fwd_cell == nullptr || fwd_cell->CanOverlap()) agent_pos = fwd;
        if (fwd_cell != nullptr && fwd_cell->type == kGoal) {
          out.terminated = true;
          out.reward = SuccessReward();
        }
        if (fwd_cell != nullptr && fwd_cell->type == kLava) out.terminated = true;
        break;
      case kPickup:
        if (fwd_cell != nullptr && fwd_cell->CanPickup() && carrying == kNone) {
          carrying = fwd_id;
          objects[carrying].cur_pos = {-1, -1};
          Set(fwd.x, fwd.y, kNone);
        }
        break;
      case kDrop:
        if (fwd_cell == nullptr && carrying != kNone) {
          Set(fwd.x, fwd.y, carrying);
          objects[carrying].cur_pos = fwd;
          carrying = kNone;
        }
        break;
      case kToggle:
        if (fwd_cell != nullptr) Toggle(fwd_id, fwd);
        break;
      default:  // done: nothing
        break;
    }
    return out;
  }

  // _reward(): 1 - 0.9 * (step_count / max_steps).
  double SuccessReward() const {
    return 1 - 0.9 * (static_cast<double>(step_count) / static_cast<double>(max_steps));
  }

  // WorldObj.toggle: a door opens, closes or (with the key of its colour)
  // unlocks; a box gives way to what it holds.
  bool Toggle(int id, Pos pos) {
    Obj& obj = objects[id];
    if (obj.type == kDoor) {
      if (obj.is_locked) {
        if (carrying != kNone && objects[carrying].type == kKey &&
            objects[carrying].color == obj.color) {
          obj.is_locked = false;
          obj.is_open = true;
          return true;
        }
        return false;
      }
      obj.is_open = !obj.is_open;
      return true;
    }
    if (obj.type == kBox) {
      Set(pos.x, pos.y, obj.contains);
      return true;
    }
    return false;
  }

  // Outside the grid, in a view: a wall (Grid.slice's).
  static constexpr int kWallOutside = -2;

  // ---- gen_obs_grid: the agent's view and what of it the agent sees ----
  // Fills view() (n x n object ids, [j * n + i] for view cell (i, j), the
  // agent at (n / 2, n - 1) holding what it carries, kWallOutside beyond the
  // grid) and visible() (process_vis's mask, same layout).
  void ObsGrid() const {
    const int n = agent_view_size;
    // get_view_exts: the view's top-left corner in the grid.
    int top_x = 0;
    int top_y = 0;
    switch (agent_dir) {
      case 0:
        top_x = agent_pos.x;
        top_y = agent_pos.y - n / 2;
        break;
      case 1:
        top_x = agent_pos.x - n / 2;
        top_y = agent_pos.y;
        break;
      case 2:
        top_x = agent_pos.x - n + 1;
        top_y = agent_pos.y - n / 2;
        break;
      default:
        top_x = agent_pos.x - n / 2;
        top_y = agent_pos.y - n + 1;
        break;
    }
    // Grid.slice, outside the grid walls (kWallOutside), then rotate_left
    // agent_dir + 1 times: view (i, j) <- slice (i', j').
    std::vector<int>& view = view_;
    std::vector<int>& rotated = rotated_;
    view.assign(static_cast<std::size_t>(n) * n, kNone);
    for (int j = 0; j < n; ++j) {
      for (int i = 0; i < n; ++i) {
        const int x = top_x + i;
        const int y = top_y + j;
        view[j * n + i] = (0 <= x && x < width && 0 <= y && y < height) ? Get(x, y) : kWallOutside;
      }
    }
    for (int r = 0; r < agent_dir + 1; ++r) {
      rotated.assign(view.size(), kNone);
      // rotate_left: new (j, n - 1 - i) = old (i, j).
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) rotated[(n - 1 - i) * n + j] = view[j * n + i];
      }
      view.swap(rotated);
    }
    const auto see_behind = [&](int cell) {
      if (cell == kWallOutside) return false;
      return cell == kNone || objects[cell].SeeBehind();
    };
    std::vector<char>& mask = mask_;
    mask.assign(static_cast<std::size_t>(n) * n, see_through_walls ? 1 : 0);
    if (!see_through_walls) {
      // process_vis, with the agent at (n // 2, n - 1).
      const auto m = [&](int i, int j) -> char& { return mask[j * n + i]; };
      m(n / 2, n - 1) = 1;
      for (int j = n - 1; j >= 0; --j) {
        for (int i = 0; i < n - 1; ++i) {
          if (!m(i, j) || !see_behind(view[j * n + i])) continue;
          m(i + 1, j) = 1;
          if (j > 0) {
            m(i + 1, j - 1) = 1;
            m(i, j - 1) = 1;
          }
        }
        for (int i = n - 1; i >= 1; --i) {
          if (!m(i, j) || !see_behind(view[j * n + i])) continue;
          m(i - 1, j) = 1;
          if (j > 0) {
            m(i - 1, j - 1) = 1;
            m(i, j - 1) = 1;
          }
        }
      }
    }
    // The agent sees what it carries, in its own cell.
    view[(n - 1) * n + n / 2] = carrying;
  }
  const std::vector<int>& view() const { return view_; }
  const std::vector<char>& visible() const { return mask_; }

  // ---- gen_obs: the partial view, encoded ----
  // Writes agent_view_size x agent_view_size x 3 bytes, indexed [x][y][c] in
  // the view (minigrid's Grid.encode layout).
  void EncodeView(std::uint8_t* image) const {
    ObsGrid();
    const int n = agent_view_size;
    const std::vector<int>& view = view_;
    const std::vector<char>& mask = mask_;
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        std::uint8_t* out = image + (static_cast<std::size_t>(i) * n + j) * 3;
        const int cell = view[j * n + i];
        if (!mask[j * n + i]) {
          out[0] = out[1] = out[2] = 0;
        } else if (cell == kNone) {
          out[0] = kEmpty;
          out[1] = out[2] = 0;
        } else if (cell == kWallOutside) {
          out[0] = kWall;
          out[1] = kGrey;
          out[2] = 0;
        } else {
          const auto code = objects[cell].Encode();
          out[0] = code[0];
          out[1] = code[1];
          out[2] = code[2];
        }
      }
    }
  }

  // minigrid's FullyObsWrapper: the whole grid encoded (width x height x 3,
  // indexed [x][y]), the agent's cell (agent, red, direction).
  void EncodeFull(std::uint8_t* image) const {
    for (int i = 0; i < width; ++i) {
      for (int j = 0; j < height; ++j) {
        std::uint8_t* out = image + (static_cast<std::size_t>(i) * height + j) * 3;
        const int cell = Get(i, j);
        if (cell == kNone) {
          out[0] = kEmpty;
          out[1] = out[2] = 0;
        } else {
          const auto code = objects[cell].Encode();
          out[0] = code[0];
          out[1] = code[1];
          out[2] = code[2];
        }
      }
    }
    std::uint8_t* agent =
        image + (static_cast<std::size_t>(agent_pos.x) * height + agent_pos.y) * 3;
    agent[0] = kAgent;
    agent[1] = kRed;
    agent[2] = static_cast<std::uint8_t>(agent_dir);
  }

 private:
  mutable std::vector<int> view_, rotated_;
  mutable std::vector<char> mask_;
};

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_GRID_WORLD_H_
