#pragma once
// The Grobots side-file frontend: reads a `.gb` side (specs/grobots-language.md §6), compiles each
// robot type's Grobocode into the original's 16-bit instructions (§4) and reports the original's
// load errors as diagnostics, continuing after each the way the original side reader does (§4.7).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/source.h"
#include "chronon/stdlib/grobocode_words.h"
#include "chronon/stdlib/grobots_hardware.h"
#include "chronon/stdlib/grobots_number.h"

namespace chronon::grobocode {

/// The line number the original stores for the two trailing `end` sentinels (§4.8).
inline constexpr uint16_t kSentinelLine = 65535;

/// One compiled instruction: the original's 16-bit word (type in the high 4 bits, index in the low
/// 12, §4.4), where it came from, and the original's 16-bit line number (each CR or LF ends a line,
/// §6.1). The sentinels have an empty range at the end of the file and line kSentinelLine.
struct Instruction {
  uint16_t word = 0;  ///< The encoded instruction.
  SourceRange range;  ///< The token (or compile-time word) that produced it.
  uint16_t line = 0;  ///< The original's line number, truncated to 16 bits.

  /// The type field (high 4 bits); values 12-15 are illegal instructions.
  int type() const { return word >> kInstructionIndexBits; }
  /// The index field (low 12 bits).
  int index() const { return word & ((1 << kInstructionIndexBits) - 1); }
};

/// The 16-bit word for instruction `type` and table `index`: (type << 12) + index, truncated to
/// 16 bits. The index is not range-checked, so indices above 4095 spill into the type field exactly
/// as in the original (§4.4).
uint16_t encode(InstructionType type, int index);

/// A constant-table entry: a `#const` or a numeric literal, which is named by its token text (§4.3).
struct Constant {
  std::string name;      ///< The declared name or the literal's token text ("5.0").
  grobots::Fixed value;  ///< The value from the literal parser (§1.7).
  SourceRange range;     ///< Where it was declared or first used.
};

/// A scalar variable (`#var name [init]`, §4.3).
struct Variable {
  std::string name;        ///< Declared name.
  grobots::Fixed initial;  ///< Initial value, 0 by default.
  SourceRange range;       ///< The `#var` line.
};

/// A vector variable (`#vector name [x y]`, §4.3): one table entry holding a pair.
struct VectorVariable {
  std::string name;   ///< Declared name.
  grobots::Fixed x;   ///< Initial x, 0 by default.
  grobots::Fixed y;   ///< Initial y, 0 by default.
  SourceRange range;  ///< The `#vector` line.
};

/// A label: named, forward-referenced, or a compiler gensym (§4.3).
struct Label {
  std::string name;      ///< The name, or a gensym name such as "if-skip-g1" or "start3".
  int32_t address = -1;  ///< Instruction index it names; -1 while unresolved.
  bool gensym = false;   ///< True for compiler-generated labels, which are never found by name.
  SourceRange range;     ///< Where it was first defined or referenced.
};

/// A compiled brain: instructions and the symbol tables of one robot type (§4.3, §4.4, §4.6).
struct Program {
  std::vector<Instruction> instructions;  ///< The code, addresses are indices (§4.4).
  std::vector<Constant> constants;        ///< Constants and literals, in creation order.
  std::vector<Variable> variables;        ///< Scalar variables.
  std::vector<VectorVariable> vectors;    ///< Vector variables.
  std::vector<Label> labels;              ///< Labels, gensyms included.
  std::optional<int> startLabel;          ///< Label index of the start (`#start` or common code).
  std::vector<int> compileStack;          ///< Compile-time stack of label indices (empty when done).
  int gensymCounter = 0;                  ///< Gensyms made so far; the next is numbered +1.

