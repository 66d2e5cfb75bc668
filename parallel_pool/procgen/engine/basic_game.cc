#include "parallel_pool/procgen/engine/basic_game.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <utility>

#include "parallel_pool/procgen/engine/asset_gen.h"

namespace parallel_pool::procgen {
namespace {

// Outside entity.cpp, procgen's sources reach only C's double-precision
// <math.h> functions: unqualified calls on floats promote to double.
double CMath(double (*f)(double), float x) { return f(static_cast<double>(x)); }

constexpr float kMaxVTheta = 15 * kPi / 180;
constexpr float kMixRateRot = 0.5F;
// Collision tests shrink boxes by this much (a negative margin).
constexpr float kPosEps = -0.001F;
// Grid cells are drawn this much larger, so that cells at fractional
// positions leave no gaps between them.
constexpr float kRenderEps = 0.02F;
// Types at or above this draw as coloured squares instead of sprites.
constexpr int kUseAssetThreshold = 100;

double Sign(double x) { return x > 0 ? +1 : (x == 0 ? 0 : -1); }

}  // namespace

BasicGame::BasicGame(std::string asset_root) : asset_root_(std::move(asset_root)) {
  default_action_ = 4;
}

void BasicGame::GameInit() {
  backgrounds_ = options_.use_generated_assets ? nullptr : Backgrounds();
  generated_background_.reset();
  generated_backgrounds_.clear();
  if (backgrounds_ == nullptr) {
    generated_background_ = std::make_shared<Image>(kGeneratedBackgroundSize,
                                                    kGeneratedBackgroundSize, PixelFormat::kRgb32);
    generated_backgrounds_.push_back(generated_background_);
    backgrounds_ = &generated_backgrounds_;
  }
  assets_.assign(kMaxAssets * kMaxThemes, nullptr);
  reflections_.assign(kMaxAssets * kMaxThemes, nullptr);
  aspect_ratios_.assign(kMaxAssets * kMaxThemes, 0);
  num_themes_.assign(kMaxAssets, 0);
}

void BasicGame::ReservedAssetsForType(int type, std::vector<std::string>& names) const {
  switch (type) {
    case kExplosion:
      names.emplace_back("misc_assets/explosion1.png");
      break;
    case kExplosion2:
      names.emplace_back("misc_assets/explosion2.png");
      break;
    case kExplosion3:
      names.emplace_back("misc_assets/explosion3.png");
      break;
    case kExplosion4:
      names.emplace_back("misc_assets/explosion4.png");
      break;
    case kExplosion5:
      names.emplace_back("misc_assets/explosion5.png");
      break;
    case kTrail:
      names.emplace_back("misc_assets/iconCircle_white.png");
      break;
    default:
      break;
  }
}

void BasicGame::InitializeAssetIfNecessary(int img_idx) {
  if (assets_.at(img_idx) != nullptr) return;
  const int type = img_idx % kMaxAssets;
  const int theme = MaskThemeIfNecessary(img_idx / kMaxAssets, type);
  std::vector<std::string> names;
  if (!options_.use_generated_assets) {
    AssetsForType(type, names);
    if (names.empty()) ReservedAssetsForType(type, names);
  }
  if (names.empty()) {
    // A generated sprite: the same for every theme and every env of a game,
    // its draws from its own generator, seeded by the game and the type.
    RandGen asset_rand_gen;
    asset_rand_gen.Seed(
        static_cast<int>(options_.fixed_asset_seed + static_cast<std::uint32_t>(type)));
    auto sprite =
        std::make_shared<Image>(kGeneratedSpriteSize, kGeneratedSpriteSize, PixelFormat::kArgb32);
    GenerateImage(asset_rand_gen, *sprite, 0, kSpriteBlotchScale, UseBlockAsset(type));
    assets_[img_idx] = sprite;
    aspect_ratios_[img_idx] = 1.0F;
    num_themes_[type] = 1;
    reflections_[img_idx] = std::make_shared<Image>(sprite->Mirrored());
    return;
  }
  ImagePtr asset = LoadSprite(asset_root_, names.at(theme));
  assets_[img_idx] = asset;
  aspect_ratios_[img_idx] = static_cast<float>(asset->width() * 1.0 / asset->height());
  num_themes_[type] = static_cast<int>(names.size());
  reflections_[img_idx] = LoadMirroredSprite(asset_root_, names.at(theme));
}

const Image& BasicGame::LookupAsset(int img_idx, bool is_reflected) {
  InitializeAssetIfNecessary(img_idx);
  return is_reflected ? *reflections_.at(img_idx) : *assets_.at(img_idx);
}

// ---- The grid. ----

int BasicGame::GetObj(int x, int y) const {
  if (x < 0 || y < 0 || x >= grid_w_ || y >= grid_h_) return out_of_bounds_object_;
  return grid_[y * grid_w_ + x];
}

int BasicGame::GetObj(int idx) const {
  if (idx < 0 || idx >= grid_w_ * grid_h_) return out_of_bounds_object_;
  return grid_[idx];
}

int BasicGame::GetObjFromFloats(float i, float j) const {
  if (i < 0 || j < 0) return out_of_bounds_object_;
  return GetObj(static_cast<int>(CMath(std::floor, i)), static_cast<int>(CMath(std::floor, j)));
}

void BasicGame::SetObj(int x, int y, int obj) {
  if (x < 0 || y < 0 || x >= grid_w_ || y >= grid_h_)
    throw std::logic_error("SetObj: off the grid");
  grid_[y * grid_w_ + x] = obj;
}

void BasicGame::SetObj(int idx, int obj) {
  if (idx < 0 || idx >= grid_w_ * grid_h_) throw std::logic_error("SetObj: off the grid");
  grid_[idx] = obj;
}

int BasicGame::ToGridIndex(int x, int y) const {
  if (x < 0 || y < 0 || x >= grid_w_ || y >= grid_h_) return kInvalidIndex;
  return y * grid_w_ + x;
}

void BasicGame::ToGridXY(int idx, int* x, int* y) const {
  *x = idx % grid_w_;
  *y = idx / grid_w_;
}

void BasicGame::FillElem(int x, int y, int dx, int dy, int elem) {
  for (int j = 0; j < dx; ++j) {
    for (int k = 0; k < dy; ++k) SetObj(x + j, y + k, elem);
  }
}

std::vector<int> BasicGame::CellsWithType(int type) const {
  std::vector<int> cells;
  for (int i = 0; i < grid_size_; ++i) {
    if (grid_[i] == type) cells.push_back(i);
  }
  return cells;
}

int BasicGame::AgentIndex() const {
  return static_cast<int>(agent_->y) * main_width_ + static_cast<int>(agent_->x);
}

// ---- Entities. ----

EntityPtr BasicGame::AddEntity(float x, float y, float vx, float vy, float r, int type) {
  return AddEntity(x, y, vx, vy, r, r, type);
}

EntityPtr BasicGame::AddEntity(float x, float y, float vx, float vy, float rx, float ry, int type) {
  auto ent = std::make_shared<Entity>(x, y, vx, vy, rx, ry, type);
  entities_.push_back(ent);
  return ent;
}

EntityPtr BasicGame::SpawnEntity(float r, int type, float x, float y, float w, float h,
                                 bool check_collisions) {
  return SpawnEntityRxy(r, r, type, x, y, w, h, check_collisions);
}

EntityPtr BasicGame::SpawnEntityRxy(float rx, float ry, int type, float x, float y, float w,
                                    float h, bool check_collisions) {
  auto ent = std::make_shared<Entity>(0, 0, 0, 0, rx, ry, type);
  Reposition(ent, x, y, w, h, check_collisions);
  entities_.push_back(ent);
  return ent;
}

EntityPtr BasicGame::SpawnEntityAtIndex(int idx, float r, int type) {
  const float x = static_cast<float>((idx % main_width_) + .5);
  const float y = static_cast<float>((idx / main_width_) + .5);
  return AddEntity(x, y, 0, 0, r, type);
}

EntityPtr BasicGame::SpawnChild(const EntityPtr& src, int type, float r, bool match_vel) {
  const float vx = match_vel ? src->vx : 0;
  const float vy = match_vel ? src->vy : 0;
  return AddEntity(src->x, src->y, vx, vy, r, r, type);
}

void BasicGame::SpawnEntities(int count, float r, int type, float x, float y, float w, float h) {
  for (int i = 0; i < count; ++i) SpawnEntity(r, type, x, y, w, h);
}

float BasicGame::RandPos(float r, float min, float max) {
  if (max - min <= 2 * r) return (max + min) / 2;
  const float range = max - min;
  return (range - 2 * r) * rand_gen_.Unit() + r + min;
}

void BasicGame::Reposition(const EntityPtr& ent, float x, float y, float w, float h,
                           bool check_collisions) {
  const float rx = ent->rx;
  const float ry = ent->ry;
  ent->x = RandPos(rx, x, x + w);
  ent->y = RandPos(ry, y, y + h);
  for (int count = 0;
       (HasAgentCollision(ent) || (check_collisions && HasAnyCollision(ent))) && count < 100;
       ++count) {
    ent->x = RandPos(rx, x, x + w);
    ent->y = RandPos(ry, y, y + h);
  }
}

bool BasicGame::AgentHasCollision() {
  for (const EntityPtr& ent : entities_) {
    if (HasAgentCollision(ent)) return true;
  }
  return false;
}

void BasicGame::RepositionAgent() {
  int count = 0;
  do {
    agent_->x = rand_gen_.Unit() * (main_width_ - 2 * agent_->rx) + agent_->rx;
    agent_->y = rand_gen_.Unit() * (main_height_ - 2 * agent_->ry) + agent_->ry;
    ++count;
  } while (AgentHasCollision() && count < 100);
}

bool BasicGame::HasCollision(const EntityPtr& a, const EntityPtr& b, float margin) const {
  const float threshold_x = (a->rx + b->rx) + margin;
  const float threshold_y = (a->ry + b->ry) + margin;
  return std::fabs(a->x - b->x) < threshold_x && std::fabs(a->y - b->y) < threshold_y;
}

bool BasicGame::HasAgentCollision(const EntityPtr& e) const {
  if (e->type == kPlayer) return false;
  return HasCollision(e, agent_, e->collision_margin);
}

bool BasicGame::HasAnyCollision(const EntityPtr& e, float margin) const {
  for (int i = static_cast<int>(entities_.size()) - 1; i >= 0; --i) {
    const EntityPtr& ent = entities_[i];
    if (!ent->avoids_collisions && HasCollision(e, ent, margin)) return true;
  }
  return false;
}

bool BasicGame::IsOutOfBounds(const EntityPtr& e) const {
  return e->x + e->rx < 0 || e->y + e->ry < 0 || e->x - e->rx > main_width_ ||
         e->y - e->ry > main_height_;
}

bool BasicGame::IsBlocked(const EntityPtr& /*src*/, int target, bool /*is_horizontal*/) {
  return target == kWall || target == out_of_bounds_object_;
}

int BasicGame::FindEntityIndex(int type) const {
  int index = -1;
  for (std::size_t i = 0; i < entities_.size(); ++i) {
    if (entities_[i]->type == type) index = static_cast<int>(i);
  }
  return index;
}

float BasicGame::Distance(const EntityPtr& a, const EntityPtr& b) const {
  const float dx = a->x - b->x;
  const float dy = a->y - b->y;
  return static_cast<float>(std::sqrt(static_cast<double>(dx * dx + dy * dy)));
}

float BasicGame::Theta(const EntityPtr& src, const EntityPtr& target) const {
  const float dx = target->x - src->x;
  const float dy = target->y - src->y;
  return static_cast<float>(std::atan2(static_cast<double>(dy), static_cast<double>(dx)));
}

void BasicGame::CheckGridCollisions(const EntityPtr& ent) {
  const int min_x = static_cast<int>(ent->x - (ent->rx + kPosEps));
  const int max_x = static_cast<int>(ent->x + (ent->rx + kPosEps));
  const int min_y = static_cast<int>(ent->y - (ent->ry + kPosEps));
  const int max_y = static_cast<int>(ent->y + (ent->ry + kPosEps));
  for (int x = min_x; x <= max_x; ++x) {
    for (int y = min_y; y <= max_y; ++y) {
      const int type = GetObjFromFloats(static_cast<float>(x), static_cast<float>(y));
      if (type != kSpace) HandleGridCollision(ent, type, x, y);
    }
  }
}

bool BasicGame::PushObject(const EntityPtr& src, const EntityPtr& target, bool is_horizontal,
                           int depth) {
  const float rsum = is_horizontal ? (src->rx + target->rx) : (src->ry + target->ry);
  const float delx = target->x - src->x;
  const float dely = target->y - src->y;
  float t_vx = 0;
  float t_vy = 0;
  if (is_horizontal) {
    t_vx = static_cast<float>(src->x + Sign(delx) * rsum - target->x);
  } else {
    t_vy = static_cast<float>(src->y + Sign(dely) * rsum - target->y);
  }
  bool block = false;
  // Bounded: rare rounding could otherwise push back and forth for ever.
  if (depth < 5) block = SubStep(target, t_vx, t_vy, depth + 1);
  if (is_horizontal) {
    target->vx = 0;
  } else {
    target->vy = 0;
  }
  return block;
}

bool BasicGame::SubStep(const EntityPtr& obj, float vx, float vy, int depth) {
  if (obj->will_erase) return false;
  float ny = obj->y + vy;
  float nx = obj->x + vx;
  const float margin = 0.98F;
  const bool is_horizontal = vx != 0;
  bool block = false;
  bool reflect = false;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      const int type2 = GetObjFromFloats(nx + obj->rx * margin * (2 * i - 1),
                                         ny + obj->ry * margin * (2 * j - 1));
      block = block || IsBlocked(obj, type2, is_horizontal);
      reflect = reflect || WillReflect(obj->type, type2);
    }
  }
  if (reflect) {
    if (is_horizontal) {
      const float delta =
          vx < 0 ? static_cast<float>(CMath(std::ceil, nx - obj->rx) - (nx - obj->rx))
                 : static_cast<float>(CMath(std::floor, nx + obj->rx) - (nx + obj->rx));
      obj->vx = -1 * obj->vx;
      nx = nx + 2 * delta;
    } else {
      const float delta =
          vy < 0 ? static_cast<float>(CMath(std::ceil, ny - obj->ry) - (ny - obj->ry))
                 : static_cast<float>(CMath(std::floor, ny + obj->ry) - (ny + obj->ry));
      obj->vy = -1 * obj->vy;
      ny = ny + 2 * delta;
    }
  } else if (block) {
    if (is_horizontal) {
      if (grid_step_) {
        nx = obj->x;
      } else {
        nx = static_cast<float>(vx > 0 ? (CMath(std::floor, nx + obj->rx) - obj->rx)
                                       : (CMath(std::ceil, nx - obj->rx) + obj->rx));
      }
    } else {
      if (grid_step_) {
        ny = obj->y;
      } else {
        ny = static_cast<float>(vy > 0 ? (CMath(std::floor, ny + obj->ry) - obj->ry)
                                       : (CMath(std::ceil, ny - obj->ry) + obj->ry));
      }
    }
  }
  obj->x = nx;
  obj->y = ny;

  bool block2 = false;
  for (int i = static_cast<int>(entities_.size()) - 1; i >= 0; --i) {
    EntityPtr m = entities_[i];
    if (m == obj || m->will_erase) continue;
    bool curr_block = false;
    if (HasCollision(obj, m, kPosEps)) {
      if (IsBlockedByEntity(obj, m, is_horizontal)) {
        curr_block = true;
      } else if (WillReflect(obj->type, m->type)) {
        if (is_horizontal) {
          const float delx = m->x - obj->x;
          const float rsum = m->rx + obj->rx;
          obj->x += vx > 0 ? -2 * (rsum - delx) : 2 * (rsum + delx);
          obj->vx = -1 * obj->vx;
        } else {
          const float dely = m->y - obj->y;
          const float rsum = m->ry + obj->ry;
          obj->y += vy > 0 ? -2 * (rsum - dely) : 2 * (rsum + dely);
          obj->vy = -1 * obj->vy;
        }
      }
      if (curr_block) PushObject(m, obj, is_horizontal, depth);
    }
    block2 = block2 || curr_block;
  }
  return block || block2;
}

