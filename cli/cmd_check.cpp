// `chronon check`: load each robot (compile RoboTalk, read .RWR or object code) and print its
// diagnostics as `file:line:col: error|warning|note: message [RTnnn]`.

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "chronon/arena/entry_files.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_checker.h"
#include "chronon/compiler/language.h"
#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_checker.h"
#include "command_line.h"
#include "commands.h"

namespace chronon::cli {

namespace {

constexpr const char* kCheckDescription =
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
    "A FILE that is a folder stands for the robot files directly in it (.rtk, .txt, .rwr, .gb, .rl), in\n"
    "name order; a folder with none of them is an error (RT100).\n";

// A file `check` reads when it is in a folder it is given: one of any language's extensions.
bool isCheckedFile(const std::filesystem::path& path) { return languageOf(path.string()).has_value(); }

// `inputs` with each folder replaced by the robot files in it. A folder with none is reported
// (RT100) and sets `failed`, so that a mistyped folder is not a silent success.
std::vector<std::string> checkedFiles(const std::vector<std::string>& inputs, bool& failed) {
  std::vector<std::string> files;
  for (const std::string& input : inputs) {
    const std::vector<std::string> found = arena::entryFiles({input}, isCheckedFile);
    std::error_code ec;
    if (found.empty() && std::filesystem::is_directory(input, ec)) {
      Diagnostics diagnostics;
      diagnostics.error(DiagCode::kFileUnreadable, {},
                        "the folder '" + input + "' holds no robot files (.rtk, .txt, .rwr, .gb, .rl)");
      printDiagnostics(SourceFile(input, ""), diagnostics);
      failed = true;
    }
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

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

int runCheck(const Args& args) {
  robotalk::CompileOptions options;
  bool effects = false;
  bool costs = false;
  std::vector<std::string> paths;
  const std::unique_ptr<CLI::App> app = commandApp("check", kCheckDescription);
  app->add_option(
         "files", paths,
         "RoboTalk robots (.rtk, .txt, .rwr, object code), Grobots sides (.gb), RL programs (.rl), or folders of "
         "them")
      ->required()
      ->type_name("FILE");
  addProfileOption(*app, options.profile);
  app->add_flag("--effects", effects,
                "also print each label's inferred stack depth and effect to stdout (for a .gb side: each called "
                "label's effect, per type)");
  app->add_flag("--costs", costs,
                "for a .gb side, print each type's cost and mass as the original prints them ('NAME cost=1843 "
                "mass=41.6'; specs/grobots-world.md §4)");
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  bool emptyFolder = false;
  const std::vector<std::string> files = checkedFiles(paths, emptyFolder);
  int status = emptyFolder ? 1 : 0;
  for (const std::string& path : files) {
    // A file of no language's extension is read as RoboTalk (object code among them).
    switch (languageOf(path).value_or(LanguageId::kRoboTalk)) {
      case LanguageId::kRobbie:
        if (checkRobbie(path)) status = 1;
        continue;
      case LanguageId::kGrobocode:
        if (checkSide(path, effects, costs)) status = 1;
        continue;
      case LanguageId::kRoboTalk: break;
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
