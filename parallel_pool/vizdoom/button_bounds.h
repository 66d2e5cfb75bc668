// The bounds of each button's value in the action vector (without
// use_combined_action): what the action space declares, so that a sample of
// it is an action the engine takes as meant.
//
// Where the numbers come from (the engine of the vizdoom 1.3.2 sdist):
//   - a binary button is pressed when its value is nonzero, released at 0
//     (src/vizdoom/src/viz_input.cpp, VIZ_AddBTCommand): [0, 1];
//   - TURN_LEFT_RIGHT_DELTA and LOOK_UP_DOWN_DELTA turn the view by that many
//     degrees in the tic; the engine keeps angles in 16 bits of a turn
//     (VIZ_AddAxisBT, G_AddViewAngle in g_game.cpp), so a half turn either
//     way reaches every direction and a larger value wraps around: [-180, 180];
//   - MOVE_FORWARD_BACKWARD_DELTA and MOVE_LEFT_RIGHT_DELTA set the tic's
//     move, which G_BuildTiccmd clamps to MAXPLMOVE, the running speed (50 at
//     the default turbo of 100): [-50, 50];
//   - MOVE_UP_DOWN_DELTA sets the tic's vertical move, which the engine
//     clamps to 0x300 (P_PlayerThink, p_user.cpp): [-768, 768].
// A cfg's `button_max_value = BUTTON n` (n > 0) makes the engine clamp that
// delta button to [-n, n] (VIZ_AxisFilter, viz_input.cpp): the bound is then
// the tighter of the two. Values outside the bounds are still passed to the
// engine as they are (EnvPool passes every value on); only NaN is refused, by
// the pool.
#ifndef PARALLEL_POOL_VIZDOOM_BUTTON_BOUNDS_H_
#define PARALLEL_POOL_VIZDOOM_BUTTON_BOUNDS_H_

#include <ViZDoom.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace parallel_pool::vizdoom {

// The largest value a button's bounds allow, ignoring the cfg's limits.
inline double ButtonLimit(::vizdoom::Button button) {
  switch (button) {
    case ::vizdoom::LOOK_UP_DOWN_DELTA:
    case ::vizdoom::TURN_LEFT_RIGHT_DELTA:
      return 180.0;
    case ::vizdoom::MOVE_FORWARD_BACKWARD_DELTA:
    case ::vizdoom::MOVE_LEFT_RIGHT_DELTA:
      return 50.0;
    case ::vizdoom::MOVE_UP_DOWN_DELTA:
      return 768.0;
    default:
      return 1.0;  // a binary button
  }
}

struct ButtonBounds {
  std::vector<double> low;
  std::vector<double> high;
};

// The bounds of `buttons` (a cfg's available buttons, in its order), given
// each one's `max_values` (DoomGame::getButtonMaxValue: 0 for no limit).
inline ButtonBounds BoundsOf(const std::vector<::vizdoom::Button>& buttons,
                             const std::vector<double>& max_values) {
  ButtonBounds out;
  for (std::size_t i = 0; i < buttons.size(); ++i) {
    double high = ButtonLimit(buttons[i]);
    if (!::vizdoom::isDeltaButton(buttons[i])) {
      out.low.push_back(0.0);
      out.high.push_back(high);
      continue;
    }
    if (i < max_values.size() && max_values[i] > 0) high = std::min(high, max_values[i]);
    out.low.push_back(-high);
    out.high.push_back(high);
  }
  return out;
}

}  // namespace parallel_pool::vizdoom

#endif  // PARALLEL_POOL_VIZDOOM_BUTTON_BOUNDS_H_
