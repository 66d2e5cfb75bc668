// highway-env's BicycleVehicle (vehicle/dynamics.py): the dynamical bicycle
// model, with a lateral speed and a yaw rate driven by the tyres' lateral
// forces (Rajamani, Vehicle Dynamics and Control, ch. 2), integrated by one
// fourth-order Runge-Kutta step per simulation step. Its state is the
// column [x, y, heading, speed, lateral speed, yaw rate]; NumPy computes it
// element by element, the body-to-world rotation as a dgemv.
#ifndef PARALLEL_POOL_HIGHWAY_VEHICLE_DYNAMICS_H_
#define PARALLEL_POOL_HIGHWAY_VEHICLE_DYNAMICS_H_

#include <array>
#include <cmath>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/vehicle/vehicle.h"

namespace parallel_pool::highway {

class BicycleVehicle : public Vehicle {
 public:
  using StateVector = std::array<double, 6>;

  static constexpr double kMass = 1;
  static constexpr double kLengthA = kLength / 2;
  static constexpr double kLengthB = kLength / 2;
  static constexpr double kInertiaZ = 1.0 / 12 * kMass * (kLength * kLength + kWidth * kWidth);
  static constexpr double kFrictionFront = 15.0 * kMass;
  static constexpr double kFrictionRear = 15.0 * kMass;
  static constexpr double kMaxAngularSpeed = 2 * kPi;

  BicycleVehicle(Road* road, Vec2 position, double heading, double speed)
      : Vehicle(road, position, heading, speed) {}

  StateVector state() const {
    return {position.x, position.y, heading, speed, lateral_speed, yaw_rate};
  }

  // The state's time derivative under the current command.
  StateVector derivative() const { return Derivative(state(), action); }

  // The dynamical model steps alone (Step).
  bool BeginKinematicStep(double /*dt*/, double* /*steering*/) override { return false; }

  // The collision's impact is never applied: only the crash (set by the
  // collision check itself) brakes the model.
  void Step(double dt) override {
    ClipActions();
    ClipDynamics(action, yaw_rate);
    const StateVector next = Rk4(state(), action, dt);
    position = {next[0], next[1]};
    heading = next[2];
    speed = next[3];
    lateral_speed = next[4];
    yaw_rate = next[5];
    OnStateUpdate();
  }

  // predict_trajectory_constant_speed: a copy driven on with the current
  // steering and no acceleration, `n` steps of `dt`.
  template <std::size_t N>
  void PredictConstantSteering(double dt, std::array<Vec2, N>* positions,
                               std::array<double, N>* headings) const {
    StateVector s = state();
    VehicleAction a{action.steering, 0.0};
    for (std::size_t k = 0; k < N; ++k) {
      // Vehicle.clip_actions on the copy, then BicycleVehicle's.
      if (crashed) {
        a.steering = 0;
        a.acceleration = -1.0 * s[3];
      }
      if (s[3] > max_speed) {
        a.acceleration = std::min(a.acceleration, 1.0 * (max_speed - s[3]));
      } else if (s[3] < min_speed) {
        a.acceleration = std::max(a.acceleration, 1.0 * (min_speed - s[3]));
      }
      ClipDynamics(a, s[5]);
      s = Rk4(s, a, dt);
      (*positions)[k] = {s[0], s[1]};
      (*headings)[k] = s[2];
    }
  }

  double lateral_speed = 0.0;
  double yaw_rate = 0.0;

 private:
  // The steering within +-pi/2 (the linearisation's), the yaw rate within
  // +-MAX_ANGULAR_SPEED.
  static void ClipDynamics(VehicleAction& a, double& yaw) {
    a.steering = Clip(a.steering, -kPi / 2, kPi / 2);
    yaw = Clip(yaw, -kMaxAngularSpeed, kMaxAngularSpeed);
  }

  static StateVector Derivative(const StateVector& s, const VehicleAction& a) {
    const double heading = s[2];
    const double speed = s[3];
    const double lateral_speed = s[4];
    const double yaw_rate = s[5];
    const double delta_f = a.steering;
    const double delta_r = 0.0;
    const double theta_vf = Arctan2(lateral_speed + kLengthA * yaw_rate, speed);
    const double theta_vr = Arctan2(lateral_speed - kLengthB * yaw_rate, speed);
    double f_yf = 2 * kFrictionFront * (delta_f - theta_vf);
    double f_yr = 2 * kFrictionRear * (delta_r - theta_vr);
    if (std::abs(speed) < 1) {
      // At low speed the lateral speed and yaw rate are damped.
      f_yf = -kMass * lateral_speed - kInertiaZ / kLengthA * yaw_rate;
      f_yr = -kMass * lateral_speed + kInertiaZ / kLengthA * yaw_rate;
    }
    const double d_lateral_speed = 1 / kMass * (f_yf + f_yr) - yaw_rate * speed;
    const double d_yaw_rate = 1 / kInertiaZ * (kLengthA * f_yf - kLengthB * f_yr);
    const Vec2 velocity = MatVec(Rotation(heading), {speed, lateral_speed});
    return {velocity.x, velocity.y, yaw_rate, a.acceleration, d_lateral_speed, d_yaw_rate};
  }

  // rk4: one fourth-order Runge-Kutta step of dt.
  static StateVector Rk4(const StateVector& s, const VehicleAction& a, double dt) {
    const auto shifted = [&](const StateVector& f, double h) {
      StateVector out;
      for (std::size_t i = 0; i < out.size(); ++i) out[i] = s[i] + f[i] * h;
      return out;
    };
    const StateVector f1 = Derivative(s, a);
    const StateVector f2 = Derivative(shifted(f1, dt / 2), a);
    const StateVector f3 = Derivative(shifted(f2, dt / 2), a);
    const StateVector f4 = Derivative(shifted(f3, dt), a);
    StateVector out;
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i] = s[i] + dt / 6 * (f1[i] + 2 * f2[i] + 2 * f3[i] + f4[i]);
    }
    return out;
  }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_VEHICLE_DYNAMICS_H_
