// Brain state construction and local memory (specs/grobots-language.md §5.1).

#include "chronon/vm/grobocode_brain.h"

#include "chronon/vm/grobocode_host.h"

namespace chronon::grobocode {

using grobots::Fixed;

Fixed LocalMemory::load(int32_t address) const {
  if (size_ <= kDenseLimit) {
    const auto index = static_cast<size_t>(address - 1);
    return index < dense_.size() ? dense_[index] : Fixed{};
  }
  const auto it = sparse_.find(address);
  return it == sparse_.end() ? Fixed{} : it->second;
}

void LocalMemory::store(int32_t address, Fixed value) {
  if (size_ <= kDenseLimit) {
    // The original allocates all M cells on the first store; a dense array does the same.
    if (dense_.empty()) dense_.resize(static_cast<size_t>(size_));
    dense_[static_cast<size_t>(address - 1)] = value;
    return;
  }
  sparse_[address] = value;
}

MachineState makeBrainState(const Program& brain, int32_t memorySize) {
  MachineState state;
  state.pc = brain.startAddress();
  state.variables.reserve(brain.variables.size());
  for (const Variable& v : brain.variables) state.variables.push_back(v.initial);
  state.vectors.reserve(brain.vectors.size());
  for (const VectorVariable& v : brain.vectors) state.vectors.push_back(grobots::FixedVector{v.x, v.y});
  state.memory = LocalMemory(memorySize);
  return state;
}

grobots::Checked<int, RuntimeError> channelIndex(Fixed channel) {
  const grobots::Checked<int32_t> n = channel.toInteger();
  if (!n) return RuntimeError::kNotInteger;
  if (n.value() < 1 || n.value() > 10) return RuntimeError::kIndexOutOfRange;
  return n.value() - 1;
}

}  // namespace chronon::grobocode
