#pragma once
// The Grobocode word table: every primitive, compile-time control word and hardware variable of
// Grobots, declared once in grobocode_primitives.def and grobocode_hardware.def and exposed here as
// constexpr arrays and lookups (specs/grobots-language.md §2, §3, §4.5). The compiler, checker,
// bytecode, interpreter, world, editor features and generated docs read it.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include <vector>
#include "chronon/stdlib/stack_effect.h"

namespace chronon::grobocode {

/// Flags of a primitive or compile-time word. Bits combine with `|`.
enum WordFlag : uint32_t {
  kNone = 0,
  kPure = 1u << 0,            ///< Computes on its inputs only; no state besides the data stack.
  kStack = 1u << 1,           ///< Rearranges or measures the data stack.
  kReturnStack = 1u << 2,     ///< Pops or pushes the return stack (>r, r>, rdrop, return, ifr, nifr).
  kBranch = 1u << 3,          ///< May transfer control to an address (from the data or return stack).
  kTerminator = 1u << 4,      ///< Execution never continues at the next instruction afterwards.
  kCall = 1u << 5,            ///< Pushes the address of the next instruction on the return stack.
  kConditional = 1u << 6,     ///< Branches, calls or returns only when its flag says so.
  kDynamicEffect = 1u << 7,   ///< The stack effect depends on run-time values (dropn, pick, send, receive).
  kConstant = 1u << 8,        ///< Pushes a fixed number (pi, epsilon, stack-limit, ...).
  kVector = 1u << 9,          ///< Takes or gives vectors (two cells, x below y).
  kRandom = 1u << 10,         ///< Draws from the world's shared random generator (§1.9).
  kDebug = 1u << 11,          ///< print, vprint, beep, pause: no effect on the robot.
  kSuspend = 1u << 12,        ///< May end the brain's thinking for this frame (sync, periodic-*-sensor).
  kStopsBrain = 1u << 13,     ///< Stops the brain for good (stop, die).
  kMemory = 1u << 14,         ///< Reads or writes local or shared memory (§2.7, store to vread).
  kMessage = 1u << 15,        ///< Uses the side's message channels (§5.1).
  kHardware = 1u << 16,       ///< Acts on the robot's hardware or the world (§2.7).
  kExtra = 1u << 17,          ///< In the original's source but not in the wiki word list (§2, mark EXTRA).
  kUnimplemented = 1u << 18,  ///< Compiles, but executing it crashes the brain (subswap, roll).
  kCompileTime = 1u << 19,    ///< A compile-time control word (§4.5): runs in the compiler, emits 0 or 2.
};

/// The kind of a stack item in an effect text: the first letter of the item's name.
enum class Kind : uint8_t {
  kNumber,   ///< n: a fixed-point number.
  kVector,   ///< v: a vector, two cells with x below y.
  kAddress,  ///< a: a code address, an integer in [0, code length).
  kBoolean,  ///< b: a truth value; any non-zero number is true, results are 1 or 0.
  kAny,      ///< x: any cell.
};

/// The kind named by an effect item's first letter (n, v, a, b, x), or nullopt for any other letter.
constexpr std::optional<Kind> kindOfLetter(char letter) {
  switch (letter) {
    case 'n': return Kind::kNumber;
    case 'v': return Kind::kVector;
    case 'a': return Kind::kAddress;
    case 'b': return Kind::kBoolean;
    case 'x': return Kind::kAny;
    default: return std::nullopt;
  }
}

/// Stack cells an item of `kind` takes: 2 for a vector, otherwise 1.
constexpr int cellsOf(Kind kind) {
  switch (kind) {
    case Kind::kVector: return 2;
    case Kind::kNumber:
    case Kind::kAddress:
    case Kind::kBoolean:
    case Kind::kAny: return 1;
  }
  return 1;
}

/// Most items on one side of an effect text.
inline constexpr int kMaxEffectItems = 8;

/// A stack effect parsed from its text, such as "v1 v2 n -- b".
struct Effect {
  std::array<Kind, kMaxEffectItems> inputs{};   ///< Kinds popped, deepest first.
  std::array<Kind, kMaxEffectItems> outputs{};  ///< Kinds pushed, deepest first.
  uint8_t inputCount = 0;                       ///< Items popped (a vector is one item).
  uint8_t outputCount = 0;                      ///< Items pushed.
  bool variable = false;                        ///< The text holds "...": more cells move at run time.
  bool valid = true;                            ///< False when the text is malformed (no "--", bad letter).

