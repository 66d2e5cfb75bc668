// BabyAI's level generator (minigrid.envs.babyai.core.levelgen.LevelGen) and
// the levels built on it: GoToSeq, PickupLoc, Synth, SynthLoc, SynthSeq,
// MiniBossLevel, BossLevel, BossLevelNoUnlock. A maze with, some of the time,
// a locked room, random doors and distractors, then a random sentence of the
// baby language: an action (go to, pick up, open, put next to), two joined by
// "and", or two of those in sequence ("then", "after you"). The sentence's
// length sets the episode's time limit (task.mission_max_steps).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_LEVELGEN_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_LEVELGEN_H_

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/babyai_instr.h"
#include "parallel_pool/minigrid/levels/babyai_level.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

namespace babyai {

enum class Action { kGoTo, kPickup, kOpen, kPutNext };
enum class Compose { kAction, kAnd, kSeq };

// What LevelGen's constructor takes; each level fixes some.
struct LevelGenOptions {
  double locked_room_prob = 0.5;
  bool locations = true;
  bool unblocking = true;
  bool implicit_unlock = true;
  std::vector<Action> action_kinds{Action::kGoTo, Action::kPickup, Action::kOpen, Action::kPutNext};
  std::vector<Compose> instr_kinds{Compose::kAction, Compose::kAnd, Compose::kSeq};
};

class LevelGen {
 public:
  LevelGen(GridWorld& w, numpy_exact::NumpyGenerator& rng, RoomGrid& grid,
           const LevelGenOptions& options)
      : w_(w), rng_(rng), grid_(grid), options_(options) {}

  // gen_mission.
  std::unique_ptr<Instr> GenMission(int num_dists) {
    locked_ = std::nullopt;
    if (rng_.Uniform(0.0, 1.0) < options_.locked_room_prob) AddLockedRoom();
    grid_.ConnectAll();
    grid_.AddDistractors(std::nullopt, std::nullopt, num_dists, false);
    if (locked_) {
      grid_.PlaceAgentOutside(locked_->x, locked_->y);
    } else {
      grid_.PlaceAgent();
    }
    if (!options_.unblocking) CheckObjsReachable(w_);
    return RandInstr(options_.instr_kinds);
  }

 private:
  // add_locked_room: a locked door on an inner wall of a random room, its key
  // in another room.
  void AddLockedRoom() {
    int door = GridWorld::kNone;
    while (true) {
      const int i = GridWorld::RandInt(rng_, 0, grid_.num_cols());
      const int j = GridWorld::RandInt(rng_, 0, grid_.num_rows());
      const int door_idx = GridWorld::RandInt(rng_, 0, 4);
      locked_ = Pos{i, j};
      if (grid_.room(i, j).neighbors[door_idx] < 0) continue;
      door = grid_.AddDoor(i, j, door_idx, std::nullopt, true).first;
      break;
    }
    while (true) {
      const int i = GridWorld::RandInt(rng_, 0, grid_.num_cols());
      const int j = GridWorld::RandInt(rng_, 0, grid_.num_rows());
      if (Pos{i, j} == *locked_) continue;
      grid_.AddObject(i, j, kKey, w_.objects[door].color);
      break;
    }
  }

  // rand_obj: a description (colour or any, type, with locations a side or
  // none) that matches an object, and without implicit unlocking one outside
  // the locked room; after 100 failed draws the sample is dropped (minigrid's
  // RecursionError).
  ObjDesc RandObj(const std::vector<ObjType>& types) {
    int tries = 0;
    while (true) {
      if (tries > 100) throw RejectSampling("failed to find suitable object");
      ++tries;
      const int color = GridWorld::RandInt(rng_, 0, static_cast<int>(kColorNames.size()) + 1);
      const ObjType type = GridWorld::RandElem(rng_, types);
      std::optional<Loc> loc;
      if (options_.locations && GridWorld::RandBool(rng_)) {
        loc = static_cast<Loc>(GridWorld::RandInt(rng_, 0, 4));
      }
      ObjDesc desc{type,
                   color == 0 ? std::nullopt : std::optional<Color>(kColorNames[color - 1]),
                   loc,
                   {},
                   {}};
      desc.FindMatchingObjs(w_, grid_.room_size());
      if (desc.obj_set.empty()) continue;
      if (!options_.implicit_unlock && locked_) {
        bool outside = false;
        for (const Pos& p : desc.obj_poss) {
          outside = outside || !grid_.PosInside(locked_->x, locked_->y, p);
        }
        if (!outside) continue;
      }
      return desc;
    }
  }

