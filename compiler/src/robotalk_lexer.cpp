// The RoboTalk lexer: a PEGTL grammar over the raw bytes of a robot's source (specs/robowar.md §3.1).
// Every byte is matched by exactly one alternative of `lexeme`, so lexing never fails; problems
// become diagnostics. Nested `{ }` comments are scanned by a hand-written rule with a depth counter
// instead of a recursive grammar, so deep nesting cannot exhaust the C++ stack.

#include <functional>

#include <tao/pegtl.hpp>

#include "chronon/compiler/robotalk_assembler.h"

namespace chronon::robotalk {
namespace {

namespace pegtl = tao::pegtl;

/// State shared by the actions: the file's first byte (to turn pointers into offsets) and the result.
struct LexState {
  const char* base = nullptr;
  LexResult* result = nullptr;
  const std::function<void(const Token&)>* sink = nullptr;
  size_t reported = 0;
  size_t dropped = 0;

  uint32_t offset(const char* p) const { return static_cast<uint32_t>(p - base); }

  /// Keeps a comment's range unless kMaxCommentRanges of its kind are kept already.
  void keepComment(std::vector<SourceRange>& ranges, SourceRange range) const {
    if (ranges.size() < kMaxCommentRanges) {
      ranges.push_back(range);
    } else {
      ++result->droppedComments;
    }
  }

  void token(const Token& t) const {
    if (*sink) {
      (*sink)(t);
    } else {
      result->tokens.push_back(t);
    }
  }

  /// Adds a diagnostic unless kMaxDiagnostics were already added (then it is only counted), so
  /// that a file of ten million '}' cannot use memory without bound.
  Diagnostic* report(DiagCode code, Severity severity, SourceRange range, std::string message) {
    if (reported >= kMaxDiagnostics) {
      ++dropped;
      return nullptr;
    }
    ++reported;
    return &result->diagnostics.add(code, severity, range, std::move(message));
  }
};

// Separators: whitespace, `;` and `,`. Other control characters are treated as separators too; the
// Mac assembler silently dropped non-printable bytes, which only matters for binary junk.
struct separator : pegtl::sor<pegtl::one<' ', '\t', '\r', '\n', ';', ',', '\x7f'>, pegtl::range<'\x00', '\x08'>,
                              pegtl::range<'\x0b', '\x0c'>, pegtl::range<'\x0e', '\x1f'>> {};
struct line_end : pegtl::one<'\r', '\n'> {};
struct rest_of_line : pegtl::star<pegtl::not_at<line_end>, pegtl::any> {};
struct directive : pegtl::seq<pegtl::string<'#', '!', '!'>, rest_of_line> {};
struct line_comment : pegtl::seq<pegtl::one<'#'>, rest_of_line> {};
struct stray_close : pegtl::one<'}'> {};
struct self_delimiter : pegtl::one<'*', '/', '<', '>', '=', '!'> {};
struct word_end : pegtl::sor<separator, self_delimiter, pegtl::one<'{', '}', '#'>> {};
struct word : pegtl::plus<pegtl::not_at<word_end>, pegtl::any> {};

/// `{ ... }` with nesting, scanned iteratively. Always matches at a `{`; an unclosed comment runs
/// to the end of the input and is reported (RT202), as is nesting deeper than kMaxCommentDepth.
struct block_comment {
  using rule_t = block_comment;
  using subs_t = pegtl::type_list<>;

