#include "chronon/stdlib/robowar_hardware.h"

namespace chronon::robowar {
namespace {

// Index of `value` in the options of `item`, which is also its point cost; -1 when not sold.
int priceOf(StoreItem item, int value) {
  const std::span<const int> options = storeOptions(item);
  for (size_t i = 0; i < options.size(); ++i) {
    if (options[i] == value) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

std::span<const int> storeOptions(StoreItem item) {
  static constexpr int kEnergy[] = {40, 60, 100, 150};
  static constexpr int kDamage[] = {30, 60, 100, 150};
  static constexpr int kShield[] = {0, 25, 50, 100};
  static constexpr int kCpu[] = {5, 10, 15, 30, 50};
  switch (item) {
    case StoreItem::kEnergy: return kEnergy;
    case StoreItem::kDamage: return kDamage;
    case StoreItem::kShield: return kShield;
    case StoreItem::kCpu: return kCpu;
  }
  return {};
}

bool storeSells(StoreItem item, int value) { return priceOf(item, value) >= 0; }

std::string storeChoices(StoreItem item) {
  const std::span<const int> options = storeOptions(item);
  std::string out;
  for (size_t i = 0; i < options.size(); ++i) {
    if (i > 0) out += i + 1 == options.size() ? " or " : ", ";
    out += std::to_string(options[i]);
  }
  return out;
}

std::optional<int> hardwarePoints(const RobotHardware& hw) {
  // Hardware Store prices (specs/robowar.md §7): each step up a row costs one point.
  const int energy = priceOf(StoreItem::kEnergy, hw.energyMax);
  const int damage = priceOf(StoreItem::kDamage, hw.damageMax);
  const int shield = priceOf(StoreItem::kShield, hw.shieldMax);
  const int cpu = priceOf(StoreItem::kCpu, hw.cpu);
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
