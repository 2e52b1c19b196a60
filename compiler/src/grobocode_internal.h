#pragma once
// Shared between the Grobots side-file frontend's source files (grobocode_lines.cpp,
// grobocode_brain.cpp, grobocode_side.cpp); not part of the public API.

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "chronon/compiler/grobocode.h"

namespace chronon::grobocode::detail {

/// One whitespace-separated token of a line (§4.1).
struct Token {
  std::string_view text;  ///< The token's bytes.
  SourceRange range;      ///< Where it is.
};

/// One line as the original's reader sees it: each CR or LF ends a line (§6.1), `;` ends the
/// content (§4.1).
struct Line {
  uint32_t number = 1;        ///< The original's 1-based line number.
  SourceRange range;          ///< The line without its terminator.
  SourceRange content;        ///< The line up to (not including) the first `;`.
  std::vector<Token> tokens;  ///< Tokens of `content`, in order.
};

/// Splits `text` into lines and tokens with the PEGTL line grammar. Blank and comment-only lines
/// are kept (with no tokens) so that every line number is exact.
std::vector<Line> splitLines(std::string_view text);

/// ASCII lower-case copy of `name`: the key of every symbol table (§4.1 NamesEquivalent).
std::string lowered(std::string_view name);

/// A brain being compiled plus lookup indices for its tables (keys lower-cased). Copying it copies
/// both, which is how each type starts from the common brain (§4.6).
struct BrainBuilder {
  Program brain;                                   ///< The brain under construction.
  std::unordered_map<std::string, int> constants;  ///< First constant of each name.
  std::unordered_map<std::string, int> variables;  ///< First variable of each name.
  std::unordered_map<std::string, int> vectors;    ///< First vector variable of each name.
  std::unordered_map<std::string, int> labels;     ///< Named (non-gensym) labels.
  bool spillReported = false;                      ///< The index-spill warning was given once.
  /// When true a label declared again moves to the new address instead of being "duplicate symbol"
  /// (interactive use, grobocode_incremental.h); side files never set it.
  bool redefineLabels = false;
  std::vector<SymbolUse>* uses = nullptr;  ///< Where compileToken() records each token (may be null).
  int scope = -1;                          ///< SymbolUse::scope of the tokens compiled here.

  /// Compiles one token at original line `line` (§4.2, §4.5). Returns false after reporting an
  /// error, so the caller drops the rest of the line (§4.7).
  bool compileToken(const Token& token, uint32_t line, Diagnostics& diagnostics);
  /// `#var name [init]` (§4.3); the value is already parsed.
  void addVariable(std::string_view name, grobots::Fixed initial, SourceRange range);
  /// `#vector name [x y]` (§4.3).
  void addVector(std::string_view name, grobots::Fixed x, grobots::Fixed y, SourceRange range);
  /// `#const name value` (§4.3); duplicates are not checked and the first one wins.
  void addConstant(std::string_view name, grobots::Fixed value, SourceRange range);
  /// `#start label`: the named label, created as a forward reference when new (§4.6).
  void startAtLabel(std::string_view name, SourceRange range);
  /// A bare `#start`, or the start of a type built on common code: a new start gensym defined at the
  /// current end (§4.6).
  void startHere(SourceRange range);
  /// The end-of-brain check, run twice as the side reader and SetBrain do (§4.7, §4.8): compile-time
  /// stack empty, every label resolved, then an `end` sentinel per run. Returns false after
  /// reporting the first failure at `at`; no sentinel is appended then.
  bool finish(SourceRange at, Diagnostics& diagnostics);

 private:
  int newGensym(std::string_view prefix, SourceRange range);
  int labelNamed(std::string_view name, SourceRange range);
  void emit(InstructionType type, int index, SourceRange range, uint32_t line, Diagnostics& diagnostics);
  bool runCompileWord(CompileWord word, SourceRange range, uint32_t line, Diagnostics& diagnostics);
  bool popStack(int& label, SourceRange range, Diagnostics& diagnostics);
  bool peekStack(int& label, SourceRange range, Diagnostics& diagnostics);
  bool checkOnce(SourceRange at, Diagnostics& diagnostics);
  void record(UseKind kind, SourceRange range);
};

}  // namespace chronon::grobocode::detail
