#pragma once
// The Grobocode stack checker: an abstract interpretation of each compiled brain that follows the
// data-stack depth and the return-stack depth (a separate stack, specs/grobots-language.md §5.1) along
// every statically known path, and reports faults as diagnostics in the GB62x block.
//
// Model: execution starts at the brain's start address with both stacks empty (§4.6, §5.1). A call to
// a constant address (`name`, `name& call`, `name& ifc`, `name& nifc`, `a1& a2& ifec`) is analysed as a
// subroutine: its body is analysed once relative to its entry, and each call site continues with the
// body's net effect when every return through its entry address agrees. Jumps through computed
// addresses (jump tables, `>r ... return`) end the path: code reached only that way is not checked.
// `send` and `dropn` whose count is a constant just before them (`4 1 send`, `2 dropn`) move a fixed
// number of cells; `receive`, and those two with any other count, leave the depth unknown.
// Vectors are two cells (§2.4), so the depth is counted in cells.
//
// The rule that matters most is never a false error on a side the original accepts: a fault is an
// error only when it is certain, that is, it happens on the straight-line path from the start address
// that every run of the brain executes first (no conditional branch, call or computed effect before
// it). Everything else is a warning.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/source.h"

namespace chronon::grobocode {

/// Limits that keep the checker's work bounded on any input.
struct CheckLimits {
  /// Most analyses of one subroutine while summaries settle; after that its effect is unknown.
  int maxAnalysesPerRoutine = 8;
  /// The work budget of one brain: each phase of its check (settling the subroutine summaries,
  /// reporting, computing depths) visits at most workPerInstruction × instructions + baseWork
  /// instructions. The per-routine cap alone does not bound the total, since each subroutine's
  /// analysis walks all the code it falls into: a chain of labels each calling the next and falling
  /// into it costs the square of its length. Real sides use far less (docs/robustness.md).
  int workPerInstruction = 200;
  int baseWork = 200000;  ///< See workPerInstruction.
};

/// What one checkSide() call cost, for tests of the work bound.
struct CheckStats {
  int64_t steps = 0;         ///< Instruction visits over every brain and phase.
  int incompleteBrains = 0;  ///< Brains whose check the work budget cut short (see GB626).
};

/// The inferred effect of one called label (a subroutine).
struct RoutineEffect {
  std::string name;      ///< The label's name (a gensym name when no user label is there).
  int address = 0;       ///< The entry address (an instruction index, §4.4).
  bool returns = false;  ///< True when some analysed path returns to the caller.
  bool known = false;    ///< True when every return leaves the same depth and nothing was computed.
  int inputs = 0;        ///< Cells below the entry depth that the body reads or pops.
  int outputs = 0;       ///< Cells left in their place: inputs + net change (valid when `known`).
};

/// The data-stack depth just before one instruction, as the checker infers it (for editor hints).
///
/// The checker follows every path until a word whose effect depends on run-time values (`receive`,
/// `send` or `dropn` without a constant count just before it), a call whose effect is unknown or a
/// call through a computed address. A depth is `known` when every followed path reaching the
/// instruction agrees on it; it is also `complete` when every path reaching it was followed, so it
/// holds on every run. Where a path was not followed, the depth is the one the rest of the code
/// expects there (a loop that reads messages returns to its head with the depth it left with).
struct DepthFact {
  bool reached = false;   ///< False when no analysed path reaches the instruction.
  bool known = false;     ///< True when the followed paths reach it and agree on `depth`.
  bool complete = false;  ///< True when, besides, every path reaching it was followed.
  bool relative = false;  ///< True when `depth` counts from the entry of the subroutine it is in.
  int depth = 0;          ///< Cells: absolute from the brain's start, or relative (may be negative).
  /// The instruction's own net data-stack change in cells, when fixed: nullopt for calls (their
  /// effect is the callee's), for words whose effect depends on run-time values unless their count
  /// is a constant just before them (`4 1 send` pops 6 cells, `2 dropn` 3), and for words that stop
  /// the brain with an error.
  std::optional<int> change;
};

/// Checks every brain of `side` (each type's brain; common code is checked as part of the types that
/// copy it, and once only) and appends diagnostics to `diagnostics`:
/// GB620 data-stack underflow, GB621 branches joining at different depths, GB622 a loop that changes
/// the depth, GB623 `return`/`ifr`/`nifr` with an empty return stack, GB624 a stack comment after a
/// label (`name: ;in -- out`, taken from `file`) that disagrees with the label's inferred effect (both
/// shown), GB625 `r>`/`rdrop` on an empty return stack, GB626 the work budget ran out (a single
/// note for the side, at the start of the first brain it cut short). GB620, GB623 and GB625 are
/// errors when certain (see the file comment) and warnings otherwise; GB621, GB622 and GB624 are
/// warnings. Each source position is reported at most once per code. Work is linear in the code size
/// (CheckLimits): when the budget runs out while summaries settle, every subroutine's effect becomes
/// unknown and nothing after a call is reported; when it runs out while reporting, the subroutines
/// not yet analysed report nothing. Either way no diagnostic is wrong, some are missing, and GB626
/// says so. `stats`, when given, receives the work done. Never throws on any side `compileSide`
/// returned.
void checkSide(const SourceFile& file, const Side& side, Diagnostics& diagnostics, const CheckLimits& limits = {},
               CheckStats* stats = nullptr);

/// The depth before every instruction of `brain` (index == address): from the analysis of the start
/// address where it knows the depth there (absolute), else from the first subroutine whose analysis
/// does (relative to that subroutine's entry), else from the first analysis that reaches the
/// instruction at all (not known). Same bounded work as routineEffects().
std::vector<DepthFact> instructionDepths(const Program& brain, const CheckLimits& limits = {});

/// The inferred effects of the subroutines of `brain` (the targets of constant calls), in address
/// order. Used by `chronon check --effects` and by tests.
std::vector<RoutineEffect> routineEffects(const Program& brain, const CheckLimits& limits = {});

}  // namespace chronon::grobocode
