// `chronon disasm FILE [--source]`: object code as a listing, or as re-assemblable RoboTalk.

#include <cstdio>
#include <optional>
#include <string>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_disasm.h"
#include "chronon/compiler/language.h"
#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_disasm.h"
#include "command_line.h"
#include "commands.h"

namespace chronon::cli {

namespace {

constexpr const char* kDisasmDescription =
    "Prints the object code of a robot (an .RWR file, an object-code text file, or RoboTalk source,\n"
    "which is compiled first). Labels come from the source when there is one, otherwise they are\n"
    "recovered from jump, IF, CALL and SETINT targets as L<address>.\n"
    "\n"
    "A FILE ending in .gb is a Grobots side: each type's brain is listed with the addresses the original\n"
    "gives its instructions (0-based, the two end sentinels included), the raw 16-bit word and the\n"
    "decoded instruction with names and labels.\n"
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
  bool source = false;
  const std::unique_ptr<CLI::App> app = commandApp("disasm", kDisasmDescription);
  app->add_option("file", path, "a robot (.RWR, object code, RoboTalk source), a Grobots side (.gb) or an RL program")
      ->required()
      ->type_name("FILE");
  app->add_flag("--source", source, "print RoboTalk that re-assembles to the same words, instead of a listing");
  addProfileOption(*app, options.profile);
  app->add_option_function<std::string>(
         "--type", [&typeName](const std::string& name) { typeName = name; }, "for a .gb side, list only the type NAME")
      ->type_name("NAME");
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  if (source) mode = robotalk::DisasmMode::kSource;
  // A file of no language's extension is read as RoboTalk (object code among them).
  switch (languageOf(path).value_or(LanguageId::kRoboTalk)) {
    case LanguageId::kGrobocode: return disasmSide(path, typeName);
    case LanguageId::kRobbie: return disasmRobbie(path);
    case LanguageId::kRoboTalk: break;
  }
  if (typeName) {
    return usageError("disasm", "--type applies only to .gb sides");
  }
  const robotalk::LoadedRobot robot = robotalk::loadRobot(path, options);
  printDiagnostics(robot.file, robot.diagnostics);
  if (robot.diagnostics.hasErrors()) return 1;
  const std::string text = robotalk::disassemble(robot.program, mode);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

}  // namespace chronon::cli
