#pragma once
// The Debug Adapter Protocol's message layer (the specification's "Base Protocol" and the
// ProtocolMessage, Request, Response and Event types): parsing a request body, building responses
// and events, reading typed arguments, and the adapter's capabilities. Framing is jsonrpc/'s.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace chronon::dap {

/// A request the adapter cannot carry out (missing or ill-typed arguments, a request out of order).
/// Handlers throw it; the adapter answers it with success:false and `message`, then goes on.
struct RequestError {
  std::string message;  ///< One line, shown to the user.
};

/// A request as the client sent it.
struct Request {
  int64_t seq = 0;           ///< The client's sequence number, echoed as request_seq.
  std::string command;       ///< e.g. "launch", "stackTrace".
  nlohmann::json arguments;  ///< The arguments object (an empty object when absent).
};

/// Parses one message body. Returns nullopt and sets `error` when the body nests arrays and objects
/// deeper than jsonrpc::kMaxNestingDepth, is not JSON, not an object with "type":"request", or has no
/// string "command"; `requestSeq` is then the body's "seq"
/// when it has one (else 0), so that the error response can name the request.
std::optional<Request> parseRequest(std::string_view body, std::string& error, int64_t& requestSeq);

/// A successful response to the request `requestSeq`/`command` with `body` (null for none).
nlohmann::json successResponse(int64_t seq, int64_t requestSeq, std::string_view command, nlohmann::json body);

/// A failed response (success:false) with `message`, also given as the error body the
/// specification's ErrorResponse carries.
nlohmann::json errorResponse(int64_t seq, int64_t requestSeq, std::string_view command, std::string_view message);

/// An event named `name` with `body` (null for none).
nlohmann::json makeEvent(int64_t seq, std::string_view name, nlohmann::json body);

/// The integer argument `name` of `arguments`. Throws RequestError when it is missing or not an
/// integer.
int64_t integerArgument(const nlohmann::json& arguments, const char* name);

/// The integer argument `name`, or `fallback` when absent. Throws RequestError when present but not
/// an integer.
int64_t integerArgumentOr(const nlohmann::json& arguments, const char* name, int64_t fallback);

/// The string argument `name`. Throws RequestError when it is missing or not a string.
std::string stringArgument(const nlohmann::json& arguments, const char* name);

/// The boolean argument `name`, or `fallback` when absent. Throws RequestError when not a boolean.
bool booleanArgumentOr(const nlohmann::json& arguments, const char* name, bool fallback);

/// The Capabilities object the initialize response carries.
nlohmann::json capabilities();

/// The exception filter of run-time errors (setExceptionBreakpoints' filter name).
inline constexpr std::string_view kErrorFilter = "errors";

}  // namespace chronon::dap
