// Grobots tournaments: rounds spread over threads, and the results table (grobots-world.md §13).

#include "chronon/arena/grobots_tournament.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "chronon/arena/parallel.h"
#include "chronon/arena/random.h"

namespace chronon::arena::grobots {

int32_t roundSeed(uint64_t seed, int32_t round) {
  const uint64_t derived = Random::derive(seed, static_cast<uint64_t>(round));
  return static_cast<int32_t>(static_cast<uint32_t>(derived ^ (derived >> 32)));
}

std::vector<RoundOutcome> runRounds(const std::vector<const grobocode::Side*>& sides, const WorldOptions& world,
                                    uint64_t seed, const std::vector<int32_t>& rounds, int32_t threads,
                                    const std::function<void(int32_t round, const RoundOutcome& outcome)>& played,
                                    const std::function<void(int32_t done)>& progress) {
  std::vector<RoundOutcome> outcomes(rounds.size());
  int32_t done = 0;
  std::mutex progressLock;
  // Each task writes only its own slot of `outcomes`.
  parallelFor(rounds.size(), threads, [&](size_t i) {
    outcomes[i] = runRound(sides, world, roundSeed(seed, rounds[i]));
    if (played) played(rounds[i], outcomes[i]);
    if (progress) {
      const std::lock_guard<std::mutex> hold(progressLock);
      progress(++done);
    }
  });
  return outcomes;
}

std::vector<RoundOutcome> runFieldRounds(const std::vector<const grobocode::Side*>& field, const WorldOptions& world,
                                         const std::vector<FieldRound>& rounds, int32_t threads,
                                         const std::function<void(size_t i, const RoundOutcome& outcome)>& played,
                                         const std::function<void(int32_t done)>& progress) {
  std::vector<RoundOutcome> outcomes(rounds.size());
  int32_t done = 0;
  std::mutex progressLock;
  // Each task writes only its own slot of `outcomes`.
  parallelFor(rounds.size(), threads, [&](size_t i) {
    std::vector<const grobocode::Side*> sides;
    for (const int32_t s : rounds[i].sides) sides.push_back(field.at(static_cast<size_t>(s)));
    outcomes[i] = runRound(sides, world, rounds[i].seed);
    if (played) played(i, outcomes[i]);
    if (progress) {
      const std::lock_guard<std::mutex> hold(progressLock);
      progress(++done);
    }
  });
  return outcomes;
}

TournamentResult runTournament(const std::vector<const grobocode::Side*>& sides, const TournamentOptions& options,
                               RoundLog* log) {
  TournamentResult result;
  const int32_t total = std::max(1, options.rounds);
  result.rounds.resize(static_cast<size_t>(total));
  std::vector<int32_t> toPlay;
  for (int32_t k = 0; k < total; ++k) {
    const auto known = log != nullptr ? log->known.find(k) : std::map<int32_t, RoundOutcome>::iterator{};
    if (log != nullptr && known != log->known.end()) {
      result.rounds[static_cast<size_t>(k)] = known->second;
    } else {
      toPlay.push_back(k);
    }
  }
  if (log != nullptr && !log->playMissing && !toPlay.empty()) {
    log->missing = toPlay;
  } else {
    const auto base = static_cast<int32_t>(static_cast<size_t>(total) - toPlay.size());
    std::function<void(int32_t)> progress;
    if (options.progress) progress = [&](int32_t done) { options.progress(base + done, total); };
    std::vector<RoundOutcome> played = runRounds(sides, options.world, options.seed, toPlay, options.threads,
                                                 log != nullptr ? log->played : nullptr, progress);
    for (size_t i = 0; i < toPlay.size(); ++i) result.rounds[static_cast<size_t>(toPlay[i])] = std::move(played[i]);
  }
  std::vector<std::string> names;
  for (const grobocode::Side* s : sides) names.push_back(s->name);
  result.standings = standings(result.rounds, names);
  return result;
}

std::vector<Standing> standings(const std::vector<RoundOutcome>& rounds, const std::vector<std::string>& names) {
  std::vector<Standing> out(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    Standing& s = out[i];
    s.name = names[i];
    double sum = 0, sumSquares = 0, early = 0, kills = 0, survivedFraction = 0;
    int32_t sterile = 0, earlyDeaths = 0, survived = 0;
    for (const RoundOutcome& round : rounds) {
      if (i >= round.sides.size() || !round.sides[i].seeded) continue;
      const SideRound& r = round.sides[i];
      ++s.rounds;
      sum += r.fraction;
      sumSquares += r.fraction * r.fraction;
      early += r.earlyFraction;
      kills += r.killedFraction;
      sterile += r.sterile ? 1 : 0;
      earlyDeaths += r.earlyDeath ? 1 : 0;
      if (r.alive) {
        ++survived;
        survivedFraction += r.fraction;
      }
      s.brainErrors += r.brainErrors;
    }
    if (s.rounds == 0) continue;
    const double n = s.rounds;
    s.score = sum / n;
    const double variance = std::max(0.0, sumSquares / n - s.score * s.score);
    s.error = s.rounds > 1 ? 2 * std::sqrt(variance) / std::sqrt(n - 1) : 1.0;
    s.survival = 1 - sterile / n;
    s.earlyDeath = earlyDeaths / n;
    s.lateDeath = s.rounds > earlyDeaths ? 1 - (n - sterile) / (n - earlyDeaths) : 0;
    s.earlyScore = early / n;
    s.fraction = survived > 0 ? survivedFraction / survived : 0;
    s.kills = kills / n;
  }
  return out;
}

std::string formatStandings(const std::vector<Standing>& standings) {
  std::vector<const Standing*> sorted;
  for (const Standing& s : standings) sorted.push_back(&s);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Standing* a, const Standing* b) { return a->score > b->score; });
  std::string out = "score\terror\tsurvival\tearly-death\tlate-death\tearly-score\tfraction\tkills\trounds\tname\n";
  char line[512];
  for (const Standing* s : sorted) {
    std::snprintf(line, sizeof line, "%.1f%%\t%.1f%%\t%.0f%%\t%.0f%%\t%.0f%%\t%.1f%%\t%.0f%%\t%.0f%%\t%d\t",
                  100 * s->score, 100 * s->error, 100 * s->survival, 100 * s->earlyDeath, 100 * s->lateDeath,
                  100 * s->earlyScore, 100 * s->fraction, 100 * s->kills, s->rounds);
    out += line;
    out += s->name;
    out += '\n';
  }
  return out;
}

