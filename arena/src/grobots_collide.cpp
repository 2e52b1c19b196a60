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

bool intersects(const Object& a, const Object& b) { return circlesTouch(a.position, a.radius, b.position, b.radius); }

// Whether robot `r` can still eat: robotFood does nothing for it otherwise. Eating only lowers the
// eater's capacity left and raises energy towards the maximum, so once this is false it stays false
// for the rest of the collision phase.
bool canEat(const Robot& r) { return !r.dead && r.eaterLeft.raw() > 0 && (r.maxEnergy() - r.energy).raw() > 0; }

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

  // A robot touching a food (the original's robot-food collision once both are alive, the robot
  // can eat and the two intersect; see eatFrom for those checks).
  void robotFood(Robot& r, Food& f) {
    const Fixed room = r.maxEnergy() - r.energy;
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

  // A live robot touching a live shot (the caller tests both).
  void robotShot(Robot& r, Shot& s) {
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

  // A live robot touching an effective area (the caller tests all three).
  void robotArea(Robot& r, Area& a) {
    if (a.kind == ShotKind::kExplosion) {
      const Fixed dmg = explosionDamage(a, r);
      w.damage(r, dmg, a.owner);
      pushAway(a, r, dmg * overlapFraction(r, a) * kExplosionPushRobots);
    } else {
      fieldPush(a, r);
    }
  }

  // A live food touching an effective area (the caller tests all three).
  void foodArea(Food& f, Area& a) {
    if (a.kind == ShotKind::kExplosion) {
      pushAway(a, f, explosionDamage(a, f) * overlapFraction(f, a) * kExplosionPushFood);
    } else {
      fieldPush(a, f);
    }
  }

  // Robots of one tile against the foods of another, in list order. A robot that cannot eat is
  // skipped (robotFood would do nothing for it), and the circle test reads the placed copy.
  void eatFrom(std::span<Robot* const> robots, std::span<const Placed<Food>> foods) {
    for (Robot* r : robots) {
      if (!canEat(*r)) continue;
      // Eating moves nothing, so the robot's circle is fixed for this loop.
      const FixedVector position = r->position;
      const Fixed radius = r->radius;
      for (const Placed<Food>& f : foods) {
        if (!circlesTouch(position, radius, f.position, f.radius) || f.object->dead) continue;
        robotFood(*r, *f.object);
        if (!canEat(*r)) break;
      }
    }
  }

  // Robots of one tile against the shots of another, in list order. Shots push and damage robots
  // but move nothing, and no robot dies in this phase, so each robot's circle and life are fixed.
  void hitBy(std::span<Robot* const> robots, std::span<const Placed<Shot>> shots) {
    for (Robot* r : robots) {
      if (r->dead) continue;
      const FixedVector position = r->position;
      const Fixed radius = r->radius;
      for (const Placed<Shot>& s : shots) {
        if (!circlesTouch(position, radius, s.position, s.radius) || s.object->dead) continue;
        robotShot(*r, *s.object);
      }
    }
  }

  // Robots of one tile against the effective areas of another, in list order.
  void inAreas(std::span<Robot* const> robots, std::span<const Placed<Area>> areas) {
    for (Robot* r : robots) {
      if (r->dead) continue;
      const FixedVector position = r->position;
      const Fixed radius = r->radius;
      for (const Placed<Area>& a : areas) {
        if (circlesTouch(position, radius, a.position, a.radius)) robotArea(*r, *a.object);
      }
    }
  }

  // Foods of one tile against the effective areas of another, in list order.
  void foodsInAreas(std::span<const Placed<Food>> foods, std::span<const Placed<Area>> areas) {
    for (const Placed<Food>& f : foods) {
      for (const Placed<Area>& a : areas) {
        if (circlesTouch(f.position, f.radius, a.position, a.radius) && !f.object->dead) foodArea(*f.object, *a.object);
      }
    }
  }

  // The pairings of two neighbouring tiles (or of a tile with itself) in the original's order,
  // given what each tile holds (WorldState::tileContents). Each pairing of two lists is tried only
  // when both lists hold something, which the contents say without building the lists; the caller
  // skips tile pairs where no pairing would (pairsWork), which leaves the order of the rest as is.
  void tiles(size_t ta, size_t tb, uint8_t ca, uint8_t cb);
};

// What a tile holds in the collision phase (WorldState::tileContents).
constexpr uint8_t kTileHasRobot = 1;   // at least one robot
constexpr uint8_t kTileHasRobots = 2;  // at least two robots
constexpr uint8_t kTileHasFood = 4;
constexpr uint8_t kTileHasShot = 8;
constexpr uint8_t kTileHasArea = 16;  // an effective area
// What acts on others in the collision phase: every pairing (pairsWork) needs one of these on a side.
constexpr uint8_t kTileActs = kTileHasRobot | kTileHasArea;

// Whether Collider::tiles would try any pairing for tiles holding `a` and `b` (`same`: one tile with
// itself). Most tile pairs hold nothing that can meet, and deciding so from two bytes costs less
// than setting up the eight lists of a pair.
bool pairsWork(uint8_t a, uint8_t b, bool same) {
  const uint8_t others = kTileHasFood | kTileHasShot | kTileHasArea;
  if (same)
    return (a & kTileHasRobots) != 0 || ((a & kTileHasRobot) != 0 && (a & others) != 0) ||
           ((a & kTileHasFood) != 0 && (a & kTileHasArea) != 0);
  return ((a & kTileHasRobot) != 0 && (b & (kTileHasRobot | others)) != 0) ||
         ((b & kTileHasRobot) != 0 && (a & others) != 0) || ((a & kTileHasFood) != 0 && (b & kTileHasArea) != 0) ||
         ((b & kTileHasFood) != 0 && (a & kTileHasArea) != 0);
}

void Collider::tiles(size_t ta, size_t tb, uint8_t ca, uint8_t cb) {
  const bool same = ta == tb;
  const bool robotsA = (ca & kTileHasRobot) != 0;
  const bool robotsB = (cb & kTileHasRobot) != 0;
  if (robotsA && robotsB) {
    const std::span<Robot* const> ra = w.robotTiles[ta];
    const std::span<Robot* const> rb = w.robotTiles[tb];
    for (size_t i = 0; i < ra.size(); ++i) {
      for (size_t j = same ? i + 1 : 0; j < rb.size(); ++j) robotRobot(*ra[i], *rb[j]);
    }
  }
  if (robotsA && (cb & kTileHasFood) != 0) eatFrom(w.robotTiles[ta], w.foodTiles.placedIn(tb));
  if (!same && robotsB && (ca & kTileHasFood) != 0) eatFrom(w.robotTiles[tb], w.foodTiles.placedIn(ta));
  if (robotsA && (cb & kTileHasShot) != 0) hitBy(w.robotTiles[ta], w.shotTiles.placedIn(tb));
  if (!same && robotsB && (ca & kTileHasShot) != 0) hitBy(w.robotTiles[tb], w.shotTiles.placedIn(ta));
  if (robotsA && (cb & kTileHasArea) != 0) inAreas(w.robotTiles[ta], w.placedAreasIn(tb));
  if (!same && robotsB && (ca & kTileHasArea) != 0) inAreas(w.robotTiles[tb], w.placedAreasIn(ta));
  if ((ca & kTileHasFood) != 0 && (cb & kTileHasArea) != 0) foodsInAreas(w.foodTiles.placedIn(ta), w.placedAreasIn(tb));
  if (!same && (cb & kTileHasFood) != 0 && (ca & kTileHasArea) != 0)
    foodsInAreas(w.foodTiles.placedIn(tb), w.placedAreasIn(ta));
}

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
  // Areas that are no longer effective take part in no pairing (§11).
  const size_t tiles = areaTiles.tiles();
  placedAreas.clear();
  placedAreaStarts.resize(tiles + 1);
  tileContents.resize(tiles);
  // Each class's tile t holds items [starts[t], starts[t + 1]); the counts are read straight from
  // those arrays.
  const uint32_t* const robotStarts = robotTiles.starts.data();
  const uint32_t* const foodStarts = foodTiles.starts.data();
  const uint32_t* const shotStarts = shotTiles.starts.data();
  const uint32_t* const areaStarts = areaTiles.starts.data();
  for (size_t t = 0; t < tiles; ++t) {
    placedAreaStarts[t] = static_cast<uint32_t>(placedAreas.size());
    for (uint32_t k = areaStarts[t]; k < areaStarts[t + 1]; ++k) {
      Area* a = areaTiles.items[k];
      if (a->effective) placedAreas.push_back({a, a->position, a->radius});
    }
    const uint32_t robotsHere = robotStarts[t + 1] - robotStarts[t];
    const bool areasHere = placedAreas.size() > placedAreaStarts[t];
    tileContents[t] =
        static_cast<uint8_t>((robotsHere > 0 ? kTileHasRobot : 0) | (robotsHere > 1 ? kTileHasRobots : 0) |
                             (foodStarts[t + 1] != foodStarts[t] ? kTileHasFood : 0) |
                             (shotStarts[t + 1] != shotStarts[t] ? kTileHasShot : 0) | (areasHere ? kTileHasArea : 0));
  }
  placedAreaStarts[tiles] = static_cast<uint32_t>(placedAreas.size());
  Collider c{*this};
  const auto pair = [&](size_t ta, size_t tb) {
    const uint8_t ca = tileContents[ta];
    const uint8_t cb = tileContents[tb];
    if (pairsWork(ca, cb, ta == tb)) c.tiles(ta, tb, ca, cb);
  };
  const size_t large = static_cast<size_t>(largeTile());
  for (int32_t x = 0; x < tilesX; ++x) {
    for (int32_t y = 0; y < tilesY; ++y) {
      const size_t t = static_cast<size_t>(y * tilesX + x);
      // An empty tile pairs with nothing (pairsWork needs something on its side), which spares most
      // of the five tests of each tile in a thinly populated world.
      if (tileContents[t] == 0) continue;
      // Every pairing needs a robot or an effective area on one side, so a tile of food and shots
      // alone pairs with nothing unless one of its five partners holds one. Most tiles of a large
      // world are such tiles; one test of each partner spares their five pair tests.
      if ((tileContents[t] & kTileActs) == 0) {
        const auto acts = [&](int32_t nx, int32_t ny) {
          return nx >= 0 && nx < tilesX && ny < tilesY &&
                 (tileContents[static_cast<size_t>(ny * tilesX + nx)] & kTileActs) != 0;
        };
        if (!acts(x + 1, y) && !acts(x + 1, y + 1) && !acts(x, y + 1) && !acts(x - 1, y + 1) &&
            (tileContents[large] & kTileActs) == 0)
          continue;
      }
      pair(t, t);
      const auto neighbour = [&](int32_t nx, int32_t ny) {
        if (nx < 0 || nx >= tilesX || ny < 0 || ny >= tilesY) return;
        pair(t, static_cast<size_t>(ny * tilesX + nx));
      };
      neighbour(x + 1, y);
      neighbour(x + 1, y + 1);
      neighbour(x, y + 1);
      neighbour(x - 1, y + 1);
      pair(t, large);
    }
  }
  pair(large, large);
  for (SensorShot& s : sensorShots) sense(s);
  for (const auto& a : areas) a->effective = false;
}

