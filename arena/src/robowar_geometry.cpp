// Targeting geometry of the RoboWar arena: RANGE, the target finder, RADAR, DOPPLER and NEAREST
// (specs/robowar.md §5 and §7 "Targeting geometry"; Projectile.c distance/findTarget/radar/doppler).

#include <cmath>
#include <cstdlib>
#include <numbers>

#include "chronon/arena/robowar_world.h"

namespace chronon::arena::robowar {

namespace {

// A robot is "in sight" when the line of fire passes closer than sqrt(91) px to its centre
// (radiusSquared - 9 in the original).
constexpr double kSightSquared = kRobotRadius * kRobotRadius - 9;
constexpr double kDegrees = 180.0 / std::numbers::pi;

struct Ray {
  double m;  // x step per unit along the line of fire
  double n;  // y step
};

Ray rayOf(const Bot& who) {
  const auto& table = directionTable();
  const int angle = who.aim + who.look;
  return Ray{table[static_cast<size_t>((angle + 270) % 360)], -table[static_cast<size_t>(angle % 360)]};
}

}  // namespace

const std::array<double, 360>& directionTable() {
  static const std::array<double, 360> table = [] {
    std::array<double, 360> t{};
    for (int i = 0; i < 360; ++i) t[static_cast<size_t>(i)] = std::cos(i * std::numbers::pi / 180.0);
    return t;
  }();
  return table;
}

int World::range(const Bot& who) const {
  const Ray ray = rayOf(who);
  const long a = who.x;
  const long b = who.y;
  int dist = 0;
  int target = -1;
  for (const Bot& other : bots_) {
    if (!other.alive || other.index == who.index) continue;
    const long c = other.x;
    const long d = other.y;
    const double t = ray.m * static_cast<double>(c - a) + ray.n * static_cast<double>(d - b);
    // A crude Manhattan check first, then the exact perpendicular distance (as the original).
    if (t > 0 && std::fabs((ray.m + ray.n) * t + static_cast<double>(a + b - c - d)) < 20) {
      const double px = ray.m * t + static_cast<double>(a - c);
      const double py = ray.n * t + static_cast<double>(b - d);
      if (px * px + py * py < kSightSquared && (dist == 0 || t < dist)) {
        dist = static_cast<int16_t>(t);
        target = other.index;
      }
    }
  }
  if (target >= 0 && who.team != 0 && who.team == bots_[static_cast<size_t>(target)].team) dist = 0;
  return dist;
}

int World::findTarget(const Bot& who, double* hitX, double* hitY) const {
  const Ray ray = rayOf(who);
  const long a = who.x;
  const long b = who.y;
  int dist = 0;
  int target = -1;
  for (const Bot& other : bots_) {
    if (!other.alive || other.index == who.index) continue;
    const long c = other.x;
    const long d = other.y;
    const double t = (ray.m * static_cast<double>(c) + ray.n * static_cast<double>(d) - ray.m * static_cast<double>(a) -
                      ray.n * static_cast<double>(b)) /
                     (ray.m * ray.m + ray.n * ray.n);
    const double px = ray.m * t + static_cast<double>(a - c);
    const double py = ray.n * t + static_cast<double>(b - d);
    if (t > 0 && px * px + py * py < kSightSquared && (dist == 0 || t < dist)) {
      dist = static_cast<int16_t>(t);
      target = other.index;
      if (hitX != nullptr) *hitX = ray.m * t + static_cast<double>(a);
      if (hitY != nullptr) *hitY = ray.n * t + static_cast<double>(b);
    }
  }
  if (target >= 0 && who.team != 0 && who.team == bots_[static_cast<size_t>(target)].team) dist = 0;
  return dist != 0 ? target : -1;
}

int World::radar(const Bot& who) const {
  const int x = who.x;
  const int y = who.y;
  const int scan = (who.aim + who.scan) % 360;
  long close = 1000000;
  for (const Shot& shot : shots_) {
    if (shot.dead || shot.kind == ShotKind::kLaser) continue;
    const int theta =
        static_cast<int16_t>(450 - std::atan2(static_cast<double>(y - shot.yi), static_cast<double>(shot.xi - x)) *
                                       kDegrees) %
        360;
    const int diff = std::abs(theta - scan);
    if (diff < 20 || diff > 340) {
      const long range =
          static_cast<long>(y - shot.yi) * (y - shot.yi) + static_cast<long>(x - shot.xi) * (x - shot.xi);
      if (range < close) close = range;
    }
  }
  if (close == 1000000) return 0;
  return static_cast<int>(std::sqrt(static_cast<double>(close)));
}

int World::doppler(const Bot& who) const {
  const Ray ray = rayOf(who);
  int dist = 0;
  int target = -1;
  long result = 0;
  for (const Bot& other : bots_) {
    if (!other.alive || other.index == who.index) continue;
    long a = who.x;
    long b = who.y;
    const long c = other.x;
    const long d = other.y;
    const double t = ray.m * static_cast<double>(c) + ray.n * static_cast<double>(d) - ray.m * static_cast<double>(a) -
                     ray.n * static_cast<double>(b);
    const double px = ray.m * t + static_cast<double>(a - c);
    const double py = ray.n * t + static_cast<double>(b - d);
    if (t > 0 && px * px + py * py < kSightSquared && (dist == 0 || t < dist)) {
      dist = static_cast<int16_t>(t);
      target = other.index;
      if (other.energy < 0 || other.stunned != 0 || other.collision != 0 || other.wall != 0) {
        result = 0;
      } else {
        a = a - c;
        b = b - d;
        const long dot = a * other.speedX + b * other.speedY;
        const double perp = static_cast<double>(other.speedX * other.speedX + other.speedY * other.speedY) -
                            static_cast<double>(dot * dot) / static_cast<double>(a * a + b * b);
        double magnitude = std::sqrt(perp > 0 ? perp : 0.0);
        if (magnitude - static_cast<long>(magnitude) > 0.5) magnitude += 1.0;
        result = static_cast<long>((a * other.speedY - b * other.speedX) > 0 ? -magnitude : magnitude);
      }
    }
  }
  if (target >= 0 && who.team != 0 && who.team == bots_[static_cast<size_t>(target)].team) dist = 0;
  return dist == 0 ? 0 : static_cast<int>(result);
}

int World::nearest(const Bot& who) const {
  long best = -1;
  int bearing = -1;
  for (const Bot& other : bots_) {
    if (!other.alive || other.index == who.index) continue;
    const long dx = other.x - who.x;
    const long dy = other.y - who.y;
    const long d2 = dx * dx + dy * dy;
    if (best < 0 || d2 < best) {
      best = d2;
      const int compass =
          static_cast<int>(450.5 - std::atan2(-static_cast<double>(dy), static_cast<double>(dx)) * kDegrees) % 360;
      bearing = ((compass - who.aim) % 360 + 360) % 360;
    }
  }
  return bearing;
}

}  // namespace chronon::arena::robowar