void BasicGame::BasicStepObject(const EntityPtr& obj) {
  if (obj->will_erase) return;
  int num_sub_steps;
  if (grid_step_) {
    num_sub_steps = 1;
  } else {
    num_sub_steps =
        static_cast<int>(4 * std::sqrt(static_cast<double>(obj->vx * obj->vx + obj->vy * obj->vy)));
    if (num_sub_steps < 4) num_sub_steps = 4;
  }
  const float pct = static_cast<float>(1.0 / num_sub_steps);
  const float cmp = static_cast<float>(std::fabs(static_cast<double>(obj->vx)) -
                                       std::fabs(static_cast<double>(obj->vy)));
  // Ties go either way at random, so that movement through forks does not
  // favour one direction.
  bool step_x_first = cmp == 0 ? step_rand_int_ % 2 == 0 : (cmp > 0);
  // The agent moves along the axis it is steered on first (tight corridors).
  if (obj->type == kPlayer) {
    if (action_vx_ != 0) step_x_first = true;
    if (action_vy_ != 0) step_x_first = false;
  }
  float vx_pct = 0;
  float vy_pct = 0;
  for (int s = 0; s < num_sub_steps; ++s) {
    bool block_x = false;
    bool block_y = false;
    if (step_x_first) {
      block_x = SubStep(obj, obj->vx * pct, 0, 0);
      block_y = SubStep(obj, 0, obj->vy * pct, 0);
    } else {
      block_y = SubStep(obj, 0, obj->vy * pct, 0);
      block_x = SubStep(obj, obj->vx * pct, 0, 0);
    }
    if (!block_x) vx_pct += 1;
    if (!block_y) vy_pct += 1;
    if (block_x && block_y) break;
  }
  vx_pct = vx_pct / num_sub_steps;
  vy_pct = vy_pct / num_sub_steps;
  obj->vx *= vx_pct;
  obj->vy *= vy_pct;
}

