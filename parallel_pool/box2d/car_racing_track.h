// GenerateTrack: gymnasium's CarRacing._create_track, draw for draw.
//
// A track is 12 checkpoints around a circle (two np_random.uniform draws
// each: the angle's noise, then the radius), followed by a steering point
// that laps them five times; the closed loop is cut from the last two passes
// through the start angle. gymnasium retries with new draws until the loop
// closes within one detail step; GenerateTrack does one attempt and returns
// nullopt where gymnasium's returns False, so the caller loops as it does.
//
// Everything is in Python's doubles, expression for expression (math.cos,
// sin and atan2 are the C library's, as here), so the tiles' corners are the
// very doubles gymnasium hands to pybox2d and pygame.
#ifndef PARALLEL_POOL_BOX2D_CAR_RACING_TRACK_H_
#define PARALLEL_POOL_BOX2D_CAR_RACING_TRACK_H_

#include <array>
#include <cmath>
#include <numbers>
#include <optional>
#include <vector>

#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::box2d {

// gymnasium's module constants (car_racing.py).
inline constexpr double kRacingScale = 6.0;
inline constexpr double kTrackRad = 900 / kRacingScale;
inline constexpr double kPlayfield = 2000 / kRacingScale;
inline constexpr double kRacingFps = 50;
inline constexpr double kZoom = 2.7;
inline constexpr double kTrackDetailStep = 21 / kRacingScale;
inline constexpr double kTrackTurnRate = 0.31;
inline constexpr double kTrackWidth = 40 / kRacingScale;
inline constexpr double kBorder = 8 / kRacingScale;
inline constexpr int kBorderMinCount = 4;
inline constexpr double kGrassDim = kPlayfield / 20.0;

using Corner = std::array<double, 2>;
using Quad = std::array<Corner, 4>;

// One point of the track: (alpha, beta, x, y) as gymnasium's track list has.
struct TrackPoint {
  double alpha, beta, x, y;
};

struct Track {
  std::vector<TrackPoint> points;  // gymnasium's self.track
  std::vector<Quad> tiles;         // road1_l, road1_r, road2_r, road2_l per point
  std::vector<bool> border;        // a red-white kerb beside tile i
  std::vector<Quad> kerbs;         // b1_l, b1_r, b2_r, b2_l of each bordered tile, in order
};

namespace track_internal {

inline double Sign(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }

// Python's seq[i] for -len <= i < len.
template <typename T>
const T& At(const std::vector<T>& v, long i) {
  return v[i < 0 ? i + static_cast<long>(v.size()) : i];
}

}  // namespace track_internal

