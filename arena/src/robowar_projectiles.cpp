// Weapons and projectiles: firing, tracking in half-steps, hit tests, blasts and drones
// (specs/robowar.md §7 "Weapons"; Projectile.c and Arena.c trackShots/checkHitTarget).

#include <cmath>
#include <cstdlib>

#include "chronon/arena/robowar_world.h"

namespace chronon::arena::robowar {

namespace {

bool outside(const Shot& shot) { return shot.xi > kBoardSize || shot.xi < 0 || shot.yi > kBoardSize || shot.yi < 0; }

void advance(Shot& shot) {
  shot.x += shot.dx;
  shot.y += shot.dy;
  shot.xi = static_cast<int>(shot.x);
  shot.yi = static_cast<int>(shot.y);
}

}  // namespace

Shot& World::newShot(Bot& who, ShotKind kind) {
  Shot shot;
  shot.kind = kind;
  shot.owner = who.index;
  shots_.push_back(shot);
  return shots_.back();
}

bool World::mayFire(const Bot& who) const { return rules_.moveAndShoot || who.moveOrShoot != 2; }

bool World::chargeWeapon(Bot& who, int& what) {
  // Every weapon costs its energy even when the move-and-shoot rule voids the shot (Projectile.c).
  if (what > who.hw.energyMax) what = who.hw.energyMax;
  if (who.hw.noNegativeEnergy && what > who.energy) what = who.energy;
  if (!legalEnergyDecrement(who, what)) return false;
  who.energy -= what;
  return true;
}

namespace {

// Places a shot 11 px from the robot's centre along AIM, moving `speed` px per step.
void aimShot(Shot& shot, const Bot& who, double speed) {
  const auto& table = directionTable();
  const double x = table[static_cast<size_t>((270 + who.aim) % 360)];
  const double y = -table[static_cast<size_t>(who.aim)];
  shot.x = who.x + x * (kRobotRadius + 1);
  shot.y = who.y + y * (kRobotRadius + 1);
  shot.xi = static_cast<int>(shot.x);
  shot.yi = static_cast<int>(shot.y);
  shot.dx = x * speed;
  shot.dy = y * speed;
}

}  // namespace

void World::fireGun(Bot& who, int what, int gunType, const char* name) {
  int energy = what;
  const bool fire = mayFire(who);
  if (!chargeWeapon(who, energy)) return;
  if (!fire) return;
  Shot& shot = newShot(who, ShotKind::kGun);
  aimShot(shot, who, 6.0);  // 12 px per chronon in two half-steps.
  shot.gunType = gunType;
  shot.energy = energy;
  who.moveOrShoot = 1;
  event(Event::Kind::kShot, who.index, -1, energy, name);
}

void World::fireMissile(Bot& who, int what) {
  if (!who.hw.missiles) return robotError(who, "Missiles not enabled.");
  int energy = what;
  const bool fire = mayFire(who);
  if (!chargeWeapon(who, energy) || !fire) return;
  Shot& shot = newShot(who, ShotKind::kMissile);
  aimShot(shot, who, 5.0);
  if (std::fabs(shot.dx) < 0.001) shot.dx = 0;
  if (std::fabs(shot.dy) < 0.001) shot.dy = 0;
  shot.energy = energy;
  who.moveOrShoot = 1;
  event(Event::Kind::kShot, who.index, -1, energy, "missile");
}

void World::layNuke(Bot& who, int what, bool mega) {
  if (!who.hw.tacNukes) return robotError(who, "TacNukes not enabled.");
  int energy = what;
  const bool fire = mayFire(who);
  if (!chargeWeapon(who, energy) || !fire) return;
  Shot& shot = newShot(who, ShotKind::kTacNuke);
  shot.x = who.x;
  shot.y = who.y;
  shot.xi = who.x;
  shot.yi = who.y;
  shot.energy = energy;
  if (mega) {
    shot.maxStage = 100;
    shot.blastFactor = 1;
  }
  who.moveOrShoot = 1;
  event(Event::Kind::kShot, who.index, -1, energy, mega ? "meganuke" : "tacnuke");
}

void World::joce(Bot& who) {
  if (rules_.officialRules) return robotError(who, "No undocumented commands in tournaments");
  Shot& shot = newShot(who, ShotKind::kTacNuke);
  shot.x = who.x;
  shot.y = who.y;
  shot.xi = who.x;
  shot.yi = who.y;
  shot.energy = 200;
  who.damage = 0;
  event(Event::Kind::kShot, who.index, -1, 200, "joce");
}

void World::fireHellbore(Bot& who, int what) {
  if (!who.hw.hellbores) return robotError(who, "Hellbores not enabled.");
  int energy = what;
  const bool fire = mayFire(who);
  if (!chargeWeapon(who, energy) || !fire) return;
  Shot& shot = newShot(who, ShotKind::kHellbore);
  aimShot(shot, who, what / 2.0);  // Speed = value, in two half-steps.
  shot.energy = energy;
  who.moveOrShoot = 1;
  event(Event::Kind::kShot, who.index, -1, energy, "hellbore");
}

void World::fireDrone(Bot& who, int what, int target) {
  if (rules_.officialRules) return robotError(who, "No undocumented commands in tournaments");
  if (!who.hw.drones) return robotError(who, "Drones not enabled.");
  int energy = what;
  const bool fire = mayFire(who);
  if (!chargeWeapon(who, energy) || !fire) return;
  Shot& shot = newShot(who, ShotKind::kDrone);
  aimShot(shot, who, 0.0);
  shot.stage = 100;  // Fuel in chronons.
  shot.target = target;
  shot.energy = energy;
  who.moveOrShoot = 1;
  event(Event::Kind::kShot, who.index, target, energy, "drone");
}

void World::layMine(Bot& who, int what) {
  if (!who.hw.mines) return robotError(who, "Mines not enabled.");
  int energy = what;
  if (energy > who.hw.energyMax) energy = who.hw.energyMax;
  if (who.hw.noNegativeEnergy && energy > who.energy) energy = who.energy;
  if (energy < 6) return;
  if (mayFire(who)) {
    Shot& shot = newShot(who, ShotKind::kNewMine);
    shot.x = who.x;
    shot.y = who.y;
    shot.xi = who.x;
    shot.yi = who.y;
    shot.stage = 10;  // Arms after 10 chronons (Mac code).
    shot.energy = energy - 5;
    who.moveOrShoot = 1;
    event(Event::Kind::kShot, who.index, -1, energy, "mine");
  }
  if (!legalEnergyDecrement(who, energy)) return;
  who.energy -= energy;
}

void World::fireLaser(Bot& who, int what) {
  if (rules_.officialRules) return robotError(who, "No undocumented commands in tournaments");
  if (!who.hw.lasers) return robotError(who, "Lasers not enabled.");
  double hx = 0;
  double hy = 0;
  const int target = findTarget(who, &hx, &hy);
  if (target == -1) return;
  int energy = what;
  if (energy > who.hw.energyMax) energy = who.hw.energyMax;
  if (who.hw.noNegativeEnergy && energy > who.energy) energy = who.energy;
  const int available = who.energy < 0 ? 0 : who.energy;
  if (!legalEnergyDecrement(who, energy)) return;
  if (mayFire(who)) {
    Shot& shot = newShot(who, ShotKind::kLaser);
    aimShot(shot, who, 0.0);
    shot.target = target;
    shot.dx = hx;  // The laser keeps its hit point here until it completes.
    shot.dy = hy;
    shot.energy = energy > available ? available : energy;
    who.moveOrShoot = 1;
    event(Event::Kind::kShot, who.index, target, shot.energy, "laser");
  }
  who.energy -= energy;
}

void World::fireStunner(Bot& who, int what) {
  if (!who.hw.stunners) return robotError(who, "Stunners not enabled.");
  int energy = what;
  const bool fire = mayFire(who);
  if (!chargeWeapon(who, energy) || !fire) return;
  Shot& shot = newShot(who, ShotKind::kStunner);
  aimShot(shot, who, 7.0);  // 14 px per chronon in two half-steps.
  shot.energy = energy;
  who.moveOrShoot = 1;
  event(Event::Kind::kShot, who.index, -1, energy, "stunner");
}

bool World::checkHit(Shot& shot) {
  bool result = false;
  for (Bot& target : bots_) {
    if (!target.alive) continue;
    if (std::abs(shot.xi - target.x) >= kRobotRadius || std::abs(shot.yi - target.y) >= kRobotRadius) continue;
    const double xd = shot.x - target.x;
    const double yd = shot.y - target.y;
    if (xd * xd + yd * yd >= kRobotRadius * kRobotRadius) continue;
    result = true;
    shot.effect = HitEffect::kDamage;
    switch (shot.kind) {
      case ShotKind::kMissile:
      case ShotKind::kMine:
        shot.energy += shot.energy;  // 2x damage.
        break;
      case ShotKind::kGun:
        if (shot.gunType == 1) shot.energy /= 2;  // Rubber bullets.
        break;
      case ShotKind::kDrone: shot.energy /= 2; break;
      case ShotKind::kHellbore: shot.effect = HitEffect::kHellbore; break;
      case ShotKind::kStunner: shot.effect = HitEffect::kStunner; break;
      case ShotKind::kTacNuke:
      case ShotKind::kExplode:
      case ShotKind::kBigExplode:
      case ShotKind::kNewMine:
      case ShotKind::kLaser: break;
    }
    if (shot.kind == ShotKind::kGun && shot.gunType == 3) {
      // Explosive bullets become a growing blast. The original stores the victim's index in the
      // blast-radius field right after zeroing it, so the blast starts at that radius.
      shot.kind = ShotKind::kBigExplode;
      shot.stage = target.index;
      shot.maxStage = 36;
    } else {
      shot.kind = ShotKind::kExplode;
      shot.victim = target.index;
    }
    break;
  }
  if (!result && (shot.kind == ShotKind::kMissile || shot.kind == ShotKind::kGun || shot.kind == ShotKind::kHellbore)) {
    // Bullets, missiles and hellbores shoot down drones.
    for (Shot& other : shots_) {
      if (&other == &shot || other.dead || other.kind != ShotKind::kDrone) continue;
      if (std::abs(shot.xi - other.xi) < 5 && std::abs(shot.yi - other.yi) < 5) {
        shot.kind = ShotKind::kExplode;
        shot.victim = -1;
        other.kind = ShotKind::kExplode;
        other.victim = -1;
        result = true;
      }
    }
  }
  return result;
}

bool World::moveAndTest(Shot& shot) {
  advance(shot);
  if (outside(shot)) {
    shot.dead = true;
    return true;
  }
  return checkHit(shot);
}

void World::completeExplosion(Shot& shot) {
  shot.dead = true;
  if (shot.victim < 0) return;
  Bot& victim = bots_[static_cast<size_t>(shot.victim)];
  switch (shot.effect) {
    case HitEffect::kHellbore:
      victim.shield = 0;
      event(Event::Kind::kHit, victim.index, shot.owner, 0, "hellbore");
      break;
    case HitEffect::kStunner:
      victim.stunned += shot.energy / 4;
      event(Event::Kind::kHit, victim.index, shot.owner, shot.energy / 4, "stunner");
      break;
    case HitEffect::kDamage:
      doShotDamage(victim, shot.energy, shot.owner);
      event(Event::Kind::kHit, victim.index, shot.owner, shot.energy, "hit");
      break;
  }
}

void World::explodeBlast(Shot& shot) {
  const long reach = shot.stage + kRobotRadius;
  const long z = reach * reach;
  for (Bot& bot : bots_) {
    if (!bot.alive) continue;
    const long x = bot.x - shot.xi;
    const long y = bot.y - shot.yi;
    if (x * x + y * y < z) {
      doShotDamage(bot, shot.energy * shot.blastFactor, shot.owner);
      event(Event::Kind::kHit, bot.index, shot.owner, shot.energy * shot.blastFactor, "blast");
    }
  }
  for (Shot& other : shots_) {
    if (other.dead || other.kind != ShotKind::kDrone) continue;
    const long x = other.xi - shot.xi;
    const long y = other.yi - shot.yi;
    if (x * x + y * y < z) {
      other.kind = ShotKind::kExplode;
      other.victim = -1;
    }
  }
  shot.dead = true;
}

void World::droneSeek(Shot& shot) {
  int x = shot.xi;
  int y = shot.yi;
  const Bot& target = bots_[static_cast<size_t>(shot.target)];
  int tx = target.x;
  int ty = target.y;
  if (std::abs(tx - x) == 5) tx = x;
  if (std::abs(ty - y) == 5) ty = y;
  if (x < tx && y < ty) {
    x += 2, y += 2;
  } else if (x > tx && y < ty) {
    x -= 2, y += 2;
  } else if (x > tx && y > ty) {
    x -= 2, y -= 2;
  } else if (x < tx && y > ty) {
    x += 2, y -= 2;
  } else if (x < tx) {
    x += 2;
  } else if (x > tx) {
    x -= 2;
  } else if (y < ty) {
    y += 2;
  } else {
    y -= 2;
  }
  shot.xi = x;
  shot.yi = y;
  shot.x = x;
  shot.y = y;
  if (--shot.stage == 0) {
    shot.kind = ShotKind::kExplode;
    shot.victim = -1;
  }
}

void World::trackShots() {
  // Indexing (not iterators): explosions may change other shots, and nothing is added meanwhile.
  const size_t count = shots_.size();
  for (size_t i = 0; i < count; ++i) {
    Shot& shot = shots_[i];
    if (shot.dead) continue;
    switch (shot.kind) {
      case ShotKind::kGun:
      case ShotKind::kHellbore:
      case ShotKind::kStunner:
        // Two half-steps with a hit test after each (Arena.c trackShots).
        if (!moveAndTest(shot)) moveAndTest(shot);
        break;
      case ShotKind::kMissile: moveAndTest(shot); break;
      case ShotKind::kTacNuke:
        if (shot.stage < shot.maxStage) {
          shot.stage += 5;
        } else {
          explodeBlast(shot);
        }
        break;
      case ShotKind::kExplode: completeExplosion(shot); break;
      case ShotKind::kBigExplode:
        if (shot.stage < 36) {
          shot.stage += 12;
        } else {
          explodeBlast(shot);
        }
        break;
      case ShotKind::kMine: checkHit(shot); break;
      case ShotKind::kNewMine:
        if (--shot.stage == 0) shot.kind = ShotKind::kMine;
        break;
      case ShotKind::kDrone:
        // As in the original, the hit test runs even when the drone just ran out of fuel: a spent
        // drone over a robot still hits it, at full energy.
        droneSeek(shot);
        checkHit(shot);
        break;
      case ShotKind::kLaser:
        // The beam becomes a hit at the point on the line of fire nearest the target.
        shot.kind = ShotKind::kExplode;
        shot.xi = static_cast<int>(shot.dx);
        shot.yi = static_cast<int>(shot.dy);
        shot.victim = shot.target;
        shot.effect = HitEffect::kDamage;
        shot.energy /= 5;
        break;
    }
  }
  std::erase_if(shots_, [](const Shot& shot) { return shot.dead; });
}

}  // namespace chronon::arena::robowar
