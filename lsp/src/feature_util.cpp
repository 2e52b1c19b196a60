// Text helpers for the language supports.

#include "feature_util.h"

#include <algorithm>
#include <cctype>

namespace chronon::lsp::detail {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

uint32_t backOverSpaces(std::string_view text, uint32_t offset) {
  uint32_t end = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
  while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
  return end;
}

std::vector<std::string> effectInputs(std::string_view effect) {
  std::vector<std::string> inputs;
  size_t i = 0;
  while (i < effect.size()) {
    while (i < effect.size() && effect[i] == ' ') ++i;
    size_t end = effect.find(' ', i);
    if (end == std::string_view::npos) end = effect.size();
    const std::string_view item = effect.substr(i, end - i);
    if (item == "--") break;
    if (!item.empty()) inputs.emplace_back(item);
    i = end;
  }
  return inputs;
}

SourceRange prefixAt(std::string_view text, uint32_t offset) {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
  uint32_t begin = offset;
  while (begin > 0 && !isBlank(text[begin - 1])) --begin;
  return SourceRange{begin, offset};
}

std::vector<TextEdit> trimTrailingBlanks(std::string_view text) {
  std::vector<TextEdit> edits;
  size_t lineStart = 0;
  while (lineStart <= text.size()) {
    size_t end = lineStart;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    size_t trimmed = end;
    while (trimmed > lineStart && (text[trimmed - 1] == ' ' || text[trimmed - 1] == '\t')) --trimmed;
    if (trimmed < end)
      edits.push_back(TextEdit{SourceRange{static_cast<uint32_t>(trimmed), static_cast<uint32_t>(end)}, ""});
    if (end >= text.size()) break;
    lineStart = end + (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? 2 : 1);
  }
  return edits;
}

std::vector<SourceRange> splitByLine(std::string_view text, SourceRange range) {
  std::vector<SourceRange> parts;
  uint32_t begin = range.begin;
  const uint32_t end = std::min<uint32_t>(range.end, static_cast<uint32_t>(text.size()));
  for (uint32_t i = begin; i < end; ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      if (i > begin) parts.push_back(SourceRange{begin, i});
      begin = i + 1;
    }
  }
  if (end > begin) parts.push_back(SourceRange{begin, end});
  return parts;
}

std::string lowerCopy(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

int editDistance(std::string_view a, std::string_view b, int cap) {
  const int diff = static_cast<int>(a.size()) - static_cast<int>(b.size());
  if (diff > cap || -diff > cap) return cap + 1;
  std::vector<int> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    int best = row[0];
    for (size_t j = 1; j <= b.size(); ++j) {
      const int up = row[j];
      const bool same = (a[i - 1] | 0x20) == (b[j - 1] | 0x20);
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = up;
      best = std::min(best, row[j]);
    }
    if (best > cap) return cap + 1;
  }
  return std::min(row[b.size()], cap + 1);
}

bool isLikelyTypo(std::string_view typed, std::string_view candidate) {
  if (typed.size() < 4) return false;
  const std::string a = lowerCopy(typed);
  const std::string b = lowerCopy(candidate);
  if (a == b) return false;
  // One character inserted, left out or changed.
  if (editDistance(a, b, 1) == 1) return true;
  // Two neighbours swapped, which Levenshtein counts as two slips.
  if (a.size() != b.size()) return false;
  const size_t i = static_cast<size_t>(std::mismatch(a.begin(), a.end(), b.begin()).first - a.begin());
  return i + 1 < a.size() && a[i] == b[i + 1] && a[i + 1] == b[i] && a.compare(i + 2, std::string::npos, b, i + 2) == 0;
}

bool preferredSpelling(std::string_view typed, const std::vector<std::pair<int, std::string>>& candidates) {
  if (candidates.empty() || !isLikelyTypo(typed, candidates[0].second)) return false;
  const std::string first = lowerCopy(candidates[0].second);
  for (size_t k = 1; k < candidates.size(); ++k) {
    if (isLikelyTypo(typed, candidates[k].second) && lowerCopy(candidates[k].second) != first) return false;
  }
  return true;
}

std::string inCaseOf(std::string_view typed, std::string_view candidate) {
  const bool anyUpper = std::any_of(typed.begin(), typed.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
  const bool anyLower = std::any_of(typed.begin(), typed.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  std::string out(candidate);
  if (anyUpper == anyLower) return out;
  for (char& c : out)
    c = static_cast<char>(anyUpper ? std::toupper(static_cast<unsigned char>(c))
                                   : std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool touches(SourceRange a, SourceRange b) { return a.begin <= b.end && b.begin <= a.end; }

void addCarriedFixes(const std::vector<Diagnostic>& diagnostics, SourceRange range,
                     std::vector<CodeActionEntry>& actions) {
  for (size_t i = 0; i < diagnostics.size(); ++i) {
    if (!touches(diagnostics[i].range, range)) continue;
    for (const Fix& fix : diagnostics[i].fixes) {
      actions.push_back(CodeActionEntry{fix.title, fix.edits, i, diagnostics[i].fixes.size() == 1});
    }
  }
}

}  // namespace chronon::lsp::detail
