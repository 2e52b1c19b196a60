// `chronon tournament`: a RoboWar tournament over robot files, a folder, or a RoboWar 1.5 list, or a
// Grobots tournament over sides; resumable (--out, --resume) and shardable (plan, play, merge,
// verify; docs/distributed.md). The command line is parsed with CLI11; the modes are run by
// tournament_driver.cpp over the game's TournamentGame (tournament_robowar_game.cpp,
// tournament_grobots_game.cpp).

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "command_line.h"
#include "commands.h"
#include "tournament_command.h"
#include "tournament_game.h"

namespace chronon::cli {

namespace {

constexpr const char* kDescription =
    "Runs a RoboWar tournament (specs/robowar.md §8): every pair duels, random groups of six fight,\n"
    "group scores are normalised to weigh like duel scores, and the top six meet again in the Winners'\n"
    "Circle. A FOLDER enters every .rtk, .txt and .rwr robot in it. A LISTFILE (a .lst/.list file, or a\n"
    "file whose first line is 'SAVE name') is a RoboWar 1.5 tournament list: each listed group of 2-6\n"
    "robots, found by name in the list's folder, fights the number of times on its count line.\n"
    "Robots with compile errors or too much hardware for the category are reported and left out.\n"
    "\n"
    "Given Grobots sides (.gb files, or a folder of them) it plays a Grobots tournament instead\n"
    "(specs/grobots-world.md §13-14): each round seeds up to --sides-per-round of the sides (chosen at\n"
    "random when there are more) in a fresh world, runs it until the frame limit or until at most one\n"
    "side lives, and the results table averages each side's outcome over the rounds it played. A\n"
    "folder holding both plays its Grobots sides unless --game robowar is given.\n"
    "\n"
    "With --out DIR the plan and every result are written to DIR as they happen; --resume DIR plays\n"
    "only what is missing after a crash and prints the same standings. plan, play, merge and verify\n"
    "spread a tournament over processes and machines (docs/distributed.md; records:\n"
    "docs/tournament-records.md). The same seed gives the same output, whatever -j, the shards or\n"
    "the interruptions.\n";

constexpr const char* kFooter =
    "\n"
    "Grobots columns: score (mean final share of biomass), error (2 standard errors), survival (rounds\n"
    "not sterile), early-death (sterile at frame 4500), late-death, early-score (share at frame 4500),\n"
    "fraction (share in rounds survived), kills (share of enemy biomass killed), rounds, name.\n"
    "\n"
    "Sharded over GNU parallel (docs/distributed.md):\n"
    "  chronon tournament plan stdlib/robowar --seed 5 > plan.jsonl\n"
    "  parallel chronon tournament play --shard {}/4 plan.jsonl '>' results-{}.jsonl ::: 1 2 3 4\n"
    "  chronon tournament plan --next plan.jsonl results-*.jsonl > wc.jsonl   # RoboWar's Winners' Circle\n"
    "  parallel chronon tournament play --shard {}/4 wc.jsonl '>' wc-{}.jsonl ::: 1 2 3 4\n"
    "  chronon tournament merge plan.jsonl wc.jsonl results-*.jsonl wc-*.jsonl\n";

const char* const kRoboWarGroup = "RoboWar tournaments";
const char* const kGrobotsGroup = "Grobots tournaments";
const char* const kOutputGroup = "Output";
const char* const kRecordsGroup = "Records";

// The options that define a tournament (both games), for the command itself and for `plan`.
struct TournamentOptions {
  std::vector<CLI::Option*> roboWar;
  std::vector<CLI::Option*> grobots;
  std::vector<CLI::Option*> defining;  ///< Options a plan fixes (refused with --resume).
  CLI::Option* game = nullptr;
};

TournamentOptions addTournamentOptions(CLI::App& app, TournamentCommand& c, std::string& game) {
  TournamentOptions o;
  app.add_option("robots", c.inputs, "ROBOT... | FOLDER | LISTFILE, or SIDE.gb... | FOLDER");
  o.game = addGameOption(app, game);
  o.defining.push_back(
      app.add_option("--seed", c.seed, "tournament seed (default 1); the same seed gives the same output")
          ->check(unsignedNumber()));
  const auto rw = [&](CLI::Option* option) {
    option->group(kRoboWarGroup);
    o.roboWar.push_back(option);
    o.defining.push_back(option);
  };
  rw(app.add_option("--duels", c.duels, "duels per pair (default 3)")->check(quiet(CLI::Range(0, 1000))));
  rw(app.add_option("--groups", c.groups, "group draws per robot: robots x N groups of six (default 1)")
         ->check(quiet(CLI::Range(0, 1000))));
  rw(app.add_option("--group-bouts", c.groupBouts, "battles per drawn group (default 1)")
         ->check(quiet(CLI::Range(1, 1000))));
  rw(app.add_flag("--basic", c.basic, "no Winners' Circle"));
  rw(app.add_option("--category", c.category, "little-league | mortal | titan | unlimited (default unlimited)")
         ->check(quiet(CLI::IsMember({"little-league", "mortal", "titan", "unlimited"}))));
  rw(app.add_option("--scoring", c.scoring, "mac452 (default) | win516")
         ->check(quiet(CLI::IsMember({"mac452", "win516"}))));
  rw(app.add_option("--max-chronons", c.maxChronons, "chronon limit of each battle (default 1500)")
         ->check(quiet(CLI::Range(1, 1000000))));
  const auto gb = [&](CLI::Option* option) {
    option->group(kGrobotsGroup);
    o.grobots.push_back(option);
    o.defining.push_back(option);
  };
  gb(app.add_option("--rounds", c.rounds, "rounds to play (default 10)")->check(quiet(CLI::Range(1, 10000000))));
  gb(app.add_option("--frames", c.frames, "frame limit per round (default 18000; 0 = none)")
         ->check(quiet(CLI::Range(0, 1000000000))));
  gb(app.add_option("--world", c.world, "WxH: world size in tiles of 10 units (default 10x10, a 100 x 100 world)")
         ->check([](const std::string& text) {
           arena::grobots::WorldOptions world;
           return parseWorld(text, world) ? std::string() : "a world size is WxH, each from 1 to 1000";
         }));
  gb(app.add_option("--sides-per-round", c.sidesPerRound, "sides seeded per round (default 10; 0 = all)")
         ->check(quiet(CLI::Range(0, 100000))));
  return o;
}

void addThreads(CLI::App& app, TournamentCommand& c) {
  app.add_option("-j,--threads", c.threads, "worker threads (default: all cores); results do not depend on it")
      ->check(quiet(CLI::Range(0, 256)));
}

void addEngine(CLI::App& app, std::string& engine, bool& stats) {
  app.add_option("--engine", engine,
                 std::string("interp | jit: run brains with the interpreter (default) or the LLVM JIT; both behave "
                             "identically, the JIT declines (with a note) what it cannot compile") +
                     kJitLibraryHelp)
      ->check(quiet(CLI::IsMember({"interp", "jit"})));
  app.add_flag("--stats", stats, "print JIT compile times and cache hits to stderr");
}

void addOutput(CLI::App& app, TournamentCommand& c, bool replays) {
  auto* json = app.add_flag("--json", c.json, "standings as JSON")->group(kOutputGroup);
  app.add_flag("--csv", c.csv, "standings as CSV")->group(kOutputGroup)->excludes(json);
  app.add_option("--log", c.logPath,
                 "write the per-bout (RoboWar: bout phase Robot Score Alive Kills Killer Chronon) or per-round "
                 "(Grobots: round, frames, then per side seeded/alive/fraction/kills) log to FILE")
      ->group(kOutputGroup);
  app.add_option("--html", c.htmlPath,
                 "also write a standings page to FILE: the standings and a row per match, linked to the match's "
                 "replay in the viewer where --replays kept one")
      ->group(kOutputGroup);
  if (replays) {
    app.add_option("--replays", c.replayDir,
                   "keep a replay of every bout or round in DIR (NNNN-phase-robot-robot.replay or round-NNNN.replay; "
                   "docs/replay-format.md); chronon view shows one")
        ->group(kOutputGroup);
  }
}

// Gives every option of `app` and its subcommands a short value name for the help text (N, DIR,
// FILE ...) in place of CLI11's type names.
void nameValues(CLI::App& app) {
  static const std::map<std::string, std::string> kNames = {
      {"--game", "G"},    {"--category", "C"},  {"--scoring", "S"}, {"--world", "WxH"},  {"--log", "FILE"},
      {"--html", "FILE"}, {"--replays", "DIR"}, {"--out", "DIR"},   {"--resume", "DIR"}, {"--engine", "E"},
      {"--shard", "K/N"}, {"robots", "ROBOT"},  {"files", "FILE"}};
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_name().empty()) continue;  // A flag: no value.
    const auto it = kNames.find(option->get_name());
    option->type_name(it != kNames.end() ? it->second : "N");
  }
  for (CLI::App* sub : app.get_subcommands({})) nameValues(*sub);
}

