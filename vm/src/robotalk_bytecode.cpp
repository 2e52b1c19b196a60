// Decoding object-code words into interpreter cells (specs/robowar.md §3.3, §4).

#include "chronon/vm/robotalk_bytecode.h"

#include "chronon/stdlib/robotalk_words.h"

namespace chronon::robotalk {

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

// The pair a push of `value` makes with the operator `next` after it, in a program of `size` cells.
// Only arguments the operator accepts whatever the stack holds are paired: a quoted register that
// exists for RECALL and STORE, an address the branch may go to (0..size, as the interpreter's test).
Pair pairFor(int value, const Cell& next, int size) {
  using robotalk::Op;
  // A free operator counts towards the cap on free instructions, which the pair does not keep.
  if (next.push || next.unknown || next.cost == 0) return Pair::kNone;
  const int index = value - kRegisterBase;
  const bool quoted = index >= 0 && index < robotalk::kRegisterCount;
  const bool letter = quoted && robotalk::isUserVariable(index);
  const bool address = value >= 0 && value <= size;
  if (next.op == Op::Recall && quoted) return letter ? Pair::kRecallLetter : Pair::kRecallRegister;
  if (next.op == Op::Store && quoted) return letter ? Pair::kStoreLetter : Pair::kStoreRegister;
  if (next.op == Op::Jump && address) return Pair::kJump;
  if (next.op == Op::If && address) return Pair::kIf;
  if (next.op == Op::Ifg && address) return Pair::kIfg;
#define CHRONON_PAIR_FOR(Name) \
  if (next.op == Op::Name) return Pair::k##Name;
  CHRONON_ROBOTALK_CONSTANT_PAIRS(CHRONON_PAIR_FOR)
#undef CHRONON_PAIR_FOR
  return Pair::kNone;
}

}  // namespace

Bytecode decode(const std::vector<int16_t>& words) {
  Bytecode code;
  code.cells.reserve(words.size());
  for (const int16_t word : words) code.cells.push_back(decodeWord(word));
  const int size = static_cast<int>(code.cells.size());
  for (size_t i = 0; i + 1 < code.cells.size(); ++i) {
    Cell& cell = code.cells[i];
    if (cell.push) cell.pair = pairFor(cell.value, code.cells[i + 1], size);
  }
  return code;
}

Bytecode decode(const robotalk::Program& program) { return decode(program.words()); }

}  // namespace chronon::robotalk
