#pragma once
// The JIT's view of a RoboTalk program before any LLVM is involved: each instruction classified by
// what native code does for it, and the program cut into straight-line blocks with their cycle
// costs and static stack needs. Lowering (robotalk_lower.cpp) turns the plan into one LLVM function.

#include <cstdint>
#include <vector>

#include "chronon/vm/robotalk_bytecode.h"
#include "chronon/vm/robotalk_semantics.h"
#include "stack_block.h"

namespace chronon::jit::robotalk_detail {

/// The classes of operators native code computes inline (OpKind::kPrim): `Entry`, every operator
/// whose entry in robotalk_semantics.def is written over any machine (the arithmetic, comparisons
/// and logic, and the machine operators PRINT, VSTORE and VRECALL), which native code computes;
/// `NoEffect`, every operator without an effect on the robot (NOP, BEEP, ICON0-9, DEBUG, SND0-9).
/// The planner's switch over every Op picks these; the lowerer's switch covers exactly them.
enum class Inline : uint8_t {
  Entry,
  NoEffect,
};

/// How native code handles one instruction.
enum class OpKind : uint8_t {
  kStep,      ///< Not compiled: robotalk::step runs it (maths words, interrupts, stack words, errors...).
  kPush,      ///< Pushes `value`.
  kPrim,      ///< Operator `op` on the top cells, compiled inline (arithmetic, logic, VRECALL...).
  kShuffle,   ///< Stack shuffle `op` (robotalk_semantics.def): its effect, as renamed cells.
  kVarRead,   ///< RECALL of user variable `index` whose quoted code was pushed in the same block.
  kVarWrite,  ///< STORE to user variable `index` whose quoted code was pushed in the same block.
  kHwRead,    ///< RECALL of hardware register `index` quoted in the same block: a direct host call
              ///< (robotalk::readHardware); an error returns from the call.
  kHwWrite,   ///< STORE to hardware register `index` quoted in the same block: a direct host call
              ///< (robotalk::writeHardware); an error returns, an interrupt it entered goes to dispatch.
  kCall,      ///< RECALL or STORE of a code not known here: robotalk::step runs it inside the block, and
              ///< native code goes on only when it ended normally at the next instruction (not
              ///< after an error, a stop or an interrupt it entered).
  kBranch,    ///< A branch operator `op` (CHRONON_ROBOTALK_BRANCH_OPERATORS, done by its flags); ends
              ///< its block.
  kSync,      ///< SYNC; ends its block and the call.
};

/// One classified instruction.
struct PlannedOp {
  OpKind kind = OpKind::kStep;
  robotalk::Op op = robotalk::Op::Nop;
  Inline word = Inline::NoEffect;  ///< For kPrim.
  int16_t value = 0;               ///< For kPush.
  int index = 0;                   ///< Register index for kVarRead, kVarWrite, kHwRead and kHwWrite.
  /// For kBranch: the destinations known at compile time (-1 = taken from the stack at run time).
  /// JUMP, CALL, IF and IFG use `target`; IFE and IFEG use `target` (condition true) and `otherwise`.
  int target = -1;
  int otherwise = -1;
  int need = 0;   ///< Stack cells it reads (the stack must hold at least this many).
  int delta = 0;  ///< Net stack change; unused for a branch, which ends its block.
  int cost = 1;   ///< Cycles charged.
};

/// A straight-line run [start, end), entered only at `start` (stack_block.h). Every instruction but
/// the last is compiled; the last is compiled too unless `stepsLast`, when robotalk::step runs it.
using Block = detail::StackBlock;

/// The plan of a program.
struct Plan {
  std::vector<PlannedOp> ops;  ///< One per instruction.
  std::vector<Block> blocks;   ///< In address order.
  std::vector<int> blockAt;    ///< Per address (size + 1 entries): the block starting there, or -1.
};

/// The longest block, but for one more instruction when the next uses what the last pushed (a
/// quoted register's RECALL or STORE, a branch's destination). RoboWar robots run 5 to 50 cycles a
/// chronon; the interpreter plays a block that does not fit the rest of the budget (robotalk::resume), so
/// blocks stay short.
inline constexpr int kMaxBlockLength = 8;

/// Classifies `code` and cuts it into blocks. Leaders are address 0, every constant destination of
/// a branch, every interrupt handler set with a constant address, the instruction after any
/// branch, SYNC or stepped instruction (return addresses included), and every address flagged in
/// `starts` (one flag per instruction, or empty) except one that would part a pushed code or
/// destination from the RECALL, STORE or branch right after it. Never fails: what it does not
/// understand becomes kStep.
///
/// `starts` are the addresses where the previous compile's code had to begin inside a block (a
/// call began there because the last one's budget ran out there, an interrupt handler returned
/// there, or a computed jump went there). A block that starts at such an address lets the next call
/// begin in native code, and lets the call before end in native code once the budget is spent at
/// the block's start, where the interpreter would otherwise run the part-block at both ends. Robots
/// that run a few cycles a call need this; a compute loop that runs whole budgets sees few such
/// addresses and keeps its long blocks.
Plan planProgram(const robotalk::Bytecode& code, const std::vector<bool>& starts = {});

}  // namespace chronon::jit::robotalk_detail
