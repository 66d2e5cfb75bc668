// BasicGame: the world every procgen game is built on (procgen's
// BasicAbstractGame): a grid of cells and a list of entities in world
// units, the agent's steering from the 15 actions, sub-stepped motion with
// grid and entity collisions, and the drawing of it all into the frame
// (background, entities by render layer, grid cells, velocity info). A game
// overrides the hooks (assets, collisions, level generation, rules).
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_BASIC_GAME_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_BASIC_GAME_H_

#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/procgen/engine/assets.h"
#include "parallel_pool/procgen/engine/entity.h"
#include "parallel_pool/procgen/engine/game.h"
#include "parallel_pool/procgen/engine/painter.h"

namespace parallel_pool::procgen {

using EntityPtr = std::shared_ptr<Entity>;

class BasicGame : public Game {
  friend class RoomGen;  // generates caves on the grid

 public:
  explicit BasicGame(std::string asset_root);
  void Draw(Image& target, bool smooth) override;

 protected:
  // ---- Hooks. ----
  // Sprite file names of `type`, one per theme (none: a reserved sprite,
  // else a generated one).
  virtual void AssetsForType(int /*type*/, std::vector<std::string>& /*names*/) {}
  // Whether the generated sprite of `type` is a block (a filled rectangle,
  // for walls and the like) rather than a shape on a transparent ground.
  virtual bool UseBlockAsset(int /*type*/) { return false; }
  // The background group, or nothing (procgen then generates one at every
  // level, as it does for every game with use_generated_assets).
  virtual const std::vector<ImagePtr>* Backgrounds() { return nullptr; }
  virtual void ChooseWorldDim() {}
  virtual void HandleAgentCollision(const EntityPtr& /*obj*/) {}
  virtual void HandleGridCollision(const EntityPtr& /*obj*/, int /*type*/, int /*i*/, int /*j*/) {}
  virtual void HandleCollision(const EntityPtr& /*src*/, const EntityPtr& /*target*/) {}
  virtual bool IsBlocked(const EntityPtr& src, int target, bool is_horizontal);
  virtual bool IsBlockedByEntity(const EntityPtr& src, const EntityPtr& target,
                                 bool is_horizontal) {
    return IsBlocked(src, target->type, is_horizontal);
  }
  virtual bool WillReflect(int /*src*/, int /*target*/) { return false; }
  virtual float AgentAccelerationScale() { return 1.0F; }
  virtual float TileAspectRatio(const EntityPtr& /*ent*/) { return 0; }
  virtual int ImageForType(int type) { return type < 0 ? -type : type; }
  virtual int ThemeForGridObject(int /*type*/) { return 0; }
  virtual bool ShouldPreserveTypeThemes(int /*type*/) { return false; }
  virtual bool ShouldDrawEntity(const EntityPtr& /*ent*/) { return true; }
  virtual void SetActionXY(int move_action);
  virtual void ChooseCenter(float& cx, float& cy);
  virtual void UpdateAgentVelocity();
  virtual RectF AdjustedImageRect(int /*type*/, const RectF& rect) { return rect; }
  virtual void DrawGridObject(Painter& p, const RectF& rect, int type, int theme);

  void GameInit() override;
  void GameReset() override;
  void GameStep() override;

  // ---- Shared machinery. ----
  EntityPtr AddEntity(float x, float y, float vx, float vy, float r, int type);
  EntityPtr AddEntity(float x, float y, float vx, float vy, float rx, float ry, int type);
  EntityPtr SpawnEntity(float r, int type, float x, float y, float w, float h,
                        bool check_collisions = true);
  EntityPtr SpawnEntityRxy(float rx, float ry, int type, float x, float y, float w, float h,
                           bool check_collisions = true);
  EntityPtr SpawnEntityAtIndex(int idx, float r, int type);
  EntityPtr SpawnChild(const EntityPtr& src, int type, float r, bool match_vel = false);
  void SpawnEntities(int count, float r, int type, float x, float y, float w, float h);
  void Reposition(const EntityPtr& ent, float x, float y, float w, float h, bool check_collisions);
  void RepositionAgent();
  bool AgentHasCollision();
  float RandPos(float r, float min, float max);
  float RandPos(float r, float max) { return RandPos(r, 0, max); }

  int GetObj(int x, int y) const;
  int GetObj(int idx) const;
  int GetObjFromFloats(float i, float j) const;
  void SetObj(int x, int y, int obj);
  void SetObj(int idx, int obj);
  int ToGridIndex(int x, int y) const;
  void ToGridXY(int idx, int* x, int* y) const;
  void FillElem(int x, int y, int dx, int dy, int elem);
  std::vector<int> CellsWithType(int type) const;
  int AgentIndex() const;

