#include "chronon/stdlib/grobots_hardware.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace chronon::grobots {
namespace {

// Raw constants of specs/grobots-language.md Appendix A.2 (value = raw / 4096).
constexpr int64_t kBaseCost = 81920;
constexpr int64_t kBaseMass = 2048;
constexpr double kCoolingCostRatio = 0.0071;
constexpr double kCoolingMassRatio = 0.02;
constexpr int64_t kCostPerProcessor = 8192;
constexpr int64_t kMassPerProcessor = 81;
constexpr int64_t kCostPerMemory = 204;
constexpr int64_t kMassPerMemory = 81;
constexpr int64_t kCostPerEngine = 3276800;
constexpr int64_t kMassPerEngine = 65536;
constexpr int64_t kCostPerMaxEnergy = 409;
constexpr int64_t kMassPerMaxEnergy = 8;
constexpr int64_t kCostPerSolarCells = 8192000;
constexpr int64_t kMassPerSolarCells = 294912;
constexpr int64_t kCostPerEater = 409600;
constexpr int64_t kMassPerEater = 8192;
constexpr int64_t kCostPerArmor = 4096;
constexpr int64_t kMassPerArmor = 121;
constexpr int64_t kCostPerRepairRate = 1638400;
constexpr int64_t kMassPerRepairRate = 32768;
constexpr int64_t kCostPerShield = 2048000;
constexpr int64_t kMassPerShield = 20480;
constexpr int64_t kConstructorCostPerRate = 409600;
constexpr int64_t kConstructorMassPerRate = 8192;
constexpr int64_t kSensorCostPerRange = 4096;
constexpr int64_t kSensorMassPerRange = 30;
constexpr int64_t kSensorCostPerPower = 1024;
constexpr int64_t kSensorMassPerPower = 7;
constexpr int64_t kSensorCostPerResult = 4096;
constexpr int64_t kSensorMassPerResult = 30;
constexpr double kSensorFiringCostPerPower = 0.005;
constexpr int64_t kCostPerBomb = 1024;
constexpr int64_t kMassPerBomb = 30;
constexpr int64_t kForceFieldCostPerPower = 3276800;
constexpr int64_t kForceFieldMassPerPower = 65536;
constexpr int64_t kForceFieldCostPerRange = 327680;
constexpr int64_t kForceFieldMassPerRange = 6553;
constexpr int64_t kSyphonCostPerPower = 65536;
constexpr int64_t kSyphonCostPerRange = 16384;
constexpr int64_t kSyphonMassPerPower = 1310;
constexpr int64_t kSyphonMassPerRange = 327;
constexpr int64_t kEnemySyphonCostPerPower = 122880;
constexpr int64_t kEnemySyphonCostPerRange = 40960;
constexpr int64_t kEnemySyphonMassPerPower = 2457;
constexpr int64_t kEnemySyphonMassPerRange = 819;
constexpr int64_t kMinimumTypeCost = 81920;  // 20
constexpr int64_t kMinimumTypeMass = 2048;   // 0.5

// The per-gun constants, so that the blaster and the grenade launcher share one formula.
struct GunConstants {
  int64_t damageOverhead;
  int64_t costPerDamageRate;
  int64_t massPerDamageRate;
  int64_t costPerRange;
  int64_t massPerRange;
  int64_t barrelCost;
  int64_t barrelMass;
  int64_t firingCostPerDamage;
  int64_t firingCostPerRange;
};
constexpr GunConstants kBlaster{1228, 491520, 9830, 32768, 655, 40, 40, 737, 49};
constexpr GunConstants kGrenades{1228, 450560, 9011, 32768, 786, 20, 20, 540, 39};
constexpr int32_t kSpeedExponentRaw = 1433;
constexpr double kBlasterSpeedReference = 250.0;
constexpr int32_t kGrenadesSpeedReferenceRaw = 1024000;

// The LP64 fixed-point multiply: floor((a x b) / 4096), an error beyond +-0x7FFFFFFF raw
// (specs/grobots-language.md §1.4). The wide product cannot overflow for any 64-bit operands.
struct Overflow {};
__extension__ typedef __int128 Int128;
int64_t multiply(int64_t a, int64_t b) {
  const Int128 product = static_cast<Int128>(a) * b;
  const Int128 shifted = product >> Fixed::kFractionBits;
  if (shifted > Fixed::kMaxRaw || shifted < -static_cast<Int128>(Fixed::kMaxRaw)) throw Overflow{};
  return static_cast<int64_t>(shifted);
}

// Number x C double in simulation code: raw = (long)(d x raw), truncated toward zero (§1.3).
int64_t multiplyByDouble(int64_t raw, double d) {
  const double product = d * static_cast<double>(raw);
  // A 64-bit conversion of an out-of-range double is undefined in the original; such values are far
  // beyond anything a later check accepts, so they count as overflow here.
  if (!(std::fabs(product) < 9.2e18)) throw Overflow{};
  return static_cast<int64_t>(product);
}

struct Part {
  int64_t cost = 0;
  int64_t mass = 0;
};

Part sensorPart(const SensorSpec& sensor) {
  if (!sensor.declared) return {};
  const int64_t r = sensor.range.raw();
  const int64_t n = sensor.results;
  return {multiply(r, kSensorCostPerRange + multiply(r, kSensorCostPerPower)) + kSensorCostPerResult * n,
          multiply(r, kSensorMassPerRange + multiply(r, kSensorMassPerPower)) + kSensorMassPerResult * n};
}

Part gunPart(const GunSpec& gun, const GunConstants& k) {
  if (gun.damage.raw() <= 0) return {};
  const int64_t inverseReload = Fixed::kOneRaw / gun.reload;
  const int64_t damage = gun.damage.raw() + k.damageOverhead;
  const int64_t costFactor = multiply(inverseReload + k.barrelCost, damage);
  const int64_t massFactor = multiply(inverseReload + k.barrelMass, damage);
  const int64_t r = gun.range.raw();
  return {multiply(costFactor, k.costPerDamageRate + multiply(r, k.costPerRange)),
          multiply(massFactor, k.massPerDamageRate + multiply(r, k.massPerRange))};
}

Part beamPart(const BeamSpec& beam, int64_t costPerPower, int64_t costPerRange, int64_t massPerPower,
              int64_t massPerRange) {
  if (beam.power.raw() <= 0) return {};
  const int64_t p = beam.power.raw();
  const int64_t r = beam.range.raw();
  return {multiply(p, costPerPower + multiply(r, costPerRange)), multiply(p, massPerPower + multiply(r, massPerRange))};
}

HardwareCost evaluate(const HardwareSpec& s) {
  Part sensors;
  for (const SensorSpec& sensor : s.sensors) {
    const Part part = sensorPart(sensor);
    sensors.cost += part.cost;
    sensors.mass += part.mass;
  }
  const Part blaster = gunPart(s.blaster, kBlaster);
  const Part grenades = gunPart(s.grenades, kGrenades);
  const Part forceField = beamPart(s.forceField, kForceFieldCostPerPower, kForceFieldCostPerRange,
                                   kForceFieldMassPerPower, kForceFieldMassPerRange);
  const Part syphon =
      beamPart(s.syphon, kSyphonCostPerPower, kSyphonCostPerRange, kSyphonMassPerPower, kSyphonMassPerRange);
  const Part enemySyphon = beamPart(s.enemySyphon, kEnemySyphonCostPerPower, kEnemySyphonCostPerRange,
                                    kEnemySyphonMassPerPower, kEnemySyphonMassPerRange);

  HardwareCost out;
  out.constructor = multiply(s.constructor.raw(), kConstructorCostPerRate);
  out.growth = multiply(s.maxEnergy.raw(), kCostPerMaxEnergy) + multiply(s.solarCells.raw(), kCostPerSolarCells) +
               multiply(s.eater.raw(), kCostPerEater) + out.constructor + syphon.cost;
  out.combat = multiply(s.armor.raw(), kCostPerArmor) + multiply(s.repairRate.raw(), kCostPerRepairRate) +
               multiply(s.shield.raw(), kCostPerShield) + blaster.cost + grenades.cost + enemySyphon.cost +
               multiply(s.bomb.raw(), kCostPerBomb);
  // The processor terms are number x integer: raw multiplies without a range check.
  int64_t cost = kBaseCost + (kCostPerProcessor * s.processorSpeed + kCostPerMemory * s.processorMemory) +
                 multiply(s.engine.raw(), kCostPerEngine) + sensors.cost + forceField.cost + out.growth + out.combat;
  int64_t mass = kBaseMass + (kMassPerProcessor * s.processorSpeed + kMassPerMemory * s.processorMemory) +
                 multiply(s.engine.raw(), kMassPerEngine) + multiply(s.maxEnergy.raw(), kMassPerMaxEnergy) +
                 multiply(s.solarCells.raw(), kMassPerSolarCells) + multiply(s.eater.raw(), kMassPerEater) +
                 multiply(s.armor.raw(), kMassPerArmor) + multiply(s.repairRate.raw(), kMassPerRepairRate) +
                 multiply(s.shield.raw(), kMassPerShield) + multiply(s.bomb.raw(), kMassPerBomb) +
                 multiply(s.constructor.raw(), kConstructorMassPerRate) + sensors.mass + blaster.mass + grenades.mass +
                 forceField.mass + syphon.mass + enemySyphon.mass;
  // Cooling grows with the square of the hardware cost (grobots-world.md §4.1 step 10).
  const int64_t c = multiplyByDouble(cost, kCoolingCostRatio);
  const int64_t cooling = multiply(c, c);
  cost += cooling;
  mass += multiplyByDouble(cooling, kCoolingMassRatio);
  out.cost = cost;
  out.mass = mass;
  return out;
}

// `ratio` is range / reference range, computed by the caller because the blaster and the grenade
// launcher divide by different types (Appendix A).
GunFigures gunFigures(const GunSpec& gun, const GunConstants& k, Fixed ratio) {
  GunFigures out;
  try {
    out.firingCost = Fixed::fromRaw(static_cast<int32_t>(multiply(
        gun.damage.raw() + k.damageOverhead, k.firingCostPerDamage + multiply(gun.range.raw(), k.firingCostPerRange))));
  } catch (const Overflow&) {
    out.firingCost = kInfinity;
  }
  out.speed = exponent(ratio, Fixed::fromRaw(kSpeedExponentRaw)).valueOr(Fixed());
  if (out.speed.raw() > 0) {
    const Checked<Fixed> frames = divide(gun.range, out.speed);
    if (frames.ok()) out.lifetime = ceiling(frames.value()).valueOr(kInfinity).raw() >> Fixed::kFractionBits;
  }
  return out;
}

}  // namespace

