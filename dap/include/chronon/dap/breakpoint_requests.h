#pragma once
// The breakpoints a debug client has set, as every game's Debuggee takes them (each one's
// applyBreakpoints, in robowar_features.h, grobots_features.h and robbie_features.h, resolves them
// against its own programs).

#include <map>
#include <string>
#include <vector>

namespace chronon::dap {

/// A breakpoint as a client asked for it.
struct RequestedBreakpoint {
  int id = 0;             ///< The adapter's id for it (stable while the client keeps it).
  int line = 0;           ///< Source breakpoints: the requested 1-based line.
  std::string name;       ///< Function breakpoints: the label.
  std::string condition;  ///< The condition text (docs/debugging.md "Conditions"), may be empty.
};

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
