#pragma once
// What `chronon tournament` writes of a Grobots tournament besides the standings table
// (formatStandings, grobots_tournament.h, which parseStandings reads back): the standings as CSV and
// as JSON, and the log of its rounds. Each depends only on what it is given.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/grobots_tournament.h"

namespace chronon::arena::grobots {

/// The standings as CSV with the header
/// `name,score,error,survival,early_death,late_death,early_score,fraction,kills,rounds` and one line
/// per side in the order given: the name always quoted (RFC 4180: a quote inside is doubled), the
/// figures with four decimals, the rounds as a whole number.
std::string formatStandingsCsv(const std::vector<Standing>& standings);

/// The standings as a JSON array, one object per side in the order given, with every field of
/// Standing under its own name (`name`, `score`, `error`, `survival`, `earlyDeath`, `lateDeath`,
/// `earlyScore`, `fraction`, `kills`, `rounds`, `brainErrors`).
nlohmann::json standingsJson(const std::vector<Standing>& standings);

/// The log of `rounds`, tab-separated, with the header
/// `round frames side seeded alive fraction early killed brain-errors` and one line per round (from 1)
/// and side, in round order then the rounds' side order; `names` names the sides in that order (a
/// tab or line break in a name prints as a space).
/// Fractions print as C++ streams print a double (six significant digits).
std::string formatRoundLog(const std::vector<RoundOutcome>& rounds, const std::vector<std::string>& names);

}  // namespace chronon::arena::grobots
