// `chronon disasm FILE [--source]`: object code as a listing, or as re-assemblable RoboTalk.

#include <cstdio>
#include <optional>
#include <string>

#include "chronon/compiler/disasm.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_disasm.h"
#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "commands.h"

namespace chronon::cli {

// Shared with `chronon check` (defined in cmd_check.cpp): reads `--profile NAME` at args[i].

namespace {

constexpr const char* kDisasmUsage =
    "usage: chronon disasm [--source] [--profile robowar-1.5|robowar-5] FILE\n"
    "       chronon disasm SIDE.gb [--type NAME]\n"
    "\n"
    "Prints the object code of a robot (an .RWR file, an object-code text file, or RoboTalk source,\n"
    "which is compiled first). Labels come from the source when there is one, otherwise they are\n"
    "recovered from jump, IF, CALL and SETINT targets as L<address>.\n"
    "\n"
    "  --source         print RoboTalk that re-assembles to the same words, instead of a listing\n"
    "  --profile NAME   robowar-5 (default) or robowar-1.5\n"
    "\n"
    "A FILE ending in .gb is a Grobots side: each type's brain is listed with the addresses the original\n"
    "gives its instructions (0-based, the two end sentinels included), the raw 16-bit word and the\n"
    "decoded instruction with names and labels.\n"
    "  --type NAME      list only the type NAME\n"
    "\n"
    "A FILE ending in .rl is a Robbie Language program: its IR is listed, one instruction a line with its\n"
    "address, source line, operation and operand.\n";

// Lists a Grobots side; returns the exit status.
int disasmSide(const std::string& path, const std::optional<std::string>& typeName) {
  const std::optional<LoadedSide> loaded = loadSide(path);
  if (!loaded) return 1;
  const grobocode::SideResult& result = loaded->result;
  printDiagnostics(loaded->file, result.diagnostics);
  if (result.diagnostics.hasErrors()) return 1;
  const std::optional<std::string> listing =
      grobocode::disassembleSide(result.side, typeName ? std::optional<std::string_view>(*typeName) : std::nullopt);
  if (!listing) {
    std::fprintf(stderr, "chronon disasm: %s has no type named '%s'\n", path.c_str(), typeName->c_str());
    return 1;
  }
  std::fwrite(listing->data(), 1, listing->size(), stdout);
  return 0;
}

}  // namespace

int runDisasm(const Args& args) {
  robotalk::CompileOptions options;
  robotalk::DisasmMode mode = robotalk::DisasmMode::kListing;
  std::string path;
  std::optional<std::string> typeName;
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
    if (a == "--type") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "chronon disasm: --type needs a type name\n");
        return 2;
      }
      typeName = args[++i];
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
  if (isSidePath(path)) return disasmSide(path, typeName);
  if (isRobbiePath(path)) return disasmRobbie(path);
  if (typeName) {
    std::fprintf(stderr, "chronon disasm: --type applies only to .gb sides\n");
    return 2;
  }
  const robotalk::LoadedRobot robot = robotalk::loadRobot(path, options);
  printDiagnostics(robot.file, robot.diagnostics);
  if (robot.diagnostics.hasErrors()) return 1;
  const std::string text = robotalk::disassemble(robot.program, mode);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

}  // namespace chronon::cli
