// What every Fetch env of a pool shares, made once per process: the model
// with the reference's one model write, where the model's elements are, and
// the settled state every episode starts from.
//
// gymnasium-robotics builds these in each env's constructor
// (envs/robot_env.py MujocoRobotEnv._initialize_simulation, envs/fetch/
// fetch_env.py MujocoFetchEnv._env_setup):
//   1. set_joint_qpos of each initial_qpos entry (the base's three slides,
//      then the object's free joint where the model has one);
//   2. reset_mocap_welds: every weld's eq_data[:7] = [0, 0, 0, 0, 0, 0, 1]
//      (a write to the model: the weld's anchor and relative pose), then
//      mj_forward; then mj_forward again;
//   3. the mocap body to [-0.498, 0.005, -0.431 + gripper_extra_height] +
//      the grip site's position, its quaternion [1, 0, 1, 0];
//   4. 10 x mj_step(nstep=n_substeps);
//   5. initial_gripper_xpos = the grip site's position; height_offset = the
//      object site's z; initial_time, initial_qpos, initial_qvel = data's.
// That depends only on the model and those config values, so it runs once
// here per (file, values) and every env copies the result.
#ifndef PARALLEL_POOL_ROBOTICS_FETCH_MODEL_H_
#define PARALLEL_POOL_ROBOTICS_FETCH_MODEL_H_

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "parallel_pool/mujoco_engine/mujoco_model.h"

namespace parallel_pool::robotics {

// The model of the Fetch file at `path`: a private copy of the file's
// shared model with reset_mocap_welds' write, made once per file and shared
// by every Fetch env (the envs of the other families keep the file's own).
inline mujoco_engine::ModelPtr LoadFetchModel(const std::string& path) {
  static std::mutex mu;
  // Keyed by the file's model, which the entry holds, so its address is not
  // reused while the entry lives.
  static std::map<const mjModel*, std::pair<mujoco_engine::ModelPtr, mujoco_engine::ModelPtr>>
      cache;
  mujoco_engine::ModelPtr file_model = mujoco_engine::LoadModel(path);
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(file_model.get());
  if (it != cache.end()) return it->second.second;
  mjModel* model = mj_copyModel(nullptr, file_model.get());
  if (model == nullptr) throw std::runtime_error("MuJoCo could not copy the model of " + path);
  if (model->nmocap > 0) {
    for (int i = 0; i < model->neq; ++i) {
      if (model->eq_type[i] != mjEQ_WELD) continue;
      mjtNum* data = model->eq_data + static_cast<std::size_t>(i) * mjNEQDATA;
      const mjtNum identity[7] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0};
      std::copy(identity, identity + 7, data);
    }
  }
  mujoco_engine::ModelPtr shared(model,
                                 [](const mjModel* m) { mj_deleteModel(const_cast<mjModel*>(m)); });
  cache.emplace(file_model.get(), std::make_pair(file_model, shared));
  return shared;
}

inline int FetchId(const mjModel& m, mjtObj type, const char* kind, const std::string& name) {
  const int id = mj_name2id(&m, type, name.c_str());
  if (id < 0) {
    throw std::invalid_argument("xml_file: a Fetch model needs the " + std::string(kind) + " '" +
                                name + "'");
  }
  return id;
}

// Where the reference's names are in the model, checked once per env.
struct FetchLayout {
  int grip_site = -1;
  int target_site = -1;
  int object_site = -1;        // -1: the model has no object
  int object_qpos = -1;        // object0:joint's qpos address (-1: none)
  int left_finger_qpos = -1;   // robot0:l_gripper_finger_joint (-1: none)
  int right_finger_qpos = -1;  // robot0:r_gripper_finger_joint (-1: none)
  int mocap_body = -1;
  // The joints whose names start with "robot", by id (robot_get_obs).
  std::vector<int> robot_joints;
  // Each weld as reset_mocap2body_xpos reads it: (mocap index, welded body).
  std::vector<std::pair<int, int>> welds;

