#include "chronon/compiler/load.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace chronon {

bool looksBinary(std::string_view text) {
  const size_t n = std::min<size_t>(text.size(), 64 * 1024);
  size_t control = 0;
  for (size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == 0) return true;
    if (c < 32 && c != '\t' && c != '\n' && c != '\r' && c != '\f') ++control;
  }
  return n > 0 && control * 10 > n;
}

std::optional<std::string> readFileBytes(const std::string& path, size_t maxBytes, std::string_view kind,
                                         Diagnostics& diagnostics) {
  // An ifstream opens a folder on Linux, and seeking to its end reports the largest offset, which
  // would read as a file too large; a folder is said to be one before anything is opened.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    diagnostics.error(DiagCode::kFileUnreadable, {}, "cannot read '" + path + "': it is a folder, not a file");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diagnostics.error(DiagCode::kFileUnreadable, {}, "cannot read '" + path + "'");
    return std::nullopt;
  }
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size < 0) {
    diagnostics.error(DiagCode::kFileUnreadable, {}, "cannot read '" + path + "' (not a regular file)");
    return std::nullopt;
  }
  // Checked before reading, so that a huge file never gets loaded.
  if (!withinSizeLimit(path, static_cast<unsigned long long>(size), maxBytes, kind, diagnostics)) return std::nullopt;
  in.seekg(0, std::ios::beg);
  std::string bytes(static_cast<size_t>(size), '\0');
  in.read(bytes.data(), size);
  if (in.gcount() != size) {
    diagnostics.error(DiagCode::kFileUnreadable, {}, "cannot read all of '" + path + "'");
    return std::nullopt;
  }
  return bytes;
}

bool withinSizeLimit(const std::string& path, unsigned long long size, size_t maxBytes, std::string_view kind,
                     Diagnostics& diagnostics) {
  if (size <= maxBytes) return true;
  diagnostics.error(DiagCode::kFileTooLarge, {},
                    "'" + path + "' is " + std::to_string(size) + " bytes; " + std::string(kind) + " are limited to " +
                        std::to_string(maxBytes) + " bytes");
  return false;
}

std::string_view trimBlanks(std::string_view text) {
  size_t b = 0;
  size_t e = text.size();
  while (b < e && (text[b] == ' ' || text[b] == '\t')) ++b;
  while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r')) --e;
  return text.substr(b, e - b);
}

std::optional<SourceFile> loadSourceFile(const std::string& path, Diagnostics& diagnostics) {
  std::optional<std::string> bytes = readFileBytes(path, kMaxSourceBytes, "source files", diagnostics);
  if (!bytes) return std::nullopt;
  return sourceFromBytes(path, std::move(*bytes), diagnostics);
}

std::optional<SourceFile> sourceFromBytes(const std::string& path, std::string bytes, Diagnostics& diagnostics) {
  if (!withinSizeLimit(path, bytes.size(), kMaxSourceBytes, "source files", diagnostics)) return std::nullopt;
  if (looksBinary(bytes)) {
    diagnostics.error(DiagCode::kBinaryInput, {}, "'" + path + "' looks like binary data, not source text");
    return std::nullopt;
  }
  return SourceFile(path, std::move(bytes));
}

}  // namespace chronon
