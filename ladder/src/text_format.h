#pragma once
// printf into a std::string, for the ladder's tables and page (ladder_standings.cpp, ladder_page.cpp).

#include <cstdarg>
#include <cstdio>
#include <string>

namespace chronon::ladder::detail {

/// `pattern` formatted with the arguments as std::printf formats them, of any length.
[[gnu::format(printf, 1, 2)]] inline std::string format(const char* pattern, ...) {
  va_list args;
  va_start(args, pattern);
  va_list again;
  va_copy(again, args);
  const int size = std::vsnprintf(nullptr, 0, pattern, args);
  va_end(args);
  std::string out(static_cast<size_t>(size > 0 ? size : 0), '\0');
  std::vsnprintf(out.data(), out.size() + 1, pattern, again);
  va_end(again);
  return out;
}

}  // namespace chronon::ladder::detail