  bool HasCollision(const EntityPtr& a, const EntityPtr& b, float margin = 0) const;
  bool HasAgentCollision(const EntityPtr& e) const;
  bool HasAnyCollision(const EntityPtr& e, float margin = 0) const;
  bool IsOutOfBounds(const EntityPtr& e) const;
  void CheckGridCollisions(const EntityPtr& ent);
  void BasicStepObject(const EntityPtr& obj);
  void StepEntities(const std::vector<EntityPtr>& given);
  void EraseIfNeeded();
  int FindEntityIndex(int type) const;
  float Distance(const EntityPtr& a, const EntityPtr& b) const;
  float Theta(const EntityPtr& src, const EntityPtr& target) const;

  // Whether a grid cell under the agent's feet (either side, just below)
  // satisfies `supports`: the platform games' test for standing.
  template <typename Supports>
  bool AgentStandsOn(Supports supports) const {
    const auto below_y = static_cast<float>(agent_->y - (agent_->ry + .01));
    return supports(
               GetObjFromFloats(static_cast<float>(agent_->x - (agent_->rx - .01)), below_y)) ||
           supports(GetObjFromFloats(static_cast<float>(agent_->x + (agent_->rx - .01)), below_y));
  }

  void MatchAspectRatio(const EntityPtr& ent, bool match_width = true);
  void FitAspectRatio(const EntityPtr& ent);
  void ChooseRandomTheme(const EntityPtr& ent);
  void ChooseStepRandomTheme(const EntityPtr& ent);
  int MaskThemeIfNecessary(int theme, int type) const;
  std::uint32_t ColorForType(int type, int theme) const;

  RectF ScreenRect(float x, float y, float dx, float dy, float render_eps = 0) const;
  RectF AbsRect(float x, float y, float dx, float dy) const;
  RectF ObjectRect(const EntityPtr& obj) const;
  void DrawImage(Painter& p, const RectF& rect, float rotation, bool is_reflected, int base_type,
                 int theme, float alpha, float tile_ratio);
  void TileImage(Painter& p, const Image& image, const RectF& rect, float tile_ratio);
  void DrawEntities(Painter& p, int render_z);
  virtual void DrawBackground(Painter& p, const Image& target);
  virtual void DrawForeground(Painter& p, const Image& target);
  void PrepareForDrawing(float rect_height);

  const std::string asset_root_;
  EntityPtr agent_;
  std::vector<EntityPtr> entities_;
  int grid_w_ = 0;
  int grid_h_ = 0;
  std::vector<int> grid_;
  int grid_size_ = 0;
  bool grid_step_ = false;

  const std::vector<ImagePtr>* backgrounds_ = nullptr;
  int background_index_ = 0;
  // The generated background (when backgrounds_ points to it), drawn anew at
  // every level.
  std::shared_ptr<Image> generated_background_;
  std::vector<ImagePtr> generated_backgrounds_;
  float bg_tile_ratio_ = 0.0F;
  float bg_pct_x_ = 0.0F;
  float char_dim_ = 5;
  int last_move_action_ = 7;
  int move_action_ = 0;
  int special_action_ = 0;
  float mixrate_ = 0.5F;
  float maxspeed_ = 0.5F;
  float max_jump_ = 0.5F;
  float action_vx_ = 0.0F;
  float action_vy_ = 0.0F;
  float action_vrot_ = 0.0F;
  float center_x_ = 0.0F;
  float center_y_ = 0.0F;
  bool random_agent_start_ = true;
  bool has_useful_vel_info_ = true;
  int step_rand_int_ = 0;
  int main_width_ = 0;
  int main_height_ = 0;
  int out_of_bounds_object_ = kInvalidObject;
  float unit_ = 0.0F;
  float view_dim_ = 0.0F;
  float x_off_ = 0.0F;
  float y_off_ = 0.0F;
  float visibility_ = 16;
  float min_visibility_ = 0;

 private:
  // Sprite slots: type + theme * kMaxAssets.
  static constexpr int kMaxAssets = 100;
  static constexpr int kMaxThemes = 10;
  void InitializeAssetIfNecessary(int img_idx);
  const Image& LookupAsset(int img_idx, bool is_reflected);
  void ReservedAssetsForType(int type, std::vector<std::string>& names) const;
  bool SubStep(const EntityPtr& obj, float vx, float vy, int depth);
  bool PushObject(const EntityPtr& src, const EntityPtr& target, bool is_horizontal, int depth);

  std::vector<ImagePtr> assets_;
  std::vector<ImagePtr> reflections_;
  std::vector<float> aspect_ratios_;
  std::vector<int> num_themes_;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_BASIC_GAME_H_
