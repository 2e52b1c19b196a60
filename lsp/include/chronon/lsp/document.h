#pragma once
// An open text document: its bytes, version and language, with conversions between byte offsets and
// LSP positions (line, character) in the negotiated encoding (LSP 3.17 "Position", positionEncoding),
// and incremental edits (textDocument/didChange with ranges).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/source.h"

namespace chronon::lsp {

/// How LSP positions count characters within a line (LSP 3.17 PositionEncodingKind).
enum class PositionEncoding : uint8_t {
  kUtf16,  ///< UTF-16 code units: the default every client supports.
  kUtf8,   ///< Bytes.
};

/// A zero-based line and character, as LSP writes positions.
struct Position {
  uint32_t line = 0;       ///< Zero-based line.
  uint32_t character = 0;  ///< Zero-based offset within the line, in the negotiated encoding.
  bool operator==(const Position&) const = default;
};

/// A half-open range of positions.
struct Range {
  Position start;  ///< The first position.
  Position end;    ///< One past the last position.
  bool operator==(const Range&) const = default;
};

/// The text of one open document with its line table. Lines end at LF, CR LF or a lone CR, as the
/// LSP specification says.
class Document {
 public:
  /// Takes the document's URI, language id (e.g. "robotalk"), version and full text.
  Document(std::string uri, std::string languageId, int version, std::string text);

  /// The document's URI, as the client sent it (the key of every request about it).
  const std::string& uri() const { return uri_; }
  /// The client's language id ("grobocode", "robotalk", or another editor's guess).
  const std::string& languageId() const { return languageId_; }
  /// The version of the latest change (LSP: increases with every change).
  int version() const { return version_; }
  /// The current text, as bytes (UTF-8 from the client).
  const std::string& text() const { return text_; }

  /// The byte offset of `position`, clamped to its line's end (before the terminator) and to the
  /// text; a character inside a multi-unit UTF-8 sequence maps to the sequence's start.
  uint32_t offsetOf(Position position, PositionEncoding encoding) const;
  /// The position of byte `offset` (clamped to the text).
  Position positionOf(uint32_t offset, PositionEncoding encoding) const;
  /// The LSP range of a byte range.
  Range rangeOf(SourceRange range, PositionEncoding encoding) const;
  /// Number of lines (the text after the last terminator counts as a line, even when empty).
  uint32_t lineCount() const { return static_cast<uint32_t>(lineStarts_.size()); }
  /// The bytes of zero-based `line` without its terminator.
  std::string_view lineText(uint32_t line) const;
  /// The byte offset where zero-based `line` starts (the text size past the end).
  uint32_t lineStart(uint32_t line) const;

  /// Replaces the bytes of `range` (positions in `encoding`) by `text` and sets the version.
  void applyChange(Range range, std::string_view text, PositionEncoding encoding, int version);
  /// Replaces the whole text and sets the version.
  void replaceText(std::string text, int version);

 private:
  void indexLines();

  std::string uri_;
  std::string languageId_;
  int version_ = 0;
  std::string text_;
  std::vector<uint32_t> lineStarts_;
};

/// The file name at the end of a `file:` URI, percent-decoded ("file:///a/b%20c.gb" -> "b c.gb").
std::string fileNameOf(std::string_view uri);

/// The local path of a `file:` URI, percent-decoded; empty for other schemes.
std::string pathOfUri(std::string_view uri);

}  // namespace chronon::lsp