void BasicGame::StepEntities(const std::vector<EntityPtr>& given) {
  for (int i = static_cast<int>(given.size()) - 1; i >= 0; --i) {
    EntityPtr ent = given.at(i);
    if (ent->smart_step) BasicStepObject(ent);
    ent->Step();
  }
}

void BasicGame::EraseIfNeeded() {
  for (int i = static_cast<int>(entities_.size()) - 1; i >= 0; --i) {
    const EntityPtr& e = entities_[i];
    if (e->will_erase || (e->auto_erase && IsOutOfBounds(e))) {
      entities_.erase(entities_.begin() + i);
    }
  }
}

// ---- The step. ----

void BasicGame::SetActionXY(int move_action) {
  action_vx_ = static_cast<float>(move_action / 3 - 1);
  action_vy_ = static_cast<float>(move_action % 3 - 1);
  action_vrot_ = 0;
}

void BasicGame::ChooseCenter(float& cx, float& cy) {
  cx = agent_->x;
  cy = agent_->y;
}

void BasicGame::UpdateAgentVelocity() {
  const float v_scale = AgentAccelerationScale();
  agent_->vx = (1 - mixrate_) * agent_->vx;
  agent_->vy = (1 - mixrate_) * agent_->vy;
  agent_->vx += mixrate_ * maxspeed_ * action_vx_ * v_scale;
  agent_->vy += mixrate_ * maxspeed_ * action_vy_ * v_scale;
  // procgen's decay: .9 is a double, so this multiplies in double.
  agent_->vx = static_cast<float>(.9 * agent_->vx);
  agent_->vy = static_cast<float>(.9 * agent_->vy);
}

