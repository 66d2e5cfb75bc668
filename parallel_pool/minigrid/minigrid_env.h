// MinigridEnv: minigrid 3.2.0's levels (levels/*.h) on the GridWorld engine,
// one env class for every id, the level picked by EnvPool's `env_name`.
//
// Observation (EnvPool's layout): "image" uint8 [view, view, 3], minigrid's
// encoding of the agent's partial view, indexed [x][y] as minigrid's (with
// fully_observable, FullyObsWrapper's [width, height, 3] whole grid); the
// "direction" (Discrete(4)); the "mission" as UTF-8 bytes, zero padded to
// `mission_bytes` (parallel_pool.minigrid.decode_mission turns rows back
// into strings). Info "agent_pos": the agent's (x, y).
// Actions: Discrete(7), minigrid's left, right, forward, pickup, drop,
// toggle, done.
// max_steps is the pool's max_episode_steps: minigrid truncates at it and
// pays 1 - 0.9 * step_count / max_steps for reaching the goal. With
// mission_max_steps (BabyAI's level-generator ids) max_steps is each
// mission's own, as RoomGridLevel sets it (navigations x maze cells), and
// max_episode_steps only caps it.
// Seeds: env i of a pool made with seed=s runs minigrid's episodes after
//   reset(seed=s+i), draw for draw; later episodes those of its reset().
#ifndef PARALLEL_POOL_MINIGRID_MINIGRID_ENV_H_
#define PARALLEL_POOL_MINIGRID_MINIGRID_ENV_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/core/render.h"
#include "parallel_pool/minigrid/frame_render.h"
#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_registry.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::minigrid {

class MinigridEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict(
        "env_name"_.Bind(std::string("empty")), "size"_.Bind(8), "width"_.Bind(9),
        "height"_.Bind(7), "agent_start_pos"_.Bind(std::vector<int>{1, 1}),
        "agent_start_dir"_.Bind(0), "agent_view_size"_.Bind(7), "see_through_walls"_.Bind(false),
        "num_crossings"_.Bind(1), "obstacle_type"_.Bind(std::string("lava")), "strip2_row"_.Bind(2),
        "num_objs"_.Bind(2), "random_length"_.Bind(false), "n_obstacles"_.Bind(4),
        "min_num_rooms"_.Bind(2), "max_num_rooms"_.Bind(6), "max_room_size"_.Bind(10),
        "room_size"_.Bind(6), "num_rows"_.Bind(3), "obj_type"_.Bind(std::string("ball")),
        "key_in_box"_.Bind(true), "blocked"_.Bind(true), "num_quarters"_.Bind(4),
        "agent_room"_.Bind(std::vector<int>{1, 1}), "mission_bytes"_.Bind(96),
        "fully_observable"_.Bind(false), "num_dists"_.Bind(18), "num_cols"_.Bind(3),
        "doors_open"_.Bind(false), "select_by"_.Bind(std::string("")), "debug"_.Bind(false),
        "strict"_.Bind(false), "first_color"_.Bind(std::string("")),
        "second_color"_.Bind(std::string("")), "num_doors"_.Bind(2), "objs_per_room"_.Bind(1),
        "start_carrying"_.Bind(false), "distractors"_.Bind(false), "mission_max_steps"_.Bind(false),
        "rgb_image"_.Bind(std::string("none")), "rgb_tile_size"_.Bind(8));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    const std::string& name = conf["env_name"_];
    const Level* level = FindLevel(name);
    RequireConfig(level != nullptr,
                  "env_name: unknown minigrid level '" + name + "'; known: " + KnownLevelNames());
    const int view = conf["agent_view_size"_];
    RequireConfig(view >= 3 && view % 2 == 1,
                  "agent_view_size: must be an odd int >= 3, as minigrid asserts (got " +
                      std::to_string(view) + ")");
    const std::vector<int>& start = conf["agent_start_pos"_];
    RequireConfig(start.size() == 2,
                  "agent_start_pos: expected (x, y), or (-1, -1) for a random start");
    RequireConfig(conf["agent_room"_].size() == 2, "agent_room: expected (i, j)");
    for (const std::string& color :
         {std::string(conf["first_color"_]), std::string(conf["second_color"_])}) {
      RequireConfig(color.empty() || ColorNamed(color).has_value(),
                    "first_color, second_color: expected one of minigrid's colours (red, green, "
                    "blue, purple, yellow, grey) or '' (drawn), got '" +
                        color + "'");
    }
    RequireConfig(conf["agent_start_dir"_] >= -1 && conf["agent_start_dir"_] <= 3,
                  "agent_start_dir: expected 0 (right), 1 (down), 2 (left), 3 (up) or -1");
    const std::string& obstacle = conf["obstacle_type"_];
    RequireConfig(obstacle == "lava" || obstacle == "wall",
                  "obstacle_type: expected 'lava' or 'wall', got '" + obstacle + "'");
    const int needed = std::max(level->longest_mission, 1);
    RequireConfig(conf["mission_bytes"_] >= needed,
                  "mission_bytes: " + name + "'s missions take up to " + std::to_string(needed) +
                      " bytes; a mission is never cut (got " +
                      std::to_string(static_cast<int>(conf["mission_bytes"_])) + ")");
    const std::string& rgb = conf["rgb_image"_];
    RequireConfig(rgb == "none" || rgb == "full" || rgb == "partial",
                  "rgb_image: expected 'none', 'full' (RGBImgObsWrapper) or 'partial' "
                  "(RGBImgPartialObsWrapper), got '" +
                      rgb + "'");
    RequireConfig(rgb == "none" || !conf["fully_observable"_],
                  "rgb_image, fully_observable: one image at a time (an RGB frame or the "
                  "encoded full grid); set one of them");
    RequireConfig(conf["rgb_tile_size"_] >= 1 && conf["rgb_tile_size"_] <= 256,
                  "rgb_tile_size: expected an int in [1, 256] (pixels per cell), got " +
                      std::to_string(static_cast<int>(conf["rgb_tile_size"_])));
    RequireConfig(!conf["mission_max_steps"_] || level->step == babyai::StepBabyAI,
                  "mission_max_steps: only BabyAI's levels (env_name babyai_*) set a time limit "
                  "from their mission");
    level->validate(ConfigOf(conf));
  }

  // The level's grid (width, height): it never depends on the level's draws,
  // so one generated from seed 0 tells it.
  template <typename Config>
  static Pos GridSize(const Config& conf) {
    GridWorld world;
    numpy_exact::NumpyGenerator rng(0);
    FindLevel(conf["env_name"_])->generate(world, rng, ConfigOf(conf));
    return {world.width, world.height};
  }

  // The image's shape: the view's encoding, FullyObsWrapper's [width,
  // height, 3] grid, or an RGB frame ([rows, columns, 3] pixels).
  template <typename Config>
  static std::vector<int> ImageShape(const Config& conf) {
    const int view = conf["agent_view_size"_];
    const std::string& rgb = conf["rgb_image"_];
    const int tile = conf["rgb_tile_size"_];
    if (rgb == "partial") return {view * tile, view * tile, 3};
    if (rgb == "full") {
      const Pos size = GridSize(conf);
      return {size.y * tile, size.x * tile, 3};
    }
    if (!conf["fully_observable"_]) return {view, view, 3};
    const Pos size = GridSize(conf);
    return {size.x, size.y, 3};
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return MakeDict("obs:image"_.Bind(Spec<std::uint8_t>(ImageShape(conf), {0, 255})),
                    "obs:direction"_.Bind(Spec<int>({}, {0, 3})),
                    "obs:mission"_.Bind(Spec<std::uint8_t>({conf["mission_bytes"_]}, {0, 255})),
                    "info:agent_pos"_.Bind(Spec<int>({2})));
  }

  // Discrete(7), or a level's fewer actions (DynamicObstacles: left, right,
  // forward).
  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    const Level* level = FindLevel(conf["env_name"_]);
    const int n = level == nullptr ? 7 : level->num_actions;
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, n - 1})));
  }

  template <typename Config>
  static LevelConfig ConfigOf(const Config& conf) {
    LevelConfig c;
    c.env_name = conf["env_name"_];
    c.size = conf["size"_];
    c.width = conf["width"_];
    c.height = conf["height"_];
    const std::vector<int>& start = conf["agent_start_pos"_];
    c.random_start = start.size() == 2 && start[0] < 0 && start[1] < 0;
    if (start.size() == 2) c.agent_start_pos = {start[0], start[1]};
    c.agent_start_dir = conf["agent_start_dir"_];
    c.num_crossings = conf["num_crossings"_];
    c.obstacle_type = std::string(conf["obstacle_type"_]) == "wall" ? kWall : kLava;
    c.strip2_row = conf["strip2_row"_];
    c.num_objs = conf["num_objs"_];
    c.random_length = conf["random_length"_];
    c.n_obstacles = conf["n_obstacles"_];
    c.min_num_rooms = conf["min_num_rooms"_];
    c.max_num_rooms = conf["max_num_rooms"_];
    c.max_room_size = conf["max_room_size"_];
    c.room_size = conf["room_size"_];
    c.num_rows = conf["num_rows"_];
    const std::string& obj_type = conf["obj_type"_];
    c.obj_type = obj_type == "key"
                     ? kKey
                     : (obj_type == "box" ? kBox : (obj_type == "ball" ? kBall : kEmpty));
    c.key_in_box = conf["key_in_box"_];
    c.blocked = conf["blocked"_];
    c.num_quarters = conf["num_quarters"_];
    const std::vector<int>& room = conf["agent_room"_];
    if (room.size() == 2) c.agent_room = {room[0], room[1]};
    c.num_dists = conf["num_dists"_];
    c.num_cols = conf["num_cols"_];
    c.doors_open = conf["doors_open"_];
    c.select_by = conf["select_by"_];
    c.debug = conf["debug"_];
    c.strict = conf["strict"_];
    c.first_color = ColorNamed(conf["first_color"_]);
    c.second_color = ColorNamed(conf["second_color"_]);
    c.num_doors = conf["num_doors"_];
    c.objs_per_room = conf["objs_per_room"_];
    c.start_carrying = conf["start_carrying"_];
    c.distractors = conf["distractors"_];
    return c;
  }

  // A colour by minigrid's name; none for "".
  static std::optional<Color> ColorNamed(const std::string& name) {
    for (int k = 0; k < static_cast<int>(kColorText.size()); ++k) {
      if (name == kColorText[k]) return static_cast<Color>(k);
    }
    return std::nullopt;
  }
};