  /// Cells popped by the items listed (a vector counts 2); "..." cells are not included.
  constexpr int popCells() const {
    int cells = 0;
    for (int i = 0; i < inputCount; ++i) cells += cellsOf(inputs[static_cast<size_t>(i)]);
    return cells;
  }
  /// Cells pushed by the items listed (a vector counts 2); "..." cells are not included.
  constexpr int pushCells() const {
    int cells = 0;
    for (int i = 0; i < outputCount; ++i) cells += cellsOf(outputs[static_cast<size_t>(i)]);
    return cells;
  }
};

/// Parses an effect text at compile time: items separated by spaces, "--" between inputs and outputs,
/// each item's kind given by its first letter (Kind), "..." for a run-time-dependent part. An empty
/// text is the empty effect. Returns `valid == false` for a missing "--", an unknown letter or more
/// than kMaxEffectItems items on one side.
constexpr Effect parseEffect(std::string_view text) {
  Effect effect;
  if (text.empty()) return effect;
  const EffectScan scan = scanEffect(text, [&](std::string_view item, bool afterDashes) {
    const std::optional<Kind> kind = kindOfLetter(item[0]);
    uint8_t& count = afterDashes ? effect.outputCount : effect.inputCount;
    if (!kind || count >= kMaxEffectItems) {
      effect.valid = false;
      return;
    }
    (afterDashes ? effect.outputs : effect.inputs)[count] = *kind;
    ++count;
  });
  effect.variable = scan.variable;
  if (scan.dashes != 1) effect.valid = false;
  return effect;
}

/// Hardware components of a robot type, as named on `#hardware` lines (specs/grobots-language.md §6.3,
/// Appendix A). `radio` is accepted there but obsolete and ignored.
enum class Component : uint8_t {
  kNone,         ///< Needs no component.
  kProcessor,    ///< processor: instructions per frame and local memory.
  kRadio,        ///< radio: obsolete, ignored by the reader.
  kEngine,       ///< engine
  kConstructor,  ///< constructor
  kEnergy,       ///< energy: battery capacity and initial energy.
  kSolarCells,   ///< solar-cells
  kEater,        ///< eater
  kArmor,        ///< armor
  kRepairRate,   ///< repair-rate
  kShield,       ///< shield
  kRobotSensor,  ///< robot-sensor
  kFoodSensor,   ///< food-sensor
  kShotSensor,   ///< shot-sensor
  kBlaster,      ///< blaster
  kGrenades,     ///< grenades
  kForceField,   ///< force-field
  kBomb,         ///< bomb
  kSyphon,       ///< syphon
  kEnemySyphon,  ///< enemy-syphon
};

/// Number of Component values, kNone included.
inline constexpr int kComponentCount = 20;

/// The component's spelling on a `#hardware` line ("robot-sensor"), or "none" for Component::kNone.
std::string_view componentName(Component component);
/// The component spelled `name` on a `#hardware` line, case-insensitively; nullopt when unknown
/// (the side reader's "unknown hardware component").
std::optional<Component> lookupComponent(std::string_view name);

/// Primitive identifiers; the value of each is its index in the original (0-141, §2), which is also
/// the low 12 bits of its instruction.
enum class Prim : uint8_t {
#define GROBOCODE_PRIMITIVE(id, index, name, effect, returnEffect, cost, flags, component, doc) id = index,
#define GROBOCODE_COMPILE_WORD(id, name, csEffect, emits, flags, doc)
#include "chronon/stdlib/grobocode_primitives.def"
#undef GROBOCODE_COMPILE_WORD
#undef GROBOCODE_PRIMITIVE
};

/// Compile-time control words (§4.5), in the order of the spec's table.
enum class CompileWord : uint8_t {
#define GROBOCODE_PRIMITIVE(id, index, name, effect, returnEffect, cost, flags, component, doc)
#define GROBOCODE_COMPILE_WORD(id, name, csEffect, emits, flags, doc) id,
#include "chronon/stdlib/grobocode_primitives.def"
#undef GROBOCODE_COMPILE_WORD
#undef GROBOCODE_PRIMITIVE
};

/// Scalar hardware variable identifiers; the value of each is its index in the original (0-136, §3.2).
enum class HwScalar : uint8_t {
#define GROBOCODE_HW_SCALAR(id, index, name, write, component, unit, doc) id = index,
#define GROBOCODE_HW_VECTOR(id, index, name, write, component, unit, doc)
#include "chronon/stdlib/grobocode_hardware.def"
#undef GROBOCODE_HW_VECTOR
#undef GROBOCODE_HW_SCALAR
};

/// Vector hardware variable identifiers; the value of each is its index in the original (0-15, §3.3).
enum class HwVector : uint8_t {
#define GROBOCODE_HW_SCALAR(id, index, name, write, component, unit, doc)
#define GROBOCODE_HW_VECTOR(id, index, name, write, component, unit, doc) id = index,
#include "chronon/stdlib/grobocode_hardware.def"
#undef GROBOCODE_HW_VECTOR
#undef GROBOCODE_HW_SCALAR
};

/// Everything known about one primitive.
struct PrimitiveInfo {
  Prim prim;                      ///< Identifier; its value is the primitive index.
  std::string_view name;          ///< The spelling, as the original writes it (lower case).
  std::string_view effect;        ///< Data-stack effect text, top on the right ("v1 v2 -- n").
  Effect parsed;                  ///< `effect` parsed into kinds and counts.
  std::string_view returnEffect;  ///< Return-stack effect text ("-- a"), empty when there is none.
  Effect returnParsed;            ///< `returnEffect` parsed.
  uint8_t cost;                   ///< Cycles charged; 1 for every instruction (§5.2 item 6).
  uint32_t flags;                 ///< WordFlag bits.
  Component component;            ///< Hardware the word needs to have any effect, or Component::kNone.
  std::string_view doc;           ///< One-line description.

