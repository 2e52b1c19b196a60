// Grobots tournaments: rounds spread over threads, and the results table (grobots-world.md §13).

#include "chronon/arena/grobots_tournament.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <thread>

#include "chronon/arena/random.h"

namespace chronon::arena::grobots {

TournamentResult runTournament(const std::vector<const grobocode::Side*>& sides, const TournamentOptions& options) {
  TournamentResult result;
  const int32_t total = std::max(1, options.rounds);
  result.rounds.resize(static_cast<size_t>(total));
  std::atomic<int32_t> nextRound{0};
  std::atomic<int32_t> done{0};
  std::mutex progressLock;
  const auto worker = [&] {
    for (;;) {
      const int32_t k = nextRound.fetch_add(1);
      if (k >= total) return;
      const uint64_t derived = Random::derive(options.seed, static_cast<uint64_t>(k));
      const auto seed = static_cast<int32_t>(static_cast<uint32_t>(derived ^ (derived >> 32)));
      result.rounds[static_cast<size_t>(k)] = runRound(sides, options.world, seed);
      const int32_t finished = ++done;
      if (options.progress) {
        const std::lock_guard<std::mutex> hold(progressLock);
        options.progress(finished, total);
      }
    }
  };
  unsigned workers = options.threads > 0 ? static_cast<unsigned>(options.threads) : std::thread::hardware_concurrency();
  workers = std::clamp(workers, 1u, static_cast<unsigned>(total));
  if (workers == 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (unsigned i = 0; i < workers; ++i) pool.emplace_back(worker);
    for (std::thread& t : pool) t.join();
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

}  // namespace chronon::arena::grobots
