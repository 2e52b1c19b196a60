// `chronon compile --emit=object FILE`: prints a robot's object code in the golden text format.

#include <cstdio>

#include "chronon/compiler/object_code.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "commands.h"

namespace chronon::cli {

// Shared with `chronon check` (defined in cmd_check.cpp): reads `--profile NAME` at args[i].

namespace {

constexpr const char* kCompileUsage =
    "usage: chronon compile [--emit=object] [--profile robowar-1.5|robowar-5] FILE\n"
    "\n"
    "Compiles a RoboTalk source (or reads an .RWR or object-code file) and prints its object code to\n"
    "stdout in the golden text format ('#' comments, then 'index: words...' with 16 words a line).\n"
    "Diagnostics go to stderr; the exit status is 1 when there are errors (nothing is printed then).\n"
    "\n"
    "  --emit=object    the output format (the only one so far)\n"
    "  --profile NAME   robowar-5 (default) or robowar-1.5\n";

}  // namespace

int runCompile(const Args& args) {
  robotalk::CompileOptions options;
  std::string path;
  for (size_t i = 0; i < args.size(); ++i) {
    bool bad = false;
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kCompileUsage, stdout);
      return 0;
    }
    if (parseProfileOption(args, i, options.profile, bad)) {
      if (bad) return 2;
      continue;
    }
    if (a == "--emit=object" || (a == "--emit" && i + 1 < args.size() && args[i + 1] == "object")) {
      if (a == "--emit") ++i;
      continue;
    }
    if ((a.size() > 1 && a[0] == '-') || !path.empty()) {
      std::fprintf(stderr, "chronon compile: unexpected argument '%s'\n\n%s", a.c_str(), kCompileUsage);
      return 2;
    }
    path = a;
  }
  if (path.empty()) {
    std::fputs(kCompileUsage, stderr);
    return 2;
  }
  const robotalk::LoadedRobot robot = robotalk::loadRobot(path, options);
  printDiagnostics(robot.file, robot.diagnostics);
  if (robot.diagnostics.hasErrors()) return 1;
  const std::string text =
      robotalk::writeObjectCode(robot.program.words(), "Compiled RoboTalk machine code of " + path);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

}  // namespace chronon::cli
