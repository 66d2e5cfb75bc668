// HullContacts: gymnasium's ContactDetector, as LunarLander and BipedalWalker
// both define it: any contact of the hull (the lander's body, the walker's
// hull; only the ground collides with it) ends the game, and each of two feet
// (the lander's legs, the walker's lower legs) is marked touching from the
// contact's begin to its end.
#ifndef PARALLEL_POOL_BOX2D_CONTACTS_H_
#define PARALLEL_POOL_BOX2D_CONTACTS_H_

#include <array>

#include "Box2D/Box2D.h"

namespace parallel_pool::box2d {

class HullContacts : public b2ContactListener {
 public:
  // A new episode's bodies: no contact yet, the game not over.
  void Watch(const b2Body* hull, const std::array<const b2Body*, 2>& feet) {
    hull_ = hull;
    feet_ = feet;
    game_over_ = false;
    touching_ = {false, false};
  }

  bool game_over() const { return game_over_; }
  bool touching(int foot) const { return touching_[foot]; }

  void BeginContact(b2Contact* contact) override { Update(contact, true); }
  void EndContact(b2Contact* contact) override { Update(contact, false); }

 private:
  void Update(b2Contact* contact, bool begin) {
    const b2Body* a = contact->GetFixtureA()->GetBody();
    const b2Body* b = contact->GetFixtureB()->GetBody();
    if (begin && (a == hull_ || b == hull_)) game_over_ = true;
    for (int i = 0; i < 2; ++i) {
      if (a == feet_[i] || b == feet_[i]) touching_[i] = begin;
    }
  }

  const b2Body* hull_ = nullptr;
  std::array<const b2Body*, 2> feet_{nullptr, nullptr};
  bool game_over_ = false;
  std::array<bool, 2> touching_{false, false};
};

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_CONTACTS_H_
