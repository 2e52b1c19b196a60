#pragma once
// The Robbie Language's IR: a linear list of stack-machine instructions with typed constants and typed
// registers, produced by the RL frontend (robbie.h) after its type checker passed, and run by
// vm/robbie_interpreter.h. Addresses are instruction indices. Every value carries one of RL's four
// register types (seeds/robbie-language.txt, "register"), so the engines never meet an untyped value.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <variant>
#include <vector>
#include "chronon/stdlib/stack_effect.h"

#include "chronon/compiler/source.h"

namespace chronon::robbie {

/// The type of an RL value: the four register types of the manual.
enum class ValueType : uint8_t {
  kInteger,  ///< A whole number, 64-bit two's complement.
  kReal,     ///< A decimal number, IEEE double.
  kBoolean,  ///< true or false.
  kString,   ///< A byte string.
};

/// "integer", "real", "boolean" or "string": the type word as written in a register line.
std::string_view valueTypeName(ValueType type);

/// An RL value; the alternative's index is its ValueType.
using Value = std::variant<int64_t, double, bool, std::string>;

/// The type of `value`.
inline ValueType typeOf(const Value& value) { return static_cast<ValueType>(value.index()); }

/// The value a register of `type` holds before any `set`: 0, 0.0, false or "".
Value defaultValue(ValueType type);

/// `value` as reports print it: integers in decimal, reals with up to 6 significant digits and always a
/// point or exponent ("2.5", "3.0", "1e+20", "inf"), a NaN as "nan" whatever its sign, booleans as
/// true/false, strings in double quotes.
std::string formatValue(const Value& value);

/// The operations of the IR. Operands are popped from the value stack, the right operand on top.
enum class Op : uint8_t {
  kPushConstant,  ///< Pushes constants[a].
  kLoad,          ///< Pushes registers[a]'s value.
  kStore,         ///< Pops a value into registers[a] (the types agree: the checker made sure).
  kToReal,        ///< Converts the integer on top to a real (inserted where an integer meets a real).
  kAddInteger,    ///< i i -- i; overflow is a runtime error.
  kSubInteger,    ///< i i -- i; overflow is a runtime error.
  kMulInteger,    ///< i i -- i; overflow is a runtime error.
  kDivInteger,    ///< i i -- i, truncated toward zero; division by zero is a runtime error.
  kNegInteger,    ///< i -- i; overflow is a runtime error.
  kAddReal,       ///< r r -- r.
  kSubReal,       ///< r r -- r.
  kMulReal,       ///< r r -- r.
  kDivReal,       ///< r r -- r; division by zero is a runtime error.
  kNegReal,       ///< r -- r.
  kConcat,        ///< s s -- s: string +.
  kLess,          ///< x x -- b, both operands of one type (integer, real or string).
  kLessEqual,     ///< x x -- b.
  kGreater,       ///< x x -- b.
  kGreaterEqual,  ///< x x -- b.
  kEqual,         ///< x x -- b, any one type.
  kNot,           ///< b -- b.
  kJump,          ///< Continues at a.
  kJumpIfFalse,   ///< b --; continues at a when b is false.
  kAndJump,       ///< b -- [b]: when b is false, leaves it and continues at a (short-circuit and).
  kOrJump,        ///< b -- [b]: when b is true, leaves it and continues at a (short-circuit or).
  kBlocked,       ///< -- b: the fore contact sensor (host).
  kWeight,        ///< -- i: grams held by the claw (host).
  kForward,       ///< i --: move forward i cm (host); a negative i is a runtime error.
  kBack,          ///< i --: move back i cm (host); a negative i is a runtime error.
  kTurnLeft,      ///< i --: turn left i degrees (host); a negative i is a runtime error.
  kTurnRight,     ///< i --: turn right i degrees (host); a negative i is a runtime error.
  kGrab,          ///< Closes the claw on the object beneath (host).
  kDrop,          ///< Puts the held object down (host).
  kBeep,          ///< ms hz --: beep (host); a negative time or a frequency outside 60-30,000 is an error.
  kPause,         ///< ms --: pause (host); a negative time is a runtime error.
  kStop,          ///< Stops the program.
};

/// What an operation's operand `a` names.
enum class Operand : uint8_t {
  kNone,      ///< Unused (0).
  kConstant,  ///< An index into Program::constants.
  kRegister,  ///< An index into Program::registers.
  kAddress,   ///< A jump target (an instruction index).
};

/// Where execution goes after an operation (when it raises no runtime error).
enum class Flow : uint8_t {
  kNext,    ///< Always the next instruction.
  kJump,    ///< Always its target `a`.
  kBranch,  ///< The target `a` or the next instruction (kJumpIfFalse, kAndJump, kOrJump).
  kStop,    ///< Nowhere: the program stops.
};

/// The type of a value an operation pops or pushes, as its stack effect names it.
enum class Slot : uint8_t {
  kInteger,  ///< "i": an integer.
  kReal,     ///< "r": a real.
  kBoolean,  ///< "b": a boolean.
  kString,   ///< "s": a string.
  kAny,      ///< "x": any one type, the same in every "x" slot of the operation (comparisons).
  kOperand,  ///< "v": the type of what operand `a` names, the constant's or the register's.
};

/// An operation's stack effect in slots: what it pops and what it pushes on the path that goes on to
/// the next instruction (a conditional jump's fall-through).
struct StackEffect {
  int32_t pops = 0;          ///< Values popped, at most two.
  Slot popped[2] = {};       ///< Their types, the top first.
  int32_t pushes = 0;        ///< Values pushed, at most one.
  Slot pushed = Slot::kAny;  ///< Its type.
  bool valid = true;         ///< False when the text broke the rules below (caught at compile time).
};

/// The stack effect written as text, top on the right: slot letters (i r b s x v, as Slot says)
/// before and after "--", separated by spaces, e.g. "i i -- i", "x x -- b", "-- v", "b --".
constexpr StackEffect parseStackEffect(std::string_view text) {
  StackEffect effect;
  Slot before[2] = {};
  const EffectScan scan = scanEffect(text, [&](std::string_view item, bool after) {
    Slot slot = Slot::kAny;
    switch (item.size() == 1 ? item[0] : '?') {
      case 'i': slot = Slot::kInteger; break;
      case 'r': slot = Slot::kReal; break;
      case 'b': slot = Slot::kBoolean; break;
      case 's': slot = Slot::kString; break;
      case 'x': slot = Slot::kAny; break;
      case 'v': slot = Slot::kOperand; break;
      default: effect.valid = false; return;
    }
    if (!after) {
      if (effect.pops == 2)
        effect.valid = false;
      else
        before[effect.pops++] = slot;
    } else if (effect.pushes == 1) {
      effect.valid = false;
    } else {
      effect.pushes = 1;
      effect.pushed = slot;
    }
  });
  if (scan.dashes != 1 || scan.variable) effect.valid = false;
  // Written bottom first; kept top first.
  for (int32_t k = 0; k < effect.pops; ++k) effect.popped[k] = before[effect.pops - 1 - k];
  return effect;
}

/// What kind of work an operation does, which tells the engines who writes its meaning.
enum class OpKind : uint8_t {
  kComputed,  ///< Computes its pushed value from its popped ones alone (arithmetic, comparisons, not).
  kHost,      ///< Asks the host: a sensor or a command, after checking its arguments.
  kControl,   ///< Moves values or the pc (push, load, store, the jumps, stop); each engine writes it.
};

/// The facts about one operation that listings and the engines' planners read, declared once per
/// operation in kOpTable.
struct OpInfo {
  std::string_view name;  ///< The mnemonic for listings ("push", "load", "add.i", ...).
  Operand operand;        ///< What `a` names.
  Flow flow;              ///< Where execution goes next.
  StackEffect effect;     ///< What it pops and pushes (parseStackEffect of the table's text).
  OpKind kind;            ///< Who writes its meaning (vm/include/chronon/vm/robbie_semantics.def reads it).
};

/// One row of the operation table: an operation and its facts.
struct OpRow {
  Op op;        ///< The operation; rows follow the Op enumeration (checked in robbie_ir.cpp).
  OpInfo info;  ///< Its facts.
};

/// Every operation's facts, in the order of the Op enumeration. It is in the header so that
/// robbie_semantics.h can check its entries against the kinds at compile time.
inline constexpr OpRow kOpTable[] = {
    {Op::kPushConstant, {"push", Operand::kConstant, Flow::kNext, parseStackEffect("-- v"), OpKind::kControl}},
    {Op::kLoad, {"load", Operand::kRegister, Flow::kNext, parseStackEffect("-- v"), OpKind::kControl}},
    {Op::kStore, {"store", Operand::kRegister, Flow::kNext, parseStackEffect("v --"), OpKind::kControl}},
    {Op::kToReal, {"to.real", Operand::kNone, Flow::kNext, parseStackEffect("i -- r"), OpKind::kComputed}},
    {Op::kAddInteger, {"add.i", Operand::kNone, Flow::kNext, parseStackEffect("i i -- i"), OpKind::kComputed}},
    {Op::kSubInteger, {"sub.i", Operand::kNone, Flow::kNext, parseStackEffect("i i -- i"), OpKind::kComputed}},
    {Op::kMulInteger, {"mul.i", Operand::kNone, Flow::kNext, parseStackEffect("i i -- i"), OpKind::kComputed}},
    {Op::kDivInteger, {"div.i", Operand::kNone, Flow::kNext, parseStackEffect("i i -- i"), OpKind::kComputed}},
    {Op::kNegInteger, {"neg.i", Operand::kNone, Flow::kNext, parseStackEffect("i -- i"), OpKind::kComputed}},
    {Op::kAddReal, {"add.r", Operand::kNone, Flow::kNext, parseStackEffect("r r -- r"), OpKind::kComputed}},
    {Op::kSubReal, {"sub.r", Operand::kNone, Flow::kNext, parseStackEffect("r r -- r"), OpKind::kComputed}},
    {Op::kMulReal, {"mul.r", Operand::kNone, Flow::kNext, parseStackEffect("r r -- r"), OpKind::kComputed}},
    {Op::kDivReal, {"div.r", Operand::kNone, Flow::kNext, parseStackEffect("r r -- r"), OpKind::kComputed}},
    {Op::kNegReal, {"neg.r", Operand::kNone, Flow::kNext, parseStackEffect("r -- r"), OpKind::kComputed}},
    {Op::kConcat, {"concat", Operand::kNone, Flow::kNext, parseStackEffect("s s -- s"), OpKind::kComputed}},
    {Op::kLess, {"lt", Operand::kNone, Flow::kNext, parseStackEffect("x x -- b"), OpKind::kComputed}},
    {Op::kLessEqual, {"le", Operand::kNone, Flow::kNext, parseStackEffect("x x -- b"), OpKind::kComputed}},
    {Op::kGreater, {"gt", Operand::kNone, Flow::kNext, parseStackEffect("x x -- b"), OpKind::kComputed}},
    {Op::kGreaterEqual, {"ge", Operand::kNone, Flow::kNext, parseStackEffect("x x -- b"), OpKind::kComputed}},
    {Op::kEqual, {"eq", Operand::kNone, Flow::kNext, parseStackEffect("x x -- b"), OpKind::kComputed}},
    {Op::kNot, {"not", Operand::kNone, Flow::kNext, parseStackEffect("b -- b"), OpKind::kComputed}},
    {Op::kJump, {"jump", Operand::kAddress, Flow::kJump, parseStackEffect("--"), OpKind::kControl}},
    {Op::kJumpIfFalse, {"jump.false", Operand::kAddress, Flow::kBranch, parseStackEffect("b --"), OpKind::kControl}},
    {Op::kAndJump, {"and.jump", Operand::kAddress, Flow::kBranch, parseStackEffect("b --"), OpKind::kControl}},
    {Op::kOrJump, {"or.jump", Operand::kAddress, Flow::kBranch, parseStackEffect("b --"), OpKind::kControl}},
    {Op::kBlocked, {"blocked", Operand::kNone, Flow::kNext, parseStackEffect("-- b"), OpKind::kHost}},
    {Op::kWeight, {"weight", Operand::kNone, Flow::kNext, parseStackEffect("-- i"), OpKind::kHost}},
    {Op::kForward, {"forward", Operand::kNone, Flow::kNext, parseStackEffect("i --"), OpKind::kHost}},
    {Op::kBack, {"back", Operand::kNone, Flow::kNext, parseStackEffect("i --"), OpKind::kHost}},
    {Op::kTurnLeft, {"turn.left", Operand::kNone, Flow::kNext, parseStackEffect("i --"), OpKind::kHost}},
    {Op::kTurnRight, {"turn.right", Operand::kNone, Flow::kNext, parseStackEffect("i --"), OpKind::kHost}},
    {Op::kGrab, {"grab", Operand::kNone, Flow::kNext, parseStackEffect("--"), OpKind::kHost}},
    {Op::kDrop, {"drop", Operand::kNone, Flow::kNext, parseStackEffect("--"), OpKind::kHost}},
    {Op::kBeep, {"beep", Operand::kNone, Flow::kNext, parseStackEffect("i i --"), OpKind::kHost}},
    {Op::kPause, {"pause", Operand::kNone, Flow::kNext, parseStackEffect("i --"), OpKind::kHost}},
    {Op::kStop, {"stop", Operand::kNone, Flow::kStop, parseStackEffect("--"), OpKind::kControl}},
};

/// The facts about `op` (the last row's, stop's, for a value outside the enumeration).
constexpr const OpInfo& opInfo(Op op) {
  const auto index = static_cast<size_t>(op);
  constexpr size_t kRows = sizeof kOpTable / sizeof kOpTable[0];
  return index < kRows ? kOpTable[index].info : kOpTable[kRows - 1].info;
}

/// The mnemonic of `op` for listings ("push", "load", "add.i", ...).
inline std::string_view opName(Op op) { return opInfo(op).name; }

/// One instruction.
struct Instruction {
  Op op = Op::kStop;
  int32_t a = 0;      ///< Operand: constant index, register index or jump target; 0 when unused.
  SourceRange range;  ///< The source the instruction came from (the command, or the expression part).
  uint32_t line = 0;  ///< 1-based source line of `range`, for runtime error reports.
};

/// A register: a declared one, or a hidden counter of a repeat loop.
struct RegisterInfo {
  std::string name;  ///< The declared name; "repeat@LINE" for a hidden repeat counter.
  ValueType type = ValueType::kInteger;
  bool hidden = false;  ///< True for repeat counters, which reports leave out.
  SourceRange range;    ///< The register line (or the repeat header).
};

/// A lowered RL program.
struct Program {
  std::string name;                     ///< The `program "..."` name, "" when there is none.
  std::vector<Instruction> code;        ///< Instructions; execution starts at 0.
  std::vector<Value> constants;         ///< Constant pool.
  std::vector<RegisterInfo> registers;  ///< Registers; each starts at defaultValue(type).
};

/// A listing of `program`, one instruction a line: "ADDR  LINE  op operand".
std::string listing(const Program& program);

}  // namespace chronon::robbie
