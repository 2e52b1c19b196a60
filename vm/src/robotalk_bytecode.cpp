// Decoding object-code words into interpreter cells (specs/robowar.md §3.3, §4).

#include "chronon/vm/robotalk_bytecode.h"

#include "chronon/stdlib/robotalk_words.h"

namespace chronon::vm {

namespace {

using robotalk::kFirstOperatorCode;
using robotalk::kLastOperatorCode;
using robotalk::kRegisterBase;

// The block of codes reserved for quoted registers: 20300 + index, index 0-99 (specs/robowar.md
// §3.3). Codes above the last register (20369-20399) still decode as pushes; STORE and RECALL
// reject them with "Unknown register" (docs/robowar-arena.md "Interpreter").
constexpr int kLastQuotedCode = kRegisterBase + 99;

Cell decodeWord(int16_t word) {
  Cell cell;
  const int value = word;
  if (value >= kFirstOperatorCode && value <= kLastOperatorCode) {
    if (const robotalk::OperatorInfo* op = robotalk::findOperator(static_cast<uint16_t>(value))) {
      cell.op = op->op;
      cell.cost = op->cost;
      return cell;
    }
    cell.unknown = true;
    return cell;
  }
  if (value >= kFirstOperatorCode && (value < kRegisterBase || value > kLastQuotedCode)) {
    // A number in the reserved range that is neither an operator nor a quoted register: the
    // original cannot execute it.
    cell.unknown = true;
    return cell;
  }
  cell.push = true;
  cell.value = word;
  return cell;
}

}  // namespace

Bytecode decode(const std::vector<int16_t>& words) {
  Bytecode code;
  code.cells.reserve(words.size());
  for (const int16_t word : words) code.cells.push_back(decodeWord(word));
  return code;
}

Bytecode decode(const robotalk::Program& program) { return decode(program.words()); }

}  // namespace chronon::vm
