// What every MuJoCo env shares, whichever suite it reproduces: the model
// file's path, the compiled model (loaded once per file and shared,
// read-only, by every env of every pool) and the owner of an env's mjData.
#ifndef PARALLEL_POOL_MUJOCO_ENGINE_MUJOCO_MODEL_H_
#define PARALLEL_POOL_MUJOCO_ENGINE_MUJOCO_MODEL_H_

#include <mujoco/mujoco.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>

namespace parallel_pool::mujoco_engine {

// The headers must be those of the MuJoCo that requirements-dev.txt pins
// (third_party/mujoco defines PARALLEL_POOL_MUJOCO_VERSION from that pin).
#ifdef PARALLEL_POOL_MUJOCO_VERSION
static_assert(mjVERSION_HEADER == PARALLEL_POOL_MUJOCO_VERSION,
              "MuJoCo's headers are not the version requirements-dev.txt pins");
#endif

// The model file `xml_file` names, resolved as gymnasium's expand_model_path
// does: a path starting with '/' or '.' as is, '~' from $HOME, anything else
// inside `base_path` (a family's registration.py sets it: gymnasium's assets
// folder, dm_control's suite folder; it refuses to make a spec, naming the
// package to install, when that package is missing).
inline std::string ModelPath(const std::string& base_path, const std::string& xml_file) {
  if (xml_file.empty()) throw std::invalid_argument("xml_file: empty");
  std::string path;
  if (xml_file[0] == '/' || xml_file[0] == '.') {
    path = xml_file;
  } else if (xml_file[0] == '~') {
    const char* home = std::getenv("HOME");
    path = std::string(home == nullptr ? "" : home) + xml_file.substr(1);
  } else if (base_path.empty()) {
    throw std::invalid_argument(
        "xml_file: " + xml_file +
        " is relative to base_path, the family's model folder, which is empty");
  } else {
    path = base_path + "/" + xml_file;
  }
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    throw std::invalid_argument("xml_file: " + path + " does not exist");
  }
  return path;
}

using ModelPtr = std::shared_ptr<const mjModel>;

// The compiled model of `path`, compiled once per process (per file
// version) and shared: stepping never writes to mjModel, so one copy serves
// every env on every thread. mj_loadXML runs under a lock.
inline ModelPtr LoadModel(const std::string& path) {
  static std::mutex mu;
  using Key = std::tuple<std::string, std::filesystem::file_time_type, std::uintmax_t>;
  static std::map<Key, ModelPtr> cache;
  std::error_code error;
  Key key(path, std::filesystem::last_write_time(path, error),
          std::filesystem::file_size(path, error));
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  char message[1024] = "";
  mjModel* model = mj_loadXML(path.c_str(), nullptr, message, sizeof(message));
  if (model == nullptr) {
    throw std::invalid_argument("xml_file: MuJoCo cannot load " + path + ": " + message);
  }
  ModelPtr shared(model, [](const mjModel* m) { mj_deleteModel(const_cast<mjModel*>(m)); });
  cache.emplace(key, shared);
  return shared;
}

struct DataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};

}  // namespace parallel_pool::mujoco_engine

#endif  // PARALLEL_POOL_MUJOCO_ENGINE_MUJOCO_MODEL_H_