std::vector<Standing> parseStandings(const std::string& text) {
  std::vector<Standing> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#' || line.rfind("score", 0) == 0) continue;
    std::vector<std::string> fields;
    size_t from = 0;
    for (int i = 0; i < 9; ++i) {
      const size_t tab = line.find('\t', from);
      if (tab == std::string::npos) break;
      fields.push_back(line.substr(from, tab - from));
      from = tab + 1;
    }
    if (fields.size() != 9) continue;
    std::vector<double> values;
    bool ok = true;
    for (const std::string& f : fields) {
      char* stop = nullptr;
      const double v = std::strtod(f.c_str(), &stop);
      ok = ok && stop != f.c_str();
      values.push_back(v);
    }
    if (!ok) continue;
    Standing s;
    s.score = values[0] / 100;
    s.error = values[1] / 100;
    s.survival = values[2] / 100;
    s.earlyDeath = values[3] / 100;
    s.lateDeath = values[4] / 100;
    s.earlyScore = values[5] / 100;
    s.fraction = values[6] / 100;
    s.kills = values[7] / 100;
    s.rounds = static_cast<int32_t>(values[8]);
    s.name = line.substr(from);
    out.push_back(s);
  }
  return out;
}

namespace {
// Ranks with ties sharing their mean rank, 1 = best score.
std::vector<double> ranks(const std::vector<double>& scores) {
  std::vector<double> out(scores.size());
  for (size_t i = 0; i < scores.size(); ++i) {
    double better = 0;
    double equal = 0;
    for (const double other : scores) {
      better += other > scores[i] ? 1 : 0;
      equal += other == scores[i] ? 1 : 0;
    }
    out[i] = better + (equal + 1) / 2;
  }
  return out;
}
}  // namespace

Comparison compareStandings(const std::vector<Standing>& ours, const std::vector<Standing>& reference) {
  Comparison c;
  std::vector<double> a;
  std::vector<double> b;
  for (const Standing& s : ours) {
    const Standing* ref = nullptr;
    for (const Standing& r : reference) ref = r.name == s.name ? &r : ref;
    if (ref == nullptr) {
      c.deviations.push_back(-1);
      continue;
    }
    ++c.matched;
    a.push_back(s.score);
    b.push_back(ref->score);
    const double combined = std::sqrt(s.error * s.error + ref->error * ref->error);
    const double deviation =
        combined > 0 ? std::fabs(s.score - ref->score) / combined : (s.score == ref->score ? 0.0 : HUGE_VAL);
    c.deviations.push_back(deviation);
    c.worstDeviation = std::max(c.worstDeviation, deviation);
  }
  if (a.size() >= 2) {
    const std::vector<double> ra = ranks(a);
    const std::vector<double> rb = ranks(b);
    // Pearson correlation of the ranks, which handles ties.
    const double n = static_cast<double>(ra.size());
    double ma = 0, mb = 0;
    for (size_t i = 0; i < ra.size(); ++i) {
      ma += ra[i] / n;
      mb += rb[i] / n;
    }
    double sab = 0, saa = 0, sbb = 0;
    for (size_t i = 0; i < ra.size(); ++i) {
      sab += (ra[i] - ma) * (rb[i] - mb);
      saa += (ra[i] - ma) * (ra[i] - ma);
      sbb += (rb[i] - mb) * (rb[i] - mb);
    }
    c.spearman = saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 0;
  }
  return c;
}

}  // namespace chronon::arena::grobots
