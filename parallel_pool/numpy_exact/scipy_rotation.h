// scipy.spatial.transform.Rotation.from_matrix(m).as_quat() of a rotation
// matrix, as SciPy rounds it: the largest of the diagonal and the trace
// picks the formula (Shepperd's method), and the quaternion (x, y, z, w) is
// divided by the square root of its sequential sum of squares. Checked
// against SciPy 1.17 on 20,000 matrices of MuJoCo's mju_quat2Mat, all equal
// to the bit (parallel_pool/metaworld's observations use it).
//
// SciPy first replaces a matrix that is not orthogonal within 1e-12 by the
// nearest orthogonal one (an SVD); MuJoCo's xmat are orthogonal to about
// 1e-16, so that branch is not reproduced.
#ifndef PARALLEL_POOL_NUMPY_EXACT_SCIPY_ROTATION_H_
#define PARALLEL_POOL_NUMPY_EXACT_SCIPY_ROTATION_H_

#include <array>
#include <cmath>

namespace parallel_pool::numpy_exact {

// The scalar-last quaternion of the row-major 3x3 rotation matrix `m`.
inline std::array<double, 4> ScipyQuatFromMatrix(const double* m) {
  auto at = [m](int row, int column) { return m[3 * row + column]; };
  const double trace = at(0, 0) + at(1, 1) + at(2, 2);
  // argmax over (m00, m11, m22, trace): the first of equal maxima.
  int choice = 0;
  double best = at(0, 0);
  const double candidates[4] = {at(0, 0), at(1, 1), at(2, 2), trace};
  for (int c = 1; c < 4; ++c) {
    if (candidates[c] > best) {
      best = candidates[c];
      choice = c;
    }
  }
  std::array<double, 4> q{};
  if (choice == 3) {
    q = {at(2, 1) - at(1, 2), at(0, 2) - at(2, 0), at(1, 0) - at(0, 1), 1 + trace};
  } else {
    const int i = choice;
    const int j = (i + 1) % 3;
    const int k = (j + 1) % 3;
    q[i] = 1 - trace + 2 * at(i, i);
    q[j] = at(j, i) + at(i, j);
    q[k] = at(k, i) + at(i, k);
    q[3] = at(k, j) - at(j, k);
  }
  const double norm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (double& x : q) x /= norm;
  return q;
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_SCIPY_ROTATION_H_