  /// True when every flag bit in `mask` is set.
  constexpr bool has(uint32_t mask) const { return (flags & mask) == mask; }
  /// The primitive index (0-141).
  constexpr int index() const { return static_cast<int>(prim); }
};

/// Everything known about one compile-time control word (§4.5).
struct CompileWordInfo {
  CompileWord word;           ///< Identifier.
  std::string_view name;      ///< The spelling ("and-if").
  std::string_view csEffect;  ///< Compile-time-stack effect on gensym labels; "X=" is a peek.
  std::optional<Prim> emits;  ///< Branch primitive emitted after a read of the label, or nullopt.
  uint32_t flags;             ///< WordFlag bits: kCompileTime, plus those of the emitted branch.
  std::string_view doc;       ///< One-line description.

  /// True when every flag bit in `mask` is set.
  constexpr bool has(uint32_t mask) const { return (flags & mask) == mask; }

  /// Instructions the word emits: 2 (a label read and `emits`) or 0 (§4.4).
  constexpr int instructions() const { return emits ? 2 : 0; }
};

/// Whether a hardware variable takes one cell or two.
enum class Shape : uint8_t {
  kScalar,  ///< One cell (§3.2).
  kVector,  ///< Two cells, x below y (§3.3).
};

/// What writing a hardware variable (`name!`) does at run time (§3.1). Reads always work.
enum class WriteRule : uint8_t {
  kWritable,       ///< The write takes effect (clamped as the doc says).
  kReadOnly,       ///< Runtime error "tried to write a read-only variable".
  kUnimplemented,  ///< Runtime error "illegal or unimplemented hardware variable" (five names).
};

/// Everything known about one hardware variable.
struct HardwareInfo {
  Shape shape;            ///< Scalar or vector.
  uint8_t index;          ///< Index in the original (scalars 0-136, vectors 0-15).
  std::string_view name;  ///< The spelling, as the original writes it ("robot-ID").
  WriteRule write;        ///< What `name!` does.
  Component component;    ///< Component that gives it a meaningful value, or Component::kNone.
  std::string_view unit;  ///< Unit of the value ("distance", "radians", "frames", ...); may be empty.
  std::string_view doc;   ///< One-line description.

