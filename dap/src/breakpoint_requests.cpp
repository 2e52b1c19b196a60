// The shared part of the breakpoint requests (breakpoint_requests.h).

#include "chronon/dap/breakpoint_requests.h"

#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

namespace chronon::dap {

std::string absolutePath(const std::string& path) {
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  if (ec) return path;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal().string() : canonical.string();
}

bool HitCondition::matches(int64_t count) const {
  switch (compare) {
    case Compare::kEqual: return count == n;
    case Compare::kGreater: return count > n;
    case Compare::kGreaterEqual: return count >= n;
    case Compare::kLess: return count < n;
    case Compare::kLessEqual: return count <= n;
    case Compare::kMultiple: return n > 0 && count % n == 0;
  }
  return false;
}

std::optional<HitCondition> parseHitCondition(std::string_view text, std::string& error) {
  const auto trim = [](std::string_view t) {
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    return t;
  };
  std::string_view rest = trim(text);
  HitCondition c;
  // Longest operators first, so that ">=" is not read as ">" and "=5".
  constexpr std::pair<std::string_view, HitCondition::Compare> kOperators[] = {
      {">=", HitCondition::Compare::kGreaterEqual}, {"<=", HitCondition::Compare::kLessEqual},
      {"==", HitCondition::Compare::kEqual},        {">", HitCondition::Compare::kGreater},
      {"<", HitCondition::Compare::kLess},          {"%", HitCondition::Compare::kMultiple},
  };
  for (const auto& [op, compare] : kOperators) {
    if (rest.starts_with(op)) {
      c.compare = compare;
      rest = trim(rest.substr(op.size()));
      break;
    }
  }
  const auto fail = [&] {
    error = "hit condition '" + std::string(text) + "' is not a count: write N, == N, > N, >= N, < N, <= N or % N";
    return std::nullopt;
  };
  if (rest.empty() || rest.size() > 18) return fail();
  int64_t n = 0;
  for (const char ch : rest) {
    if (ch < '0' || ch > '9') return fail();
    n = n * 10 + (ch - '0');
  }
  if (c.compare == HitCondition::Compare::kMultiple && n == 0) return fail();
  c.n = n;
  return c;
}

std::string interpolateLogMessage(std::string_view message,
                                  const std::function<std::string(const std::string& expression)>& evaluate) {
  std::string out;
  for (size_t i = 0; i < message.size(); ++i) {
    const char ch = message[i];
    if ((ch == '{' || ch == '}') && i + 1 < message.size() && message[i + 1] == ch) {
      out += ch;
      ++i;
      continue;
    }
    const size_t close = ch == '{' ? message.find('}', i + 1) : std::string_view::npos;
    if (close == std::string_view::npos) {
      out += ch;
      continue;
    }
    out += evaluate(std::string(message.substr(i + 1, close - i - 1)));
    i = close;
  }
  return out;
}

}  // namespace chronon::dap
