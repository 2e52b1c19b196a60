// Offsets and positions: LSP counts UTF-16 code units by default; the text is kept as bytes, and
// bytes that are not valid UTF-8 count one unit each so that any input maps somewhere.

#include "chronon/lsp/document.h"

#include <algorithm>

namespace chronon::lsp {

namespace {

// Length in bytes of the UTF-8 sequence starting at text[i], and its UTF-16 units; invalid bytes are
// one byte and one unit.
void sequenceAt(std::string_view text, size_t i, size_t& bytes, uint32_t& units) {
  const auto lead = static_cast<unsigned char>(text[i]);
  size_t need = 1;
  units = 1;
  if (lead >= 0xF0 && lead <= 0xF4) {
    need = 4;
    units = 2;
  } else if (lead >= 0xE0) {
    need = 3;
  } else if (lead >= 0xC2 && lead < 0xE0) {
    need = 2;
  }
  if (lead >= 0xF5 || (lead >= 0x80 && lead < 0xC2)) need = 1;
  if (need > 1) {
    if (i + need > text.size()) need = 1;
    for (size_t k = 1; k < need; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) need = 1;
    }
    if (need == 1) units = 1;
  }
  bytes = need;
}

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percentDecode(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      const int hi = hexValue(text[i + 1]);
      const int lo = hexValue(text[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out.push_back(static_cast<char>(hi * 16 + lo));
        i += 2;
        continue;
      }
    }
    out.push_back(text[i]);
  }
  return out;
}

}  // namespace

Document::Document(std::string uri, std::string languageId, int version, std::string text)
    : uri_(std::move(uri)), languageId_(std::move(languageId)), version_(version), text_(std::move(text)) {
  indexLines();
}

void Document::indexLines() {
  lineStarts_.assign(1, 0);
  for (size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n' || (text_[i] == '\r' && (i + 1 >= text_.size() || text_[i + 1] != '\n'))) {
      lineStarts_.push_back(static_cast<uint32_t>(i + 1));
    }
  }
}

uint32_t Document::lineStart(uint32_t line) const {
  return line < lineStarts_.size() ? lineStarts_[line] : static_cast<uint32_t>(text_.size());
}

std::string_view Document::lineText(uint32_t line) const {
  if (line >= lineStarts_.size()) return {};
  const uint32_t begin = lineStarts_[line];
  uint32_t end = line + 1 < lineStarts_.size() ? lineStarts_[line + 1] : static_cast<uint32_t>(text_.size());
  while (end > begin && (text_[end - 1] == '\n' || text_[end - 1] == '\r')) --end;
  return std::string_view(text_).substr(begin, end - begin);
}

uint32_t Document::offsetOf(Position position, PositionEncoding encoding) const {
  if (position.line >= lineStarts_.size()) return static_cast<uint32_t>(text_.size());
  const std::string_view line = lineText(position.line);
  const uint32_t begin = lineStarts_[position.line];
  if (encoding == PositionEncoding::kUtf8) return begin + std::min<uint32_t>(position.character, line.size());
  uint32_t units = 0;
  size_t i = 0;
  while (i < line.size()) {
    size_t bytes = 1;
    uint32_t width = 1;
    sequenceAt(line, i, bytes, width);
    if (units + width > position.character) break;
    units += width;
    i += bytes;
  }
  return begin + static_cast<uint32_t>(i);
}

Position Document::positionOf(uint32_t offset, PositionEncoding encoding) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  const auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  const auto line = static_cast<uint32_t>(it - lineStarts_.begin() - 1);
  const std::string_view text = lineText(line);
  const uint32_t within = std::min<uint32_t>(offset - lineStarts_[line], static_cast<uint32_t>(text.size()));
  if (encoding == PositionEncoding::kUtf8) return Position{line, within};
  uint32_t units = 0;
  size_t i = 0;
  while (i < within) {
    size_t bytes = 1;
    uint32_t width = 1;
    sequenceAt(text, i, bytes, width);
    units += width;
    i += bytes;
  }
  return Position{line, units};
}

Range Document::rangeOf(SourceRange range, PositionEncoding encoding) const {
  return Range{positionOf(range.begin, encoding), positionOf(std::max(range.begin, range.end), encoding)};
}

void Document::applyChange(Range range, std::string_view text, PositionEncoding encoding, int version) {
  uint32_t begin = offsetOf(range.start, encoding);
  uint32_t end = offsetOf(range.end, encoding);
  if (end < begin) std::swap(begin, end);
  text_.replace(begin, end - begin, text);
  version_ = version;
  indexLines();
}

void Document::replaceText(std::string text, int version) {
  text_ = std::move(text);
  version_ = version;
  indexLines();
}

std::string pathOfUri(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (uri.substr(0, kScheme.size()) != kScheme) return {};
  return percentDecode(uri.substr(kScheme.size()));
}

std::string fileNameOf(std::string_view uri) {
  const std::string decoded = percentDecode(uri);
  const size_t slash = decoded.find_last_of('/');
  return slash == std::string::npos ? decoded : decoded.substr(slash + 1);
}

}  // namespace chronon::lsp
