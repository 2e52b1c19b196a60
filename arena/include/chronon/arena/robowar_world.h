#pragma once
// The RoboWar arena's state and mechanics (specs/robowar.md §5-§8; Mac 4.5 Arena.c, ArenaDos.c,
// Projectile.c, Interrupt.c). runBattle (robowar_battle.h) drives it; tests may drive it too.
// Positions of robots are integers (the original keeps them in 16-bit registers); projectiles keep
// a floating-point position plus its truncated integer copy, as the original does.

#include <array>
#include <cstdint>
#include <vector>

#include "chronon/arena/random.h"
#include "chronon/arena/robowar_battle.h"
#include "chronon/vm/brain.h"
#include "chronon/vm/bytecode.h"
#include "chronon/vm/host.h"

namespace chronon::arena::robowar {

/// Side of the square arena in pixels.
inline constexpr int kBoardSize = 300;
/// Robot radius in pixels.
inline constexpr int kRobotRadius = 10;
/// Most robots in one battle.
inline constexpr int kMaxRobots = 6;
/// Chronons a battle continues after the deciding death (specs/robowar.md §7 step 6).
inline constexpr int kTailChronons = 20;

/// What a projectile currently is (Projectile.c shot types).
enum class ShotKind : uint8_t {
  kGun,         ///< A bullet in flight (gunType: 1 rubber, 2 normal, 3 explosive).
  kMissile,     ///< A missile in flight.
  kTacNuke,     ///< A TacNuke growing towards its blast (also the MEGANUKE).
  kExplode,     ///< A hit to be applied to `victim` on the next tracking pass.
  kBigExplode,  ///< An explosive bullet's blast growing 12 px per chronon.
  kHellbore,    ///< A hellbore in flight.
  kMine,        ///< An armed mine.
  kNewMine,     ///< A mine still arming.
  kDrone,       ///< A homing drone.
  kLaser,       ///< A laser beam that becomes a hit next chronon.
  kStunner,     ///< A stasis capsule in flight.
};

/// What an explosion does to its victim (the original's gunType of the completed shot).
enum class HitEffect : uint8_t {
  kDamage,    ///< Damage the victim by `energy`.
  kHellbore,  ///< Zero the victim's shield.
  kStunner,   ///< Stun the victim for energy/4 chronons.
};

/// One projectile.
struct Shot {
  ShotKind kind = ShotKind::kGun;
  HitEffect effect = HitEffect::kDamage;
  int owner = 0;          ///< Robot index that fired it.
  double x = 0, y = 0;    ///< Position in pixels.
  int xi = 0, yi = 0;     ///< Position truncated to integers (used by most tests).
  double dx = 0, dy = 0;  ///< Step per half-chronon (bullets, hellbores, stunners) or chronon.
  int gunType = 2;        ///< Bullets: 1 rubber, 2 normal, 3 explosive.
  int energy = 0;         ///< Energy (damage before multipliers).
  int stage = 0;          ///< Blast radius, mine countdown, or drone fuel.
  int maxStage = 50;      ///< TacNuke blast radius (50; MEGANUKE 100).
  int blastFactor = 2;    ///< Blast damage multiplier (2; MEGANUKE 1).
  int victim = -1;        ///< Robot hit by a kExplode, -1 for nobody.
  int target = -1;        ///< Drone or laser target.
  bool dead = false;      ///< Removed at the end of the tracking pass.
};

/// One robot in the arena.
struct Bot {
  const robotalk::Program* program = nullptr;  ///< Not owned.
  vm::Bytecode code;                           ///< The program decoded once.
  vm::Brain brain;                             ///< Stack, variables, interrupts, error state.
  chronon::robowar::RobotHardware hw;          ///< From the program.
  int index = 0;                               ///< Entry index, the ID register (0-5).
  int team = 0;                                ///< 0 = no team.
  int x = 0, y = 0;                            ///< Centre in pixels.
  int speedX = 0, speedY = 0;                  ///< Pixels per chronon, -20..20.
  int energy = 0, damage = 0, shield = 0;      ///< Energy, damage points left, shield level.
  int aim = 0, look = 0, scan = 0;             ///< Degrees 0-359.
  int channel = 1;                             ///< Team radio channel, 1-10.
  bool alive = true;
  int stunned = 0;                                   ///< Chronons of stasis left.
  int collision = 0, friendFlag = 0, wall = 0;       ///< This chronon's COLLISION, FRIEND and WALL flags.
  int moveOrShoot = 0;                               ///< 0 nothing yet this chronon, 1 fired, 2 moved (4.5 rule).
  std::array<int, kMaxRobots> killTime{};            ///< Chronon this robot killed robot i, -1 never.
  int kills = 0;                                     ///< Kills that score (recomputed each chronon).
  int killer = -1;                                   ///< Robot credited with this robot's death.
  int deathTime = -1;                                ///< Chronon of death, -1 while alive.
  DeathCause cause = DeathCause::kNone;              ///< Why it died.
  int survival = 0;                                  ///< Survival points earned so far.
  std::array<int16_t, vm::kHistoryCells> history{};  ///< HISTORY cells 1-50 (index 0-49), fresh each battle.
  // The interrupt edge detectors' previous values (Interrupt.c updateOldInterruptState).
  int oldCollision = 0, oldWall = 0, oldDamage = 0, oldShield = 0, oldY = 0, oldX = 0;
  int oldTeammates = 0, oldRobots = 0;
};

/// The whole battle: robots, projectiles, the generator and the clock.
class World final : public vm::Host {
 public:
  /// Sets up the robots of `entries` at random non-overlapping positions drawn from `seed`.
  World(const std::vector<Entry>& entries, uint64_t seed, const Rules& rules, bool recordEvents);