  template <pegtl::apply_mode, pegtl::rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput>
  static bool match(ParseInput& in, LexState& state) {
    if (in.empty() || in.peek_char() != '{') return false;
    const char* start = in.current();
    uint32_t depth = 0;
    bool reportedDepth = false;
    while (!in.empty()) {
      const char c = in.peek_char();
      if (c == '{') {
        ++depth;
        if (depth > kMaxCommentDepth && !reportedDepth) {
          reportedDepth = true;
          const uint32_t at = state.offset(in.current());
          state.report(DiagCode::kCommentTooDeep, Severity::kError, {at, at + 1},
                       "'{' comments nested deeper than " + std::to_string(kMaxCommentDepth) +
                           " levels (the limit of RoboWar 5)");
        }
      } else if (c == '}') {
        --depth;
      }
      in.bump_in_this_line(1);
      if (depth == 0) break;
    }
    const SourceRange range{state.offset(start), state.offset(in.current())};
    state.keepComment(state.result->blockComments, range);
    if (depth != 0) {
      if (Diagnostic* d = state.report(DiagCode::kUnclosedComment, Severity::kError, {range.begin, range.begin + 1},
                                       "'{' comment is never closed by '}'")) {
        d->notes.push_back({"the comment runs to the end of the file", {range.end, range.end}, true});
      }
    }
    return true;
  }
};

struct lexeme : pegtl::sor<separator, directive, line_comment, block_comment, stray_close, self_delimiter, word> {};
struct grammar : pegtl::seq<pegtl::star<lexeme>, pegtl::eof> {};

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

template <>
struct action<directive> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, LexState& state) {
    const SourceRange range{state.offset(in.begin()), state.offset(in.end())};
    std::string_view text(in.begin() + 3, in.size() - 3);
    state.token(Token{TokenKind::kDirective, text, range, false});
  }
};

template <>
struct action<line_comment> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, LexState& state) {
    state.keepComment(state.result->lineComments, {state.offset(in.begin()), state.offset(in.end())});
  }
};

template <>
struct action<stray_close> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, LexState& state) {
    const uint32_t at = state.offset(in.begin());
    state.report(DiagCode::kStrayCloseBrace, Severity::kError, {at, at + 1}, "'}' without an open '{' comment");
  }
};

template <>
struct action<self_delimiter> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, LexState& state) {
    const SourceRange range{state.offset(in.begin()), state.offset(in.end())};
    state.token(Token{TokenKind::kWord, std::string_view(in.begin(), in.size()), range, false});
  }
};

template <>
struct action<word> {
  // A token ending in ':' defines a label. A colon inside a token splits it after the colon: 1990
  // robots glue a label to the next token ("start:y"), which the original never separated.
  template <typename ActionInput>
  static void apply(const ActionInput& in, LexState& state) {
    std::string_view text(in.begin(), in.size());
    uint32_t begin = state.offset(in.begin());
    while (!text.empty()) {
      const size_t colon = text.find(':');
      if (colon == std::string_view::npos) {
        state.token(Token{TokenKind::kWord, text, {begin, begin + static_cast<uint32_t>(text.size())}, false});
        return;
      }
      const auto length = static_cast<uint32_t>(colon + 1);
      const bool glued = colon + 1 < text.size();
      state.token(Token{TokenKind::kLabelDef, text.substr(0, length), {begin, begin + length}, glued});
      if (glued) {
        if (Diagnostic* d = state.report(DiagCode::kGluedLabel, Severity::kWarning, {begin, begin + length},
                                         "label '" + std::string(text.substr(0, colon)) +
                                             "' is glued to the next token; it is split after the colon")) {
          d->fixes.push_back(Fix{"insert a space after the colon", {TextEdit{{begin + length, begin + length}, " "}}});
        }
      }
      text.remove_prefix(length);
      begin += length;
    }
  }
};

}  // namespace

LexResult lex(const SourceFile& file) { return lex(file, {}); }

LexResult lex(const SourceFile& file, const std::function<void(const Token&)>& onToken) {
  LexResult result;
  const std::string_view text = file.text();
  LexState state{text.data(), &result, &onToken};
  pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf> in(text.data(), text.data() + text.size(),
                                                                          file.name());
  // The grammar accepts every byte sequence; a failure here would be a bug in the grammar.
  if (!pegtl::parse<grammar, action>(in, state)) {
    result.diagnostics.error(DiagCode::kUnknownToken, {0, 0}, "internal error: the RoboTalk lexer stopped early");
  }
  if (state.dropped != 0) {
    const auto end = static_cast<uint32_t>(text.size());
    result.diagnostics.add(DiagCode::kUnknownToken, Severity::kNote, {end, end},
                           std::to_string(state.dropped) + " more lexical diagnostics not shown");
  }
  return result;
}

}  // namespace chronon::robotalk
