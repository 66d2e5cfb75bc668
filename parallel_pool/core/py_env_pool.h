// The pybind11 binding shared by every family: BindEnv<Pool>(module, "Name")
// exposes _NameEnvSpec and _NameEnvPool to parallel_pool/python.
//
// Actions are converted and validated while the GIL is held (core/py_numpy.h),
// then the GIL is released for the whole C++ step; results become numpy
// arrays over the batch buffer itself (no copy), kept alive by one capsule. A
// call that waits without the GIL still answers Ctrl-C
// (core/py_signal_poll.h).
#ifndef PARALLEL_POOL_CORE_PY_ENV_POOL_H_
#define PARALLEL_POOL_CORE_PY_ENV_POOL_H_

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "parallel_pool/core/action_check.h"
#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/py_numpy.h"
#include "parallel_pool/core/py_signal_poll.h"
#include "parallel_pool/core/xla_port.h"

namespace parallel_pool {

namespace py = pybind11;

template <typename T>
py::tuple SpecTuple(std::string_view key, const Spec<T>& s) {
  using P = std::conditional_t<std::is_floating_point_v<T>, double,
                               std::conditional_t<std::is_same_v<T, bool>, bool, long long>>;
  std::vector<P> lo(s.elementwise_low.begin(), s.elementwise_low.end());
  std::vector<P> hi(s.elementwise_high.begin(), s.elementwise_high.end());
  return py::make_tuple(std::string(key), DTypeName(DTypeOf<T>()), s.shape, s.has_bounds,
                        static_cast<P>(s.low), static_cast<P>(s.high), lo, hi);
}

// The declared fields, less those their config switched off.
template <typename SpecDict>
py::list SpecList(const SpecDict& specs) {
  py::list out;
  specs.ForEach([&](std::string_view key, const auto& s) {
    if (s.enabled) out.append(SpecTuple(key, s));
  });
  return out;
}

template <typename PoolT>
class PyEnvPool {
 public:
  using Spec = typename PoolT::Spec;
  using Values = typename Spec::Config::Values;

  explicit PyEnvPool(const Spec& spec, std::vector<Spec> env_specs = {})
      : pool_(std::make_unique<PoolT>(spec, std::move(env_specs))),
        action_specs_(ArraySpecsOf(spec.action_spec)) {
    std::vector<ArraySpec> state_specs = ArraySpecsOf(spec.state_spec);
    for (std::size_t i = 0; i < state_specs.size(); ++i) {
      if (!state_specs[i].enabled) continue;
      exported_.push_back(i);
      exported_keys_.push_back(pool_->state_keys()[i]);
    }
  }

  // In a fork()ed child the pool is leaked, not destroyed: its threads and
  // locks are copies (see AsyncEnvPool::LeakAfterFork).
  ~PyEnvPool() {
    if (pool_->forked()) {
      pool_->Close();
      static_cast<void>(pool_.release());
      return;
    }
    // XLA calls may still come (see xla_port::Port): close, so a call in
    // flight ends, then detach, so later ones fail cleanly.
    if (xla_port_ != nullptr) {
      pool_->Close();
      xla_port_->Detach();
    }
  }

  PyEnvPool(const PyEnvPool&) = delete;
  PyEnvPool& operator=(const PyEnvPool&) = delete;

  void Send(const py::tuple& actions, const py::object& env_ids, const py::object& players) {
    Converted in = Convert(actions, env_ids, players);
    WaitPoll poll = SignalPoll();
    py::gil_scoped_release release;
    pool_->Send(in.batch, poll);
  }

  // `timeout_s`: seconds (checked finite and >= 0 by python/pool.py), or
  // None to wait as long as it takes. A timeout is Python's TimeoutError.
  py::tuple Recv(std::optional<double> timeout_s) {
    std::optional<std::chrono::nanoseconds> timeout;
    if (timeout_s) {
      // Beyond ~292 years a nanosecond count overflows: as good as forever.
      if (*timeout_s < 9e9)
        timeout = std::chrono::nanoseconds(static_cast<std::int64_t>(*timeout_s * 1e9));
    }
    StateBatch out;
    WaitPoll poll = SignalPoll();
    try {
      py::gil_scoped_release release;
      out = pool_->Recv(poll, timeout);
    } catch (const RecvTimeout& timed_out) {
      PyErr_SetString(PyExc_TimeoutError, timed_out.what());
      throw py::error_already_set();
    }
    return ToPython(out);
  }

  py::tuple Step(const py::tuple& actions, const py::object& env_ids, const py::object& players) {
    Converted in = Convert(actions, env_ids, players);
    StateBatch out;
    WaitPoll poll = SignalPoll();
    {
      py::gil_scoped_release release;
      out = pool_->Step(in.batch, poll);
    }
    return ToPython(out);
  }

