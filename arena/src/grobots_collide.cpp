// Collisions and sensing in the Grobots world (specs/grobots-world.md §9, §10, §11): neighbouring
// tile pairs, bounces, eating, shots and areas acting on what they touch, and sensor shots
// detecting through the tiles they overlap.

#include <algorithm>
#include <cmath>

#include "grobots_objects.h"

namespace chronon::arena::gbw {

namespace {

constexpr double kRobotRestitution = 0.9;
constexpr Fixed kMaxOverlap = raw(163);
constexpr Fixed kRepulsionStep = raw(409);
constexpr Fixed kRepulsion = raw(81);
constexpr double kBlastPushRatio = 0.003;
constexpr Fixed kBlastMomentumPerPower = raw(204);
constexpr Fixed kExplosionMinMass = raw(409);
constexpr double kExplosionInefficiency = 0.5;
constexpr double kExplosionPushRobots = 0.01;
constexpr double kExplosionPushFood = 0.0025;
constexpr double kForceFieldPushRatio = 0.03;
constexpr Fixed kForceFieldMinSpeed = raw(204);

bool intersects(const Object& a, const Object& b) {
  const Fixed reach = a.radius + b.radius;
  if (absN(a.position.x - b.position.x) >= reach || absN(a.position.y - b.position.y) >= reach) return false;
  const double r = reach.toDouble();
  return distSquared(a.position, b.position) <= r * r;
}

// OverlapFraction(A, B) from A's point of view (§3).
Fixed overlapFraction(const Object& a, const Object& b) {
  if (a.radius.raw() <= 0) return Fixed{};
  const Fixed overlap = maxN(a.radius + b.radius - length(a.position - b.position), Fixed{});
  return minN(overlap / a.radius, num(1));
}

void pushBy(Object& o, FixedVector impulse) {
  if (o.mass.raw() <= 0) return;
  o.velocity += impulse / o.mass;
}

// Pushes `target` by `amount` along the direction from `from` to it (nothing if they coincide).
void pushAway(const Object& from, Object& target, Fixed amount) {
  const FixedVector d = target.position - from.position;
  if (isZero(d)) return;
  pushBy(target, unit(d) * amount);
}

}  // namespace

namespace {

struct Collider {
  WorldState& w;

  void robotRobot(Robot& a, Robot& b) {
    if (a.dead || b.dead || !intersects(a, b)) return;
    if (a.side == b.side) {
      ++a.friendlyCollisions;
      ++b.friendlyCollisions;
    } else {
      ++a.enemyCollisions;
      ++b.enemyCollisions;
    }
    FixedVector c = b.position - a.position;
    const Fixed distance = length(c);
    const FixedVector u = isZero(c) ? FixedVector{num(1), Fixed{}} : unit(c);
    const Fixed m1 = a.mass;
    const Fixed m2 = b.mass;
    if (m1.raw() > 0 && m2.raw() > 0 && dotN(a.velocity, u) - dotN(b.velocity, u) > Fixed{}) {
      const Fixed rv1 = dotN(a.velocity, u);
      const Fixed rv2 = dotN(b.velocity, u);
      const Fixed cm = (m1 * rv1 + m2 * rv2) / (m1 + m2);
      a.velocity += u * ((rv2 - cm) * (m2 * kRobotRestitution) / m1 - (rv1 - cm));
      b.velocity += u * ((rv1 - cm) * (m1 * kRobotRestitution) / m2 - (rv2 - cm));
    }
    if (a.radius + b.radius - distance > kMaxOverlap && (m1 + m2).raw() > 0) {
      const FixedVector stepA = u * (kRepulsionStep * (m2 / (m1 + m2)));
      const FixedVector stepB = u * (kRepulsionStep * (m1 / (m1 + m2)));
      a.position = a.position - stepA;
      b.position += stepB;
      a.velocity = a.velocity - stepA * kRepulsion;
      b.velocity += stepB * kRepulsion;
    }
  }

  void robotFood(Robot& r, Food& f) {
    if (r.dead || f.dead) return;
    const Fixed room = r.maxEnergy() - r.energy;
    if (r.eaterLeft.raw() <= 0 || room.raw() <= 0 || !intersects(r, f)) return;
    ++r.foodCollisions;
    const Fixed amount = minN(minN(f.value, r.eaterLeft), room);
    if (amount.raw() <= 0) return;
    f.value -= amount;
    r.energy += amount;
    r.eaterLeft -= amount;
    r.eaten += amount;
    if (f.value.raw() <= 0) f.dead = true;
  }