  /// The start address: the start label's address, or 0 when there is none (§4.6).
  int32_t startAddress() const;
  /// Brain cost (§4.8): 0.02 x instructions + 0.03 x constants + 0.1 x variables + 0.2 x vectors +
  /// 0.02 x labels, computed in double and truncated to a raw fixed-point value.
  int32_t costRaw() const;
  /// Brain mass (§4.8): the cost's terms with each constant times 0.01, summed in double and
  /// truncated to a raw fixed-point value.
  int32_t massRaw() const;
};

/// One `#hardware` line, parsed and clamped (§6.3).
struct HardwareItem {
  Component component = Component::kNone;  ///< The component named.
  /// The arguments after defaults and clamps, in the order of §6.3: number arguments (N) as raw
  /// fixed-point values, integer arguments (I) as plain integers. Empty for `radio`.
  std::vector<int32_t> arguments;
  SourceRange range;  ///< The whole line.
};

/// A colour from `#color` or `#decoration`: hex `rgb` or `rrggbb` (§6.2).
struct Color {
  uint32_t rgb = 0;   ///< 0xRRGGBB; a 3-digit colour repeats each digit ("f80" is 0xFF8800).
  SourceRange range;  ///< The colour token.
};

/// One robot type (`#type`, §6.2).
struct Type {
  std::string name;                      ///< The rest of the `#type` line (trailing blanks kept).
  SourceRange range;                     ///< The `#type` line.
  std::optional<Color> color;            ///< `#color` inside the type.
  std::optional<Color> decorationColor;  ///< `#decoration` colour.
  std::string decorationShape;           ///< `#decoration` shape, lower case ("" when none).
  std::vector<HardwareItem> hardware;    ///< Hardware lines in order (a repeat overwrites in effect).
  std::optional<Program> brain;          ///< The brain; absent for a type without `#code` (§4.6).
  /// Cost and mass, computed when the type is finished at the next `#type` or `#end`
  /// (specs/grobots-world.md §4.1); absent until then or when that computation failed.
  std::optional<grobots::TypeCost> cost;
};

/// The type's hardware lines folded into one HardwareSpec: defaults, clamps, and later lines
/// overriding earlier ones (specs/grobots-world.md §4, specs/grobots-language.md §6.3).
grobots::HardwareSpec hardwareSpec(const Type& type);

/// A side (§6).
struct Side {
  std::string name;               ///< `#side` name (trailing blanks kept).
  std::string author;             ///< `#author` at side level.
  std::optional<Color> color;     ///< `#color` at side level.
  std::vector<int> seeds;         ///< `#seed` type IDs (1-based), empty when absent.
  std::vector<Type> types;        ///< Types in order; a type's ID is its position + 1.
  std::optional<Program> common;  ///< Common code before the first `#type`, if any (§4.6).
  bool complete = false;          ///< True when `#end` was reached and accepted.
};

/// What one source token of a side means, for editor features (hover, go to definition, rename,
/// semantic tokens). The compiler records one SymbolUse per token it reads (§4.2, §6.2).
enum class UseKind : uint8_t {
  kTag,                  ///< A `#` tag word, `#` included ("#type").
  kHardwareComponent,    ///< The component name on a `#hardware` line.
  kLabelDefinition,      ///< `name:`.
  kLabelAddress,         ///< `name&`: pushes the label's address.
  kLabelCall,            ///< `name^`, or a bare label name: calls it.
  kStartLabel,           ///< The label argument of `#start`.
  kVariableDeclaration,  ///< The name on a `#var` line.
  kVariableRead,         ///< A scalar variable's bare name.
  kVariableWrite,        ///< `name!` of a scalar variable.
  kVectorDeclaration,    ///< The name on a `#vector` line.
  kVectorRead,           ///< A vector variable's bare name.
  kVectorWrite,          ///< `name!` of a vector variable.
  kConstantDeclaration,  ///< The name on a `#const` line.
  kConstantRead,         ///< A `#const` name used in code.
  kLiteral,              ///< A numeric literal.
  kPrimitive,            ///< A primitive word.
  kCompileWord,          ///< A compile-time control word (if, then, do, loop, ...).
  kHardwareRead,         ///< A hardware variable read (scalar or vector).
  kHardwareWrite,        ///< `name!` of a hardware variable.
  kUndefined,            ///< A token that resolves to nothing (GB600 was reported there).
};

/// One classified token: its kind, its bytes, and the brain it belongs to.
struct SymbolUse {
  UseKind kind = UseKind::kUndefined;
  SourceRange range;  ///< The token's bytes (suffix `!`, `&`, `^`, `:` included).
  int scope = -1;     ///< Index of the type whose brain it is in; -1 for common code and side level.
};

/// The result of reading a side file.
struct SideResult {
  Side side;                    ///< Whatever could be read; check `loaded()`.
  Diagnostics diagnostics;      ///< Every load error, in the order the original reports them.
  std::vector<SymbolUse> uses;  ///< Every token read, classified, in source order.

  /// True when the original would load the side: it reached `#end` (errors on single lines only
  /// damage that line, §4.7).
  bool loaded() const { return side.complete; }
};

/// Reads and compiles a whole side file (specs/grobots-language.md §4, §6). Never throws; bad input
/// gives diagnostics whose messages are the original's (§4.7) and whose ranges cover the offending
/// token, tag argument or line. Work and memory are linear in the file size.
SideResult compileSide(const SourceFile& file);

/// True when `path` names a side file: its extension is Grobocode's in the language registry (.gb,
/// any case; languageOf).
bool isSideFileName(const std::filesystem::path& path);

/// The original's line number for byte `offset`: 1 plus the number of CR and LF bytes before it,
/// so CRLF files count two lines per physical line (§6.1).
uint32_t originalLine(const SourceFile& file, uint32_t offset);

/// The diagnostic as the original prints it: "Error loading side: <message> at line <N>", without
/// " at line N" for the end-of-file "was #end missing?" error (§4.7).
std::string originalReport(const SourceFile& file, const Diagnostic& diagnostic);

/// A readable listing of one instruction, as in Appendix B.3: "drop", "5.0", "if-skip-g1&",
/// "foo^", "x!", "robot-found", "end". Unknown indices print as "?type:index".
std::string describe(const Program& brain, const Instruction& instruction);

}  // namespace chronon::grobocode
