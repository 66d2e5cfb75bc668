// BabyAI's instructions (minigrid.envs.babyai.core.verifier): an object
// description, the action instructions built on it (go to, open, pick up,
// put next to) and the compositions (and, before, after), each with its
// surface text and its verifier,
// which returns minigrid's "success", "failure" or "continue" after every
// step.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_INSTR_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_INSTR_H_

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"

namespace parallel_pool::minigrid::babyai {

// LOC_NAMES, relative to the agent's direction at reset.
enum class Loc { kLeft, kRight, kFront, kBehind };

enum class Status { kContinue, kSuccess, kFailure };

// RoomGridLevel's RejectSampling: the sample is dropped and generation
// starts over, drawing on.
struct RejectSampling : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// ObjDesc: a type (or any: "object"), and optionally a colour and a location
// in the agent's room.
struct ObjDesc {
  std::optional<ObjType> type;
  std::optional<Color> color;
  std::optional<Loc> loc;
  std::vector<int> obj_set;   // matched at reset
  std::vector<Pos> obj_poss;  // their positions (refreshed after drops)

  // find_matching_objs: x-major over the grid; with a location, only cells of
  // the agent's room on that side of it. Without use_location, only the
  // objects already matched are looked for again.
  void FindMatchingObjs(const GridWorld& w, int room_size, bool use_location = true) {
    if (use_location) obj_set.clear();
    obj_poss.clear();
    const Pos a = w.agent_pos;
    const int room_x = (a.x / (room_size - 1)) * (room_size - 1);
    const int room_y = (a.y / (room_size - 1)) * (room_size - 1);
    for (int i = 0; i < w.width; ++i) {
      for (int j = 0; j < w.height; ++j) {
        const int id = w.Get(i, j);
        if (id == GridWorld::kNone) continue;
        if (!use_location && std::find(obj_set.begin(), obj_set.end(), id) == obj_set.end()) {
          continue;
        }
        const Obj& cell = w.objects[id];
        if (type && cell.type != *type) continue;
        if (color && cell.color != *color) continue;
        if (use_location && loc) {
          if (i < room_x || j < room_y || i >= room_x + room_size || j >= room_y + room_size) {
            continue;  // Room.pos_inside
          }
          const int vx = i - a.x;
          const int vy = j - a.y;
          const Pos d1 = kDirToVec[w.agent_dir];
          const int along = vx * d1.x + vy * d1.y;
          const int across = vx * -d1.y + vy * d1.x;
          const bool match =
              (*loc == Loc::kLeft && across < 0) || (*loc == Loc::kRight && across > 0) ||
              (*loc == Loc::kFront && along > 0) || (*loc == Loc::kBehind && along < 0);
          if (!match) continue;
        }
        if (use_location) obj_set.push_back(id);
        obj_poss.push_back({i, j});
      }
    }
  }

  std::string Surface(const GridWorld& w, int room_size) {
    FindMatchingObjs(w, room_size);
    if (obj_set.empty()) throw std::logic_error("no object matching description");
    std::string s = type ? kTypeText[*type] : "object";
    if (color) s = std::string(kColorText[*color]) + " " + s;
    if (loc) {
      switch (*loc) {
        case Loc::kFront:
          s += " in front of you";
          break;
        case Loc::kBehind:
          s += " behind you";
          break;
        case Loc::kLeft:
          s += " on your left";
          break;
        case Loc::kRight:
          s += " on your right";
          break;
      }
    }
    return (obj_set.size() > 1 ? "a " : "the ") + s;
  }
};

// ObjDesc(obj.type, obj.color): a description of one object's kind.
inline ObjDesc Describe(const Obj& obj) {
  return ObjDesc{obj.type, obj.color, std::nullopt, {}, {}};
}

class Instr {
 public:
  enum class Kind { kGoTo, kOpen, kPickup, kPutNext, kAnd, kBefore, kAfter };

