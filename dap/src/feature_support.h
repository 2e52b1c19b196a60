#pragma once
// Small pieces the games' debug features share (features.cpp, grobots_features.cpp,
// robbie_features.cpp): the first error of a file, a plain DAP Variable, a memory reference.

#include <cstdint>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/source.h"

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

}  // namespace chronon::dap::detail