  /// Runs chronons until the battle ends and returns the result (specs/robowar.md §7-§8).
  Result run();
  /// Runs one chronon (§7 steps 1-6). Returns false when the battle is over.
  bool step();

  /// vm::Host: reads register `reg` of the robot whose brain is `brain` (ArenaDos.c getVar).
  int16_t readRegister(vm::Brain& brain, robotalk::Reg reg) override;
  /// vm::Host: writes register `reg` of the robot whose brain is `brain` (ArenaDos.c putVar).
  void writeRegister(vm::Brain& brain, robotalk::Reg reg, int16_t value) override;
  /// vm::Host: logs an interrupt entered by INTON or RTI.
  void interruptEntered(vm::Brain& brain, vm::Interrupt which) override;

  /// The robots, in entry order.
  std::vector<Bot>& bots() { return bots_; }
  /// The projectiles in flight.
  const std::vector<Shot>& shots() const { return shots_; }
  /// Chronons elapsed.
  int chronon() const { return chronons_; }
  /// Robots alive.
  int alive() const { return numAlive_; }

  // Geometry (robowar_geometry.cpp): all measured from `who` along AIM+LOOK or AIM+SCAN.
  /// RANGE: distance to the nearest robot in sight, 0 if none or a teammate (Projectile.c distance).
  int range(const Bot& who) const;
  /// The robot in sight for drones, probes and lasers, or -1 (Projectile.c findTarget); with
  /// `hitX`/`hitY` non-null, the point on the line of fire nearest the target.
  int findTarget(const Bot& who, double* hitX = nullptr, double* hitY = nullptr) const;
  /// RADAR: distance to the nearest projectile within 20 degrees of AIM+SCAN, 0 if none.
  int radar(const Bot& who) const;
  /// DOPPLER: signed speed of the robot in sight perpendicular to the line of sight.
  int doppler(const Bot& who) const;
  /// NEAREST (Windows 5.34): bearing offset 0-359 from AIM to the nearest robot, -1 if none.
  int nearest(const Bot& who) const;

 private:
  friend struct WorldAccess;
  Bot& current(vm::Brain& brain);
  // Projectiles (robowar_projectiles.cpp).
  Shot& newShot(Bot& who, ShotKind kind);
  bool mayFire(const Bot& who) const;
  bool chargeWeapon(Bot& who, int& what);
  void fireGun(Bot& who, int what, int gunType, const char* name);
  void fireMissile(Bot& who, int what);
  void layNuke(Bot& who, int what, bool mega);
  void fireHellbore(Bot& who, int what);
  void fireDrone(Bot& who, int what, int target);
  void layMine(Bot& who, int what);
  void fireLaser(Bot& who, int what);
  void fireStunner(Bot& who, int what);
  void joce(Bot& who);
  void trackShots();
  bool moveAndTest(Shot& shot);
  bool checkHit(Shot& shot);
  void completeExplosion(Shot& shot);
  void explodeBlast(Shot& shot);
  void droneSeek(Shot& shot);
  // Damage, death and scoring (robowar_scoring.cpp).
  void doDamage(Bot& which, int amount);
  bool doShotDamage(Bot& which, int amount, int owner);
  void checkDeath(Bot& who);
  void calcKillPoints(Bot& who);
  void finish(Result& result);
  // Movement and collisions (robowar_battle.cpp).
  void checkCollisions(Bot& who);
  void robotError(Bot& who, const char* message);
  int countTeammates(const Bot& who) const;
  // Interrupts (robowar_interrupts.cpp).
  void queueInterrupts(Bot& who);
  void updateOldInterruptState(Bot& who);
  void checkLevelInterrupt(Bot& who, vm::Interrupt which);
  void broadcastSignal(Bot& who, int value);
  // Registers (robowar_registers.cpp).
  int16_t getVar(Bot& who, int reg);
  void putVar(Bot& who, int reg, int value);
  bool legalEnergyDecrement(Bot& who, int amount);

  void event(Event::Kind kind, int robot, int other, int value, const char* text);

  Rules rules_;
  bool record_ = false;
  bool teamBattle_ = false;
  Random random_;
  std::vector<Bot> bots_;
  std::vector<Shot> shots_;
  std::vector<Event> events_;
  std::array<std::array<int16_t, 10>, kMaxRobots> communications_{};  ///< [team slot][channel-1].
  std::array<int, kMaxRobots> teamSlot_{};                            ///< Robot index -> row of communications_.
  int chronons_ = 0;
  int numAlive_ = 0;
  int tail_ = 0;        ///< Chronons left in the tail after the deciding death, 0 when not started.
  Bot* who_ = nullptr;  ///< The robot whose brain is running (register access goes to it).
};

/// cos(i degrees) for i = 0..359: the original's `sine` table (x = table[(270 + a) % 360],
/// y = -table[a] is the unit vector of compass angle a).
const std::array<double, 360>& directionTable();

}  // namespace chronon::arena::robowar
