// `chronon tournament` for Grobots sides (specs/grobots-world.md §13-14) in every mode: run (fresh,
// --out, --resume), plan, play, merge and verify. The tournament itself and its records are in arena/.

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "chronon/arena/entry_files.h"
#include "chronon/arena/grobots_replay.h"
#include "chronon/arena/grobots_tournament.h"
#include "chronon/arena/grobots_tournament_records.h"
#include "chronon/arena/grobots_tournament_report.h"
#include "chronon/arena/parallel.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/jsonrpc/json_text.h"
#include "commands.h"
#include "replay_output.h"
#include "tournament_command.h"
#include "tournament_page.h"

namespace chronon::cli {

namespace {

namespace gb = chronon::arena::grobots;

// The file name of round k's replay (from 0) in --replays DIR: round-NNNN.replay, counted from 1.
std::string roundReplayName(size_t k) {
  char number[24];
  std::snprintf(number, sizeof number, "%04zu", k + 1);
  return std::string("round-") + number + ".replay";
}

// Plays every round of a tournament again with a recorder (rounds are deterministic, so each is the
// round the standings counted) and writes its replay into `folder`; false after a message on failure.
bool writeRoundReplays(const std::vector<LoadedSide>& loaded, const gb::TournamentOptions& options,
                       const char* engineName, const std::string& folder) {
  if (!makeFolder(folder, "tournament")) return false;
  std::vector<const grobocode::Side*> sides;
  std::vector<arena::replay::Entrant> entrants;
  for (const LoadedSide& s : loaded) {
    sides.push_back(&s.result.side);
    entrants.push_back({s.result.side.name, s.file.name(), std::string(s.file.text())});
  }
  std::atomic<bool> ok{true};
  arena::parallelFor(static_cast<size_t>(options.rounds), options.threads, [&](size_t k) {
    const int32_t seed = gb::roundSeed(options.seed, static_cast<int32_t>(k));
    ReplayOutput output((std::filesystem::path(folder) / roundReplayName(k)).string());
    gb::recordRound(sides, entrants, options.world, seed, engineName, {}, output.sink());
    if (!output.finish("")) ok = false;
  });
  if (ok) std::fprintf(stderr, "replays of %d rounds written to %s\n", options.rounds, folder.c_str());
  return ok;
}

// A tournament's sides, options and plan header, from the command line or from a plan.
struct Tournament {
  std::vector<LoadedSide> loaded;
  std::vector<const grobocode::Side*> sides;
  gb::TournamentOptions options;
  nlohmann::json header;
  std::string planId;
};

bool loadFromCommand(const TournamentCommand& c, Tournament& t) {
  gb::TournamentOptions& o = t.options;
  o.rounds = c.rounds;
  o.seed = c.seed;
  o.world.frameLimit = c.frames;
  o.world.seedLimit = c.sidesPerRound;
  parseWorld(c.world, o.world);
  t.loaded = loadSides(arena::entryFiles(c.inputs, grobocode::isSideFileName));
  if (t.loaded.empty()) {
    std::fprintf(stderr, "chronon tournament: no side to play\n");
    return false;
  }
  std::vector<gb::PlannedSide> planned;
  for (const LoadedSide& s : t.loaded) {
    planned.push_back({s.result.side.name, s.file.name(), std::string(s.file.text())});
  }
  t.header = gb::planHeader(planned, o);
  t.planId = arena::records::planId(t.header);
  return true;
}

bool loadFromPlan(const nlohmann::json& header, Tournament& t) {
  std::string error;
  if (!gb::optionsFromPlan(header, t.options, error)) {
    std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
    return false;
  }
  std::optional<std::vector<LoadedSide>> loaded = gb::sidesFromPlan(header, error);
  if (!reported(loaded.has_value(), error)) return false;
  t.loaded = std::move(*loaded);
  t.header = header;
  t.planId = arena::records::planId(header);
  return true;
}

int printStandings(const TournamentCommand& c, const Tournament& t, const gb::TournamentResult& result) {
  if (!c.replayDir.empty() &&
      !writeRoundReplays(t.loaded, t.options, c.engines.jitRequested ? "jit" : "interpreter", c.replayDir))
    return 1;
  if (!c.logPath.empty()) {
    std::vector<std::string> names;
    for (const grobocode::Side* side : t.sides) names.push_back(side->name);
    if (!writeWholeFile(c.logPath, gb::formatRoundLog(result.rounds, names))) return 1;
  }
  if (!c.htmlPath.empty()) {
    std::vector<PageMatch> matches;
    for (size_t k = 0; k < result.rounds.size(); ++k) {
      const gb::RoundOutcome& r = result.rounds[k];
      PageMatch m;
      m.label = "round " + std::to_string(k + 1) + " (" + std::to_string(r.frames) + " frames)";
      for (size_t i = 0; i < r.sides.size(); ++i) {
        if (!r.sides[i].seeded) continue;
        char share[32];
        std::snprintf(share, sizeof share, " %.1f%%", 100 * r.sides[i].fraction);
        m.result.push_back(t.sides[i]->name + share + (r.sides[i].alive ? "" : " (died)"));
      }
      if (!c.replayDir.empty()) m.replay = (std::filesystem::path(c.replayDir) / roundReplayName(k)).string();
      matches.push_back(std::move(m));
    }
    if (!writeTournamentPage(c.htmlPath, "Grobots tournament (seed " + std::to_string(t.options.seed) + ")",
                             gb::formatStandings(result.standings), matches))
      return 1;
  }
  if (c.json) {
    std::printf("%s\n", jsonrpc::jsonText(gb::standingsJson(result.standings), 2).c_str());
  } else if (c.csv) {
    std::fputs(gb::formatStandingsCsv(result.standings).c_str(), stdout);
  } else {
    std::fputs(gb::formatStandings(result.standings).c_str(), stdout);
  }
  return 0;
}

// The results among `records` as known outcomes, each answering the plan's round; false after a
// message. A result whose match is not the plan's round is left out with a note.
bool knownResults(const Tournament& t, const std::vector<nlohmann::json>& records, gb::RoundLog& log) {
  std::map<size_t, const nlohmann::json*> byIndex;
  if (!resultsByIndex(records, t.planId, byIndex)) return false;
  std::vector<std::string> notes;
  std::string error;
  const bool read = gb::knownRounds(byIndex, t.header, t.sides.size(), t.options.rounds, log.known, notes, error);
  for (const std::string& note : notes) std::fprintf(stderr, "chronon tournament: note: %s\n", note.c_str());
  return reported(read, error);
}

std::function<void(int32_t, const gb::RoundOutcome&)> recordTo(const Tournament& t, const std::string& engine,
                                                               const std::function<void(const nlohmann::json&)>& out) {
  return [&t, engine, out](int32_t round, const gb::RoundOutcome& outcome) {
    out(arena::records::resultRecord(t.planId, gb::matchRecord(round, t.header), engine, gb::outcomeJson(outcome)));
  };
}

int run(TournamentCommand& c, Tournament& t) {
  records::RunFolder folder;
  const bool keep = !c.outDir.empty() || !c.resumeDir.empty();
  gb::RoundLog log;
  if (!openRunFolder(folder, c, t.header)) return 1;
  if (!c.resumeDir.empty() && !knownResults(t, folder.results(), log)) return 1;
  std::string error;
  if (keep) {
    std::vector<nlohmann::json> matches;
    for (int32_t k = 0; k < t.options.rounds; ++k) matches.push_back(gb::matchRecord(k, t.header));
    if (!reported(folder.plan(matches, error), error)) return 1;
  }
  prepareEngine(c.engines, t.sides);
  t.options.world.engine = &c.engines.engine();
  log.played = recordTo(t, engineName(c.engines, c.engines.jit != nullptr),
                        [&](const nlohmann::json& record) { folder.result(record); });
  ProgressLine line(log.known.size());
  if (line.enabled()) {
    t.options.progress = [&](int32_t done, int32_t total) {
      line.update(static_cast<size_t>(done), static_cast<size_t>(total));
    };
  }
  const gb::TournamentResult result = gb::runTournament(t.sides, t.options, keep ? &log : nullptr);
  if (keep && !reported(folder.finish(error), error)) return 1;
  printEngineStats(c.engines);
  return finishCommand(c.engines, printStandings(c, t, result));
}

int planOrMerge(TournamentCommand& c, Tournament& t, const arena::records::RecordSet* set) {
  gb::RoundLog log;
  log.playMissing = false;
  if (set != nullptr && !knownResults(t, set->results, log)) return 1;
  const gb::TournamentResult result = gb::runTournament(t.sides, t.options, &log);
  if (c.mode == TournamentMode::kPlan) {
    printLine(jsonrpc::jsonText(t.header));
    if (log.missing.empty())
      std::fprintf(stderr, "chronon tournament: every match has a result; nothing is left to plan\n");
    for (const int32_t k : log.missing) printLine(jsonrpc::jsonText(gb::matchRecord(k, t.header)));
    return 0;
  }
  if (!log.missing.empty()) {
    std::fprintf(stderr, "chronon tournament: %zu of %d rounds have no result (the first is match %d)\n",
                 log.missing.size(), t.options.rounds, log.missing.front());
    return 1;
  }
  return printStandings(c, t, result);
}

int playMatches(TournamentCommand& c, Tournament& t, const arena::records::RecordSet& set) {
  std::string error;
  const std::optional<gb::PlannedRounds> planned = gb::roundsOfMatches(
      shardMatches(set, c.shard), t.header, t.sides.size(), t.options.rounds, t.options.seed, error);
  if (!reported(planned.has_value(), error)) return 1;
  const std::vector<int32_t>& rounds = planned->rounds;
  const std::vector<gb::FieldRound>& duels = planned->duels;
  const std::vector<nlohmann::json>& duelMatches = planned->duelMatches;
  prepareEngine(c.engines, t.sides);
  t.options.world.engine = &c.engines.engine();
  const std::string engine = engineName(c.engines, c.engines.jit != nullptr);
  const size_t total = rounds.size() + duels.size();
  ProgressLine line(0);
  std::function<void(int32_t)> progress;
  if (line.enabled()) progress = [&](int32_t done) { line.update(static_cast<size_t>(done), total); };
  gb::runRounds(t.sides, t.options.world, t.options.seed, rounds, c.threads,
                recordTo(t, engine, [](const nlohmann::json& record) { printLine(jsonrpc::jsonText(record)); }),
                progress);
  std::function<void(int32_t)> duelProgress;
  if (line.enabled()) {
    duelProgress = [&](int32_t done) { line.update(rounds.size() + static_cast<size_t>(done), total); };
  }
  gb::runFieldRounds(
      t.sides, t.options.world, duels, c.threads,
      [&](size_t i, const gb::RoundOutcome& outcome) {
        printLine(jsonrpc::jsonText(
            arena::records::resultRecord(t.planId, duelMatches[i], engine, gb::outcomeJson(outcome))));
      },
      duelProgress);
  return finishCommand(c.engines, 0);
}

int verify(TournamentCommand& c, Tournament& t, const arena::records::RecordSet& set) {
  std::map<size_t, const nlohmann::json*> byIndex;
  if (!resultsByIndex(set.results, t.planId, byIndex)) return 1;
  const std::vector<const nlohmann::json*> chosen = records::sampleResults(byIndex, c.sample, c.seed);
  std::string error;
  const std::optional<std::vector<gb::RecordedRound>> recorded =
      gb::roundsOfResults(chosen, t.header, t.sides.size(), t.options.rounds, t.options.seed, error);
  if (!reported(recorded.has_value(), error)) return 1;
  std::vector<gb::FieldRound> rounds;
  for (const gb::RecordedRound& r : *recorded) rounds.push_back(r.round);
  // The engine is made only once every record has read, so that a bad record never loads the JIT.
  prepareEngine(c.engines, t.sides);
  t.options.world.engine = &c.engines.engine();
  const std::vector<gb::RoundOutcome> again = gb::runFieldRounds(t.sides, t.options.world, rounds, c.threads, {}, {});
  return finishCommand(
      c.engines, printDifferences(gb::unconfirmedResults(chosen, *recorded, again), again.size(), byIndex.size()));
}

}  // namespace

int grobotsTournament(TournamentCommand& c, const arena::records::RecordSet* set) {
  Tournament t;
  if (set != nullptr ? !loadFromPlan(*set->header, t) : !loadFromCommand(c, t)) return 1;
  for (const LoadedSide& s : t.loaded) t.sides.push_back(&s.result.side);
  t.options.threads = c.threads;
  return runMode<Tournament>(c, t, set, {run, planOrMerge, playMatches, verify});
}

}  // namespace chronon::cli
