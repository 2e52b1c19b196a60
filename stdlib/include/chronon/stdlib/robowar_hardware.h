#pragma once
// A RoboWar robot's hardware (Hardware Store choices) and the store's point costs and categories
// (specs/robowar.md §7 "Hardware Store", §9 .RWR offsets 0-17).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace chronon::robowar {

/// The bullet type fitted to a robot (.RWR byte 9).
enum class BulletType : uint8_t {
  kRubber,     ///< Half damage (0 points).
  kNormal,     ///< Full damage (1 point).
  kExplosive,  ///< Blast of radius 36 after 3 chronons, 2x damage (2 points).
};

/// The Hardware Store choices of one robot. Defaults are the cheapest legal robot with normal
/// bullets: what a plain-text robot without `#!!hardware` lines gets.
struct RobotHardware {
  int energyMax = 100;  ///< 40, 60, 100 or 150.
  int damageMax = 100;  ///< 30, 60, 100 or 150.
  int shieldMax = 0;    ///< 0, 25, 50 or 100.
  int cpu = 15;         ///< Instructions per chronon: 5, 10, 15, 30 or 50.
  BulletType bullets = BulletType::kNormal;
  bool missiles = false;
  bool tacNukes = false;
  bool hellbores = false;
  bool mines = false;
  bool stunners = false;
  bool drones = false;
  bool lasers = false;
  bool probes = false;
  bool noNegativeEnergy = false;  ///< Mac option: energy never spent below zero.

  bool operator==(const RobotHardware&) const = default;
};

/// The numeric items of the Hardware Store.
enum class StoreItem : uint8_t {
  kEnergy,  ///< Energy maximum.
  kDamage,  ///< Damage maximum.
  kShield,  ///< Shield maximum.
  kCpu,     ///< Processor speed, instructions per chronon.
};

/// The values the Hardware Store sells for `item`, cheapest first; a value's index is its price in
/// points (specs/robowar.md §7 Hardware Store): energy 40 60 100 150, damage 30 60 100 150,
/// shield 0 25 50 100, processor 5 10 15 30 50.
std::span<const int> storeOptions(StoreItem item);
/// True when the store sells `value` for `item`.
bool storeSells(StoreItem item, int value);
/// The options of `item` as text for diagnostics, e.g. "40, 60, 100 or 150".
std::string storeChoices(StoreItem item);

/// A tournament category: the most hardware points a robot may use.
enum class Category : uint8_t {
  kLittleLeague,  ///< 2 points.
  kMortal,        ///< 9 points (the standard category).
  kTitan,         ///< 23 points (RoboWar 5: everything).
  kUnlimited,     ///< "Australian rules": no limit.
};

/// Hardware points of `hardware` by the Hardware Store's prices, or nullopt when a value is not one
/// the store sells (e.g. energy 70). Source: specs/robowar.md §7 Hardware Store.
std::optional<int> hardwarePoints(const RobotHardware& hardware);
/// The point limit of `category` (a large number for kUnlimited).
int pointLimit(Category category);
/// The category's command-line name: "little-league", "mortal", "titan", "unlimited".
std::string_view categoryName(Category category);
/// Parses a category name; nullopt when unknown.
std::optional<Category> parseCategory(std::string_view name);
/// "rubber", "normal" or "explosive".
std::string_view bulletName(BulletType type);
/// A one-line summary such as "energy=100 damage=150 shield=0 cpu=15 bullets=rubber +missiles",
/// the format of the corpus's SOURCES.tsv hardware column.
std::string describe(const RobotHardware& hardware);

}  // namespace chronon::robowar
