#pragma once
// The RoboTalk stack checker: an abstract interpretation over the CFG (robotalk_ir.h) that infers the stack
// depth and value kinds at every instruction and reports certain faults. It follows the rule that
// matters most for legacy robots: never a false error. Errors are reported only for faults that
// happen on every analysed path (certain underflow, certain overflow); everything the original game
// tolerated is a warning, and control flow computed at run time is a note.
//
// Model (specs/robowar.md §3.3, §4, §6): one data stack of 100 cells holds numbers, variable
// references, code addresses and return addresses alike. CALL, IF and IFE push a return address;
// RETURN is JUMP. A CALL/IF/IFE to a constant address is analysed as a subroutine: its body is
// analysed once, relative to its entry (the return address on top), and each call site continues with
// the body's net effect when the body returns through that return address. Interrupt handlers (SETINT
// targets) are entered with a return address on a stack of unknown depth; code reachable only through
// computed jumps starts at an unknown depth. Neither reports errors about depth.

#include <cstddef>
#include <string>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/compiler/robotalk_ir.h"

namespace chronon::robotalk {

/// Options of the checker.
struct CheckOptions {
  /// Most computed-jump notes (RT404) reported one per site; the rest are summarised in one note.
  size_t maxComputedJumpNotes = 10;
  /// Whether to report computed jumps (RT404) at all.
  bool computedJumpNotes = true;
};

/// The inferred effect of a subroutine (a constant target of CALL, IF or IFE).
struct SubroutineEffect {
  uint16_t address = 0;  ///< The subroutine's entry address.
  bool returns = false;  ///< True when some path returns through the return address it was given.
  bool exact = false;    ///< True when the net effect is known (not after DROPALL or unknown code).
  int minNet = 0;        ///< Smallest net change in cells over returning paths (return address excluded).
  int maxNet = 0;        ///< Largest net change in cells over returning paths.
  int deepest = 0;       ///< Most cells below its entry that the body may touch, as a negative count.
  /// Cells under its return address that every returning path reads (its inputs; 0 unless `exact`).
  /// A call with fewer on the stack underflows before it returns; it leaves inputs + net cells.
  int inputs = 0;
};

/// The result of analysing a Program: its CFG, the facts of every instruction and subroutine effects.
struct Analysis {
  ControlFlowGraph cfg;
  std::vector<InstructionFacts> facts;        ///< One per instruction (index == address).
  std::vector<SubroutineEffect> subroutines;  ///< In address order.
  /// False when the analysis gave up because the work budget ran out (pathological input); the
  /// facts are then incomplete and the checker reports nothing but a note.
  bool complete = true;
  size_t blockVisits = 0;  ///< Basic-block simulations done (for tests of the work bound).
};

/// Analyses `program`: builds the CFG and runs the abstract interpretation with a worklist (no
/// recursion), widening depths at loop heads. The work is bounded by a budget linear in the program
/// size; beyond it `complete` is false. Never fails.
Analysis analyze(const Program& program);

/// Checks `program` and appends diagnostics to `diagnostics`, each with the instruction's source range:
/// RT400 certain stack underflow (error; a warning for DUP, which the Mac original does not check, and
/// where only some ways of reaching the instruction underflow, and for a CALL/IF/IFE whose subroutine
/// reads more cells under its return address than the caller can have), RT401 branches joining at different
/// depths (warning, with a note per incoming branch), RT402 STORE/SETINT/SETPARAM whose top is
/// certainly not a variable reference (warning, unless `program.stoWarnings` is false), RT403
/// arithmetic on a variable reference or code address (warning), RT404 a jump target computed at run
/// time (note), RT405 growth around a loop (warning), RT406 certain stack overflow (error), RT407
/// execution reaching the trailing END (warning), RT409 STORE into a read-only register (warning),
/// RT411 STORE/SETINT/SETPARAM right after an unquoted user variable that no STORE fills with a
/// reference (warning with a "quote it" fix, unless `program.stoWarnings` is false), RT412 a
/// subroutine's RETURN to a computed number with its return address below it (warning), RT410 the
/// work budget ran out on a pathological program (a single note, and no other stack diagnostics).
/// docs/diagnostics.md gives the rules and their sources. Labels and limits are the assembler's
/// business and are not re-reported.
void check(const Program& program, const CheckOptions& options, Diagnostics& diagnostics);

/// The inferred stack state at one label, for inlay hints and `chronon check --effects`.
struct LabelEffect {
  std::string name;         ///< The label as written.
  uint16_t address = 0;     ///< Its address.
  SourceRange range;        ///< The label definition.
  InstructionFacts facts;   ///< Facts at the labelled instruction (empty if the label is at the end).
  bool subroutine = false;  ///< True when the label is called (CALL/IF/IFE) somewhere.
  SubroutineEffect effect;  ///< Its effect when `subroutine`.
  std::string text;         ///< Formatted, e.g. "[2]", "[0..1] sub ( 1 -- 2 )", "[+1 rel] sub ( 0 -- 0..1 )", "[?]".
};

/// The stack state at every label of `program`, in definition order.
std::vector<LabelEffect> labelEffects(const Program& program);

/// Like labelEffects() on an analysis already made by analyze(program).
std::vector<LabelEffect> labelEffects(const Program& program, const Analysis& analysis);

}  // namespace chronon::robotalk
