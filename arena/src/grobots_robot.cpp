// A Grobots robot's turn: its Think (the brain, grobots-world.md §7) and its Act, hardware in the
// original's order (§8): death, solar and eater, engine, constructor, sensors, weapons and remote
// effects, repair, shield, energy clamp.

#include <algorithm>

#include "chronon/vm/grobocode_engine.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "grobots_host.h"
#include "grobots_objects.h"

namespace chronon::arena::gbw {

namespace {
constexpr Fixed kEngineMinSpeed = raw(204);
constexpr double kEngineEfficiency = 0.2;
constexpr Fixed kBabyDisplacement = raw(2457);
constexpr Fixed kBabySpeed = raw(40);
constexpr double kAbortionCorpse = 0.75;
constexpr double kCorpsePerBiomass = 0.5;
constexpr double kExplosionPerBiomass = 0.01;
constexpr Fixed kShieldDecayPerMass = raw(8);
constexpr Fixed kShieldDecayPerShield = raw(40);
constexpr Fixed kBlastRadius = raw(768);
constexpr Fixed kBlastSpacing = raw(4);
constexpr Fixed kGrenadeBigRadius = raw(768);
constexpr Fixed kGrenadeSmallRadius = raw(512);
constexpr Fixed kSyphonProbeRadius = raw(512);
constexpr double kForceFieldAttenuation = 0.05;
constexpr Fixed kForceFieldRadiusExponent = raw(1228);
constexpr Fixed kForceFieldRadiusFactor = num(4);
}  // namespace

Fixed Robot::shieldFraction() const {
  if (activeShield.raw() <= 0 || mass.raw() <= 0) return num(1);
  const Fixed ratio = activeShield / mass;
  return num(1) / (ratio * ratio + num(1));
}

bool takeExactly(Robot& robot, Fixed amount) {
  if (amount.raw() <= 0) return true;
  if (robot.energy < amount) return false;
  robot.energy -= amount;
  return true;
}

Fixed takeUpTo(Robot& robot, Fixed amount) {
  if (amount.raw() <= 0) return Fixed{};
  const Fixed taken = minN(amount, maxN(robot.energy, Fixed{}));
  robot.energy -= taken;
  return taken;
}

void WorldState::updateMass(Robot& r) {
  Fixed fetus;
  if (r.constructorType > 0) {
    const TypeInfo& child = r.side->types[static_cast<size_t>(r.constructorType - 1)];
    if (child.cost.raw() > 0) fetus = r.constructorProgress / child.cost * child.mass;
  }
  const Fixed mass = r.type->mass + fetus;
  // Only this function sets a robot's mass and radius, always both, and a new robot starts with
  // radius 0. So a nonzero radius was computed here from the stored mass, and with the mass
  // unchanged it would come out the same; radius 0 (a new robot) always computes.
  if (mass == r.mass && r.radius.raw() != 0) return;
  r.mass = mass;
  r.radius = sqrtN(r.mass + num(3)) * 0.1;
}

void WorldState::think(Robot& r) {
  if (!r.brain || r.brain->status != grobocode::BrainStatus::kOk) return;
  RobotHost host(*this, r);
  const int32_t processor = std::max(0, r.type->spec.processorSpeed);
  grobocode::Engine& engine = options.engine != nullptr ? *options.engine : grobocode::interpreterEngine();
  thinking = &r;
  engine.think(*r.brain, *r.type->type->brain, host, processor);
  thinking = nullptr;
  if (r.brain->status == grobocode::BrainStatus::kError) {
    ++r.side->brainErrors;
    messages.push_back(grobocode::errorReport(*r.brain, *r.type->type->brain, r.side->name, r.type->type->name, r.id));
  }
}

void WorldState::damage(Robot& r, Fixed amount, SideState* by) {
  if (amount.raw() <= 0) return;
  Fixed multiplier = num(1);
  if (r.mass > num(20)) multiplier = num(1) + (r.mass - num(20)) / num(50);
  r.armor -= amount * multiplier * r.shieldFraction();
  if (by != nullptr) r.lastHit = by->id;
}

void WorldState::die(Robot& r) {
  const Fixed biomass = r.biomass();
  addFood(r.position, biomass * kCorpsePerBiomass, r.side, r.velocity);
  addExplosion(r.position, (biomass * kExplosionPerBiomass + r.type->spec.bomb) * r.shieldFraction(), r.side);
  if (r.lastHit != 0 && r.lastHit != r.side->id) {
    for (SideState& s : sides) {
      if (s.id == r.lastHit && s.seeded) {
        s.killed += biomass.toDouble();
        totalKilled += biomass.toDouble();
      }
    }
  }
  r.dead = true;
  if (observer != nullptr) observer->deaths.push_back({r.serial, r.lastHit, robotDescription(r)});
}

void WorldState::setConstructorType(Robot& r, int32_t type) {
  if (type == r.constructorType) return;
  // Switching to another type aborts the child under way; its progress becomes a corpse (§6).
  if (r.constructorType != 0) r.abortion += r.constructorProgress;
  r.constructorProgress = Fixed{};
  r.constructorType = type;
}

void WorldState::act(Robot& r) {
  const ::chronon::grobots::HardwareSpec& spec = r.type->spec;
  // 1. Death.
  if (r.armor.raw() <= 0 || r.killed) {
    die(r);
    return;
  }
  // 2. Solar cells and the eater's capacity.
  r.energy += spec.solarCells;
  r.eaterLeft = spec.eater;
  r.eaten = Fixed{};
  // 3. Engine.
  if (r.enginePower.raw() > 0) {
    const Fixed eff = maxN(length(r.velocity), kEngineMinSpeed);
    const FixedVector delta = r.engineVelocity - r.velocity;
    const Fixed needed = length(delta) * r.mass * eff / kEngineEfficiency;
    const Fixed power = takeUpTo(r, minN(needed, r.enginePower));
    if (power.raw() > 0 && !isZero(delta) && r.mass.raw() > 0)
      r.velocity += unit(delta) * (power * kEngineEfficiency / eff / r.mass);
  }
  // 4. Constructor.
  if (r.constructorType > 0) {
    const TypeInfo& child = r.side->types[static_cast<size_t>(r.constructorType - 1)];
    Fixed remaining = child.cost - r.constructorProgress;
    if (r.constructorRate.raw() > 0 && remaining.raw() > 0)
      r.constructorProgress += takeUpTo(r, minN(r.constructorRate, remaining));
    remaining = child.cost - r.constructorProgress;
    if (remaining.raw() <= 0 && r.activeShield.raw() <= 0) {
      const Fixed angle = random.randomAngle();
      Robot* baby =
          addRobot(*r.side, r.constructorType - 1, r.position + polar(kBabyDisplacement * r.radius, angle), r.id);
      baby->velocity = r.velocity + polar(kBabySpeed, angle);
      r.childId = baby->id;
      r.constructorType = 0;
      r.constructorProgress = Fixed{};
    }
  }
  if (r.abortion.raw() > 0) {
    addFood(r.position, r.abortion * kAbortionCorpse, r.side);
    r.abortion = Fixed{};
  }
  // 5. Sensors.
  for (size_t i = 0; i < r.sensors.size(); ++i) {
    Sensor& s = r.sensors[i];
    if (!s.ordered) continue;
    s.ordered = false;
    if (s.exists && takeExactly(r, ::chronon::grobots::sensorFiringCost(spec.sensors[i]))) {
      SensorShot& shot = sensorShots.emplace_back();
      shot.serial = ++lastSerial;
      shot.owner = &r;
      shot.sensor = static_cast<int32_t>(i);
      shot.position = r.position;
      shot.radius = s.range;
    }
    s.found = 0;
    s.results.clear();
    s.overallSum = {};
    s.current = 0;
    s.time = frame;
  }
  // 7. Blaster, grenades, force field, syphons.
  if (r.blasterOrdered) {
    r.blasterOrdered = false;
    if (r.activeShield.raw() <= 0 && takeExactly(r, r.type->blaster.firingCost)) {
      auto shot = spareShots.take();
      shot->serial = ++lastSerial;
      shot->kind = ShotKind::kBlast;
      shot->owner = r.side;
      shot->position =
          r.position + polar(r.radius, r.blasterAngle) + polar(kBlastRadius + kBlastSpacing, r.blasterAngle);
      shot->velocity = r.velocity + polar(r.type->blaster.speed, r.blasterAngle);
      shot->radius = kBlastRadius;
      shot->power = spec.blaster.damage;
      shot->lifetime = r.type->blaster.lifetime;
      shots.push_back(std::move(shot));
    }
  }
  if (r.blasterCooldown > 0) --r.blasterCooldown;
  if (r.grenadeOrdered) {
    r.grenadeOrdered = false;
    if (r.activeShield.raw() <= 0 && takeExactly(r, r.type->grenades.firingCost)) {
      auto shot = spareShots.take();
      shot->serial = ++lastSerial;
      shot->kind = ShotKind::kGrenade;
      shot->owner = r.side;
      shot->position = r.position + polar(r.radius, r.grenadeAngle);
      shot->velocity = r.velocity + polar(r.type->grenades.speed, r.grenadeAngle);
      shot->radius = spec.grenades.damage >= num(40) ? kGrenadeBigRadius : kGrenadeSmallRadius;
      shot->power = spec.grenades.damage;
      const Fixed speed = r.type->grenades.speed;
      const int32_t life =
          speed.raw() > 0 ? ((r.grenadeDistance - r.radius) / speed).raw() >> ::chronon::grobots::Fixed::kFractionBits
                          : 1;
      shot->lifetime = std::max(life, 1);
      shots.push_back(std::move(shot));
    }
  }
  if (r.grenadeCooldown > 0) --r.grenadeCooldown;
  if (r.forceFieldPower.raw() > 0) {
    const Fixed effective = r.forceFieldPower * r.shieldFraction();
    if (takeExactly(r, effective)) {
      auto area = spareAreas.take();
      area->serial = ++lastSerial;
      area->kind = ShotKind::kForceField;
      area->owner = r.side;
      area->source = &r;
      area->position = r.position + polar(r.forceFieldDistance, r.forceFieldDirection);
      area->power = effective / (r.forceFieldDistance * kForceFieldAttenuation + num(1));
      area->radius = powN(area->power, kForceFieldRadiusExponent) * kForceFieldRadiusFactor;
      area->pushAngle = r.forceFieldAngle;
      area->lifetime = 1;
      areas.push_back(std::move(area));
    }
  }
  const auto syphon = [&](Fixed rate, Fixed maxRate, Fixed range, Fixed distance, Fixed direction, ShotKind kind) {
    if (rate.raw() == 0) return;
    const Fixed limit = maxRate * r.shieldFraction();
    auto probe = spareShots.take();
    probe->serial = ++lastSerial;
    probe->kind = kind;
    probe->owner = r.side;
    probe->source = &r;
    probe->position = r.position + polar(minN(distance, r.radius + range), direction);
    probe->radius = kSyphonProbeRadius;
    probe->power = clampN(rate, -limit, limit);
    probe->lifetime = 1;
    shots.push_back(std::move(probe));
  };
  r.syphoned = r.syphonedNow;
  r.syphonedNow = Fixed{};
  r.enemySyphoned = r.enemySyphonedNow;
  r.enemySyphonedNow = Fixed{};
  syphon(r.syphonRate, spec.syphon.power, spec.syphon.range, r.syphonDistance, r.syphonDirection, ShotKind::kSyphon);
  syphon(r.enemySyphonRate, spec.enemySyphon.power, spec.enemySyphon.range, r.enemySyphonDistance,
         r.enemySyphonDirection, ShotKind::kEnemySyphon);
  // 8. Repair.
  if (r.repairRate.raw() > 0) {
    const Fixed spent = takeUpTo(r, minN(r.repairRate, times(spec.armor - r.armor, 2)));
    r.armor += spent / num(2);
  }
  // 9. Shield.
  if (r.shieldSetting.raw() > 0) r.activeShield += takeUpTo(r, r.shieldSetting);
  r.activeShield =
      maxN(r.activeShield - r.mass * kShieldDecayPerMass - r.activeShield * kShieldDecayPerShield, Fixed{});
  // 10. Energy clamp, mass and radius.
  if (r.energy > spec.maxEnergy) r.energy = spec.maxEnergy;
  updateMass(r);
}

}  // namespace chronon::arena::gbw
