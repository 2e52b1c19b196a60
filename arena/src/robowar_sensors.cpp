// What a robot sees: RANGE along AIM+LOOK, RADAR in a cone around AIM+SCAN, DOPPLER, NEAREST and
// PROBE (specs/robowar.md §5 and §7 "Targeting geometry"). Angles are compass degrees (0 up, 90
// right) with y growing downwards, as the arena's registers give them.

#include <cmath>

#include "chronon/arena/robowar_engine.h"
#include "robowar_compass.h"

namespace chronon::arena::robowar {

namespace {

// A robot is on the line of fire when its centre is closer than sqrt(91) px to it (specs §7).
constexpr double kSightSquared = 91.0;
// RADAR sees projectiles within this many degrees of AIM+SCAN (specs §5).
constexpr double kRadarHalfAngle = 20.0;
// A shot more than this many degrees off AIM+SCAN by a cheap test (cosines) is out of RADAR's cone
// without the exact one (bearings); the 5-degree margin dwarfs any rounding.
constexpr double kRadarOuterAngle = kRadarHalfAngle + 5.0;
const double kRadarOuterCosine = std::cos(kRadarOuterAngle * kPi / 180.0);
const double kRadarOuterCosineSquared = kRadarOuterCosine * kRadarOuterCosine;

// The compass bearing of (dx, dy) in degrees, 0 up.
double bearing(double dx, double dy) {
  double degrees = std::atan2(dx, -dy) * 180.0 / kPi;
  if (degrees < 0) degrees += 360.0;
  return degrees;
}

}  // namespace

int Engine::rangeTarget(const Robot& robot) const {
  const Direction d = compass(robot.aim + robot.look);
  int best = -1;
  double bestSquared = 0;
  for (const int index : livingIndices()) {
    const Robot& other = robots_[static_cast<size_t>(index)];
    if (other.index == robot.index || teammates(robot, other)) continue;
    const double vx = other.x - robot.x;
    const double vy = other.y - robot.y;
    const double along = vx * d.x + vy * d.y;
    const double squared = vx * vx + vy * vy;
    // Both tests in one condition (`&`, not `&&`), so that the compiler may test the one seldom true
    // first: whether a robot is ahead is a coin toss that a branch of its own often mispredicts.
    if (!((along > 0) & (squared - along * along < kSightSquared))) continue;
    // Positions are whole pixels in the arena, so the squared distances are exact integers of a few
    // hundred thousand, and distinct ones have square roots far more than an ulp apart: comparing
    // them orders the robots as comparing the distances would, without a square root per robot.
    if (best < 0 || squared < bestSquared) {
      best = other.index;
      bestSquared = squared;
    }
  }
  return best;
}

int Engine::range(const Robot& robot) const {
  const int target = rangeTarget(robot);
  if (target < 0) return 0;
  const Robot& t = robots_[static_cast<size_t>(target)];
  const double dx = t.x - robot.x;
  const double dy = t.y - robot.y;
  return static_cast<int>(std::sqrt(dx * dx + dy * dy));
}

int Engine::radar(const Robot& robot) const {
  const int centreDegrees = (robot.aim + robot.scan) % 360;
  const double centre = centreDegrees;
  const Direction ahead = compass(centreDegrees);
  double best = -1;
  double bestSquared = -1;
  for (const Shot& s : shots_) {
    if (!shotHas(s.kind, kShotSeenByRadar)) continue;
    if (s.owner == robot.index) continue;
    const double dx = s.x - robot.x;
    const double dy = s.y - robot.y;
    const double squared = dx * dx + dy * dy;
    // Only a closer shot can change the answer, so the bearing (an atan2) is needed only for one.
    // The square root is monotonic, so a squared distance not below the best one's is a distance
    // not below the best; one below it may still round to the best distance, and then the update
    // below leaves the answer as it was.
    if (bestSquared >= 0 && squared >= bestSquared) continue;
    // Nor for a shot well outside the cone: its offset's cosine (the dot product over the distance)
    // puts it beyond kRadarOuterAngle, which no rounding can bring back within kRadarHalfAngle.
    // Compared squared, behind the robot first, so that no square root is taken for such a shot.
    const double along = dx * ahead.x + dy * ahead.y;
    if (along < 0 || along * along < squared * kRadarOuterCosineSquared) continue;
    const double distance = std::sqrt(squared);
    double off = std::fabs(bearing(dx, dy) - centre);
    if (off > 180.0) off = 360.0 - off;
    if (off > kRadarHalfAngle) continue;
    if (best < 0 || distance < best) {
      best = distance;
      bestSquared = squared;
    }
  }
  return best < 0 ? 0 : static_cast<int>(best);
}

int Engine::doppler(const Robot& robot) const {
  const int target = rangeTarget(robot);
  if (target < 0) return 0;
  const Robot& t = robots_[static_cast<size_t>(target)];
  if (t.stunned > 0 || t.collision || t.wall || t.energy < 0) return 0;
  // The component of the target's velocity along the line of sight turned 90 degrees clockwise.
  const double sight = bearing(t.x - robot.x, t.y - robot.y) * kPi / 180.0;
  const double across = t.speedX * std::cos(sight) + t.speedY * std::sin(sight);
  return static_cast<int>(std::lround(across));
}

int Engine::nearest(const Robot& robot) const {
  int best = -1;
  int bestSquared = 0;
  for (const Robot& other : robots_) {
    if (!other.alive || other.index == robot.index) continue;
    const int dx = other.x - robot.x;
    const int dy = other.y - robot.y;
    const int squared = dx * dx + dy * dy;
    if (best < 0 || squared < bestSquared) {
      best = other.index;
      bestSquared = squared;
    }
  }
  if (best < 0) return -1;
  const Robot& t = robots_[static_cast<size_t>(best)];
  const int degrees = static_cast<int>(std::lround(bearing(t.x - robot.x, t.y - robot.y))) % 360;
  return ((degrees - robot.aim) % 360 + 360) % 360;
}

int16_t Engine::probe(Robot& robot) {
  if (!robot.hardware.probes) {
    robotalk::fail(robot.brain, "Probes not enabled.", robot.brain.pc - 1);
    return 0;
  }
  const int target = rangeTarget(robot);
  if (target < 0) return 0;
  const Robot& t = robots_[static_cast<size_t>(target)];
  // PROBE reads DAMAGE, ENERGY, SHIELD, ID, TEAMMATES, AIM, LOOK or SCAN; any other choice reads 0.
  using robotalk::Reg;
  const int chosen = robot.brain.probeRegister;
  auto is = [chosen](Reg reg) { return chosen == static_cast<int>(reg); };
  int value = 0;
  if (is(Reg::Damage)) value = t.damage;
  if (is(Reg::Energy)) value = t.energy;
  if (is(Reg::Shield)) value = t.shield;
  if (is(Reg::Id)) value = t.index;
  if (is(Reg::Teammates)) value = livingTeammates(t);
  if (is(Reg::Aim)) value = t.aim;
  if (is(Reg::Look)) value = t.look;
  if (is(Reg::Scan)) value = t.scan;
  return static_cast<int16_t>(value);
}

}  // namespace chronon::arena::robowar
