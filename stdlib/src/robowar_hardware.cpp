#include "chronon/stdlib/robowar_hardware.h"

namespace chronon::robowar {
namespace {

// Index of `value` in `options`, which is also its point cost; -1 when the store does not sell it.
template <size_t N>
int priceOf(int value, const int (&options)[N]) {
  for (size_t i = 0; i < N; ++i) {
    if (options[i] == value) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

std::optional<int> hardwarePoints(const RobotHardware& hw) {
  // Hardware Store prices (specs/robowar.md §7): each step up a row costs one point.
  static const int kEnergy[] = {40, 60, 100, 150};
  static const int kDamage[] = {30, 60, 100, 150};
  static const int kShield[] = {0, 25, 50, 100};
  static const int kCpu[] = {5, 10, 15, 30, 50};
  const int energy = priceOf(hw.energyMax, kEnergy);
  const int damage = priceOf(hw.damageMax, kDamage);
  const int shield = priceOf(hw.shieldMax, kShield);
  const int cpu = priceOf(hw.cpu, kCpu);
  if (energy < 0 || damage < 0 || shield < 0 || cpu < 0) return std::nullopt;
  int bullets = 0;
  switch (hw.bullets) {
    case BulletType::kRubber: bullets = 0; break;
    case BulletType::kNormal: bullets = 1; break;
    case BulletType::kExplosive: bullets = 2; break;
  }
  const int weapons = int{hw.missiles} + int{hw.tacNukes} + int{hw.hellbores} + int{hw.mines} + int{hw.stunners} +
                      int{hw.drones} + int{hw.lasers} + int{hw.probes};
  return energy + damage + shield + cpu + bullets + weapons;
}

int pointLimit(Category category) {
  switch (category) {
    case Category::kLittleLeague: return 2;
    case Category::kMortal: return 9;
    case Category::kTitan: return 23;
    case Category::kUnlimited: return 1000;
  }
  return 9;
}

std::string_view categoryName(Category category) {
  switch (category) {
    case Category::kLittleLeague: return "little-league";
    case Category::kMortal: return "mortal";
    case Category::kTitan: return "titan";
    case Category::kUnlimited: return "unlimited";
  }
  return "mortal";
}

std::optional<Category> parseCategory(std::string_view name) {
  if (name == "little-league") return Category::kLittleLeague;
  if (name == "mortal") return Category::kMortal;
  if (name == "titan") return Category::kTitan;
  if (name == "unlimited") return Category::kUnlimited;
  return std::nullopt;
}

std::string_view bulletName(BulletType type) {
  switch (type) {
    case BulletType::kRubber: return "rubber";
    case BulletType::kNormal: return "normal";
    case BulletType::kExplosive: return "explosive";
  }
  return "normal";
}

std::string describe(const RobotHardware& hw) {
  std::string out = "energy=" + std::to_string(hw.energyMax) + " damage=" + std::to_string(hw.damageMax) +
                    " shield=" + std::to_string(hw.shieldMax) + " cpu=" + std::to_string(hw.cpu) +
                    " bullets=" + std::string(bulletName(hw.bullets));
  if (hw.missiles) out += " +missiles";
  if (hw.tacNukes) out += " +tacnukes";
  if (hw.hellbores) out += " +hellbores";
  if (hw.mines) out += " +mines";
  if (hw.stunners) out += " +stunners";
  if (hw.drones) out += " +drones";
  if (hw.lasers) out += " +lasers";
  if (hw.probes) out += " +probes";
  if (hw.noNegativeEnergy) out += " +nonegative";
  return out;
}

}  // namespace chronon::robowar
