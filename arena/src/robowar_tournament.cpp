#include "chronon/arena/robowar_tournament.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <numeric>

#include "chronon/arena/parallel.h"
#include "chronon/arena/random.h"
#include "chronon/vm/robotalk_bytecode.h"

namespace chronon::arena::robowar {

namespace {

// Group draws use their own stream, far from the bout indices, so drawing groups never reuses a
// battle's seed.
constexpr uint64_t kDrawStream = 0x6472617773ull;  // "draws"

bool isGroupPhase(BoutPhase phase) {
  switch (phase) {
    case BoutPhase::kGroup:
    case BoutPhase::kWinnersGroup: return true;
    case BoutPhase::kDuel:
    case BoutPhase::kWinnersDuel:
    case BoutPhase::kListed: return false;
  }
  return false;
}

}  // namespace

const char* phaseName(BoutPhase phase) {
  switch (phase) {
    case BoutPhase::kDuel: return "duel";
    case BoutPhase::kGroup: return "group";
    case BoutPhase::kWinnersDuel: return "wc-duel";
    case BoutPhase::kWinnersGroup: return "wc-group";
    case BoutPhase::kListed: return "listed";
  }
  return "?";
}

int winnersDuels(int numDuels) { return (8 * numDuels + 1) / 3; }

int winnersGroupRounds(int numGroups) { return 16 * numGroups; }

std::vector<Bout> scheduleDuels(const std::vector<Contestant>& contestants, const std::vector<int>& members,
                                int duelsPerPair, BoutPhase phase, size_t firstIndex, uint64_t seed) {
  std::vector<Bout> bouts;
  size_t index = firstIndex;
  for (size_t a = 0; a < members.size(); ++a) {
    for (size_t b = a + 1; b < members.size(); ++b) {
      const Contestant& first = contestants[static_cast<size_t>(members[a])];
      const Contestant& second = contestants[static_cast<size_t>(members[b])];
      // Teammates fight on one side; a duel between them would end at once with no contest.
      if (first.team != 0 && first.team == second.team) continue;
      for (int k = 0; k < duelsPerPair; ++k) {
        bouts.push_back(Bout{index, phase, {members[a], members[b]}, Random::derive(seed, index)});
        ++index;
      }
    }
  }
  return bouts;
}

std::vector<Bout> scheduleGroups(const std::vector<int>& members, int groupCount, int groupBouts, BoutPhase phase,
                                 size_t firstIndex, uint64_t seed) {
  std::vector<Bout> bouts;
  if (members.size() < 2 || groupCount <= 0 || groupBouts <= 0) return bouts;
  Random draw(Random::derive(Random::derive(seed, kDrawStream), firstIndex));
  const size_t size = std::min<size_t>(kGroupSize, members.size());
  size_t index = firstIndex;
  std::vector<int> pool = members;
  for (int g = 0; g < groupCount; ++g) {
    // A partial Fisher-Yates shuffle picks `size` distinct robots; sorting keeps entry order stable.
    for (size_t i = 0; i < size; ++i) {
      const size_t j = i + draw.below(static_cast<uint32_t>(pool.size() - i));
      std::swap(pool[i], pool[j]);
    }
    std::vector<int> group(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(size));
    std::sort(group.begin(), group.end());
    for (int k = 0; k < groupBouts; ++k) {
      bouts.push_back(Bout{index, phase, group, Random::derive(seed, index)});
      ++index;
    }
  }
  return bouts;
}

std::vector<BoutResult> runBouts(const std::vector<Contestant>& contestants, const std::vector<Bout>& bouts,
                                 const Rules& rules, int threads, const BattleRunner& runner,
                                 const ProgressCallback& progress, size_t progressBase, size_t progressTotal,
                                 const PlayedCallback& played) {
  std::vector<BoutResult> results(bouts.size());
  std::mutex progressMutex;
  size_t done = 0;
  if (progressTotal == 0) progressTotal = bouts.size();
  // Each task writes only its own slot of `results`; the programs are read-only and shared.
  parallelForWithWorkers(bouts.size(), threads, [&]() -> std::function<void(size_t)> {
    // This thread's decoded programs, made on first use and shared by its battles (Entry::code).
    auto decoded = std::make_shared<std::vector<std::unique_ptr<robotalk::Bytecode>>>(contestants.size());
    return [&, decoded](size_t i) {
      const Bout& bout = bouts[i];
      std::vector<Entry> entries;
      entries.reserve(bout.robots.size());
      for (int r : bout.robots) {
        const Contestant& c = contestants[static_cast<size_t>(r)];
        std::unique_ptr<robotalk::Bytecode>& code = (*decoded)[static_cast<size_t>(r)];
        if (!code && c.program != nullptr) code = std::make_unique<robotalk::Bytecode>(robotalk::decode(*c.program));
        entries.push_back(Entry{c.program, c.team, code.get()});
      }
      results[i].bout = bout;
      results[i].result = runner ? runner(entries, bout.seed, rules) : runBattle(entries, bout.seed, rules, false);
      if (played) played(results[i]);
      if (progress) {
        std::lock_guard<std::mutex> lock(progressMutex);
        ++done;
        progress(progressBase + done, progressTotal);
      }
    };
  });
  return results;
}

namespace {

// Adds the counts every phase shares (bouts, wins, kills) to the standings.
void countBout(std::vector<Standing>& standings, const BoutResult& r) {
  for (size_t k = 0; k < r.bout.robots.size() && k < r.result.robots.size(); ++k) {
    Standing& s = standings[static_cast<size_t>(r.bout.robots[k])];
    const Outcome& o = r.result.robots[k];
    ++s.boutsFought;
    if (o.alive) ++s.wins;
    s.kills += o.kills;
  }
}

std::vector<Standing> emptyStandings(int contestantCount) {
  std::vector<Standing> standings(static_cast<size_t>(std::max(contestantCount, 0)));
  for (size_t i = 0; i < standings.size(); ++i) standings[i].contestant = static_cast<int>(i);
  return standings;
}

}  // namespace

std::vector<Standing> scoreMainRound(int contestantCount, const std::vector<BoutResult>& results,
                                     const TournamentOptions& options) {
  std::vector<Standing> standings = emptyStandings(contestantCount);
  std::vector<int> groupBoutsFought(standings.size(), 0);
  std::vector<double> groupPoints(standings.size(), 0);
  for (const BoutResult& r : results) {
    if (r.bout.phase != BoutPhase::kDuel && r.bout.phase != BoutPhase::kGroup) continue;
    countBout(standings, r);
    for (size_t k = 0; k < r.bout.robots.size() && k < r.result.robots.size(); ++k) {
      const size_t who = static_cast<size_t>(r.bout.robots[k]);
      const int points = r.result.robots[k].points;
      if (r.bout.phase == BoutPhase::kDuel) {
        standings[who].solo += points;
        ++standings[who].duelsFought;
      } else {
        groupPoints[who] += points;
        ++groupBoutsFought[who];
      }
    }
  }
  const int groupBouts = std::max(options.groupBouts, 1);
  const double n = static_cast<double>(contestantCount);
  for (size_t i = 0; i < standings.size(); ++i) {
    Standing& s = standings[i];
    // A group draw is fought groupBouts times in a row, so bouts / groupBouts is the number of draws.
    s.groupsFought = groupBoutsFought[i] / groupBouts;
    if (groupBoutsFought[i] > 0) {
      const double groupsFought = static_cast<double>(groupBoutsFought[i]) / groupBouts;
      s.group = groupPoints[i] * options.numDuels * (n - 1) / (2.0 * groupBouts * groupsFought);
    }
    s.total = s.solo + s.group;
    s.finalScore = s.total;
  }
  return standings;
}

void scoreWinnersCircle(std::vector<Standing>& standings, const std::vector<int>& finalists,
                        const std::vector<BoutResult>& results, const TournamentOptions& options) {
  std::vector<double> duelPoints(standings.size(), 0);
  std::vector<double> groupPoints(standings.size(), 0);
  for (const BoutResult& r : results) {
    if (r.bout.phase != BoutPhase::kWinnersDuel && r.bout.phase != BoutPhase::kWinnersGroup) continue;
    countBout(standings, r);
    for (size_t k = 0; k < r.bout.robots.size() && k < r.result.robots.size(); ++k) {
      const size_t who = static_cast<size_t>(r.bout.robots[k]);
      (isGroupPhase(r.bout.phase) ? groupPoints : duelPoints)[who] += r.result.robots[k].points;
    }
  }
  const double n = static_cast<double>(standings.size());
  const double w = static_cast<double>(finalists.size());
  const double mainScale = options.numDuels * (n - 1);
  const int wcDuels = winnersDuels(options.numDuels);
  const int wcRounds = winnersGroupRounds(options.numGroups);
  for (int f : finalists) {
    Standing& s = standings[static_cast<size_t>(f)];
    s.inWinnersCircle = true;
    s.winnersSolo = (wcDuels > 0 && w > 1) ? duelPoints[static_cast<size_t>(f)] * mainScale / (wcDuels * (w - 1)) : 0;
    s.winnersGroup = wcRounds > 0 ? groupPoints[static_cast<size_t>(f)] * mainScale / (2.0 * wcRounds) : 0;
    s.finalScore = s.total + s.winnersSolo + s.winnersGroup;
  }
}

std::vector<int> topContestants(const std::vector<Standing>& standings, int count) {
  std::vector<int> order(standings.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return standings[static_cast<size_t>(a)].total > standings[static_cast<size_t>(b)].total;
  });
  if (count >= 0 && order.size() > static_cast<size_t>(count)) order.resize(static_cast<size_t>(count));
  std::sort(order.begin(), order.end());
  return order;
}

