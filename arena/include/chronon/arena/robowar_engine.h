#pragma once
// The RoboWar world behind runBattle (robowar_battle.h): robots, projectiles and the chronon loop of
// specs/robowar.md §7, with the register semantics of §5, the interrupts of §6 and the scoring of §8.
// runBattle is the public entry point; this header is also the tests' window into a running battle
// (positions can be set before the first chronon, one chronon can be run at a time).

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "chronon/arena/random.h"
#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_shots.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/vm/robotalk_brain.h"
#include "chronon/vm/robotalk_bytecode.h"
#include "chronon/vm/robotalk_host.h"

namespace chronon::arena::robowar {

/// Width and height of the arena in pixels (specs/robowar.md §7).
inline constexpr int kArenaSize = 300;
/// Robot radius in pixels (specs/robowar.md §7).
inline constexpr int kRobotRadius = 10;
/// Most robots in one battle (specs/robowar.md §7).
inline constexpr int kMaxRobots = 6;
/// Chronons a battle goes on after the death that leaves one robot or team (specs/robowar.md §8).
inline constexpr int kTailChronons = 20;
/// Team radio channels 1-10 (specs/robowar.md §5 CHANNEL).
inline constexpr int kChannels = 10;

/// One projectile or pending blast. Positions are pixels, speeds pixels per chronon.
struct Shot {
  ShotKind kind = ShotKind::kBullet;    ///< What it is now (a landed shot becomes kImpact or kBlast).
  ShotKind origin = ShotKind::kBullet;  ///< For kImpact: the weapon that hit.
  int owner = -1;                       ///< Robot that fired it.
  int target = -1;                      ///< Drone / laser / impact target, -1 when none.
  double x = 0;                         ///< Position in pixels.
  double y = 0;                         ///< Position in pixels (0 = top).
  double dx = 0;                        ///< Velocity in pixels per chronon.
  double dy = 0;                        ///< Velocity in pixels per chronon.
  int energy = 0;                       ///< Energy it was fired with.
  int amount = 0;                       ///< For kImpact: damage (or stun chronons, for a stunner).
  int radius = 0;                       ///< For blasts and nukes: current radius in pixels.
  int age = 0;                          ///< Chronons since it was fired or laid.
  bool gone = false;                    ///< Landed, left the arena or ran out of fuel; removed after the pass.
  uint32_t serial = 0;                  ///< 1, 2, ... in order of launch: the shot's identity in a replay.
};

/// What the robot looked like at the start of its previous turn; edge-triggered interrupts compare
/// against it (specs/robowar.md §6).
struct Snapshot {
  bool collision = false;  ///< COLLISION then.
  bool wall = false;       ///< WALL then.
  int damage = 0;          ///< DAMAGE then.
  int shield = 0;          ///< SHIELD then.
  int x = 0;               ///< X then.
  int y = 0;               ///< Y then.
  int teammates = 0;       ///< TEAMMATES then.
  int robots = 0;          ///< ROBOTS then.
};

/// One robot in the arena. Energy, damage and shield are in energy points; angles in degrees.
struct Robot {
  int index = 0;                                   ///< Entry index, the ID register (0-5).
  const robotalk::Program* program = nullptr;      ///< Not owned.
  robotalk::Bytecode code;                         ///< Decoded once per battle, unless the entry brought it.
  const robotalk::Bytecode* sharedCode = nullptr;  ///< The entry's decoded program (Entry::code), if any.
  /// The program the robot runs: the entry's decoded copy, or its own.
  const robotalk::Bytecode& runCode() const { return sharedCode != nullptr ? *sharedCode : code; }
  robotalk::MachineState brain;              ///< Stack, variables, interrupts.
  chronon::robowar::RobotHardware hardware;  ///< Copied from the program; tests may change it.
  int team = 0;                              ///< 0 = none; equal non-zero numbers are teammates.
  int radioGroup = 0;                        ///< Robots that share radio channels: teammates, or the robot alone.
  int x = 0;                                 ///< Centre, pixels from the left edge (0-300).
  int y = 0;                                 ///< Centre, pixels from the top edge (0-300).
  int fromX = 0;                             ///< Position before this chronon's movement, for backing off a collision.
  int fromY = 0;
  int speedX = 0;                 ///< Pixels per chronon, -20 to 20.
  int speedY = 0;                 ///< Pixels per chronon, -20 to 20.
  int aim = 0;                    ///< Turret, compass degrees 0-359.
  int look = 0;                   ///< RANGE offset from AIM, degrees 0-359.
  int scan = 0;                   ///< RADAR offset from AIM, degrees 0-359.
  int energy = 0;                 ///< Energy; acting needs more than 0, below -200 destroys.
  int damage = 0;                 ///< Damage points left; 0 or less destroys.
  int shield = 0;                 ///< Shield points, absorbed before damage.
  int channel = 1;                ///< Radio channel 1-10.
  int stunned = 0;                ///< Chronons left in stasis.
  bool collision = false;         ///< Touching another robot this chronon.
  bool friendly = false;          ///< The robot touched is a teammate (FRIEND).
  bool wall = false;              ///< Within 10 px of an edge this chronon.
  bool movedThisChronon = false;  ///< MOVEX/MOVEY took effect this chronon (move-and-shoot rule).
  bool firedThisChronon = false;  ///< A weapon was fired this chronon (move-and-shoot rule).
  bool signalHeard = false;       ///< A teammate signalled on this robot's SIGNAL parameter channel.
  int rawKills = 0;               ///< Non-teammate robots it destroyed (the KILLS register).
  int lastHitBy = -1;             ///< Robot whose shot last hurt it this chronon, -1 for none.
  Snapshot previous;              ///< State at the start of the previous turn, for edge interrupts.
  std::array<int16_t, robotalk::kHistoryCells + 1> history{};  ///< HISTORY cells 1-50 (index 0 unused).
  bool alive = true;                                           ///< False once destroyed.
  int deathChronon = -1;                                       ///< Chronon of death, -1 while alive.
  DeathCause cause = DeathCause::kNone;                        ///< Why it died.
  int killer = -1;                                             ///< Robot whose shot destroyed it, -1 when none.
  std::string error;                                           ///< Run-time error message for DeathCause::kBuggy.
  int errorAddress = -1;                                       ///< Address of the failing instruction.
};

/// The battle world. Construct it, optionally adjust robots, then step() until it returns false
/// (or call finish()). Implements the robotalk::Host side of every robot.
class Engine final : public robotalk::Host {
 public:
  /// Places up to six entries (start positions from `seed`, docs/robowar-arena.md). A null program
  /// runs as an empty one. `recordEvents` keeps the event log.
  Engine(const std::vector<Entry>& entries, uint64_t seed, const Rules& rules, bool recordEvents);

