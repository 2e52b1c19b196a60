#pragma once
// The ladder's standings as one self-contained HTML page (`chronon ladder standings DB --html FILE`):
// the table of ratings and points, and a chart of every active robot's rating after each batch. The
// chart is drawn by uPlot in the browser from JSON in the page; the script that draws it (uPlot
// included, built from editors/viewer) is inlined, so the page needs no network and no other file.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/ladder/ladder.h"

namespace chronon::ladder {

/// The page for `standings` (as Ladder::standings orders them) and `history` (each entry's
/// (batch, rating) pairs, as Ladder::ratingHistory gives them); `title` heads it. Names are escaped.
/// `chartScript` is the script that defines ChrononChart.draw (chronon carries it; see
/// editors/viewer/src/standings.ts); it must not contain "</script". The last column, headed
/// `scoreHeading`, shows each standing's `score`, or its points when that is empty.
std::string standingsPage(const std::string& title, const std::vector<Standing>& standings,
                          const std::map<int64_t, std::vector<std::pair<int64_t, Rating>>>& history,
                          std::string_view chartScript, const std::string& scoreHeading = "Points");

/// The chart data of a standings page as ChrononChart.draw reads it: `x` the batches, one line per
/// active robot with history (its name, colour, and its rating after each batch, null where it has
/// none). Exposed for tests.
nlohmann::json chartData(const std::vector<Standing>& standings,
                         const std::map<int64_t, std::vector<std::pair<int64_t, Rating>>>& history);

}  // namespace chronon::ladder
