// The DAP message layer (dap/protocol.h).

#include "chronon/dap/protocol.h"

#include <string>

#include "chronon/jsonrpc/transport.h"

namespace chronon::dap {

using nlohmann::json;

std::optional<Request> parseRequest(std::string_view body, std::string& error, int64_t& requestSeq) {
  requestSeq = 0;
  // Checked before parsing: the arguments of a deeper message would be copied recursively.
  if (jsonrpc::nestsDeeperThan(body, jsonrpc::kMaxNestingDepth)) {
    error = "the message nests arrays and objects deeper than " + std::to_string(jsonrpc::kMaxNestingDepth) + " levels";
    return std::nullopt;
  }
  json message = json::parse(body, nullptr, false);
  if (message.is_discarded()) {
    error = "the message is not valid JSON";
    return std::nullopt;
  }
  if (!message.is_object()) {
    error = "the message is not a JSON object";
    return std::nullopt;
  }
  if (const auto seq = message.find("seq"); seq != message.end() && seq->is_number_integer()) {
    requestSeq = seq->get<int64_t>();
  }
  const auto type = message.find("type");
  if (type == message.end() || !type->is_string() || *type != "request") {
    error = "the message is not a request (\"type\" must be \"request\")";
    return std::nullopt;
  }
  const auto command = message.find("command");
  if (command == message.end() || !command->is_string()) {
    error = "the request has no \"command\" string";
    return std::nullopt;
  }
  Request request;
  request.seq = requestSeq;
  request.command = command->get<std::string>();
  const auto arguments = message.find("arguments");
  request.arguments = arguments != message.end() && arguments->is_object() ? *arguments : json::object();
  return request;
}

json successResponse(int64_t seq, int64_t requestSeq, std::string_view command, json body) {
  json response{{"seq", seq},
                {"type", "response"},
                {"request_seq", requestSeq},
                {"success", true},
                {"command", std::string(command)}};
  if (!body.is_null()) response["body"] = std::move(body);
  return response;
}

json errorResponse(int64_t seq, int64_t requestSeq, std::string_view command, std::string_view message) {
  return json{{"seq", seq},
              {"type", "response"},
              {"request_seq", requestSeq},
              {"success", false},
              {"command", std::string(command)},
              {"message", std::string(message)},
              {"body", {{"error", {{"id", 1}, {"format", std::string(message)}, {"showUser", true}}}}}};
}

json makeEvent(int64_t seq, std::string_view name, json body) {
  json event{{"seq", seq}, {"type", "event"}, {"event", std::string(name)}};
  if (!body.is_null()) event["body"] = std::move(body);
  return event;
}

int64_t integerArgument(const json& arguments, const char* name) {
  const auto it = arguments.find(name);
  if (it == arguments.end()) throw RequestError{std::string("missing argument '") + name + "'"};
  if (!it->is_number_integer()) throw RequestError{std::string("argument '") + name + "' must be an integer"};
  return it->get<int64_t>();
}

int64_t integerArgumentOr(const json& arguments, const char* name, int64_t fallback) {
  return arguments.contains(name) ? integerArgument(arguments, name) : fallback;
}

std::string stringArgument(const json& arguments, const char* name) {
  const auto it = arguments.find(name);
  if (it == arguments.end()) throw RequestError{std::string("missing argument '") + name + "'"};
  if (!it->is_string()) throw RequestError{std::string("argument '") + name + "' must be a string"};
  return it->get<std::string>();
}

bool booleanArgumentOr(const json& arguments, const char* name, bool fallback) {
  const auto it = arguments.find(name);
  if (it == arguments.end()) return fallback;
  if (!it->is_boolean()) throw RequestError{std::string("argument '") + name + "' must be true or false"};
  return it->get<bool>();
}

json capabilities() {
  return json{
      {"supportsConfigurationDoneRequest", true},
      {"supportsFunctionBreakpoints", true},
      {"supportsConditionalBreakpoints", true},
      {"supportsHitConditionalBreakpoints", true},
      {"supportsLogPoints", true},
      {"supportsStepBack", true},
      {"supportsSetVariable", true},
      {"supportsEvaluateForHovers", true},
      {"supportsSteppingGranularity", true},
      {"supportsTerminateRequest", true},
      {"supportsDataBreakpoints", true},
      {"supportsDisassembleRequest", true},
      {"supportsInstructionBreakpoints", false},
      {"supportsExceptionInfoRequest", true},
      {"exceptionBreakpointFilters",
       json::array({{{"filter", std::string(kErrorFilter)},
                     {"label", "Run-time errors"},
                     {"description", "Stop before an instruction that kills the robot (stack underflow, ...)"},
                     {"default", true}}})},
  };
}

}  // namespace chronon::dap
