#pragma once
// Source text and byte ranges. Every syntax node, IR instruction and diagnostic carries a
// SourceRange; line and column are computed on demand from the line table.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace chronon {

/// A half-open byte range [begin, end) into one SourceFile's text.
struct SourceRange {
  uint32_t begin = 0;  ///< Offset of the first byte.
  uint32_t end = 0;    ///< Offset one past the last byte.

  /// Number of bytes covered.
  uint32_t size() const { return end - begin; }
  bool operator==(const SourceRange&) const = default;
};

/// A 1-based line and column (columns count bytes, as in the original editors).
struct LineColumn {
  uint32_t line = 1;
  uint32_t column = 1;
};

/// A named source text with a line table. Text is kept as raw bytes: the corpus mixes MacRoman,
/// CP1252 and UTF-8, and the original assemblers treated the text as bytes.
class SourceFile {
 public:
  /// Takes a display name (a path, or "<stdin>") and the file's bytes.
  SourceFile(std::string name, std::string text);

  /// The display name used in diagnostics.
  const std::string& name() const { return name_; }
  /// The bytes of the file.
  std::string_view text() const { return text_; }
  /// The bytes covered by `range` (clamped to the text).
  std::string_view slice(SourceRange range) const;
  /// The 1-based line and column of byte `offset` (clamped to the text).
  LineColumn lineColumn(uint32_t offset) const;
  /// The byte offset of the start of 1-based `line`, or the text size when past the end.
  uint32_t lineStart(uint32_t line) const;
  /// Number of lines (a final line without a newline counts).
  uint32_t lineCount() const { return static_cast<uint32_t>(lineStarts_.size()); }

 private:
  std::string name_;
  std::string text_;
  std::vector<uint32_t> lineStarts_;
};

/// Largest source file the compiler reads; larger files get a diagnostic instead of being loaded.
inline constexpr size_t kMaxSourceBytes = 16u * 1024u * 1024u;

}  // namespace chronon