  /// Runs one chronon (specs/robowar.md §7 steps 1-6). Returns false once the battle is over (the
  /// tail after the deciding death has run, or the chronon count passed Rules::maxChronons).
  bool step();
  /// Runs to the end and returns the result with scores (specs/robowar.md §8).
  Result finish();

  /// The robots, in entry order. Tests may adjust them before the battle runs, but only the battle
  /// destroys a robot (Robot::alive), since the engine counts the living ones.
  std::vector<Robot>& robots() { return robots_; }
  /// Projectiles and pending blasts in flight, oldest first.
  const std::vector<Shot>& shots() const { return shots_; }
  /// Chronons run so far.
  int chronon() const { return chronon_; }
  /// The event log so far (empty unless the engine was made with `recordEvents`).
  const std::vector<Event>& events() const { return events_; }

  /// RANGE of `robot`: pixels to the nearest non-teammate whose centre lies within sqrt(91) px of
  /// the ray along AIM+LOOK, or 0 (specs/robowar.md §7 targeting geometry).
  int range(const Robot& robot) const;
  /// RADAR of `robot`: pixels to the nearest projectile (not lasers or its own) within 20 degrees of
  /// AIM+SCAN, or 0 (specs/robowar.md §5, §7).
  int radar(const Robot& robot) const;