void WorldState::sense(SensorShot& shot) {
  Robot& owner = *shot.owner;
  if (owner.dead) return;
  Sensor& sensor = owner.sensors[static_cast<size_t>(shot.sensor)];
  const FixedVector focus = shot.position + polar(sensor.focusDistance, sensor.focusDirection);
  // Whether the sensor sees a circle: the side it watches, then the collision test.
  const auto sees = [&](bool friendly, FixedVector position, Fixed radius) {
    if (friendly ? !sensor.seesFriends : !sensor.seesEnemies) return false;
    return circlesTouch(shot.position, shot.radius, position, radius);
  };
  // Records a seen object; its result is built only once it is seen, which changes nothing.
  const auto record = [&](FixedVector position, SensorResult result) {
    ++sensor.found;
    sensor.overallSum += position;
    result.focusDistance = distSquared(position, focus);
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
          if (r != &owner && !r->dead && sees(r->side == owner.side, r->position, r->radius))
            record(r->position, resultOf(*r));
        }
        return;
      case 1:
        // Foods and shots have not moved since resort placed them (TileLists::placed).
        for (const Placed<Food>& p : foodTiles.placedIn(tile)) {
          const Food* f = p.object;
          if (f->dead || !sees(f->owner == owner.side, p.position, p.radius)) continue;
          SensorResult x;
          x.position = f->position;
          x.velocity = f->velocity;
          x.radius = f->radius;
          x.mass = f->mass;
          x.energy = f->value;
          x.side = f->owner != nullptr ? f->owner->id : 0;
          record(f->position, x);
        }
        return;
      default:
        for (const Placed<Shot>& p : shotTiles.placedIn(tile)) {
          const Shot* s = p.object;
          if (s->dead || !sees(s->owner == owner.side, p.position, p.radius)) continue;
          SensorResult x;
          x.position = s->position;
          x.velocity = s->velocity;
          x.radius = s->radius;
          x.side = s->owner != nullptr ? s->owner->id : 0;
          x.shotType = static_cast<int32_t>(s->kind);
          x.power = s->power;
          record(s->position, x);
        }
        for (Area* a : areaTiles[tile]) {
          if (a->dead || !sees(a->owner == owner.side, a->position, a->radius)) continue;
          SensorResult x;
          x.position = a->position;
          x.radius = a->radius;
          x.side = a->owner != nullptr ? a->owner->id : 0;
          x.shotType = static_cast<int32_t>(a->kind);
          x.power = a->power;
          record(a->position, x);
        }
        return;
    }
  };
  const double cx = shot.position.x.toDouble();
  const double cy = shot.position.y.toDouble();
  const double range = shot.radius.toDouble();
  // The original tests each column against the band (10 col - 5, 10 col + 15). As the column grows,
  // `cx - range < 10 col + 15` can only turn true and `cx + range > 10 col - 5` only false (10 col is
  // exact), so the columns that pass both are one run [first, end), found once for all rows.
  int32_t first = 0;
  while (first < tilesX && !(cx - range < 10.0 * first + 15)) ++first;
  int32_t end = first;
  while (end < tilesX && cx + range > 10.0 * end - 5) ++end;
  for (int32_t row = 0; row < tilesY; ++row) {
    // The original tests a row against the band (10 row - 2, 10 row + 8): shifted down instead of
    // widened, so a sensor whose lowest point is in a row's top 2 units misses that row (§10 quirk).
    if (!(cy + range > 10.0 * row - 2 && cy - range < 10.0 * row + 8)) continue;
    for (int32_t col = first; col < end; ++col) visit(static_cast<size_t>(row * tilesX + col));
  }
  visit(static_cast<size_t>(largeTile()));
}

}  // namespace chronon::arena::gbw
