// GenerateTrack: CarRacing's random track, the doubles gymnasium's
// _create_track computes from the same np_random draws.
//
// How a track comes about:
//   1. Checkpoints: 12 points around the origin, each at a jittered angle and
//      a random radius (two draws each, angle first); the first and last
//      are pinned on a wider circle so the start straight joins them.
//   2. Trace: a pen starts at the first checkpoint and steers, one detail
//      step at a time with a bounded turn, towards the next checkpoint ahead
//      of its own polar angle, for five laps (or 2500 steps).
//   3. Cut: the last complete lap, between the trace's last two upward
//      crossings of the start angle. The attempt fails (nullopt) when the
//      trace crosses fewer than twice or the lap's ends do not meet within
//      one detail step; gymnasium then simply draws again, so the caller
//      loops.
//   4. Kerbs beside the tiles of hard turns, then the tiles and kerbs
//      themselves: quads between consecutive points' normals.
//
// The arithmetic is Python's double arithmetic expression for expression
// (math.cos, sin and atan2 are the C library's, as here), so the corners are
// the very doubles gymnasium hands to pybox2d and pygame.
#ifndef PARALLEL_POOL_BOX2D_CAR_RACING_TRACK_H_
#define PARALLEL_POOL_BOX2D_CAR_RACING_TRACK_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <optional>
#include <utility>
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

// One point of the track's centre line, as gymnasium's track list holds it:
// the polar angle the trace had there (alpha), the angle of the road's
// normal (beta), and the position.
struct TrackPoint {
  double alpha, beta, x, y;
};

struct Track {
  std::vector<TrackPoint> points;  // gymnasium's self.track
  std::vector<Quad> tiles;         // the road between point i - 1 and point i
  std::vector<bool> border;        // whether tile i has a red-white kerb
  std::vector<Quad> kerbs;         // the kerbs of the bordered tiles, in tile order
};

namespace track_internal {

inline constexpr double kPi = std::numbers::pi;
inline constexpr int kCheckpoints = 12;
// When the trace stops: once the pen has counted this many laps, or after
// this many points.
inline constexpr int kTraceLaps = 5;
inline constexpr std::size_t kMaxTracePoints = 2500;
// The polar angle the track starts at: half a checkpoint arc before 0.
inline constexpr double kStartAlpha = 2 * kPi * (-0.5) / kCheckpoints;

struct Checkpoint {
  double alpha, x, y;
};
using Checkpoints = std::array<Checkpoint, kCheckpoints>;

// Python's seq[i] for -size <= i < size: the track's neighbours wrap around
// from its first point to its last.
inline std::size_t Wrapped(long i, std::size_t size) {
  return static_cast<std::size_t>(i < 0 ? i + static_cast<long>(size) : i);
}

inline double Sign(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }

inline Checkpoints DrawCheckpoints(numpy_exact::NumpyGenerator& np_random) {
  Checkpoints checkpoints;
  for (int c = 0; c < kCheckpoints; ++c) {
    // Both draws happen for every checkpoint, the pinned ones included.
    const double jitter = np_random.Uniform(0, 2 * kPi * 1 / kCheckpoints);
    const double drawn_radius = np_random.Uniform(kTrackRad / 3, kTrackRad);
    const bool pinned = c == 0 || c == kCheckpoints - 1;
    const double slot = 2 * kPi * c / kCheckpoints;
    const double alpha = pinned ? slot : slot + jitter;
    const double radius = pinned ? 1.5 * kTrackRad : drawn_radius;
    checkpoints[c] = {alpha, radius * std::cos(alpha), radius * std::sin(alpha)};
  }
  return checkpoints;
}

// The first checkpoint at or past the polar angle `alpha`, searched
// cyclically from `cursor` on (the cursor stays there for the next step).
// Each time the search wraps past the last checkpoint, the pen is counted
// one turn back: `alpha` drops by 2 pi, and the trace records it so.
inline const Checkpoint& CheckpointAhead(const Checkpoints& checkpoints, long& cursor,
                                         double& alpha) {
  while (true) {
    const Checkpoint& candidate = checkpoints[cursor % kCheckpoints];
    if (alpha <= candidate.alpha) return candidate;
    ++cursor;
    if (cursor % kCheckpoints == 0) alpha -= 2 * kPi;
  }
}

// The pen that draws the centre line: its position, the angle of its
// normal (it moves along the normal turned a quarter turn), and its progress.
class TracePen {
 public:
  bool Finished(std::size_t points) const {
    return laps_ >= kTraceLaps || points >= kMaxTracePoints;
  }

