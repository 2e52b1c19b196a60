// Writing and reading the golden object-code text format (compiler/include/chronon/compiler/robotalk_object_code.h).

#include "chronon/compiler/robotalk_object_code.h"

#include <cstdio>

namespace chronon::robotalk {

std::string writeObjectCode(const std::vector<int16_t>& words, std::string_view origin) {
  std::string out = "# ";
  out += origin;
  out += "\n# " + std::to_string(words.size()) + " instructions (16-bit words), including trailing END (20110).\n";
  out +=
      "# Format: \"index: words...\" 16 per line. Operators 20000-20164, quoted registers 20300+reg, "
      "other values = literals/addresses.\n";
  for (size_t i = 0; i < words.size(); i += kObjectWordsPerLine) {
    char index[32];
    std::snprintf(index, sizeof index, "%05zu:", i);
    out += index;
    for (size_t j = i; j < words.size() && j < i + kObjectWordsPerLine; ++j) {
      out += ' ';
      out += std::to_string(words[j]);
    }
    out += '\n';
  }
  return out;
}

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

/// Parses an optionally signed decimal integer; nullopt-like false when malformed. Saturates.
bool parseInteger(std::string_view text, long long& value) {
  size_t i = 0;
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    i = 1;
  }
  if (i == text.size()) return false;
  value = 0;
  for (; i < text.size(); ++i) {
    if (!isDigit(text[i])) return false;
    if (value < 1000000) value = value * 10 + (text[i] - '0');
  }
  if (negative) value = -value;
  return true;
}

}  // namespace

ObjectCodeResult readObjectCode(const SourceFile& file) {
  ObjectCodeResult result;
  const std::string_view text = file.text();
  size_t errors = 0;
  const auto error = [&](uint32_t begin, uint32_t end, std::string message) {
    if (++errors <= 100) result.diagnostics.error(DiagCode::kObjectSyntax, {begin, end}, std::move(message));
  };
  size_t pos = 0;
  while (pos < text.size()) {
    size_t lineEnd = text.find('\n', pos);
    if (lineEnd == std::string_view::npos) lineEnd = text.size();
    const auto lineBegin = static_cast<uint32_t>(pos);
    const std::string_view line = text.substr(pos, lineEnd - pos);
    pos = lineEnd + 1;
    size_t i = 0;
    while (i < line.size() && isBlank(line[i])) ++i;
    if (i == line.size() || line[i] == '#') continue;
    const size_t colon = line.find(':', i);
    if (colon == std::string_view::npos) {
      error(lineBegin + static_cast<uint32_t>(i), lineBegin + static_cast<uint32_t>(line.size()),
            "expected 'INDEX: words...' in object code");
      continue;
    }
    long long index = 0;
    if (!parseInteger(line.substr(i, colon - i), index) || index < 0) {
      error(lineBegin + static_cast<uint32_t>(i), lineBegin + static_cast<uint32_t>(colon),
            "bad index '" + std::string(line.substr(i, colon - i)) + "' before ':'");
      continue;
    }
    if (static_cast<size_t>(index) != result.words.size()) {
      error(lineBegin + static_cast<uint32_t>(i), lineBegin + static_cast<uint32_t>(colon),
            "line index " + std::to_string(index) + " should be " + std::to_string(result.words.size()) +
                " (the number of words before it)");
    }
    size_t j = colon + 1;
    while (j < line.size()) {
      while (j < line.size() && isBlank(line[j])) ++j;
      if (j == line.size()) break;
      const size_t start = j;
      while (j < line.size() && !isBlank(line[j])) ++j;
      const std::string_view word = line.substr(start, j - start);
      long long value = 0;
      const auto b = lineBegin + static_cast<uint32_t>(start);
      const auto e = lineBegin + static_cast<uint32_t>(j);
      if (!parseInteger(word, value)) {
        error(b, e, "bad word '" + std::string(word) + "': expected an integer");
      } else if (value < -32768 || value > 32767) {
        error(b, e, "word " + std::string(word) + " does not fit in 16 bits");
      } else if (result.words.size() >= 65535) {
        error(b, e, "more than 65535 words of object code");
        return result;
      } else {
        result.words.push_back(static_cast<int16_t>(value));
      }
    }
  }
  if (errors > 100) {
    result.diagnostics.note(DiagCode::kObjectSyntax, {0, 0}, std::to_string(errors - 100) + " more errors not shown");
  }
  return result;
}

bool looksLikeObjectCode(std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t lineEnd = text.find('\n', pos);
    if (lineEnd == std::string_view::npos) lineEnd = text.size();
    std::string_view line = text.substr(pos, lineEnd - pos);
    pos = lineEnd + 1;
    size_t i = 0;
    while (i < line.size() && isBlank(line[i])) ++i;
    if (i == line.size() || line[i] == '#') continue;
    size_t j = i;
    while (j < line.size() && isDigit(line[j])) ++j;
    return j > i && j < line.size() && line[j] == ':';
  }
  return false;
}

Program programFromWords(const std::vector<int16_t>& words, std::string name) {
  Program program;
  program.name = std::move(name);
  program.code.reserve(words.size());
  for (int16_t w : words) program.code.push_back(Instruction{w, Origin::kObjectCode, {}});
  return program;
}

}  // namespace chronon::robotalk