  void syphon(Robot& target, Shot& probe) {
    Robot& owner = *probe.source;
    if (&owner == &target || owner.dead || probe.power.raw() == 0) return;
    const bool enemy = target.side != owner.side;
    if (probe.kind == ShotKind::kSyphon && enemy) return;
    Fixed efficiency = owner.shieldFraction() * target.shieldFraction();
    Fixed moved;
    if (probe.power.raw() > 0) {
      if (enemy && target.maxEnergy().raw() > 0)
        efficiency = efficiency * minN(num(1), target.energy / target.maxEnergy());
      moved = minN(minN(owner.maxEnergy() - owner.energy, target.energy), probe.power * efficiency);
      moved = maxN(moved, Fixed{});
      target.energy -= moved;
      owner.energy += moved;
    } else {
      moved = minN(minN(-probe.power * efficiency, owner.energy), target.maxEnergy() - target.energy);
      moved = maxN(moved, Fixed{});
      owner.energy -= moved;
      target.energy += moved;
      moved = -moved;
    }
    // A probe serves one robot per frame (§11).
    probe.power = Fixed{};
    if (probe.kind == ShotKind::kSyphon) {
      owner.syphonedNow += moved;
    } else {
      owner.enemySyphonedNow += moved;
    }
  }

  void robotShot(Robot& r, Shot& s) {
    if (r.dead || s.dead || !intersects(r, s)) return;
    ++r.shotCollisions;
    switch (s.kind) {
      case ShotKind::kBlast:
        w.damage(r, s.power, s.owner);
        pushAway(s, r, s.power * kBlastPushRatio);
        pushBy(r, s.velocity * (s.power * kBlastMomentumPerPower));
        s.dead = true;
        return;
      case ShotKind::kGrenade: return;
      case ShotKind::kSyphon:
      case ShotKind::kEnemySyphon:
        if (s.source != nullptr) syphon(r, s);
        return;
      case ShotKind::kForceField:
      case ShotKind::kExplosion: return;
    }
  }

  // The push a force field gives an object it overlaps (§11).
  void fieldPush(const Area& a, Object& o) {
    const Fixed speed = maxN(length(o.velocity), kForceFieldMinSpeed);
    const Fixed amount = a.power / speed * overlapFraction(a, o) * sqrtN(o.mass) * kForceFieldPushRatio;
    pushBy(o, polar(amount, a.pushAngle));
  }

  Fixed explosionDamage(const Area& a, const Object& o) {
    const Fixed m = maxN(o.mass, kExplosionMinMass);
    return a.power / (sqrtN(a.power / m) * kExplosionInefficiency + num(1)) * overlapFraction(a, o);
  }

  void robotArea(Robot& r, Area& a) {
    if (r.dead || !a.effective || !intersects(r, a)) return;
    if (a.kind == ShotKind::kExplosion) {
      const Fixed dmg = explosionDamage(a, r);
      w.damage(r, dmg, a.owner);
      pushAway(a, r, dmg * overlapFraction(r, a) * kExplosionPushRobots);
    } else {
      fieldPush(a, r);
    }
  }

  void foodArea(Food& f, Area& a) {
    if (f.dead || !a.effective || !intersects(f, a)) return;
    if (a.kind == ShotKind::kExplosion) {
      pushAway(a, f, explosionDamage(a, f) * overlapFraction(f, a) * kExplosionPushFood);
    } else {
      fieldPush(a, f);
    }
  }

