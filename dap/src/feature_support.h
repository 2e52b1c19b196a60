#pragma once
// Small pieces the three games' Debuggees share (robowar_features.cpp, grobots_features.cpp,
// robbie_features.cpp), so that each is written once: the first error of a file, a DAP Source, a
// plain DAP Variable, an evaluate result, the stopped and pause event bodies, a memory reference,
// the range a disassemble request asks for and the body of the viewer's replay request.

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/debug_search.h"
#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/source.h"
#include "chronon/dap/protocol.h"

namespace chronon::dap::detail {

/// The first error of `diagnostics` in `file` as "path:line:col: error: message", or "" when there is
/// none.
inline std::string firstError(const SourceFile& file, const Diagnostics& diagnostics) {
  for (const Diagnostic& d : diagnostics.all()) {
    if (d.severity != Severity::kError) continue;
    const LineColumn at = file.lineColumn(d.range.begin);
    return file.name() + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": error: " + d.message;
  }
  return {};
}

/// The `chronon/replay` response body (Debuggee::replay) at the viewer's position: `moment` (a
/// frame, chronon or step) and the robot the viewer selects, `select`; with `withReplay`, also the
/// replay under `key`: "replay" for its text, or for a Grobots round, too large to send as text,
/// "replayFile" for the path of the file that holds it.
inline nlohmann::json replayBody(int64_t moment, int64_t select, bool withReplay, const char* key,
                                 const std::string& replay) {
  nlohmann::json body{{"moment", moment}, {"select", select}};
  if (withReplay) body[key] = replay;
  return body;
}

/// A DAP Source for the file at `path` (absolute, as the Debuggees keep them): its file name and path.
inline nlohmann::json sourceOf(const std::string& path) {
  return nlohmann::json{{"name", std::filesystem::path(path).filename().string()}, {"path", path}};
}

/// `text` without the spaces and tabs at either end (an evaluate request's expression).
inline std::string trimmed(std::string text) {
  text.erase(0, text.find_first_not_of(" \t"));
  text.erase(text.find_last_not_of(" \t") + 1);
  return text;
}

/// The evaluate response body for a value shown as `text` (no children).
inline nlohmann::json evaluateResult(const std::string& text) {
  return nlohmann::json{{"result", text}, {"variablesReference", 0}};
}

/// The `reason` of a DAP `stopped` event for a session's pause.
inline const char* stopReasonName(arena::debug::StopReason reason) {
  switch (reason) {
    case arena::debug::StopReason::kEntry: return "entry";
    case arena::debug::StopReason::kStep: return "step";
    case arena::debug::StopReason::kBreakpoint: return "breakpoint";
    case arena::debug::StopReason::kFunctionBreakpoint: return "function breakpoint";
    case arena::debug::StopReason::kDataBreakpoint: return "data breakpoint";
    case arena::debug::StopReason::kException: return "exception";
  }
  return "step";
}

/// The stopped event body for a pause for `reason` at thread `threadId` (every thread stops):
/// `description` says where; `hits`, the ids of the breakpoints hit, become hitBreakpointIds when
/// there are any; `failure`, when given (a run-time error, a watch's change), is the body's text and
/// leads the description, the place following in parentheses.
inline nlohmann::json stoppedEvent(arena::debug::StopReason reason, int64_t threadId, const std::string& description,
                                   const std::vector<int>& hits, std::optional<std::string_view> failure) {
  nlohmann::json body{{"reason", stopReasonName(reason)},
                      {"threadId", threadId},
                      {"allThreadsStopped", true},
                      {"description", description}};
  if (!hits.empty()) body["hitBreakpointIds"] = hits;
  if (failure) {
    body["text"] = std::string(*failure);
    body["description"] = std::string(*failure) + " (" + description + ")";
  }
  return body;
}

/// The stopped event body a pause request answers for thread `threadId`: reason pause, every thread
/// stopped, `description` saying where that thread is.
inline nlohmann::json pauseEvent(int64_t threadId, const std::string& description) {
  return nlohmann::json{
      {"reason", "pause"}, {"threadId", threadId}, {"allThreadsStopped", true}, {"description", description}};
}

/// The scope among `scopes` (a game's Scope enum, listed once beside it) whose number is `number`, the
/// part of a variablesReference that names a scope, so that the game's variables request can switch
/// on it exhaustively. Throws RequestError naming `reference`, the whole variablesReference, when no
/// scope has that number.
template <typename Scope>
Scope scopeNamed(int64_t number, std::span<const Scope> scopes, int64_t reference) {
  for (const Scope scope : scopes)
    if (static_cast<int64_t>(scope) == number) return scope;
  throw RequestError{"unknown variablesReference " + std::to_string(reference)};
}

/// `text` as a decimal integer within `lowest`..`highest` (a setVariable request's value or a
/// variable's name that is an index), or nullopt when it is not one.
inline std::optional<int64_t> integerIn(std::string_view text, int64_t lowest, int64_t highest) {
  int64_t value = 0;
  const char* end = text.data() + text.size();
  const char* begin = text.data() + (!text.empty() && text.front() == '+' ? 1 : 0);
  const auto [stop, error] = std::from_chars(begin, end, value);
  if (text.empty() || error != std::errc{} || stop != end || value < lowest || value > highest) return std::nullopt;
  return value;
}

/// The step of a RoboWar or Grobots session (its DebugStep) that a forward request asks for: continue
/// runs on; `next` is `nextByLine`, or `nextByInstruction` with granularity "instruction" (the games
/// differ in what "over" means); stepIn goes to the next line with granularity "line" or "statement",
/// else to the next instruction; stepOut leaves the innermost call (at top level, the robot's turn).
template <typename Step>
Step forwardStep(const std::string& command, const std::string& granularity, Step nextByLine, Step nextByInstruction) {
  if (command == "next") return granularity == "instruction" ? nextByInstruction : nextByLine;
  if (command == "stepIn")
    return granularity == "line" || granularity == "statement" ? Step::kLine : Step::kInstruction;
  if (command == "stepOut") return Step::kOut;
  return Step::kContinue;
}

/// A DAP Variable without children: `name`, its value as `text`, its `type`.
inline nlohmann::json plainVariable(const std::string& name, const std::string& text, const std::string& type) {
  return nlohmann::json{{"name", name}, {"value", text}, {"type", type}, {"variablesReference", 0}};
}

/// A memory reference as DAP clients expect it: the address in hex, at least five digits ("0x0002a").
inline std::string addressText(int64_t address) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%05llx", static_cast<unsigned long long>(address));
  return text;
}

