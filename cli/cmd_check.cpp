// `chronon check`: load each robot (compile RoboTalk, read .RWR or object code) and print its
// diagnostics as `file:line:col: error|warning|note: message [RTnnn]`.

#include <cstdio>
#include <cstring>

#include "chronon/compiler/checker.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_checker.h"
#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "commands.h"

namespace chronon::cli {

namespace {

constexpr const char* kCheckUsage =
    "usage: chronon check [--profile robowar-1.5|robowar-5] [--effects] FILE...\n"
    "\n"
    "Compiles each RoboTalk source (or reads each .RWR or object-code file) and prints its diagnostics\n"
    "to stderr as 'file:line:col: error|warning|note: message [RTnnn]'. Exit status: 0 when no file has\n"
    "an error, 1 when one has, 2 on a usage error. After a clean compile the stack checker runs: certain\n"
    "underflow and overflow are errors; joins at different depths, STORE without a variable reference,\n"
    "arithmetic on references and falling into END are warnings; computed jumps are notes.\n"
    "\n"
    "A FILE ending in .gb is read as a Grobots side (types, hardware and Grobocode brains); after a clean\n"
    "load the Grobocode stack checker runs on each brain (GB620-GB626).\n"
    "\n"
    "A FILE ending in .rl is read as a Robbie Language program: syntax, structure and type errors\n"
    "(RL700-RL728), all of them, each with its range.\n"
    "\n"
    "  --profile NAME   language profile: robowar-5 (default; RoboWar 4.5.2 and 5.x) or robowar-1.5\n"
    "  --effects        also print each label's inferred stack depth and effect to stdout (for a .gb side:\n"
    "                   each called label's effect, per type)\n"
    "  --costs          for a .gb side, print each type's cost and mass as the original prints them\n"
    "                   ('NAME cost=1843 mass=41.6'; specs/grobots-world.md §4)\n";

// Reads a Grobots side file and prints its load diagnostics; returns true when it has errors.
bool checkSide(const std::string& path, bool effects, bool costs) {
  std::optional<LoadedSide> loaded = loadSide(path);
  if (!loaded) return true;
  const SourceFile& file = loaded->file;
  grobocode::SideResult& result = loaded->result;
  // The stack checker needs complete brains; after load errors its findings would be noise.
  if (!result.diagnostics.hasErrors() && result.loaded()) {
    grobocode::checkSide(file, result.side, result.diagnostics);
    result.diagnostics.sortByPosition();
    if (effects) {
      for (const grobocode::Type& type : result.side.types) {
        if (!type.brain) continue;
        for (const grobocode::RoutineEffect& e : grobocode::routineEffects(*type.brain)) {
          const std::string effect = !e.returns ? "never returns"
                                     : e.known
                                         ? std::to_string(e.inputs) + " -- " + std::to_string(e.outputs) + " cells"
                                         : "unknown";
          std::printf("%s: %s: %s: %s\n", path.c_str(), type.name.c_str(), e.name.c_str(), effect.c_str());
        }
      }
    }
  }
  if (costs && result.loaded()) {
    for (const grobocode::Type& type : result.side.types) {
      if (!type.cost) continue;
      std::printf("%s: %s cost=%s mass=%s\n", path.c_str(), type.name.c_str(),
                  grobots::formatRaw(type.cost->cost, 0).c_str(), grobots::formatRaw(type.cost->mass, 1).c_str());
    }
  }
  printDiagnostics(file, result.diagnostics);
  return result.diagnostics.hasErrors();
}

}  // namespace

bool parseProfileOption(const Args& args, size_t& i, robotalk::Profile& profile, bool& bad) {
  const std::string& a = args[i];
  std::string value;
  if (a == "--profile") {
    if (i + 1 >= args.size()) {
      std::fprintf(stderr, "chronon: --profile needs a value (robowar-1.5 or robowar-5)\n");
      bad = true;
      return true;
    }
    value = args[++i];
  } else if (a.rfind("--profile=", 0) == 0) {
    value = a.substr(std::strlen("--profile="));
  } else {
    return false;
  }
  if (auto p = robotalk::parseProfile(value)) {
    profile = *p;
  } else {
    std::fprintf(stderr, "chronon: unknown profile '%s' (robowar-1.5 or robowar-5)\n", value.c_str());
    bad = true;
  }
  return true;
}

int runCheck(const Args& args) {
  robotalk::CompileOptions options;
  bool effects = false;
  bool costs = false;
  std::vector<std::string> paths;
  for (size_t i = 0; i < args.size(); ++i) {
    bool bad = false;
    if (args[i] == "--help" || args[i] == "-h") {
      std::fputs(kCheckUsage, stdout);
      return 0;
    }
    if (parseProfileOption(args, i, options.profile, bad)) {
      if (bad) return 2;
      continue;
    }
    if (args[i] == "--costs") {
      costs = true;
      continue;
    }
    if (args[i] == "--effects") {
      effects = true;
      continue;
    }
    if (args[i].size() > 1 && args[i][0] == '-') {
      std::fprintf(stderr, "chronon check: unknown option '%s'\n\n%s", args[i].c_str(), kCheckUsage);
      return 2;
    }
    paths.push_back(args[i]);
  }
  if (paths.empty()) {
    std::fputs(kCheckUsage, stderr);
    return 2;
  }
  int status = 0;
  for (const std::string& path : paths) {
    if (isRobbiePath(path)) {
      if (checkRobbie(path)) status = 1;
      continue;
    }
    if (isSidePath(path)) {
      if (checkSide(path, effects, costs)) status = 1;
      continue;
    }
    robotalk::LoadedRobot robot = robotalk::loadRobot(path, options);
    // The checker needs a complete program; after assembly errors its findings would be noise.
    if (!robot.diagnostics.hasErrors()) {
      robotalk::check(robot.program, robotalk::CheckOptions{}, robot.diagnostics);
      robot.diagnostics.sortByPosition();
      if (effects) {
        for (const robotalk::LabelEffect& e : robotalk::labelEffects(robot.program)) {
          std::printf("%s: %s: %s\n", path.c_str(), e.name.c_str(), e.text.c_str());
        }
      }
    }
    printDiagnostics(robot.file, robot.diagnostics);
    if (robot.diagnostics.hasErrors()) status = 1;
  }
  return status;
}

}  // namespace chronon::cli
