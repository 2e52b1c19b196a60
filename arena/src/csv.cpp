#include "chronon/arena/csv.h"

namespace chronon::arena {

std::string csvQuoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string csvField(std::string_view text) {
  return text.find_first_of(",\"\r\n") == std::string_view::npos ? std::string(text) : csvQuoted(text);
}

std::string tsvField(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return out;
}

}  // namespace chronon::arena