using MinigridEnvSpec = EnvSpec<MinigridEnvFns>;

class MinigridEnv : public Env<MinigridEnvSpec> {
 public:
  MinigridEnv(const Spec& spec, int env_id)
      : Env(spec, env_id),
        config_(MinigridEnvFns::ConfigOf(spec.config)),
        level_(FindLevel(config_.env_name)),
        mission_bytes_(spec.config["mission_bytes"_]),
        fully_observable_(spec.config["fully_observable"_]),
        mission_max_steps_(spec.config["mission_max_steps"_]),
        rgb_(RgbOf(spec.config["rgb_image"_])),
        rgb_tile_size_(spec.config["rgb_tile_size"_]) {
    world_.agent_view_size = spec.config["agent_view_size"_];
    world_.see_through_walls = spec.config["see_through_walls"_];
    world_.max_steps = spec.config["max_episode_steps"_];
  }

  // render(): minigrid's get_frame() as its env renders it (highlight on,
  // 32-pixel tiles, the whole grid).
  static constexpr int kRenderTile = 32;
  static RenderRequest CheckRender(const Spec& spec, RenderRequest request) {
    const Pos size = MinigridEnvFns::GridSize(spec.config);
    const int height = size.y * kRenderTile;
    const int width = size.x * kRenderTile;
    // Another render_height / render_width: the core resizes the frame to it
    // (core/render.h's ResizedFrames).
    RequireConfig(request.camera_id == -1, "render_camera_id: minigrid has one view, camera -1");
    return RenderRequest{height, width, -1};
  }
  void Render(const RenderRequest&, std::uint8_t* rgb) const {
    if (world_.width == 0) throw std::runtime_error("render() before the first reset");
    FullFrame(world_, true, kRenderTile, rgb);
  }

