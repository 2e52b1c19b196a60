#pragma once
// The Robbie Language's reserved words (seeds/robbie-language.txt, "RL Reserved Words"), declared once
// in robbie_words.def and exposed here as a constexpr table with lookups. The RL frontend, the
// reserved-name check, the language server and the REPL read it.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace chronon::robbie {

/// What a reserved word is for.
enum class WordCategory : uint8_t {
  kCommand,      ///< A command line: forward, back, turn, grab, drop, beep, pause, set, stop.
  kStructure,    ///< A control-structure word: if, then, else, endif, while, do, endwhile, repeat, ...
  kDeclaration,  ///< program, start, register.
  kType,         ///< A register type: integer, real, boolean, string.
  kDirection,    ///< A turn direction: left, right.
  kOperator,     ///< A boolean operator: and, or, not.
  kLiteral,      ///< true, false.
  kSensor,       ///< A test read in expressions: blocked, weight.
};

/// Every reserved word, in robbie_words.def order.
enum class Word : uint8_t {
#define ROBBIE_WORD(id, spelling, category, listed, arguments, doc) k##id,
#include "chronon/stdlib/robbie_words.def"
#undef ROBBIE_WORD
};

/// One reserved word's entry.
struct WordInfo {
  Word word;                   ///< Its identity.
  std::string_view spelling;   ///< As written (lower case).
  WordCategory category;       ///< What it is for.
  bool listed;                 ///< True when the manual's reserved-word list has it (all but boolean).
  std::string_view arguments;  ///< What follows it on its line (see robbie_words.def), for hover.
  std::string_view doc;        ///< One sentence for hover and help.
};

/// The word table, in robbie_words.def order (the manual's order, boolean placed alphabetically).
inline constexpr WordInfo kWords[] = {
#define ROBBIE_WORD(id, spelling, category, listed, arguments, doc) \
  {Word::k##id, spelling, WordCategory::category, listed, arguments, doc},
#include "chronon/stdlib/robbie_words.def"
#undef ROBBIE_WORD
};

/// Number of reserved words: the manual's 34 and `boolean`.
inline constexpr size_t kWordCount = std::size(kWords);
static_assert(kWordCount == 35, "the manual lists 34 reserved words; Chronon adds boolean");

/// The entry of `word`.
constexpr const WordInfo& wordInfo(Word word) { return kWords[static_cast<size_t>(word)]; }

/// The reserved word spelled exactly `text` (case-sensitive: every reserved word is lower case), or
/// nullopt when `text` is not reserved.
std::optional<Word> findWord(std::string_view text);

/// The reserved word spelled `text` in any mix of cases ("While"), for a hint when a name differs from a
/// reserved word only by case; nullopt when there is none.
std::optional<Word> findWordIgnoringCase(std::string_view text);

/// "command", "control structure", "declaration", "type", "direction", "operator", "literal" or "test".
std::string_view categoryName(WordCategory category);

/// Lowest and highest beep frequency in Hz (the manual: "frequencies in the range 60Hz to 30,000Hz").
inline constexpr int64_t kMinBeepHz = 60;
inline constexpr int64_t kMaxBeepHz = 30000;
/// Heaviest object the claw lifts, in grams (the manual: "weights up to 10 kg").
inline constexpr int64_t kMaxGrabGrams = 10000;

}  // namespace chronon::robbie
