#include <cstdio>
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

std::string_view opName(Op op) {
  switch (op) {
    case Op::kPushConstant: return "push";
    case Op::kLoad: return "load";
    case Op::kStore: return "store";
    case Op::kToReal: return "to.real";
    case Op::kAddInteger: return "add.i";
    case Op::kSubInteger: return "sub.i";
    case Op::kMulInteger: return "mul.i";
    case Op::kDivInteger: return "div.i";
    case Op::kNegInteger: return "neg.i";
    case Op::kAddReal: return "add.r";
    case Op::kSubReal: return "sub.r";
    case Op::kMulReal: return "mul.r";
    case Op::kDivReal: return "div.r";
    case Op::kNegReal: return "neg.r";
    case Op::kConcat: return "concat";
    case Op::kLess: return "lt";
    case Op::kLessEqual: return "le";
    case Op::kGreater: return "gt";
    case Op::kGreaterEqual: return "ge";
    case Op::kEqual: return "eq";
    case Op::kNot: return "not";
    case Op::kJump: return "jump";
    case Op::kJumpIfFalse: return "jump.false";
    case Op::kAndJump: return "and.jump";
    case Op::kOrJump: return "or.jump";
    case Op::kBlocked: return "blocked";
    case Op::kWeight: return "weight";
    case Op::kForward: return "forward";
    case Op::kBack: return "back";
    case Op::kTurnLeft: return "turn.left";
    case Op::kTurnRight: return "turn.right";
    case Op::kGrab: return "grab";
    case Op::kDrop: return "drop";
    case Op::kBeep: return "beep";
    case Op::kPause: return "pause";
    case Op::kStop: return "stop";
  }
  return "?";
}

std::string listing(const Program& program) {
  std::string out;
  for (size_t i = 0; i < program.code.size(); ++i) {
    const Instruction& in = program.code[i];
    char head[48];
    std::snprintf(head, sizeof head, "%4zu  %4u  ", i, in.line);
    out += head;
    out += opName(in.op);
    switch (in.op) {
      case Op::kPushConstant: out += " " + formatValue(program.constants[static_cast<size_t>(in.a)]); break;
      case Op::kLoad:
      case Op::kStore: out += " " + program.registers[static_cast<size_t>(in.a)].name; break;
      case Op::kJump:
      case Op::kJumpIfFalse:
      case Op::kAndJump:
      case Op::kOrJump: out += " " + std::to_string(in.a); break;
      case Op::kToReal:
      case Op::kAddInteger:
      case Op::kSubInteger:
      case Op::kMulInteger:
      case Op::kDivInteger:
      case Op::kNegInteger:
      case Op::kAddReal:
      case Op::kSubReal:
      case Op::kMulReal:
      case Op::kDivReal:
      case Op::kNegReal:
      case Op::kConcat:
      case Op::kLess:
      case Op::kLessEqual:
      case Op::kGreater:
      case Op::kGreaterEqual:
      case Op::kEqual:
      case Op::kNot:
      case Op::kBlocked:
      case Op::kWeight:
      case Op::kForward:
      case Op::kBack:
      case Op::kTurnLeft:
      case Op::kTurnRight:
      case Op::kGrab:
      case Op::kDrop:
      case Op::kBeep:
      case Op::kPause:
      case Op::kStop: break;
    }
    out += "\n";
  }
  return out;
}

}  // namespace chronon::robbie
