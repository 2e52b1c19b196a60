// Content-Length framing (toolchain-notes §11.1): header lines up to an empty line, then the body.

#include "chronon/jsonrpc/transport.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace chronon::jsonrpc {

namespace {

constexpr size_t kMaxHeaderLine = 8192;

// Reads one header line without its LF (and CR); false at end of input. Over-long lines are cut,
// which makes them invalid headers rather than unbounded memory.
bool readHeaderLine(std::istream& in, std::string& line, bool& sawAny) {
  line.clear();
  int c = 0;
  while ((c = in.get()) != std::char_traits<char>::eof()) {
    sawAny = true;
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return true;
    }
    if (line.size() < kMaxHeaderLine) line.push_back(static_cast<char>(c));
  }
  return false;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

ReadResult readMessage(std::istream& in) {
  ReadResult result;
  std::string line;
  bool sawAny = false;
  bool haveLength = false;
  bool badLength = false;
  size_t length = 0;
  while (true) {
    if (!readHeaderLine(in, line, sawAny)) {
      result.status = sawAny ? ReadStatus::kTruncated : ReadStatus::kEndOfFile;
      return result;
    }
    if (line.empty()) {
      // Blank lines before any header (stray newlines between messages) are skipped.
      if (!haveLength && !badLength) {
        sawAny = false;
        continue;
      }
      break;
    }
    const size_t colon = line.find(':');
    if (colon == std::string::npos) {
      badLength = true;
      continue;
    }
    if (!equalsIgnoringCase(std::string_view(line).substr(0, colon), "content-length")) continue;
    std::string_view value = std::string_view(line).substr(colon + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    size_t parsed = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (error != std::errc() || end != value.data() + value.size() || value.empty()) {
      badLength = true;
      continue;
    }
    haveLength = true;
    length = parsed;
  }
  if (!haveLength) {
    result.status = ReadStatus::kBadHeader;
    return result;
  }
  if (length > kMaxMessageBytes) {
    in.ignore(static_cast<std::streamsize>(length));
    result.status =
        in.gcount() == static_cast<std::streamsize>(length) ? ReadStatus::kTooLarge : ReadStatus::kTruncated;
    return result;
  }
  result.body.resize(length);
  in.read(result.body.data(), static_cast<std::streamsize>(length));
  if (static_cast<size_t>(in.gcount()) != length) {
    result.body.clear();
    result.status = ReadStatus::kTruncated;
    return result;
  }
  result.status = ReadStatus::kMessage;
  return result;
}

void writeMessage(std::ostream& out, std::string_view body) {
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

bool nestsDeeperThan(std::string_view body, size_t limit) {
  size_t depth = 0;
  bool inString = false;
  for (size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (inString) {
      if (c == '\\') {
        ++i;  // The escaped character cannot end the string.
      } else if (c == '"') {
        inString = false;
      }
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

}  // namespace chronon::jsonrpc
