// The world-less test host (grobocode_test_host.h).

#include "chronon/vm/grobocode_test_host.h"

#include <algorithm>
#include <utility>

namespace chronon::grobocode {

using grobots::Fixed;

GrobocodeTestHost::GrobocodeTestHost(int32_t seed) : generator(seed) {
  // Missing hardware reads its spec defaults (specs/grobots-language.md §3.1).
  for (const char* name : {"armor", "max-armor", "max-energy", "syphon-range", "enemy-syphon-range",
                           "blaster-reload-time", "grenades-reload-time", "max-robot-results"}) {
    if (const HardwareInfo* hw = lookupHardwareScalar(name))
      scalars[static_cast<HwScalar>(hw->index)] = Fixed::fromRaw(Fixed::kOneRaw);
  }
}

void GrobocodeTestHost::serveType(const grobots::HardwareSpec& spec, int64_t massRaw) {
  const auto number = [](int32_t i) { return Fixed::fromRaw(i * Fixed::kOneRaw); };
  const Fixed mass = Fixed::fromRaw(static_cast<int32_t>(std::clamp<int64_t>(massRaw, 0, Fixed::kMaxRaw)));
  const Fixed worldSize = number(100);
  scalars[HwScalar::WorldWidth] = worldSize;
  scalars[HwScalar::WorldHeight] = worldSize;
  vectors[HwVector::WorldSize] = {worldSize, worldSize};
  vectors[HwVector::Position] = {number(50), number(50)};
  scalars[HwScalar::TimeLimit] = number(18000);
  scalars[HwScalar::Mass] = mass;
  scalars[HwScalar::Radius] =
      grobots::multiplyByDouble(grobots::sqrt(grobots::add(mass, number(3))).valueOr(Fixed{}), 0.1).valueOr(Fixed{});
  scalars[HwScalar::Side] = number(1);
  scalars[HwScalar::Id] = number(1);
  scalars[HwScalar::Population] = number(1);
  // The robot itself is alive, so each type counts at least one (a common divisor in real sides).
  outputs[Prim::TypePopulation] = {number(1)};
  scalars[HwScalar::Processor] = number(std::clamp(spec.processorSpeed, 0, Fixed::kMaxInteger));
  scalars[HwScalar::EngineMaxPower] = spec.engine;
  scalars[HwScalar::Energy] = spec.initialEnergy;
  scalars[HwScalar::MaxEnergy] = spec.maxEnergy;
  scalars[HwScalar::SolarCells] = spec.solarCells;
  scalars[HwScalar::Eater] = spec.eater;
  scalars[HwScalar::SyphonMaxRate] = spec.syphon.power;
  scalars[HwScalar::SyphonRange] = spec.syphon.range;
  scalars[HwScalar::EnemySyphonMaxRate] = spec.enemySyphon.power;
  scalars[HwScalar::EnemySyphonRange] = spec.enemySyphon.range;
  scalars[HwScalar::ConstructorMaxRate] = spec.constructor;
  scalars[HwScalar::Armor] = spec.armor;
  scalars[HwScalar::MaxArmor] = spec.armor;
  scalars[HwScalar::MaxRepairRate] = spec.repairRate;
  scalars[HwScalar::MaxShield] = spec.shield;
  scalars[HwScalar::ForceFieldMaxPower] = spec.forceField.power;
  scalars[HwScalar::ForceFieldRange] = spec.forceField.range;
  const auto sensor = [&](grobots::SensorKind kind, HwScalar range, HwScalar cost, HwScalar results) {
    const grobots::SensorSpec& s = spec.sensor(kind);
    scalars[range] = s.declared ? s.range : Fixed{};
    scalars[cost] = grobots::sensorFiringCost(s);
    scalars[results] = number(s.declared ? std::min(s.results, Fixed::kMaxInteger) : 1);
  };
  sensor(grobots::SensorKind::kRobot, HwScalar::RobotSensorRange, HwScalar::RobotSensorFiringCost,
         HwScalar::MaxRobotResults);
  sensor(grobots::SensorKind::kFood, HwScalar::FoodSensorRange, HwScalar::FoodSensorFiringCost,
         HwScalar::MaxFoodResults);
  sensor(grobots::SensorKind::kShot, HwScalar::ShotSensorRange, HwScalar::ShotSensorFiringCost,
         HwScalar::MaxShotResults);
  // The six figures of a gun, in the order of the hardware table: damage, range, speed, lifetime,
  // reload time, firing cost (§3.2 #115-120 and #122-127).
  const auto gun = [&](const grobots::GunSpec& g, const grobots::GunFigures& f, std::array<HwScalar, 6> ids) {
    if (g.damage.raw() <= 0) return;
    scalars[ids[0]] = g.damage;
    scalars[ids[1]] = g.range;
    scalars[ids[2]] = f.speed;
    scalars[ids[3]] = number(std::min(f.lifetime, Fixed::kMaxInteger));
    scalars[ids[4]] = number(std::min(g.reload, Fixed::kMaxInteger));
    scalars[ids[5]] = f.firingCost;
  };
  gun(spec.blaster, grobots::blasterFigures(spec.blaster),
      {HwScalar::BlasterDamage, HwScalar::BlasterRange, HwScalar::BlasterSpeed, HwScalar::BlasterLifetime,
       HwScalar::BlasterReloadTime, HwScalar::BlasterFiringCost});
  gun(spec.grenades, grobots::grenadeFigures(spec.grenades),
      {HwScalar::GrenadesDamage, HwScalar::GrenadesRange, HwScalar::GrenadesSpeed, HwScalar::GrenadesLifetime,
       HwScalar::GrenadesReloadTime, HwScalar::GrenadesFiringCost});
}

HostValue GrobocodeTestHost::readScalar(HwScalar hw) {
  ++reads;
  if (const auto e = scalarErrors.find(hw); e != scalarErrors.end()) return e->second;
  const auto it = scalars.find(hw);
  return it == scalars.end() ? Fixed{} : it->second;
}

HostVector GrobocodeTestHost::readVector(HwVector hw) {
  ++reads;
  if (const auto e = vectorErrors.find(hw); e != vectorErrors.end()) return e->second;
  const auto it = vectors.find(hw);
  return it == vectors.end() ? grobots::FixedVector{} : it->second;
}

RuntimeError GrobocodeTestHost::writeScalar(HwScalar hw, Fixed value) {
  scalarWrites.push_back(ScalarWrite{hw, value});
  if (const auto e = scalarErrors.find(hw); e != scalarErrors.end()) return e->second;
  scalars[hw] = value;
  return RuntimeError::kNone;
}

RuntimeError GrobocodeTestHost::writeVector(HwVector hw, grobots::FixedVector value) {
  vectorWrites.push_back(VectorWrite{hw, value});
  if (const auto e = vectorErrors.find(hw); e != vectorErrors.end()) return e->second;
  vectors[hw] = value;
  return RuntimeError::kNone;
}

RuntimeError GrobocodeTestHost::callHardware(Prim prim, std::span<const Fixed> inputs, std::span<Fixed> results) {
  calls.push_back(Call{prim, std::vector<Fixed>(inputs.begin(), inputs.end())});
  // The message words keep the channel rules of §2.7 here, since the test host holds the channels.
  if (prim == Prim::Messages || prim == Prim::ClearMessages || prim == Prim::SkipMessages) {
    const grobots::Checked<int, RuntimeError> channel = channelIndex(inputs.back());
    if (!channel) return channel.error();
    auto& queue = channels[static_cast<size_t>(channel.value())];
    if (prim == Prim::Messages) {
      results[0] = Fixed::fromInteger(static_cast<int64_t>(std::min<size_t>(queue.size(), 50))).valueOr(Fixed{});
    } else if (prim == Prim::ClearMessages) {
      queue.clear();
    } else {
      const grobots::Checked<int32_t> skip = inputs[0].toInteger();
      if (!skip) return RuntimeError::kNotInteger;
      for (int32_t i = 0; i < skip.value() && !queue.empty(); ++i) queue.pop_front();
    }
    return RuntimeError::kNone;
  }
  const auto served = outputs.find(prim);
  for (size_t i = 0; i < results.size(); ++i)
    results[i] = served != outputs.end() && i < served->second.size() ? served->second[i] : Fixed{};
  return RuntimeError::kNone;
}

RuntimeError GrobocodeTestHost::send(Fixed channel, std::span<const Fixed> values) {
  const grobots::Checked<int, RuntimeError> index = channelIndex(channel);
  if (!index) return index.error();
  auto& queue = channels[static_cast<size_t>(index.value())];
  queue.emplace_back(values.begin(), values.end());
  // A channel keeps the newest 50 messages (§5.1).
  if (queue.size() > 50) queue.pop_front();
  return RuntimeError::kNone;
}

RuntimeError GrobocodeTestHost::receive(Fixed channel, Message& message) {
  message.size = 0;
  const grobots::Checked<int, RuntimeError> index = channelIndex(channel);
  if (!index) return index.error();
  auto& queue = channels[static_cast<size_t>(index.value())];
  if (queue.empty()) return RuntimeError::kNone;
  message.assign(queue.front());
  queue.pop_front();
  return RuntimeError::kNone;
}

}  // namespace chronon::grobocode