void sortStandings(std::vector<Standing>& standings) {
  std::stable_sort(standings.begin(), standings.end(), [](const Standing& a, const Standing& b) {
    if (a.finalScore != b.finalScore) return a.finalScore > b.finalScore;
    return a.name < b.name;
  });
}

namespace {

std::string checkOptions(const std::vector<Contestant>& contestants, const TournamentOptions& options) {
  if (contestants.size() < 2)
    return "a tournament needs at least two robots (got " + std::to_string(contestants.size()) + ")";
  if (options.numDuels < 0) return "the number of duels must be 0 or more";
  if (options.numGroups < 0) return "the number of groups must be 0 or more";
  if (options.groupBouts < 1) return "the number of bouts per group must be 1 or more";
  if (options.rules.maxChronons < 1) return "the chronon limit must be 1 or more";
  if (options.threads < 0) return "the number of threads must be 0 (all cores) or more";
  // Bound the work so that absurd options give a message instead of hours of battles or exhausted memory.
  const double n = static_cast<double>(contestants.size());
  const double bouts = n * (n - 1) / 2 * options.numDuels * (options.basic ? 1.0 : 2.0) +
                       n * options.numGroups * options.groupBouts + 16.0 * options.numGroups * options.groupBouts;
  if (bouts > 5e6)
    return "the tournament would need more than 5 million battles; lower --duels, --groups or --group-bouts";
  for (const Contestant& c : contestants) {
    if (c.program == nullptr) return "robot '" + c.name + "' has no program";
  }
  return {};
}

// Plays one stage of a tournament into `out`: without a log every bout; with one, the known results
// are taken and the rest played, or, when the log does not play them, listed in log->missing with
// `error` set (false is returned then). `base` and `total` are the progress counts around the stage.
bool runStage(const std::vector<Contestant>& field, const std::vector<Bout>& bouts, const TournamentOptions& options,
              const BattleRunner& runner, const ProgressCallback& progress, size_t base, size_t total, ResultLog* log,
              std::vector<BoutResult>& out, std::string& error) {
  if (log == nullptr) {
    out = runBouts(field, bouts, options.rules, options.threads, runner, progress, base, total);
    return true;
  }
  if (log->planned) log->planned(bouts);
  std::vector<BoutResult> results(bouts.size());
  std::vector<Bout> toPlay;
  std::vector<size_t> slots;
  for (size_t i = 0; i < bouts.size(); ++i) {
    const auto it = log->known.find(bouts[i].index);
    if (it != log->known.end()) {
      results[i] = BoutResult{bouts[i], it->second};
    } else {
      toPlay.push_back(bouts[i]);
      slots.push_back(i);
    }
  }
  if (!toPlay.empty() && !log->playMissing) {
    error = std::to_string(toPlay.size()) + " of " + std::to_string(bouts.size()) +
            " matches of this stage have no result (the first is match " + std::to_string(toPlay.front().index) + ")";
    log->missing = std::move(toPlay);
    return false;
  }
  const size_t known = bouts.size() - toPlay.size();
  std::vector<BoutResult> played =
      runBouts(field, toPlay, options.rules, options.threads, runner, progress, base + known, total, log->played);
  for (size_t k = 0; k < played.size(); ++k) results[slots[k]] = std::move(played[k]);
  out = std::move(results);
  return true;
}

void nameStandings(TournamentReport& report) {
  for (Standing& s : report.standings) s.name = report.contestants[static_cast<size_t>(s.contestant)].name;
}

}  // namespace