void BasicGame::GameStep() {
  step_rand_int_ = rand_gen_.Int(0, 1000000);
  move_action_ = action_ % 9;
  special_action_ = 0;
  if (action_ >= 9) {
    special_action_ = action_ - 8;
    move_action_ = 4;  // a special action stands still
  }
  if (move_action_ != 4) last_move_action_ = move_action_;
  action_vrot_ = 0;
  action_vx_ = 0;
  action_vy_ = 0;
  SetActionXY(move_action_);
  if (grid_step_) {
    agent_->vx = action_vx_;
    agent_->vy = action_vy_;
  } else {
    UpdateAgentVelocity();
    agent_->vrot = kMixRateRot * agent_->vrot;
    agent_->vrot += kMixRateRot * kMaxVTheta * action_vrot_;
  }
  StepEntities(entities_);
  for (int i = static_cast<int>(entities_.size()) - 1; i >= 0; --i) {
    EntityPtr ent = entities_[i];
    if (HasAgentCollision(ent)) HandleAgentCollision(ent);
    if (ent->collides_with_entities) {
      for (int j = static_cast<int>(entities_.size()) - 1; j >= 0; --j) {
        if (i == j) continue;
        EntityPtr ent2 = entities_[j];
        if (HasCollision(ent, ent2, ent->collision_margin) && !ent->will_erase &&
            !ent2->will_erase) {
          HandleCollision(ent, ent2);
        }
      }
    }
    if (ent->smart_step) CheckGridCollisions(ent);
  }
  EraseIfNeeded();
  step_data_.done = step_data_.done || IsOutOfBounds(agent_);
}