 protected:
  void Reset() override {
    level_->generate(world_, np_random_, config_);
    world_.carrying = GridWorld::kNone;
    world_.step_count = 0;
    if (mission_max_steps_) {
      world_.max_steps = world_.task.mission_max_steps;
      LimitEpisodeSteps(world_.max_steps);
    }
    terminated_ = false;
    // PutNext...Carrying: minigrid's reset() hands the agent the object after
    // its partial view is made, and before the wrappers (FullyObsWrapper, the
    // RGB ones) read the grid.
    if (fully_observable_ || rgb_ != Rgb::kNone) TakeCarriedAtStart();
    Write(0.0);
    TakeCarriedAtStart();
  }

  void Step(const Action& action) override {
    const GridWorld::StepResult result =
        level_->step(world_, np_random_, action["action"_].Get<int>());
    terminated_ = result.terminated;
    Write(result.reward);
  }

  // minigrid's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override { return terminated_; }

 private:
  void TakeCarriedAtStart() {
    const int carried = std::exchange(world_.task.carried_at_start, GridWorld::kNone);
    if (carried == GridWorld::kNone) return;
    const Pos at = world_.objects[carried].init_pos;
    world_.Set(at.x, at.y, GridWorld::kNone);
    world_.carrying = carried;
  }

  void Write(double reward) {
    State& state = Allocate();
    if (rgb_ == Rgb::kFull) {
      FullFrame(world_, true, rgb_tile_size_, state["obs:image"_].Data<std::uint8_t>());
    } else if (rgb_ == Rgb::kPartial) {
      PovFrame(world_, rgb_tile_size_, state["obs:image"_].Data<std::uint8_t>());
    } else if (fully_observable_) {
      world_.EncodeFull(state["obs:image"_].Data<std::uint8_t>());
    } else {
      world_.EncodeView(state["obs:image"_].Data<std::uint8_t>());
    }
    state["obs:direction"_] = world_.agent_dir;
    auto* mission = state["obs:mission"_].Data<std::uint8_t>();
    std::memset(mission, 0, mission_bytes_);
    std::memcpy(mission, world_.mission.data(),
                std::min<std::size_t>(world_.mission.size(), mission_bytes_));
    int* pos = state["info:agent_pos"_].Data<int>();
    pos[0] = world_.agent_pos.x;
    pos[1] = world_.agent_pos.y;
    state["reward"_] = reward;
  }

  LevelConfig config_;
  const Level* level_;
  std::size_t mission_bytes_;
  bool fully_observable_;
  bool mission_max_steps_;  // BabyAI's time limit per mission
  // The RGB observation wrappers: none, RGBImgObsWrapper, RGBImgPartialObsWrapper.
  enum class Rgb { kNone, kFull, kPartial };
  static Rgb RgbOf(const std::string& name) {
    return name == "full" ? Rgb::kFull : (name == "partial" ? Rgb::kPartial : Rgb::kNone);
  }
  Rgb rgb_;
  int rgb_tile_size_;
  GridWorld world_;
  numpy_exact::NumpyGenerator np_random_{seed()};
  bool terminated_ = false;
};

using MinigridEnvPool = AsyncEnvPool<MinigridEnv>;

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_MINIGRID_ENV_H_
