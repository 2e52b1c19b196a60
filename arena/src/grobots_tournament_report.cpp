#include "chronon/arena/grobots_tournament_report.h"

#include <cstdio>
#include <sstream>

#include "chronon/arena/csv.h"

namespace chronon::arena::grobots {

std::string formatStandingsCsv(const std::vector<Standing>& standings) {
  std::string out = "name,score,error,survival,early_death,late_death,early_score,fraction,kills,rounds\n";
  for (const Standing& s : standings) {
    out += csvQuoted(s.name);
    char figures[256];
    std::snprintf(figures, sizeof figures, ",%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%d\n", s.score, s.error,
                  s.survival, s.earlyDeath, s.lateDeath, s.earlyScore, s.fraction, s.kills, s.rounds);
    out += figures;
  }
  return out;
}

nlohmann::json standingsJson(const std::vector<Standing>& standings) {
  nlohmann::json out = nlohmann::json::array();
  for (const Standing& s : standings) {
    out.push_back({{"name", s.name},
                   {"score", s.score},
                   {"error", s.error},
                   {"survival", s.survival},
                   {"earlyDeath", s.earlyDeath},
                   {"lateDeath", s.lateDeath},
                   {"earlyScore", s.earlyScore},
                   {"fraction", s.fraction},
                   {"kills", s.kills},
                   {"rounds", s.rounds},
                   {"brainErrors", s.brainErrors}});
  }
  return out;
}

std::string formatRoundLog(const std::vector<RoundOutcome>& rounds, const std::vector<std::string>& names) {
  std::ostringstream log;
  log << "round\tframes\tside\tseeded\talive\tfraction\tearly\tkilled\tbrain-errors\n";
  for (size_t k = 0; k < rounds.size(); ++k) {
    const RoundOutcome& r = rounds[k];
    for (size_t i = 0; i < r.sides.size() && i < names.size(); ++i) {
      const SideRound& s = r.sides[i];
      log << k + 1 << '\t' << r.frames << '\t' << tsvField(names[i]) << '\t' << s.seeded << '\t' << s.alive << '\t'
          << s.fraction << '\t' << s.earlyFraction << '\t' << s.killedFraction << '\t' << s.brainErrors << '\n';
    }
  }
  return log.str();
}

}  // namespace chronon::arena::grobots