Checked<HardwareCost> hardwareCost(const HardwareSpec& spec) {
  try {
    return evaluate(spec);
  } catch (const Overflow&) {
    return NumberError::kOverflow;
  }
}

Checked<TypeCost, TypeCostError> typeCost(const HardwareSpec& spec, int64_t brainCostRaw, int64_t brainMassRaw) {
  const Checked<HardwareCost> hardware = hardwareCost(spec);
  if (!hardware.ok()) return TypeCostError::kOverflow;
  TypeCost out;
  out.hardware = hardware.value();
  out.cost = out.hardware.cost + spec.initialEnergy.raw() + brainCostRaw;
  out.mass = out.hardware.mass + brainMassRaw;
  if (out.cost < kMinimumTypeCost || out.mass < kMinimumTypeMass) return TypeCostError::kUnreasonable;
  return out;
}

std::string_view message(TypeCostError error) {
  switch (error) {
    case TypeCostError::kOverflow: return "arithmetic overflow";
    case TypeCostError::kUnreasonable: return "a computed value such as mass or cost was not reasonable";
  }
  return "";
}

Fixed sensorFiringCost(const SensorSpec& sensor) {
  if (!sensor.declared) return Fixed();
  const Checked<Fixed> squared = multiply(sensor.range, sensor.range);
  if (!squared.ok()) return kInfinity;
  return grobots::multiplyByDouble(squared.value(), kSensorFiringCostPerPower).valueOr(kInfinity);
}

