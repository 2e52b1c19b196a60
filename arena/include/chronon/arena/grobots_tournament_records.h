#pragma once
// A Grobots tournament's records (docs/tournament-records.md): the plan's header (world options,
// rounds, seed and every side with its source), a match record per round and its outcome.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/grobots_tournament.h"
#include "chronon/arena/tournament_records.h"

namespace chronon::arena::grobots {

/// One side as the plan records it: its name (after the `'` a clash adds), path and file bytes.
struct PlannedSide {
  std::string name;
  std::string path;
  std::string bytes;
};

/// The plan's header: record kind, format and version, game "grobots", the Chronon version, seed,
/// rounds, world (width, height, frameLimit, seedLimit, earlyFrame) and sides (records::robotJson).
nlohmann::json planHeader(const std::vector<PlannedSide>& sides, const TournamentOptions& options);

/// Reads the options of a plan header into `options` (seed, rounds, world; the engine and threads
/// are left alone); false with `error` when the header is not a Grobots plan or is malformed.
bool optionsFromPlan(const nlohmann::json& header, TournamentOptions& options, std::string& error);

/// Round `round` (from 0) as a match record: record "match", index, seed (roundSeed), hashes (every
/// side's content hash: a round is played by the whole field, the world seeds some of them).
nlohmann::json matchRecord(int32_t round, const nlohmann::json& header);

/// Round `round` played by only `sides` (indices into the header's sides: a ladder's duel,
/// docs/ladder.md) as a match record: record "match", index, seed (roundSeed of the header's seed and
/// `round`), sides, and hashes (those sides' content hashes, in that order).
nlohmann::json matchRecord(int32_t round, const nlohmann::json& header, const std::vector<int32_t>& sides);

/// The sides a match record names (its `sides` key, each an index below `fieldSize`; an empty vector
/// when it has none: a round of the whole field); nullopt with `error` when the key is malformed.
std::optional<std::vector<int32_t>> matchSides(const nlohmann::json& match, size_t fieldSize, std::string& error);

/// A round's outcome as a result record carries it: frames, and per side seeded, alive, sterile,
/// earlyDeath, fraction, earlyFraction, killedFraction, biomass and brainErrors (doubles written so
/// that they read back to the same bits).
nlohmann::json outcomeJson(const RoundOutcome& outcome);

/// The outcome back from outcomeJson for a field of `sides` sides; nullopt with `error` when it is
/// malformed.
std::optional<RoundOutcome> outcomeFromJson(const nlohmann::json& outcome, size_t sides, std::string& error);

/// The outcomes of the results `byIndex` (records::resultsByIndex) into `known` (RoundLog::known), for
/// the plan `header` of `fieldSize` sides and `rounds` rounds. A result whose match record is not the
/// plan's round is left out, with a note in `notes`. False with `error` for a round past the plan's
/// end or an outcome that does not read.
bool knownRounds(const std::map<size_t, const nlohmann::json*>& byIndex, const nlohmann::json& header, size_t fieldSize,
                 int32_t rounds, std::map<int32_t, RoundOutcome>& known, std::vector<std::string>& notes,
                 std::string& error);

/// The rounds match records ask for (`chronon tournament play`), in their order.
struct PlannedRounds {
  std::vector<int32_t> rounds;              ///< Rounds of the whole field, by index.
  std::vector<FieldRound> duels;            ///< Rounds of some sides (a ladder's duels).
  std::vector<nlohmann::json> duelMatches;  ///< Each duel's match record.
};

/// The rounds match records `matches` ask for, in the plan `header` of `fieldSize` sides and
/// `rounds` rounds seeded by `seed`: a round of the whole field (no `sides`, its index below
/// `rounds`) or of some of its sides; each must be the record the plan gives that index and those
/// sides. nullopt with `error` for the first that does not read or is not.
std::optional<PlannedRounds> roundsOfMatches(const std::vector<nlohmann::json>& matches, const nlohmann::json& header,
                                             size_t fieldSize, int32_t rounds, uint64_t seed, std::string& error);

/// A recorded round to play again: its seed and sides, and the match record the plan gives it.
struct RecordedRound {
  FieldRound round;      ///< The world seed and the sides, every side of the field for a plain round.
  nlohmann::json match;  ///< The plan's match record for it, without its `record` key.
};

/// The rounds result records `results` (as records::resultsByIndex checked them: each with a match
/// index and an outcome) answer, to be played again (`chronon tournament verify`),
/// in the plan `header` of `fieldSize` sides and `rounds` rounds seeded by `seed`: a round of the
/// whole field (a match without `sides`, its index below `rounds`) or of some of its sides (a
/// ladder's duel). nullopt with `error` when a record's sides do not read or its index is too large.
std::optional<std::vector<RecordedRound>> roundsOfResults(const std::vector<const nlohmann::json*>& results,
                                                          const nlohmann::json& header, size_t fieldSize,
                                                          int32_t rounds, uint64_t seed, std::string& error);

/// The records among `results` that the rounds played again do not confirm: `again[i]` is
/// `rounds[i]` (roundsOfResults) played again; a record whose outcome differs, or whose match record
/// is not the plan's, is listed, named by its index and world seed.
std::vector<records::ResultDifference> unconfirmedResults(const std::vector<const nlohmann::json*>& results,
                                                          const std::vector<RecordedRound>& rounds,
                                                          const std::vector<RoundOutcome>& again);

}  // namespace chronon::arena::grobots
