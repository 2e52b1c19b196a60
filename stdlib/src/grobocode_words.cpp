#include "chronon/stdlib/grobocode_words.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

namespace chronon::grobocode {
namespace {

// The tables are declared in index order so that lookups by index are direct; these checks make a
// misplaced, missing or duplicated entry a build error rather than a wrong lookup.
constexpr bool primitivesDense() {
  for (size_t i = 0; i < kPrimitives.size(); ++i) {
    if (static_cast<size_t>(kPrimitives[i].prim) != i) return false;
  }
  return true;
}
static_assert(primitivesDense(), "grobocode_primitives.def must list indices 0, 1, 2, ... in order");
// specs/grobots-language.md §2: "There are 142 primitives (index 0-141; end is 141)".
static_assert(kPrimitives.size() == 142, "every Grobocode primitive 0-141 is declared");
static_assert(kPrimitives.back().prim == Prim::End);

template <typename Table>
constexpr bool hardwareDense(const Table& table) {
  for (size_t i = 0; i < table.size(); ++i) {
    if (table[i].index != i) return false;
  }
  return true;
}
static_assert(hardwareDense(kHardwareScalars), "scalar hardware variables must be in index order from 0");
static_assert(hardwareDense(kHardwareVectors), "vector hardware variables must be in index order from 0");
// §3.1: "There are 137 scalar hardware variables (one cell) and 16 vector hardware variables".
static_assert(kHardwareScalars.size() == 137, "every scalar hardware variable 0-136 is declared");
static_assert(kHardwareVectors.size() == 16, "every vector hardware variable 0-15 is declared");
static_assert(kCompileWords.size() == 15, "every compile-time word of §4.5 is declared");

constexpr bool compileWordsConsistent() {
  for (size_t i = 0; i < kCompileWords.size(); ++i) {
    const CompileWordInfo& word = kCompileWords[i];
    if (static_cast<size_t>(word.word) != i || !word.has(kCompileTime)) return false;
    // A word that emits a branch says so, and its conditional flag matches the branch it emits.
    if (word.has(kBranch) != word.emits.has_value()) return false;
    if (word.emits && word.has(kConditional) != (*word.emits != Prim::Jump)) return false;
  }
  for (const auto& prim : kPrimitives) {
    if (prim.has(kCompileTime)) return false;
  }
  return true;
}
static_assert(compileWordsConsistent(), "compile-time words are flagged kCompileTime and match what they emit");

// Every index must fit the 12-bit index field of an instruction (§4.4).
static_assert(kPrimitiveCount <= (1 << kInstructionIndexBits));

template <typename Table>
constexpr int countWrite(const Table& table, WriteRule rule) {
  int count = 0;
  for (const auto& hw : table) count += hw.write == rule ? 1 : 0;
  return count;
}
// §3.1: "29 scalars plus engine-velocity are writable", and five names are missing from the write
// switch (robot-flag, shot-type and the three *-relative-position vectors).
static_assert(countWrite(kHardwareScalars, WriteRule::kWritable) == 29);
static_assert(countWrite(kHardwareVectors, WriteRule::kWritable) == 1);
static_assert(countWrite(kHardwareScalars, WriteRule::kUnimplemented) +
                  countWrite(kHardwareVectors, WriteRule::kUnimplemented) ==
              5);

constexpr int countFlag(uint32_t mask) {
  int count = 0;
  for (const auto& prim : kPrimitives) count += prim.has(mask) ? 1 : 0;
  return count;
}
// §2 "Counts": the wiki list's 111 existing words plus 31 extras make the 142.
static_assert(countFlag(kExtra) == 31, "the 31 EXTRA primitives of §2 are flagged kExtra");
static_assert(countFlag(kUnimplemented) == 2, "only subswap and roll are unimplemented");

constexpr bool effectsValid() {
  for (const auto& prim : kPrimitives) {
    if (!prim.parsed.valid || !prim.returnParsed.valid) return false;
    // A run-time-dependent effect must be flagged, and a flagged one must say "..." in its text.
    if (prim.parsed.variable != prim.has(kDynamicEffect)) return false;
    // Every instruction costs one cycle (§2, §5.2 item 6).
    if (prim.cost != 1) return false;
  }
  return true;
}
static_assert(effectsValid(), "every primitive effect parses, '...' matches kDynamicEffect, cost is 1");
static_assert(parseEffect("v1 v2 n -- b").popCells() == 5 && parseEffect("v1 v2 n -- b").pushCells() == 1);
static_assert(!parseEffect("n1 n2").valid && !parseEffect("q -- n").valid && parseEffect("").valid);

// ASCII lower-casing, as the original's NamesEquivalent compares every character lowered (§4.1).
constexpr char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// A word table indexed by lowered spelling, built on first use. Compiling a side resolves every
// token through the tables, and searching them one entry at a time was half of a compile.
template <typename Table>
class SpellingIndex {
 public:
  explicit SpellingIndex(const Table& table) : table_(table) {
    keys_.reserve(table.size());
    for (const auto& entry : table) {
      std::string key(entry.name);
      for (char& c : key) c = lowerAscii(c);
      longest_ = std::max(longest_, key.size());
      keys_.push_back(std::move(key));
    }
    // `keys_` no longer grows, so the views into it stay valid; emplace keeps the first entry of a
    // spelling, as the search in table order did.
    for (size_t i = 0; i < keys_.size(); ++i) positions_.emplace(keys_[i], i);
  }

