// The `chronon/disassembly` feature: the compiler's listings of a document's current text, made the
// way cli/cmd_disasm.cpp makes them from a file.

#include "chronon/lsp/disassembly.h"

#include <optional>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_disasm.h"
#include "chronon/compiler/robbie.h"
#include "chronon/compiler/robbie_ir.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_disasm.h"

namespace chronon::lsp {

namespace {

// The answer for text with errors: no listing, and the errors as `chronon check` renders them.
// Warnings and notes of their own are left out: they do not stop `chronon disasm`, and the editor
// shows them already.
DisassemblyResult errorsInstead(const SourceFile& file, const std::vector<Diagnostic>& diagnostics) {
  DisassemblyResult result;
  std::string rendered;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity != Severity::kError) continue;
    ++result.errors;
    rendered += render(file, d);
  }
  result.text = "No listing: " + file.name() + " has " + std::to_string(result.errors) +
                (result.errors == 1 ? " error" : " errors") + ".\n\n" + rendered;
  return result;
}

}  // namespace

DisassemblyResult disassembly(const LanguageSupport& language, const SourceFile& file) {
  if (const std::unique_ptr<DocumentAnalysis> rejected = rejectBadInput(file.text()))
    return errorsInstead(file, rejected->diagnostics());
  switch (language.language()) {
    case LanguageId::kGrobocode: {
      const grobocode::SideResult side = grobocode::compileSide(file);
      if (side.diagnostics.hasErrors()) return errorsInstead(file, side.diagnostics.all());
      // Without a type name every type is listed, so there is always a listing.
      return DisassemblyResult{grobocode::disassembleSide(side.side).value_or(std::string()), 0};
    }
    case LanguageId::kRobbie: {
      const robbie::CompileResult program = robbie::compile(file);
      if (!program.program) return errorsInstead(file, program.diagnostics.all());
      return DisassemblyResult{robbie::listing(*program.program), 0};
    }
    case LanguageId::kRoboTalk: break;
  }
  const robotalk::LoadedRobot robot = robotalk::loadRobotText(file, robotalk::CompileOptions{});
  if (robot.diagnostics.hasErrors()) return errorsInstead(robot.file, robot.diagnostics.all());
  return DisassemblyResult{robotalk::disassemble(robot.program, robotalk::DisasmMode::kListing), 0};
}

}  // namespace chronon::lsp