  /// Every hardware variable is readable (§3.1); reads never require the component.
  constexpr bool readable() const { return true; }
  /// True when `name!` takes effect at run time.
  constexpr bool writable() const { return write == WriteRule::kWritable; }
  /// Cells read or written: 1 for a scalar, 2 for a vector.
  constexpr int cells() const { return shape == Shape::kVector ? 2 : 1; }
};

/// Every primitive, in index order (index == position).
inline constexpr auto kPrimitives = [] {
  using C = Component;
  return std::array{
// clang-format off
#define GROBOCODE_PRIMITIVE(id, index, name, effect, returnEffect, cost, flags, component, doc)             \
  PrimitiveInfo{Prim::id, name, effect, parseEffect(effect), returnEffect, parseEffect(returnEffect), cost, \
                flags, C::component, doc},
// clang-format on
#define GROBOCODE_COMPILE_WORD(id, name, csEffect, emits, flags, doc)
#include "chronon/stdlib/grobocode_primitives.def"
#undef GROBOCODE_COMPILE_WORD
#undef GROBOCODE_PRIMITIVE
  };
}();

/// Every compile-time control word, in CompileWord order.
inline constexpr auto kCompileWords = [] {
  constexpr std::optional<Prim> None = std::nullopt;
  constexpr std::optional<Prim> Nifg = Prim::Nifg;
  constexpr std::optional<Prim> Ifg = Prim::Ifg;
  constexpr std::optional<Prim> Jump = Prim::Jump;
  return std::array{
#define GROBOCODE_PRIMITIVE(id, index, name, effect, returnEffect, cost, flags, component, doc)
#define GROBOCODE_COMPILE_WORD(id, name, csEffect, emits, flags, doc) \
  CompileWordInfo{CompileWord::id, name, csEffect, emits, flags, doc},
#include "chronon/stdlib/grobocode_primitives.def"
#undef GROBOCODE_COMPILE_WORD
#undef GROBOCODE_PRIMITIVE
  };
}();

/// Every scalar hardware variable, in index order.
inline constexpr auto kHardwareScalars = [] {
  using C = Component;
  return std::array{
#define GROBOCODE_HW_SCALAR(id, index, name, write, component, unit, doc) \
  HardwareInfo{Shape::kScalar, index, name, WriteRule::write, C::component, unit, doc},
#define GROBOCODE_HW_VECTOR(id, index, name, write, component, unit, doc)
#include "chronon/stdlib/grobocode_hardware.def"
#undef GROBOCODE_HW_VECTOR
#undef GROBOCODE_HW_SCALAR
  };
}();

/// Every vector hardware variable, in index order.
inline constexpr auto kHardwareVectors = [] {
  using C = Component;
  return std::array{
#define GROBOCODE_HW_SCALAR(id, index, name, write, component, unit, doc)
#define GROBOCODE_HW_VECTOR(id, index, name, write, component, unit, doc) \
  HardwareInfo{Shape::kVector, index, name, WriteRule::write, C::component, unit, doc},
#include "chronon/stdlib/grobocode_hardware.def"
#undef GROBOCODE_HW_VECTOR
#undef GROBOCODE_HW_SCALAR
  };
}();

/// Number of primitives, 142 (§2).
inline constexpr int kPrimitiveCount = static_cast<int>(kPrimitives.size());
/// Number of compile-time control words, 15 (§4.5).
inline constexpr int kCompileWordCount = static_cast<int>(kCompileWords.size());
/// Number of scalar hardware variables, 137 (§3.2).
inline constexpr int kHardwareScalarCount = static_cast<int>(kHardwareScalars.size());
/// Number of vector hardware variables, 16 (§3.3).
inline constexpr int kHardwareVectorCount = static_cast<int>(kHardwareVectors.size());

/// The shuffle `word` is: its effect read by parseShuffle when the word table flags it kStack
/// without kDynamicEffect; `valid == false` for every other word (`stack` included: it pushes a
/// count, not a copy).
constexpr Shuffle shuffleOf(const PrimitiveInfo& word) {
  if (!word.has(kStack) || word.has(kDynamicEffect)) return Shuffle{};
  return parseShuffle(word.effect);
}

/// shuffleOf every primitive, by Prim value.
inline constexpr auto kShuffles = [] {
  std::array<Shuffle, kPrimitives.size()> shuffles{};
  for (size_t i = 0; i < kPrimitives.size(); ++i) shuffles[i] = shuffleOf(kPrimitives[i]);
  return shuffles;
}();

/// shuffleOf the primitive `prim`.
constexpr const Shuffle& shuffleOf(Prim prim) { return kShuffles[static_cast<size_t>(prim)]; }

/// Data stack capacity in cells (§5.1): the 101st push overflows.
inline constexpr int kStackLimit = 100;
/// Return stack capacity in addresses (§5.1).
inline constexpr int kReturnStackLimit = 50;

/// The 16-bit instruction's type field (high 4 bits, §4.4); the low 12 bits are an index.
enum class InstructionType : uint8_t {
  kPrimitive = 0,             ///< Index: a Prim.
  kConstantRead = 1,          ///< Index: a constant or literal.
  kVariableRead = 2,          ///< Index: a scalar variable.
  kVariableWrite = 3,         ///< Index: a scalar variable.
  kVectorRead = 4,            ///< Index: a vector variable.
  kVectorWrite = 5,           ///< Index: a vector variable.
  kLabelRead = 6,             ///< Index: a label; pushes its address.
  kLabelCall = 7,             ///< Index: a label; calls it.
  kHardwareRead = 8,          ///< Index: an HwScalar.
  kHardwareWrite = 9,         ///< Index: an HwScalar.
  kHardwareVectorRead = 10,   ///< Index: an HwVector.
  kHardwareVectorWrite = 11,  ///< Index: an HwVector.
};
/// Bits of the index field of an instruction (§4.4); types 12-15 are illegal instructions.
inline constexpr int kInstructionIndexBits = 12;

/// The primitive at `index` (0-141), or nullptr when out of range.
const PrimitiveInfo* findPrimitive(int index);
/// The primitive information for `prim` (never null).
const PrimitiveInfo& info(Prim prim);
/// The compile-time word information for `word` (never null).
const CompileWordInfo& info(CompileWord word);
/// The scalar hardware variable information for `hw` (never null).
const HardwareInfo& info(HwScalar hw);
/// The vector hardware variable information for `hw` (never null).
const HardwareInfo& info(HwVector hw);
/// The scalar hardware variable at `index` (0-136), or nullptr when out of range.
const HardwareInfo* findHardwareScalar(int index);
/// The vector hardware variable at `index` (0-15), or nullptr when out of range.
const HardwareInfo* findHardwareVector(int index);

/// True when `a` and `b` are the same name under the original's rule: every byte compared after
/// ASCII lower-casing (§4.1).
bool namesEquivalent(std::string_view a, std::string_view b);

/// Looks up a primitive by spelling, case-insensitively ("DROP" finds drop); nullptr when none.
/// "arctan2" is not a primitive (§2.3, §7 item 1).
const PrimitiveInfo* lookupPrimitive(std::string_view spelling);
/// Looks up a compile-time control word by spelling, case-insensitively; nullptr when none.
const CompileWordInfo* lookupCompileWord(std::string_view spelling);
/// Looks up a scalar hardware variable by spelling, case-insensitively ("robot-id"); nullptr when none.
const HardwareInfo* lookupHardwareScalar(std::string_view spelling);
/// Looks up a vector hardware variable by spelling, case-insensitively; nullptr when none.
const HardwareInfo* lookupHardwareVector(std::string_view spelling);

/// What a bare built-in name means, in the resolution order of §4.2 (after user constants,
/// variables, vector variables and labels, which the compiler checks first).
struct Builtin {
  /// Which table the name was found in.
  enum class Which : uint8_t {
    kNone,            ///< Not a built-in word (it may still be a numeric literal).
    kCompileWord,     ///< Step 5: a compile-time control word.
    kHardwareScalar,  ///< Step 6: a scalar hardware read.
    kHardwareVector,  ///< Step 7: a vector hardware read.
    kPrimitive,       ///< Step 8: a primitive.
  };
  Which which = Which::kNone;                    ///< The table, or kNone.
  const CompileWordInfo* compileWord = nullptr;  ///< Set when which == kCompileWord.
  const HardwareInfo* hardware = nullptr;        ///< Set when which is a hardware kind.
  const PrimitiveInfo* primitive = nullptr;      ///< Set when which == kPrimitive.
};
/// Resolves a bare built-in name (no suffix) by §4.2 steps 5-8; the first table that has it wins.
Builtin resolveBuiltin(std::string_view spelling);
/// Resolves the target of a write `name!` among the hardware variables (§4.2: scalar, then vector);
/// nullptr when neither has it. Writability is a run-time matter (HardwareInfo::write).
const HardwareInfo* resolveHardwareWrite(std::string_view name);

/// Runtime errors of a Grobocode brain (specs/grobots-language.md §5.3).
enum class RuntimeError : uint8_t {
  kNone,                   ///< No error.
  kStackUnderflow,         ///< "stack underflow" (data or return stack).
  kStackOverflow,          ///< "stack overflow" (data or return stack).
  kInvalidAddress,         ///< "invalid address: <n>".
  kFellOffEnd,             ///< "fell off end of code".
  kIllegalInstruction,     ///< "illegal or unimplemented instruction" (subswap, roll, a bad opcode).
  kReadOnlyWrite,          ///< "tried to write a read-only variable".
  kUnimplementedHardware,  ///< "illegal or unimplemented hardware variable".
  kNotInteger,             ///< "<value> is not an integer".
  kBadArgument,            ///< "bad argument (no more detail available)".
  kIndexOutOfRange,        ///< "index out of range".
  kDivisionByZero,         ///< "division by zero".
  kArithmeticOverflow,     ///< "arithmetic overflow".
  kImaginaryResult,        ///< "imaginary result".
  kMessageNonPositive,     ///< "Cannot send message of non-positive length".
  kMessageTooLong,         ///< "Attempting to make a message that's too long".
};
/// The original's message for `error`, without the value that some messages append
/// ("invalid address: " and " is not an integer" are completed by the caller); "" for kNone.
std::string_view runtimeErrorMessage(RuntimeError error);
/// The runtime error of writing the hardware variable: kNone when writable, else kReadOnlyWrite or
/// kUnimplementedHardware (§3.1).
RuntimeError writeError(const HardwareInfo& hardware);

/// Executes `roll` on a data stack of raw cells (bottom first). In the original `roll` is a name
/// only: executing it raises "illegal or unimplemented instruction" before touching the stack
/// (specs/grobots-language.md §2.1 #18, §5.3, §7 item 8). Returns RuntimeError::kIllegalInstruction
/// and leaves `stack` unchanged, whatever it holds.
RuntimeError roll(std::vector<int32_t>& stack);
/// Executes `subswap` on a data stack of raw cells (bottom first). Like `roll` it is a name only in
/// the original (§2.1 #7, §5.3, §7 item 8). Returns RuntimeError::kIllegalInstruction and leaves
/// `stack` unchanged.
RuntimeError subswap(std::vector<int32_t>& stack);

}  // namespace chronon::grobocode
