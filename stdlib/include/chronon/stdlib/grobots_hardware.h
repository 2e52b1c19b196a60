#pragma once
// A Grobots robot type's hardware, and what it costs: the price and mass of every component, cooling,
// and the derived figures the world needs (shot speed and lifetime, firing costs), exactly as the
// original computes them (specs/grobots-world.md §4 and §4.1, constants in
// specs/grobots-language.md Appendix A).
//
// Width of the arithmetic: the standings and printed costs in ../shared come from the original's
// LP64 Linux build, where a number's raw value is a 64-bit `long`, so sums of component prices never
// wrap and only the fixed-point multiply checks its range (specs/grobots-world.md §0). The cost
// evaluation therefore keeps raw values in 64 bits; this is what makes `solar-cells 250` with a large
// constructor overflow in the cooling term, as ORIGINAL_RESULTS.tsv records for food.gb. Brains keep
// the 32-bit wrapping numbers of grobots_number.h.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "chronon/stdlib/grobots_number.h"

namespace chronon::grobots {

/// One sensor as declared on a `#hardware` line (robot-sensor, food-sensor or shot-sensor).
struct SensorSpec {
  bool declared = false;  ///< A sensor that is not declared does not exist and costs nothing (§4).
  Fixed range;            ///< Range in distance units, clamped to >= 0.
  int32_t results = 1;    ///< Results per firing, clamped to >= 1.
};

/// A blaster or grenade launcher: damage per shot, range in distance units, frames between shots.
struct GunSpec {
  Fixed damage;        ///< Damage per shot, >= 0; a gun with damage 0 is absent.
  Fixed range;         ///< Range in distance units, >= 0.
  int32_t reload = 1;  ///< Frames between shots, clamped to >= 1.
};

/// A force field, syphon or enemy syphon: power (energy per frame) and range in distance units.
struct BeamSpec {
  Fixed power;  ///< Power, >= 0; absent when 0.
  Fixed range;  ///< Range in distance units, >= 0 (a syphon's default is 1).
};

/// The index of each sensor in `HardwareSpec::sensors` (the original numbers them 1-3, §4).
enum class SensorKind : uint8_t { kRobot, kFood, kShot };

/// The hardware of one robot type after the `#hardware` lines are read, clamped and defaulted as in
/// specs/grobots-world.md §4 (table) and §4.1 step 1. Later lines override earlier ones.
struct HardwareSpec {
  int32_t processorSpeed = 0;                           ///< Instructions per frame; not clamped (negative is accepted).
  int32_t processorMemory = 0;                          ///< Local memory words; not clamped.
  Fixed engine;                                         ///< Engine power.
  Fixed constructor;                                    ///< Construction energy per frame.
  Fixed maxEnergy = Fixed::fromRaw(4096);               ///< Battery capacity; default 1.
  Fixed initialEnergy;                                  ///< Energy at birth, within [0, maxEnergy].
  Fixed solarCells;                                     ///< Energy per frame from the sun.
  Fixed eater;                                          ///< Food energy eaten per frame at most.
  Fixed armor = Fixed::fromRaw(4096);                   ///< Maximum armor; default and minimum 1.
  Fixed repairRate;                                     ///< Repair energy per frame.
  Fixed shield;                                         ///< Shield energy per frame.
  std::array<SensorSpec, 3> sensors;                    ///< Robot, food and shot sensor, by SensorKind.
  GunSpec blaster;                                      ///< The blaster; absent when damage is 0.
  GunSpec grenades;                                     ///< The grenade launcher; absent when damage is 0.
  BeamSpec forceField;                                  ///< The force field; absent when power is 0.
  Fixed bomb;                                           ///< Extra explosion damage on death.
  BeamSpec syphon{Fixed(), Fixed::fromRaw(4096)};       ///< Friendly syphon (range default 1).
  BeamSpec enemySyphon{Fixed(), Fixed::fromRaw(4096)};  ///< Enemy syphon (range default 1).

  /// The sensor of `kind`.
  const SensorSpec& sensor(SensorKind kind) const { return sensors[static_cast<int>(kind)]; }
};

/// Cost and mass of a type's hardware as 64-bit raw fixed-point values (value = raw / 4096; see the
/// note on width above). `cost` includes cooling but not initial energy or the brain.
struct HardwareCost {
  int64_t cost = 0;         ///< Hardware cost H after cooling, raw energy units.
  int64_t mass = 0;         ///< Hardware mass after cooling, raw mass units.
  int64_t growth = 0;       ///< Cost of battery, solar cells, eater, constructor and syphon (statistics).
  int64_t combat = 0;       ///< Cost of armor, repair, shield, guns, enemy syphon and bomb (statistics).
  int64_t constructor = 0;  ///< Cost of the constructor alone ("sterility", grobots-world.md §13).
};

/// The hardware cost and mass of `spec`, evaluated in the order of specs/grobots-world.md §4.1 with
/// the raw constants of specs/grobots-language.md Appendix A. Errors: NumberError::kOverflow when a
/// fixed-point product leaves the 32-bit range (e.g. the cooling term of absurd hardware).
Checked<HardwareCost> hardwareCost(const HardwareSpec& spec);

/// A robot type's totals: type cost = hardware cost + initial energy + brain cost, type mass =
/// hardware mass + brain mass (grobots-world.md §4.1 step 11), raw values.
struct TypeCost {
  HardwareCost hardware;  ///< The hardware part.
  int64_t cost = 0;       ///< Energy to build one robot, raw.
  int64_t mass = 0;       ///< Mass of one robot, raw.
};

/// The reasons a type's cost cannot be computed, as the original's side reader reports them.
enum class TypeCostError : uint8_t {
  kOverflow,      ///< "arithmetic overflow" (a product out of range).
  kUnreasonable,  ///< "a computed value such as mass or cost was not reasonable": cost < 20 or mass < 0.5.
};

/// The type's cost and mass from its hardware and its brain's cost and mass (raw, from the brain
/// compiler, specs/grobots-language.md §4.8). Errors as TypeCostError.
Checked<TypeCost, TypeCostError> typeCost(const HardwareSpec& spec, int64_t brainCostRaw, int64_t brainMassRaw);

/// The original's message for `error` (specs/grobots-language.md §4.7).
std::string_view message(TypeCostError error);

/// Energy one sensor firing costs: range² x 0.005 (Appendix A; a double factor, truncated).
Fixed sensorFiringCost(const SensorSpec& sensor);

/// A gun's derived figures (Appendix A; grobots-world.md §4).
struct GunFigures {
  Fixed speed;           ///< Shot speed, distance units per frame: (range / 250)^0.35.
  int32_t lifetime = 0;  ///< Frames a shot lives: ceil(range / speed); 0 when the speed is 0.
  Fixed firingCost;      ///< Energy per shot: (damage + overhead) x (per-damage + range x per-range).
};

/// The blaster's shot speed, lifetime and firing cost. Check from Appendix A: blaster 10 10 20 gives
/// speed raw 1325, lifetime 31 and firing cost raw 12637.
GunFigures blasterFigures(const GunSpec& gun);
/// The grenade launcher's speed, nominal lifetime and firing cost (the 250 reference range is a
/// fixed-point number here, a double for the blaster).
GunFigures grenadeFigures(const GunSpec& gun);

/// Prints a raw cost or mass value the way tournament logs show it: `digits` decimals, rounded half
/// away from zero ("1843", "41.6").
std::string formatRaw(int64_t raw, int digits);

}  // namespace chronon::grobots
