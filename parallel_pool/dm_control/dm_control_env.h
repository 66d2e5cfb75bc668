// What every dm_control suite task shares: dm_control's Environment and
// Physics mechanics on the MuJoCo C API, call for call, so that a pool
// seeded with s runs exactly the episode `suite.load(domain, task,
// task_kwargs={"random": s})` runs.
//
// dm_control (rl/control.py, mujoco/engine.py, suite/base.py), reproduced:
//   reset():  Physics.reset_context(): mj_resetData, then mj_forward with
//             actuation disabled; the task's initialize_episode (draws from
//             its np.random.RandomState, sets qpos/qvel, ...); after_reset:
//             mj_forward with actuation disabled; then the observation.
//   step(a):  before_step: ctrl = a (np.copyto: no clipping; MuJoCo clamps
//             ctrllimited actuators itself); Physics.step(n_sub_steps) with
//             the legacy split (below); the reward and observation; LAST with
//             discount 1 at the time limit, or the task's termination
//             discount (get_termination) when it ends the episode.
//   Physics.step(n), legacy_step=True (the suite's default): unless the
//             integrator is RK4, mj_step2 (finishing the mj_step1 of the
//             previous step or of after_reset), then n - 1 mj_step, then
//             mj_step1, so that positions and velocities are current when the
//             task reads them. RK4: n mj_step, then mj_step1.
//   check_invalid_state: a step that raises a new MuJoCo warning (e.g. a
//             diverging simulation) is a PhysicsError; here, an exception that
//             reaches Python as a RuntimeError naming the env.
//   render(): Physics.render(height=240, width=320, camera_id=-1): a new
//             Camera each call, the free camera from mjv_defaultFreeCamera (or
//             a model camera), a scene of max(1000, the estimated renderable
//             geoms), MuJoCo's default options but no rangefinder rays, the
//             model as the task left it (its display-only colour changes, e.g.
//             finger spin's hidden sites, included).
#ifndef PARALLEL_POOL_DM_CONTROL_DM_CONTROL_ENV_H_
#define PARALLEL_POOL_DM_CONTROL_DM_CONTROL_ENV_H_

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/env.h"
#include "parallel_pool/core/render.h"
#include "parallel_pool/mujoco_engine/mujoco_model.h"
#include "parallel_pool/mujoco_engine/mujoco_render.h"
#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/numpy_exact/numpy_random.h"

namespace parallel_pool::dm_control {

using mujoco_engine::ModelPtr;

// The model of a task: `model_xml` (an XML string dm_control's own Python
// builds for the domains whose model depends on the task, e.g. swimmer's
// link count; see registration.py) if given, else the file `xml_file` of the
// suite folder `base_path`. Includes such as ./common/skybox.xml resolve
// against `base_path` either way. Compiled once per (path or text) and
// shared read-only by every env.
inline ModelPtr LoadSuiteModel(const std::string& base_path, const std::string& xml_file,
                               const std::string& model_xml) {
  if (model_xml.empty())
    return mujoco_engine::LoadModel(mujoco_engine::ModelPath(base_path, xml_file));
  static std::mutex mu;
  static std::map<std::pair<std::string, std::string>, ModelPtr> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto key = std::make_pair(base_path, model_xml);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  // The text goes into a virtual file beside the suite's own, so that its
  // relative includes find the suite's common/ folder.
  const std::string name = (std::filesystem::path(base_path) / "parallel_pool_model.xml").string();
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  int status =
      mj_addBufferVFS(&vfs, name.c_str(), model_xml.data(), static_cast<int>(model_xml.size()));
  char message[1024] = "";
  mjModel* model = status == 0 ? mj_loadXML(name.c_str(), &vfs, message, sizeof(message)) : nullptr;
  mj_deleteVFS(&vfs);
  if (model == nullptr) {
    throw std::invalid_argument("model_xml: MuJoCo cannot compile the generated model: " +
                                std::string(message));
  }
  ModelPtr shared(model, [](const mjModel* m) { mj_deleteModel(const_cast<mjModel*>(m)); });
  cache.emplace(key, shared);
  return shared;
}

template <typename Config>
ModelPtr SuiteModelOf(const Config& conf) {
  return LoadSuiteModel(conf["base_path"_], conf["xml_file"_], conf["model_xml"_]);
}

// The action spec of every suite task: float64 [nu], bounded by the
// actuators' ctrlrange where ctrllimited, else unbounded (mujoco.action_spec).
inline auto SuiteActionSpec(const mjModel& model) {
  std::vector<double> low(model.nu, -mjMAXVAL);
  std::vector<double> high(model.nu, mjMAXVAL);
  for (int i = 0; i < model.nu; ++i) {
    if (model.actuator_ctrllimited[i]) {
      low[i] = model.actuator_ctrlrange[2 * i];
      high[i] = model.actuator_ctrlrange[2 * i + 1];
    }
  }
  return MakeDict("action"_.Bind(Spec<double>({-1, static_cast<int>(model.nu)}, low, high)));
}

template <typename Config>
auto SuiteActionSpec(const Config& conf) {
  return SuiteActionSpec(*SuiteModelOf(conf));
}

// The checks of the keys every suite domain has, for the domain's Validate
// (after its own task_name check): frame_skip, and a model that compiles,
// which it returns for the domain's further checks.
template <typename Config>
ModelPtr ValidateSuiteConfig(const Config& conf) {
  RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
  return SuiteModelOf(conf);
}

// What every suite domain's EnvFns shares: the action spec. A domain derives
// from it and adds DefaultConfig, Validate and StateSpec.
struct SuiteEnvFns {
  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    return SuiteActionSpec(conf);
  }
};

