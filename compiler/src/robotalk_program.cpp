#include "chronon/compiler/robotalk.h"

namespace chronon::robotalk {

WordKind classify(int16_t word) {
  if (word >= static_cast<int16_t>(kFirstOperatorCode) && findOperator(static_cast<uint16_t>(word)) != nullptr) {
    return WordKind::kOperator;
  }
  if (word >= static_cast<int16_t>(kRegisterBase) && word < static_cast<int16_t>(kRegisterBase + 100)) {
    return WordKind::kRegister;
  }
  return WordKind::kNumber;
}

std::vector<int16_t> Program::words() const {
  std::vector<int16_t> out;
  out.reserve(code.size());
  for (const Instruction& insn : code) out.push_back(insn.word);
  return out;
}

}  // namespace chronon::robotalk
