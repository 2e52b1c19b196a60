#pragma once
// Shared between the RL frontend's files: the tokens of one line, produced by the PEGTL lexical
// grammar (robbie_lexer.cpp) and read by the line parser (robbie_syntax.cpp).

#include <functional>
#include <string_view>
#include <vector>

#include "chronon/compiler/source.h"

namespace chronon::robbie::detail {

/// What a token is.
enum class TokenKind : uint8_t {
  kWord,          ///< Letters and digits starting with a letter: a reserved word or a name.
  kInteger,       ///< Digits.
  kReal,          ///< Digits, a point, digits.
  kString,        ///< A string in straight ("...") or curly (“...”) quotes; `text` keeps the quotes.
  kUnterminated,  ///< An opening quote with no closing quote before the end of the line.
  kSymbol,        ///< + - * / < <= > >= = ( )
  kBadName,       ///< Digits run into letters ("10cm"): neither a number nor a name.
  kBad,           ///< A byte (or UTF-8 sequence) that starts no token.
};

/// One token.
struct Token {
  TokenKind kind = TokenKind::kBad;
  std::string_view text;  ///< The token's bytes in the source.
  SourceRange range;      ///< Where it is.
};

/// Most tokens kept for one line; a longer line is reported (RL716) instead of being stored.
inline constexpr size_t kMaxLineTokens = 10000;

/// One source line's tokens (comments dropped).
struct LexedLine {
  uint32_t number = 0;        ///< 1-based line number.
  SourceRange range;          ///< The line without its terminator.
  std::vector<Token> tokens;  ///< Its tokens in order (at most kMaxLineTokens).
  bool truncated = false;     ///< True when the line had more than kMaxLineTokens tokens.
};

/// Splits `text` into lines (LF, CRLF or CR ends a line) and each line into tokens, calling `onLine`
/// with each line in order. Accepts every byte sequence; only one line's tokens are held at a time.
void lexLines(std::string_view text, const std::function<void(const LexedLine&)>& onLine);

/// The contents of a kString token, without its quotes.
std::string_view stringContents(const Token& token);

}  // namespace chronon::robbie::detail