void BasicGame::GameReset() {
  ChooseWorldDim();
  if (main_width_ <= 0 || main_height_ <= 0) throw std::logic_error("procgen: empty world");
  bg_pct_x_ = rand_gen_.Unit();
  grid_size_ = main_width_ * main_height_;
  grid_w_ = main_width_;
  grid_h_ = main_height_;
  grid_.assign(grid_size_, 0);
  background_index_ = rand_gen_.Below(static_cast<int>(backgrounds_->size()));
  if (generated_background_ != nullptr) {
    // Drawn from the level's generator: its draws shape the rest of the level.
    GenerateImage(rand_gen_, *generated_background_, kBackgroundRecursion, kBackgroundBlotchScale,
                  /*is_rect=*/true);
  }
  entities_.clear();
  const float a_r = 0.4F;
  float ax, ay;
  if (random_agent_start_) {
    ax = rand_gen_.Unit() * (main_width_ - 2 * a_r) + a_r;
    ay = rand_gen_.Unit() * (main_height_ - 2 * a_r) + a_r;
  } else {
    ax = a_r;
    ay = a_r;
  }
  agent_ = std::make_shared<Entity>(ax, ay, 0, 0, a_r, a_r, kPlayer);
  agent_->smart_step = true;
  agent_->render_z = 1;
  entities_.push_back(agent_);
  EraseIfNeeded();
  FillElem(0, 0, main_width_, main_height_, kSpace);
}

