#pragma once
// The ladder's standings as `chronon ladder standings` prints them: an aligned table, CSV or JSON
// (the HTML page is ladder_page.h). Every game shows the ladder's own columns (rank, entry, rating,
// duels) and adds its own: a RoboWar ladder its points, a Grobots ladder its tournament line. Active
// entries are ranked from 1 in the order given; a retired one shows "-" (0 in JSON).

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/grobots_tournament.h"
#include "chronon/ladder/ladder.h"

namespace chronon::ladder {

/// A Grobots ladder's own columns, by entry id: each entry's line of the tournament's results table
/// over its duels (grobotsStandings). A RoboWar ladder has none: it passes nullptr, and its points
/// come from each Standing.
using GrobotsLines = std::map<int64_t, arena::grobots::Standing>;

/// `table` (as Ladder::standings orders it) as an aligned table with a header line: Rank, Robot (or
/// Side), Entry, Rating, Deviation, Volatility, Matches, Wins, Draws, Losses, then Points, or for a
/// Grobots ladder (`grobots` not null; an entry missing from it shows zeros) Score and Survival as
/// percentages. Every line ends in '\n'.
std::string formatStandingsTable(const std::vector<Standing>& table, const GrobotsLines* grobots);

/// The same as CSV: `rank,robot,entry,active,rating,deviation,volatility,matches,wins,draws,losses,
/// points`, or for a Grobots ladder `rank,side,...,losses,score,survival,kills`. Names are always
/// quoted (RFC 4180).
std::string formatStandingsCsv(const std::vector<Standing>& table, const GrobotsLines* grobots);

/// The same as a JSON array: per entry `rank`, `robot`, `entry`, `active`, `previous`, `hash`,
/// `rating`, `deviation`, `volatility`, `matches`, `wins`, `draws`, `losses`, then `points`, or for a
/// Grobots ladder `score`, `error`, `survival`, `kills` and `brainErrors`.
nlohmann::json standingsJson(const std::vector<Standing>& table, const GrobotsLines* grobots);

/// Sets each Standing's `score`, the last column of the standings page (ladder_page.h), to its
/// Grobots line's score as a percentage with one decimal ("93.6%"; "0.0%" for an entry `grobots`
/// has no line for): the mean share of the final biomass, in place of the points.
void setGrobotsScores(std::vector<Standing>& table, const GrobotsLines& grobots);

}  // namespace chronon::ladder
