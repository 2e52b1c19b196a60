#pragma once
// A persistent ladder of RoboWar robots or Grobots sides in an SQLite database (docs/ladder.md): robots enter and leave
// over time (a new version of a robot is a new entry linked to the old one), duels are scheduled where pairings have
// the fewest matches (RoboRumble's priority), every result is kept with its match record (so ratings can be rebuilt and
// any result verified again), and Glicko-2 ratings are updated once per stored batch of results, in match order, beside
// the game's own score (RoboWar points, Grobots biomass).
//
// The database is a real SQLite file: every change is one transaction, so a process killed at any
// moment leaves the ladder as it was before the change or after it, never in between.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/ladder/glicko2.h"

struct sqlite3;

namespace chronon::ladder {

/// The version of the database layout this build writes and reads.
inline constexpr int kSchemaVersion = 1;

/// The game a ladder plays, fixed when it is made (the `game` key of its `meta` table).
enum class GameKind : uint8_t {
  kRoboWar,  ///< RoboWar duels ("robowar").
  kGrobots,  ///< Grobots rounds of two sides ("grobots").
};

/// The name the `meta` table and the records give `game`: "robowar" or "grobots".
const char* gameName(GameKind game);
/// The game named `name`, if it is one.
std::optional<GameKind> gameFromName(const std::string& name);

/// A robot (or side) entry.
struct Robot {
  int64_t id = 0;
  std::string name;      ///< The robot's name (file stem); versions of one robot share it.
  std::string file;      ///< The file name it was added from (its extension says how to read it).
  std::string hash;      ///< replay::contentHash of the bytes.
  std::string bytes;     ///< The file's bytes.
  bool active = true;    ///< False once a newer version replaced it or it was retired.
  int64_t previous = 0;  ///< The entry this one replaced, 0 for none.
};

/// A robot's line of the standings.
struct Standing {
  Robot robot;
  Rating rating;
  int64_t matches = 0;
  int64_t wins = 0;
  int64_t draws = 0;
  int64_t losses = 0;
  int64_t points = 0;  ///< The game's points over all its duels (RoboWar: survival plus kills; Grobots:
                       ///< millionths of the final biomass, grobots_ladder.h).
  std::string score;   ///< The game's own score as the standings page shows it; empty: `points`.
};

/// A duel's result ready to be stored: the two entries (ids), their points (the game's own, whose
/// comparison scores the duel for Glicko-2: the higher wins, equal points draw), and the records.
struct DuelResult {
  int64_t a = 0;
  int64_t b = 0;
  int pointsA = 0;
  int pointsB = 0;
  nlohmann::json match;   ///< The match record (index, seed, hashes ...).
  nlohmann::json result;  ///< The whole result record (records::resultRecord).
};

/// One stored duel, as history lists it.
struct MatchRow {
  int64_t id = 0;
  int64_t batch = 0;
  int64_t a = 0;
  int64_t b = 0;
  int pointsA = 0;
  int pointsB = 0;
  std::string result;  ///< The result record's text.
};

/// A rating that rebuild() recomputed differently from the stored one.
struct RatingDifference {
  int64_t batch = 0;                 ///< The batch whose rating history row differs; 0 for the current ratings table.
  int64_t robot = 0;                 ///< The entry's id.
  std::optional<Rating> stored;      ///< What the database holds (nullopt: no row).
  std::optional<Rating> recomputed;  ///< What the stored duels give (nullopt: no rating).
};

/// What rebuild() did.
struct RebuildReport {
  int64_t batches = 0;                        ///< Batches replayed.
  int64_t ratings = 0;                        ///< Ratings recomputed (one per robot rated in each batch).
  std::vector<RatingDifference> differences;  ///< Every rating that differs, by batch then robot.
};

/// An open ladder database. Not copyable; one thread at a time.
class Ladder {
 public:
  ~Ladder();
  Ladder(const Ladder&) = delete;
  Ladder& operator=(const Ladder&) = delete;

