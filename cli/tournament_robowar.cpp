// `chronon tournament` for RoboWar robots (specs/robowar.md §8) in every mode: run (fresh, --out,
// --resume), plan, play, merge and verify. The tournament itself and its records are in arena/.

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "chronon/arena/parallel.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/arena/robowar_tournament.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/arena/robowar_tournament_records.h"
#include "chronon/arena/robowar_tournament_report.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/jsonrpc/json_text.h"
#include "commands.h"
#include "replay_output.h"
#include "tournament_command.h"
#include "tournament_page.h"

namespace chronon::cli {

namespace {

namespace rw = chronon::arena::robowar;

// The name (without extension) of a bout's replay in --replays DIR: NNNN-phase-robot-robot.
std::string replayName(const rw::TournamentReport& report, const rw::Bout& bout) {
  char index[16];
  std::snprintf(index, sizeof index, "%04zu", bout.index);
  std::vector<std::string> parts{index, rw::phaseName(bout.phase)};
  for (const int r : bout.robots) parts.push_back(report.contestants[static_cast<size_t>(r)].name);
  return fileNameOf(parts);
}

// Runs every bout of `report` again with a recorder (battles are deterministic, so each is the bout
// the standings counted) and writes its replay into `folder`; false after a message on failure.
bool writeReplays(const rw::TournamentReport& report, const rw::Field& field, const rw::TournamentOptions& options,
                  const char* engineName, const std::string& folder) {
  if (!makeFolder(folder, "tournament")) return false;
  std::atomic<bool> ok{true};
  arena::parallelFor(report.bouts.size(), options.threads, [&](size_t b) {
    const rw::Bout& bout = report.bouts[b].bout;
    std::vector<rw::Entry> entries;
    std::vector<arena::replay::Entrant> entrants;
    for (const int r : bout.robots) {
      const rw::Contestant& c = report.contestants[static_cast<size_t>(r)];
      entries.push_back({c.program, c.team});
      entrants.push_back({c.name, field.paths[static_cast<size_t>(r)], field.bytes[static_cast<size_t>(r)]});
    }
    ReplayOutput output((std::filesystem::path(folder) / (replayName(report, bout) + ".replay")).string());
    rw::recordBattle(entries, entrants, bout.seed, options.rules, engineName, output.sink());
    if (!output.finish("")) ok = false;
  });
  if (ok) std::fprintf(stderr, "replays of %zu bouts written to %s\n", report.bouts.size(), folder.c_str());
  return ok;
}

// A tournament's field, options and plan header, from the command line or from a plan.
struct Tournament {
  rw::Field field;
  rw::TournamentOptions options;
  nlohmann::json header;
  std::string planId;
};

bool loadFromCommand(const TournamentCommand& c, Tournament& t) {
  const auto category = chronon::robowar::parseCategory(c.category);
  rw::TournamentOptions& o = t.options;
  o.seed = c.seed;
  o.numDuels = c.duels;
  o.numGroups = c.groups;
  o.groupBouts = c.groupBouts;
  o.basic = c.basic;
  o.rules.maxChronons = c.maxChronons;
  o.rules.scoring = rw::scoringNamed(c.scoring).value_or(rw::Scoring::kMac452);
  std::string error;
  if (!rw::loadField(c.inputs, *category, t.field, error)) {
    std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
    return false;
  }
  for (const rw::Rejection& r : t.field.rejected)
    std::fprintf(stderr, "chronon tournament: left out %s:\n%s", r.path.c_str(), r.message.c_str());
  for (const std::string& note : t.field.notes) std::fprintf(stderr, "note: %s\n", note.c_str());
  t.header = rw::planHeader(t.field, o, *category);
  t.planId = arena::records::planId(t.header);
  return true;
}

bool loadFromPlan(const nlohmann::json& header, Tournament& t) {
  std::string error;
  if (!rw::fieldFromPlan(header, t.field, t.options, error)) {
    std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
    return false;
  }
  t.header = header;
  t.planId = arena::records::planId(header);
  return true;
}

// Plays (or, with a log that does not play, plans or merges) the tournament.
rw::TournamentReport play(Tournament& t, const rw::ProgressCallback& progress, rw::ResultLog* log, std::string& error) {
  return t.field.listed
             ? rw::runListedTournament(t.field.contestants, t.field.combats, t.options, {}, progress, error, log)
             : rw::runTournament(t.field.contestants, t.options, {}, progress, error, log);
}

// The results among `records` as known outcomes; false after a message.
bool knownResults(const Tournament& t, const std::vector<nlohmann::json>& records, rw::ResultLog& log,
                  std::map<size_t, const nlohmann::json*>& byIndex) {
  if (!resultsByIndex(records, t.planId, byIndex)) return false;
  std::string error;
  return reported(rw::knownResults(byIndex, log.known, error), error);
}

// The matches of a stage (rw::stageMatches), its notes printed.
std::vector<nlohmann::json> stageMatches(const Tournament& t, const std::vector<rw::Bout>& bouts, rw::ResultLog& log,
                                         const std::map<size_t, const nlohmann::json*>& byIndex) {
  std::vector<std::string> notes;
  std::vector<nlohmann::json> matches = rw::stageMatches(bouts, t.header, byIndex, log.known, notes);
  for (const std::string& note : notes) std::fprintf(stderr, "chronon tournament: note: %s\n", note.c_str());
  return matches;
}

int printStandings(const TournamentCommand& c, Tournament& t, const rw::TournamentReport& report, bool writeSave) {
  if (!c.replayDir.empty() &&
      !writeReplays(report, t.field, t.options, c.engines.roboTalkJit ? "jit" : "interpreter", c.replayDir))
    return 1;
  if (!c.logPath.empty() && !writeWholeFile(c.logPath, rw::formatBoutLog(report))) return 1;
  const std::string table = rw::formatStandingsTable(report);
  if (writeSave && !t.field.saveFile.empty()) {
    if (!writeWholeFile(t.field.saveFile.string(), table)) return 1;
    std::fprintf(stderr, "results saved to %s\n", t.field.saveFile.string().c_str());
  }
  if (!c.htmlPath.empty()) {
    std::vector<PageMatch> matches;
    for (const rw::BoutResult& b : report.bouts) {
      PageMatch m;
      m.label = std::to_string(b.bout.index + 1) + " " + rw::phaseName(b.bout.phase);
      for (size_t k = 0; k < b.bout.robots.size() && k < b.result.robots.size(); ++k) {
        const rw::Outcome& o = b.result.robots[k];
        m.result.push_back(report.contestants[static_cast<size_t>(b.bout.robots[k])].name + " " +
                           std::to_string(o.points) + (o.points == 1 ? " point" : " points"));
      }
      if (!c.replayDir.empty())
        m.replay = (std::filesystem::path(c.replayDir) / (replayName(report, b.bout) + ".replay")).string();
      matches.push_back(std::move(m));
    }
    if (!writeTournamentPage(c.htmlPath, "RoboWar tournament (seed " + std::to_string(report.options.seed) + ")", table,
                             matches))
      return 1;
  }
  if (c.json) {
    std::fputs((jsonrpc::jsonText(rw::tournamentJson(report, t.field), 2) + "\n").c_str(), stdout);
  } else if (c.csv) {
    std::fputs(rw::formatStandingsCsv(report).c_str(), stdout);
  } else {
    std::fputs(table.c_str(), stdout);
  }
  return 0;
}

void prepareEngine(TournamentCommand& c, Tournament& t) {
  std::vector<NamedProgram> programs;
  for (const rw::Contestant& contestant : t.field.contestants)
    programs.push_back({contestant.name, contestant.program});
  prepareRoboTalkEngine(c.engines, programs, /*background=*/true);
  t.options.rules.engine = c.engines.roboTalkEngine();
}

int run(TournamentCommand& c, Tournament& t) {
  records::RunFolder folder;
  const bool keep = !c.outDir.empty() || !c.resumeDir.empty();
  rw::ResultLog log;
  std::map<size_t, const nlohmann::json*> byIndex;
  if (!openRunFolder(folder, c, t.header)) return 1;
  if (!c.resumeDir.empty() && !knownResults(t, folder.results(), log, byIndex)) return 1;
  prepareEngine(c, t);
  const std::string engine = engineName(c.engines, c.engines.roboTalkJit != nullptr);
  bool planOk = true;
  log.planned = [&](const std::vector<rw::Bout>& bouts) {
    std::vector<nlohmann::json> matches = stageMatches(t, bouts, log, byIndex);
    std::string planError;
    if (planOk) planOk = reported(folder.plan(matches, planError), planError);
  };
  log.played = [&](const rw::BoutResult& r) {
    folder.result(
        arena::records::resultRecord(t.planId, rw::matchRecord(r.bout, t.header), engine, rw::outcomeJson(r.result)));
  };
  ProgressLine line(log.known.size());
  rw::ProgressCallback progress;
  if (line.enabled()) progress = [&](size_t done, size_t total) { line.update(done, total); };
  std::string error;
  const rw::TournamentReport report = play(t, progress, keep ? &log : nullptr, error);
  std::string writeError;
  if (keep && (!reported(folder.finish(writeError), writeError) || !planOk)) return 1;
  if (!error.empty()) {
    std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
    return 1;
  }
  for (const std::string& note : report.notes) std::fprintf(stderr, "note: %s\n", note.c_str());
  printEngineStats(c.engines);
  const int status = printStandings(c, t, report, true);
  return finishCommand(c.engines, status);
}

// plan, plan --next and merge: the tournament with the known results and nothing played.
int planOrMerge(TournamentCommand& c, Tournament& t, const arena::records::RecordSet* set) {
  rw::ResultLog log;
  log.playMissing = false;
  std::map<size_t, const nlohmann::json*> byIndex;
  if (set != nullptr && !knownResults(t, set->results, log, byIndex)) return 1;
  std::vector<nlohmann::json> lastStage;
  size_t planned = 0;
  log.planned = [&](const std::vector<rw::Bout>& bouts) {
    lastStage = stageMatches(t, bouts, log, byIndex);
    planned += bouts.size();
  };
  std::string error;
  const rw::TournamentReport report = play(t, {}, &log, error);
  // Results of matches this tournament never plays (indices past its end) are not counted; say so.
  const auto stray = static_cast<size_t>(
      std::count_if(byIndex.begin(), byIndex.end(), [&](const auto& entry) { return entry.first >= planned; }));
  if (error.empty() && stray > 0)
    std::fprintf(stderr, "chronon tournament: note: %zu results answer no match of this tournament; left out\n", stray);
  if (c.mode == TournamentMode::kPlan) {
    if (!error.empty() && log.missing.empty()) {
      std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
      return 1;
    }
    printLine(jsonrpc::jsonText(t.header));
    if (log.missing.empty()) {
      std::fprintf(stderr, "chronon tournament: every match has a result; nothing is left to plan\n");
      return 0;
    }
    std::set<size_t> missing;
    for (const rw::Bout& b : log.missing) missing.insert(b.index);
    for (const nlohmann::json& m : lastStage) {
      if (missing.count(m["index"].get<size_t>()) != 0) printLine(jsonrpc::jsonText(m));
    }
    return 0;
  }
  if (!error.empty()) {
    std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
    if (!log.missing.empty() && (log.missing.front().phase == rw::BoutPhase::kWinnersDuel ||
                                 log.missing.front().phase == rw::BoutPhase::kWinnersGroup))
      std::fprintf(stderr,
                   "chronon tournament: the Winners' Circle is next: 'chronon tournament plan --next PLAN RESULTS...' "
                   "prints its matches; play them and merge again with their results\n");
    return 1;
  }
  return printStandings(c, t, report, false);
}

int playMatches(TournamentCommand& c, Tournament& t, const arena::records::RecordSet& set) {
  std::string error;
  const std::optional<std::vector<rw::Bout>> bouts =
      rw::boutsOfMatches(shardMatches(set, c.shard), t.field.contestants.size(), t.header, error);
  if (!reported(bouts.has_value(), error)) return 1;
  prepareEngine(c, t);
  const std::string engine = engineName(c.engines, c.engines.roboTalkJit != nullptr);
  ProgressLine line(0);
  rw::ProgressCallback progress;
  if (line.enabled()) progress = [&](size_t done, size_t total) { line.update(done, total); };
  rw::runBouts(t.field.contestants, *bouts, t.options.rules, c.threads, {}, progress, 0, 0,
               [&](const rw::BoutResult& r) {
                 printLine(jsonrpc::jsonText(arena::records::resultRecord(t.planId, rw::matchRecord(r.bout, t.header),
                                                                          engine, rw::outcomeJson(r.result))));
               });
  return finishCommand(c.engines, 0);
}

int verify(TournamentCommand& c, Tournament& t, const arena::records::RecordSet& set) {
  std::map<size_t, const nlohmann::json*> byIndex;
  if (!resultsByIndex(set.results, t.planId, byIndex)) return 1;
  const std::vector<const nlohmann::json*> chosen = records::sampleResults(byIndex, c.sample, c.seed);
  std::string error;
  const std::optional<std::vector<rw::Bout>> bouts = rw::boutsOfResults(chosen, t.field.contestants.size(), error);
  if (!reported(bouts.has_value(), error)) return 1;
  // The engine is made only once every record has read, so that a bad record never loads the JIT.
  prepareEngine(c, t);
  const std::vector<rw::BoutResult> again = rw::runBouts(t.field.contestants, *bouts, t.options.rules, c.threads, {});
  return finishCommand(c.engines, printDifferences(rw::unconfirmedResults(chosen, *bouts, again, t.header),
                                                   again.size(), byIndex.size()));
}

}  // namespace

int roboWarTournament(TournamentCommand& c, const arena::records::RecordSet* set) {
  Tournament t;
  const bool fromRecords = set != nullptr;
  if (fromRecords ? !loadFromPlan(*set->header, t) : !loadFromCommand(c, t)) return 1;
  t.options.threads = c.threads;
  return runMode<Tournament>(c, t, set, {run, planOrMerge, playMatches, verify});
}

}  // namespace chronon::cli
