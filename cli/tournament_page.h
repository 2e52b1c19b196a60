#pragma once
// The standings page of `chronon tournament ... --html FILE` (and of `tournament merge`): the
// standings exactly as the command prints them and a row per match; where `--replays DIR` kept the
// match's replay, the row links to a viewer page written beside it (docs/tournament-records.md says
// why a page per replay: a browser opens it offline, from any folder, with no server).

#include <string>
#include <vector>

namespace chronon::cli {

/// One match row of a standings page.
struct PageMatch {
  std::string label;                ///< What the match was: "12 duel", "round 3".
  std::vector<std::string> result;  ///< One cell per entrant: its name and how it did.
  std::string replay;               ///< The kept replay's path; empty when none was kept.
};

/// Writes the page to `path`, headed `title`, with `standings` (the text table the command prints)
/// and `matches`. For each match with a replay, writes the viewer page with that replay inside beside
/// it (the replay's path with .html for its extension, as `chronon view` names it) and links it and
/// the replay, relative to the page's folder. False after a message on stderr.
bool writeTournamentPage(const std::string& path, const std::string& title, const std::string& standings,
                         const std::vector<PageMatch>& matches);

}  // namespace chronon::cli
