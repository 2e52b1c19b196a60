#include "chronon/compiler/source.h"

#include <algorithm>

namespace chronon {

SourceFile::SourceFile(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
  lineStarts_.push_back(0);
  for (uint32_t i = 0; i < text_.size(); ++i) {
    // A lone CR ends a line too: classic Mac files use CR line ends.
    const char c = text_[i];
    if (c == '\n' || (c == '\r' && (i + 1 >= text_.size() || text_[i + 1] != '\n'))) {
      if (i + 1 < text_.size()) lineStarts_.push_back(i + 1);
    }
  }
}

std::string_view SourceFile::slice(SourceRange range) const {
  const uint32_t size = static_cast<uint32_t>(text_.size());
  const uint32_t begin = std::min(range.begin, size);
  const uint32_t end = std::clamp(range.end, begin, size);
  return std::string_view(text_).substr(begin, end - begin);
}

LineColumn SourceFile::lineColumn(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  const auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  const auto line = static_cast<uint32_t>(it - lineStarts_.begin());
  return {line, offset - lineStarts_[line - 1] + 1};
}

uint32_t SourceFile::lineStart(uint32_t line) const {
  if (line == 0) return 0;
  if (line > lineStarts_.size()) return static_cast<uint32_t>(text_.size());
  return lineStarts_[line - 1];
}

}  // namespace chronon
