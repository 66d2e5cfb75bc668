// One Bind<Domain> per entry of DOMAINS in BUILD, each defined in its own
// translation unit (generated from bind_domain.cc.in), all called by
// dm_control_ext.cc. domain_list.inc, generated from the same DOMAINS, holds
// one PARALLEL_POOL_DM_CONTROL_DOMAIN(<Domain>) line per domain.
//
// Adding a domain: its header (<domain>.h, defining <Domain>EnvPool), its
// entry in BUILD's DOMAINS, and its tasks in registration.py; __init__.py
// finds its classes in the module.
#ifndef PARALLEL_POOL_DM_CONTROL_BINDINGS_H_
#define PARALLEL_POOL_DM_CONTROL_BINDINGS_H_

#include <pybind11/pybind11.h>

namespace parallel_pool::dm_control {

#define PARALLEL_POOL_DM_CONTROL_DOMAIN(Domain) void Bind##Domain(pybind11::module_& m);
#include "parallel_pool/dm_control/domain_list.inc"
#undef PARALLEL_POOL_DM_CONTROL_DOMAIN

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_BINDINGS_H_
