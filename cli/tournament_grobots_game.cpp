// The Grobots part of `chronon tournament` (specs/grobots-world.md §13-14; tournament_game.h): sides
// or a folder of them, played in rounds of the whole field, all planned up front; a plan may also
// hold a ladder's duels (rounds of two sides, docs/ladder.md), which play and verify take. The
// tournament itself and its records are in arena/; tournament_driver.cpp runs the command's modes
// over this.

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

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
#include "tournament_game.h"
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

class GrobotsGame final : public TournamentGame {
 public:
  bool loadFromCommand(const TournamentCommand& c) override {
    options_.rounds = c.rounds;
    options_.seed = c.seed;
    options_.world.frameLimit = c.frames;
    options_.world.seedLimit = c.sidesPerRound;
    parseWorld(c.world, options_.world);
    loaded_ = loadSides(arena::entryFiles(c.inputs, grobocode::isSideFileName));
    if (loaded_.empty()) {
      std::fprintf(stderr, "chronon tournament: no side to play\n");
      return false;
    }
    std::vector<gb::PlannedSide> planned;
    for (const LoadedSide& s : loaded_)
      planned.push_back({s.result.side.name, s.file.name(), std::string(s.file.text())});
    setHeader(gb::planHeader(planned, options_));
    finishLoading(c.threads);
    return true;
  }

  bool loadFromPlan(const nlohmann::json& header, int threads) override {
    std::string error;
    if (!reported(gb::optionsFromPlan(header, options_, error), error)) return false;
    std::optional<std::vector<LoadedSide>> loaded = gb::sidesFromPlan(header, error);
    if (!reported(loaded.has_value(), error)) return false;
    loaded_ = std::move(*loaded);
    setHeader(header);
    finishLoading(threads);
    return true;
  }

  bool takeKnownResults(const std::map<size_t, const nlohmann::json*>& byIndex) override {
    std::vector<std::string> notes;
    std::string error;
    const bool read = gb::knownRounds(byIndex, header(), sides_.size(), options_.rounds, log_.known, notes, error);
    for (const std::string& note : notes) std::fprintf(stderr, "chronon tournament: note: %s\n", note.c_str());
    return reported(read, error);
  }

  size_t knownCount() const override { return log_.known.size(); }

  std::vector<nlohmann::json> matchesBeforePlay() const override {
    std::vector<nlohmann::json> matches;
    for (int32_t k = 0; k < options_.rounds; ++k) matches.push_back(gb::matchRecord(k, header()));
    return matches;
  }

  void prepareEngine(EngineChoice& engines) override {
    cli::prepareEngine(engines, sides_);
    options_.world.engine = &engines.engine();
  }

  bool jitCreated(const EngineChoice& engines) const override { return engines.jit != nullptr; }

  TournamentPass playTournament(TournamentLog* log, const MatchProgress& progress) override {
    if (log != nullptr) {
      log_.playMissing = log->playMissing;
      if (log->played) {
        log_.played = [&](int32_t round, const gb::RoundOutcome& outcome) {
          log->played(gb::matchRecord(round, header()), gb::outcomeJson(outcome));
        };
      }
    }
    if (progress) {
      options_.progress = [&](int32_t done, int32_t total) {
        progress(static_cast<size_t>(done), static_cast<size_t>(total));
      };
    }
    result_ = gb::runTournament(sides_, options_, log != nullptr ? &log_ : nullptr);
    // The callbacks hold this call's arguments.
    log_.played = nullptr;
    options_.progress = nullptr;
    TournamentPass pass;
    pass.planned = static_cast<size_t>(options_.rounds);
    for (const int32_t k : log_.missing) pass.missing.push_back(gb::matchRecord(k, header()));
    if (!log_.missing.empty()) {
      pass.error = std::to_string(log_.missing.size()) + " of " + std::to_string(options_.rounds) +
                   " rounds have no result (the first is match " + std::to_string(log_.missing.front()) + ")";
    }
    return pass;
  }

  int printStandings(const TournamentCommand& c, bool /*afterRun*/) override {
    if (!c.replayDir.empty() &&
        !writeRoundReplays(loaded_, options_, c.engines.jitRequested ? "jit" : "interpreter", c.replayDir))
      return 1;
    if (!c.logPath.empty()) {
      std::vector<std::string> names;
      for (const grobocode::Side* side : sides_) names.push_back(side->name);
      if (!writeWholeFile(c.logPath, gb::formatRoundLog(result_.rounds, names))) return 1;
    }
    if (!c.htmlPath.empty() && !writePage(c)) return 1;
    if (c.json) {
      std::printf("%s\n", jsonrpc::jsonText(gb::standingsJson(result_.standings), 2).c_str());
    } else if (c.csv) {
      std::fputs(gb::formatStandingsCsv(result_.standings).c_str(), stdout);
    } else {
      std::fputs(gb::formatStandings(result_.standings).c_str(), stdout);
    }
    return 0;
  }

