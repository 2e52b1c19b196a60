#pragma once
// Content-Length framing, shared by the language server (LSP 3.17 "Base Protocol") and the debug
// adapter (the Debug Adapter Protocol's "Base Protocol" is the same): each message is a header block
// of `Name: value` lines ending in an empty line, with a mandatory Content-Length, then that many
// bytes of JSON. Reading never trusts the header: absurd lengths and malformed headers become
// statuses. It lives in its own small library so that lsp/ and dap/ share it without depending on
// each other.

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>

namespace chronon::jsonrpc {

/// Largest message body a server reads (bytes); larger bodies are skipped without being stored.
inline constexpr size_t kMaxMessageBytes = 64u * 1024u * 1024u;

/// Deepest nesting of arrays and objects a message body may have. nlohmann json copies, compares
/// and prints values recursively, so a body of a hundred thousand `[` overflowed the stack of the
/// language server and the debug adapter (found by the fuzz targets, docs/robustness.md); real LSP
/// and DAP messages nest fewer than 10 levels.
inline constexpr size_t kMaxNestingDepth = 64;

/// True when the JSON text `body` opens more than `limit` arrays and objects inside one another
/// (brackets inside strings do not count). Linear in the size of `body`, without recursion, and it
/// does not need `body` to be valid JSON, so it can run before the parser.
bool nestsDeeperThan(std::string_view body, size_t limit);

/// What readMessage() found.
enum class ReadStatus : uint8_t {
  kMessage,    ///< A complete body was read.
  kEndOfFile,  ///< The stream ended before a header started (a clean end).
  kBadHeader,  ///< A header block without a valid Content-Length; it was skipped.
  kTooLarge,   ///< Content-Length above kMaxMessageBytes; the body was skipped.
  kTruncated,  ///< The stream ended inside a header or body.
};

/// One read attempt: the status and, for kMessage, the body.
struct ReadResult {
  ReadStatus status = ReadStatus::kEndOfFile;
  std::string body;
};

/// Reads one framed message from `in`. Header names are matched case-insensitively; a trailing CR on
/// header lines is optional; Content-Type is ignored. Never throws and never stores more than
/// kMaxMessageBytes of body or 8 KiB of header line.
ReadResult readMessage(std::istream& in);

/// Writes `body` framed with its Content-Length to `out` and flushes it.
void writeMessage(std::ostream& out, std::string_view body);

}  // namespace chronon::jsonrpc
