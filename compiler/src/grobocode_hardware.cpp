#include "chronon/compiler/grobocode.h"

namespace chronon::grobocode {

grobots::HardwareSpec hardwareSpec(const Type& type) {
  using grobots::Fixed;
  grobots::HardwareSpec spec;
  // The side reader has already applied each argument's default and clamp (§6.3), so a line's
  // arguments are complete and a later line simply replaces an earlier one.
  for (const HardwareItem& item : type.hardware) {
    const std::vector<int32_t>& a = item.arguments;
    const auto number = [&](size_t i) { return Fixed::fromRaw(i < a.size() ? a[i] : 0); };
    const auto integer = [&](size_t i, int32_t fallback) { return i < a.size() ? a[i] : fallback; };
    const auto sensor = [&](grobots::SensorKind kind) {
      spec.sensors[static_cast<int>(kind)] = grobots::SensorSpec{true, number(0), integer(1, 1)};
    };
    switch (item.component) {
      case Component::kNone:
      case Component::kRadio: break;
      case Component::kProcessor:
        spec.processorSpeed = integer(0, 0);
        spec.processorMemory = integer(1, 0);
        break;
      case Component::kEngine: spec.engine = number(0); break;
      case Component::kConstructor: spec.constructor = number(0); break;
      case Component::kEnergy:
        spec.maxEnergy = number(0);
        spec.initialEnergy = number(1);
        break;
      case Component::kSolarCells: spec.solarCells = number(0); break;
      case Component::kEater: spec.eater = number(0); break;
      case Component::kArmor: spec.armor = number(0); break;
      case Component::kRepairRate: spec.repairRate = number(0); break;
      case Component::kShield: spec.shield = number(0); break;
      case Component::kRobotSensor: sensor(grobots::SensorKind::kRobot); break;
      case Component::kFoodSensor: sensor(grobots::SensorKind::kFood); break;
      case Component::kShotSensor: sensor(grobots::SensorKind::kShot); break;
      case Component::kBlaster: spec.blaster = grobots::GunSpec{number(0), number(1), integer(2, 1)}; break;
      case Component::kGrenades: spec.grenades = grobots::GunSpec{number(0), number(1), integer(2, 1)}; break;
      case Component::kForceField: spec.forceField = grobots::BeamSpec{number(0), number(1)}; break;
      case Component::kBomb: spec.bomb = number(0); break;
      case Component::kSyphon: spec.syphon = grobots::BeamSpec{number(0), number(1)}; break;
      case Component::kEnemySyphon: spec.enemySyphon = grobots::BeamSpec{number(0), number(1)}; break;
    }
  }
  return spec;
}

}  // namespace chronon::grobocode
