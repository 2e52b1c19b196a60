#pragma once
// What `chronon ladder` (cmd_ladder.cpp) asks of the game a ladder plays: which files are its
// entries, how an entry is checked, the plan header and match records of its duels, how duels are
// played and how their outcomes score. cmd_ladder.cpp holds the one ladder logic (scheduling,
// batches, import, verify, standings) and picks the game in one place (gameOf there); ladder_robowar.cpp
// and ladder_grobots.cpp implement it with arena/ and the ladder library (docs/ladder.md).

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/ladder/ladder.h"
#include "engine_option.h"

namespace chronon::cli {

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

/// One game's part of the ladder.
class LadderGame {
 public:
  virtual ~LadderGame() = default;
  /// The game's word for an entry in messages: "robot" or "side".
  virtual const char* entryWord() const = 0;
  /// The entry files `inputs` names: files as given, folders expanded to the game's files by name.
  virtual std::vector<std::string> entryFiles(const std::vector<std::string>& inputs) const = 0;
  /// Loads the file at `path` as the game loads it; its entry name, or nullopt after printing why it
  /// is refused (the compiler's message, or a file of the other game).
  virtual std::optional<std::string> check(const std::string& path) const = 0;
  /// The plan header of `robots` under `ladder`'s rules and seed; `index` gets each entry's place.
  virtual nlohmann::json planHeader(const ladder::Ladder& ladder, const std::vector<ladder::Robot>& robots,
                                    std::map<int64_t, int>& index) const = 0;
  /// Ladder match `id` between the header's robots `a` and `b` (places) as a match record.
  virtual nlohmann::json duel(int64_t id, int a, int b, const nlohmann::json& header) const = 0;
  /// The match record `match` with its robots named by places `a` and `b` of another header (verify
  /// plays stored duels among all entries) and its index `id`.
  virtual nlohmann::json renumber(const nlohmann::json& match, int64_t id, int a, int b) const = 0;
  /// Compiles the robots of `header` and readies `engines`; nullptr after a message.
  virtual std::unique_ptr<DuelPlayer> player(const ladder::Ladder& ladder, const nlohmann::json& header,
                                             EngineChoice& engines) const = 0;
  /// Points as history prints them.
  virtual std::string pointsText(int points) const = 0;
};

/// The RoboWar part (ladder_robowar.cpp).
const LadderGame& roboWarLadder();
/// The Grobots part (ladder_grobots.cpp).
const LadderGame& grobotsLadder();

}  // namespace chronon::cli