// The first record of the plan in `dir` (its header), or nullopt after a message.
std::optional<records::RecordSet> planOf(const std::string& dir) {
  std::string error;
  std::optional<records::Lines> lines =
      records::readLines((std::filesystem::path(dir) / records::kPlanFile).string(), false, error);
  records::RecordSet set;
  if (!lines || lines->records.empty() || lines->records.front().value("record", std::string()) != "tournament") {
    std::fprintf(stderr, "chronon tournament: %s\n",
                 error.empty() ? (dir + " holds no tournament plan with a header").c_str() : error.c_str());
    return std::nullopt;
  }
  set.header = lines->records.front();
  return set;
}

// The part of the tournament `game` plays: the one place the command chooses by game.
std::unique_ptr<TournamentGame> tournamentGame(Game game) {
  switch (game) {
    case Game::kRoboWar: return roboWarTournamentGame();
    case Game::kGrobots: return grobotsTournamentGame();
  }
  return nullptr;
}

int dispatch(TournamentCommand& c, const records::RecordSet* set, std::optional<Game> game) {
  if (set != nullptr) {
    const std::string name = set->header->value("game", std::string());
    if (name != "robowar" && name != "grobots") {
      std::fprintf(stderr, "chronon tournament: the plan is of an unknown game '%s'\n", name.c_str());
      return 1;
    }
    game = name == "robowar" ? Game::kRoboWar : Game::kGrobots;
  }
  return runTournamentGame(c, *tournamentGame(*game), set);
}