// dm_control's default frame (Physics.render) and its scene size for a model
// (wrapper.MjvScene: max(1000, _estimate_max_renderable_geoms)).
inline constexpr int kDmcRenderHeight = 240;
inline constexpr int kDmcRenderWidth = 320;

// dm_control's MjvOption: MuJoCo's defaults without the rangefinder rays.
inline const mjvOption& DmcRenderOption() {
  static const mjvOption option = [] {
    mjvOption o;
    mjv_defaultOption(&o);
    o.flags[mjVIS_RANGEFINDER] = 0;
    return o;
  }();
  return option;
}

inline int DmcMaxGeom(const mjModel& m) {
  const int frames = std::max({m.nbody, m.ngeom, m.nsite, m.ncam, m.nlight});
  const int estimate = 3 * frames + 4 * m.ngeom + 3 * m.nbody + m.nsite + m.ntendon + m.njnt +
                       m.nu + m.nskin + m.ncam + m.nlight;
  return std::max(1000, estimate);
}

// EnvPool's pixel observations (from_pixels=True): "obs:pixels", uint8
// [3 * frame_stack, render_height, render_width], the frames render() gives
// of the camera render_camera_id, channel first, the oldest first. The
// state observation fields are then switched off (EnvPool's pixel envs have
// only the pixels), and the envs run on worker threads only (their GL
// context is a worker's).
inline auto PixelConfig() {
  return MakeDict("from_pixels"_.Bind(false), "render_width"_.Bind(84), "render_height"_.Bind(84),
                  "render_camera_id"_.Bind(-1), "frame_stack"_.Bind(1));
}

// A domain's EnvFns with the pixel observation keys and field added.
template <typename Fns>
struct WithPixels : Fns {
  static auto DefaultConfig() { return ConcatDict(Fns::DefaultConfig(), PixelConfig()); }

  // Pixel observations render in Reset/Step: those run on worker threads.
  template <typename Config>
  static bool WorkerThreadsOnly(const Config& conf) {
    return conf["from_pixels"_];
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    if constexpr (requires { Fns::Validate(conf); }) Fns::Validate(conf);
    RequireConfig(conf["frame_stack"_] >= 1, "frame_stack: must be >= 1");
    if (!conf["from_pixels"_]) {
      RequireConfig(conf["frame_stack"_] == 1,
                    "frame_stack: stacks pixel observations (from_pixels=True); the state "
                    "observation is not stacked");
      return;
    }
    RequireConfig(conf["render_width"_] >= 1 && conf["render_height"_] >= 1,
                  "render_width, render_height: a pixel observation needs a size >= 1");
    mujoco_engine::CheckMujocoRender(
        RenderRequest{conf["render_height"_], conf["render_width"_], conf["render_camera_id"_]},
        kDmcRenderHeight, kDmcRenderWidth, *SuiteModelOf(conf));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    const bool pixels = conf["from_pixels"_];
    auto fields = Fns::StateSpec(conf);
    std::apply([pixels](auto&... f) { ((f = f.OnlyIf(f.enabled && !pixels)), ...); },
               fields.values());
    const int channels = 3 * conf["frame_stack"_];
    return ConcatDict(
        fields, MakeDict("obs:pixels"_.Bind(
                    Spec<std::uint8_t>({channels, conf["render_height"_], conf["render_width"_]},
                                       {std::uint8_t{0}, std::uint8_t{255}})
                        .OnlyIf(pixels))));
  }
};