// ---- Themes and colours. ----

void BasicGame::MatchAspectRatio(const EntityPtr& ent, bool match_width) {
  const int img_idx = ent->image_type + ent->image_theme * kMaxAssets;
  InitializeAssetIfNecessary(img_idx);
  if (match_width) {
    ent->ry = ent->rx / aspect_ratios_[img_idx];
  } else {
    ent->rx = ent->ry * aspect_ratios_[img_idx];
  }
}

void BasicGame::FitAspectRatio(const EntityPtr& ent) {
  const int img_idx = ent->image_type + ent->image_theme * kMaxAssets;
  InitializeAssetIfNecessary(img_idx);
  const float ar = aspect_ratios_[img_idx];
  if (ar > 1) {
    ent->ry = ent->rx / ar;
  } else {
    ent->rx = ent->ry * ar;
  }
}

void BasicGame::ChooseRandomTheme(const EntityPtr& ent) {
  InitializeAssetIfNecessary(ent->image_type);
  ent->image_theme = rand_gen_.Below(num_themes_[ent->image_type]);
}

void BasicGame::ChooseStepRandomTheme(const EntityPtr& ent) {
  InitializeAssetIfNecessary(ent->image_type);
  ent->image_theme = step_rand_int_ % num_themes_[ent->image_type];
}

int BasicGame::MaskThemeIfNecessary(int theme, int type) const {
  if (options_.restrict_themes && !const_cast<BasicGame*>(this)->ShouldPreserveTypeThemes(type)) {
    return 0;
  }
  return theme;
}

std::uint32_t BasicGame::ColorForType(int type, int theme) const {
  // Monochrome assets: a colour per (type, theme) from a 4x4x4 cube.
  theme = MaskThemeIfNecessary(theme, type);
  const int k = 4;
  const int kcubed = k * k * k;
  const int chunk = 256 / k;
  int new_type = (29 * (type + 1)) % kcubed;
  new_type = (new_type + 19 * theme) % kcubed;
  const auto r = static_cast<std::uint32_t>(chunk * (new_type / (k * k) + 1) - 1);
  const auto g = static_cast<std::uint32_t>(chunk * ((new_type / k) % k + 1) - 1);
  const auto b = static_cast<std::uint32_t>(chunk * (new_type % k + 1) - 1);
  return (r << 16) | (g << 8) | b;
}