  /// Creates a new RoboWar ladder file at `path` with tournament seed `seed`; nullptr with `error`
  /// when the file exists or cannot be made.
  static std::unique_ptr<Ladder> create(const std::string& path, uint64_t seed, std::string& error);
  /// Creates a new ladder of `game` at `path` with seed `seed` and the game's `rules` (stored in
  /// `meta` as JSON so that every match of the ladder is played under them; null for RoboWar, which
  /// plays its defaults); nullptr with `error` when the file exists or cannot be made.
  static std::unique_ptr<Ladder> create(const std::string& path, uint64_t seed, GameKind game,
                                        const nlohmann::json& rules, std::string& error);
  /// Opens an existing ladder; nullptr with `error` when it is missing or not a ladder of this version.
  static std::unique_ptr<Ladder> open(const std::string& path, std::string& error);

  /// The seed every match's seed derives from (with the match id).
  uint64_t seed() const { return seed_; }
  /// The game the ladder plays.
  GameKind game() const { return game_; }
  /// The rules it was made with (null: the game's defaults).
  const nlohmann::json& rules() const { return rules_; }

  /// Enters a robot (`name`, its file name and bytes). The same bytes already entered: nothing
  /// changes (`note` says so). An active robot of the same name with other bytes is retired and the
  /// new entry linked to it (`note` says so). Returns the entry's id, or nullopt with `error`.
  std::optional<int64_t> add(const std::string& name, const std::string& file, const std::string& bytes,
                             std::string& note, std::string& error);

  /// The robots, active ones only when `activeOnly`, by id.
  std::vector<Robot> robots(bool activeOnly) const;
  /// The entry with `hash`, if any.
  std::optional<Robot> robotByHash(const std::string& hash) const;
  /// The latest entry named `name`, if any.
  std::optional<Robot> robotByName(const std::string& name) const;

  /// The next `count` duels among the active robots: each time the pair with the fewest matches so
  /// far (ties by the lower ids), so new robots meet everyone first. Pairs as (lower id, higher id).
  std::vector<std::pair<int64_t, int64_t>> schedule(int count) const;
  /// The id the next stored match gets.
  int64_t nextMatchId() const;

  /// Stores `results` as one batch (`kind`: "run" or "import") and updates the ratings of every
  /// active robot for this rating period, all in one transaction. False with `error` on failure (the
  /// ladder is then unchanged).
  bool store(const std::vector<DuelResult>& results, const std::string& kind, std::string& error);

  /// Recomputes every rating from the stored duels alone, batch by batch in order, as store() rated
  /// them (each batch one Glicko-2 rating period, rated against the ratings at its start), updating
  /// the robots each batch rated (the robots active then, as its rating history rows record), and
  /// compares the results with the stored rating history and the current ratings. With `write`, the
  /// recomputed ratings replace the stored ones, in one transaction. nullopt with `error` when the
  /// database cannot be read or written.
  std::optional<RebuildReport> rebuild(bool write, std::string& error);

  /// The standings: active robots first, by rating (highest first), then retired ones.
  std::vector<Standing> standings() const;
  /// Every duel of entry `robot`, in match order, and its rating after each batch (batch, rating).
  std::vector<MatchRow> history(int64_t robot) const;
  /// Every stored duel, in match order.
  std::vector<MatchRow> matches() const;
  /// The rating of entry `robot` after each batch it was rated in: (batch, rating).
  std::vector<std::pair<int64_t, Rating>> ratingHistory(int64_t robot) const;

 private:
  explicit Ladder(sqlite3* db);
  bool exec(const std::string& sql, std::string& error) const;
  sqlite3* db_ = nullptr;
  uint64_t seed_ = 1;
  GameKind game_ = GameKind::kRoboWar;
  nlohmann::json rules_;
};

}  // namespace chronon::ladder
