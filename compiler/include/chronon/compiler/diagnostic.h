#pragma once
// Diagnostics are values: a stable code, a severity, a byte range, a message, notes and fixes.
// The compiler collects them and keeps going; the CLI, the language server and the REPL render them.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/source.h"

namespace chronon {

/// How serious a diagnostic is.
enum class Severity : uint8_t {
  kError,    ///< The program is rejected (chronon check exits 1).
  kWarning,  ///< Accepted, but probably not what was meant; the original tolerated it.
  kNote,     ///< Information only, such as a jump target computed at run time.
};

/// Stable diagnostic codes. The text after the code in each comment is the message's gist; the
/// codes never change meaning once released, so tools and tests can match on them. A language
/// registered at run time (chronon/compiler/language.h) has no enumerators here: it uses codes from
/// kFirstRegisteredCode up, as `static_cast<DiagCode>(n)`, in a block it registers with
/// registerDiagnosticBlock.
enum class DiagCode : uint16_t {
  // Input (1xx)
  kFileUnreadable = 100,  ///< The file could not be read.
  kFileTooLarge = 101,    ///< The file exceeds kMaxSourceBytes.
  kBinaryInput = 102,     ///< The file looks like binary data, not source text.
  // RoboTalk tokens and names (2xx)
  kUnknownToken = 200,          ///< A token that is no operator, number, label or register.
  kNumberOutOfRange = 201,      ///< A literal outside -19999..19999.
  kUnclosedComment = 202,       ///< A `{` comment without its `}`.
  kStrayCloseBrace = 203,       ///< A `}` outside any comment.
  kDuplicateLabel = 204,        ///< A label defined twice.
  kUndefinedLabel = 205,        ///< A name used like a label but never defined.
  kLabelShadowsRegister = 206,  ///< A label with a register's name (references resolve to the label).
  kQuotedNonRegister = 207,     ///< `NAME'` where NAME is no register.
  kWordNotInProfile = 208,      ///< A word that the chosen profile does not have.
  kUndocumentedWord = 209,      ///< A word banned under the official rules.
  kEmptyLabel = 210,            ///< A lone `:`.
  kCommentTooDeep = 211,        ///< `{` comments nested deeper than the original allowed.
  kUnknownDirective = 212,      ///< A `#!!` directive Chronon does not know (ignored, as in RoboWar 5).
  kHardwareDirective = 213,     ///< A malformed `#!!hardware` line.
  kWriteNeedsHardware = 214,    ///< A weapon register written without that hardware fitted.
  kGluedLabel = 215,            ///< A label glued to the next token (`start:y`), split as the 1990 lexer did.
  kSyntaxTreeTruncated = 216,   ///< More syntax nodes than kMaxSyntaxNodes; the rest are not stored (note).
  kMacLabelCollision = 217,     ///< Two labels equal in their first 19 characters: one label on the Mac.
  // Limits (3xx)
  kTooManyInstructions = 300,  ///< More object-code words than the profile allows.
  kTooManyLabels = 301,        ///< More label definitions than the profile allows.
  // Checker (4xx)
  kStackUnderflow = 400,         ///< A path pops more than the stack can hold there.
  kDepthMismatch = 401,          ///< Branches join with different stack depths.
  kStoreWithoutVariable = 402,   ///< STORE/SETINT/SETPARAM without a variable reference on top.
  kArithmeticOnReference = 403,  ///< Arithmetic on a variable reference or code address.
  kComputedJump = 404,           ///< A jump target computed at run time (note).
  kUnboundedGrowth = 405,        ///< The stack grows on every trip round a loop.
  kStackOverflow = 406,          ///< A path pushes more than the 100-cell stack holds.
  kFallsIntoEnd = 407,           ///< Execution can run into the trailing END (an error at run time).
  kReadOfWriteOnly = 408,        ///< Reading a write-only register (it reads 0).
  kWriteOfReadOnly = 409,        ///< Storing into a read-only register (ignored by the original).
  kCheckIncomplete = 410,        ///< The stack checker's work budget ran out; no stack checks were made (note).
  kUnquotedStoreTarget = 411,    ///< STORE/SETINT/SETPARAM whose target is an unquoted variable's value (quote it).
  kReturnAddressBuried = 412,    ///< A subroutine's RETURN whose top is a number, its return address below it.
  // Object code and .RWR files (5xx)
  kObjectSyntax = 500,  ///< A malformed line in an object-code text file.
  kRwrMalformed = 501,  ///< An .RWR file whose header or offsets are out of range.
  // Grobocode side files (6xx); messages are the original's (specs/grobots-language.md §4.7, §6)
  kGbUndefinedSymbol = 600,          ///< "undefined symbol: X" (§4.2).
  kGbDuplicateSymbol = 601,          ///< "duplicate symbol: X": a label defined twice (§4.2).
  kGbUnresolvedForward = 602,        ///< "unresolved forward symbol definition: X" at the end of a type.
  kGbCompileStackLeft = 603,         ///< "item left on compile-time stack (unmatched compile-time word)".
  kGbCompileStackUnderflow = 604,    ///< "stack underflow": a compile-time word found the CS empty (§4.5).
  kGbInvalidElementType = 605,       ///< "invalid element type": an unknown `#` tag (§6.2).
  kGbMisplacedElement = 606,         ///< "an element appeared in an invalid place" (§6.2).
  kGbInvalidElementArgument = 607,   ///< "invalid or forbidden element argument" (§6.2).
  kGbMissingElementArgument = 608,   ///< "missing element argument" (§6.2).
  kGbContentNotAllowed = 609,        ///< "content is not allowed here" (§6.1).
  kGbUnknownHardware = 610,          ///< "unknown hardware component" (§6.3).
  kGbBadHardwareArgument = 611,      ///< "bad argument to a hardware component" (§6.3).
  kGbMissingHardwareArgument = 612,  ///< "missing argument to a hardware component" (§6.3).
  kGbEmptyTag = 613,                 ///< "# but no token - huh?": a `#` with no tag word (§4.7).
  kGbUnfinishedSide = 614,           ///< "tried to get unfinished side from SideReader - was #end missing?".
  kGbIndexSpill = 615,               ///< Warning: a table index above 4095 spills into the type field (§4.4).
  kGbCostOverflow = 616,             ///< "arithmetic overflow" while computing a type's cost and mass.
  kGbUnreasonableCost = 617,         ///< "a computed value such as mass or cost was not reasonable" (§4.7).
  kGbCheckUnderflow = 620,           ///< Checker: a data-stack pop below the empty stack (§2, §5.3).
  kGbCheckJoinDepth = 621,           ///< Checker warning: branches join at different data-stack depths.
  kGbCheckLoopDepth = 622,           ///< Checker warning: a loop body changes the data-stack depth.
  kGbCheckReturnEmpty = 623,         ///< Checker: `return`, `ifr` or `nifr` with nothing to return to.
  kGbCheckStackComment = 624,        ///< Checker warning: a label's stack comment disagrees with its code.
  kGbCheckReturnUnderflow = 625,     ///< Checker: `r>` or `rdrop` on an empty return stack (§5.1).
  kGbCheckIncomplete = 626,          ///< Checker note: the work budget ran out; part of a brain was not checked.
  // Robbie Language (7xx): syntax and structure (70x-71x), types (72x), room files (78x); docs/robbie.md
  kRlSyntax = 700,              ///< A line that does not have the form of its command ("expected ...").
  kRlUnknownCommand = 701,      ///< A line that starts with no command word.
  kRlReservedName = 702,        ///< A reserved word where a register name belongs.
  kRlBadName = 703,             ///< A name that is not letters and digits starting with a letter.
  kRlUnterminatedString = 704,  ///< A string literal without its closing quote on the same line.
  kRlNumberTooLarge = 705,      ///< An integer literal beyond 64 bits or a real literal beyond double range.
  kRlExtraText = 706,           ///< Text after the end of a command (one command per line).
  kRlMissingStart = 707,        ///< A program without `start`.
  kRlDuplicateStart = 708,      ///< A second `start` (only one is allowed).
  kRlMisplacedProgram = 709,    ///< `program` after other commands, or twice.
  kRlBeforeStart = 710,         ///< A command other than program or register before `start`.
  kRlMissingStop = 711,         ///< The program's last command is not `stop`.
  kRlUnclosedBlock = 712,       ///< if, while or repeat without its end word.
  kRlUnmatchedEnd = 713,        ///< else, endif, endwhile or endrepeat with no structure to close.
  kRlDuplicateElse = 714,       ///< A second else in one if.
  kRlBadCharacter = 715,        ///< A byte that starts no token.
  kRlTooDeep = 716,             ///< Structures, expressions or a line's tokens beyond their limits.
  kRlLowerCaseName = 717,       ///< Warning: a register name entirely in lower case (the manual advises against).
  kRlTestAsCommand = 718,       ///< `blocked` or `weight` alone on a line: tests belong in expressions.
  kRlUndeclared = 720,          ///< A name that no earlier register line declares.
  kRlDuplicateRegister = 721,   ///< A name registered twice.
  kRlAssignType = 722,          ///< `set` of a value whose type the register cannot hold.
  kRlConditionType = 723,       ///< An if or while condition that is not boolean.
  kRlOperandType = 724,         ///< An operator applied to operands of the wrong type.
  kRlCompareType = 725,         ///< A comparison of values of incompatible types.
  kRlArgumentType = 726,        ///< A command argument or repeat count that is not an integer.
  kRlNegativeArgument = 727,    ///< A literal negative distance, angle, time or count.
  kRlFrequencyRange = 728,      ///< A literal beep frequency outside 60-30,000 Hz.
  kRlRoomSyntax = 780,          ///< Room file: a line that does not have its entry's form.
  kRlRoomNumber = 781,          ///< Room file: a bad or out-of-range number.
  kRlRoomUnknownEntry = 782,    ///< Room file: an unknown entry word.
  kRlRoomDuplicate = 783,       ///< Room file: a second `room` or `robbie` line, or a repeated object name.
  kRlRoomPlacement = 784,       ///< Room file: Robbie or an object outside the room, or Robbie inside an obstacle.
  kRlRoomTooMany = 785,         ///< Room file: more entries than the room allows.
};

/// The first code a registered language may use: the built-in blocks (1xx to 7xx) all lie below it.
inline constexpr uint16_t kFirstRegisteredCode = 1000;

/// Gives the codes `first` to `last` (both included) to a language registered at run time: codeName
/// prints them after `prefix` ("TY" makes code 1000 "TY1000"). Register before use, as the language
/// itself (chronon/compiler/language.h: not synchronised). Throws std::invalid_argument when `first`
/// is below kFirstRegisteredCode or above `last`, when the block overlaps one registered before, or
/// when `prefix` is not 1 to 4 upper-case ASCII letters or is a built-in block's (RT, GB, RL).
void registerDiagnosticBlock(uint16_t first, uint16_t last, std::string_view prefix);

/// A replacement of `range` by `text`: the edit a quick fix applies.
struct TextEdit {
  SourceRange range;
  std::string text;
};

/// A suggested fix: a title and the edits that make it.
struct Fix {
  std::string title;
  std::vector<TextEdit> edits;
};

/// Extra information attached to a diagnostic, optionally at another place in the same file.
struct DiagNote {
  std::string message;
  SourceRange range;  ///< Where the note points; meaningful only when `hasRange`.
  bool hasRange = false;
};

/// One diagnostic.
struct Diagnostic {
  DiagCode code = DiagCode::kUnknownToken;
  Severity severity = Severity::kError;
  SourceRange range;
  std::string message;
  std::vector<DiagNote> notes;
  std::vector<Fix> fixes;
};

/// A list of diagnostics with helpers to add them and ask about errors.
class Diagnostics {
 public:
  /// Adds a diagnostic and returns it so notes and fixes can be attached.
  Diagnostic& add(DiagCode code, Severity severity, SourceRange range, std::string message);
  /// Adds an error.
  Diagnostic& error(DiagCode code, SourceRange range, std::string message) {
    return add(code, Severity::kError, range, std::move(message));
  }
  /// Adds a warning.
  Diagnostic& warning(DiagCode code, SourceRange range, std::string message) {
    return add(code, Severity::kWarning, range, std::move(message));
  }
  /// Adds a note-level diagnostic.
  Diagnostic& note(DiagCode code, SourceRange range, std::string message) {
    return add(code, Severity::kNote, range, std::move(message));
  }
  /// True when any diagnostic is an error.
  bool hasErrors() const;
  /// Number of errors.
  size_t errorCount() const;
  /// All diagnostics in the order they were added.
  const std::vector<Diagnostic>& all() const { return items_; }
  /// Appends every diagnostic of `other`.
  void append(const Diagnostics& other);
  /// Sorts by position (stable), for rendering.
  void sortByPosition();

 private:
  std::vector<Diagnostic> items_;
};

/// "error", "warning" or "note".
std::string_view severityName(Severity severity);
/// The code as printed: "RT200" for RoboTalk and shared codes, "GB600" for the Grobocode 6xx block,
/// "RL700" for the Robbie Language 7xx block, a registered block's prefix and the number for its
/// codes (registerDiagnosticBlock), and "RT" and the number for any other code.
std::string codeName(DiagCode code);

/// Renders one diagnostic as `file:line:col: error|warning|note: message [RTnnn]`, followed by its
/// notes (`file:line:col: note: ...`), each line ending in '\n'.
std::string render(const SourceFile& file, const Diagnostic& diagnostic);
/// Renders every diagnostic of `diagnostics` in order.
std::string render(const SourceFile& file, const Diagnostics& diagnostics);

}  // namespace chronon
