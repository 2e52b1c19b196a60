// `chronon ladder`: a persistent ladder of RoboWar robots or Grobots sides in an SQLite file (ladder/,
// docs/ladder.md). Parsed with CLI11; the database, the scheduling, the ratings and playing duels are
// in the ladder library (ladder_play.h over each game's part, ladder_game.h), the battles and their
// records in arena/. This file parses, supplies the engines `--engine` chose, and prints.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>

#include "chronon/arena/grobots_tournament.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/jsonrpc/json_text.h"
#include "chronon/ladder/grobots_ladder.h"
#include "chronon/ladder/ladder.h"
#include "chronon/ladder/ladder_game.h"
#include "chronon/ladder/ladder_import.h"
#include "chronon/ladder/ladder_page.h"
#include "chronon/ladder/ladder_play.h"
#include "chronon/ladder/ladder_standings.h"
#include "command_line.h"
#include "commands.h"
#include "engine_option.h"
#include "replay_output.h"
#include "tournament_command.h"

namespace chronon::cli {

namespace {

namespace gb = chronon::arena::grobots;
namespace ld = chronon::ladder;

constexpr const char* kDescription =
    "A persistent ladder of RoboWar robots or Grobots sides (init --game) in an SQLite file DB\n"
    "(docs/ladder.md): robots enter and leave over time (a new version of a robot replaces the old\n"
    "entry, linked to it), duels (RoboWar bouts, Grobots rounds of two sides) are scheduled where\n"
    "pairings have the fewest matches, every result is stored with its match record, and Glicko-2\n"
    "ratings (rating, deviation, volatility) are updated once per batch of 100 duels, in match order,\n"
    "beside the game's own score (RoboWar points, Grobots biomass).\n";

// The engines `--engine` chose, readied for the ladder's robots (engine_option.h).
class ChosenEngines : public ld::LadderEngines {
 public:
  explicit ChosenEngines(EngineChoice& choice) : choice_(choice) {}

  robotalk::Engine* roboTalk(const std::vector<std::pair<std::string, const robotalk::Program*>>& programs) override {
    std::vector<NamedProgram> named;
    for (const auto& [name, program] : programs) named.push_back({name, program});
    prepareRoboTalkEngine(choice_, named, /*background=*/true);
    return choice_.roboTalkEngine();
  }
  grobocode::Engine& grobocode(const std::vector<const grobocode::Side*>& sides) override {
    prepareEngine(choice_, sides);
    return choice_.engine();
  }
  // A ladder plays one game, so at most one of the two JITs is ever made.
  std::string name() const override {
    return engineName(choice_, choice_.jit != nullptr || choice_.roboTalkJit != nullptr);
  }

