#pragma once
// Text forms of a tournament's outcome: the fixed-width standings table of the original's results
// file (`Robot Name / Solo Score / Group Score / Total / WC Solo / WC Group / Final`), the same as CSV,
// and the per-bout log introduced in RoboWar 4.4 (`Robot Score Alive Kills Killer Chronon`), all from
// specs/robowar.md §8, and the whole tournament as JSON. Scores print with two decimals; the output
// depends only on the report (and, for the JSON, the field).

#include <string>

#include <nlohmann/json.hpp>

#include "chronon/arena/robowar_tournament.h"
#include "chronon/arena/robowar_tournament_field.h"

namespace chronon::arena::robowar {

/// The standings as an aligned table with a header line and one line per robot, in standings order:
/// rank, Robot Name, Solo Score, Group Score, Total, WC Solo, WC Group, Final. Every line ends in '\n'.
std::string formatStandingsTable(const TournamentReport& report);

/// The standings as CSV (RFC 4180 quoting) with the header
/// `rank,robot,team,solo,group,total,wc_solo,wc_group,final,in_winners_circle,bouts,wins,kills`.
std::string formatStandingsCsv(const TournamentReport& report);

/// The per-bout log, tab-separated, with the header `bout phase Robot Score Alive Kills Killer Chronon`
/// and one line per robot per bout in bout order. Score is the points the bout gave (survival plus
/// scoring kills), Alive is 1 or 0, Killer is the killer's name or "-", and Chronon is the chronon of
/// death, or the battle's length for a survivor.
std::string formatBoutLog(const TournamentReport& report);

/// The tournament as `chronon tournament --json` prints it: its options (`seed`, `duels`, `groups`,
/// `groupBouts`, `maxChronons`, `scoring`), whether it had a Winners' Circle and a list, the number
/// of `battles`, its `notes`, the robots `field` left out (`rejected`: path and message), and the
/// `standings` in order, each with its rank, robot, path, team, scores, bouts, wins and kills.
nlohmann::json tournamentJson(const TournamentReport& report, const Field& field);

/// A score as printed in tables and CSV: fixed, two decimals ("12.50").
std::string formatScore(double score);

}  // namespace chronon::arena::robowar
