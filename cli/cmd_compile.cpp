// `chronon compile --emit=object FILE`: prints a robot's object code in the golden text format.

#include <cstdio>

#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_object_code.h"
#include "command_line.h"
#include "commands.h"

namespace chronon::cli {

namespace {

constexpr const char* kCompileDescription =
    "Compiles a RoboTalk source (or reads an .RWR or object-code file) and prints its object code to\n"
    "stdout in the golden text format ('#' comments, then 'index: words...' with 16 words a line).\n"
    "Diagnostics go to stderr; the exit status is 1 when there are errors (nothing is printed then).\n";

}  // namespace

int runCompile(const Args& args) {
  robotalk::CompileOptions options;
  std::string path;
  std::string emit = "object";
  const std::unique_ptr<CLI::App> app = commandApp("compile", kCompileDescription);
  app->add_option("file", path, "the robot: RoboTalk source, .RWR or object code")->required()->type_name("FILE");
  app->add_option("--emit", emit, "object: the output format (the only one so far, and the default)")
      ->check(quiet(CLI::IsMember({"object"})))
      ->type_name("FORMAT");
  addProfileOption(*app, options.profile);
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  const robotalk::LoadedRobot robot = robotalk::loadRobot(path, options);
  printDiagnostics(robot.file, robot.diagnostics);
  if (robot.diagnostics.hasErrors()) return 1;
  const std::string text =
      robotalk::writeObjectCode(robot.program.words(), "Compiled RoboTalk machine code of " + path);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

}  // namespace chronon::cli
