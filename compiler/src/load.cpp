#include "chronon/compiler/load.h"

#include <fstream>
#include <sstream>

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

std::optional<SourceFile> loadSourceFile(const std::string& path, Diagnostics& diagnostics) {
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
  if (static_cast<unsigned long long>(size) > kMaxSourceBytes) {
    diagnostics.error(DiagCode::kFileTooLarge, {},
                      "'" + path + "' is " + std::to_string(size) + " bytes; source files are limited to " +
                          std::to_string(kMaxSourceBytes) + " bytes");
    return std::nullopt;
  }
  in.seekg(0, std::ios::beg);
  std::string text(static_cast<size_t>(size), '\0');
  in.read(text.data(), size);
  if (in.gcount() != size) {
    diagnostics.error(DiagCode::kFileUnreadable, {}, "cannot read all of '" + path + "'");
    return std::nullopt;
  }
  if (looksBinary(text)) {
    diagnostics.error(DiagCode::kBinaryInput, {}, "'" + path + "' looks like binary data, not source text");
    return std::nullopt;
  }
  return SourceFile(path, std::move(text));
}

}  // namespace chronon