TournamentReport runTournament(std::vector<Contestant> contestants, const TournamentOptions& options,
                               const BattleRunner& runner, const ProgressCallback& progress, std::string& error,
                               ResultLog* log) {
  TournamentReport report;
  report.options = options;
  error = checkOptions(contestants, options);
  if (!error.empty()) return report;
  report.contestants = std::move(contestants);
  const std::vector<Contestant>& field = report.contestants;
  const int n = static_cast<int>(field.size());
  std::vector<int> everyone(static_cast<size_t>(n));
  std::iota(everyone.begin(), everyone.end(), 0);

  if (n < kGroupSize && options.numGroups > 0) {
    report.notes.push_back("fewer than " + std::to_string(kGroupSize) + " robots: every group uses all " +
                           std::to_string(n));
  }
  std::vector<Bout> bouts = scheduleDuels(field, everyone, options.numDuels, BoutPhase::kDuel, 0, options.seed);
  std::vector<Bout> groups = scheduleGroups(everyone, n * options.numGroups, options.groupBouts, BoutPhase::kGroup,
                                            bouts.size(), options.seed);
  bouts.insert(bouts.end(), std::make_move_iterator(groups.begin()), std::make_move_iterator(groups.end()));

  // The Winners' Circle's size is known before the main round ends, so progress can show one total.
  const bool circle = !options.basic;
  const int w = std::min(n, kGroupSize);
  size_t circleBouts = 0;
  if (circle) {
    std::vector<int> any(everyone.begin(), everyone.begin() + w);
    circleBouts = scheduleDuels(field, any, winnersDuels(options.numDuels), BoutPhase::kWinnersDuel, 0, 0).size() +
                  static_cast<size_t>(winnersGroupRounds(options.numGroups));
  }
  const size_t total = bouts.size() + circleBouts;

  if (!runStage(field, bouts, options, runner, progress, 0, total, log, report.bouts, error)) return report;
  report.standings = scoreMainRound(n, report.bouts, options);

  if (circle) {
    report.winnersCircle = true;
    const std::vector<int> finalists = topContestants(report.standings, kGroupSize);
    std::vector<Bout> wc = scheduleDuels(field, finalists, winnersDuels(options.numDuels), BoutPhase::kWinnersDuel,
                                         report.bouts.size(), options.seed);
    std::vector<Bout> wcGroups =
        scheduleGroups(finalists, winnersGroupRounds(options.numGroups), 1, BoutPhase::kWinnersGroup,
                       report.bouts.size() + wc.size(), options.seed);
    wc.insert(wc.end(), std::make_move_iterator(wcGroups.begin()), std::make_move_iterator(wcGroups.end()));
    // A team can change the duel count of the circle (teammates never duel), so the total is re-read.
    const size_t done = report.bouts.size();
    std::vector<BoutResult> wcResults;
    if (!runStage(field, wc, options, runner, progress, done, done + wc.size(), log, wcResults, error)) return report;
    report.bouts.insert(report.bouts.end(), std::make_move_iterator(wcResults.begin()),
                        std::make_move_iterator(wcResults.end()));
    scoreWinnersCircle(report.standings, finalists, report.bouts, options);
  }
  nameStandings(report);
  sortStandings(report.standings);
  return report;
}