  // `env_ids`: None for every env (the core's empty list), else at least one.
  // `seeds`: None, or one int32 (or None: no new seed) per env reset (env i
  // of a pool made with seed=s has seed s + i). The Python layer works the
  // seeds out, so it owns their int32 range (its message names the env that
  // would get the seed, and a distributed pool checks it once on the driver);
  // here py::cast refuses anything else.
  void Reset(const py::object& env_ids, const py::object& seeds) {
    std::vector<int> ids = EnvIds(env_ids);
    if (!env_ids.is_none()) CheckEnvIdsGiven(ids);
    std::vector<std::optional<std::uint32_t>> seed_values;
    if (!seeds.is_none()) {
      for (py::handle item : seeds) {
        if (item.is_none()) {
          seed_values.emplace_back();
          continue;
        }
        // As at construction (Env::SeedFor): the int32 seed's bits.
        seed_values.push_back(static_cast<std::uint32_t>(py::cast<std::int32_t>(item)));
      }
    }
    WaitPoll poll = SignalPoll();
    py::gil_scoped_release release;
    pool_->Reset(ids, seed_values, poll);
  }

  // render(): the frames of env_ids, an (n, height, width, 3) uint8 array
  // over its own buffer; 0 for height/width (and -1 for the camera) means the
  // family's default. Only bound for envs that render.
  py::object Render(const py::object& env_ids, int height, int width, int camera_id) {
    std::vector<int> ids = EnvIds(env_ids);
    Array frames;
    WaitPoll poll = SignalPoll();
    {
      py::gil_scoped_release release;
      frames = pool_->Render(ids, RenderRequest{height, width, camera_id}, poll);
    }
    return NumpyOver(frames, KeepAlive(frames));
  }

  // (height, width, camera_id) with the family's defaults filled in, or a
  // ValueError naming the key the family cannot render.
  py::tuple CheckRender(int height, int width, int camera_id) const {
    RenderRequest request = DrawnFrame<typename PoolT::EnvClass>(
        pool_->spec(), RenderRequest{height, width, camera_id});
    return py::make_tuple(request.height, request.width, request.camera_id);
  }

  // Without the GIL: a thread waiting in this pool may need it to leave.
  void Close() {
    py::gil_scoped_release release;
    pool_->Close();
  }

  std::vector<std::string> final_keys() const {
    std::vector<std::string> out;
    if (!pool_->same_step()) return out;
    for (std::size_t i : pool_->shadowed_fields()) out.push_back(pool_->state_keys()[i]);
    return out;
  }
  // The fields returned to Python, in the order of the result tuple.
  const std::vector<std::string>& state_keys() const { return exported_keys_; }
  // The address of this pool's xla_port::PortAbi, for parallel_pool/xla.
  std::uintptr_t xla_port() {
    // Never freed, on purpose: compiled XLA programs keep its address.
    if (xla_port_ == nullptr) xla_port_ = new xla_port::Port<PoolT>(pool_.get());
    return reinterpret_cast<std::uintptr_t>(xla_port_->abi());
  }
  // The core's env id rule (action_check.h), for the Python layer to ask
  // before it works out per-env values such as reset seeds.
  void CheckEnvIds(const py::object& env_ids) const {
    CheckEnvIdsInRange(EnvIds(env_ids), pool_->spec().num_envs());
  }
  int in_flight() const { return pool_->in_flight(); }
  bool closed() const { return pool_->closed(); }

 private:
  std::vector<int> EnvIds(const py::object& env_ids) const {
    if (env_ids.is_none()) return {};
    ArraySpec spec{DType::kInt32, {}, false};
    std::size_t n = static_cast<std::size_t>(py::len(env_ids));
    py::object arr = ToContiguous(env_ids, spec, n, "env_id");
    const int* p =
        static_cast<const int*>(PyArray_DATA(reinterpret_cast<PyArrayObject*>(arr.ptr())));
    return std::vector<int>(p, p + n);
  }

  // The action batch, and the numpy arrays its fields borrow from. Local to
  // one call (another Python thread may convert its own while this one runs
  // without the GIL); released only after the GIL is taken back.
  struct Converted {
    ActionBatch batch;
    std::vector<py::object> keep_alive;
  };

  Converted Convert(const py::tuple& actions, const py::object& env_ids,
                    const py::object& players) {
    Converted converted;
    ActionBatch& batch = converted.batch;
    batch.env_ids = EnvIds(env_ids);
    // None never reaches here: PoolBase passes the ids it means.
    CheckEnvIdsGiven(batch.env_ids);
    if (!players.is_none()) batch.players_env_id = EnvIds(players);
    CheckActionFieldCount(action_specs_.size(), actions.size());
    std::size_t player_rows =
        batch.players_env_id.empty() ? batch.env_ids.size() : batch.players_env_id.size();
    std::size_t f = 0;
    pool_->spec().action_spec.ForEach([&](std::string_view key, const auto& s) {
      const ArraySpec& a = action_specs_[f];
      std::string what = "action[" + std::string(key) + "]";
      py::object arr =
          ToContiguous(actions[f], a, a.per_player ? player_rows : batch.env_ids.size(), what);
      Array view = BorrowNumpy(arr, a.dtype);
      CheckActionValues(view, s, what);
      batch.fields.push_back(view);
      converted.keep_alive.push_back(std::move(arr));
      ++f;
    });
    return converted;
  }