  void tiles(size_t ta, size_t tb) {
    // Every pairing below involves a robot or an area, so two tiles that hold neither have nothing
    // to do. Most tile pairs are like that, and skipping them leaves the order of the rest as is.
    if (w.robotTiles[ta].empty() && w.robotTiles[tb].empty() && w.areaTiles[ta].empty() && w.areaTiles[tb].empty())
      return;
    const bool same = ta == tb;
    auto& ra = w.robotTiles[ta];
    auto& rb = w.robotTiles[tb];
    for (size_t i = 0; i < ra.size(); ++i) {
      for (size_t j = same ? i + 1 : 0; j < rb.size(); ++j) robotRobot(*ra[i], *rb[j]);
    }
    const auto cross = [&](auto& robots, auto& others, auto&& fn) {
      for (Robot* r : robots) {
        for (auto* o : others) fn(*r, *o);
      }
    };
    cross(ra, w.foodTiles[tb], [&](Robot& r, Food& f) { robotFood(r, f); });
    if (!same) cross(rb, w.foodTiles[ta], [&](Robot& r, Food& f) { robotFood(r, f); });
    cross(ra, w.shotTiles[tb], [&](Robot& r, Shot& s) { robotShot(r, s); });
    if (!same) cross(rb, w.shotTiles[ta], [&](Robot& r, Shot& s) { robotShot(r, s); });
    cross(ra, w.areaTiles[tb], [&](Robot& r, Area& a) { robotArea(r, a); });
    if (!same) cross(rb, w.areaTiles[ta], [&](Robot& r, Area& a) { robotArea(r, a); });
    for (Food* f : w.foodTiles[ta]) {
      for (Area* a : w.areaTiles[tb]) foodArea(*f, *a);
    }
    if (!same) {
      for (Food* f : w.foodTiles[tb]) {
        for (Area* a : w.areaTiles[ta]) foodArea(*f, *a);
      }
    }
  }
};

SensorResult resultOf(const Robot& r) {
  SensorResult x;
  x.position = r.position;
  x.velocity = r.velocity;
  x.radius = r.radius;
  x.mass = r.mass;
  x.energy = r.energy;
  x.side = r.side->id;
  x.type = r.typeIndex + 1;
  x.id = r.id;
  x.shieldFraction = r.shieldFraction();
  x.bomb = r.type->spec.bomb;
  x.reloading = r.blasterCooldown > 0 || r.grenadeCooldown > 0;
  x.flag = r.flag;
  return x;
}

}  // namespace

void WorldState::collide() {
  Collider c{*this};
  const size_t large = static_cast<size_t>(largeTile());
  for (int32_t x = 0; x < tilesX; ++x) {
    for (int32_t y = 0; y < tilesY; ++y) {
      const size_t t = static_cast<size_t>(y * tilesX + x);
      c.tiles(t, t);
      const auto neighbour = [&](int32_t nx, int32_t ny) {
        if (nx < 0 || nx >= tilesX || ny < 0 || ny >= tilesY) return;
        c.tiles(t, static_cast<size_t>(ny * tilesX + nx));
      };
      neighbour(x + 1, y);
      neighbour(x + 1, y + 1);
      neighbour(x, y + 1);
      neighbour(x - 1, y + 1);
      c.tiles(t, large);
    }
  }
  c.tiles(large, large);
  for (const auto& s : sensorShots) sense(*s);
  for (const auto& a : areas) a->effective = false;
}

void WorldState::sense(SensorShot& shot) {
  Robot& owner = *shot.owner;
  if (owner.dead) return;
  Sensor& sensor = owner.sensors[static_cast<size_t>(shot.sensor)];
  const FixedVector focus = shot.position + polar(sensor.focusDistance, sensor.focusDirection);
  const auto consider = [&](const Object& o, SensorResult result, bool friendly) {
    if (friendly ? !sensor.seesFriends : !sensor.seesEnemies) return;
    if (!intersects(shot, o)) return;
    ++sensor.found;
    sensor.overallSum += o.position;
    result.focusDistance = distSquared(o.position, focus);
    auto& results = sensor.results;
    const auto at = std::upper_bound(results.begin(), results.end(), result.focusDistance,
                                     [](double d, const SensorResult& x) { return d < x.focusDistance; });
    if (results.size() < static_cast<size_t>(sensor.capacity)) {
      results.insert(at, result);
    } else if (at != results.end()) {
      results.insert(at, result);
      results.pop_back();
    }
  };
  const auto visit = [&](size_t tile) {
    switch (shot.sensor) {
      case 0:
        for (Robot* r : robotTiles[tile]) {
          if (r != &owner && !r->dead) consider(*r, resultOf(*r), r->side == owner.side);
        }
        return;
      case 1:
        for (Food* f : foodTiles[tile]) {
          if (f->dead) continue;
          SensorResult x;
          x.position = f->position;
          x.velocity = f->velocity;
          x.radius = f->radius;
          x.mass = f->mass;
          x.energy = f->value;
          x.side = f->owner != nullptr ? f->owner->id : 0;
          consider(*f, x, f->owner == owner.side);
        }
        return;
      default:
        for (Shot* s : shotTiles[tile]) {
          if (s->dead) continue;
          SensorResult x;
          x.position = s->position;
          x.velocity = s->velocity;
          x.radius = s->radius;
          x.side = s->owner != nullptr ? s->owner->id : 0;
          x.shotType = static_cast<int32_t>(s->kind);
          x.power = s->power;
          consider(*s, x, s->owner == owner.side);
        }
        for (Area* a : areaTiles[tile]) {
          if (a->dead) continue;
          SensorResult x;
          x.position = a->position;
          x.radius = a->radius;
          x.side = a->owner != nullptr ? a->owner->id : 0;
          x.shotType = static_cast<int32_t>(a->kind);
          x.power = a->power;
          consider(*a, x, a->owner == owner.side);
        }
        return;
    }
  };
  const double cx = shot.position.x.toDouble();
  const double cy = shot.position.y.toDouble();
  const double range = shot.radius.toDouble();
  for (int32_t row = 0; row < tilesY; ++row) {
    // The original tests a row against the band (10 row - 2, 10 row + 8): shifted down instead of
    // widened, so a sensor whose lowest point is in a row's top 2 units misses that row (§10 quirk).
    if (!(cy + range > 10.0 * row - 2 && cy - range < 10.0 * row + 8)) continue;
    for (int32_t col = 0; col < tilesX; ++col) {
      if (!(cx + range > 10.0 * col - 5 && cx - range < 10.0 * col + 15)) continue;
      visit(static_cast<size_t>(row * tilesX + col));
    }
  }
  visit(static_cast<size_t>(largeTile()));
}

}  // namespace chronon::arena::gbw