// ---- Drawing. ----

RectF BasicGame::ScreenRect(float x, float y, float dx, float dy, float render_eps) const {
  return RectF{(x - render_eps) * unit_ - x_off_, (view_dim_ - y - render_eps) * unit_ + y_off_,
               (dx + 2 * render_eps) * unit_, (dy + 2 * render_eps) * unit_};
}

RectF BasicGame::AbsRect(float x, float y, float dx, float dy) const {
  return RectF{x * unit_, y * unit_, dx * unit_, dy * unit_};
}

RectF BasicGame::ObjectRect(const EntityPtr& obj) const {
  if (obj->use_abs_coords) {
    return AbsRect(view_dim_ * (obj->x - obj->rx), view_dim_ * (obj->y + obj->ry),
                   2 * view_dim_ * obj->rx, 2 * view_dim_ * obj->ry);
  }
  return ScreenRect(obj->x - obj->rx, obj->y + obj->ry, 2 * obj->rx, 2 * obj->ry);
}

void BasicGame::PrepareForDrawing(float rect_height) {
  center_x_ = static_cast<float>(main_width_ * .5);
  center_y_ = static_cast<float>(main_height_ * .5);
  if (options_.center_agent) {
    ChooseCenter(center_x_, center_y_);
  } else {
    visibility_ = static_cast<float>(main_width_ > main_height_ ? main_width_ : main_height_);
    if (visibility_ < min_visibility_) visibility_ = min_visibility_;
  }
  const float raw_unit = 64 / visibility_;
  unit_ = static_cast<float>(raw_unit * (rect_height / 64.0));
  view_dim_ = static_cast<float>(64.0 / raw_unit);
  x_off_ = unit_ * (center_x_ - view_dim_ / 2);
  y_off_ = unit_ * (center_y_ - view_dim_ / 2);
}

void BasicGame::TileImage(Painter& p, const Image& image, const RectF& rect, float tile_ratio) {
  if (tile_ratio == 0) {
    p.DrawImage(rect, image);
    return;
  }
  if (tile_ratio < 0) {
    tile_ratio = -1 * tile_ratio;
    int num_tiles = static_cast<int>(rect.h / (rect.w * tile_ratio));
    if (num_tiles < 1) num_tiles = 1;
    const auto tile_height = static_cast<float>(rect.h / num_tiles);
    const auto tile_width = static_cast<float>(rect.w);
    for (int i = 0; i < num_tiles; ++i) {
      p.DrawImage(RectF{rect.x, rect.y + tile_height * i, tile_width, tile_height}, image);
    }
  } else {
    int num_tiles = static_cast<int>(rect.w / (rect.h * tile_ratio));
    if (num_tiles < 1) num_tiles = 1;
    const auto tile_width = static_cast<float>(rect.w / num_tiles);
    const auto tile_height = static_cast<float>(rect.h);
    for (int i = 0; i < num_tiles; ++i) {
      p.DrawImage(RectF{rect.x + tile_width * i, rect.y, tile_width, tile_height}, image);
    }
  }
}

void BasicGame::DrawGridObject(Painter& p, const RectF& rect, int type, int theme) {
  if (type == kSpace) return;
  p.FillRect(rect, ColorForType(type, theme));
}

void BasicGame::DrawImage(Painter& p, const RectF& rect, float rotation, bool is_reflected,
                          int base_type, int theme, float alpha, float tile_ratio) {
  const int img_type = ImageForType(base_type);
  if (img_type < 0) return;
  if (options_.use_monochrome_assets || img_type >= kUseAssetThreshold) {
    DrawGridObject(p, rect, img_type, theme);
    return;
  }
  const int img_idx = img_type + theme * kMaxAssets;
  const RectF adjusted = AdjustedImageRect(img_type, rect);
  const Image& asset = LookupAsset(img_idx, is_reflected);
  if (alpha != 1) {
    p.Save();
    p.SetOpacity(alpha);
  }
  if (rotation == 0) {
    TileImage(p, asset, adjusted, tile_ratio);
  } else {
    p.Save();
    p.Translate(adjusted.x + adjusted.w / 2, adjusted.y + adjusted.h / 2);
    p.Rotate(rotation * 180 / kPi);
    p.DrawImage(RectF{-adjusted.w / 2, -adjusted.h / 2, adjusted.w, adjusted.h}, asset);
    p.Restore();
  }
  if (alpha != 1) p.Restore();
}