TournamentReport runListedTournament(std::vector<Contestant> contestants, const std::vector<ListedCombat>& combats,
                                     const TournamentOptions& options, const BattleRunner& runner,
                                     const ProgressCallback& progress, std::string& error, ResultLog* log) {
  TournamentReport report;
  report.options = options;
  report.listed = true;
  if (combats.empty()) {
    error = "the tournament list names no combats";
    return report;
  }
  if (options.rules.maxChronons < 1) {
    error = "the chronon limit must be 1 or more";
    return report;
  }
  report.contestants = std::move(contestants);
  std::vector<Bout> bouts;
  for (const ListedCombat& combat : combats) {
    if (combat.robots.size() < 2 || combat.robots.size() > static_cast<size_t>(kGroupSize)) {
      error = "a combat must involve from two to six robots";
      return report;
    }
    for (int k = 0; k < combat.count; ++k) {
      const size_t index = bouts.size();
      bouts.push_back(Bout{index, BoutPhase::kListed, combat.robots, Random::derive(options.seed, index)});
    }
  }
  if (!runStage(report.contestants, bouts, options, runner, progress, 0, bouts.size(), log, report.bouts, error))
    return report;
  report.standings = emptyStandings(static_cast<int>(report.contestants.size()));
  for (const BoutResult& r : report.bouts) {
    countBout(report.standings, r);
    for (size_t k = 0; k < r.bout.robots.size() && k < r.result.robots.size(); ++k) {
      Standing& s = report.standings[static_cast<size_t>(r.bout.robots[k])];
      if (r.bout.robots.size() == 2) {
        s.solo += r.result.robots[k].points;
        ++s.duelsFought;
      } else {
        s.group += r.result.robots[k].points;
      }
    }
  }
  for (Standing& s : report.standings) {
    s.total = s.solo + s.group;
    s.finalScore = s.total;
  }
  nameStandings(report);
  sortStandings(report.standings);
  return report;
}

}  // namespace chronon::arena::robowar
