// `chronon disasm FILE [--source]`: object code as a listing, or as re-assemblable RoboTalk.

#include <cstdio>

#include "chronon/compiler/disasm.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "commands.h"

namespace chronon::cli {

// Shared with `chronon check` (defined in cmd_check.cpp): reads `--profile NAME` at args[i].

namespace {

constexpr const char* kDisasmUsage =
    "usage: chronon disasm [--source] [--profile robowar-1.5|robowar-5] FILE\n"
    "\n"
    "Prints the object code of a robot (an .RWR file, an object-code text file, or RoboTalk source,\n"
    "which is compiled first). Labels come from the source when there is one, otherwise they are\n"
    "recovered from jump, IF, CALL and SETINT targets as L<address>.\n"
    "\n"
    "  --source         print RoboTalk that re-assembles to the same words, instead of a listing\n"
    "  --profile NAME   robowar-5 (default) or robowar-1.5\n";

}  // namespace

int runDisasm(const Args& args) {
  robotalk::CompileOptions options;
  robotalk::DisasmMode mode = robotalk::DisasmMode::kListing;
  std::string path;
  for (size_t i = 0; i < args.size(); ++i) {
    bool bad = false;
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kDisasmUsage, stdout);
      return 0;
    }
    if (parseProfileOption(args, i, options.profile, bad)) {
      if (bad) return 2;
      continue;
    }
    if (a == "--source") {
      mode = robotalk::DisasmMode::kSource;
      continue;
    }
    if ((a.size() > 1 && a[0] == '-') || !path.empty()) {
      std::fprintf(stderr, "chronon disasm: unexpected argument '%s'\n\n%s", a.c_str(), kDisasmUsage);
      return 2;
    }
    path = a;
  }
  if (path.empty()) {
    std::fputs(kDisasmUsage, stderr);
    return 2;
  }
  const robotalk::LoadedRobot robot = robotalk::loadRobot(path, options);
  const std::string diagnostics = render(robot.file, robot.diagnostics);
  std::fwrite(diagnostics.data(), 1, diagnostics.size(), stderr);
  if (robot.diagnostics.hasErrors()) return 1;
  const std::string text = robotalk::disassemble(robot.program, mode);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

}  // namespace chronon::cli