template <typename Fns>
using SuiteEnvSpec = EnvSpec<WithPixels<Fns>>;

// A float64 observation field of `n` values (dm_control's observations are
// float64 arrays; a scalar one is shape ()).
inline Spec<double> ObsSpec(int n) { return Spec<double>({n}); }
inline Spec<double> ScalarObsSpec() { return Spec<double>({}); }

// Config keys every suite task has. frame_skip is dm_control's n_sub_steps
// (EnvPool's name); task_name picks the task within the domain.
inline auto SuiteConfig(const std::string& task_name, const std::string& xml_file, int frame_skip) {
  return MakeDict("task_name"_.Bind(task_name), "xml_file"_.Bind(xml_file),
                  "model_xml"_.Bind(std::string()), "frame_skip"_.Bind(frame_skip));
}

// dm_control's named indexing (physics.named.model / physics.named.data),
// resolved once: an unknown name is an error naming it.
class NameIndex {
 public:
  explicit NameIndex(const mjModel& m) : m_(m) {}

  int Id(mjtObj type, const char* name) const {
    int id = mj_name2id(&m_, type, name);
    if (id < 0) {
      throw std::invalid_argument(std::string("model: no ") + mju_type2Str(type) + " named '" +
                                  name + "'");
    }
    return id;
  }
  int Body(const char* name) const { return Id(mjOBJ_BODY, name); }
  int Geom(const char* name) const { return Id(mjOBJ_GEOM, name); }
  int Site(const char* name) const { return Id(mjOBJ_SITE, name); }
  int Joint(const char* name) const { return Id(mjOBJ_JOINT, name); }
  int Actuator(const char* name) const { return Id(mjOBJ_ACTUATOR, name); }
  // Where joint `name`'s coordinates start in qpos / qvel.
  int QposAddr(const char* name) const { return m_.jnt_qposadr[Joint(name)]; }
  int DofAddr(const char* name) const { return m_.jnt_dofadr[Joint(name)]; }
  // Where sensor `name`'s values start in sensordata.
  int SensorAddr(const char* name) const { return m_.sensor_adr[Id(mjOBJ_SENSOR, name)]; }

 private:
  const mjModel& m_;
};

// `v.dot(frame.reshape(3, 3))` for a 3-vector v and a row-major 3x3 matrix
// (an xmat): v expressed in the frame's axes, the "egocentric" vectors of
// several tasks. NumPy hands this to its OpenBLAS's dgemv, whose x86-64
// kernels round out[j] = v0 * m0j + v1 * m1j + v2 * m2j either sequentially
// or with fused multiply-adds; which one goes with the ddot kernel the dot
// rounding probe finds (fused exactly for the AVX-512 core types SkylakeX,
// Cooperlake, SapphireRapids; sequential for the other 22 of OpenBLAS
// 0.3.31, two-accumulator ddot ones included: checked on random vectors and
// xmat views under every OPENBLAS_CORETYPE).
inline void NumpyVectorTimesMatrix3(const double* v, const double* frame, double* out) {
  const bool fused = numpy_exact::NumpyDotRounding() == numpy_exact::DotRounding::kFused;
  for (int j = 0; j < 3; ++j) {
    if (fused) {
      out[j] = std::fma(v[2], frame[6 + j], std::fma(v[1], frame[3 + j], v[0] * frame[j]));
    } else {
      out[j] = v[0] * frame[j] + v[1] * frame[3 + j] + v[2] * frame[6 + j];
    }
  }
}

// A task that changes its model during an episode (swimmer's and fish's
// target position, manipulator's target pose, stacker's target height) gets
// a private copy of it; every other env shares one read-only model.
enum class ModelSharing { kShared, kPrivateCopy };

inline ModelPtr PrivateCopyOf(const ModelPtr& shared) {
  mjModel* copy = mj_copyModel(nullptr, shared.get());
  if (copy == nullptr) throw std::runtime_error("MuJoCo could not copy the model");
  return ModelPtr(copy, [](const mjModel* m) { mj_deleteModel(const_cast<mjModel*>(m)); });
}

