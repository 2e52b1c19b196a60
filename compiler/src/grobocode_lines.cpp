// The PEGTL grammar of side-file lines and tokens (specs/grobots-language.md §4.1, §6.1).

#include <tao/pegtl.hpp>

#include "grobocode_internal.h"

namespace chronon::grobocode::detail {
namespace {

namespace pegtl = tao::pegtl;

// C `isspace` in the C locale, minus the two line terminators: the original splits tokens there.
struct blank : pegtl::one<' ', '\t', '\v', '\f'> {};
// Each CR or LF ends a line on its own, so CRLF gives an empty line (§6.1).
struct terminator : pegtl::one<'\r', '\n'> {};
// A `;` anywhere, even inside a token, ends the line's content (§4.1).
struct comment : pegtl::seq<pegtl::one<';'>, pegtl::star<pegtl::not_one<'\r', '\n'>>> {};
struct token : pegtl::plus<pegtl::not_one<' ', '\t', '\v', '\f', '\r', '\n', ';'>> {};
struct content : pegtl::star<pegtl::sor<pegtl::plus<blank>, token>> {};
struct line : pegtl::seq<content, pegtl::opt<comment>, pegtl::sor<terminator, pegtl::eof>> {};
struct file : pegtl::until<pegtl::eof, line> {};

struct State {
  std::vector<Line> lines;
  Line current;
  const char* base = nullptr;
};

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

template <>
struct action<token> {
  template <typename Input>
  static void apply(const Input& in, State& state) {
    const auto begin = static_cast<uint32_t>(in.begin() - state.base);
    state.current.tokens.push_back(
        Token{std::string_view(in.begin(), in.size()), SourceRange{begin, begin + static_cast<uint32_t>(in.size())}});
  }
};

template <>
struct action<content> {
  template <typename Input>
  static void apply(const Input& in, State& state) {
    const auto begin = static_cast<uint32_t>(in.begin() - state.base);
    state.current.content = SourceRange{begin, begin + static_cast<uint32_t>(in.size())};
  }
};

template <>
struct action<line> {
  template <typename Input>
  static void apply(const Input& in, State& state) {
    const auto begin = static_cast<uint32_t>(in.begin() - state.base);
    uint32_t end = begin + static_cast<uint32_t>(in.size());
    if (in.size() > 0 && (in.end()[-1] == '\r' || in.end()[-1] == '\n')) --end;
    state.current.range = SourceRange{begin, end};
    state.current.number = static_cast<uint32_t>(state.lines.size() + 1);
    state.lines.push_back(std::move(state.current));
    state.current = Line{};
  }
};

}  // namespace

std::vector<Line> splitLines(std::string_view text) {
  State state;
  state.base = text.data();
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(text.data(), text.size(), "side");
  // The grammar accepts every byte sequence, so parse cannot fail; its result is not needed.
  (void)pegtl::parse<file, action>(in, state);
  // A final terminator is followed by an empty pseudo-line at end of input; the original never
  // reads it, and it has no tokens, so it is harmless either way. Drop it to keep numbering exact.
  if (!state.lines.empty() && state.lines.back().range.size() == 0 && !text.empty() &&
      state.lines.back().range.begin == text.size()) {
    state.lines.pop_back();
  }
  return state.lines;
}

std::string lowered(std::string_view name) {
  std::string out(name);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace chronon::grobocode::detail