  static FetchLayout Of(const mjModel& m) {
    FetchLayout layout;
    layout.grip_site = FetchId(m, mjOBJ_SITE, "site", "robot0:grip");
    layout.target_site = FetchId(m, mjOBJ_SITE, "site", "target0");
    // The render callback takes the goal marker's offset from site 0.
    if (layout.target_site != 0) {
      throw std::invalid_argument("xml_file: Fetch's goal marker, site 'target0', must be site 0");
    }
    layout.object_site = mj_name2id(&m, mjOBJ_SITE, "object0");
    const int object_joint = mj_name2id(&m, mjOBJ_JOINT, "object0:joint");
    if (object_joint >= 0) {
      if (m.jnt_type[object_joint] != mjJNT_FREE) {
        throw std::invalid_argument("xml_file: the joint 'object0:joint' must be a free joint");
      }
      layout.object_qpos = m.jnt_qposadr[object_joint];
    }
    for (const char* name : {"robot0:slide0", "robot0:slide1", "robot0:slide2"}) {
      const int joint = FetchId(m, mjOBJ_JOINT, "joint", name);
      if (m.jnt_type[joint] != mjJNT_SLIDE && m.jnt_type[joint] != mjJNT_HINGE) {
        throw std::invalid_argument(std::string("xml_file: the joint '") + name +
                                    "' must be a slide or hinge joint");
      }
    }
    auto qpos_of = [&m](const char* name) {
      const int joint = mj_name2id(&m, mjOBJ_JOINT, name);
      return joint < 0 ? -1 : m.jnt_qposadr[joint];
    };
    layout.left_finger_qpos = qpos_of("robot0:l_gripper_finger_joint");
    layout.right_finger_qpos = qpos_of("robot0:r_gripper_finger_joint");
    for (int j = 0; j < m.njnt; ++j) {
      const char* name = mj_id2name(&m, mjOBJ_JOINT, j);
      if (name == nullptr || std::string(name).rfind("robot", 0) != 0) continue;
      if (m.jnt_type[j] != mjJNT_SLIDE && m.jnt_type[j] != mjJNT_HINGE) {
        throw std::invalid_argument(std::string("xml_file: the robot joint '") + name +
                                    "' must be a slide or hinge joint (one value each)");
      }
      layout.robot_joints.push_back(j);
    }
    if (layout.robot_joints.size() < 2) {
      throw std::invalid_argument(
          "xml_file: a Fetch model needs at least two robot joints (the gripper's two fingers are "
          "the last two)");
    }
    if (m.nmocap != 1) {
      throw std::invalid_argument("xml_file: a Fetch model has one mocap body, this one has " +
                                  std::to_string(m.nmocap));
    }
    layout.mocap_body = FetchId(m, mjOBJ_BODY, "body", "robot0:mocap");
    if (m.body_mocapid[layout.mocap_body] < 0) {
      throw std::invalid_argument("xml_file: the body 'robot0:mocap' must be a mocap body");
    }
    for (int i = 0; i < m.neq; ++i) {
      if (m.eq_type[i] != mjEQ_WELD) continue;
      if (m.eq_objtype[i] != mjOBJ_BODY) {
        throw std::invalid_argument("xml_file: Fetch's welds join two bodies");
      }
      const int body1 = m.eq_obj1id[i];
      const int body2 = m.eq_obj2id[i];
      if (m.body_mocapid[body1] >= 0) {
        layout.welds.emplace_back(m.body_mocapid[body1], body2);
      } else if (m.body_mocapid[body2] >= 0) {
        layout.welds.emplace_back(m.body_mocapid[body2], body1);
      } else {
        throw std::invalid_argument(
            "xml_file: each of Fetch's welds holds a body to the mocap body");
      }
    }
    if (m.nu == 1) {
      throw std::invalid_argument(
          "xml_file: a Fetch model has no actuators or the gripper's (the first two are driven)");
    }
    for (int i = 0; i < m.nu && i < 2; ++i) {
      if (m.actuator_biastype[i] != mjBIAS_NONE && m.actuator_trntype[i] != mjTRN_JOINT) {
        throw std::invalid_argument(
            "xml_file: Fetch's gripper actuators with a bias act on joints");
      }
    }
    return layout;
  }
};