GunFigures blasterFigures(const GunSpec& gun) {
  // Number / double: raw / 250.0, truncated toward zero.
  const double ratio = static_cast<double>(gun.range.raw()) / kBlasterSpeedReference;
  return gunFigures(gun, kBlaster, Fixed::fromRaw(static_cast<int32_t>(ratio)));
}

GunFigures grenadeFigures(const GunSpec& gun) {
  const Fixed ratio = divide(gun.range, Fixed::fromRaw(kGrenadesSpeedReferenceRaw)).valueOr(Fixed());
  return gunFigures(gun, kGrenades, ratio);
}

std::string formatRaw(int64_t raw, int digits) {
  int64_t scale = 1;
  for (int i = 0; i < digits; ++i) scale *= 10;
  const bool negative = raw < 0;
  const Int128 magnitude = negative ? -static_cast<Int128>(raw) : raw;
  // Round half away from zero: (|raw| x scale + 2048) / 4096.
  const Int128 scaled = (magnitude * scale + Fixed::kOneRaw / 2) / Fixed::kOneRaw;
  const int64_t whole = static_cast<int64_t>(scaled / scale);
  const int64_t fraction = static_cast<int64_t>(scaled % scale);
  std::string out = negative && scaled != 0 ? "-" : "";
  out += std::to_string(whole);
  if (digits > 0) {
    std::string f = std::to_string(fraction);
    out += '.' + std::string(static_cast<size_t>(digits) - f.size(), '0') + f;
  }
  return out;
}

}  // namespace chronon::grobots