  /// Reads a hardware register of the robot owning `brain` (specs/robowar.md §5); PROBE without
  /// probes and NEAREST on a processor faster than 10 fail the robot and read 0.
  int16_t readRegister(robotalk::MachineState& brain, robotalk::Reg reg) override;
  /// Writes a hardware register with the original's semantics (specs/robowar.md §5 "Write
  /// semantics"): weapons fire, AIM/LOOK/SCAN re-check RANGE and RADAR, bad writes fail the robot.
  void writeRegister(robotalk::MachineState& brain, robotalk::Reg reg, int16_t value) override;
  /// Logs the interrupt `which` entered by the robot owning `brain` (for the event log).
  void interruptEntered(robotalk::MachineState& brain, robotalk::Interrupt which) override;

 private:
  struct Kill {
    int killer;
    int victim;
    int chronon;
    bool killerOverloaded;
  };

  // Chronon loop pieces (robowar_engine.cpp).
  void placeRobots();
  void moveRobots();
  void detectCollisions();
  /// Step 4: contact damage (robots touching, walls), and the deaths it leaves, in robot order.
  void applyContactDamage();
  void actAll();
  void takeTurn(Robot& robot);
  void queueEdgeInterrupts(Robot& robot);
  bool enterLevelInterrupt(Robot& robot, bool checkRange, bool checkRadar, bool checkChronon);
  int sidesAlive() const;

  // Damage and death (robowar_engine.cpp).
  void hurt(Robot& victim, int amount, int shooter);
  void checkDeaths();
  /// Kills `robot` if it is alive with no damage left, crediting the robot that hit it last.
  void checkDeath(Robot& robot);
  /// The death checkDeath found: kills `robot`, crediting the robot that hit it last.
  void destroy(Robot& robot);
  void kill(Robot& robot, DeathCause cause, int killer, const std::string& why);
  void failRobot(Robot& robot);

  // Weapons (robowar_weapons.cpp).
  void trackShots();
  bool moveAndHit(Shot& shot, double stepX, double stepY);
  /// Both half-steps of a fast shot when no drone is in flight to stop (trackShots).
  void moveTwiceAndHit(Shot& shot);
  void land(Shot& shot);
  void blast(const Shot& shot, int reach, int amount);
  void fire(Robot& robot, robotalk::Reg weapon, int value);
  void launch(Robot& robot, ShotKind kind, int energy, double speed, int target);

  // Sensors (robowar_sensors.cpp).
  int rangeTarget(const Robot& robot) const;
  int doppler(const Robot& robot) const;
  int nearest(const Robot& robot) const;
  int16_t probe(Robot& robot);

  /// The robot whose brain `brain` is. Hardware accesses come from the robot taking its turn, so
  /// that one is tried inline before the search.
  Robot& robotOf(robotalk::MachineState& brain) {
    if (current_ >= 0) {
      Robot& turn = robots_[static_cast<size_t>(current_)];
      if (&turn.brain == &brain) return turn;
    }
    return searchRobotOf(brain);
  }
  Robot& searchRobotOf(robotalk::MachineState& brain);
  bool teammates(const Robot& a, const Robot& b) const { return a.team != 0 && a.team == b.team; }
  /// The living robots on `robot`'s team besides itself; a robot of team 0 has none (teammates()).
  /// Every turn asks, and only a death changes the answer (countSides).
  int livingTeammates(const Robot& robot) const { return teammatesCount_[static_cast<size_t>(robot.index)]; }
  /// Counts the living sides and every robot's living teammates into sidesCount_ and
  /// teammatesCount_: called where the living change, at the start and in kill().
  void countSides();
  int livingRobots() const;
  void record(Event::Kind kind, int robot, int other, int value, std::string text);

