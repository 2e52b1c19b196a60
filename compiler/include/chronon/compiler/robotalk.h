#pragma once
// The RoboTalk frontend's product: a robot's object code (the 16-bit words of the original
// assembler, addresses preserved) with the source range of every word, its labels and hardware.
// This linear list is the first layer of the IR; robotalk_ir.h adds the control-flow graph and facts.

#include <cstdint>
#include <string>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/source.h"
#include "chronon/stdlib/robotalk_words.h"
#include "chronon/stdlib/robowar_hardware.h"

namespace chronon::robotalk {

/// What one object-code word is, decoded from its value by the word table's ranges.
enum class WordKind : uint8_t {
  kNumber,    ///< A literal or a label address: pushed as is.
  kOperator,  ///< 20000-20164: an operator.
  kRegister,  ///< 20300-20399: a quoted register (a variable reference).
};

/// Decodes `word` (literals are -19999..19999; 20000+ are operators or quoted registers; numbers in
/// 20165-20299 and 20400+ can only be written as numeric tokens and are pushed as numbers).
WordKind classify(int16_t word);

/// How a word was written in the source, for the checker, disassembly and editor features.
enum class Origin : uint8_t {
  kLiteral,         ///< A number token.
  kLabelReference,  ///< A label name: the word is the label's address.
  kOperator,        ///< An operator token.
  kQuotedRegister,  ///< `REG'`.
  kRegisterRead,    ///< The first word of an unquoted readable register (`REG'` of `REG' RECALL`).
  kImplicitRecall,  ///< The RECALL that follows kRegisterRead.
  kImplicitEnd,     ///< The END the assembler appends.
  kObjectCode,      ///< Read from object code with no source (a .RWR without text, a golden file).
};

/// One object-code word and where it came from.
struct Instruction {
  int16_t word = 0;  ///< The 16-bit word the original assembler emits.
  Origin origin = Origin::kLiteral;
  SourceRange range;  ///< The token it came from (both words of an unquoted register share it).
};

/// A label definition.
struct Label {
  std::string name;      ///< As written, without the colon.
  uint16_t address = 0;  ///< Instruction index it names.
  SourceRange range;     ///< The definition token, colon included.
};

/// A directive line `#!!...` as written (kept for the checker: `#!!nostowarnings`).
struct Directive {
  std::string text;  ///< The line after `#!!`, trimmed.
  SourceRange range;
};

/// A compiled RoboTalk robot: the IR's instruction list.
struct Program {
  std::string name;               ///< The robot's name (file stem, or the .RWR name).
  std::vector<Instruction> code;  ///< Object code, END included; index == address.
  std::vector<Label> labels;      ///< In definition order.
  std::vector<Directive> directives;
  robowar::RobotHardware hardware;  ///< From `#!!hardware` lines, an .RWR header, or defaults.
  bool hardwareDeclared = false;    ///< True when hardware came from the source or a file header.
  bool stoWarnings = true;          ///< False after `#!!nostowarnings` (Mac 4.2+).
  std::string team;                 ///< From `#!!team NAME` (Chronon): robots with equal names are
                                    ///< teammates in battles and tournaments; empty = no team.

  /// The object-code words alone.
  std::vector<int16_t> words() const;
};

/// Options for compiling RoboTalk.
struct CompileOptions {
  Profile profile = Profile::kRoboWar5;
};

/// A program and the diagnostics found while compiling it. `program` is usable when
/// `diagnostics.hasErrors()` is false.
struct CompileResult {
  Program program;
  Diagnostics diagnostics;
};

}  // namespace chronon::robotalk