  /// The first entry whose name equals `spelling` case-insensitively (namesEquivalent), or nullptr.
  const typename Table::value_type* find(std::string_view spelling) const {
    if (spelling.size() > longest_) return nullptr;
    std::string key(spelling);
    for (char& c : key) c = lowerAscii(c);
    const auto found = positions_.find(key);
    return found == positions_.end() ? nullptr : &table_[found->second];
  }

 private:
  const Table& table_;
  std::vector<std::string> keys_;
  std::unordered_map<std::string_view, size_t> positions_;
  size_t longest_ = 0;
};

// The entry of `Table` spelt `spelling` (case-insensitively), through the table's own index.
template <const auto& Table>
const auto* lookupIn(std::string_view spelling) {
  static const SpellingIndex index(Table);
  return index.find(spelling);
}

}  // namespace

bool namesEquivalent(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (lowerAscii(a[i]) != lowerAscii(b[i])) return false;
  }
  return true;
}

std::string_view componentName(Component component) {
  switch (component) {
    case Component::kNone: return "none";
    case Component::kProcessor: return "processor";
    case Component::kRadio: return "radio";
    case Component::kEngine: return "engine";
    case Component::kConstructor: return "constructor";
    case Component::kEnergy: return "energy";
    case Component::kSolarCells: return "solar-cells";
    case Component::kEater: return "eater";
    case Component::kArmor: return "armor";
    case Component::kRepairRate: return "repair-rate";
    case Component::kShield: return "shield";
    case Component::kRobotSensor: return "robot-sensor";
    case Component::kFoodSensor: return "food-sensor";
    case Component::kShotSensor: return "shot-sensor";
    case Component::kBlaster: return "blaster";
    case Component::kGrenades: return "grenades";
    case Component::kForceField: return "force-field";
    case Component::kBomb: return "bomb";
    case Component::kSyphon: return "syphon";
    case Component::kEnemySyphon: return "enemy-syphon";
  }
  return "none";
}

std::optional<Component> lookupComponent(std::string_view name) {
  // Component::kNone (index 0) has no hardware-line spelling, so the search starts at 1.
  for (int i = 1; i < kComponentCount; ++i) {
    const auto component = static_cast<Component>(i);
    if (namesEquivalent(componentName(component), name)) return component;
  }
  return std::nullopt;
}

const PrimitiveInfo* findPrimitive(int index) {
  if (index < 0 || index >= kPrimitiveCount) return nullptr;
  return &kPrimitives[static_cast<size_t>(index)];
}

const PrimitiveInfo& info(Prim prim) { return kPrimitives[static_cast<size_t>(prim)]; }

const CompileWordInfo& info(CompileWord word) { return kCompileWords[static_cast<size_t>(word)]; }

const HardwareInfo& info(HwScalar hw) { return kHardwareScalars[static_cast<size_t>(hw)]; }

const HardwareInfo& info(HwVector hw) { return kHardwareVectors[static_cast<size_t>(hw)]; }

