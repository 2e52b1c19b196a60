// The interpreter's predecoded brains (grobocode_decoded.h) and the process-wide cache that shares
// them between robots, worlds and threads.

#include "grobocode_decoded.h"

#include <array>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "chronon/vm/grobocode_host.h"

namespace chronon::grobocode {

namespace {

// The fast loop's operation for each primitive; kStep for the words it leaves to the general path.
constexpr std::array<Op, kPrimitiveCount> kPrimitiveOps = [] {
  std::array<Op, kPrimitiveCount> ops{};
  for (Op& op : ops) op = Op::kStep;
  auto set = [&](Prim prim, Op op) { ops[static_cast<size_t>(prim)] = op; };
#define GROBOCODE_SHUFFLE_WORD(Name) set(Prim::Name, Op::kShuffle##Name);
#define GROBOCODE_INLINE_WORD(Name, ...) set(Prim::Name, Op::k##Name);
#define GROBOCODE_CALLED_WORD(Name, ...)
#define GROBOCODE_MACHINE_WORD(Name, ...) set(Prim::Name, Op::k##Name);
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_MACHINE_WORD
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#undef GROBOCODE_SHUFFLE_WORD
#define CHRONON_HOST_CALL_OP(name) set(Prim::name, Op::kHostCall);
  CHRONON_GROBOCODE_HOST_CALL_WORDS(CHRONON_HOST_CALL_OP)
#undef CHRONON_HOST_CALL_OP
#define CHRONON_PERIODIC_OP(name) set(Prim::name, Op::kPeriodicSensor);
  CHRONON_GROBOCODE_PERIODIC_SENSORS(CHRONON_PERIODIC_OP)
#undef CHRONON_PERIODIC_OP
  return ops;
}();

Operation primitiveOperation(int index) {
  const PrimitiveInfo* word = findPrimitive(index);
  if (word == nullptr) return {};
  const Op op = kPrimitiveOps[static_cast<size_t>(word->prim)];
  if (op == Op::kHostCall || op == Op::kPeriodicSensor)
    return {op, packHostCall({word->prim, word->parsed.popCells(), word->parsed.pushCells()})};
  if (op != Op::kStep) return {op, 0};
  if (const PureWord* pure = findPure(word->prim); pure != nullptr)
    return {Op::kPure, static_cast<int32_t>(pure - kPureWords.data())};
  return {};
}

// A hardware access: reads always have a fast path; a write only when it is allowed, since the write
// check comes after the pop and its error is the general path's to raise.
Operation hardwareOperation(const HardwareInfo* hw, Op op, bool write) {
  if (hw == nullptr || (write && writeError(*hw) != RuntimeError::kNone)) return {};
  return {op, hw->index};
}

// Everything a brain's decoded form depends on, compared in full when two brains hash alike.
struct Key {
  std::vector<uint16_t> words;
  std::vector<int32_t> constants;
  std::vector<int32_t> labels;
  size_t variables = 0;
  size_t vectors = 0;