  // rand_instr: an action, "and" of two actions, or a sequence of two
  // actions or "and"s.
  std::unique_ptr<Instr> RandInstr(const std::vector<Compose>& kinds) {
    // OBJ_TYPES and OBJ_TYPES_NOT_DOOR, in minigrid's order.
    static const std::vector<ObjType> kTypes{kBox, kBall, kKey, kDoor};
    static const std::vector<ObjType> kNotDoor{kBox, kBall, kKey};
    switch (GridWorld::RandElem(rng_, kinds)) {
      case Compose::kAction:
        switch (GridWorld::RandElem(rng_, options_.action_kinds)) {
          case Action::kGoTo:
            return Instr::GoTo(RandObj(kTypes));
          case Action::kPickup:
            return Instr::Pickup(RandObj(kNotDoor));
          case Action::kOpen:
            return Instr::Open(RandObj({kDoor}));
          case Action::kPutNext: {
            ObjDesc move = RandObj(kNotDoor);
            return Instr::PutNext(std::move(move), RandObj(kTypes));
          }
        }
        break;
      case Compose::kAnd: {
        std::unique_ptr<Instr> a = RandInstr({Compose::kAction});
        std::unique_ptr<Instr> b = RandInstr({Compose::kAction});
        return Instr::Sequence(Instr::Kind::kAnd, std::move(a), std::move(b));
      }
      case Compose::kSeq: {
        std::unique_ptr<Instr> a = RandInstr({Compose::kAction, Compose::kAnd});
        std::unique_ptr<Instr> b = RandInstr({Compose::kAction, Compose::kAnd});
        const bool before = GridWorld::RandInt(rng_, 0, 2) == 0;
        return Instr::Sequence(before ? Instr::Kind::kBefore : Instr::Kind::kAfter, std::move(a),
                               std::move(b));
      }
    }
    throw std::logic_error("LevelGen: unknown instruction kind");
  }

  GridWorld& w_;
  numpy_exact::NumpyGenerator& rng_;
  RoomGrid& grid_;
  const LevelGenOptions& options_;
  std::optional<Pos> locked_;  // the locked room's (i, j)
};

inline void GenerateLevelGen(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c,
                             int num_rows, int num_cols, const LevelGenOptions& options) {
  Generate(
      w, rng, c.room_size, num_rows, num_cols,
      [&](RoomGrid& grid) { return LevelGen(w, rng, grid, options).GenMission(c.num_dists); },
      options.unblocking);
}

}  // namespace babyai

inline void GenerateGoToSeq(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  babyai::LevelGenOptions o;
  o.action_kinds = {babyai::Action::kGoTo};
  o.locked_room_prob = 0;
  o.locations = false;
  o.unblocking = false;
  babyai::GenerateLevelGen(w, rng, c, c.num_rows, c.num_cols, o);
}

inline void GeneratePickupLoc(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                              const LevelConfig& c) {
  babyai::LevelGenOptions o;
  o.action_kinds = {babyai::Action::kPickup};
  o.instr_kinds.assign(1, babyai::Compose::kAction);  // GCC 14 misreads `= {one}`
  o.locked_room_prob = 0;
  o.unblocking = false;
  babyai::GenerateLevelGen(w, rng, c, 1, 1, o);
}

// Synth (locations off) and SynthLoc: one action; no implicit unlocking.
inline void GenerateSynth(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  babyai::LevelGenOptions o;
  o.instr_kinds.assign(1, babyai::Compose::kAction);
  o.locations = false;
  o.implicit_unlock = false;
  babyai::GenerateLevelGen(w, rng, c, c.num_rows, c.num_cols, o);
}

inline void GenerateSynthLoc(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  babyai::LevelGenOptions o;
  o.instr_kinds.assign(1, babyai::Compose::kAction);
  o.implicit_unlock = false;
  babyai::GenerateLevelGen(w, rng, c, c.num_rows, c.num_cols, o);
}

inline void GenerateSynthSeq(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  babyai::LevelGenOptions o;
  o.implicit_unlock = false;
  babyai::GenerateLevelGen(w, rng, c, c.num_rows, c.num_cols, o);
}

// MiniBossLevel: BossLevel in a 2 x 2 maze of 5-cell rooms, 7 distractors, a
// locked room a quarter of the time (the sizes come from the registration).
inline void GenerateMiniBossLevel(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                  const LevelConfig& c) {
  babyai::LevelGenOptions o;
  o.locked_room_prob = 0.25;
  babyai::GenerateLevelGen(w, rng, c, c.num_rows, c.num_cols, o);
}

inline void GenerateBossLevel(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                              const LevelConfig& c) {
  babyai::GenerateLevelGen(w, rng, c, c.num_rows, c.num_cols, babyai::LevelGenOptions{});
}

inline void GenerateBossLevelNoUnlock(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                      const LevelConfig& c) {
  babyai::LevelGenOptions o;
  o.locked_room_prob = 0;
  o.implicit_unlock = false;
  babyai::GenerateLevelGen(w, rng, c, c.num_rows, c.num_cols, o);
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_LEVELGEN_H_
