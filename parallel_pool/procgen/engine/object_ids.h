// The object type ids procgen's games share (grid cells and entity types).
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_OBJECT_IDS_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_OBJECT_IDS_H_

namespace parallel_pool::procgen {

inline constexpr int kInvalidObject = -1;
inline constexpr int kInvalidIndex = -2;
inline constexpr int kPlayer = 0;
inline constexpr int kSpace = 100;
inline constexpr int kWall = 51;
inline constexpr int kExit = 52;
inline constexpr int kAgentObject = 53;
inline constexpr int kExplosion = 54;
inline constexpr int kExplosion2 = 55;
inline constexpr int kExplosion3 = 56;
inline constexpr int kExplosion4 = 57;
inline constexpr int kExplosion5 = 58;
inline constexpr int kTrail = 59;
inline constexpr int kDoor = 200;
inline constexpr int kKey = 300;

// procgen's PI: a float constant, so angle arithmetic rounds as its games'.
inline constexpr float kPi = 3.14159265358979323846264338327950288F;

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_OBJECT_IDS_H_