void BasicGame::DrawEntities(Painter& p, int render_z) {
  for (const EntityPtr& ent : entities_) {
    if (ent->render_z != render_z || !ShouldDrawEntity(ent)) continue;
    DrawImage(p, ObjectRect(ent), ent->rotation, ent->is_reflected, ent->image_type,
              ent->image_theme, ent->alpha, TileAspectRatio(ent));
  }
}

void BasicGame::DrawBackground(Painter& p, const Image& target) {
  p.FillRect(RectF{0, 0, static_cast<double>(target.width()), static_cast<double>(target.height())},
             0x000000);
  PrepareForDrawing(static_cast<float>(target.height()));
  if (!options_.use_backgrounds) return;
  const RectF main_rect =
      ScreenRect(0, static_cast<float>(main_height_), static_cast<float>(main_width_),
                 static_cast<float>(main_height_));
  const Image& background = *backgrounds_->at(background_index_);
  if (bg_tile_ratio_ < 0) {
    TileImage(p, background, main_rect, bg_tile_ratio_);
    return;
  }
  const auto bgw = static_cast<float>(background.width());
  const auto bgh = static_cast<float>(background.height());
  const float bg_ar = bgw / bgh;
  const auto world_ar = static_cast<float>(main_width_ * 1.0 / main_height_);
  const float extra_w = bg_ar - world_ar;
  const float offset_x = bg_pct_x_ * extra_w;
  // adjust_rect(main_rect, QRectF(-offset_x, 0, bg_ar / world_ar, 1)), in qreal.
  const double ax = -offset_x;
  const double aw = bg_ar / world_ar;
  p.DrawImage(RectF{main_rect.x + main_rect.w * ax, main_rect.y + main_rect.h * 0.0,
                    main_rect.w * aw, main_rect.h * 1.0},
              background);
}

void BasicGame::DrawForeground(Painter& p, const Image& target) {
  PrepareForDrawing(static_cast<float>(target.height()));
  DrawEntities(p, -1);
  int low_x, high_x, low_y, high_y;
  if (options_.center_agent) {
    const float margin = static_cast<float>(visibility_ / 2.0 + 1);
    low_x = static_cast<int>(center_x_ - margin);
    high_x = static_cast<int>(center_x_ + margin);
    low_y = static_cast<int>(center_y_ - margin);
    high_y = static_cast<int>(center_y_ + margin);
  } else {
    low_x = 0;
    high_x = main_width_ - 1;
    low_y = 0;
    high_y = main_height_ - 1;
  }
  for (int x = low_x; x <= high_x; ++x) {
    for (int y = low_y; y <= high_y; ++y) {
      const int type = GetObj(x, y);
      if (type == kInvalidObject) continue;
      const RectF r2 =
          ScreenRect(static_cast<float>(x), static_cast<float>(y + 1), 1, 1, kRenderEps);
      DrawImage(p, r2, 0, false, type, ThemeForGridObject(type), 1.0F, 0.0F);
    }
  }
  DrawEntities(p, 0);
  DrawEntities(p, 1);
  if (has_useful_vel_info_ && options_.paint_vel_info) {
    const auto infodim = static_cast<float>(target.height() * .2);
    auto shade = [](float f) {
      int s = static_cast<int>(f * 255);
      return static_cast<std::uint32_t>(s < 0 ? 0 : (s > 255 ? 255 : s));
    };
    const std::uint32_t s1 = shade(static_cast<float>(.5 * agent_->vx / maxspeed_ + .5));
    const std::uint32_t s2 = shade(static_cast<float>(.5 * agent_->vy / max_jump_ + .5));
    p.FillRect(RectF{0, 0, infodim, infodim}, (s1 << 16) | (s1 << 8) | s1);
    p.FillRect(RectF{infodim, 0, infodim, infodim}, (s2 << 16) | (s2 << 8) | s2);
  }
}

void BasicGame::Draw(Image& target, bool smooth) {
  Painter p(target, smooth);
  DrawBackground(p, target);
  DrawForeground(p, target);
}

}  // namespace parallel_pool::procgen