  bool readMatches(const std::vector<nlohmann::json>& matches) override {
    std::string error;
    std::optional<gb::PlannedRounds> planned =
        gb::roundsOfMatches(matches, header(), sides_.size(), options_.rounds, options_.seed, error);
    if (!reported(planned.has_value(), error)) return false;
    planned_ = std::move(*planned);
    return true;
  }

  void playMatches(int threads, const MatchPlayed& played, const MatchProgress& progress) override {
    // Rounds of the whole field first, then a ladder's duels, on one progress line.
    const size_t total = planned_.rounds.size() + planned_.duels.size();
    std::function<void(int32_t)> roundProgress;
    std::function<void(int32_t)> duelProgress;
    if (progress) {
      roundProgress = [&](int32_t done) { progress(static_cast<size_t>(done), total); };
      duelProgress = [&](int32_t done) { progress(planned_.rounds.size() + static_cast<size_t>(done), total); };
    }
    gb::runRounds(
        sides_, options_.world, options_.seed, planned_.rounds, threads,
        [&](int32_t round, const gb::RoundOutcome& outcome) {
          played(gb::matchRecord(round, header()), gb::outcomeJson(outcome));
        },
        roundProgress);
    gb::runFieldRounds(
        sides_, options_.world, planned_.duels, threads,
        [&](size_t i, const gb::RoundOutcome& outcome) { played(planned_.duelMatches[i], gb::outcomeJson(outcome)); },
        duelProgress);
  }

  bool readResults(const std::vector<const nlohmann::json*>& results) override {
    std::string error;
    std::optional<std::vector<gb::RecordedRound>> recorded =
        gb::roundsOfResults(results, header(), sides_.size(), options_.rounds, options_.seed, error);
    if (!reported(recorded.has_value(), error)) return false;
    recorded_ = std::move(*recorded);
    results_ = results;
    return true;
  }

  std::vector<records::ResultDifference> checkResults(int threads, size_t& checked) override {
    std::vector<gb::FieldRound> rounds;
    for (const gb::RecordedRound& r : recorded_) rounds.push_back(r.round);
    const std::vector<gb::RoundOutcome> again = gb::runFieldRounds(sides_, options_.world, rounds, threads, {}, {});
    checked = again.size();
    return gb::unconfirmedResults(results_, recorded_, again);
  }

 private:
  // Both loaders end here: the sides the world plays, and the threads.
  void finishLoading(int threads) {
    for (const LoadedSide& s : loaded_) sides_.push_back(&s.result.side);
    options_.threads = threads;
  }

  // The --html page: the standings and a row per round with each seeded side's share of the biomass.
  bool writePage(const TournamentCommand& c) const {
    std::vector<PageMatch> matches;
    for (size_t k = 0; k < result_.rounds.size(); ++k) {
      const gb::RoundOutcome& r = result_.rounds[k];
      PageMatch m;
      m.label = "round " + std::to_string(k + 1) + " (" + std::to_string(r.frames) + " frames)";
      for (size_t i = 0; i < r.sides.size(); ++i) {
        if (!r.sides[i].seeded) continue;
        char share[32];
        std::snprintf(share, sizeof share, " %.1f%%", 100 * r.sides[i].fraction);
        m.result.push_back(sides_[i]->name + share + (r.sides[i].alive ? "" : " (died)"));
      }
      if (!c.replayDir.empty()) m.replay = (std::filesystem::path(c.replayDir) / roundReplayName(k)).string();
      matches.push_back(std::move(m));
    }
    return writeTournamentPage(c.htmlPath, "Grobots tournament (seed " + std::to_string(options_.seed) + ")",
                               gb::formatStandings(result_.standings), matches);
  }

  std::vector<LoadedSide> loaded_;
  std::vector<const grobocode::Side*> sides_;  // Into loaded_.
  gb::TournamentOptions options_;
  gb::RoundLog log_;                            // Known outcomes, and the arena's side of a TournamentLog.
  gb::TournamentResult result_;                 // The standings of the last playTournament.
  gb::PlannedRounds planned_;                   // What readMatches read.
  std::vector<gb::RecordedRound> recorded_;     // What readResults read,
  std::vector<const nlohmann::json*> results_;  // and its records.
};

}  // namespace

std::unique_ptr<TournamentGame> grobotsTournamentGame() { return std::make_unique<GrobotsGame>(); }

}  // namespace chronon::cli
