// Hardware reads, writes and hardware words of a robot in the Grobots world
// (specs/grobots-language.md §2.7 and §3, specs/grobots-world.md §6-§11).

#include "grobots_host.h"

#include <algorithm>
#include <string>

namespace chronon::arena::gbw {

using grobocode::HostValue;
using grobocode::HostVector;
using grobocode::HwScalar;
using grobocode::HwVector;
using grobocode::Prim;
using grobocode::RuntimeError;

namespace {

constexpr Fixed kSeekGain = raw(368);
constexpr int32_t kSeekLookahead = 11;

// Integer-valued reads go through the integer -> number check (§3.1).
HostValue integer(int64_t i) {
  const ::chronon::grobots::Checked<Fixed> n = Fixed::fromInteger(i);
  if (!n.ok()) return RuntimeError::kArithmeticOverflow;
  return n.value();
}

HostValue truth(bool b) { return Fixed::fromBool(b); }

const SensorResult* currentResult(const Sensor& s) {
  const int32_t count = std::min<int32_t>(s.found, static_cast<int32_t>(s.results.size()));
  if (s.current < 0 || s.current >= count) return nullptr;
  return &s.results[static_cast<size_t>(s.current)];
}

int32_t resultCount(const Sensor& s) { return std::min<int32_t>(s.found, static_cast<int32_t>(s.results.size())); }

FixedVector overall(const Sensor& s) {
  if (s.found <= 0) return {};
  return {raw(s.overallSum.x.raw() / s.found), raw(s.overallSum.y.raw() / s.found)};
}

}  // namespace

HostValue RobotHost::readScalar(HwScalar hw) {
  const Robot& r = r_;
  const ::chronon::grobots::HardwareSpec& spec = r.type->spec;
  const Sensor& rs = r.sensors[0];
  const Sensor& fs = r.sensors[1];
  const Sensor& ss = r.sensors[2];
  // A member of a sensor's current result, or `absent` without one. The result is looked up only by
  // the cases that read it: most reads do not.
  const auto result = [](const Sensor& s, auto SensorResult::*member, auto absent) {
    const SensorResult* x = currentResult(s);
    return x ? x->*member : absent;
  };
  const auto field = [&](const Sensor& s, Fixed SensorResult::*member) { return result(s, member, Fixed{}); };
  const auto count = [&](const Sensor& s, int32_t SensorResult::*member) { return integer(result(s, member, 0)); };
  const auto position = [&](const Sensor& s) { return result(s, &SensorResult::position, FixedVector{}); };
  const auto distanceTo = [&](FixedVector p) -> HostValue { return length(p - r.position); };
  const auto directionTo = [&](FixedVector p) -> HostValue { return angleOf(p - r.position); };
  const TypeInfo& t = *r.type;
  switch (hw) {
    case HwScalar::Time: return integer(w_.frame);
    case HwScalar::TimeLimit: return integer(w_.options.frameLimit);
    case HwScalar::WorldWidth: return w_.width();
    case HwScalar::WorldHeight: return w_.height();
    case HwScalar::Radius: return r.radius;
    case HwScalar::Mass: return r.mass;
    case HwScalar::Speed: return length(r.velocity);
    case HwScalar::Processor: return integer(std::max(0, spec.processorSpeed));
    case HwScalar::Remaining: return integer(r.brain ? r.brain->remaining : 0);
    case HwScalar::Side: return integer(r.side->id);
    case HwScalar::Type: return integer(r.typeIndex + 1);
    case HwScalar::Id: return integer(r.id);
    case HwScalar::ParentId: return integer(r.parentId);
    case HwScalar::Population: return integer(r.side->population);
    case HwScalar::EnginePower: return r.enginePower;
    case HwScalar::EngineMaxPower: return spec.engine;
    case HwScalar::Flag: return r.flag;
    case HwScalar::Collision: return integer(r.friendlyCollisions + r.enemyCollisions + r.wallCollisions);
    case HwScalar::FriendlyCollision: return integer(r.friendlyCollisions);
    case HwScalar::EnemyCollision: return integer(r.enemyCollisions);
    case HwScalar::FoodCollision: return integer(r.foodCollisions);
    case HwScalar::ShotCollision: return integer(r.shotCollisions);
    case HwScalar::WallCollision: return integer(r.wallCollisions);
    case HwScalar::Energy: return r.energy;
    case HwScalar::MaxEnergy: return spec.maxEnergy;
    case HwScalar::SolarCells: return spec.solarCells;
    case HwScalar::Eater: return spec.eater;
    case HwScalar::Eaten: return r.eaten;
    case HwScalar::SyphonMaxRate: return spec.syphon.power;
    case HwScalar::SyphonRange: return spec.syphon.range;
    case HwScalar::SyphonDistance: return r.syphonDistance;
    case HwScalar::SyphonDirection: return r.syphonDirection;
    case HwScalar::SyphonRate: return r.syphonRate;
    case HwScalar::Syphoned: return r.syphoned;
    case HwScalar::EnemySyphonMaxRate: return spec.enemySyphon.power;
    case HwScalar::EnemySyphonRange: return spec.enemySyphon.range;
    case HwScalar::EnemySyphonDistance: return r.enemySyphonDistance;
    case HwScalar::EnemySyphonDirection: return r.enemySyphonDirection;
    case HwScalar::EnemySyphonRate: return r.enemySyphonRate;
    case HwScalar::EnemySyphoned: return r.enemySyphoned;
    case HwScalar::ConstructorMaxRate: return spec.constructor;
    case HwScalar::ConstructorRate: return r.constructorRate;
    case HwScalar::ConstructorType: return integer(r.constructorType);
    case HwScalar::ConstructorProgress: return r.constructorProgress;
    case HwScalar::ConstructorRemaining:
      return r.constructorType > 0
                 ? r.side->types[static_cast<size_t>(r.constructorType - 1)].cost - r.constructorProgress
                 : Fixed{};
    case HwScalar::ChildId: return integer(r.childId);
    case HwScalar::RobotSensorRange: return rs.exists ? rs.range : Fixed{};
    case HwScalar::RobotSensorFiringCost: return ::chronon::grobots::sensorFiringCost(spec.sensors[0]);
    case HwScalar::RobotSensorFocusDistance: return rs.focusDistance;
    case HwScalar::RobotSensorFocusDirection: return rs.focusDirection;
    case HwScalar::RobotSensorSeesFriends: return truth(rs.seesFriends);
    case HwScalar::RobotSensorSeesEnemies: return truth(rs.seesEnemies);
    case HwScalar::RobotSensorTime: return integer(rs.time);
    case HwScalar::RobotFound: return integer(rs.found);
    case HwScalar::RobotDistance: return distanceTo(position(rs));
    case HwScalar::RobotDirection: return directionTo(position(rs));
    case HwScalar::RobotSide: return count(rs, &SensorResult::side);
    case HwScalar::RobotRadius: return field(rs, &SensorResult::radius);
    case HwScalar::RobotMass: return field(rs, &SensorResult::mass);
    case HwScalar::RobotEnergy: return field(rs, &SensorResult::energy);
    case HwScalar::RobotType: return count(rs, &SensorResult::type);
    case HwScalar::RobotId: return count(rs, &SensorResult::id);
    case HwScalar::RobotShieldFraction: return result(rs, &SensorResult::shieldFraction, num(1));
    case HwScalar::RobotBomb: return field(rs, &SensorResult::bomb);
    case HwScalar::RobotReloading: return truth(result(rs, &SensorResult::reloading, false));
    case HwScalar::RobotFlag: return field(rs, &SensorResult::flag);
    case HwScalar::RobotDistanceOverall: return distanceTo(overall(rs));
    case HwScalar::RobotDirectionOverall: return directionTo(overall(rs));
    case HwScalar::CurrentRobotResult: return integer(rs.current);
    case HwScalar::NumRobotResults: return integer(resultCount(rs));
    case HwScalar::MaxRobotResults: return integer(rs.exists ? rs.capacity : 1);
    case HwScalar::FoodSensorRange: return fs.exists ? fs.range : Fixed{};
    case HwScalar::FoodSensorFiringCost: return ::chronon::grobots::sensorFiringCost(spec.sensors[1]);
    case HwScalar::FoodSensorFocusDistance: return fs.focusDistance;
    case HwScalar::FoodSensorFocusDirection: return fs.focusDirection;
    case HwScalar::FoodSensorTime: return integer(fs.time);
    case HwScalar::FoodFound: return integer(fs.found);
    case HwScalar::FoodDistance: return distanceTo(position(fs));
    case HwScalar::FoodDirection: return directionTo(position(fs));
    case HwScalar::FoodSide: return count(fs, &SensorResult::side);
    case HwScalar::FoodRadius: return field(fs, &SensorResult::radius);
    case HwScalar::FoodMass: return field(fs, &SensorResult::mass);
    case HwScalar::FoodEnergy: return field(fs, &SensorResult::energy);
    case HwScalar::FoodDistanceOverall: return distanceTo(overall(fs));
    case HwScalar::FoodDirectionOverall: return directionTo(overall(fs));
    case HwScalar::CurrentFoodResult: return integer(fs.current);
    case HwScalar::NumFoodResults: return integer(resultCount(fs));
    // The original answers max-food-results with the number of results (§3.2).
    case HwScalar::MaxFoodResults: return integer(resultCount(fs));
    case HwScalar::ShotSensorRange: return ss.exists ? ss.range : Fixed{};
    case HwScalar::ShotSensorFiringCost: return ::chronon::grobots::sensorFiringCost(spec.sensors[2]);
    case HwScalar::ShotSensorFocusDistance: return ss.focusDistance;
    case HwScalar::ShotSensorFocusDirection: return ss.focusDirection;
    case HwScalar::ShotSensorSeesFriendly: return truth(ss.seesFriends);
    case HwScalar::ShotSensorSeesEnemy: return truth(ss.seesEnemies);
    case HwScalar::ShotSensorTime: return integer(ss.time);
    case HwScalar::ShotFound: return integer(ss.found);
    case HwScalar::ShotDistance: return distanceTo(position(ss));
    case HwScalar::ShotDirection: return directionTo(position(ss));
    case HwScalar::ShotSide: return count(ss, &SensorResult::side);
    case HwScalar::ShotRadius: return field(ss, &SensorResult::radius);
    case HwScalar::ShotPower: return field(ss, &SensorResult::power);
    case HwScalar::ShotType: return count(ss, &SensorResult::shotType);
    case HwScalar::ShotDistanceOverall: return distanceTo(overall(ss));
    case HwScalar::ShotDirectionOverall: return directionTo(overall(ss));
    case HwScalar::CurrentShotResult: return integer(ss.current);
    case HwScalar::NumShotResults: return integer(resultCount(ss));
    case HwScalar::MaxShotResults: return integer(resultCount(ss));
    case HwScalar::Armor: return r.armor;
    case HwScalar::MaxArmor: return spec.armor;
    case HwScalar::RepairRate: return r.repairRate;
    case HwScalar::MaxRepairRate: return spec.repairRate;
    case HwScalar::Shield: return r.shieldSetting;
    case HwScalar::MaxShield: return spec.shield;
    case HwScalar::ShieldFraction: return r.shieldFraction();
    case HwScalar::LastHit: return integer(r.lastHit);
    case HwScalar::BlasterDamage: return spec.blaster.damage;
    case HwScalar::BlasterRange: return spec.blaster.range;
    case HwScalar::BlasterSpeed: return t.blaster.speed;
    case HwScalar::BlasterLifetime: return integer(t.blaster.lifetime);
    case HwScalar::BlasterReloadTime: return integer(spec.blaster.reload);
    case HwScalar::BlasterFiringCost: return t.blaster.firingCost;
    case HwScalar::BlasterCooldown: return integer(r.blasterCooldown);
    case HwScalar::GrenadesDamage: return spec.grenades.damage;
    case HwScalar::GrenadesRange: return spec.grenades.range;
    case HwScalar::GrenadesSpeed: return t.grenades.speed;
    case HwScalar::GrenadesLifetime: return integer(t.grenades.lifetime);
    case HwScalar::GrenadesReloadTime: return integer(spec.grenades.reload);
    case HwScalar::GrenadesFiringCost: return t.grenades.firingCost;
    case HwScalar::GrenadesCooldown: return integer(r.grenadeCooldown);
    case HwScalar::GrenadesRadius: return powN(spec.grenades.damage, raw(1351)) * numD(0.6);
    case HwScalar::ForceFieldMaxPower: return spec.forceField.power;
    case HwScalar::ForceFieldRange: return spec.forceField.range;
    case HwScalar::ForceFieldDistance: return r.forceFieldDistance;
    case HwScalar::ForceFieldDirection: return r.forceFieldDirection;
    case HwScalar::ForceFieldPower: return r.forceFieldPower;
    case HwScalar::ForceFieldAngle: return r.forceFieldAngle;
    case HwScalar::ForceFieldRadius: return powN(absN(r.forceFieldPower), raw(1228)) * num(4);
  }
  return Fixed{};
}

HostVector RobotHost::readVector(HwVector hw) {
  const Robot& r = r_;
  const auto pos = [](const Sensor& s) {
    const SensorResult* x = currentResult(s);
    return x ? x->position : FixedVector{};
  };
  const auto vel = [](const Sensor& s) {
    const SensorResult* x = currentResult(s);
    return x ? x->velocity : FixedVector{};
  };
  switch (hw) {
    case HwVector::WorldSize: return FixedVector{w_.width(), w_.height()};
    case HwVector::Position: return r.position;
    case HwVector::Velocity: return r.velocity;
    case HwVector::EngineVelocity: return r.engineVelocity;
    case HwVector::RobotPosition: return pos(r.sensors[0]);
    case HwVector::RobotRelativePosition: return pos(r.sensors[0]) - r.position;
    case HwVector::RobotVelocity: return vel(r.sensors[0]);
    case HwVector::RobotPositionOverall: return overall(r.sensors[0]);
    case HwVector::FoodPosition: return pos(r.sensors[1]);
    case HwVector::FoodRelativePosition: return pos(r.sensors[1]) - r.position;
    case HwVector::FoodVelocity: return vel(r.sensors[1]);
    case HwVector::FoodPositionOverall: return overall(r.sensors[1]);
    case HwVector::ShotPosition: return pos(r.sensors[2]);
    case HwVector::ShotRelativePosition: return pos(r.sensors[2]) - r.position;
    case HwVector::ShotVelocity: return vel(r.sensors[2]);
    case HwVector::ShotPositionOverall: return overall(r.sensors[2]);
  }
  return FixedVector{};
}

RuntimeError RobotHost::writeScalar(HwScalar hw, Fixed v) {
  Robot& r = r_;
  const ::chronon::grobots::HardwareSpec& spec = r.type->spec;
  // Only the writable variables reach the host; the interpreter rejects the others (§3.1).
  const auto setResult = [](Sensor& s, Fixed value) {
    const ::chronon::grobots::Checked<int32_t> n = value.toInteger();
    if (!n.ok()) return RuntimeError::kNotInteger;
    if (n.value() < 0 || n.value() >= resultCount(s)) return RuntimeError::kBadArgument;
    s.current = n.value();
    return RuntimeError::kNone;
  };
  if (hw == HwScalar::EnginePower) {
    r.enginePower = clampN(v, Fixed{}, spec.engine);
  } else if (hw == HwScalar::Flag) {
    r.flag = v;
  } else if (hw == HwScalar::SyphonDistance) {
    r.syphonDistance = maxN(v, Fixed{});
  } else if (hw == HwScalar::SyphonDirection) {
    r.syphonDirection = v;
  } else if (hw == HwScalar::SyphonRate) {
    r.syphonRate = clampN(v, -spec.syphon.power, spec.syphon.power);
  } else if (hw == HwScalar::EnemySyphonDistance) {
    r.enemySyphonDistance = maxN(v, Fixed{});
  } else if (hw == HwScalar::EnemySyphonDirection) {
    r.enemySyphonDirection = v;
  } else if (hw == HwScalar::EnemySyphonRate) {
    r.enemySyphonRate = clampN(v, -spec.enemySyphon.power, spec.enemySyphon.power);
  } else if (hw == HwScalar::ConstructorRate) {
    r.constructorRate = clampN(v, Fixed{}, spec.constructor);
  } else if (hw == HwScalar::ConstructorType) {
    const ::chronon::grobots::Checked<int32_t> n = v.toInteger();
    if (!n.ok()) return RuntimeError::kNotInteger;
    if (n.value() < 0 || n.value() > static_cast<int32_t>(r.side->types.size())) return RuntimeError::kIndexOutOfRange;
    w_.setConstructorType(r, n.value());
  } else if (hw == HwScalar::RobotSensorFocusDistance) {
    r.sensors[0].focusDistance = v;
  } else if (hw == HwScalar::RobotSensorFocusDirection) {
    r.sensors[0].focusDirection = v;
  } else if (hw == HwScalar::RobotSensorSeesFriends) {
    r.sensors[0].seesFriends = v.isTrue();
  } else if (hw == HwScalar::RobotSensorSeesEnemies) {
    r.sensors[0].seesEnemies = v.isTrue();
  } else if (hw == HwScalar::CurrentRobotResult) {
    return setResult(r.sensors[0], v);
  } else if (hw == HwScalar::FoodSensorFocusDistance) {
    r.sensors[1].focusDistance = v;
  } else if (hw == HwScalar::FoodSensorFocusDirection) {
    r.sensors[1].focusDirection = v;
  } else if (hw == HwScalar::CurrentFoodResult) {
    return setResult(r.sensors[1], v);
  } else if (hw == HwScalar::ShotSensorFocusDistance) {
    r.sensors[2].focusDistance = v;
  } else if (hw == HwScalar::ShotSensorFocusDirection) {
    r.sensors[2].focusDirection = v;
  } else if (hw == HwScalar::ShotSensorSeesFriendly) {
    r.sensors[2].seesFriends = v.isTrue();
  } else if (hw == HwScalar::ShotSensorSeesEnemy) {
    r.sensors[2].seesEnemies = v.isTrue();
  } else if (hw == HwScalar::CurrentShotResult) {
    return setResult(r.sensors[2], v);
  } else if (hw == HwScalar::RepairRate) {
    r.repairRate = clampN(v, Fixed{}, spec.repairRate);
  } else if (hw == HwScalar::Shield) {
    r.shieldSetting = clampN(v, Fixed{}, spec.shield);
  } else if (hw == HwScalar::ForceFieldDistance) {
    r.forceFieldDistance = clampN(v, Fixed{}, spec.forceField.range);
  } else if (hw == HwScalar::ForceFieldDirection) {
    r.forceFieldDirection = v;
  } else if (hw == HwScalar::ForceFieldPower) {
    r.forceFieldPower = clampN(v, Fixed{}, spec.forceField.power);
  } else if (hw == HwScalar::ForceFieldAngle) {
    r.forceFieldAngle = v;
  } else {
    return RuntimeError::kReadOnlyWrite;
  }
  return RuntimeError::kNone;
}

RuntimeError RobotHost::writeVector(HwVector hw, FixedVector value) {
  if (hw != HwVector::EngineVelocity) return RuntimeError::kReadOnlyWrite;
  r_.engineVelocity = value;
  return RuntimeError::kNone;
}

RuntimeError RobotHost::callHardware(Prim prim, std::span<const Fixed> in, std::span<Fixed> out) {
  Robot& r = r_;
  const ::chronon::grobots::HardwareSpec& spec = r.type->spec;
  const auto channelOf = [&](Fixed c, int& index) {
    const ::chronon::grobots::Checked<int, RuntimeError> ch = grobocode::channelIndex(c);
    if (!ch.ok()) return ch.error();
    index = ch.value();
    return RuntimeError::kNone;
  };
  const auto seek = [&](FixedVector target, FixedVector velocity, bool moving) {
    const FixedVector d = target - r.position;
    if ((!moving || isZero(velocity)) && length(d + r.velocity * num(kSeekLookahead)) < r.radius) {
      r.enginePower = Fixed{};
      return;
    }
    r.enginePower = spec.engine;
    r.engineVelocity = velocity + d * kSeekGain;
  };
  const auto fireBlaster = [&](Fixed angle) {
    if (r.blasterCooldown != 0 || spec.blaster.damage.raw() <= 0) return;
    r.blasterOrdered = true;
    r.blasterAngle = angle;
    r.blasterCooldown = spec.blaster.reload;
  };
  const auto fireGrenade = [&](Fixed distance, Fixed angle) {
    if (r.grenadeCooldown != 0 || spec.grenades.damage.raw() <= 0) return;
    r.grenadeOrdered = true;
    r.grenadeAngle = angle;
    r.grenadeDistance = clampN(distance, r.type->grenades.speed, spec.grenades.range);
    r.grenadeCooldown = spec.grenades.reload;
  };
  const auto lead = [&](Fixed speed, Fixed range, bool grenade) {
    if (speed.raw() == 0) return RuntimeError::kDivisionByZero;
    const FixedVector p = FixedVector{in[0], in[1]} - r.position;
    const FixedVector v = FixedVector{in[2], in[3]} - r.velocity;
    const Fixed dt = length(p + v * (length(p) / speed)) / speed;
    const FixedVector target = p + v * dt;
    const Fixed distance = length(target);
    if (!isZero(target) && distance <= range + r.radius) {
      if (grenade) {
        fireGrenade(distance, angleOf(target));
      } else {
        fireBlaster(angleOf(target));
      }
    }
    return RuntimeError::kNone;
  };
  const auto next = [&](Sensor& s) {
    ++s.current;
    if (s.current < resultCount(s)) {
      out[0] = num(1);
    } else {
      s.current = 0;
      out[0] = Fixed{};
    }
  };
  const auto periodic = [&](Sensor& s) {
    const ::chronon::grobots::Checked<int32_t> p = in[0].toInteger();
    if (!p.ok()) return RuntimeError::kNotInteger;
    if (w_.frame >= static_cast<int64_t>(s.time) + p.value() || s.time <= 0) {
      s.ordered = true;
      out[0] = num(1);
    } else {
      out[0] = Fixed{};
    }
    return RuntimeError::kNone;
  };
  const auto typeIndex = [&](Fixed t, int32_t& index) {
    const ::chronon::grobots::Checked<int32_t> n = t.toInteger();
    if (!n.ok()) return RuntimeError::kNotInteger;
    if (n.value() < 1 || n.value() > static_cast<int32_t>(r.side->types.size())) return RuntimeError::kIndexOutOfRange;
    index = n.value() - 1;
    return RuntimeError::kNone;
  };
  int ch = 0;
  int32_t type = 0;
  RuntimeError e = RuntimeError::kNone;
  // The hardware words (flagged kHardware) are the only primitives the interpreter sends here.
  if (prim == Prim::SeekLocation) {
    seek({in[0], in[1]}, {}, false);
    return RuntimeError::kNone;
  }
  if (prim == Prim::SeekMovingLocation) {
    seek({in[0], in[1]}, {in[2], in[3]}, true);
    return RuntimeError::kNone;
  }
  if (prim == Prim::RestrictPosition) {
    const Fixed m = in[2];
    out[0] = in[0] < m ? m : (in[0] > w_.width() - m ? w_.width() - m : in[0]);
    out[1] = in[1] < m ? m : (in[1] > w_.height() - m ? w_.height() - m : in[1]);
    return RuntimeError::kNone;
  }
  if (prim == Prim::Die) {
    r.killed = true;
    r.lastHit = r.side->id;
    return RuntimeError::kNone;
  }
  if (prim == Prim::Messages) {
    if ((e = channelOf(in[0], ch)) != RuntimeError::kNone) return e;
    const int64_t from = firstUnread(r, static_cast<size_t>(ch));
    out[0] = num(std::min<int64_t>(r.side->sent[static_cast<size_t>(ch)] - from, kMessageRing));
    return RuntimeError::kNone;
  }
  if (prim == Prim::ClearMessages) {
    if ((e = channelOf(in[0], ch)) != RuntimeError::kNone) return e;
    r.nextMessage[static_cast<size_t>(ch)] = r.side->sent[static_cast<size_t>(ch)];
    return RuntimeError::kNone;
  }
  if (prim == Prim::SkipMessages) {
    if ((e = channelOf(in[1], ch)) != RuntimeError::kNone) return e;
    const ::chronon::grobots::Checked<int32_t> n = in[0].toInteger();
    if (!n.ok()) return RuntimeError::kNotInteger;
    if (n.value() <= 0) return RuntimeError::kNone;
    const int64_t from = firstUnread(r, static_cast<size_t>(ch));
    r.nextMessage[static_cast<size_t>(ch)] = std::min(from + n.value(), r.side->sent[static_cast<size_t>(ch)]);
    return RuntimeError::kNone;
  }
  if (prim == Prim::TypePopulation) {
    if ((e = typeIndex(in[0], type)) != RuntimeError::kNone) return e;
    out[0] = num(r.side->typePopulation[static_cast<size_t>(type)]);
    return RuntimeError::kNone;
  }
  if (prim == Prim::Autoconstruct) {
    if (r.energy > spec.maxEnergy * 0.9) {
      if (r.constructorType == 0) w_.setConstructorType(r, r.typeIndex + 1);
      r.constructorRate = spec.constructor;
    } else {
      const Fixed remaining =
          r.constructorType > 0 ? r.side->types[static_cast<size_t>(r.constructorType - 1)].cost - r.constructorProgress
                                : Fixed{};
      r.constructorRate = r.constructorType > 0 && r.energy > remaining + num(10) ? spec.constructor : Fixed{};
    }
    return RuntimeError::kNone;
  }
  if (prim == Prim::BalanceType) {
    if ((e = typeIndex(in[1], type)) != RuntimeError::kNone) return e;
    if (num(r.side->typePopulation[static_cast<size_t>(type)]) < in[0] * num(r.side->population))
      w_.setConstructorType(r, type + 1);
    return RuntimeError::kNone;
  }
  if (prim == Prim::FireRobotSensor) {
    r.sensors[0].ordered = true;
    return RuntimeError::kNone;
  }
  if (prim == Prim::FireFoodSensor) {
    r.sensors[1].ordered = true;
    return RuntimeError::kNone;
  }
  if (prim == Prim::FireShotSensor) {
    r.sensors[2].ordered = true;
    return RuntimeError::kNone;
  }
  if (prim == Prim::NextRobot) {
    next(r.sensors[0]);
    return RuntimeError::kNone;
  }
  if (prim == Prim::NextFood) {
    next(r.sensors[1]);
    return RuntimeError::kNone;
  }
  if (prim == Prim::NextShot) {
    next(r.sensors[2]);
    return RuntimeError::kNone;
  }
  if (prim == Prim::PeriodicRobotSensor) {
    return periodic(r.sensors[0]);
  }
  if (prim == Prim::PeriodicFoodSensor) {
    return periodic(r.sensors[1]);
  }
  if (prim == Prim::PeriodicShotSensor) {
    return periodic(r.sensors[2]);
  }
  if (prim == Prim::FireBlaster) {
    fireBlaster(in[0]);
    return RuntimeError::kNone;
  }
  if (prim == Prim::FireGrenade) {
    fireGrenade(in[0], in[1]);
    return RuntimeError::kNone;
  }
  if (prim == Prim::LeadBlaster) {
    return lead(r.type->blaster.speed, spec.blaster.range, false);
  }
  if (prim == Prim::LeadGrenade) {
    return lead(r.type->grenades.speed, spec.grenades.range, true);
  }
  if (prim == Prim::SetForceField) {
    const FixedVector d = FixedVector{in[0], in[1]} - r.position;
    r.forceFieldDistance = clampN(length(d), Fixed{}, spec.forceField.range);
    r.forceFieldDirection = angleOf(d);
    r.forceFieldAngle = in[2];
    r.forceFieldPower = spec.forceField.power;
    return RuntimeError::kNone;
  }
  return RuntimeError::kIllegalInstruction;
}

RuntimeError RobotHost::send(Fixed channel, std::span<const Fixed> values) {
  int ch = 0;
  const ::chronon::grobots::Checked<int, RuntimeError> c = grobocode::channelIndex(channel);
  if (!c.ok()) return c.error();
  ch = c.value();
  int64_t& sent = r_.side->sent[static_cast<size_t>(ch)];
  r_.side->channels[static_cast<size_t>(ch)][static_cast<size_t>(sent % kMessageRing)].assign(values);
  ++sent;
  return RuntimeError::kNone;
}

RuntimeError RobotHost::receive(Fixed channel, grobocode::Message& message) {
  message.size = 0;
  const ::chronon::grobots::Checked<int, RuntimeError> c = grobocode::channelIndex(channel);
  if (!c.ok()) return c.error();
  const size_t ch = static_cast<size_t>(c.value());
  int64_t& next = r_.nextMessage[ch];
  next = firstUnread(r_, ch);
  if (next >= r_.side->sent[ch]) return RuntimeError::kNone;
  message = r_.side->channels[ch][static_cast<size_t>(next % kMessageRing)];
  ++next;
  return RuntimeError::kNone;
}

void RobotHost::print(std::string_view text) {
  // The original reports a print as "<robot> prints: <text>" when its world reports prints
  // (grobots-language.md §3, word 101); the robot is named as in its error reports.
  if (w_.options.keepPrints) w_.messages.push_back(robotDescription(r_) + " prints: " + std::string(text));
}

void RobotHost::thought(int32_t instructions) { takeExactly(r_, times(raw(2), instructions)); }

std::string robotDescription(const Robot& r) {
  const std::string& side = r.side->name;
  std::string text = side;
  text += (!side.empty() && (side.back() == 's' || side.back() == 'S')) ? "' " : "'s ";
  text += r.type->type->name;
  text += " #" + std::to_string(r.id);
  return text;
}

}  // namespace chronon::arena::gbw
