// The RoboWar part of `chronon tournament` (specs/robowar.md §8; tournament_game.h): a field of
// robots, a folder of them or a RoboWar 1.5 list, played in stages (the main round, then the
// Winners' Circle of its six best). The tournament itself and its records are in arena/;
// tournament_driver.cpp runs the command's modes over this.

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

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
#include "tournament_game.h"
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

// A bout of the Winners' Circle, the stage whose robots only the main round's results tell.
bool isWinnersCircle(rw::BoutPhase phase) {
  return phase == rw::BoutPhase::kWinnersDuel || phase == rw::BoutPhase::kWinnersGroup;
}

class RoboWarGame final : public TournamentGame {
 public:
  bool loadFromCommand(const TournamentCommand& c) override {
    const auto category = chronon::robowar::parseCategory(c.category);
    options_.seed = c.seed;
    options_.numDuels = c.duels;
    options_.numGroups = c.groups;
    options_.groupBouts = c.groupBouts;
    options_.basic = c.basic;
    options_.rules.maxChronons = c.maxChronons;
    options_.rules.scoring = rw::scoringNamed(c.scoring).value_or(rw::Scoring::kMac452);
    std::string error;
    if (!reported(rw::loadField(c.inputs, *category, field_, error), error)) return false;
    for (const rw::Rejection& r : field_.rejected)
      std::fprintf(stderr, "chronon tournament: left out %s:\n%s", r.path.c_str(), r.message.c_str());
    for (const std::string& note : field_.notes) std::fprintf(stderr, "note: %s\n", note.c_str());
    setHeader(rw::planHeader(field_, options_, *category));
    options_.threads = c.threads;
    return true;
  }

  bool loadFromPlan(const nlohmann::json& header, int threads) override {
    std::string error;
    if (!reported(rw::fieldFromPlan(header, field_, options_, error), error)) return false;
    setHeader(header);
    options_.threads = threads;
    return true;
  }

  bool takeKnownResults(const std::map<size_t, const nlohmann::json*>& byIndex) override {
    // Kept to check each stage's known results against its matches as the tournament plans it.
    byIndex_ = byIndex;
    std::string error;
    return reported(rw::knownResults(byIndex, log_.known, error), error);
  }

  size_t knownCount() const override { return log_.known.size(); }

  std::vector<nlohmann::json> matchesBeforePlay() const override { return {}; }

  void prepareEngine(EngineChoice& engines) override {
    std::vector<NamedProgram> programs;
    for (const rw::Contestant& contestant : field_.contestants)
      programs.push_back({contestant.name, contestant.program});
    prepareRoboTalkEngine(engines, programs, /*background=*/true);
    options_.rules.engine = engines.roboTalkEngine();
  }

  bool jitCreated(const EngineChoice& engines) const override { return engines.roboTalkJit != nullptr; }

  TournamentPass playTournament(TournamentLog* log, const MatchProgress& progress) override {
    TournamentPass pass;
    std::vector<nlohmann::json> lastStage;
    if (log != nullptr) {
      log_.playMissing = log->playMissing;
      log_.planned = [&](const std::vector<rw::Bout>& bouts) {
        std::vector<std::string> notes;
        lastStage = rw::stageMatches(bouts, header(), byIndex_, log_.known, notes);
        for (const std::string& note : notes) std::fprintf(stderr, "chronon tournament: note: %s\n", note.c_str());
        pass.planned += bouts.size();
        if (log->planned) log->planned(lastStage);
      };
      if (log->played) {
        log_.played = [&](const rw::BoutResult& r) {
          log->played(rw::matchRecord(r.bout, header()), rw::outcomeJson(r.result));
        };
      }
    }
    rw::ResultLog* arenaLog = log != nullptr ? &log_ : nullptr;
    report_ = field_.listed ? rw::runListedTournament(field_.contestants, field_.combats, options_, {}, progress,
                                                      pass.error, arenaLog)
                            : rw::runTournament(field_.contestants, options_, {}, progress, pass.error, arenaLog);
    // The callbacks hold this call's locals.
    log_.planned = nullptr;
    log_.played = nullptr;
    std::set<size_t> missing;
    for (const rw::Bout& b : log_.missing) missing.insert(b.index);
    for (const nlohmann::json& m : lastStage) {
      if (missing.count(m["index"].get<size_t>()) != 0) pass.missing.push_back(m);
    }
    if (!log_.missing.empty() && isWinnersCircle(log_.missing.front().phase))
      pass.nextStep =
          "the Winners' Circle is next: 'chronon tournament plan --next PLAN RESULTS...' prints its matches; play "
          "them and merge again with their results";
    pass.notes = report_.notes;
    return pass;
  }

