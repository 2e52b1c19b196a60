// `chronon battle`: loads 1-6 robots, runs one RoboWar battle and prints the outcome.

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/entry_files.h"
#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/jsonrpc/json_text.h"
#include "command_line.h"
#include "commands.h"
#include "engine_option.h"
#include "replay_output.h"

namespace chronon::cli {

namespace {

using arena::robowar::Event;

constexpr const char* kBattleDescription =
    "Runs one RoboWar battle of 1-6 robots (RoboTalk source, object code or .RWR files) and prints\n"
    "each robot's outcome: alive or the chronon and cause of death, kills, points, energy, damage.\n"
    "A FOLDER given as ROBOT enters every .rtk, .txt and .rwr robot in it.\n";

constexpr const char* kBattleFooter =
    "\n"
    "Given Grobots sides (.gb files, or a folder of them) it plays one Grobots round instead; its\n"
    "options are listed by 'chronon battle SIDE.gb --help'. A folder holding both plays its Grobots\n"
    "sides unless --game robowar is given.\n";

}  // namespace

int runBattle(const Args& args) {
  // The game picks the command line: Grobots rounds have options of their own.
  Args chooser = args;
  const std::optional<Game> game = chooseGame("battle", chooser);
  if (!game) return kUsageStatus;
  if (*game == Game::kGrobots) return runGrobotsBattle(args);
  std::vector<std::string> inputs;
  uint64_t seed = 1;
  bool log = false;
  bool json = false;
  std::string replayPath;
  std::string gameName;
  std::vector<int> teams;
  arena::robowar::Rules rules;
  EngineChoice engines;
  const std::unique_ptr<CLI::App> app = commandApp("battle", kBattleDescription);
  app->add_option("robots", inputs, "1 to 6 robots (RoboTalk source, object code or .RWR), or a FOLDER of them")
      ->required()
      ->type_name("ROBOT");
  app->add_option("--seed", seed, "seed of the battle's random generator (default 1); same seed, same battle")
      ->check(unsignedNumber())
      ->type_name("N");
  app->add_flag("--log", log, "also print the event log, one line per event");
  app->add_option("--max-chronons", rules.maxChronons, "chronon cap (1 to 1000000, default 1500)")
      ->check(quiet(CLI::Range(1, 1000000)))
      ->type_name("N");
  app->add_flag("--move-and-shoot", rules.moveAndShoot,
                "allow moving and firing in one chronon (default: the RoboWar 4.5 rule)");
  app->add_option("--team", teams, "team number (0 to 100; 0 = no team) of each robot; default: from #!!team lines")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->check(quiet(CLI::Range(0, 100)))
      ->type_name("N,N,...");
  app->add_flag("--json", json, "print the result as JSON");
  app->add_option("--replay", replayPath,
                  "also write the battle's replay (docs/replay-format.md); a FILE ending in .html gets the battle "
                  "viewer with the replay inside, one page that opens offline")
      ->type_name("FILE");
  addGameOption(*app, gameName);
  addEngineOptions(*app, engines);
  app->footer(kBattleFooter);
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  // A folder gives its robot files, as a tournament enters a folder; so `--game robowar` plays the
  // robots of a folder that also holds Grobots sides.
  const std::vector<std::string> paths = arena::entryFiles(inputs, arena::robowar::isRobotFileName);
  if (paths.empty() || paths.size() > 6) return usageError("battle", "give 1 to 6 robots");
  std::vector<robotalk::LoadedRobot> robots;
  robots.reserve(paths.size());
  int status = 0;
  for (const std::string& path : paths) {
    robots.push_back(robotalk::loadRobot(path, robotalk::CompileOptions{}));
    const robotalk::LoadedRobot& robot = robots.back();
    if (robot.diagnostics.hasErrors()) {
      printDiagnostics(robot.file, robot.diagnostics);
      status = 1;
    }
  }
  if (status != 0) return status;
  // Without --team, robots that name the same `#!!team` are teammates (numbered in order of appearance).
  if (teams.empty()) {
    std::vector<std::string> names;
    for (const robotalk::LoadedRobot& robot : robots) names.push_back(robot.program.team);
    teams = arena::robowar::teamsByName(names);
  }
  std::vector<arena::robowar::Entry> entries;
  for (size_t i = 0; i < robots.size(); ++i) entries.push_back({&robots[i].program, i < teams.size() ? teams[i] : 0});
  std::vector<NamedProgram> programs;
  for (const robotalk::LoadedRobot& robot : robots) programs.push_back({robot.program.name, &robot.program});
  prepareRoboTalkEngine(engines, programs);
  rules.engine = engines.roboTalkEngine();
  arena::robowar::Result result;
  if (replayPath.empty()) {
    result = arena::robowar::runBattle(entries, seed, rules, log || json);
  } else {
    std::vector<arena::replay::Entrant> entrants;
    std::string title;
    for (size_t i = 0; i < robots.size(); ++i) {
      std::optional<std::string> bytes = readWholeFile(paths[i]);
      entrants.push_back({robots[i].program.name, paths[i], bytes.value_or("")});
      title += (i == 0 ? "" : " vs ") + robots[i].program.name;
    }
    ReplayOutput output(replayPath);
    result = arena::robowar::recordBattle(entries, entrants, seed, rules, engines.roboTalkJit ? "jit" : "interpreter",
                                          output.sink());
    if (!output.finish(title + " (seed " + std::to_string(seed) + ")")) return 1;
  }
  printEngineStats(engines);

  std::vector<std::string> names;
  for (const robotalk::LoadedRobot& robot : robots) names.push_back(robot.program.name);
  if (json) {
    nlohmann::json out = arena::robowar::resultJson(result, names, seed);
    if (log) {
      out["events"] = nlohmann::json::array();
      for (const Event& e : result.events) {
        out["events"].push_back({{"chronon", e.chronon},
                                 {"kind", arena::robowar::eventKindName(e.kind)},
                                 {"robot", e.robot},
                                 {"other", e.other},
                                 {"value", e.value},
                                 {"text", e.text}});
      }
    }
    std::printf("%s\n", jsonrpc::jsonText(out, 2).c_str());
    return 0;
  }

  if (log) {
    for (const Event& e : result.events) std::printf("%s\n", arena::robowar::formatEvent(e).c_str());
    std::printf("\n");
  }
  std::fputs(arena::robowar::formatResult(result, names, seed).c_str(), stdout);
  return 0;
}

}  // namespace chronon::cli