  Rules rules_;
  Random random_;
  bool recordEvents_;
  bool teamBattle_ = false;
  int chronon_ = 0;
  int lastDeath_ = -1;
  uint32_t shotSerial_ = 0;  ///< Serial of the last shot launched.
  bool over_ = false;
  bool timedOut_ = false;
  int current_ = -1;  ///< The robot whose program is running, -1 outside turns.
  /// What robotalk::Host::directReads points at during each robot's turn: one table per robot, indexed
  /// by robot index, filled by pointDirectReads on the first turn after the engine was made or
  /// copied. A copy starts unfilled, since the tables of the engine it came from point at that
  /// engine's robots and counters.
  struct DirectReadTables {
    std::array<std::array<const int*, robotalk::kRegisterCount>, kMaxRobots> tables{};
    bool filled = false;
    DirectReadTables() = default;
    DirectReadTables(const DirectReadTables& /*other*/) {}
    DirectReadTables& operator=(const DirectReadTables& /*other*/) {
      filled = false;
      return *this;
    }
    ~DirectReadTables() = default;
  };
  DirectReadTables directReads_;
  /// Points every robot's table in directReads_ at its fields and the battle's counters, the ints
  /// readRegister returns (clipped) for X, Y, ENERGY, SHIELD, AIM, SPEEDX, SPEEDY, DAMAGE, LOOK,
  /// SCAN, CHANNEL, ID, KILLS, CHRONON and ROBOTS: the list both read (arena/src/robowar_int_registers.h).
  void pointDirectReads();
  int living_ = 0;  ///< Robots alive; kill() is the only place a robot dies.
  /// The entry indices of the living robots in entry order, the first `living_` of them; kill()
  /// takes a robot out. The passes of a chronon that skip the dead walk these instead of every
  /// robot: most chronons of a long tournament are group battles, in which half the robots are dead
  /// on average.
  std::array<int, kMaxRobots> livingIndices_{};
  std::span<const int> livingIndices() const { return std::span(livingIndices_).first(static_cast<size_t>(living_)); }
  /// Calls `f(robot)` for each robot alive when the call begins, in entry order, walking a copy of
  /// livingIndices_, so that `f` may kill the robot it was given (and no other: a robot it killed
  /// later in the list would still be visited).
  template <class F>
  void forEachLivingAtStart(F f) {
    const std::array<int, kMaxRobots> living = livingIndices_;
    const int count = living_;
    for (int k = 0; k < count; ++k) f(robots_[static_cast<size_t>(living[static_cast<size_t>(k)])]);
  }
  std::vector<Robot> robots_;
  std::vector<Shot> shots_;
  /// Whether a drone was in flight when trackShots began: none can appear during the pass (only
  /// robots launch them), so without one moveAndHit skips its search for drones to stop.
  bool dronesInFlight_ = false;
  /// The living robots as projectiles see them during one trackShots pass, in which no robot moves
  /// or dies: their centres in pixels by slot, slot k holding the robot livingIndices_[k].
  /// moveAndHit, moveTwiceAndHit and armed mines test all of them at once (nearTargets), with no
  /// branch per robot, rather than walking every Robot. Slots past the living ones keep finite
  /// positions from earlier passes, which no bit of targetMask_ selects.
  std::array<double, kMaxRobots> targetX_{};
  std::array<double, kMaxRobots> targetY_{};
  std::array<unsigned, kMaxRobots> targetBit_{};  ///< By entry index: the robot's slot bit, 0 if dead.
  unsigned targetMask_ = 0;                       ///< The bits of the living robots' slots.
  /// The slot bits of the targets whose centres are closer than kRobotRadius to (x, y), in pixels,
  /// each distance compared as the squared sum of its differences.
  unsigned nearTargets(double x, double y) const;
  /// targetMask_ without the slot of robot `owner` (-1 for none): what its projectiles can hit.
  unsigned targetsBesides(int owner) const {
    return owner < 0 ? targetMask_ : targetMask_ & ~targetBit_[static_cast<size_t>(owner)];
  }
  /// Shot `shot` touched the robot with entry index `target`: it becomes an impact, or an explosive
  /// bullet's blast, that lands on the next pass (robowar_weapons.cpp).
  void hit(Shot& shot, int target);
  /// sidesAlive() of a team battle and livingTeammates() of each robot by index, as countSides()
  /// left them.
  int sidesCount_ = 0;
  std::array<int, kMaxRobots> teammatesCount_{};
  std::vector<Kill> kills_;
  std::vector<Event> events_;
  std::array<std::array<int16_t, kChannels + 1>, kMaxRobots> signals_{};  ///< By radio group, channel 1-10.
};

}  // namespace chronon::arena::robowar
