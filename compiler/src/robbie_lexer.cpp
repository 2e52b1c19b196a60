// The lexical grammar of the Robbie Language, in PEGTL: one command per line, `;` starts a comment
// that runs to the end of the line (seeds/robbie-language.txt, "RL programs may contain comments").

#include <tao/pegtl.hpp>

#include "robbie_internal.h"

namespace chronon::robbie::detail {
namespace {

namespace pegtl = tao::pegtl;

struct blank : pegtl::one<' ', '\t', '\v', '\f'> {};
struct terminator : pegtl::sor<pegtl::string<'\r', '\n'>, pegtl::one<'\r', '\n'>> {};
struct comment : pegtl::seq<pegtl::one<';'>, pegtl::star<pegtl::not_one<'\r', '\n'>>> {};

// The manual prints its string examples in curly quotes (“ACME Robot Corporation”), so programs copied
// from it use them; UTF-8 “ is E2 80 9C and ” is E2 80 9D.
struct curlyOpen : pegtl::string<'\xE2', '\x80', '\x9C'> {};
struct curlyClose : pegtl::string<'\xE2', '\x80', '\x9D'> {};
struct straightString : pegtl::seq<pegtl::one<'"'>, pegtl::star<pegtl::not_one<'"', '\r', '\n'>>, pegtl::one<'"'>> {};
struct curlyString
    : pegtl::seq<curlyOpen, pegtl::star<pegtl::not_at<curlyClose>, pegtl::not_one<'\r', '\n'>>, curlyClose> {};
struct unterminated : pegtl::seq<pegtl::sor<pegtl::one<'"'>, curlyOpen>, pegtl::star<pegtl::not_one<'\r', '\n'>>> {};
struct badName : pegtl::seq<pegtl::plus<pegtl::digit>, pegtl::alpha, pegtl::star<pegtl::alnum>> {};
struct real : pegtl::seq<pegtl::plus<pegtl::digit>, pegtl::one<'.'>, pegtl::plus<pegtl::digit>> {};
struct integer : pegtl::plus<pegtl::digit> {};
struct word : pegtl::seq<pegtl::alpha, pegtl::star<pegtl::alnum>> {};
struct symbol : pegtl::sor<pegtl::string<'<', '='>, pegtl::string<'>', '='>,
                           pegtl::one<'<', '>', '=', '+', '-', '*', '/', '(', ')'>> {};
// Any other byte, with the continuation bytes of a UTF-8 sequence it starts, is one bad token.
struct bad : pegtl::seq<pegtl::not_one<'\r', '\n'>, pegtl::star<pegtl::range<'\x80', '\xBF'>>> {};
struct token : pegtl::sor<straightString, curlyString, unterminated, badName, real, integer, word, symbol, bad> {};
struct content : pegtl::star<pegtl::sor<pegtl::plus<blank>, comment, token>> {};
struct line : pegtl::seq<content, pegtl::sor<terminator, pegtl::eof>> {};
struct file : pegtl::until<pegtl::eof, line> {};

struct State {
  const std::function<void(const LexedLine&)>* onLine = nullptr;
  uint32_t lineCount = 0;
  LexedLine current;
  const char* base = nullptr;
};

SourceRange rangeOf(const char* base, const char* begin, size_t size) {
  const auto offset = static_cast<uint32_t>(begin - base);
  return SourceRange{offset, offset + static_cast<uint32_t>(size)};
}

template <TokenKind kind>
struct tokenAction {
  template <typename Input>
  static void apply(const Input& in, State& state) {
    if (state.current.tokens.size() >= kMaxLineTokens) {
      state.current.truncated = true;
      return;
    }
    state.current.tokens.push_back(
        Token{kind, std::string_view(in.begin(), in.size()), rangeOf(state.base, in.begin(), in.size())});
  }
};

template <typename Rule>
struct action : pegtl::nothing<Rule> {};
template <>
struct action<straightString> : tokenAction<TokenKind::kString> {};
template <>
struct action<curlyString> : tokenAction<TokenKind::kString> {};
template <>
struct action<unterminated> : tokenAction<TokenKind::kUnterminated> {};
template <>
struct action<badName> : tokenAction<TokenKind::kBadName> {};
template <>
struct action<real> : tokenAction<TokenKind::kReal> {};
template <>
struct action<integer> : tokenAction<TokenKind::kInteger> {};
template <>
struct action<word> : tokenAction<TokenKind::kWord> {};
template <>
struct action<symbol> : tokenAction<TokenKind::kSymbol> {};
template <>
struct action<bad> : tokenAction<TokenKind::kBad> {};

template <>
struct action<line> {
  template <typename Input>
  static void apply(const Input& in, State& state) {
    SourceRange range = rangeOf(state.base, in.begin(), in.size());
    while (range.end > range.begin && (state.base[range.end - 1] == '\r' || state.base[range.end - 1] == '\n')) {
      --range.end;
    }
    state.current.range = range;
    state.current.number = ++state.lineCount;
    (*state.onLine)(state.current);
    state.current.tokens.clear();
    state.current.truncated = false;
  }
};

}  // namespace

void lexLines(std::string_view text, const std::function<void(const LexedLine&)>& onLine) {
  State state;
  state.onLine = &onLine;
  state.base = text.data();
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(text.data(), text.size(), "rl");
  // Every byte sequence matches `file`, so the parse cannot fail.
  (void)pegtl::parse<file, action>(in, state);
}

std::string_view stringContents(const Token& token) {
  std::string_view text = token.text;
  if (!text.empty() && text.front() == '"') return text.substr(1, text.size() >= 2 ? text.size() - 2 : 0);
  // Curly quotes are three bytes each.
  return text.size() >= 6 ? text.substr(3, text.size() - 6) : std::string_view{};
}

}  // namespace chronon::robbie::detail
