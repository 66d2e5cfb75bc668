// The config check of the domains whose model dm_control builds in code for
// each task (cartpole's pole counts aside): dog, quadruped, manipulator,
// stacker and swimmer. There is no XML file to read for them; registration.py
// asks dm_control for the task's model and passes it as model_xml.
#ifndef PARALLEL_POOL_DM_CONTROL_BUILT_MODEL_H_
#define PARALLEL_POOL_DM_CONTROL_BUILT_MODEL_H_

#include <string>

#include "parallel_pool/dm_control/dm_control_env.h"

namespace parallel_pool::dm_control {

// model_xml must be given (`builder`: the dm_control call that builds the
// model, for the message); then ValidateSuiteConfig's checks. Returns the
// model, for the domain's further checks.
template <typename Config>
ModelPtr ValidateBuiltModelConfig(const Config& conf, const std::string& domain,
                                  const std::string& builder) {
  RequireConfig(!conf["model_xml"_].empty(), "model_xml: " + domain +
                                                 "'s model is built by dm_control in code (" +
                                                 builder + "); registration.py passes it");
  return ValidateSuiteConfig(conf);
}

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_BUILT_MODEL_H_