const HardwareInfo* findHardwareScalar(int index) {
  if (index < 0 || index >= kHardwareScalarCount) return nullptr;
  return &kHardwareScalars[static_cast<size_t>(index)];
}

const HardwareInfo* findHardwareVector(int index) {
  if (index < 0 || index >= kHardwareVectorCount) return nullptr;
  return &kHardwareVectors[static_cast<size_t>(index)];
}

const PrimitiveInfo* lookupPrimitive(std::string_view spelling) { return lookupIn<kPrimitives>(spelling); }

const CompileWordInfo* lookupCompileWord(std::string_view spelling) { return lookupIn<kCompileWords>(spelling); }

const HardwareInfo* lookupHardwareScalar(std::string_view spelling) { return lookupIn<kHardwareScalars>(spelling); }

const HardwareInfo* lookupHardwareVector(std::string_view spelling) { return lookupIn<kHardwareVectors>(spelling); }

Builtin resolveBuiltin(std::string_view spelling) {
  Builtin builtin;
  if ((builtin.compileWord = lookupCompileWord(spelling)) != nullptr) {
    builtin.which = Builtin::Which::kCompileWord;
  } else if ((builtin.hardware = lookupHardwareScalar(spelling)) != nullptr) {
    builtin.which = Builtin::Which::kHardwareScalar;
  } else if ((builtin.hardware = lookupHardwareVector(spelling)) != nullptr) {
    builtin.which = Builtin::Which::kHardwareVector;
  } else if ((builtin.primitive = lookupPrimitive(spelling)) != nullptr) {
    builtin.which = Builtin::Which::kPrimitive;
  }
  return builtin;
}

const HardwareInfo* resolveHardwareWrite(std::string_view name) {
  if (const HardwareInfo* scalar = lookupHardwareScalar(name)) return scalar;
  return lookupHardwareVector(name);
}

std::string_view runtimeErrorMessage(RuntimeError error) {
  switch (error) {
    case RuntimeError::kNone: return "";
    case RuntimeError::kStackUnderflow: return "stack underflow";
    case RuntimeError::kStackOverflow: return "stack overflow";
    case RuntimeError::kInvalidAddress: return "invalid address: ";
    case RuntimeError::kFellOffEnd: return "fell off end of code";
    case RuntimeError::kIllegalInstruction: return "illegal or unimplemented instruction";
    case RuntimeError::kReadOnlyWrite: return "tried to write a read-only variable";
    case RuntimeError::kUnimplementedHardware: return "illegal or unimplemented hardware variable";
    case RuntimeError::kNotInteger: return " is not an integer";
    case RuntimeError::kBadArgument: return "bad argument (no more detail available)";
    case RuntimeError::kIndexOutOfRange: return "index out of range";
    case RuntimeError::kDivisionByZero: return "division by zero";
    case RuntimeError::kArithmeticOverflow: return "arithmetic overflow";
    case RuntimeError::kImaginaryResult: return "imaginary result";
    case RuntimeError::kMessageNonPositive: return "Cannot send message of non-positive length";
    case RuntimeError::kMessageTooLong: return "Attempting to make a message that's too long";
  }
  return "";
}

RuntimeError writeError(const HardwareInfo& hardware) {
  switch (hardware.write) {
    case WriteRule::kWritable: return RuntimeError::kNone;
    case WriteRule::kReadOnly: return RuntimeError::kReadOnlyWrite;
    case WriteRule::kUnimplemented: return RuntimeError::kUnimplementedHardware;
  }
  return RuntimeError::kReadOnlyWrite;
}

// In the original, roll and subswap are names only: they compile, and executing either raises "illegal
// or unimplemented instruction" with no stack effect (specs/grobots-language.md §2.1 marks them UNIMPL
// with effect "-", §5.3, §7 item 8). The stack parameter stays so that the interpreter calls them like
// every other stack primitive.
RuntimeError roll(std::vector<int32_t>& stack) {
  static_cast<void>(stack);
  return RuntimeError::kIllegalInstruction;
}

RuntimeError subswap(std::vector<int32_t>& stack) {
  static_cast<void>(stack);
  return RuntimeError::kIllegalInstruction;
}

}  // namespace chronon::grobocode
