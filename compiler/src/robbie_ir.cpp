#include <cstdio>
#include <iterator>
#include <string>

#include "chronon/compiler/robbie_ir.h"

namespace chronon::robbie {

std::string_view valueTypeName(ValueType type) {
  switch (type) {
    case ValueType::kInteger: return "integer";
    case ValueType::kReal: return "real";
    case ValueType::kBoolean: return "boolean";
    case ValueType::kString: return "string";
  }
  return "integer";
}

Value defaultValue(ValueType type) {
  switch (type) {
    case ValueType::kInteger: return int64_t{0};
    case ValueType::kReal: return 0.0;
    case ValueType::kBoolean: return false;
    case ValueType::kString: return std::string();
  }
  return int64_t{0};
}

std::string formatValue(const Value& value) {
  switch (typeOf(value)) {
    case ValueType::kInteger: return std::to_string(std::get<int64_t>(value));
    case ValueType::kReal: {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%.6g", std::get<double>(value));
      std::string text = buffer;
      // A real always shows that it is one: "7.0", not "7".
      if (text.find_first_of(".ein") == std::string::npos) text += ".0";
      return text;
    }
    case ValueType::kBoolean: return std::get<bool>(value) ? "true" : "false";
    case ValueType::kString: return "\"" + std::get<std::string>(value) + "\"";
  }
  return "";
}

namespace {

// Every operation's facts, in the order of the Op enumeration (checked below).
struct OpRow {
  Op op;
  OpInfo info;
};
constexpr OpRow kOps[] = {
    {Op::kPushConstant, {"push", Operand::kConstant, Flow::kNext, parseStackEffect("-- v")}},
    {Op::kLoad, {"load", Operand::kRegister, Flow::kNext, parseStackEffect("-- v")}},
    {Op::kStore, {"store", Operand::kRegister, Flow::kNext, parseStackEffect("v --")}},
    {Op::kToReal, {"to.real", Operand::kNone, Flow::kNext, parseStackEffect("i -- r")}},
    {Op::kAddInteger, {"add.i", Operand::kNone, Flow::kNext, parseStackEffect("i i -- i")}},
    {Op::kSubInteger, {"sub.i", Operand::kNone, Flow::kNext, parseStackEffect("i i -- i")}},
    {Op::kMulInteger, {"mul.i", Operand::kNone, Flow::kNext, parseStackEffect("i i -- i")}},
    {Op::kDivInteger, {"div.i", Operand::kNone, Flow::kNext, parseStackEffect("i i -- i")}},
    {Op::kNegInteger, {"neg.i", Operand::kNone, Flow::kNext, parseStackEffect("i -- i")}},
    {Op::kAddReal, {"add.r", Operand::kNone, Flow::kNext, parseStackEffect("r r -- r")}},
    {Op::kSubReal, {"sub.r", Operand::kNone, Flow::kNext, parseStackEffect("r r -- r")}},
    {Op::kMulReal, {"mul.r", Operand::kNone, Flow::kNext, parseStackEffect("r r -- r")}},
    {Op::kDivReal, {"div.r", Operand::kNone, Flow::kNext, parseStackEffect("r r -- r")}},
    {Op::kNegReal, {"neg.r", Operand::kNone, Flow::kNext, parseStackEffect("r -- r")}},
    {Op::kConcat, {"concat", Operand::kNone, Flow::kNext, parseStackEffect("s s -- s")}},
    {Op::kLess, {"lt", Operand::kNone, Flow::kNext, parseStackEffect("x x -- b")}},
    {Op::kLessEqual, {"le", Operand::kNone, Flow::kNext, parseStackEffect("x x -- b")}},
    {Op::kGreater, {"gt", Operand::kNone, Flow::kNext, parseStackEffect("x x -- b")}},
    {Op::kGreaterEqual, {"ge", Operand::kNone, Flow::kNext, parseStackEffect("x x -- b")}},
    {Op::kEqual, {"eq", Operand::kNone, Flow::kNext, parseStackEffect("x x -- b")}},
    {Op::kNot, {"not", Operand::kNone, Flow::kNext, parseStackEffect("b -- b")}},
    {Op::kJump, {"jump", Operand::kAddress, Flow::kJump, parseStackEffect("--")}},
    {Op::kJumpIfFalse, {"jump.false", Operand::kAddress, Flow::kBranch, parseStackEffect("b --")}},
    {Op::kAndJump, {"and.jump", Operand::kAddress, Flow::kBranch, parseStackEffect("b --")}},
    {Op::kOrJump, {"or.jump", Operand::kAddress, Flow::kBranch, parseStackEffect("b --")}},
    {Op::kBlocked, {"blocked", Operand::kNone, Flow::kNext, parseStackEffect("-- b")}},
    {Op::kWeight, {"weight", Operand::kNone, Flow::kNext, parseStackEffect("-- i")}},
    {Op::kForward, {"forward", Operand::kNone, Flow::kNext, parseStackEffect("i --")}},
    {Op::kBack, {"back", Operand::kNone, Flow::kNext, parseStackEffect("i --")}},
    {Op::kTurnLeft, {"turn.left", Operand::kNone, Flow::kNext, parseStackEffect("i --")}},
    {Op::kTurnRight, {"turn.right", Operand::kNone, Flow::kNext, parseStackEffect("i --")}},
    {Op::kGrab, {"grab", Operand::kNone, Flow::kNext, parseStackEffect("--")}},
    {Op::kDrop, {"drop", Operand::kNone, Flow::kNext, parseStackEffect("--")}},
    {Op::kBeep, {"beep", Operand::kNone, Flow::kNext, parseStackEffect("i i --")}},
    {Op::kPause, {"pause", Operand::kNone, Flow::kNext, parseStackEffect("i --")}},
    {Op::kStop, {"stop", Operand::kNone, Flow::kStop, parseStackEffect("--")}},
};

constexpr bool rowsInOrder() {
  for (size_t i = 0; i < std::size(kOps); ++i)
    if (static_cast<size_t>(kOps[i].op) != i) return false;
  return true;
}
static_assert(std::size(kOps) == static_cast<size_t>(Op::kStop) + 1, "one row per operation");
static_assert(rowsInOrder(), "rows follow the Op enumeration");

constexpr bool effectsValid() {
  for (const OpRow& row : kOps)
    if (!row.info.effect.valid) return false;
  return true;
}
static_assert(effectsValid(), "every stack effect parses: at most two slots popped and one pushed");

}  // namespace

const OpInfo& opInfo(Op op) {
  const auto index = static_cast<size_t>(op);
  return index < std::size(kOps) ? kOps[index].info : kOps[std::size(kOps) - 1].info;
}

std::string listing(const Program& program) {
  std::string out;
  for (size_t i = 0; i < program.code.size(); ++i) {
    const Instruction& in = program.code[i];
    char head[48];
    std::snprintf(head, sizeof head, "%4zu  %4u  ", i, in.line);
    out += head;
    out += opName(in.op);
    switch (opInfo(in.op).operand) {
      case Operand::kNone: break;
      case Operand::kConstant: out += " " + formatValue(program.constants[static_cast<size_t>(in.a)]); break;
      case Operand::kRegister: out += " " + program.registers[static_cast<size_t>(in.a)].name; break;
      case Operand::kAddress: out += " " + std::to_string(in.a); break;
    }
    out += "\n";
  }
  return out;
}

}  // namespace chronon::robbie
