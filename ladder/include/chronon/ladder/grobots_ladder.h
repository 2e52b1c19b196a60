#pragma once
// What a Grobots ladder adds to the game-neutral ladder (docs/ladder.md, "Grobots"): its rules (the
// world every match is played in, stored when the ladder is made), its plan header and duel records
// in the tournament record format (arena/grobots_tournament_records.h), the points of a duel, and the
// game's own standings columns, computed by arena::grobots::standings as `chronon tournament` does.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/grobots_tournament.h"
#include "chronon/ladder/ladder.h"

namespace chronon::ladder {

/// A Grobots duel's points are each side's share of the final biomass in millionths: a side with
/// more of it wins the duel, equal shares (both extinct, or even to a millionth) draw.
inline constexpr double kGrobotsPointsScale = 1e6;

/// The rules a Grobots ladder stores: the world of its plans (`width`, `height`, `frameLimit`,
/// `seedLimit`, `earlyFrame`, as a plan header's `world`).
nlohmann::json grobotsRules(const arena::grobots::WorldOptions& world);

/// The world options of a Grobots ladder's `rules`; false with `error` when they are malformed.
bool grobotsWorld(const nlohmann::json& rules, arena::grobots::WorldOptions& world, std::string& error);

/// The plan header (arena::grobots::planHeader) of `robots` under `ladder`'s rules and seed, with
/// a note saying it holds a ladder's duels; `index` gets each entry's place among its sides.
nlohmann::json grobotsPlanHeader(const Ladder& ladder, const std::vector<Robot>& robots, std::map<int64_t, int>& index);

/// Ladder match `id` between the header's sides `a` and `b` as a match record (a round of those
/// two sides, world seed roundSeed(ladder seed, id)); nullopt when `id` is beyond a round number.
std::optional<nlohmann::json> grobotsDuel(int64_t id, int a, int b, const nlohmann::json& header);

/// The points of a duel's outcome (two sides, in the order of the match): kGrobotsPointsScale times
/// each side's final biomass fraction, rounded.
std::pair<int, int> grobotsPoints(const arena::grobots::RoundOutcome& outcome);

/// Each entry's line of the tournament's results table (score, survival, kills ...) over the
/// duels the ladder stored for it, by entry id; duels whose outcome does not read are left out.
std::map<int64_t, arena::grobots::Standing> grobotsStandings(const Ladder& ladder);

}  // namespace chronon::ladder