/// The instructions a disassemble request asks for: `base`, its memoryReference parsed (a number in
/// any C base, as frames' instructionPointerReferences are written); `first`, the first address within
/// its unit of `perUnit` addresses (a robot, a type; 0 for a program that is one unit, whose addresses
/// are the references themselves), offset and instructionOffset added; `count`, instructionCount.
/// Throws RequestError for a malformed reference or a count outside 0-100000.
struct DisassembleRange {
  int64_t base = 0;
  int64_t first = 0;
  int64_t count = 0;
};

inline DisassembleRange disassembleRange(const nlohmann::json& arguments, int64_t perUnit) {
  const std::string reference = stringArgument(arguments, "memoryReference");
  DisassembleRange range;
  try {
    size_t used = 0;
    range.base = std::stoll(reference, &used, 0);
    if (used != reference.size()) throw RequestError{""};
  } catch (...) {
    throw RequestError{"bad memoryReference '" + reference + "': give a frame's instructionPointerReference"};
  }
  range.count = integerArgument(arguments, "instructionCount");
  if (range.count < 0 || range.count > 100000)
    throw RequestError{"argument 'instructionCount' must be from 0 to 100000"};
  range.first = (perUnit > 0 ? range.base % perUnit : range.base) + integerArgumentOr(arguments, "offset", 0) +
                integerArgumentOr(arguments, "instructionOffset", 0);
  return range;
}

}  // namespace chronon::dap::detail
