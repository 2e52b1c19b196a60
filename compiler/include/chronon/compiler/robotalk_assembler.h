#pragma once
// The RoboTalk frontend: the lexer (a PEGTL grammar over raw bytes) and the assembler that turns a
// robot's source text into the object code of the original RoboWar assembler, word for word
// (specs/robowar.md §3). Hardware comes from `#!!hardware` lines or a JSRoboWar header comment
// (docs/robotalk-hardware.md).

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/compiler/source.h"

namespace chronon::robotalk {

/// What a lexed token is.
enum class TokenKind : uint8_t {
  kWord,       ///< An operator, number, label reference or register (resolved by the assembler).
  kLabelDef,   ///< A token ending in `:` (the colon is part of the range and of `text`).
  kDirective,  ///< A `#!!...` assembler directive; `text` is the rest of its line after `#!!`.
};

/// One token with its exact byte range in the source.
struct Token {
  TokenKind kind = TokenKind::kWord;
  std::string_view text;  ///< The token's bytes as written (a view into the SourceFile's text).
  SourceRange range;      ///< Byte range of `text`.
  bool glued = false;     ///< A label definition that was glued to the next token (`start:y`).
};

/// Most comment ranges of each kind a LexResult keeps. A real robot has a few hundred comments;
/// the cap keeps a file of millions of `{}` from using memory without bound. Comments past it are
/// still skipped correctly, only their ranges are not kept (the syntax tree stops storing nodes
/// long before, see kMaxSyntaxNodes).
inline constexpr size_t kMaxCommentRanges = 100000;

/// The tokens of a source file, the ranges of its `{ }` comments, and lexical diagnostics.
struct LexResult {
  std::vector<Token> tokens;
  std::vector<SourceRange>
      blockComments;  ///< Top-level `{ ... }` comments, braces included (the first kMaxCommentRanges).
  std::vector<SourceRange> lineComments;  ///< `# ...` comments, directives excluded (the first kMaxCommentRanges).
  size_t droppedComments = 0;             ///< Comments whose ranges were not kept because of the cap.
  Diagnostics diagnostics;
};

/// Deepest `{` comment nesting accepted, as in RoboWar 5 for Windows (specs/robowar.md §3.1).
inline constexpr uint32_t kMaxCommentDepth = 32767;

/// Most diagnostics one lex or compile reports; beyond this a single note says how many more there
/// were, so that a huge junk file cannot produce unbounded output.
inline constexpr size_t kMaxDiagnostics = 500;

/// Splits `file` into tokens by the rules of specs/robowar.md §3.1: whitespace, `;` and `,`
/// separate tokens; `* / < > = ! { #` end a token and are tokens (or comment starts) of their own;
/// `+` and `-` are not delimiters. `#` comments run to the end of the line, `#!!` starts a
/// directive, `{ }` comments nest (scanned iteratively; deeper than kMaxCommentDepth is RT211).
/// A label glued to the next token (`start:y`) is split after the colon with warning RT215.
/// Errors: RT202 unclosed comment, RT203 stray `}`. Never fails; the input is treated as bytes.
LexResult lex(const SourceFile& file);

/// Like lex(file), but passes each token to `onToken` (in order) instead of storing it in
/// `tokens`, so that a huge file needs no memory per token. An empty `onToken` stores them.
LexResult lex(const SourceFile& file, const std::function<void(const Token&)>& onToken);

/// Compiles a RoboTalk source file into object code (specs/robowar.md §3.2-3.4): resolution order
/// operator → number → label → register; one 16-bit word per token; an unquoted register becomes
/// `REG' RECALL`; END (20110) is appended; label references become absolute instruction indices.
/// Keeps going after errors and reports every bad token. Errors: RT200 unknown token (RT205, with a
/// "create label" fix, for a name written before a branch operator: a label never defined), RT201 number
/// out of range, RT204 duplicate label, RT207 quoted non-register, RT208 word not in `options.profile`,
/// RT210 lone `:`, RT213 bad `#!!hardware` line, RT300/RT301 limits of the profile. Warnings: RT209
/// undocumented word, RT212 unknown directive, RT215 glued label, RT206 label named like a register,
/// RT408 unquoted write-only register. An unquoted register is `REG' RECALL` even when it is
/// write-only or an interrupt name, as in the Mac assembler's codevar() (the golden bytecode has no
/// such case). `END` cannot be written (the Mac assembler did not know it as a token); numeric
/// tokens 20000-32767 are stored as raw words (RoboWar 5.21 "code with numbers"). A `#!!` anywhere
/// starts a directive, as in the Mac assembler. `result.program` is usable when there are no errors.
/// It is parse() followed by lower() (robotalk_syntax.h), without parse()'s RT216 note.
CompileResult compile(const SourceFile& file, const CompileOptions& options);

/// Parses the text of one `#!!hardware ...` directive (everything after `#!!`, e.g.
/// "hardware hasMissiles: true" or "hardware energy 150 cpu 30 missiles") into `hardware`.
/// `range` is the directive's range for diagnostics (RT213 on a bad key or value).
/// Returns true when the line was valid. Syntax: docs/robotalk-hardware.md.
bool parseHardwareDirective(std::string_view text, SourceRange range, robowar::RobotHardware& hardware,
                            Diagnostics& diagnostics);

/// Reads a JSRoboWar-style hardware header ("Energy: 150, Damage: 100, Shield: 0, CPU: 15,
/// Bullets: rubber, +missiles") from the text of a `{ }` comment. Returns true and fills `hardware`
/// when the comment has such a line with at least an Energy entry; false otherwise (no diagnostics).
bool parseHardwareHeader(std::string_view commentText, robowar::RobotHardware& hardware);

/// What kind of file a robot was loaded from.
enum class RobotFileKind : uint8_t {
  kSource,      ///< RoboTalk source text, compiled.
  kObjectCode,  ///< The golden object-code text format (robotalk_object_code.h), read as words.
  kRwr,         ///< A RoboWar 5 .RWR file (robotalk_rwr.h): its machine code and hardware.
};

/// A robot loaded from a file of any supported kind.
struct LoadedRobot {
  SourceFile file{"", ""};  ///< The text diagnostics refer to (empty for an .RWR file or an unread one).
  RobotFileKind kind = RobotFileKind::kSource;
  Program program;          ///< Usable when `diagnostics.hasErrors()` is false.
  Diagnostics diagnostics;  ///< Sorted by position.
  /// True when `file` holds the robot's text, so that the diagnostics' ranges point into it; false
  /// for an .RWR file and for a file whose bytes were refused (RT100 to RT102), whose diagnostics
  /// carry no position.
  bool hasText = false;
  std::string rwrBytes;  ///< An .RWR file's bytes as read (empty for a text file, whose bytes are file.text()).