// The construction's values that the settled state depends on.
struct FetchSetup {
  std::array<double, 3> slides;      // initial_slide0..2
  std::array<double, 3> object_xyz;  // initial_object_x..z (where the model has an object)
  double gripper_extra_height;
  int n_substeps;

  auto Key() const { return std::make_tuple(slides, object_xyz, gripper_extra_height, n_substeps); }
};

// The settled state: where every reset starts.
struct FetchStart {
  double time = 0.0;
  std::vector<double> qpos;
  std::vector<double> qvel;
  std::array<double, 3> gripper_xpos{};  // initial_gripper_xpos
  double height_offset = 0.0;            // the object site's z (0 without one)
};

// The reference's construction (the steps above) on a fresh mjData.
inline FetchStart SettleFetch(const mjModel& m, const FetchLayout& layout,
                              const FetchSetup& setup) {
  std::unique_ptr<mjData, mujoco_engine::DataDeleter> data(mj_makeData(&m));
  if (data == nullptr) throw std::runtime_error("MuJoCo could not allocate mjData");
  mjData* d = data.get();
  const char* slides[3] = {"robot0:slide0", "robot0:slide1", "robot0:slide2"};
  for (int i = 0; i < 3; ++i) {
    d->qpos[m.jnt_qposadr[mj_name2id(&m, mjOBJ_JOINT, slides[i])]] = setup.slides[i];
  }
  if (layout.object_qpos >= 0) {
    const double object_qpos[7] = {
        setup.object_xyz[0], setup.object_xyz[1], setup.object_xyz[2], 1.0, 0.0, 0.0, 0.0};
    std::copy(object_qpos, object_qpos + 7, d->qpos + layout.object_qpos);
  }
  mj_forward(&m, d);
  mj_forward(&m, d);
  const mjtNum* grip = d->site_xpos + 3 * layout.grip_site;
  const double offset[3] = {-0.498, 0.005, -0.431 + setup.gripper_extra_height};
  const int mocap = m.body_mocapid[layout.mocap_body];
  for (int i = 0; i < 3; ++i) d->mocap_pos[3 * mocap + i] = offset[i] + grip[i];
  const double quat[4] = {1.0, 0.0, 1.0, 0.0};
  std::copy(quat, quat + 4, d->mocap_quat + 4 * mocap);
  for (int i = 0; i < 10 * setup.n_substeps; ++i) mj_step(&m, d);
  FetchStart start;
  start.time = d->time;
  start.qpos.assign(d->qpos, d->qpos + m.nq);
  start.qvel.assign(d->qvel, d->qvel + m.nv);
  std::copy(grip, grip + 3, start.gripper_xpos.begin());
  if (layout.object_site >= 0) start.height_offset = d->site_xpos[3 * layout.object_site + 2];
  return start;
}

// SettleFetch's result for `model` (LoadFetchModel's) and `setup`, settled
// once per process and shared.
inline std::shared_ptr<const FetchStart> FetchStartOf(const mujoco_engine::ModelPtr& model,
                                                      const FetchLayout& layout,
                                                      const FetchSetup& setup) {
  static std::mutex mu;
  using Key = std::tuple<const mjModel*, decltype(setup.Key())>;
  // The model is held with its entry, so its address is not reused.
  static std::map<Key, std::pair<mujoco_engine::ModelPtr, std::shared_ptr<const FetchStart>>> cache;
  std::lock_guard<std::mutex> lock(mu);
  const Key key(model.get(), setup.Key());
  auto it = cache.find(key);
  if (it != cache.end()) return it->second.second;
  auto start = std::make_shared<const FetchStart>(SettleFetch(*model, layout, setup));
  cache.emplace(key, std::make_pair(model, start));
  return start;
}

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_FETCH_MODEL_H_
