#pragma once
// The kinds of projectile in a RoboWar battle, declared once (specs/robowar.md §7 "Weapons"): each
// kind's name in events and replays, how the arena classes it (whether it flies, stops drones, shows
// on radar), what its direct hit does and how a blast grows. The enum, the names, the count a replay
// header lists and every trait are read from the one list CHRONON_ROBOWAR_SHOT_KINDS; what each kind
// does on a tracking pass is behaviour, in Engine::trackShots' exhaustive switch.

#include <array>
#include <cstddef>
#include <cstdint>

namespace chronon::arena::robowar {

/// How the arena classes a projectile kind; a kind's traits are a mask of these.
enum ShotTrait : uint8_t {
  /// Launched kMuzzle px ahead of the shooter along AIM and moved by its velocity every chronon.
  kShotFlies = 1,
  /// Shoots down a drone within 6 px, and is itself destroyed (docs/robowar-arena.md, "Drones" under
  /// "Engine choices").
  kShotStopsDrones = 2,
  /// RADAR reports it (specs/robowar.md §5): every kind but a laser in flight, a hit waiting to land
  /// and an explosive bullet's blast.
  kShotSeenByRadar = 4,
};

// One row per kind, in the order the replays number them (robowar_replay.cpp writes the index):
// X(enumerator, name, traits, hit multiplier, hit energy floor, hit divisor, blast growth, blast radius)
// A direct hit by a kind fired with energy E does multiplier * (E - floor) / divisor in integers:
// damage, or chronons of stun for a stunner. A blast grows by its growth (px per chronon) up to its
// radius, then goes off within radius + kRobotRadius (0 0: not a blast).
// clang-format off
#define CHRONON_ROBOWAR_SHOT_KINDS(X)                                                                           \
  /* Normal bullet, 12 px/chronon, damage E. */                                                               \
  X(kBullet,    "bullet",           kShotFlies | kShotStopsDrones | kShotSeenByRadar, 1, 0, 1, 0, 0)           \
  /* Rubber bullet, 12 px/chronon, damage E / 2. */                                                           \
  X(kRubber,    "rubber bullet",    kShotFlies | kShotStopsDrones | kShotSeenByRadar, 1, 0, 2, 0, 0)           \
  /* Explosive bullet, 12 px/chronon; on contact a blast (kBlast) of 2 E. */                                  \
  X(kExplosive, "explosive bullet", kShotFlies | kShotStopsDrones | kShotSeenByRadar, 2, 0, 1, 0, 0)           \
  /* Missile, 5 px/chronon, damage 2 E. */                                                                    \
  X(kMissile,   "missile",          kShotFlies | kShotStopsDrones | kShotSeenByRadar, 2, 0, 1, 0, 0)           \
  /* Hellbore, as fast as the value written (4-20); zeroes the target's shield. */                            \
  X(kHellbore,  "hellbore",         kShotFlies | kShotStopsDrones | kShotSeenByRadar, 0, 0, 1, 0, 0)           \
  /* Stunner, 14 px/chronon; freezes the target 1 chronon per 4 energy. */                                    \
  X(kStunner,   "stunner",          kShotFlies | kShotSeenByRadar,                    1, 0, 4, 0, 0)           \
  /* Mine: still; arms after 10 chronons; damage 2 (E - 5). */                                                \
  X(kMine,      "mine",             kShotSeenByRadar,                                 2, 5, 1, 0, 0)           \
  /* Drone: homes 2 px per axis per chronon on its target; damage E / 2; 100 chronons of fuel. */             \
  X(kDrone,     "drone",            kShotFlies | kShotSeenByRadar,                    1, 0, 2, 0, 0)           \
  /* Laser: hits its target on the next chronon for E / 5. */                                                 \
  X(kLaser,     "laser",            0,                                                1, 0, 5, 0, 0)           \
  /* TacNuke: grows 5 px/chronon to 50, then 2 E within 60 px. */                                             \
  X(kTacNuke,   "TacNuke",          kShotSeenByRadar,                                 2, 0, 1, 5, 50)          \
  /* MegaNuke (Windows 5.35): grows 5 px/chronon to 100, then E within 110 px. */                             \
  X(kMegaNuke,  "MEGANUKE",         kShotSeenByRadar,                                 1, 0, 1, 5, 100)         \
  /* A hit waiting to land on its target on the next tracking pass. */                                        \
  X(kImpact,    "impact",           0,                                                0, 0, 1, 0, 0)           \
  /* An explosive bullet's blast: grows 12 px/chronon to 36, then 2 E within its radius + 10. */              \
  X(kBlast,     "blast",            0,                                                0, 0, 1, 12, 36)
// clang-format on

/// What a projectile (or a blast waiting to land) is: one enumerator per row of
/// CHRONON_ROBOWAR_SHOT_KINDS, whose comments say what each is.
enum class ShotKind : uint8_t {
#define CHRONON_SHOT_ENUMERATOR(kind, ...) kind,
  CHRONON_ROBOWAR_SHOT_KINDS(CHRONON_SHOT_ENUMERATOR)
#undef CHRONON_SHOT_ENUMERATOR
};

/// The number of projectile kinds.
inline constexpr size_t kShotKinds = 0
#define CHRONON_SHOT_COUNT(...) +1
    CHRONON_ROBOWAR_SHOT_KINDS(CHRONON_SHOT_COUNT)
#undef CHRONON_SHOT_COUNT
    ;

/// One row of CHRONON_ROBOWAR_SHOT_KINDS.
struct ShotKindInfo {
  const char* name;   ///< The weapon's name in event texts and replay headers, e.g. "missile".
  uint8_t traits;     ///< A mask of ShotTrait.
  int hitMultiplier;  ///< A direct hit does hitMultiplier * (E - hitFloor) / hitDivisor.
  int hitFloor;       ///< See hitMultiplier.
  int hitDivisor;     ///< See hitMultiplier; never 0.
  int blastGrowth;    ///< Pixels a blast grows per chronon; 0 when the kind is not a blast.
  int blastRadius;    ///< The radius in pixels at which a blast goes off; 0 when not a blast.
};

/// Every kind's row, indexed by ShotKind.
inline constexpr std::array<ShotKindInfo, kShotKinds> kShotKindInfo{{
#define CHRONON_SHOT_INFO(kind, name, traits, multiplier, floor, divisor, growth, radius) \
  {name, static_cast<uint8_t>(traits), multiplier, floor, divisor, growth, radius},
    CHRONON_ROBOWAR_SHOT_KINDS(CHRONON_SHOT_INFO)
#undef CHRONON_SHOT_INFO
}};

/// The row of `kind`.
constexpr const ShotKindInfo& shotInfo(ShotKind kind) { return kShotKindInfo[static_cast<size_t>(kind)]; }

/// Whether `kind` has `trait`.
constexpr bool shotHas(ShotKind kind, ShotTrait trait) { return (shotInfo(kind).traits & trait) != 0; }

/// What a direct hit by `kind` fired with `energy` does: damage, or chronons of stun for a stunner
/// (specs/robowar.md §7 "Weapons").
constexpr int hitAmount(ShotKind kind, int energy) {
  const ShotKindInfo& k = shotInfo(kind);
  return k.hitMultiplier * (energy - k.hitFloor) / k.hitDivisor;
}

/// The name of a weapon for event texts and replay headers, e.g. "missile".
constexpr const char* shotName(ShotKind kind) { return shotInfo(kind).name; }

}  // namespace chronon::arena::robowar