  static std::unique_ptr<Instr> GoTo(ObjDesc desc) {
    return std::unique_ptr<Instr>(new Instr(Kind::kGoTo, std::move(desc), false));
  }
  static std::unique_ptr<Instr> Open(ObjDesc desc, bool strict = false) {
    return std::unique_ptr<Instr>(new Instr(Kind::kOpen, std::move(desc), strict));
  }
  static std::unique_ptr<Instr> Pickup(ObjDesc desc, bool strict = false) {
    return std::unique_ptr<Instr>(new Instr(Kind::kPickup, std::move(desc), strict));
  }
  static std::unique_ptr<Instr> PutNext(ObjDesc move, ObjDesc fixed, bool strict = false) {
    auto out = std::unique_ptr<Instr>(new Instr(Kind::kPutNext, std::move(move), strict));
    out->desc_fixed_ = std::move(fixed);
    return out;
  }
  // kAnd, kBefore or kAfter of two instructions.
  static std::unique_ptr<Instr> Sequence(Kind kind, std::unique_ptr<Instr> a,
                                         std::unique_ptr<Instr> b, bool strict = false) {
    auto out = std::unique_ptr<Instr>(new Instr(kind, ObjDesc{}, strict));
    out->a_ = std::move(a);
    out->b_ = std::move(b);
    return out;
  }

  // The mission text.
  std::string Surface(const GridWorld& w, int room_size) {
    switch (kind_) {
      case Kind::kGoTo:
        return "go to " + desc_.Surface(w, room_size);
      case Kind::kOpen:
        return "open " + desc_.Surface(w, room_size);
      case Kind::kPickup:
        return "pick up " + desc_.Surface(w, room_size);
      case Kind::kPutNext:
        return "put " + desc_.Surface(w, room_size) + " next to " +
               desc_fixed_.Surface(w, room_size);
      case Kind::kAnd:
        return a_->Surface(w, room_size) + " and " + b_->Surface(w, room_size);
      case Kind::kBefore:
        return a_->Surface(w, room_size) + ", then " + b_->Surface(w, room_size);
      case Kind::kAfter:
        return a_->Surface(w, room_size) + " after you " + b_->Surface(w, room_size);
    }
    return "";
  }

  // reset_verifier, after the episode's grid is made.
  void ResetVerifier(const GridWorld& w, int room_size) {
    room_size_ = room_size;
    if (a_) {
      a_->ResetVerifier(w, room_size);
      b_->ResetVerifier(w, room_size);
      a_done_ = b_done_ = Status::kContinue;
      return;
    }
    pre_carrying_ = GridWorld::kNone;
    desc_.FindMatchingObjs(w, room_size);
    if (kind_ == Kind::kPutNext) desc_fixed_.FindMatchingObjs(w, room_size);
  }

  // RoomGridLevel.update_objs_poss, after a drop.
  void UpdateObjsPoss(const GridWorld& w) {
    if (a_) {
      a_->UpdateObjsPoss(w);
      b_->UpdateObjsPoss(w);
      return;
    }
    desc_.FindMatchingObjs(w, room_size_, /*use_location=*/false);
    if (kind_ == Kind::kPutNext) desc_fixed_.FindMatchingObjs(w, room_size_, false);
  }

  // num_navs_needed: how many trips across the maze the instruction takes
  // (RoomGridLevel's time limit is this many times the maze's cells).
  int NumNavs() const {
    if (a_) return a_->NumNavs() + b_->NumNavs();
    return kind_ == Kind::kPutNext ? 2 : 1;
  }

  // RoomGridLevel.validate_instrs: a put-next whose objects overlap or
  // already touch is rejected; with unblocking, so is an action on a key of a
  // locked door's colour (the keys the agent may need to move).
  void Validate(const GridWorld& w, int room_size, bool unblocking) {
    if (a_) {
      a_->Validate(w, room_size, unblocking);
      b_->Validate(w, room_size, unblocking);
      return;
    }
    if (kind_ == Kind::kPutNext) {
      ResetVerifier(w, room_size);
      for (int obj : desc_.obj_set) {
        if (std::find(desc_fixed_.obj_set.begin(), desc_fixed_.obj_set.end(), obj) !=
            desc_fixed_.obj_set.end()) {
          throw RejectSampling("objects match both sides of put next");
        }
      }
      if (ObjsNext(w)) throw RejectSampling("objects already next to each other");
    }
    if (!unblocking) return;
    for (const ObjDesc* desc : {&desc_, &desc_fixed_}) {
      if (desc->type != kKey || !desc->color) continue;
      for (const Obj& obj : w.objects) {
        if (obj.type == kDoor && obj.is_locked && obj.color == *desc->color) {
          throw RejectSampling("an action on a key that opens a locked door");
        }
      }
    }
  }

