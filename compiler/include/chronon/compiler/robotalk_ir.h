#pragma once
// The RoboTalk IR's second layer: basic blocks and the control-flow graph over a Program's linear
// instruction list (robotalk.h), plus the per-instruction facts that the checker's abstract
// interpretation attaches (robotalk_checker.h). Addresses stay instruction indices, as in the original object
// code, so a label's address, a jump target and an index into Program::code are the same number.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chronon/compiler/robotalk.h"

namespace chronon::robotalk {

/// What a stack cell holds, as far as the analysis can tell.
enum class ValueKind : uint8_t {
  kNumber,    ///< A plain number: a literal, or the result of arithmetic on numbers.
  kVariable,  ///< A variable reference: a quoted register, 20300-20399 (specs/robowar.md §3.3).
  kCode,      ///< A code address pushed by a label reference.
  kReturn,    ///< A return address pushed by CALL, IF, IFE or an interrupt (specs/robowar.md §4, §6).
  kUnknown,   ///< Anything: a register's contents, a join of different kinds, a cell below the tracked ones.
};

/// "number", "variable reference", "code address", "return address" or "unknown value".
std::string_view valueKindName(ValueKind kind);

/// Which stack the depth of an InstructionFacts is counted from.
enum class DepthBase : uint8_t {
  kEntry,     ///< From the empty stack at the robot's start (or after DROPALL): an absolute depth.
  kRelative,  ///< From the cells present when the enclosing subroutine or handler was entered (the
              ///< return address excluded); those cells are not known, so the depth may be negative.
  kUnknown,   ///< Not known at all: entered through a computed jump, or joined from different bases.
};

/// The facts the checker infers for one instruction, as they hold just before it executes.
struct InstructionFacts {
  bool reached = false;  ///< False for code that no analysed path reaches.
  DepthBase base = DepthBase::kUnknown;
  int minDepth = 0;            ///< Smallest stack depth (cells) over the paths, counted from `base`.
  int maxDepth = 0;            ///< Largest stack depth (cells) over the paths, counted from `base`.
  std::vector<ValueKind> top;  ///< Kinds of the top cells, top last; cells below are kUnknown.
  /// True when a path from the robot's start reaches the instruction with a known depth (not through
  /// a handler, a computed jump or a subroutine body); `startMin..startMax` is then that depth range.
  /// Useful where `base` is kUnknown because handlers or computed jumps also lead here.
  bool reachedFromStart = false;
  int startMin = 0;  ///< Smallest absolute depth on the paths from the start.
  int startMax = 0;  ///< Largest absolute depth on the paths from the start.
};

/// How control leaves a basic block along one edge.
enum class EdgeKind : uint8_t {
  kFallThrough,  ///< To the next instruction (also the "flag is zero" path of IF and IFG).
  kJump,         ///< To a constant target of JUMP, IFG or IFEG.
  kCall,         ///< To a constant target of CALL, IF or IFE (a return address is pushed).
  kReturnSite,   ///< From a CALL, IF or IFE to the instruction after it, where the callee returns.
};

/// One CFG edge.
struct Edge {
  uint32_t block = 0;  ///< The other block's index.
  EdgeKind kind = EdgeKind::kFallThrough;
};

/// A maximal straight-line run of instructions [begin, end): only its first instruction is a
/// jump target and only its last one may branch.
struct BasicBlock {
  uint32_t begin = 0;              ///< Address of the first instruction (the leader).
  uint32_t end = 0;                ///< One past the last instruction.
  std::vector<Edge> successors;    ///< Outgoing edges, in the order fall-through, then targets.
  std::vector<Edge> predecessors;  ///< Incoming edges (the mirror of `successors`).
  bool computedTarget = false;     ///< The last instruction branches to an address computed at run time.
};

/// The branch targets of one instruction when they are constants.
struct ConstantTargets {
  std::vector<uint16_t> targets;  ///< JUMP/CALL/IF/IFG: one address; IFE/IFEG: the true then the false one.
};

/// The control-flow graph of a Program.
struct ControlFlowGraph {
  std::vector<BasicBlock> blocks;  ///< In address order; blocks[0] starts at address 0.
  std::vector<uint32_t> blockOf;   ///< Block index of every instruction.
  /// Constant targets of every branch instruction (nullopt for non-branches and computed targets).
  /// A target is constant when the address operand(s) are the word(s) pushed just before the branch
  /// (a literal or a label reference) and no jump lands between the push and the branch.
  std::vector<std::optional<ConstantTargets>> constantTargets;
};

/// The operator of instruction `insn`, or nullptr when the word is a number or a quoted register.
const OperatorInfo* operatorOf(const Instruction& insn);

/// True when `insn` transfers control to an address taken from the stack (JUMP, CALL, IF, IFE,
/// IFG, IFEG, RTI), per the word table's kBranch flag.
bool isBranch(const Instruction& insn);

/// How many address operands a branch operator pops: 2 for IFE and IFEG, 1 for the others (RTI
/// included: `label RTI` is a goto that re-enables interrupts), 0 for non-branches.
int addressOperands(const OperatorInfo& op);

/// Builds the basic blocks and CFG of `program`. Leaders are address 0, every label address, every
/// instruction after a branch or terminator, and every constant branch target inside the program.
/// Constant targets outside the program (which kill the robot at run time) get no edge. Never fails;
/// an empty program gives an empty graph. Linear in the program size.
ControlFlowGraph buildControlFlowGraph(const Program& program);

/// Formats facts as an inlay-hint text: "[2]", "[0..3]", "[+1 rel]" (relative to a subroutine's
/// or handler's entry, its return address included), "[0 from start]" (known on the paths from the
/// robot's start only), "[?]" (unknown) or "[unreached]".
std::string formatDepth(const InstructionFacts& facts);

}  // namespace chronon::robotalk
