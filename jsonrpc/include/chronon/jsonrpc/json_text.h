#pragma once
// JSON text as Chronon writes it: LSP and DAP messages, records, replays, plans and --json output.

#include <string>

#include <nlohmann/json.hpp>

namespace chronon::jsonrpc {

/// `value` as JSON text, on one line (`indent` -1) or indented by `indent` spaces. JSON carries only
/// UTF-8, and a string Chronon writes may hold other bytes: a robot named after a Latin-1 file name,
/// a `#!!team`, a diagnostic quoting a token of a binary file, or a document's text. Each byte that is not UTF-8 is
/// written as U+FFFD, where nlohmann's default would throw. Never throws.
inline std::string jsonText(const nlohmann::json& value, int indent = -1) {
  return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace chronon::jsonrpc
