#include <cmath>
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
      // A NaN's sign is not part of its value (it compares and computes alike), and the engines
      // disagree on it where a NaN is made from numbers (docs/robbie.md, "Runtime errors").
      if (std::isnan(std::get<double>(value))) return "nan";
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

// The table (kOpTable, robbie_ir.h) is checked here once rather than in every includer.
constexpr bool rowsInOrder() {
  for (size_t i = 0; i < std::size(kOpTable); ++i)
    if (static_cast<size_t>(kOpTable[i].op) != i) return false;
  return true;
}
static_assert(std::size(kOpTable) == static_cast<size_t>(Op::kStop) + 1, "one row per operation");
static_assert(rowsInOrder(), "rows follow the Op enumeration");

constexpr bool effectsValid() {
  for (const OpRow& row : kOpTable)
    if (!row.info.effect.valid) return false;
  return true;
}
static_assert(effectsValid(), "every stack effect parses: at most two slots popped and one pushed");

}  // namespace

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
