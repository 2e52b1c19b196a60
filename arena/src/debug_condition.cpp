// Splitting breakpoint conditions into clauses, for every game's debugger (debug_condition.h).

#include "chronon/arena/debug_condition.h"

namespace chronon::arena::debug {

namespace {

constexpr std::string_view kBlanks = " \t\r\n";

// The part of text[begin, end) without the blanks at either end, and where it starts.
std::pair<std::string_view, size_t> trimmed(std::string_view text, size_t begin, size_t end) {
  while (begin < end && kBlanks.find(text[begin]) != std::string_view::npos) ++begin;
  while (end > begin && kBlanks.find(text[end - 1]) != std::string_view::npos) --end;
  return {text.substr(begin, end - begin), begin};
}

}  // namespace

std::string atColumn(std::string_view message, size_t at) {
  return std::string(message) + " at column " + std::to_string(at + 1);
}

std::optional<std::vector<ClauseText>> splitCondition(std::string_view text, std::string& error) {
  std::vector<ClauseText> clauses;
  if (trimmed(text, 0, text.size()).first.empty()) return clauses;
  size_t start = 0;
  for (;;) {
    const size_t joint = text.find("&&", start);
    const size_t end = joint == std::string_view::npos ? text.size() : joint;
    ClauseText clause;
    size_t op = std::string_view::npos;
    size_t width = 0;
    for (const auto& [spelling, how] : kCompareSpellings) {
      const size_t found = text.substr(0, end).find(spelling, start);
      // The spellings list the two-character ones first, so a later one-character spelling found at
      // the same place does not replace them.
      if (found != std::string_view::npos && (op == std::string_view::npos || found < op)) {
        op = found;
        width = spelling.size();
        clause.compare = how;
      }
    }
    const auto [subject, subjectAt] = trimmed(text, start, op == std::string_view::npos ? end : op);
    if (subject.empty()) {
      error = atColumn("expected a subject", subjectAt);
      return std::nullopt;
    }
    if (op == std::string_view::npos) {
      error = atColumn("expected a comparison (== != < <= > >=)", subjectAt + subject.size());
      return std::nullopt;
    }
    clause.subject = subject;
    clause.subjectAt = subjectAt;
    const auto [value, valueAt] = trimmed(text, op + width, end);
    clause.value = value;
    clause.valueAt = valueAt;
    clauses.push_back(clause);
    if (joint == std::string_view::npos) return clauses;
    start = joint + 2;
  }
}

}  // namespace chronon::arena::debug