 private:
  EngineChoice& choice_;
};

int fail(const std::string& error) {
  std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
  return 1;
}

int add(ld::Ladder& ladder, const std::vector<std::string>& inputs) {
  ld::AddReport report;
  std::string error;
  const bool stored = ld::addEntries(ladder, inputs, report, error);
  for (const ld::EntryOutcome& file : report.files) {
    if (!file.check.name) {
      std::fprintf(stderr, "chronon ladder: left out %s:%s%s\n%s", file.path.c_str(),
                   file.check.reason.empty() ? "" : " ", file.check.reason.c_str(), file.check.diagnostics.c_str());
    }
    if (!file.note.empty()) std::fprintf(stderr, "note: %s\n", file.note.c_str());
  }
  if (!stored) return fail(error);
  std::printf("%d %s%s entered\n", report.added, ld::gameOf(ladder).entryWord(), report.added == 1 ? "" : "s");
  return report.refused() ? 1 : 0;
}

int plan(ld::Ladder& ladder, int matches) {
  std::string error;
  const std::optional<ld::DuelPlan> next = ld::planDuels(ladder, matches, error);
  if (!next) return fail(error);
  printLine(jsonrpc::jsonText(next->header));
  for (const nlohmann::json& match : next->matches) printLine(jsonrpc::jsonText(match));
  return 0;
}

int run(ld::Ladder& ladder, int matches, int threads, EngineChoice& choice) {
  ChosenEngines engines(choice);
  ProgressLine line(0);
  std::string error;
  const std::optional<int> played = ld::playDuels(
      ladder, matches, threads, engines,
      [&](int done, int all) { line.update(static_cast<size_t>(done), static_cast<size_t>(all)); }, error);
  if (!played) return fail(error);
  std::printf("%d duels played and rated\n", *played);
  return finishCommand(choice, 0);
}

int import(ld::Ladder& ladder, const std::vector<std::string>& files) {
  const ld::ImportGame rules = ld::importGameOf(ladder);
  ld::ImportedDuels imported;
  for (const std::string& file : files) {
    std::string error;
    std::optional<arena::records::Lines> lines = arena::records::readLines(file, false, error);
    if (!lines || !ld::importDuels(ladder, rules, *lines, file, imported, error)) return fail(error);
  }
  const std::vector<ld::DuelResult>& duels = imported.duels;
  std::string error;
  if (!ladder.store(duels, "import", error)) return fail(error);
  if (imported.skipped > 0) {
    std::fprintf(stderr, "note: %zu results of more than two %ss left out\n", imported.skipped,
                 ld::gameOf(ladder).entryWord());
  }
  std::printf("%zu duels imported and rated\n", duels.size());
  return 0;
}

// A rating as rebuild prints it: rating, deviation and volatility, or "none".
std::string ratingText(const std::optional<ld::Rating>& r) {
  if (!r) return "none";
  char text[96];
  std::snprintf(text, sizeof text, "%.6f %.6f %.8f", r->rating, r->deviation, r->volatility);
  return text;
}

int rebuild(ld::Ladder& ladder, bool write) {
  std::string error;
  const std::optional<ld::RebuildReport> report = ladder.rebuild(write, error);
  if (!report) return fail(error);
  for (const ld::RatingDifference& d : report->differences) {
    const std::string where = d.batch == 0 ? "current rating" : "batch " + std::to_string(d.batch);
    std::printf("differs: entry %lld, %s\n  stored:     %s\n  recomputed: %s\n", static_cast<long long>(d.robot),
                where.c_str(), ratingText(d.stored).c_str(), ratingText(d.recomputed).c_str());
  }
  std::printf("recomputed %lld ratings over %lld batches: %zu differ%s\n", static_cast<long long>(report->ratings),
              static_cast<long long>(report->batches), report->differences.size(),
              write && !report->differences.empty() ? "; the recomputed ratings are stored" : "");
  return report->differences.empty() || write ? 0 : 1;
}

// Plays stored duels again (all, or `sample` drawn with `seed`) and prints each whose outcome differs.
int verify(ld::Ladder& ladder, int sample, uint64_t seed, int threads) {
  std::string error;
  const std::optional<ld::VerifyReport> report = ld::verifyDuels(ladder, sample, seed, threads, error);
  if (!report) return fail(error);
  for (const ld::DuelDifference& d : report->differences) {
    std::printf("differs: ladder match %lld\n  recorded: %s\n  re-run:   %s\n", static_cast<long long>(d.match),
                jsonrpc::jsonText(d.recorded).c_str(), jsonrpc::jsonText(d.again).c_str());
  }
  std::printf("verified %zu of %zu duels: %zu differ\n", report->checked, report->stored, report->differences.size());
  return report->differences.empty() ? 0 : 1;
}

int standings(ld::Ladder& ladder, bool json, bool csv, const std::string& html, const std::string& db) {
  std::vector<ld::Standing> table = ladder.standings();
  const bool grobots = ladder.game() == ld::GameKind::kGrobots;
  const ld::GrobotsLines own = grobots ? ld::grobotsStandings(ladder) : ld::GrobotsLines{};
  const ld::GrobotsLines* lines = grobots ? &own : nullptr;
  if (!html.empty()) {
    std::map<int64_t, std::vector<std::pair<int64_t, ld::Rating>>> history;
    for (const ld::Standing& s : table) history[s.robot.id] = ladder.ratingHistory(s.robot.id);
    if (grobots) ld::setGrobotsScores(table, own);
    const std::string title = "Ladder " + std::filesystem::path(db).filename().string();
    if (!writeWholeFile(html, ld::standingsPage(title, table, history, chartScript(), grobots ? "Score" : "Points")))
      return 1;
    std::fprintf(stderr, "standings page written to %s\n", html.c_str());
  }
  if (json) {
    std::printf("%s\n", jsonrpc::jsonText(ld::standingsJson(table, lines), 2).c_str());
  } else if (csv) {
    std::fputs(ld::formatStandingsCsv(table, lines).c_str(), stdout);
  } else {
    std::fputs(ld::formatStandingsTable(table, lines).c_str(), stdout);
  }
  return 0;
}

int history(ld::Ladder& ladder, const std::string& name) {
  const std::optional<ld::Robot> robot = ladder.robotByName(name);
  if (!robot) {
    std::fprintf(stderr, "chronon ladder: no %s named '%s' in the ladder\n", ld::gameOf(ladder).entryWord(),
                 name.c_str());
    return 1;
  }
  std::map<int64_t, std::string> names;
  for (const ld::Robot& r : ladder.robots(false)) names[r.id] = r.name + " #" + std::to_string(r.id);
  std::printf("%s (entry %lld%s%s)\n", robot->name.c_str(), static_cast<long long>(robot->id),
              robot->active ? "" : ", retired",
              robot->previous != 0 ? (", replaces entry " + std::to_string(robot->previous)).c_str() : "");
  std::printf("ratings by batch:\n");
  for (const auto& [batch, r] : ladder.ratingHistory(robot->id))
    std::printf("  batch %lld: %.1f (deviation %.1f, volatility %.6f)\n", static_cast<long long>(batch), r.rating,
                r.deviation, r.volatility);
  std::printf("duels:\n");
  const ld::LadderGame& game = ld::gameOf(ladder);
  for (const ld::MatchRow& m : ladder.history(robot->id)) {
    const bool first = m.a == robot->id;
    const int mine = first ? m.pointsA : m.pointsB;
    const int theirs = first ? m.pointsB : m.pointsA;
    std::printf("  match %lld (batch %lld) vs %s: %s-%s %s\n", static_cast<long long>(m.id),
                static_cast<long long>(m.batch), names[first ? m.b : m.a].c_str(), game.pointsText(mine).c_str(),
                game.pointsText(theirs).c_str(),
                mine > theirs    ? "won"
                : mine == theirs ? "draw"
                                 : "lost");
  }
  return 0;
}

}  // namespace

int runLadder(const Args& args) {
  const std::unique_ptr<CLI::App> parser = commandApp("ladder", kDescription);
  CLI::App& app = *parser;
  app.require_subcommand(1);
  std::string db;
  uint64_t seed = 1;
  std::vector<std::string> inputs;
  int matches = 100;
  int threads = 0;
  std::string engine = "interp";
  bool stats = false;
  bool json = false;
  bool csv = false;
  std::string robot;

  CLI::App* init =
      app.add_subcommand("init", "make a new, empty ladder file DB of RoboWar robots (default) or Grobots sides");
  init->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  init->add_option("--seed", seed, "the seed every match's seed derives from (default 1)")
      ->check(unsignedNumber())
      ->type_name("N");
  std::string game = "robowar";
  init->add_option("--game", game, "robowar | grobots: the game the ladder plays (default robowar)")
      ->check(CLI::IsMember({"robowar", "grobots"}))
      ->type_name("G");
  int frames = 18000;
  init->add_option("--frames", frames, "Grobots: frame limit of every round (default 18000; 0 = none)")
      ->check(CLI::Range(0, 1000000000))
      ->type_name("N");
  std::string world = "10x10";
  init->add_option("--world", world, "Grobots: WxH, world size in tiles of 10 units (default 10x10)")
      ->check([](const std::string& text) {
        gb::WorldOptions options;
        return parseWorld(text, options) ? std::string() : "a world size is WxH, each from 1 to 1000";
      })
      ->type_name("WxH");
  CLI::App* addCmd =
      app.add_subcommand("add", "enter robots or sides (files or folders); a new version replaces the old");
  addCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  addCmd->add_option("robots", inputs, "robot (or side) files or folders")->required()->type_name("ROBOT");
  CLI::App* runCmd = app.add_subcommand("run", "play the next duels where pairings are thinnest, and rate them");
  runCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  runCmd->add_option("--matches", matches, "duels to play (default 100)")
      ->check(CLI::Range(1, 10000000))
      ->type_name("N");
  runCmd->add_option("-j,--threads", threads, "worker threads (default: all cores)")
      ->check(CLI::Range(0, 256))
      ->type_name("N");
  runCmd
      ->add_option("--engine", engine,
                   std::string("interp (default) | jit: the same results either way") + kJitLibraryHelp)
      ->check(CLI::IsMember({"interp", "jit"}))
      ->type_name("E");
  runCmd->add_flag("--stats", stats, "print JIT compile times and cache hits to stderr");
  CLI::App* planCmd = app.add_subcommand(
      "plan",
      "print the next duels as a tournament plan, for chronon tournament play on other machines and ladder import");
  planCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  planCmd->add_option("--matches", matches, "duels to plan (default 100)")
      ->check(CLI::Range(1, 10000000))
      ->type_name("N");
  CLI::App* standingsCmd = app.add_subcommand("standings", "print the ratings and points of every entry");
  standingsCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  auto* jsonFlag = standingsCmd->add_flag("--json", json, "as JSON");
  standingsCmd->add_flag("--csv", csv, "as CSV")->excludes(jsonFlag);
  std::string html;
  standingsCmd
      ->add_option("--html", html, "also write a standings page with a chart of the ratings after each batch to FILE")
      ->type_name("FILE");
  CLI::App* historyCmd = app.add_subcommand("history", "a robot's duels and its rating after each batch");
  historyCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  historyCmd->add_option("robot", robot, "the robot's name (its latest entry)")->required()->type_name("ROBOT");
  CLI::App* verifyCmd = app.add_subcommand("verify", "play stored duels again and report any whose result differs");
  verifyCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  int sample = 0;
  verifyCmd->add_option("--sample", sample, "check N duels drawn at random (default: all)")
      ->check(CLI::Range(0, INT32_MAX))
      ->type_name("N");
  verifyCmd->add_option("--seed", seed, "seed of the sample's draw (default 1)")
      ->check(unsignedNumber())
      ->type_name("N");
  verifyCmd->add_option("-j,--threads", threads, "worker threads (default: all cores)")
      ->check(CLI::Range(0, 256))
      ->type_name("N");
  CLI::App* rebuildCmd = app.add_subcommand(
      "rebuild",
      "recompute every rating from the stored duels and report any that differs from the stored one (exit 1)");
  rebuildCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  bool write = false;
  rebuildCmd->add_flag("--write", write, "store the recomputed ratings in place of those that differ (exit 0)");
  CLI::App* importCmd =
      app.add_subcommand("import", "store duel results played elsewhere (chronon tournament play), matched by hash");
  importCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  importCmd->add_option("files", inputs, "result files, and optionally their plan (whose rules are then checked)")
      ->required()
      ->type_name("FILE");
  if (const std::optional<int> status = parseCommandLine(app, args)) return *status;
  std::string error;
  if (init->parsed()) {
    const ld::GameKind chosen = ld::gameFromName(game).value_or(ld::GameKind::kRoboWar);
    nlohmann::json rules;
    if (chosen == ld::GameKind::kGrobots) {
      gb::WorldOptions options;
      options.frameLimit = frames;
      parseWorld(world, options);
      rules = ld::grobotsRules(options);
    } else if (init->count("--frames") > 0 || init->count("--world") > 0) {
      return usageError("ladder init", "--frames and --world are rules of a Grobots ladder (--game grobots)");
    }
    if (!ld::Ladder::create(db, seed, chosen, rules, error)) {
      std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
      return 1;
    }
    if (chosen == ld::GameKind::kGrobots) {
      std::printf("ladder %s made (Grobots, seed %llu, frame limit %d, world %dx%d)\n", db.c_str(),
                  static_cast<unsigned long long>(seed), rules["frameLimit"].get<int>(), rules["width"].get<int>() / 10,
                  rules["height"].get<int>() / 10);
    } else {
      std::printf("ladder %s made (seed %llu)\n", db.c_str(), static_cast<unsigned long long>(seed));
    }
    return 0;
  }
  std::unique_ptr<ld::Ladder> ladder = ld::Ladder::open(db, error);
  if (!ladder) {
    std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
    return 1;
  }
  try {
    if (addCmd->parsed()) return add(*ladder, inputs);
    if (runCmd->parsed()) {
      EngineChoice engines;
      engines.jitRequested = engine == "jit";
      engines.stats = stats;
      return run(*ladder, matches, threads, engines);
    }
    if (standingsCmd->parsed()) return standings(*ladder, json, csv, html, db);
    if (historyCmd->parsed()) return history(*ladder, robot);
    if (verifyCmd->parsed()) return verify(*ladder, sample, seed, threads);
    if (rebuildCmd->parsed()) return rebuild(*ladder, write);
    if (planCmd->parsed()) return plan(*ladder, matches);
    return import(*ladder, inputs);
  } catch (const nlohmann::json::exception& e) {
    std::fprintf(stderr, "chronon ladder: a record is malformed (%s)\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "chronon ladder: %s\n", e.what());
    return 1;
  }
}

}  // namespace chronon::cli
