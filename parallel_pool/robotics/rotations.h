// The quaternion and Euler-angle arithmetic of gymnasium-robotics'
// utils/rotations.py and of its Shadow Hand tasks (manipulate.py's
// quat_from_angle_and_axis), rounded as NumPy rounds it: every NumPy
// operation is one C++ operation in the same order (the family compiles
// without FMA contraction), np.sin, np.cos, np.arctan2 and np.arccos are
// NumPy's own loops (numpy_ufunc.h), np.linalg.norm(v) is BLAS ddot
// (NumpyNorm) and np.sum(q * q) NumPy's pairwise sum. Quaternions are
// (w, x, y, z), Euler angles rotations.py's (x, y, z).
#ifndef PARALLEL_POOL_ROBOTICS_ROTATIONS_H_
#define PARALLEL_POOL_ROBOTICS_ROTATIONS_H_

#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::robotics {

using Quat = std::array<double, 4>;
using Euler = std::array<double, 3>;
using Vec3 = std::array<double, 3>;
using Mat3 = std::array<std::array<double, 3>, 3>;

// rotations.quat_mul(a, b): each component summed left to right.
inline Quat QuatMul(const Quat& a, const Quat& b) {
  const auto [w0, x0, y0, z0] = a;
  const auto [w1, x1, y1, z1] = b;
  return {((w0 * w1 - x0 * x1) - y0 * y1) - z0 * z1, ((w0 * x1 + x0 * w1) + y0 * z1) - z0 * y1,
          ((w0 * y1 + y0 * w1) + z0 * x1) - x0 * z1, ((w0 * z1 + z0 * w1) + x0 * y1) - y0 * x1};
}

// rotations.quat_conjugate: the vector part negated (w keeps its bits).
inline Quat QuatConjugate(const Quat& q) { return {q[0], -q[1], -q[2], -q[3]}; }

// v /= np.linalg.norm(v), for a quaternion or an axis: each element divided
// by the BLAS norm (NumpyNorm's roundings are OpenBLAS's ddot below 16
// elements, so 4 too).
template <std::size_t N>
void DivideByNorm(std::array<double, N>* v) {
  const double norm = numpy_exact::NumpyNorm(v->data(), N);
  for (double& x : *v) x = x / norm;
}

// manipulate.quat_from_angle_and_axis: the axis normalised, then
// [cos(angle / 2), sin(angle / 2) * axis], normalised again.
inline Quat QuatFromAngleAndAxis(double angle, Vec3 axis) {
  DivideByNorm(&axis);
  const double half = angle / 2.0;
  const double sine = numpy_exact::NumpySin(half);
  Quat q = {numpy_exact::NumpyCos(half), sine * axis[0], sine * axis[1], sine * axis[2]};
  DivideByNorm(&q);
  return q;
}

// rotations.quat2mat: the rotation of q scaled by 2 / |q|^2, or the
// identity where |q|^2 is not above machine epsilon.
inline Mat3 QuatToMat(const Quat& q) {
  const auto [w, x, y, z] = q;
  const double norm2 = numpy_exact::NumpySumOfSquares(q.data(), 4);
  if (!(norm2 > std::numeric_limits<double>::epsilon())) {
    return {{{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}}};
  }
  const double s = 2.0 / norm2;
  const double sx = x * s;
  const double sy = y * s;
  const double sz = z * s;
  const double wx = w * sx;
  const double wy = w * sy;
  const double wz = w * sz;
  const double xx = x * sx;
  const double xy = x * sy;
  const double xz = x * sz;
  const double yy = y * sy;
  const double yz = y * sz;
  const double zz = z * sz;
  return {{{1.0 - (yy + zz), xy - wz, xz + wy},
           {xy + wz, 1.0 - (xx + zz), yz - wx},
           {xz - wy, yz + wx, 1.0 - (xx + yy)}}};
}

// rotations.mat2euler: the gimbal-lock branch where cos(y) is within four
// machine epsilons of 0.
inline Euler MatToEuler(const Mat3& m) {
  using numpy_exact::NumpyArctan2;
  const double cy = std::sqrt(m[2][2] * m[2][2] + m[1][2] * m[1][2]);
  const bool regular = cy > 4.0 * std::numeric_limits<double>::epsilon();
  return {regular ? -NumpyArctan2(m[1][2], m[2][2]) : 0.0, -NumpyArctan2(-m[0][2], cy),
          regular ? -NumpyArctan2(m[0][1], m[0][0]) : -NumpyArctan2(-m[1][0], m[1][1])};
}

// rotations.quat2euler.
inline Euler QuatToEuler(const Quat& q) { return MatToEuler(QuatToMat(q)); }

// rotations.euler2quat.
inline Quat EulerToQuat(const Euler& e) {
  using numpy_exact::NumpyCos;
  using numpy_exact::NumpySin;
  const double ai = e[2] / 2;
  const double aj = -e[1] / 2;
  const double ak = e[0] / 2;
  const double si = NumpySin(ai);
  const double sj = NumpySin(aj);
  const double sk = NumpySin(ak);
  const double ci = NumpyCos(ai);
  const double cj = NumpyCos(aj);
  const double ck = NumpyCos(ak);
  const double cc = ci * ck;
  const double cs = ci * sk;
  const double sc = si * ck;
  const double ss = si * sk;
  return {cj * cc + sj * ss, cj * cs - sj * sc, -(cj * ss + sj * cc), cj * sc - sj * cs};
}

// The 24 axis-aligned orientations of rotations.get_parallel_rotations(),
// in its order, as multiples of pi / 2 per Euler angle. The signs of the
// zeros are its own (np.round of a small negative angle is -0.0), and they
// reach the quaternions' zero components.
inline constexpr int kNumParallelRotations = 24;
inline constexpr std::array<Euler, kNumParallelRotations> kParallelRightAngles = {{
    {0.0, 0.0, 0.0},   {0.0, 0.0, 1.0},   {0.0, 0.0, -1.0}, {0.0, 0.0, 2.0},   {0.0, 1.0, 0.0},
    {0.0, 1.0, 1.0},   {0.0, 1.0, -1.0},  {0.0, 1.0, 2.0},  {0.0, -1.0, 0.0},  {0.0, -1.0, 1.0},
    {0.0, -1.0, -1.0}, {0.0, -1.0, 2.0},  {2.0, 0.0, 2.0},  {2.0, 0.0, -1.0},  {2.0, 0.0, 1.0},
    {2.0, 0.0, -0.0},  {1.0, 0.0, 0.0},   {1.0, 0.0, 1.0},  {1.0, 0.0, -1.0},  {1.0, 0.0, 2.0},
    {-1.0, 0.0, 2.0},  {-1.0, 0.0, -1.0}, {-1.0, 0.0, 1.0}, {-1.0, 0.0, -0.0},
}};

// manipulate.py's parallel_quats: euler2quat of each parallel rotation
// (its angles k * (np.pi / 2)). NumPy's sin and cos are known only once
// the family's module is imported, so these are computed when an env is made.
inline std::array<Quat, kNumParallelRotations> ParallelQuats() {
  std::array<Quat, kNumParallelRotations> quats;
  for (int i = 0; i < kNumParallelRotations; ++i) {
    Euler euler;
    for (int j = 0; j < 3; ++j) euler[j] = kParallelRightAngles[i][j] * (std::numbers::pi / 2);
    quats[i] = EulerToQuat(euler);
  }
  return quats;
}

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_ROTATIONS_H_