  // The batch as numpy arrays over its own memory: the exported state
  // fields, then the same-step "final" fields.
  py::tuple ToPython(const StateBatch& out) const {
    if (out.arrays.empty()) return py::tuple();
    // Every field of a batch lives in one allocation: one capsule owns it.
    py::capsule base = KeepAlive(out.arrays[0]);
    py::tuple result(exported_.size() + out.final_arrays.size());
    std::size_t i = 0;
    auto emit = [&](const Array& a) {
      PyTuple_SET_ITEM(result.ptr(), i++, NumpyOver(a, base).release().ptr());
    };
    for (std::size_t f : exported_) emit(out.arrays[f]);
    for (const Array& a : out.final_arrays) emit(a);
    return result;
  }

  std::unique_ptr<PoolT> pool_;
  std::vector<ArraySpec> action_specs_;
  // Indices (into the state spec) and keys of the fields Python receives.
  std::vector<std::size_t> exported_;
  std::vector<std::string> exported_keys_;
  xla_port::Port<PoolT>* xla_port_ = nullptr;
};

// Binds _<name>EnvSpec and _<name>EnvPool for one env class.
//
// These members are the core's contract with the Python layer: python/spec.py
// reads the spec's (_config_keys, _default_config_values, _config_values,
// _state_spec, _action_spec); python/pool.py drives the pool's (_send, _recv,
// _step, _reset, _check_env_ids, _render, _check_render, _close, _closed,
// _closed_message, _state_keys, _final_keys, _in_flight, _renders,
// _xla_port), and so does distributed/host.py; distributed/remote_pool.py
// answers the same calls. The leading underscore keeps them out of users'
// sight (a pool's `_pool`), not out of these packages'.
template <typename PoolT>
void BindEnv(py::module_& m, const std::string& name) {
  using Spec = typename PoolT::Spec;
  using Config = typename Spec::Config;
  using Values = typename Config::Values;
  py::class_<Spec>(m, ("_" + name + "EnvSpec").c_str())
      .def(py::init([](const Values& values) { return Spec(Config(values)); }))
      .def_property_readonly_static("_config_keys", [](py::object) { return Config::Keys(); })
      .def_property_readonly_static("_default_config_values",
                                    [](py::object) { return Spec::DefaultConfig().values(); })
      .def_property_readonly("_config_values", [](const Spec& s) { return s.config.values(); })
      .def_property_readonly("_state_spec", [](const Spec& s) { return SpecList(s.state_spec); })
      // Every state key's (role, name), core/field_role.h's: Python reads these
      // and never parses a key.
      .def_property_readonly_static("_state_roles",
                                    [](py::object) {
                                      py::dict out;
                                      for (const std::string& key : Spec::StateSpec::Keys()) {
                                        out[py::str(key)] = py::make_tuple(
                                            std::string(FieldRoleName(StateFieldRole(key))),
                                            std::string(StateFieldName(key)));
                                      }
                                      return out;
                                    })
      .def_property_readonly("_action_spec", [](const Spec& s) { return SpecList(s.action_spec); });
  constexpr bool kRenders = RenderableEnv<typename PoolT::EnvClass>;
  // Building the envs and freeing the pool wait for other threads (the builders,
  // the workers), whose env code may call into Python (a third-party library's
  // warning or log callback that a Python package has routed to a handler).
  // Waiting with the GIL held would deadlock, so both release it.
  auto pool = py::class_<PyEnvPool<PoolT>>(m, ("_" + name + "EnvPool").c_str(),
                                           py::release_gil_before_calling_cpp_dtor());
  pool.def(py::init<const Spec&, std::vector<Spec>>(), py::arg("spec"),
           py::arg("env_specs") = std::vector<Spec>{}, py::call_guard<py::gil_scoped_release>())
      .def("_send", &PyEnvPool<PoolT>::Send)
      .def("_recv", &PyEnvPool<PoolT>::Recv, py::arg("timeout") = py::none())
      .def("_step", &PyEnvPool<PoolT>::Step)
      .def("_reset", &PyEnvPool<PoolT>::Reset, py::arg("env_ids"), py::arg("seeds") = py::none())
      .def("_close", &PyEnvPool<PoolT>::Close)
      .def("_check_env_ids", &PyEnvPool<PoolT>::CheckEnvIds)
      // What every call on a closed pool raises; the Python layer raises the
      // same text for the checks it makes first, read from here.
      .def_property_readonly_static("_closed_message",
                                    [](py::object) { return std::string(kPoolClosedMessage); })
      .def_property_readonly("_closed", &PyEnvPool<PoolT>::closed)
      .def_property_readonly("_state_keys", &PyEnvPool<PoolT>::state_keys)
      .def_property_readonly("_final_keys", &PyEnvPool<PoolT>::final_keys)
      .def_property_readonly("_in_flight", &PyEnvPool<PoolT>::in_flight)
      .def("_xla_port", &PyEnvPool<PoolT>::xla_port)
      .def_property_readonly_static("_renders", [](py::object) { return kRenders; });
  if constexpr (kRenders) {
    pool.def("_render", &PyEnvPool<PoolT>::Render)
        .def("_check_render", &PyEnvPool<PoolT>::CheckRender);
  }
}

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_PY_ENV_POOL_H_