  int printStandings(const TournamentCommand& c, bool afterRun) override {
    if (!c.replayDir.empty() &&
        !writeReplays(report_, field_, options_, c.engines.roboTalkJit ? "jit" : "interpreter", c.replayDir))
      return 1;
    if (!c.logPath.empty() && !writeWholeFile(c.logPath, rw::formatBoutLog(report_))) return 1;
    const std::string table = rw::formatStandingsTable(report_);
    if (afterRun && !field_.saveFile.empty()) {
      if (!writeWholeFile(field_.saveFile.string(), table)) return 1;
      std::fprintf(stderr, "results saved to %s\n", field_.saveFile.string().c_str());
    }
    if (!c.htmlPath.empty() && !writePage(c, table)) return 1;
    if (c.json) {
      std::fputs((jsonrpc::jsonText(rw::tournamentJson(report_, field_), 2) + "\n").c_str(), stdout);
    } else if (c.csv) {
      std::fputs(rw::formatStandingsCsv(report_).c_str(), stdout);
    } else {
      std::fputs(table.c_str(), stdout);
    }
    return 0;
  }

  bool readMatches(const std::vector<nlohmann::json>& matches) override {
    std::string error;
    std::optional<std::vector<rw::Bout>> bouts =
        rw::boutsOfMatches(matches, field_.contestants.size(), header(), error);
    if (!reported(bouts.has_value(), error)) return false;
    bouts_ = std::move(*bouts);
    return true;
  }

  void playMatches(int threads, const MatchPlayed& played, const MatchProgress& progress) override {
    rw::runBouts(field_.contestants, bouts_, options_.rules, threads, {}, progress, 0, 0, [&](const rw::BoutResult& r) {
      played(rw::matchRecord(r.bout, header()), rw::outcomeJson(r.result));
    });
  }

  bool readResults(const std::vector<const nlohmann::json*>& results) override {
    std::string error;
    std::optional<std::vector<rw::Bout>> bouts = rw::boutsOfResults(results, field_.contestants.size(), error);
    if (!reported(bouts.has_value(), error)) return false;
    bouts_ = std::move(*bouts);
    results_ = results;
    return true;
  }

  std::vector<records::ResultDifference> checkResults(int threads, size_t& checked) override {
    const std::vector<rw::BoutResult> again = rw::runBouts(field_.contestants, bouts_, options_.rules, threads, {});
    checked = again.size();
    return rw::unconfirmedResults(results_, bouts_, again, header());
  }

 private:
  // The --html page: the standings `table` and a row per bout with each robot's points.
  bool writePage(const TournamentCommand& c, const std::string& table) const {
    std::vector<PageMatch> matches;
    for (const rw::BoutResult& b : report_.bouts) {
      PageMatch m;
      m.label = std::to_string(b.bout.index + 1) + " " + rw::phaseName(b.bout.phase);
      for (size_t k = 0; k < b.bout.robots.size() && k < b.result.robots.size(); ++k) {
        const rw::Outcome& o = b.result.robots[k];
        m.result.push_back(report_.contestants[static_cast<size_t>(b.bout.robots[k])].name + " " +
                           std::to_string(o.points) + (o.points == 1 ? " point" : " points"));
      }
      if (!c.replayDir.empty())
        m.replay = (std::filesystem::path(c.replayDir) / (replayName(report_, b.bout) + ".replay")).string();
      matches.push_back(std::move(m));
    }
    return writeTournamentPage(c.htmlPath, "RoboWar tournament (seed " + std::to_string(report_.options.seed) + ")",
                               table, matches);
  }

  rw::Field field_;
  rw::TournamentOptions options_;
  rw::ResultLog log_;                                // Known outcomes, and the arena's side of a TournamentLog.
  std::map<size_t, const nlohmann::json*> byIndex_;  // The known results' records (takeKnownResults).
  rw::TournamentReport report_;                      // The standings of the last playTournament.
  std::vector<rw::Bout> bouts_;                      // What readMatches or readResults read.
  std::vector<const nlohmann::json*> results_;       // The records readResults read.
};

}  // namespace

std::unique_ptr<TournamentGame> roboWarTournamentGame() { return std::make_unique<RoboWarGame>(); }

}  // namespace chronon::cli
