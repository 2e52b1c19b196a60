#pragma once
// What a ladder asks of the game it plays (docs/ladder.md): which files are its entries, how an
// entry is checked, the plan header and match records of its duels, how duels are played and how
// their outcomes score. ladder_play.h holds the one ladder logic over it; robowar_ladder_game.cpp
// and grobots_ladder_game.cpp implement it with arena/. The engines that run the robots are the
// caller's (LadderEngines), so that this library never links a JIT.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/ladder/ladder.h"
#include "chronon/vm/grobocode_engine.h"
#include "chronon/vm/robotalk_engine.h"

namespace chronon::ladder {

/// A duel played: the outcome as its result record carries it, and each robot's points.
struct PlayedDuel {
  nlohmann::json outcome;
  int pointsA = 0;
  int pointsB = 0;
};

/// Plays duels of one plan header, its robots compiled once.
class DuelPlayer {
 public:
  virtual ~DuelPlayer() = default;
  /// Plays `matches` (match records of the header, each naming two robots by their place in it and
  /// carrying its seed) on `threads` worker threads (0: all cores); their results in the order
  /// given. Throws std::runtime_error when a record is not a duel of the header.
  virtual std::vector<PlayedDuel> play(const std::vector<nlohmann::json>& matches, int threads) = 0;
  /// The engine name result records carry ("interpreter" or "jit").
  virtual std::string engine() const = 0;
};

/// The engines a ladder's duels run on, supplied by the caller (the command line makes a JIT when
/// asked). Each call readies its engine for the robots it names and returns it.
class LadderEngines {
 public:
  virtual ~LadderEngines() = default;
  /// The engine for RoboWar robots whose programs are `programs` (name and program), for
  /// arena::robowar::Rules::engine; nullptr runs the interpreter.
  virtual robotalk::Engine* roboTalk(const std::vector<std::pair<std::string, const robotalk::Program*>>& programs) = 0;
  /// The engine for the brains of `sides`.
  virtual grobocode::Engine& grobocode(const std::vector<const grobocode::Side*>& sides) = 0;
  /// The engine name result records carry ("interpreter" or "jit") for robots the last call readied.
  virtual std::string name() const = 0;
};

/// LadderEngines that run every robot on the interpreter (what `verify` plays stored duels with).
class InterpreterEngines : public LadderEngines {
 public:
  robotalk::Engine* roboTalk(const std::vector<std::pair<std::string, const robotalk::Program*>>&) override {
    return nullptr;
  }
  grobocode::Engine& grobocode(const std::vector<const grobocode::Side*>&) override {
    return grobocode::interpreterEngine();
  }
  std::string name() const override { return "interpreter"; }
};

/// Whether a file may enter a ladder: its entry name, or why not.
struct EntryCheck {
  std::optional<std::string> name;  ///< The entry's name when the file may enter.
  std::string reason;               ///< Why it may not, in a few words without the path (may be empty).
  std::string diagnostics;          ///< The compiler's messages about it, as whole rendered lines.
  std::string bytes;                ///< The file's bytes, as the check read and compiled them, when it may enter.
};

/// One game's part of the ladder.
class LadderGame {
 public:
  virtual ~LadderGame() = default;
  /// The game's word for an entry in messages: "robot" or "side".
  virtual const char* entryWord() const = 0;
  /// The entry files `inputs` names: files as given, folders expanded to the game's files by name.
  virtual std::vector<std::string> entryFiles(const std::vector<std::string>& inputs) const = 0;
  /// Loads the file at `path` as the game loads it: its entry name, or why it is refused (the
  /// compiler's message, or a file of the other game).
  virtual EntryCheck check(const std::string& path) const = 0;
  /// The plan header of `robots` under `ladder`'s rules and seed; `index` gets each entry's place.
  virtual nlohmann::json planHeader(const Ladder& ladder, const std::vector<Robot>& robots,
                                    std::map<int64_t, int>& index) const = 0;
  /// Ladder match `id` between the header's robots `a` and `b` (places) as a match record. Throws
  /// std::runtime_error when `id` does not fit the game's records.
  virtual nlohmann::json duel(int64_t id, int a, int b, const nlohmann::json& header) const = 0;
  /// The match record `match` with its robots named by places `a` and `b` of another header (verify
  /// plays stored duels among all entries) and its index `id`.
  virtual nlohmann::json renumber(const nlohmann::json& match, int64_t id, int a, int b) const = 0;
  /// Compiles the robots of `header` and readies `engines` for them; nullptr with `error` when a
  /// robot no longer loads or the ladder's rules do not read.
  virtual std::unique_ptr<DuelPlayer> player(const Ladder& ladder, const nlohmann::json& header, LadderEngines& engines,
                                             std::string& error) const = 0;
  /// Points as history prints them.
  virtual std::string pointsText(int points) const = 0;
};

/// The RoboWar part (robowar_ladder_game.cpp).
const LadderGame& roboWarGame();
/// The Grobots part (grobots_ladder_game.cpp).
const LadderGame& grobotsGame();
/// The part of the game `ladder` plays: the one place the ladder chooses by game.
const LadderGame& gameOf(const Ladder& ladder);

}  // namespace chronon::ladder
