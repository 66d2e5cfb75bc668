// Vehicle.step's NumPy calls (beta = arctan(tan(steering) / 2), then cos and
// sin of heading + beta and sin(beta)) made once for many vehicles: each
// vehicle's step reads and writes its own state only, and NumPy's loops are
// elementwise (numpy_ufunc.h), so the values are each vehicle's own.
#ifndef PARALLEL_POOL_HIGHWAY_VEHICLE_KINEMATIC_STEP_H_
#define PARALLEL_POOL_HIGHWAY_VEHICLE_KINEMATIC_STEP_H_

#include <cstddef>
#include <utility>
#include <vector>

#include "parallel_pool/highway/vehicle/road_object.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::highway {

class KinematicStepBatch {
 public:
  // An object whose BeginKinematicStep gave `steering`.
  void Add(RoadObject* object, double steering) {
    objects_.push_back(object);
    steering_.push_back(steering);
  }

  // Every added object's FinishKinematicStep, then none is left.
  void Finish(double dt) {
    const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(objects_.size());
    beta_.resize(n);
    out_.resize(3 * n);
    double* const cos_course = out_.data();
    double* const sin_course = cos_course + n;
    double* const sin_beta = sin_course + n;
    std::vector<double>& in = steering_;  // reused for each call's argument
    numpy_exact::NumpyTan(in.data(), beta_.data(), n);
    for (std::ptrdiff_t i = 0; i < n; ++i) in[i] = 1.0 / 2 * beta_[i];
    numpy_exact::NumpyArctan(in.data(), beta_.data(), n);
    for (std::ptrdiff_t i = 0; i < n; ++i) in[i] = objects_[i]->heading + beta_[i];
    numpy_exact::NumpyCos(in.data(), cos_course, n);
    numpy_exact::NumpySin(in.data(), sin_course, n);
    numpy_exact::NumpySin(beta_.data(), sin_beta, n);
    for (std::ptrdiff_t i = 0; i < n; ++i) {
      objects_[i]->FinishKinematicStep(dt, {beta_[i], cos_course[i], sin_course[i], sin_beta[i]});
    }
    UpdateLanes();
    objects_.clear();
    steering_.clear();
  }

 private:
  // Vehicle.on_state_update of each moved object: its closest lane (with
  // heading), each lane visited once for all of those on one network.
  void UpdateLanes() {
    const std::size_t n = objects_.size();
    positions_.resize(n);
    headings_.resize(n);
    closest_.resize(n);
    std::size_t start = 0;
    while (start < n) {
      const RoadNetwork* network = objects_[start]->network;
      std::size_t end = start;
      while (end < n && objects_[end]->network == network) {
        positions_[end] = objects_[end]->position;
        headings_[end] = objects_[end]->heading;
        ++end;
      }
      network->ClosestLanes(positions_.data() + start, headings_.data() + start, end - start,
                            &coordinates_, &distances_, closest_.data() + start);
      for (std::size_t i = start; i < end; ++i) objects_[i]->SetClosestLane(closest_[i]);
      start = end;
    }
  }

  std::vector<RoadObject*> objects_;
  std::vector<double> steering_;
  std::vector<Vec2> positions_;
  std::vector<double> headings_;
  std::vector<std::pair<LaneIndex, const Lane*>> closest_;
  std::vector<LaneCoordinates> coordinates_;
  std::vector<double> distances_;
  std::vector<double> beta_;
  std::vector<double> out_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_VEHICLE_KINEMATIC_STEP_H_
