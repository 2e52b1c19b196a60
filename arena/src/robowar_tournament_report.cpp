#include "chronon/arena/robowar_tournament_report.h"

#include <algorithm>
#include <cstdio>

#include "chronon/arena/csv.h"

namespace chronon::arena::robowar {

namespace {

std::string padRight(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

std::string padLeft(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

}  // namespace

std::string formatScore(double score) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f", score);
  return buffer;
}

std::string formatStandingsTable(const TournamentReport& report) {
  size_t nameWidth = std::string("Robot Name").size();
  for (const Standing& s : report.standings) nameWidth = std::max(nameWidth, s.name.size());
  const size_t w = 11;
  std::string out = padLeft("Rank", 4) + "  " + padRight("Robot Name", nameWidth);
  for (const char* column : {"Solo Score", "Group Score", "Total", "WC Solo", "WC Group", "Final"}) {
    out += "  " + padLeft(column, w);
  }
  out += '\n';
  size_t rank = 0;
  for (const Standing& s : report.standings) {
    ++rank;
    out += padLeft(std::to_string(rank), 4) + "  " + padRight(s.name, nameWidth);
    for (double v : {s.solo, s.group, s.total, s.winnersSolo, s.winnersGroup, s.finalScore}) {
      out += "  " + padLeft(formatScore(v), w);
    }
    // Trailing blanks would make the table awkward to compare; names are padded only between columns.
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
  }
  return out;
}

std::string formatStandingsCsv(const TournamentReport& report) {
  // Fields are appended piece by piece: GCC 12 at -O2 warns falsely (-Wrestrict) about
  // `"literal" + std::string&&` chains.
  std::string out = "rank,robot,team,solo,group,total,wc_solo,wc_group,final,in_winners_circle,bouts,wins,kills\n";
  size_t rank = 0;
  for (const Standing& s : report.standings) {
    ++rank;
    const Contestant& c = report.contestants[static_cast<size_t>(s.contestant)];
    out += std::to_string(rank) + "," + csvField(s.name) + "," + csvField(c.teamName);
    for (double v : {s.solo, s.group, s.total, s.winnersSolo, s.winnersGroup, s.finalScore}) {
      out += ',';
      out += formatScore(v);
    }
    out += s.inWinnersCircle ? ",1," : ",0,";
    out += std::to_string(s.boutsFought);
    out += ',';
    out += std::to_string(s.wins);
    out += ',';
    out += std::to_string(s.kills);
    out += '\n';
  }
  return out;
}

std::string formatBoutLog(const TournamentReport& report) {
  std::string out = "bout\tphase\tRobot\tScore\tAlive\tKills\tKiller\tChronon\n";
  for (const BoutResult& r : report.bouts) {
    for (size_t k = 0; k < r.bout.robots.size() && k < r.result.robots.size(); ++k) {
      const Outcome& o = r.result.robots[k];
      const Contestant& c = report.contestants[static_cast<size_t>(r.bout.robots[k])];
      std::string killer = "-";
      if (o.killer >= 0 && static_cast<size_t>(o.killer) < r.bout.robots.size()) {
        killer = tsvField(report.contestants[static_cast<size_t>(r.bout.robots[static_cast<size_t>(o.killer)])].name);
      }
      out += std::to_string(r.bout.index + 1) + "\t" + phaseName(r.bout.phase) + "\t" + tsvField(c.name) + "\t" +
             std::to_string(o.points) + "\t" + (o.alive ? "1" : "0") + "\t" + std::to_string(o.kills) + "\t" + killer +
             "\t" + std::to_string(o.alive ? r.result.chronons : o.deathChronon) + "\n";
    }
  }
  return out;
}

nlohmann::json tournamentJson(const TournamentReport& report, const Field& field) {
  nlohmann::json standings = nlohmann::json::array();
  int rank = 0;
  for (const Standing& s : report.standings) {
    const Contestant& c = report.contestants[static_cast<size_t>(s.contestant)];
    standings.push_back({{"rank", ++rank},
                         {"robot", s.name},
                         {"path", field.paths[static_cast<size_t>(s.contestant)]},
                         {"team", c.teamName},
                         {"solo", s.solo},
                         {"group", s.group},
                         {"total", s.total},
                         {"wcSolo", s.winnersSolo},
                         {"wcGroup", s.winnersGroup},
                         {"final", s.finalScore},
                         {"inWinnersCircle", s.inWinnersCircle},
                         {"bouts", s.boutsFought},
                         {"wins", s.wins},
                         {"kills", s.kills}});
  }
  nlohmann::json rejected = nlohmann::json::array();
  for (const Rejection& r : field.rejected) rejected.push_back({{"path", r.path}, {"message", r.message}});
  const TournamentOptions& o = report.options;
  return {{"seed", o.seed},
          {"duels", o.numDuels},
          {"groups", o.numGroups},
          {"groupBouts", o.groupBouts},
          {"winnersCircle", report.winnersCircle},
          {"listed", report.listed},
          {"maxChronons", o.rules.maxChronons},
          {"scoring", scoringName(o.rules.scoring)},
          {"battles", report.bouts.size()},
          {"notes", report.notes},
          {"rejected", rejected},
          {"standings", standings}};
}

}  // namespace chronon::arena::robowar
