#pragma once
// One RoboWar battle: up to six robots in the 300x300 arena, run chronon by chronon under the rules of
// specs/robowar.md §5-§8 until at most one robot or team is left (plus the 20-chronon tail) or the
// chronon limit. This header is the contract between the battle engine and the tournament runner.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "chronon/compiler/robotalk.h"

namespace chronon::robotalk {
struct Bytecode;
class Engine;
}  // namespace chronon::robotalk

namespace chronon::arena::robowar {

/// How survival and kills turn into points (specs/robowar.md §8).
enum class Scoring : uint8_t {
  kMac452,  ///< Mac 4.5.2 (default): kills count only while the killer lives or outlives them by 20 chronons.
  kWin516,  ///< RoboWar 5.16+: kills made up to 20 chronons after the killer's death count too.
};

/// The name of `scoring` as the command line, replays, plans and `--json` spell it: "mac452" or
/// "win516".
const char* scoringName(Scoring scoring);
/// The scoring named `name` (as scoringName spells it, exactly), or nullopt for any other text.
std::optional<Scoring> scoringNamed(std::string_view name);

/// The rules a battle runs under.
struct Rules {
  int maxChronons = 1500;         ///< Tournament cap; a battle still running then is a timeout.
  bool moveAndShoot = false;      ///< false: the 4.5 rule (no firing in a chronon with MOVEX/MOVEY).
  bool aggressiveScoring = true;  ///< Kills add points (4.1+).
  Scoring scoring = Scoring::kMac452;
  bool officialRules = false;  ///< Undocumented words (JOCE, SUSIE, MRB) and, as in the Mac 4.5 code,
                               ///< drones and lasers kill the robot when true.
  /// Not a rule: the engine that runs the brains (vm/robotalk_engine.h), nullptr for the
  /// interpreter. Every engine gives identical battles; the command line passes the JIT here.
  robotalk::Engine* engine = nullptr;
};

/// A robot entered in a battle: its compiled program (hardware included) and team.
struct Entry {
  const robotalk::Program* program = nullptr;  ///< Not owned; must outlive the battle.
  int team = 0;                                ///< 0 = no team; equal non-zero numbers are teammates.
  /// `program` already decoded (robotalk::decode), or nullptr for the battle to decode it. A tournament
  /// hands each of its threads' battles the same decoded copy, so decoding and the JIT's lookup of
  /// compiled code (Bytecode::memo) happen once per thread, not once per battle. Not owned; only one
  /// battle at a time may run it (the memo is written on first use).
  const robotalk::Bytecode* code = nullptr;
};

/// Why a robot died.
enum class DeathCause : uint8_t {
  kNone,      ///< Alive at the end.
  kDamage,    ///< Damage reached zero (shots, blasts, collisions, walls).
  kOverload,  ///< Energy fell below -200.
  kBuggy,     ///< A run-time error in its program (see `error`).
};

/// How one robot fared.
struct Outcome {
  bool alive = true;
  int deathChronon = -1;  ///< Chronon of death, -1 when alive.
  DeathCause cause = DeathCause::kNone;
  std::string error;       ///< For kBuggy: the original's message, e.g. "Number out of bounds".
  int errorAddress = -1;   ///< For kBuggy: the instruction index that failed.
  int killer = -1;         ///< Index of the robot credited with the kill, -1 when none.
  int kills = 0;           ///< Kills that score under the rules.
  int survivalPoints = 0;  ///< Duel: 1 alive; group: 3 alive, 2 last to die, 1 second-last.
  int points = 0;          ///< survivalPoints + kills (kills only with aggressive scoring).
  int finalEnergy = 0;
  int finalDamage = 0;
};

/// One thing that happened, for `chronon battle --log` and replays.
struct Event {
  enum class Kind : uint8_t {
    kShot,       ///< A weapon was fired or laid (`text` names it, `value` is its energy).
    kHit,        ///< A projectile or blast hit `robot` (`other` fired it, `value` is the damage).
    kCollision,  ///< `robot` touched `other` (-1: a wall).
    kInterrupt,  ///< `robot` entered the handler of interrupt `text` at address `value`.
    kDeath,      ///< `robot` died (`text` says why, `other` is the killer or -1).
    kError,      ///< `robot`'s program failed (`text`), at address `value`.
  };
  int chronon = 0;
  Kind kind = Kind::kShot;
  int robot = -1;
  int other = -1;
  int value = 0;
  std::string text;
};

/// The name of an event kind as `battle --log` and replays print it ("shot", "hit", ...).
const char* eventKindName(Event::Kind kind);

/// An event as one line of `battle --log`: chronon, kind, robot, other, value and text.
std::string formatEvent(const Event& event);

/// A death cause as `battle` prints it: "alive", "damage", "overload" or "buggy".
const char* deathCauseName(DeathCause cause);

/// The result of a battle.
struct Result {
  std::vector<Outcome> robots;  ///< In entry order.
  int chronons = 0;             ///< Chronons run.
  bool timedOut = false;        ///< Stopped by Rules::maxChronons with more than one side alive.
  std::vector<Event> events;    ///< Filled only when requested.
};

/// One robot's outcome as JSON: alive, deathChronon, cause (deathCauseName), killer, kills,
/// survivalPoints, points, energy and damage; the callers add the name and the error where they
/// carry them (resultJson, the tournament records' outcomeJson).
nlohmann::json outcomeFieldsJson(const Outcome& outcome);

/// A battle's result as `battle --json` prints it, the replay's end line and the debugger's output
/// event carry it: {"seed", "chronons", "timedOut", "robots": [{"name", "alive", "deathChronon",
/// "cause", "killer", "kills", "survivalPoints", "points", "energy", "damage", and "error" with
/// "errorAddress" for a buggy robot}]}. `names` are the robots' names in entry order.
nlohmann::json resultJson(const Result& result, const std::vector<std::string>& names, uint64_t seed);

/// A battle's result as `battle` prints it: a "battle: seed S, N chronons" line, then one line per
/// robot (index, name, alive or the chronon and cause of death, kills, points, energy, damage, the
/// error and the killer).
std::string formatResult(const Result& result, const std::vector<std::string>& names, uint64_t seed);

/// Runs one battle of 1-6 entries with the generator seeded by `seed`. Deterministic: equal inputs
/// give equal results on any machine and thread. With `recordEvents` the result carries the event
/// log. Entries whose program has errors must not be passed (the tournament reports them instead);
/// a null program counts as an empty one (its robot dies at chronon 0, "End of code reached").
/// Entries past the sixth are ignored; no entries give an empty result. Every battle starts from
/// fresh HISTORY cells. A battle stopped by the cap reports Rules::maxChronons + 1 chronons, as the
/// original counts. Engine decisions where the spec is silent: docs/robowar-arena.md.
Result runBattle(const std::vector<Entry>& entries, uint64_t seed, const Rules& rules, bool recordEvents = false);

/// The team of each robot whose program names team `names[i]` (its `#!!team`; "" for none), as
/// Entry::team takes it: robots naming the same team are teammates, numbered 1, 2, ... in order of
/// first appearance, and a robot naming none has team 0. `chronon battle` without --team, the
/// debugger and its replays number teams this way, so that they play the same battle.
std::vector<int> teamsByName(const std::vector<std::string>& names);

}  // namespace chronon::arena::robowar