int parseAndRun(const Args& args) {
  TournamentCommand c;
  std::string game;
  std::string engine = "interp";
  bool stats = false;
  std::string shard;

  const std::unique_ptr<CLI::App> parser = commandApp("tournament", kDescription);
  CLI::App& app = *parser;
  app.require_subcommand(0, 1);
  const TournamentOptions main = addTournamentOptions(app, c, game);
  addThreads(app, c);
  addOutput(app, c, true);
  addEngine(app, engine, stats);
  CLI::Option* out =
      app.add_option("--out", c.outDir, "write the plan and each result to DIR as they happen (a crash loses nothing)")
          ->group(kRecordsGroup);
  app.add_option("--resume", c.resumeDir,
                 "continue the tournament in DIR (made with --out): play only what is missing, print the standings")
      ->group(kRecordsGroup)
      ->excludes(out);

  CLI::App* plan = app.add_subcommand(
      "plan",
      "print a tournament's plan (a header and one match per line) as JSON Lines; with --next FILE..., the "
      "matches still to play given the plan and results in FILE... (RoboWar's Winners' Circle)");
  std::string planGame;
  const TournamentOptions planned = addTournamentOptions(*plan, c, planGame);
  plan->add_flag("--next", c.next, "read a plan and results (the positional arguments) and print what is left");
  // Accepted so that a plan can be made with the very options of the tournament; planning plays nothing.
  addThreads(*plan, c);

  CLI::App* play = app.add_subcommand(
      "play",
      "play the matches of a plan (FILE..., or stdin), or one shard of them, and print a result record per "
      "match as it ends");
  play->add_option("files", c.files, "plan files (a header line, then match lines); stdin when none");
  play->add_option("--shard", shard, "K/N: play only the matches whose index modulo N is K-1");
  addThreads(*play, c);
  addEngine(*play, engine, stats);

  CLI::App* merge = app.add_subcommand(
      "merge", "print the standings from a plan and result records (FILE...), exactly as the tournament prints them");
  merge->add_option("files", c.files, "plan and results files")->required();
  addOutput(*merge, c, false);

  CLI::App* verify = app.add_subcommand(
      "verify", "play recorded matches again and report every result that differs (exit 1 when one does)");
  verify->add_option("files", c.files, "plan and results files")->required();
  verify->add_option("--sample", c.sample, "check N results drawn at random (default: all)")
      ->check(quiet(CLI::Range(0, INT32_MAX)));
  verify->add_option("--seed", c.seed, "seed of the sample's draw (default 1)")->check(unsignedNumber());
  addThreads(*verify, c);
  addEngine(*verify, engine, stats);

  nameValues(app);
  // Set after the subcommands are made, which would otherwise repeat it.
  app.footer(kFooter);
  if (const std::optional<int> status = parseCommandLine(app, args)) return *status;
  c.engines.jitRequested = engine == "jit";
  c.engines.stats = stats;
  if (!shard.empty()) {
    std::string error;
    c.shard = records::parseShard(shard, error);
    if (!c.shard) {
      return usageError("tournament", error);
    }
  }

  records::RecordSet set;
  if (play->parsed() || merge->parsed() || verify->parsed() || (plan->parsed() && c.next)) {
    c.mode = play->parsed()     ? TournamentMode::kPlay
             : merge->parsed()  ? TournamentMode::kMerge
             : verify->parsed() ? TournamentMode::kVerify
                                : TournamentMode::kPlan;
    if (c.mode == TournamentMode::kPlan) c.files = c.inputs;
    if (!readRecordFiles(c.files, c.mode == TournamentMode::kPlay, set,
                         c.mode == TournamentMode::kPlay ? c.shard : std::nullopt))
      return 1;
    return dispatch(c, &set, std::nullopt);
  }
  if (!c.resumeDir.empty()) {
    for (CLI::Option* option : main.defining) {
      if (option->count() > 0) {
        return usageError("tournament", "the plan in " + c.resumeDir + " fixes " + option->get_name() +
                                            "; leave it out with --resume");
      }
    }
    if (!c.inputs.empty()) {
      return usageError("tournament", "--resume takes the robots from the plan; name none");
    }
    std::optional<records::RecordSet> resumed = planOf(c.resumeDir);
    if (!resumed) return 1;
    set = std::move(*resumed);
    return dispatch(c, &set, std::nullopt);
  }

  const TournamentOptions& options = plan->parsed() ? planned : main;
  if (plan->parsed()) c.mode = TournamentMode::kPlan;
  Args chooser;
  const std::string& chosen = plan->parsed() ? planGame : game;
  if (options.game->count() > 0) chooser = {"--game", chosen};
  chooser.insert(chooser.end(), c.inputs.begin(), c.inputs.end());
  const std::optional<Game> which = chooseGame("tournament", chooser);
  if (!which) return kUsageStatus;
  for (CLI::Option* option : *which == Game::kRoboWar ? options.grobots : options.roboWar) {
    if (option->count() > 0) {
      return usageError("tournament", option->get_name() + " is an option of " +
                                          (*which == Game::kRoboWar ? "Grobots tournaments" : "RoboWar tournaments") +
                                          "; these are " +
                                          (*which == Game::kRoboWar ? "RoboWar robots" : "Grobots sides"));
    }
  }
  if (c.inputs.empty()) {
    return usageError("tournament", "name the robots (files, a folder or a list) or the sides");
  }
  return dispatch(c, nullptr, which);
}

}  // namespace

int runTournament(const Args& arguments) {
  try {
    return parseAndRun(arguments);
  } catch (const nlohmann::json::exception& e) {
    std::fprintf(stderr, "chronon tournament: a record is malformed (%s)\n", e.what());
    return 1;
  }
}

}  // namespace chronon::cli