// A shallow copy of `m` (its own options, the same arrays) that disables the
// actuation. MuJoCo only reads a model while it simulates.
inline mjModel WithoutActuation(const mjModel& m) {
  mjModel copy = m;
  copy.opt.disableflags |= mjDSBL_ACTUATION;
  return copy;
}

// The base of every suite task. A task implements
//   void InitializeEpisode();       // its initialize_episode, drawing from random_
//   void WriteObservation(const State&);
//   double Reward();
// and may override Termination() (a discount ending the episode; none by
// default), BeforeStep (default: ctrl = action) and AfterStep.
template <typename EnvSpecT>
class DmcEnv : public Env<EnvSpecT> {
 public:
  using Base = Env<EnvSpecT>;
  using typename Base::Action;
  using typename Base::Spec;
  using typename Base::State;

  DmcEnv(const Spec& spec, int env_id, ModelSharing sharing = ModelSharing::kShared)
      : DmcEnv(
            spec, env_id,
            [&spec, sharing](numpy_exact::NumpyRandomState&) {
              return sharing == ModelSharing::kPrivateCopy
                         ? PrivateCopyOf(SuiteModelOf(spec.config))
                         : SuiteModelOf(spec.config);
            },
            sharing == ModelSharing::kPrivateCopy) {
    // A private copy has the shared model's meshes and textures: a render
    // context made for the shared model serves every copy.
    render_assets_ = SuiteModelOf(spec.config);
  }

  // For a task whose model dm_control draws from the task's own RandomState
  // (lqr: one model per seed) or that owns a part of it (quadruped escape's
  // heightfield): `generate(random_)` builds it, and the episodes' draws
  // continue from there, as dm_control's one RandomState serves both.
  template <typename Generate>
  DmcEnv(const Spec& spec, int env_id, Generate generate, bool model_is_private = false)
      : Base(spec, env_id),
        // dm_control seeds the task's RandomState with the seed itself.
        random_(this->seed()),
        model_(generate(random_)),
        model_is_private_(model_is_private),
        m_(*model_),
        data_(mj_makeData(model_.get())),
        d_(data_.get()),
        model_without_actuation_(WithoutActuation(m_)),
        names_(m_),
        n_sub_steps_(spec.config["frame_skip"_]),
        task_name_(spec.config["task_name"_]),
        render_assets_(model_),
        pixels_(spec.config["from_pixels"_]),
        pixel_request_{spec.config["render_height"_], spec.config["render_width"_],
                       spec.config["render_camera_id"_]},
        frame_stack_(spec.config["frame_stack"_]) {
    if (d_ == nullptr) throw std::runtime_error("MuJoCo could not allocate mjData");
  }

  static RenderRequest CheckRender(const Spec& spec, RenderRequest request) {
    return mujoco_engine::CheckMujocoRender(request, kDmcRenderHeight, kDmcRenderWidth,
                                            *SuiteModelOf(spec.config));
  }

  void Render(const RenderRequest& request, std::uint8_t* rgb) {
    mjvCamera camera;
    mjv_defaultCamera(&camera);
    camera.fixedcamid = request.camera_id;
    if (request.camera_id == -1) {
      camera.type = mjCAMERA_FREE;
      mjv_defaultFreeCamera(&m_, &camera);
    } else {
      camera.type = mjCAMERA_FIXED;
    }
    // The model as dm_control's task left it: with its hidden objects.
    mjModel shown = m_;
    std::vector<float> geom_rgba;
    std::vector<float> site_rgba;
    if (!hidden_.empty()) {
      geom_rgba.assign(m_.geom_rgba, m_.geom_rgba + 4 * m_.ngeom);
      site_rgba.assign(m_.site_rgba, m_.site_rgba + 4 * m_.nsite);
      for (const auto& [type, id] : hidden_)
        (type == mjOBJ_GEOM ? geom_rgba : site_rgba)[4 * id + 3] = 0;
      shown.geom_rgba = geom_rgba.data();
      shown.site_rgba = site_rgba.data();
    }
    mujoco_engine::ThreadRenderer::ForThisThread().Render(
        mujoco_engine::RenderScene{render_assets_, &shown, d_, &camera, DmcMaxGeom(m_),
                                   &DmcRenderOption(), BeforeDraw()},
        request.height, request.width, rgb);
  }

 protected:
  virtual void InitializeEpisode() = 0;
  virtual void WriteObservation(const State& state) = 0;
  virtual double Reward() = 0;
  // A discount that ends the episode (dm_control's get_termination), if any.
  virtual std::optional<double> Termination() { return std::nullopt; }
  virtual void BeforeStep(const double* action) { std::copy(action, action + m_.nu, d_->ctrl); }
  virtual void AfterStep() {}