  // One detail step: count laps by the polar angle (a lap is done when the
  // pen comes back above the x axis), find the checkpoint to aim at, turn
  // towards it by at most kTrackTurnRate, and advance along the heading it
  // had before turning. The point records the mean of the normal's angles
  // before and after the turn.
  TrackPoint Advance(const Checkpoints& checkpoints) {
    double alpha = std::atan2(y_, x_);
    if (below_axis_ && alpha > 0) {
      ++laps_;
      below_axis_ = false;
    }
    if (alpha < 0) {
      below_axis_ = true;
      alpha += 2 * kPi;
    }
    const Checkpoint& target = CheckpointAhead(checkpoints, cursor_, alpha);

    const double normal_x = std::cos(beta_);
    const double normal_y = std::sin(beta_);
    // How far the target lies off the heading, along the normal, in
    // unscaled units.
    const double off_course =
        (normal_x * (target.x - x_) + normal_y * (target.y - y_)) * kRacingScale;
    // Keep the normal's angle within 1.5 pi of the polar angle, so that the
    // turn and the recorded mean do not jump by a full turn.
    while (beta_ - alpha > 1.5 * kPi) beta_ -= 2 * kPi;
    while (beta_ - alpha < -1.5 * kPi) beta_ += 2 * kPi;
    const double beta_before = beta_;
    const double turn = std::min(kTrackTurnRate, std::abs(0.001 * off_course));
    if (off_course > 0.3) {
      beta_ -= turn;
    } else if (off_course < -0.3) {
      beta_ += turn;
    }
    x_ += -normal_y * kTrackDetailStep;
    y_ += normal_x * kTrackDetailStep;
    return {alpha, beta_before * 0.5 + beta_ * 0.5, x_, y_};
  }

