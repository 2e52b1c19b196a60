// The one driver of `chronon tournament`'s modes (tournament_game.h) over either game: run (fresh,
// --out, --resume), plan (and plan --next), play (a shard), merge and verify. What differs between
// RoboWar and Grobots is behind TournamentGame; the records are in arena/ (tournament_records.h,
// docs/tournament-records.md).

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/tournament_records.h"
#include "chronon/arena/tournament_run_folder.h"
#include "chronon/jsonrpc/json_text.h"
#include "tournament_command.h"
#include "tournament_game.h"

namespace chronon::cli {

void TournamentGame::setHeader(nlohmann::json header) {
  header_ = std::move(header);
  planId_ = records::planId(header_);
}

namespace {

using ResultsByIndex = std::map<size_t, const nlohmann::json*>;

// The results among `results` by index, checked to answer the plan, handed to `game` as known;
// false after a message.
bool takeKnownResults(TournamentGame& game, const std::vector<nlohmann::json>& results, ResultsByIndex& byIndex) {
  return resultsByIndex(results, game.planId(), byIndex) && game.takeKnownResults(byIndex);
}

// The engine named in the result records of this process, once prepareEngine has run.
std::string engineOf(const TournamentGame& game, const EngineChoice& engines) {
  return engineName(engines, game.jitCreated(engines));
}

// A progress callback drawing `line`, or none when stderr is not a terminal.
MatchProgress progressOf(ProgressLine& line) {
  if (!line.enabled()) return {};
  return [&line](size_t done, size_t total) { line.update(done, total); };
}

int run(TournamentCommand& c, TournamentGame& game) {
  records::RunFolder folder;
  const bool keep = !c.outDir.empty() || !c.resumeDir.empty();
  ResultsByIndex byIndex;
  if (!openRunFolder(folder, c, game.header())) return 1;
  if (!c.resumeDir.empty() && !takeKnownResults(game, folder.results(), byIndex)) return 1;
  if (keep) {
    // Planned before the engine is made, so that a plan that cannot be written stops the run first.
    const std::vector<nlohmann::json> matches = game.matchesBeforePlay();
    std::string error;
    if (!matches.empty() && !reported(folder.plan(matches, error), error)) return 1;
  }
  game.prepareEngine(c.engines);
  const std::string engine = engineOf(game, c.engines);
  // A stage planned while the tournament plays cannot stop it; the run fails at its end instead.
  bool planOk = true;
  TournamentLog log;
  log.planned = [&](const std::vector<nlohmann::json>& matches) {
    std::string error;
    if (planOk) planOk = reported(folder.plan(matches, error), error);
  };
  log.played = [&](const nlohmann::json& match, const nlohmann::json& outcome) {
    folder.result(records::resultRecord(game.planId(), match, engine, outcome));
  };
  ProgressLine line(game.knownCount());
  const TournamentPass pass = game.playTournament(keep ? &log : nullptr, progressOf(line));
  std::string writeError;
  if (keep && (!reported(folder.finish(writeError), writeError) || !planOk)) return 1;
  if (!reported(pass.error.empty(), pass.error)) return 1;
  for (const std::string& note : pass.notes) std::fprintf(stderr, "note: %s\n", note.c_str());
  printEngineStats(c.engines);
  const int status = game.printStandings(c, true);
  return finishCommand(c.engines, status);
}

// plan, plan --next and merge: the tournament with the known results and nothing played.
int planOrMerge(TournamentCommand& c, TournamentGame& game, const records::RecordSet* set) {
  ResultsByIndex byIndex;
  if (set != nullptr && !takeKnownResults(game, set->results, byIndex)) return 1;
  TournamentLog log;
  log.playMissing = false;
  const TournamentPass pass = game.playTournament(&log, {});
  // Results of matches this tournament never plays (indices past its end) are not counted; say so.
  const auto stray = static_cast<size_t>(
      std::count_if(byIndex.begin(), byIndex.end(), [&](const auto& entry) { return entry.first >= pass.planned; }));
  if (pass.error.empty() && stray > 0)
    std::fprintf(stderr, "chronon tournament: note: %zu results answer no match of this tournament; left out\n", stray);
  if (c.mode == TournamentMode::kPlan) {
    if (!pass.error.empty() && pass.missing.empty()) {
      reported(false, pass.error);
      return 1;
    }
    printLine(jsonrpc::jsonText(game.header()));
    if (pass.missing.empty()) {
      std::fprintf(stderr, "chronon tournament: every match has a result; nothing is left to plan\n");
      return 0;
    }
    for (const nlohmann::json& match : pass.missing) printLine(jsonrpc::jsonText(match));
    return 0;
  }
  if (!pass.error.empty()) {
    reported(false, pass.error);
    if (!pass.nextStep.empty()) reported(false, pass.nextStep);
    return 1;
  }
  return game.printStandings(c, false);
}

int play(TournamentCommand& c, TournamentGame& game, const records::RecordSet& set) {
  if (!game.readMatches(shardMatches(set, c.shard))) return 1;
  game.prepareEngine(c.engines);
  const std::string engine = engineOf(game, c.engines);
  ProgressLine line(0);
  game.playMatches(
      c.threads,
      [&](const nlohmann::json& match, const nlohmann::json& outcome) {
        printLine(jsonrpc::jsonText(records::resultRecord(game.planId(), match, engine, outcome)));
      },
      progressOf(line));
  return finishCommand(c.engines, 0);
}

int verify(TournamentCommand& c, TournamentGame& game, const records::RecordSet& set) {
  ResultsByIndex byIndex;
  if (!resultsByIndex(set.results, game.planId(), byIndex)) return 1;
  if (!game.readResults(records::sampleResults(byIndex, c.sample, c.seed))) return 1;
  // The engine is made only once every record has read, so that a bad record never loads the JIT.
  game.prepareEngine(c.engines);
  size_t checked = 0;
  const std::vector<records::ResultDifference> differences = game.checkResults(c.threads, checked);
  return finishCommand(c.engines, printDifferences(differences, checked, byIndex.size()));
}

}  // namespace

int runTournamentGame(TournamentCommand& c, TournamentGame& game, const records::RecordSet* set) {
  if (set != nullptr ? !game.loadFromPlan(*set->header, c.threads) : !game.loadFromCommand(c)) return 1;
  switch (c.mode) {
    case TournamentMode::kRun: return run(c, game);
    case TournamentMode::kPlan:
    case TournamentMode::kMerge: return planOrMerge(c, game, set);
    case TournamentMode::kPlay: return play(c, game, *set);
    case TournamentMode::kVerify: return verify(c, game, *set);
  }
  return 2;
}

}  // namespace chronon::cli
