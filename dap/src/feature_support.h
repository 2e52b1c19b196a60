#pragma once
// Small pieces the games' debug features share (features.cpp, grobots_features.cpp,
// robbie_features.cpp): the first error of a file, a plain DAP Variable, a memory reference and the
// range a disassemble request asks for.

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>

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
/// its unit of `perUnit` addresses (a robot, a type), offset and instructionOffset added; `count`,
/// instructionCount. Throws RequestError for a malformed reference or a count outside 0-100000.
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
  range.first = range.base % perUnit + integerArgumentOr(arguments, "offset", 0) +
                integerArgumentOr(arguments, "instructionOffset", 0);
  return range;
}

}  // namespace chronon::dap::detail