  /// The bytes the robot was loaded from, which a plan or a replay records of it: an .RWR file's
  /// bytes, or the text. Empty when the file could not be read.
  std::string_view bytes() const { return kind == RobotFileKind::kRwr ? std::string_view(rwrBytes) : file.text(); }
};

/// Loads the robot at `path`: an .RWR file (by extension) gives its machine code and hardware;
/// a text file in the object-code format gives its words; any other file is compiled as RoboTalk
/// with `options`. Errors: those of loadSourceFile, readRwrFile, readObjectCode and compile.
LoadedRobot loadRobot(const std::string& path, const CompileOptions& options);

/// Reads the robot file at `path` whole, within the size limit of its kind (kMaxRwrBytes for an
/// .RWR file, kMaxSourceBytes for text). Returns the bytes, or nullopt with RT100 or RT101.
std::optional<std::string> readRobotFile(const std::string& path, Diagnostics& diagnostics);

/// Loads a robot from `bytes` already read, as loadRobot() loads a file at `path` that holds them
/// (the path's extension says whether they are an .RWR file; a plan's or a replay's copy of a robot
/// is loaded this way). Errors: RT101 when the bytes exceed the limit of their kind, then those of
/// loadRobot() but RT100.
LoadedRobot loadRobotBytes(const std::string& path, std::string bytes, const CompileOptions& options);

/// Like loadRobot() for a text already read (an editor's buffer): object code when the text looks
/// like the object-code format, else RoboTalk compiled with `options`. The program is named after
/// `file`'s name as loadRobot() names it after the path.
LoadedRobot loadRobotText(SourceFile file, const CompileOptions& options);

/// The stem of a path ("dir/Zim.txt" → "Zim"), used as a program's name.
std::string programNameFromPath(std::string_view path);

}  // namespace chronon::robotalk
