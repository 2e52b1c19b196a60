#include "chronon/ladder/ladder_standings.h"

#include "chronon/arena/csv.h"
#include "text_format.h"

namespace chronon::ladder {

namespace {

using detail::format;

// The rank an entry shows: its place among the active entries, or "-" when retired.
std::string place(const Standing& s, int& rank) { return s.robot.active ? std::to_string(++rank) : "-"; }

// The Grobots line of entry `s`; zeros when the ladder has none for it.
const arena::grobots::Standing& lineOf(const GrobotsLines& grobots, const Standing& s) {
  static const arena::grobots::Standing kNone;
  const auto it = grobots.find(s.robot.id);
  return it == grobots.end() ? kNone : it->second;
}

}  // namespace

std::string formatStandingsTable(const std::vector<Standing>& table, const GrobotsLines* grobots) {
  std::string out =
      grobots != nullptr
          ? format("%4s  %-20s %6s %8s %9s %10s %8s %6s %6s %6s %7s %8s\n", "Rank", "Side", "Entry", "Rating",
                   "Deviation", "Volatility", "Matches", "Wins", "Draws", "Losses", "Score", "Survival")
          : format("%4s  %-20s %6s %8s %9s %10s %8s %6s %6s %6s %7s\n", "Rank", "Robot", "Entry", "Rating", "Deviation",
                   "Volatility", "Matches", "Wins", "Draws", "Losses", "Points");
  int rank = 0;
  for (const Standing& s : table) {
    out += format("%4s  %-20s %6lld %8.1f %9.1f %10.6f %8lld %6lld %6lld %6lld", place(s, rank).c_str(),
                  s.robot.name.c_str(), static_cast<long long>(s.robot.id), s.rating.rating, s.rating.deviation,
                  s.rating.volatility, static_cast<long long>(s.matches), static_cast<long long>(s.wins),
                  static_cast<long long>(s.draws), static_cast<long long>(s.losses));
    if (grobots != nullptr) {
      const arena::grobots::Standing& g = lineOf(*grobots, s);
      out += format(" %6.1f%% %7.0f%%\n", 100 * g.score, 100 * g.survival);
    } else {
      out += format(" %7lld\n", static_cast<long long>(s.points));
    }
  }
  return out;
}

std::string formatStandingsCsv(const std::vector<Standing>& table, const GrobotsLines* grobots) {
  std::string out = grobots != nullptr
                        ? "rank,side,entry,active,rating,deviation,volatility,matches,wins,draws,losses,score,"
                          "survival,kills\n"
                        : "rank,robot,entry,active,rating,deviation,volatility,matches,wins,draws,losses,points\n";
  int rank = 0;
  for (const Standing& s : table) {
    out += place(s, rank) + "," + arena::csvQuoted(s.robot.name);
    out += format(",%lld,%d,%.2f,%.2f,%.6f,%lld,%lld,%lld,%lld", static_cast<long long>(s.robot.id),
                  s.robot.active ? 1 : 0, s.rating.rating, s.rating.deviation, s.rating.volatility,
                  static_cast<long long>(s.matches), static_cast<long long>(s.wins), static_cast<long long>(s.draws),
                  static_cast<long long>(s.losses));
    if (grobots != nullptr) {
      const arena::grobots::Standing& g = lineOf(*grobots, s);
      out += format(",%.4f,%.4f,%.4f\n", g.score, g.survival, g.kills);
    } else {
      out += format(",%lld\n", static_cast<long long>(s.points));
    }
  }
  return out;
}

nlohmann::json standingsJson(const std::vector<Standing>& table, const GrobotsLines* grobots) {
  nlohmann::json out = nlohmann::json::array();
  int rank = 0;
  for (const Standing& s : table) {
    out.push_back({{"rank", s.robot.active ? ++rank : 0},
                   {"robot", s.robot.name},
                   {"entry", s.robot.id},
                   {"active", s.robot.active},
                   {"previous", s.robot.previous},
                   {"hash", s.robot.hash},
                   {"rating", s.rating.rating},
                   {"deviation", s.rating.deviation},
                   {"volatility", s.rating.volatility},
                   {"matches", s.matches},
                   {"wins", s.wins},
                   {"draws", s.draws},
                   {"losses", s.losses}});
    if (grobots != nullptr) {
      const arena::grobots::Standing& g = lineOf(*grobots, s);
      out.back().update({{"score", g.score},
                         {"error", g.error},
                         {"survival", g.survival},
                         {"kills", g.kills},
                         {"brainErrors", g.brainErrors}});
    } else {
      out.back()["points"] = s.points;
    }
  }
  return out;
}

void setGrobotsScores(std::vector<Standing>& table, const GrobotsLines& grobots) {
  for (Standing& s : table) s.score = format("%.1f%%", 100 * lineOf(grobots, s).score);
}

}  // namespace chronon::ladder