  void Reset() final {
    // reset_context: errors of the reset itself are ignored, as there.
    mj_resetData(&m_, d_);
    ForwardWithoutActuation();
    InitializeEpisode();
    AfterReset();
    termination_.reset();
    State& state = this->Allocate();
    Observe(state, /*first=*/true);
    state["reward"_] = 0.0;
  }

  void Step(const Action& action) final {
    BeforeStep(action["action"_].template Data<double>());
    PhysicsStep(n_sub_steps_);
    AfterStep();
    State& state = this->Allocate();
    state["reward"_] = Reward();
    Observe(state, /*first=*/false);
    termination_ = Termination();
    if (termination_) this->SetDiscount(static_cast<float>(*termination_));
  }

  bool IsTerminated() final { return termination_.has_value(); }

  // reset(seed=...): a new RandomState with the new seed, as the constructor
  // made it; a private model (which episodes change: target positions, gains)
  // gets the suite model's values back, as a new env starts from them. A task
  // whose model the constructor drew from random_ (lqr) draws it again here.
  void Reseed() override {
    random_ = numpy_exact::NumpyRandomState(this->seed());
    if (model_is_private_) {
      // Into the model's own buffer: model_without_actuation_ points into it.
      mjModel& model = mutable_model();
      const void* buffer = model.buffer;
      const ModelPtr suite = SuiteModelOf(this->spec_.config);
      if (mj_copyModel(&model, suite.get()) == nullptr || model.buffer != buffer) {
        throw std::runtime_error("MuJoCo could not restore the model in place");
      }
    }
  }

  // Physics.step(nstep) with dm_control's legacy split, as its
  // Environment (legacy_step=True) and the tasks' own settling steps use it.
  void PhysicsStep(int nstep) {
    CheckNewWarnings(
        [&] {
          if (m_.opt.integrator != mjINT_RK4) {
            mj_step2(&m_, d_);
            for (int i = 1; i < nstep; ++i) mj_step(&m_, d_);
          } else {
            for (int i = 0; i < nstep; ++i) mj_step(&m_, d_);
          }
          mj_step1(&m_, d_);
        },
        "step");
  }

  // Physics.forward() with the actuation disabled (reset and after_reset).
  // dm_control sets the flag on its Physics' own model. Ours is shared with
  // envs stepping in other threads, which must never see it (nor two
  // overlapping resets leave it set), so the flag is set on this env's
  // shallow copy of the model struct instead.
  void ForwardWithoutActuation() { mj_forward(&model_without_actuation_, d_); }

  // Physics.after_reset(): forward with the actuation disabled, a new MuJoCo
  // warning being a PhysicsError. Reset runs it after InitializeEpisode; a
  // few tasks also run it within theirs (ball_in_cup's and finger's
  // collision-free rejection loops).
  void AfterReset() {
    CheckNewWarnings([&] { ForwardWithoutActuation(); }, "after_reset");
  }

  // randomizers.randomize_limited_and_rotational_joints(physics, random).
  void RandomizeLimitedAndRotationalJoints() {
    for (int j = 0; j < m_.njnt; ++j) {
      const int type = m_.jnt_type[j];
      double* qpos = d_->qpos + m_.jnt_qposadr[j];
      const double low = m_.jnt_range[2 * j];
      const double high = m_.jnt_range[2 * j + 1];
      if (m_.jnt_limited[j]) {
        if (type == mjJNT_HINGE || type == mjJNT_SLIDE) {
          *qpos = random_.Uniform(low, high);
        } else if (type == mjJNT_BALL) {
          throw std::logic_error("limited ball joints are not used by the suite");
        }
      } else if (type == mjJNT_HINGE) {
        *qpos = random_.Uniform(-mjPI, mjPI);
      } else if (type == mjJNT_BALL) {
        std::vector<double> quat = random_.StandardNormal(4);
        const double norm = numpy_exact::NumpyNorm(quat.data(), 4);
        for (int i = 0; i < 4; ++i) qpos[i] = quat[i] / norm;
      } else if (type == mjJNT_FREE) {
        std::array<double, 4> quat{};
        for (double& q : quat) q = random_.RandomSample();
        const double norm = numpy_exact::NumpyNorm(quat.data(), 4);
        for (int i = 0; i < 4; ++i) qpos[3 + i] = quat[i] / norm;
      }
    }
  }

