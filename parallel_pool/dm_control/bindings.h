// One Bind<Domain> per domain, each defined in its own bind_<domain>.cc, all
// called by dm_control_ext.cc. Adding a domain: a header, a bind file, one
// line here and one in dm_control_ext.cc, and its rows in registration.py.
#ifndef PARALLEL_POOL_DM_CONTROL_BINDINGS_H_
#define PARALLEL_POOL_DM_CONTROL_BINDINGS_H_

#include <pybind11/pybind11.h>

namespace parallel_pool::dm_control {

void BindCheetah(pybind11::module_& m);
void BindWalker(pybind11::module_& m);
void BindHumanoid(pybind11::module_& m);
void BindFish(pybind11::module_& m);
void BindSwimmer(pybind11::module_& m);
void BindHumanoidCMU(pybind11::module_& m);
void BindManipulator(pybind11::module_& m);
void BindStacker(pybind11::module_& m);
void BindPendulum(pybind11::module_& m);
void BindAcrobot(pybind11::module_& m);
void BindPointMass(pybind11::module_& m);
void BindReacher(pybind11::module_& m);
void BindBallInCup(pybind11::module_& m);
void BindFinger(pybind11::module_& m);
void BindHopper(pybind11::module_& m);
void BindCartpole(pybind11::module_& m);
void BindQuadruped(pybind11::module_& m);
void BindDog(pybind11::module_& m);
void BindLqr(pybind11::module_& m);

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_BINDINGS_H_
