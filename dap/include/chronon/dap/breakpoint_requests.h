#pragma once
// The breakpoints a debug client has set, as every game's Debuggee takes them (each one's
// applyBreakpoints, in robowar_features.h, grobots_features.h and robbie_features.h, resolves them
// against its own programs).

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chronon::dap {

/// A breakpoint's hit condition, as debugpy and VS Code read one: a count compared with how many
/// times the breakpoint has been hit (its condition true), this hit included.
struct HitCondition {
  /// How the count is compared with `n`.
  enum class Compare : uint8_t {
    kEqual,         ///< "N" or "== N": the Nth hit only.
    kGreater,       ///< "> N".
    kGreaterEqual,  ///< ">= N".
    kLess,          ///< "< N".
    kLessEqual,     ///< "<= N".
    kMultiple,      ///< "% N": every Nth hit.
  };
  Compare compare = Compare::kEqual;  ///< The comparison.
  int64_t n = 0;                      ///< The number compared with.

  /// True when the `count`th hit (1 for the first) stops.
  bool matches(int64_t count) const;
};

/// Parses a hit condition ("5", "== 5", ">= 5", "> 5", "<= 5", "< 5", "% 5"; blanks anywhere
/// between). Returns nullopt with a message in `error` for any other text, or for "% 0".
std::optional<HitCondition> parseHitCondition(std::string_view text, std::string& error);

/// A breakpoint as a client asked for it.
struct RequestedBreakpoint {
  int id = 0;             ///< The adapter's id for it (stable while the client keeps it).
  int line = 0;           ///< Source breakpoints: the requested 1-based line.
  std::string name;       ///< Function breakpoints: the label.
  std::string condition;  ///< The condition text (docs/debugging.md "Conditions"), may be empty.
  /// The hit condition, when the client gave one (the adapter refuses one that does not parse).
  std::optional<HitCondition> hitCondition;
  /// A log point's message (with `{expression}` parts), when the client gave one: a hit prints it
  /// and does not stop.
  std::optional<std::string> logMessage;
};

/// The text of log point message `message` with each `{expression}` replaced by what `evaluate`
/// gives for it ("{{" and "}}" stand for braces; an unclosed brace is kept as it is).
std::string interpolateLogMessage(std::string_view message,
                                  const std::function<std::string(const std::string& expression)>& evaluate);

/// A data breakpoint as a client asked for it (setDataBreakpoints).
struct RequestedWatch {
  int id = 0;          ///< The adapter's id for it.
  std::string dataId;  ///< The dataId dataBreakpointInfo gave: "ROBOT:VARIABLE", e.g. "0:A".
};

/// Every breakpoint the client has set: source breakpoints by absolute path, function breakpoints,
/// data breakpoints.
struct BreakpointRequests {
  std::map<std::string, std::vector<RequestedBreakpoint>> lines;
  std::vector<RequestedBreakpoint> functions;
  std::vector<RequestedWatch> data;
};

/// The absolute form of `path`, as robots' paths are kept (for matching breakpoint sources).
std::string absolutePath(const std::string& path);

}  // namespace chronon::dap
