// An observation type: what the agent's vehicle sees after each reset and
// step, written as float32 into its row of the batch. One instance per env
// (the reference makes a new one at every reset: Reset() clears what it
// fixes at an episode's first observation).
#ifndef PARALLEL_POOL_HIGHWAY_OBSERVATION_OBSERVER_H_
#define PARALLEL_POOL_HIGHWAY_OBSERVATION_OBSERVER_H_

#include "parallel_pool/highway/simulation.h"

namespace parallel_pool::highway {

class Observer {
 public:
  virtual ~Observer() = default;
  virtual void Reset() {}
  // Writes the observation of `sim.vehicle()` into `out`.
  virtual void Observe(Simulation& sim, float* out) = 0;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_OBSERVATION_OBSERVER_H_