inline std::optional<Track> GenerateTrack(numpy_exact::NumpyGenerator& np_random) {
  using track_internal::At;
  using track_internal::Sign;
  constexpr double kPi = std::numbers::pi;
  constexpr int kCheckpoints = 12;
  struct Checkpoint {
    double alpha, x, y;
  };
  std::vector<Checkpoint> checkpoints;
  double start_alpha = 0;
  for (int c = 0; c < kCheckpoints; ++c) {
    const double noise = np_random.Uniform(0, 2 * kPi * 1 / kCheckpoints);
    double alpha = 2 * kPi * c / kCheckpoints + noise;
    double rad = np_random.Uniform(kTrackRad / 3, kTrackRad);
    if (c == 0) {
      alpha = 0;
      rad = 1.5 * kTrackRad;
    }
    if (c == kCheckpoints - 1) {
      alpha = 2 * kPi * c / kCheckpoints;
      start_alpha = 2 * kPi * (-0.5) / kCheckpoints;
      rad = 1.5 * kTrackRad;
    }
    checkpoints.push_back({alpha, rad * std::cos(alpha), rad * std::sin(alpha)});
  }

  // Steer from checkpoint to checkpoint.
  double x = 1.5 * kTrackRad;
  double y = 0;
  double beta = 0;
  long dest_i = 0;
  int laps = 0;
  std::vector<TrackPoint> track;
  int no_freeze = 2500;
  bool visited_other_side = false;
  const long n_checkpoints = kCheckpoints;
  while (true) {
    double alpha = std::atan2(y, x);
    if (visited_other_side && alpha > 0) {
      laps += 1;
      visited_other_side = false;
    }
    if (alpha < 0) {
      visited_other_side = true;
      alpha += 2 * kPi;
    }
    double dest_x = 0;
    double dest_y = 0;
    while (true) {  // find the destination among the checkpoints
      bool failed = true;
      while (true) {
        const Checkpoint& dest = checkpoints[dest_i % n_checkpoints];
        dest_x = dest.x;
        dest_y = dest.y;
        if (alpha <= dest.alpha) {
          failed = false;
          break;
        }
        dest_i += 1;
        if (dest_i % n_checkpoints == 0) break;
      }
      if (!failed) break;
      alpha -= 2 * kPi;
    }
    const double r1x = std::cos(beta);
    const double r1y = std::sin(beta);
    const double p1x = -r1y;
    const double p1y = r1x;
    const double dest_dx = dest_x - x;
    const double dest_dy = dest_y - y;
    double proj = r1x * dest_dx + r1y * dest_dy;
    while (beta - alpha > 1.5 * kPi) beta -= 2 * kPi;
    while (beta - alpha < -1.5 * kPi) beta += 2 * kPi;
    const double prev_beta = beta;
    proj *= kRacingScale;
    if (proj > 0.3) beta -= std::min(kTrackTurnRate, std::abs(0.001 * proj));
    if (proj < -0.3) beta += std::min(kTrackTurnRate, std::abs(0.001 * proj));
    x += p1x * kTrackDetailStep;
    y += p1y * kTrackDetailStep;
    track.push_back({alpha, prev_beta * 0.5 + beta * 0.5, x, y});
    if (laps > 4) break;
    no_freeze -= 1;
    if (no_freeze == 0) break;
  }

  // The closed loop: between the last two passes through the start angle.
  long i1 = -1;
  long i2 = -1;
  long i = static_cast<long>(track.size());
  while (true) {
    i -= 1;
    if (i == 0) return std::nullopt;
    const bool pass_through_start =
        track[i].alpha > start_alpha && At(track, i - 1).alpha <= start_alpha;
    if (pass_through_start && i2 == -1) {
      i2 = i;
    } else if (pass_through_start && i1 == -1) {
      i1 = i;
      break;
    }
  }
  Track out;
  // track[i1 : i2 - 1]
  const long end = std::max(i1, i2 - 1);
  out.points.assign(track.begin() + i1, track.begin() + end);
  const std::vector<TrackPoint>& t = out.points;
  if (t.empty()) return std::nullopt;  // gymnasium would fail on track[0]: never seen

  const double first_perp_x = std::cos(t[0].beta);
  const double first_perp_y = std::sin(t[0].beta);
  const double gx = first_perp_x * (t[0].x - t.back().x);
  const double gy = first_perp_y * (t[0].y - t.back().y);
  if (std::sqrt(gx * gx + gy * gy) > kTrackDetailStep) return std::nullopt;

  // Red-white kerbs on hard turns.
  const long n = static_cast<long>(t.size());
  std::vector<bool>& border = out.border;
  border.assign(n, false);
  for (long k = 0; k < n; ++k) {
    bool good = true;
    double oneside = 0;
    for (long neg = 0; neg < kBorderMinCount; ++neg) {
      const double beta1 = At(t, k - neg - 0).beta;
      const double beta2 = At(t, k - neg - 1).beta;
      good = good && std::abs(beta1 - beta2) > kTrackTurnRate * 0.2;
      oneside += Sign(beta1 - beta2);
    }
    good = good && std::abs(oneside) == kBorderMinCount;
    border[k] = good;
  }
  for (long k = 0; k < n; ++k) {
    for (long neg = 0; neg < kBorderMinCount; ++neg) {
      const long j = k - neg < 0 ? k - neg + n : k - neg;
      border[j] = border[j] || border[k];
    }
  }

  for (long k = 0; k < n; ++k) {
    const TrackPoint& p1 = t[k];
    const TrackPoint& p2 = At(t, k - 1);
    const Corner road1_l{p1.x - kTrackWidth * std::cos(p1.beta),
                         p1.y - kTrackWidth * std::sin(p1.beta)};
    const Corner road1_r{p1.x + kTrackWidth * std::cos(p1.beta),
                         p1.y + kTrackWidth * std::sin(p1.beta)};
    const Corner road2_l{p2.x - kTrackWidth * std::cos(p2.beta),
                         p2.y - kTrackWidth * std::sin(p2.beta)};
    const Corner road2_r{p2.x + kTrackWidth * std::cos(p2.beta),
                         p2.y + kTrackWidth * std::sin(p2.beta)};
    out.tiles.push_back({road1_l, road1_r, road2_r, road2_l});
    if (border[k]) {
      const double side = Sign(p2.beta - p1.beta);
      const Corner b1_l{p1.x + side * kTrackWidth * std::cos(p1.beta),
                        p1.y + side * kTrackWidth * std::sin(p1.beta)};
      const Corner b1_r{p1.x + side * (kTrackWidth + kBorder) * std::cos(p1.beta),
                        p1.y + side * (kTrackWidth + kBorder) * std::sin(p1.beta)};
      const Corner b2_l{p2.x + side * kTrackWidth * std::cos(p2.beta),
                        p2.y + side * kTrackWidth * std::sin(p2.beta)};
      const Corner b2_r{p2.x + side * (kTrackWidth + kBorder) * std::cos(p2.beta),
                        p2.y + side * (kTrackWidth + kBorder) * std::sin(p2.beta)};
      out.kerbs.push_back({b1_l, b1_r, b2_r, b2_l});
    }
  }
  return out;
}

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_CAR_RACING_TRACK_H_