 private:
  double x_ = 1.5 * kTrackRad;
  double y_ = 0;
  double beta_ = 0;
  long cursor_ = 0;  // the checkpoint the search starts from
  int laps_ = 0;
  bool below_axis_ = false;  // been below the x axis since the last lap began
};

inline std::vector<TrackPoint> TraceLaps(const Checkpoints& checkpoints) {
  TracePen pen;
  std::vector<TrackPoint> trace;
  do {
    trace.push_back(pen.Advance(checkpoints));
  } while (!pen.Finished(trace.size()));
  return trace;
}

// The trace's last complete lap: from its second-last upward crossing of the
// start angle to two points before its last one (gymnasium's slice
// track[i1 : i2 - 1]); nullopt if the trace does not cross twice.
inline std::optional<std::vector<TrackPoint>> LastLap(const std::vector<TrackPoint>& trace) {
  std::array<long, 2> crossings{};  // the last crossing, then the one before
  int found = 0;
  for (long i = static_cast<long>(trace.size()) - 1; i >= 1 && found < 2; --i) {
    if (trace[i].alpha > kStartAlpha && trace[i - 1].alpha <= kStartAlpha) {
      crossings[found++] = i;
    }
  }
  if (found < 2) return std::nullopt;
  const std::vector<TrackPoint> lap(trace.begin() + crossings[1],
                                    trace.begin() + (crossings[0] - 1));
  // An empty lap would make gymnasium fail on track[0]; never seen.
  if (lap.empty()) return std::nullopt;
  return lap;
}

// Whether the lap's ends are too far apart to join: their gap, each axis
// weighted by the first point's normal as gymnasium measures it, is over
// one detail step.
inline bool SeamTooWide(const std::vector<TrackPoint>& lap) {
  const TrackPoint& first = lap.front();
  const TrackPoint& last = lap.back();
  const double gap_x = std::cos(first.beta) * (first.x - last.x);
  const double gap_y = std::sin(first.beta) * (first.y - last.y);
  return std::sqrt(gap_x * gap_x + gap_y * gap_y) > kTrackDetailStep;
}

// Which tiles get a kerb. A tile ends a hard turn when the normal's angle
// turned the same way by more than a fifth of the turn rate on each of the
// last kBorderMinCount steps; such a tile and the kBorderMinCount - 1 before
// it are kerbed. The marking runs in place in tile order, so marks that wrap
// from the first tiles onto the last ones are spread further back in turn.
inline std::vector<bool> KerbedTiles(const std::vector<TrackPoint>& lap) {
  const std::size_t n = lap.size();
  const auto beta = [&](long i) { return lap[Wrapped(i, n)].beta; };
  const double min_turn = kTrackTurnRate * 0.2;
  std::vector<bool> kerbed(n, false);
  for (long i = 0; i < static_cast<long>(n); ++i) {
    bool all_left = true;
    bool all_right = true;
    for (long back = 0; back < kBorderMinCount; ++back) {
      const double turn = beta(i - back) - beta(i - back - 1);
      all_left = all_left && turn > min_turn;
      all_right = all_right && turn < -min_turn;
    }
    kerbed[i] = all_left || all_right;
  }
  for (long i = 0; i < static_cast<long>(n); ++i) {
    if (!kerbed[i]) continue;
    for (long back = 1; back < kBorderMinCount; ++back) kerbed[Wrapped(i - back, n)] = true;
  }
  return kerbed;
}

// A point moved `distance` along its normal (a negative distance: the
// other way).
inline Corner Offset(const TrackPoint& p, double distance) {
  return {p.x + distance * std::cos(p.beta), p.y + distance * std::sin(p.beta)};
}

// The quad between two consecutive points, spanning `near` to `far` along
// their normals, wound as gymnasium winds tiles and kerbs.
inline Quad Strip(const TrackPoint& point, const TrackPoint& previous, double near, double far) {
  return {Offset(point, near), Offset(point, far), Offset(previous, far), Offset(previous, near)};
}

}  // namespace track_internal

// One attempt at a track; nullopt where gymnasium's attempt fails.
inline std::optional<Track> GenerateTrack(numpy_exact::NumpyGenerator& np_random) {
  using track_internal::KerbedTiles;
  using track_internal::LastLap;
  using track_internal::SeamTooWide;
  using track_internal::Strip;
  using track_internal::Wrapped;
  std::optional<std::vector<TrackPoint>> lap =
      LastLap(track_internal::TraceLaps(track_internal::DrawCheckpoints(np_random)));
  if (!lap || SeamTooWide(*lap)) return std::nullopt;

  Track track;
  track.points = std::move(*lap);
  track.border = KerbedTiles(track.points);
  const std::size_t n = track.points.size();
  for (std::size_t i = 0; i < n; ++i) {
    const TrackPoint& point = track.points[i];
    const TrackPoint& previous = track.points[Wrapped(static_cast<long>(i) - 1, n)];
    track.tiles.push_back(Strip(point, previous, -kTrackWidth, kTrackWidth));
    if (track.border[i]) {
      // On the side the normal turned from on the way into this tile.
      const double side = track_internal::Sign(previous.beta - point.beta);
      track.kerbs.push_back(
          Strip(point, previous, side * kTrackWidth, side * (kTrackWidth + kBorder)));
    }
  }
  return track;
}

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_CAR_RACING_TRACK_H_