  Status Verify(const GridWorld& w, int action) {
    switch (kind_) {
      case Kind::kGoTo: {
        const Pos front = w.FrontPos();
        for (const Pos& p : desc_.obj_poss) {
          if (p == front) return Status::kSuccess;
        }
        return Status::kContinue;
      }
      case Kind::kOpen: {
        if (action != kToggle) return Status::kContinue;
        const Pos front = w.FrontPos();
        const int front_id = w.Get(front.x, front.y);
        for (int door : desc_.obj_set) {
          if (front_id == door && w.objects[door].is_open) return Status::kSuccess;
        }
        if (strict_ && front_id != GridWorld::kNone && w.objects[front_id].type == kDoor) {
          return Status::kFailure;
        }
        return Status::kContinue;
      }
      case Kind::kPickup: {
        // Picking up a matching object with empty hands; strict: picking up
        // anything else fails.
        const int pre_carrying = pre_carrying_;
        pre_carrying_ = w.carrying;
        if (action != kPickup) return Status::kContinue;
        for (int obj : desc_.obj_set) {
          if (pre_carrying == GridWorld::kNone && w.carrying == obj) return Status::kSuccess;
        }
        if (strict_ && w.carrying != GridWorld::kNone) return Status::kFailure;
        pre_carrying_ = w.carrying;
        return Status::kContinue;
      }
      case Kind::kPutNext: {
        const int pre_carrying = pre_carrying_;
        pre_carrying_ = w.carrying;
        if (strict_ && action == kPickup && w.carrying != GridWorld::kNone) {
          return Status::kFailure;
        }
        if (action != kDrop) return Status::kContinue;
        for (int obj : desc_.obj_set) {
          if (pre_carrying != obj) continue;
          for (const Pos& p : desc_fixed_.obj_poss) {
            if (NextTo(w.objects[obj].cur_pos, p)) return Status::kSuccess;
          }
        }
        return Status::kContinue;
      }
      case Kind::kAnd:
        if (a_done_ != Status::kSuccess) a_done_ = a_->Verify(w, action);
        if (b_done_ != Status::kSuccess) b_done_ = b_->Verify(w, action);
        if (a_done_ == Status::kSuccess && b_done_ == Status::kSuccess) return Status::kSuccess;
        return Status::kContinue;
      case Kind::kBefore:
        return VerifySequence(w, action, *a_, a_done_, *b_, b_done_);
      case Kind::kAfter:
        return VerifySequence(w, action, *b_, b_done_, *a_, a_done_);
    }
    return Status::kContinue;
  }

 private:
  Instr(Kind kind, ObjDesc desc, bool strict)
      : kind_(kind), desc_(std::move(desc)), strict_(strict) {}

  // pos_next_to: one step apart along a row or a column.
  static bool NextTo(Pos a, Pos b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y) == 1; }

  // PutNextInstr.objs_next: an object to move already beside a fixed one.
  bool ObjsNext(const GridWorld& w) const {
    for (int obj : desc_.obj_set) {
      for (const Pos& p : desc_fixed_.obj_poss) {
        if (NextTo(w.objects[obj].cur_pos, p)) return true;
      }
    }
    return false;
  }

  // BeforeInstr.verify (AfterInstr's with the two swapped): the first part,
  // then the second; with strict, doing the second first fails.
  Status VerifySequence(const GridWorld& w, int action, Instr& first, Status& first_done,
                        Instr& second, Status& second_done) {
    if (first_done == Status::kSuccess) {
      second_done = second.Verify(w, action);
      if (second_done != Status::kContinue) return second_done;
      return Status::kContinue;
    }
    first_done = first.Verify(w, action);
    if (first_done == Status::kFailure) return Status::kFailure;
    if (first_done == Status::kSuccess) return Verify(w, action);
    if (strict_ && second.Verify(w, action) == Status::kSuccess) return Status::kFailure;
    return Status::kContinue;
  }

  Kind kind_;
  ObjDesc desc_;        // PutNext's object to move
  ObjDesc desc_fixed_;  // PutNext's object to put it next to
  bool strict_;
  int room_size_ = 0;
  int pre_carrying_ = GridWorld::kNone;  // PickupInstr's
  std::unique_ptr<Instr> a_, b_;
  Status a_done_ = Status::kContinue, b_done_ = Status::kContinue;
};

}  // namespace parallel_pool::minigrid::babyai

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_INSTR_H_
