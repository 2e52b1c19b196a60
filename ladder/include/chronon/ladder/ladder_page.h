#pragma once
// The ladder's standings as one self-contained HTML page (`chronon ladder standings DB --html FILE`):
// the table of ratings and points, and a chart of every active robot's rating after each batch, drawn
// as inline SVG so that the page needs no script, no network and no other file.

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "chronon/ladder/ladder.h"

namespace chronon::ladder {

/// The page for `standings` (as Ladder::standings orders them) and `history` (each entry's
/// (batch, rating) pairs, as Ladder::ratingHistory gives them); `title` heads it. Names are escaped.
std::string standingsPage(const std::string& title, const std::vector<Standing>& standings,
                          const std::map<int64_t, std::vector<std::pair<int64_t, Rating>>>& history);

}  // namespace chronon::ladder
