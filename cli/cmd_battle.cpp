// `chronon battle`: loads 1-6 robots, runs one RoboWar battle and prints the outcome.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "commands.h"
#include "engine_option.h"
#include "replay_output.h"

namespace chronon::cli {

namespace {

using arena::robowar::Event;

// The usage text before the engine options.
constexpr const char* kUsageHead =
    "usage: chronon battle ROBOT... [--seed N] [--log] [--max-chronons N] [--move-and-shoot] [--json]\n"
    "                      [--replay FILE] [--engine interp|jit] [--stats] [--game robowar|grobots]\n"
    "\n"
    "Runs one RoboWar battle of 1-6 robots (RoboTalk source, object code or .RWR files) and prints\n"
    "each robot's outcome: alive or the chronon and cause of death, kills, points, energy, damage.\n"
    "\n"
    "  --seed N           seed of the battle's random generator (default 1); same seed, same battle\n"
    "  --log              also print the event log, one line per event\n"
    "  --max-chronons N   chronon cap (default 1500)\n"
    "  --move-and-shoot   allow moving and firing in one chronon (default: the RoboWar 4.5 rule)\n"
    "  --team N,N,...     team number of each robot (0 = no team); default: from #!!team lines\n"
    "  --json             print the result as JSON\n"
    "  --replay FILE      also write the battle's replay (docs/replay-format.md); a FILE ending in .html\n"
    "                     gets the battle viewer with the replay inside, one page that opens offline\n"
    "  --game G           robowar | grobots: the game a folder holding both robots and sides plays\n"
    "                     (default: grobots); a FOLDER given as ROBOT enters every .rtk, .txt and .rwr\n"
    "                     robot in it\n";
// The usage text after the engine options.
constexpr const char* kUsageTail =
    "\n"
    "Given Grobots sides (.gb files, or a folder of them) it plays one Grobots round instead; its\n"
    "options are listed by 'chronon battle SIDE.gb --help'. A folder holding both plays its Grobots\n"
    "sides unless --game robowar is given.\n";

// The whole usage text, engine options included.
std::string usage() { return std::string(kUsageHead) + kEngineUsage + kUsageTail; }

// Adds `argument` to `paths`, or for a folder every robot file in it (.rtk, .txt, .rwr, sorted by name),
// as a tournament enters a folder; so `--game robowar` plays the robots of a folder that also holds
// Grobots sides.
void addRobotPaths(const std::string& argument, std::vector<std::string>& paths) {
  std::error_code ec;
  if (!std::filesystem::is_directory(argument, ec)) {
    paths.push_back(argument);
    return;
  }
  std::vector<std::string> found;
  for (const auto& entry : std::filesystem::directory_iterator(argument, ec)) {
    if (entry.is_regular_file(ec) && arena::robowar::isRobotFileName(entry.path()))
      found.push_back(entry.path().string());
  }
  std::sort(found.begin(), found.end());
  paths.insert(paths.end(), found.begin(), found.end());
}

bool parseNumber(const std::string& text, long long& out) {
  if (text.empty()) return false;
  char* end = nullptr;
  out = std::strtoll(text.c_str(), &end, 10);
  return end != nullptr && *end == '\0';
}

}  // namespace

int runBattle(const Args& arguments) {
  Args args = arguments;
  const std::optional<Game> game = chooseGame("battle", args);
  if (!game) return 2;
  if (*game == Game::kGrobots) return runGrobotsBattle(args);
  std::vector<std::string> paths;
  uint64_t seed = 1;
  bool log = false;
  bool json = false;
  std::string replayPath;
  std::vector<int> teams;
  arena::robowar::Rules rules;
  EngineChoice engines;
  bool badEngine = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](long long& out) {
      if (i + 1 >= args.size() || !parseNumber(args[i + 1], out)) {
        std::fprintf(stderr, "chronon battle: %s needs a number\n", a.c_str());
        return false;
      }
      ++i;
      return true;
    };
    long long n = 0;
    if (a == "--help" || a == "-h") {
      std::fputs(usage().c_str(), stdout);
      return 0;
    } else if (a == "--seed") {
      if (!value(n)) return 2;
      seed = static_cast<uint64_t>(n);
    } else if (a == "--max-chronons") {
      if (!value(n) || n < 1 || n > 1000000) {
        std::fprintf(stderr, "chronon battle: --max-chronons needs a number from 1 to 1000000\n");
        return 2;
      }
      rules.maxChronons = static_cast<int>(n);
    } else if (a == "--log") {
      log = true;
    } else if (a == "--json") {
      json = true;
    } else if (a == "--replay") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "chronon battle: --replay needs a file name\n");
        return 2;
      }
      replayPath = args[++i];
    } else if (a == "--move-and-shoot") {
      rules.moveAndShoot = true;
    } else if (a == "--team") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "chronon battle: --team needs a list such as 1,1,2\n");
        return 2;
      }
      std::string list = args[++i];
      size_t start = 0;
      while (start <= list.size()) {
        const size_t comma = list.find(',', start);
        const std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!parseNumber(item, n) || n < 0 || n > 100) {
          std::fprintf(stderr, "chronon battle: bad team number '%s'\n", item.c_str());
          return 2;
        }
        teams.push_back(static_cast<int>(n));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    } else if (engineOption(args, i, engines, badEngine)) {
      if (badEngine) return 2;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "chronon battle: unknown option '%s'\n\n%s", a.c_str(), usage().c_str());
      return 2;
    } else {
      addRobotPaths(a, paths);
    }
  }
  if (paths.empty() || paths.size() > 6) {
    std::fprintf(stderr, "chronon battle: give 1 to 6 robots\n\n%s", usage().c_str());
    return 2;
  }
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
  std::vector<std::string> teamNames;
  std::vector<arena::robowar::Entry> entries;
  for (size_t i = 0; i < robots.size(); ++i) {
    int team = i < teams.size() ? teams[i] : 0;
    const std::string& name = robots[i].program.team;
    if (teams.empty() && !name.empty()) {
      auto it = std::find(teamNames.begin(), teamNames.end(), name);
      if (it == teamNames.end()) it = teamNames.insert(teamNames.end(), name);
      team = static_cast<int>(it - teamNames.begin()) + 1;
    }
    entries.push_back({&robots[i].program, team});
  }
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
    std::printf("%s\n", out.dump(2).c_str());
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
