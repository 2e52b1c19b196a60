// Weapons: firing them from a register write and tracking what is in flight each chronon
// (specs/robowar.md §7 "Weapons" and step 2 of the chronon loop; docs/robowar-arena.md for the
// timing of hits, blasts and lasers).

#include <algorithm>
#include <bit>
#include <cmath>

#include "chronon/arena/robowar_engine.h"
#include "robowar_compass.h"
#include "robowar_near.h"

namespace chronon::arena::robowar {

namespace {

// Bullets, missiles, hellbores and stunners start this far from the shooter's centre (specs §7).
constexpr double kMuzzle = 11.0;
constexpr double kBulletSpeed = 12.0;
constexpr double kMissileSpeed = 5.0;
constexpr double kStunnerSpeed = 14.0;
constexpr double kDroneStep = 2.0;
constexpr int kDroneFuel = 100;
constexpr int kMineArming = 10;
// A mine needs more energy than what its hit takes off first (CHRONON_ROBOWAR_SHOT_KINDS).
constexpr int kMineMinimum = shotInfo(ShotKind::kMine).hitFloor;
constexpr int kHellboreMinSpeed = 4;
constexpr int kHellboreMaxSpeed = 20;
// A bullet, missile or hellbore this close to a drone shoots it down (docs/robowar-arena.md).
constexpr double kDroneHitSquared = 6.0 * 6.0;

// Whether a projectile at (x, y) has left the arena.
bool outside(double x, double y) { return x < 0 || y < 0 || x > kArenaSize || y > kArenaSize; }

double towards(double from, double to) { return to > from ? kDroneStep : (to < from ? -kDroneStep : 0.0); }

}  // namespace

void Engine::trackShots() {
  // The pass below reads the targets and the drone flag only for shots, and nothing else does.
  if (shots_.empty()) return;
  dronesInFlight_ =
      std::any_of(shots_.begin(), shots_.end(), [](const Shot& s) { return !s.gone && s.kind == ShotKind::kDrone; });
  targetBit_.fill(0);
  const std::span<const int> living = livingIndices();
  for (size_t slot = 0; slot < living.size(); ++slot) {
    const Robot& r = robots_[static_cast<size_t>(living[slot])];
    targetX_[slot] = r.x;
    targetY_[slot] = r.y;
    targetBit_[static_cast<size_t>(r.index)] = 1u << slot;
  }
  targetMask_ = (1u << living.size()) - 1;
  const size_t count = shots_.size();
  for (size_t i = 0; i < count; ++i) {
    Shot& s = shots_[i];
    if (s.gone) continue;
    ++s.age;
    switch (s.kind) {
      case ShotKind::kImpact: land(s); break;
      case ShotKind::kBlast:
      case ShotKind::kTacNuke:
      case ShotKind::kMegaNuke: {
        const ShotKindInfo& k = shotInfo(s.kind);
        if (s.radius >= k.blastRadius) {
          blast(s, s.radius + kRobotRadius, s.amount);
          s.gone = true;
        } else {
          s.radius += k.blastGrowth;
        }
        break;
      }
      case ShotKind::kBullet:
      case ShotKind::kRubber:
      case ShotKind::kExplosive:
      case ShotKind::kHellbore:
      case ShotKind::kStunner:
        // Two half-steps, each with a hit test, so that fast shots cannot pass through a robot.
        if (dronesInFlight_ && shotHas(s.kind, kShotStopsDrones)) {
          if (!moveAndHit(s, s.dx / 2, s.dy / 2)) moveAndHit(s, s.dx / 2, s.dy / 2);
        } else {
          moveTwiceAndHit(s);
        }
        break;
      case ShotKind::kMissile: moveAndHit(s, s.dx, s.dy); break;
      case ShotKind::kDrone: {
        if (s.age > kDroneFuel) {
          s.gone = true;
          break;
        }
        if (s.target >= 0 && robots_[static_cast<size_t>(s.target)].alive) {
          const Robot& t = robots_[static_cast<size_t>(s.target)];
          s.dx = towards(s.x, t.x);
          s.dy = towards(s.y, t.y);
        }
        moveAndHit(s, s.dx, s.dy);
        break;
      }
      case ShotKind::kMine: {
        if (s.age < kMineArming) break;
        // The first robot in entry order on the mine sets it off, its layer too.
        if (const unsigned near = nearTargets(s.x, s.y) & targetMask_; near != 0) {
          s.origin = s.kind;
          s.kind = ShotKind::kImpact;
          s.target = livingIndices_[static_cast<size_t>(std::countr_zero(near))];
          s.amount = hitAmount(ShotKind::kMine, s.energy);
        }
        break;
      }
      case ShotKind::kLaser: {
        // The laser lands on its target on the pass after it was fired, as an impact one pass later.
        if (s.target < 0 || !robots_[static_cast<size_t>(s.target)].alive) {
          s.gone = true;
          break;
        }
        const Robot& t = robots_[static_cast<size_t>(s.target)];
        s.x = t.x;
        s.y = t.y;
        s.origin = s.kind;
        s.kind = ShotKind::kImpact;
        s.amount = hitAmount(ShotKind::kLaser, s.energy);
        break;
      }
    }
  }
  shots_.erase(std::remove_if(shots_.begin(), shots_.end(), [](const Shot& s) { return s.gone; }), shots_.end());
}

// Inlined into trackShots, its only caller, which runs it for every projectile on every pass.
[[gnu::always_inline]] inline bool Engine::moveAndHit(Shot& s, double stepX, double stepY) {
  s.x += stepX;
  s.y += stepY;
  if (outside(s.x, s.y)) {
    s.gone = true;
    return true;
  }
  if (dronesInFlight_ && shotHas(s.kind, kShotStopsDrones)) {
    for (Shot& d : shots_) {
      if (d.gone || d.kind != ShotKind::kDrone) continue;
      const double dx = d.x - s.x;
      const double dy = d.y - s.y;
      if (dx * dx + dy * dy < kDroneHitSquared) {
        d.gone = true;
        s.gone = true;
        return true;
      }
    }
  }
  // The first robot in entry order that the projectile touches, other than its owner.
  const unsigned near = nearTargets(s.x, s.y) & targetsBesides(s.owner);
  if (near == 0) return false;
  hit(s, livingIndices_[static_cast<size_t>(std::countr_zero(near))]);
  return true;
}

// Both half-steps of a bullet, rubber bullet, explosive bullet, hellbore or stunner with no drone to
// stop, as two calls of moveAndHit would make them: a hit at the first half-step by any robot comes
// before every hit at the second, and among hits at one half-step the first robot in entry order
// wins. The positions are the same sums in the same order, so every test compares the same numbers.
[[gnu::always_inline]] inline void Engine::moveTwiceAndHit(Shot& s) {
  const double stepX = s.dx / 2;
  const double stepY = s.dy / 2;
  const double x1 = s.x + stepX;
  const double y1 = s.y + stepY;
  s.x = x1;
  s.y = y1;
  if (outside(x1, y1)) {
    s.gone = true;
    return;
  }
  const unsigned others = targetsBesides(s.owner);
  if (const unsigned near = nearTargets(x1, y1) & others; near != 0) {
    hit(s, livingIndices_[static_cast<size_t>(std::countr_zero(near))]);
    return;
  }
  const double x2 = x1 + stepX;
  const double y2 = y1 + stepY;
  s.x = x2;
  s.y = y2;
  if (outside(x2, y2)) {
    s.gone = true;
  } else if (const unsigned near = nearTargets(x2, y2) & others; near != 0) {
    hit(s, livingIndices_[static_cast<size_t>(std::countr_zero(near))]);
  }
}

// Every slot is tested, living or not (the caller masks the answer), with no branch: the loop this
// replaced stopped at the first robot touched and skipped the shooter, branches that depend on the
// data, and the pass took longer with it (docs/robowar-arena.md). Inlined into the three tests of
// trackShots.
[[gnu::always_inline]] inline unsigned Engine::nearTargets(double x, double y) const {
  static_assert(kMaxRobots % 2 == 0, "the slots are tested in pairs");
  return nearSlots(targetX_.data(), targetY_.data(), kMaxRobots, x, y, kRobotRadius * kRobotRadius);
}

void Engine::hit(Shot& s, int target) {
  // The hit lands on the next tracking pass (docs/robowar-arena.md "Hits land one chronon late").
  s.origin = s.kind;
  s.amount = hitAmount(s.kind, s.energy);
  if (s.kind == ShotKind::kExplosive) {
    // The blast starts at the victim's index, as the original Mac version does (docs/robowar-arena.md).
    s.kind = ShotKind::kBlast;
    s.radius = target;
  } else {
    s.kind = ShotKind::kImpact;
    s.target = target;
  }
}

void Engine::land(Shot& s) {
  s.gone = true;
  if (s.target < 0) return;
  Robot& victim = robots_[static_cast<size_t>(s.target)];
  if (!victim.alive) return;
  switch (s.origin) {
    case ShotKind::kHellbore:
      victim.shield = 0;
      if (recordEvents_) record(Event::Kind::kHit, victim.index, s.owner, 0, shotName(s.origin));
      return;
    case ShotKind::kStunner:
      victim.stunned = std::max(victim.stunned, s.amount);
      if (recordEvents_) record(Event::Kind::kHit, victim.index, s.owner, 0, shotName(s.origin));
      return;
    case ShotKind::kBullet:
    case ShotKind::kRubber:
    case ShotKind::kExplosive:
    case ShotKind::kMissile:
    case ShotKind::kMine:
    case ShotKind::kDrone:
    case ShotKind::kLaser:
    case ShotKind::kTacNuke:
    case ShotKind::kMegaNuke:
    case ShotKind::kImpact:
    case ShotKind::kBlast: break;
  }
  hurt(victim, s.amount, s.owner);
  if (recordEvents_) record(Event::Kind::kHit, victim.index, s.owner, s.amount, shotName(s.origin));
}

void Engine::blast(const Shot& s, int reach, int amount) {
  const double reachSquared = static_cast<double>(reach) * reach;
  for (Robot& r : robots_) {
    if (!r.alive) continue;
    const double dx = r.x - s.x;
    const double dy = r.y - s.y;
    if (dx * dx + dy * dy > reachSquared) continue;
    hurt(r, amount, s.owner);
    if (recordEvents_) record(Event::Kind::kHit, r.index, s.owner, amount, shotName(s.origin));
  }
  // Blasts also bring down drones (specs §7).
  for (Shot& d : shots_) {
    if (d.gone || d.kind != ShotKind::kDrone) continue;
    const double dx = d.x - s.x;
    const double dy = d.y - s.y;
    if (dx * dx + dy * dy <= reachSquared) d.gone = true;
  }
}

void Engine::fire(Robot& robot, robotalk::Reg weapon, int value) {
  using robotalk::Reg;
  robotalk::MachineState& brain = robot.brain;
  const int address = brain.pc - 1;
  const chronon::robowar::RobotHardware& hw = robot.hardware;
  auto refuse = [&](const char* message) { robotalk::fail(brain, message, address); };
  // Hardware (and the official rules) first: the write fails whatever its value.
  if (weapon == Reg::Missile && !hw.missiles) return refuse("Missiles not enabled.");
  if ((weapon == Reg::Nuke || weapon == Reg::Meganuke) && !hw.tacNukes) return refuse("TacNukes not enabled.");
  if (weapon == Reg::Hellbore && !hw.hellbores) return refuse("Hellbores not enabled.");
  if (weapon == Reg::Mine && !hw.mines) return refuse("Mines not enabled.");
  if (weapon == Reg::Stunner && !hw.stunners) return refuse("Stunners not enabled.");
  if (weapon == Reg::Drone && !hw.drones) return refuse("Drones not enabled.");
  if (weapon == Reg::Laser && !hw.lasers) return refuse("Lasers not enabled.");
  if ((weapon == Reg::Drone || weapon == Reg::Laser) && rules_.officialRules) {
    return refuse("No undocumented commands in tournaments");
  }
  if (weapon == Reg::Bullet && hw.bullets == chronon::robowar::BulletType::kRubber)
    return refuse("Normal bullets not available.");

  ShotKind kind = ShotKind::kBullet;
  double speed = kBulletSpeed;
  int cost = value;
  int target = -1;
  if (weapon == Reg::Fire || weapon == Reg::Bullet) {
    if (value <= 0) return;
    if (weapon == Reg::Fire && hw.bullets == chronon::robowar::BulletType::kRubber) kind = ShotKind::kRubber;
    if (weapon == Reg::Fire && hw.bullets == chronon::robowar::BulletType::kExplosive) kind = ShotKind::kExplosive;
  } else if (weapon == Reg::Missile) {
    if (value <= 0) return;
    kind = ShotKind::kMissile;
    speed = kMissileSpeed;
    cost = std::min(value, hw.energyMax);
  } else if (weapon == Reg::Nuke || weapon == Reg::Meganuke) {
    if (value <= 0) return;
    kind = weapon == Reg::Nuke ? ShotKind::kTacNuke : ShotKind::kMegaNuke;
    speed = 0;
  } else if (weapon == Reg::Hellbore) {
    if (value < kHellboreMinSpeed || value > kHellboreMaxSpeed) return;
    kind = ShotKind::kHellbore;
    speed = value;
  } else if (weapon == Reg::Stunner) {
    if (value <= 0) return;
    kind = ShotKind::kStunner;
    speed = kStunnerSpeed;
  } else if (weapon == Reg::Mine) {
    if (value <= kMineMinimum) return;
    kind = ShotKind::kMine;
    speed = 0;
  } else if (weapon == Reg::Drone || weapon == Reg::Laser) {
    if (value <= 0) return;
    target = rangeTarget(robot);
    if (target < 0) return;  // Nothing in sight: nothing launched and nothing spent.
    kind = weapon == Reg::Drone ? ShotKind::kDrone : ShotKind::kLaser;
    speed = weapon == Reg::Drone ? kDroneStep : 0;
    if (weapon == Reg::Laser) cost = std::min(value, robot.energy);
    if (cost <= 0) return;
  } else {
    return;
  }
  robot.energy -= cost;
  // The 4.5 rule: no shot in a chronon with MOVEX/MOVEY; the energy is spent all the same.
  if (!rules_.moveAndShoot && robot.movedThisChronon) return;
  robot.firedThisChronon = true;
  launch(robot, kind, cost, speed, target);
}

void Engine::launch(Robot& robot, ShotKind kind, int energy, double speed, int target) {
  Shot s;
  s.kind = kind;
  s.origin = kind;
  s.owner = robot.index;
  s.target = target;
  s.energy = energy;
  s.x = robot.x;
  s.y = robot.y;
  const auto [ux, uy] = compass(robot.aim);
  if (shotHas(kind, kShotFlies)) {
    s.x += kMuzzle * ux;
    s.y += kMuzzle * uy;
    s.dx = speed * ux;
    s.dy = speed * uy;
  }
  // A nuke goes off with what its launch gave it; an explosive bullet's blast gets its amount from
  // the hit that starts it (hit).
  if (shotInfo(kind).blastRadius > 0) s.amount = hitAmount(kind, energy);
  s.serial = ++shotSerial_;
  shots_.push_back(s);
  if (recordEvents_) record(Event::Kind::kShot, robot.index, target, energy, shotName(kind));
}

}  // namespace chronon::arena::robowar
