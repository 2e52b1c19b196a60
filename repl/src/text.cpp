// Small text helpers shared by the REPL's sources.

#include "text.h"

#include <cctype>

namespace chronon::repl {

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

bool equalsNoCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

bool startsWithNoCase(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && equalsNoCase(text.substr(0, prefix.size()), prefix);
}

std::string lowerCopy(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string upperCopy(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string joinWrapped(const std::vector<std::string>& items, size_t width) {
  std::string out;
  size_t column = 0;
  for (const std::string& item : items) {
    if (column > 0 && column + 1 + item.size() > width) {
      out += '\n';
      column = 0;
    }
    if (column > 0) {
      out += ' ';
      ++column;
    }
    out += item;
    column += item.size();
  }
  if (column > 0) out += '\n';
  return out;
}

}  // namespace chronon::repl