  bool operator==(const Key&) const = default;
};

Key keyOf(const Program& brain) {
  Key key;
  key.words.reserve(brain.instructions.size());
  for (const Instruction& instruction : brain.instructions) key.words.push_back(instruction.word);
  key.constants.reserve(brain.constants.size());
  for (const Constant& constant : brain.constants) key.constants.push_back(constant.value.raw());
  key.labels.reserve(brain.labels.size());
  for (const Label& label : brain.labels) key.labels.push_back(label.address);
  key.variables = brain.variables.size();
  key.vectors = brain.vectors.size();
  return key;
}

uint64_t hashOf(const Key& key) {
  // FNV-1a over every field, with each list's length so that lists cannot run into each other.
  uint64_t h = 14695981039346656037ull;
  auto mix = [&](uint64_t value) {
    h ^= value;
    h *= 1099511628211ull;
  };
  mix(key.words.size());
  for (const uint16_t w : key.words) mix(w);
  mix(key.constants.size());
  for (const int32_t c : key.constants) mix(static_cast<uint32_t>(c));
  mix(key.labels.size());
  for (const int32_t l : key.labels) mix(static_cast<uint32_t>(l));
  mix(key.variables);
  mix(key.vectors);
  return h;
}

struct Entry {
  Key key;
  DecodedBrain decoded;
};

// Entries are never removed: states hold pointers to them in their memo (MachineState::interpreterMemo),
// and a state may outlive the Program object it was made for by a copy of that brain.
struct Cache {
  std::mutex mutex;
  std::unordered_multimap<uint64_t, std::unique_ptr<Entry>> entries;
};

Cache& cache() {
  static Cache instance;
  return instance;
}

// The decoded form of one instruction word for `brain`.
Operation decode(const Program& brain, uint16_t word) {
  const Instruction instruction{word, {}, 0};
  const auto type = instruction.type();
  const auto index = static_cast<size_t>(instruction.index());
  if (type > static_cast<int>(InstructionType::kHardwareVectorWrite)) return {};
  switch (static_cast<InstructionType>(type)) {
    case InstructionType::kPrimitive: return primitiveOperation(static_cast<int>(index));
    case InstructionType::kConstantRead:
      if (index >= brain.constants.size()) return {};
      return {Op::kConstant, brain.constants[index].value.raw()};
    case InstructionType::kVariableRead:
      if (index >= brain.variables.size()) return {};
      return {Op::kVariableRead, static_cast<int32_t>(index)};
    case InstructionType::kVariableWrite:
      if (index >= brain.variables.size()) return {};
      return {Op::kVariableWrite, static_cast<int32_t>(index)};
    case InstructionType::kVectorRead:
      if (index >= brain.vectors.size()) return {};
      return {Op::kVectorRead, static_cast<int32_t>(index)};
    case InstructionType::kVectorWrite:
      if (index >= brain.vectors.size()) return {};
      return {Op::kVectorWrite, static_cast<int32_t>(index)};
    case InstructionType::kLabelRead:
    case InstructionType::kLabelCall: {
      if (index >= brain.labels.size()) return {};
      // As the general path does: an address beyond the number range reads as 0.
      const grobots::Fixed address = grobots::Fixed::fromInteger(brain.labels[index].address).valueOr({});
      if (static_cast<InstructionType>(type) == InstructionType::kLabelRead) return {Op::kLabelRead, address.raw()};
      const int32_t target = address.raw() >> grobots::Fixed::kFractionBits;
      if (target < 0 || target >= static_cast<int32_t>(brain.instructions.size())) return {};
      return {Op::kLabelCall, target};
    }
    case InstructionType::kHardwareRead:
      return hardwareOperation(findHardwareScalar(static_cast<int>(index)), Op::kHardwareRead, false);
    case InstructionType::kHardwareWrite:
      return hardwareOperation(findHardwareScalar(static_cast<int>(index)), Op::kHardwareWrite, true);
    case InstructionType::kHardwareVectorRead:
      return hardwareOperation(findHardwareVector(static_cast<int>(index)), Op::kHardwareVectorRead, false);
    case InstructionType::kHardwareVectorWrite:
      return hardwareOperation(findHardwareVector(static_cast<int>(index)), Op::kHardwareVectorWrite, true);
  }
  return {};
}

// The pair that `first` and `second` make, or kStep when they make none.
Op fused(const Operation& first, Op second, size_t size) {
  if (first.op == Op::kLabelRead) {
    // The branch takes the label's address only when it names an instruction; any other is the
    // branch's error, left to the general path.
    const int32_t target = first.operand >> grobots::Fixed::kFractionBits;
    if (target < 0 || static_cast<size_t>(target) >= size) return Op::kStep;
    if (second == Op::kNifg) return Op::kLabelNifg;
    if (second == Op::kIfg) return Op::kLabelIfg;
    if (second == Op::kJump) return Op::kLabelJump;
  }
  if (first.op == Op::kConstant) {
#define CHRONON_CONSTANT_PAIR_FUSED(Name) \
  if (second == Op::k##Name) return Op::kConstant##Name;
    CHRONON_GROBOCODE_CONSTANT_PAIRS(CHRONON_CONSTANT_PAIR_FUSED)
#undef CHRONON_CONSTANT_PAIR_FUSED
  }
  return Op::kStep;
}

}  // namespace

const DecodedBrain& decodedBrain(const Program& brain) {
  Key key = keyOf(brain);
  const uint64_t hash = hashOf(key);
  Cache& c = cache();
  const std::lock_guard lock(c.mutex);
  const auto [first, last] = c.entries.equal_range(hash);
  for (auto it = first; it != last; ++it)
    if (it->second->key == key) return it->second->decoded;
  auto entry = std::make_unique<Entry>();
  entry->decoded.operations.reserve(brain.instructions.size());
  std::vector<Operation>& operations = entry->decoded.operations;
  for (const Instruction& instruction : brain.instructions) operations.push_back(decode(brain, instruction.word));
  // The second instruction of a pair keeps its own operation, for a jump straight to it.
  for (size_t i = 0; i + 1 < operations.size(); ++i) {
    if (const Op pair = fused(operations[i], operations[i + 1].op, operations.size()); pair != Op::kStep)
      operations[i].op = pair;
  }
  entry->decoded.variables = brain.variables.size();
  entry->decoded.vectors = brain.vectors.size();
  entry->key = std::move(key);
  const DecodedBrain& decoded = entry->decoded;
  c.entries.emplace(hash, std::move(entry));
  return decoded;
}

}  // namespace chronon::grobocode
