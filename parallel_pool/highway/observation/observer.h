// An observation type: what the agent's vehicle sees after each reset and
// step, written into its row of the batch. One instance per env
// (the reference makes a new one at every reset: Reset() clears what it
// fixes at an episode's first observation).
#ifndef PARALLEL_POOL_HIGHWAY_OBSERVATION_OBSERVER_H_
#define PARALLEL_POOL_HIGHWAY_OBSERVATION_OBSERVER_H_

#include <cstdint>
#include <stdexcept>

#include "parallel_pool/highway/simulation.h"

namespace parallel_pool::highway {

class Observer {
 public:
  virtual ~Observer() = default;
  virtual void Reset() {}
  // Writes the observation of `sim.vehicle()` into `out`: float32, or, for
  // an image observation, uint8 (ObserveImage). The env class's "obs" type
  // decides which is called; the config checks keep each observer to its own.
  virtual void Observe(Simulation& /*sim*/, float* /*out*/) {
    throw std::logic_error("this observation is an image: uint8, not float32");
  }
  virtual void ObserveImage(Simulation& /*sim*/, std::uint8_t* /*out*/) {
    throw std::logic_error("this observation is float32, not an image");
  }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_OBSERVATION_OBSERVER_H_
