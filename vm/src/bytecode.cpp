#include "chronon/vm/bytecode.h"

namespace chronon::vm {

Bytecode decode(const std::vector<int16_t>& words) {
  Bytecode code;
  code.cells.reserve(words.size());
  for (int16_t word : words) {
    Cell cell;
    switch (robotalk::classify(word)) {
      case robotalk::WordKind::kNumber:
        // Arena.c interpret() pushes only words below 20000 and quoted registers; any other word at
        // or above 20000 is an "Unidentified instruction".
        cell.push = word < static_cast<int16_t>(robotalk::kFirstOperatorCode);
        cell.unknown = !cell.push;
        cell.value = word;
        break;
      case robotalk::WordKind::kRegister:
        cell.push = true;
        cell.value = word;
        break;
      case robotalk::WordKind::kOperator:
        if (const robotalk::OperatorInfo* op = robotalk::findOperator(static_cast<uint16_t>(word))) {
          cell.op = op->op;
          cell.cost = op->cost;
        } else {
          cell.unknown = true;
        }
        cell.value = word;
        break;
    }
    code.cells.push_back(cell);
  }
  return code;
}

Bytecode decode(const robotalk::Program& program) { return decode(program.words()); }

}  // namespace chronon::vm