  const std::string& task_name() const { return task_name_; }

  // dm_control's task sets this object's alpha to 0, a change only a render
  // sees (the model itself, perhaps shared, is left as it is).
  void HideForDisplay(mjtObj type, int id) {
    if (type != mjOBJ_GEOM && type != mjOBJ_SITE) {
      throw std::logic_error("HideForDisplay: a geom or a site");
    }
    const std::pair<mjtObj, int> object(type, id);
    if (std::find(hidden_.begin(), hidden_.end(), object) == hidden_.end())
      hidden_.push_back(object);
  }

  // The model whose meshes and textures a render context holds for this env.
  void SetRenderAssets(ModelPtr assets) { render_assets_ = std::move(assets); }

  // What to upload to the render context before this env is drawn (e.g. its
  // own heightfield); none by default.
  virtual std::function<void(mjrContext*)> BeforeDraw() { return {}; }

  // The model, to change: only for an env constructed with kPrivateCopy.
  mjModel& mutable_model() {
    if (!model_is_private_) throw std::logic_error("mutable_model: the model is shared");
    return const_cast<mjModel&>(m_);
  }

  numpy_exact::NumpyRandomState random_;
  const ModelPtr model_;
  const bool model_is_private_;
  const mjModel& m_;
  std::unique_ptr<mjData, mujoco_engine::DataDeleter> data_;
  mjData* const d_;
  // m_ with the actuation disabled: its own options, the same arrays (so
  // also what a task writes to its private model).
  const mjModel model_without_actuation_;
  const NameIndex names_;
  const int n_sub_steps_;
  const std::string task_name_;

 private:
  // The observation: the task's, or (from_pixels) the frame stack with this
  // state's frame pushed (filling the stack on an episode's first).
  void Observe(const State& state, bool first) {
    if (!pixels_) {
      WriteObservation(state);
      return;
    }
    const std::size_t plane =
        static_cast<std::size_t>(pixel_request_.height) * pixel_request_.width;
    const std::size_t frame = 3 * plane;
    if (frames_.empty()) {
      frames_.resize(frame * frame_stack_);
      rendered_.resize(frame);
    }
    Render(pixel_request_, rendered_.data());
    std::uint8_t* slot = frames_.data() + frame * newest_;
    for (std::size_t i = 0; i < plane; ++i) {  // HWC -> CHW
      slot[i] = rendered_[3 * i];
      slot[plane + i] = rendered_[3 * i + 1];
      slot[2 * plane + i] = rendered_[3 * i + 2];
    }
    if (first) {
      for (int k = 0; k < frame_stack_; ++k) {
        if (k != newest_) std::copy(slot, slot + frame, frames_.data() + frame * k);
      }
    }
    newest_ = (newest_ + 1) % frame_stack_;
    // Oldest first: the ring from the slot the next frame overwrites.
    std::uint8_t* out = state["obs:pixels"_].template Data<std::uint8_t>();
    const std::size_t older = frame * (frame_stack_ - newest_);
    std::copy(frames_.data() + frame * newest_, frames_.data() + frame * newest_ + older, out);
    std::copy(frames_.data(), frames_.data() + frame * newest_, out + older);
  }

  // Runs `body`; a MuJoCo warning it raised is dm_control's PhysicsError.
  template <typename F>
  void CheckNewWarnings(F body, const char* what) {
    std::array<int, mjNWARNING> before{};
    for (int i = 0; i < mjNWARNING; ++i) before[i] = d_->warning[i].number;
    body();
    for (int i = 0; i < mjNWARNING; ++i) {
      if (d_->warning[i].number > before[i]) {
        // The pool adds "env <id>: ".
        throw std::runtime_error(std::string("physics state is invalid after ") + what +
                                 " (MuJoCo warning " + mju_warningText(i, d_->warning[i].lastinfo) +
                                 ")");
      }
    }
  }

  std::optional<double> termination_;
  ModelPtr render_assets_;
  std::vector<std::pair<mjtObj, int>> hidden_;
  // from_pixels: the observation's frames, a ring of frame_stack CHW frames.
  const bool pixels_;
  const RenderRequest pixel_request_;
  const int frame_stack_;
  std::vector<std::uint8_t> frames_;
  std::vector<std::uint8_t> rendered_;  // one HWC frame
  int newest_ = 0;                      // the slot the next frame goes to
};

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_DM_CONTROL_ENV_H_
