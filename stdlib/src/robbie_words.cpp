#include "chronon/stdlib/robbie_words.h"

namespace chronon::robbie {

namespace {

constexpr bool inTableOrder() {
  for (size_t i = 0; i < kWordCount; ++i) {
    if (static_cast<size_t>(kWords[i].word) != i) return false;
  }
  return true;
}
static_assert(inTableOrder(), "kWords must be indexed by Word");

char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

std::optional<Word> findWord(std::string_view text) {
  for (const WordInfo& info : kWords) {
    if (info.spelling == text) return info.word;
  }
  return std::nullopt;
}

std::optional<Word> findWordIgnoringCase(std::string_view text) {
  for (const WordInfo& info : kWords) {
    if (info.spelling.size() != text.size()) continue;
    bool same = true;
    for (size_t i = 0; i < text.size() && same; ++i) same = lowerAscii(text[i]) == info.spelling[i];
    if (same) return info.word;
  }
  return std::nullopt;
}

std::string_view categoryName(WordCategory category) {
  switch (category) {
    case WordCategory::kCommand: return "command";
    case WordCategory::kStructure: return "control structure";
    case WordCategory::kDeclaration: return "declaration";
    case WordCategory::kType: return "type";
    case WordCategory::kDirection: return "direction";
    case WordCategory::kOperator: return "operator";
    case WordCategory::kLiteral: return "literal";
    case WordCategory::kSensor: return "test";
  }
  return "command";
}

}  // namespace chronon::robbie
