#include "chronon/compiler/diagnostic.h"

#include <algorithm>

namespace chronon {

Diagnostic& Diagnostics::add(DiagCode code, Severity severity, SourceRange range, std::string message) {
  items_.push_back(Diagnostic{code, severity, range, std::move(message), {}, {}});
  return items_.back();
}

bool Diagnostics::hasErrors() const { return errorCount() != 0; }

size_t Diagnostics::errorCount() const {
  return static_cast<size_t>(
      std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) { return d.severity == Severity::kError; }));
}

void Diagnostics::append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

void Diagnostics::sortByPosition() {
  std::stable_sort(items_.begin(), items_.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
}

std::string_view severityName(Severity severity) {
  switch (severity) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kNote: return "note";
  }
  return "error";
}

std::string codeName(DiagCode code) {
  // The 6xx block belongs to Grobocode side files, the 7xx block to the Robbie Language; every other
  // code to RoboTalk and the shared input checks, which RoboTalk users met first.
  const auto number = static_cast<unsigned>(code);
  const char* prefix = number >= 600 && number < 700 ? "GB" : number >= 700 && number < 800 ? "RL" : "RT";
  return prefix + std::to_string(number);
}

namespace {
std::string location(const SourceFile& file, uint32_t offset) {
  const LineColumn lc = file.lineColumn(offset);
  return file.name() + ":" + std::to_string(lc.line) + ":" + std::to_string(lc.column);
}
}  // namespace

std::string render(const SourceFile& file, const Diagnostic& diagnostic) {
  std::string out = location(file, diagnostic.range.begin);
  out += ": ";
  out += severityName(diagnostic.severity);
  out += ": ";
  out += diagnostic.message;
  out += " [" + codeName(diagnostic.code) + "]\n";
  for (const DiagNote& note : diagnostic.notes) {
    out += note.hasRange ? location(file, note.range.begin) : location(file, diagnostic.range.begin);
    out += ": note: " + note.message + "\n";
  }
  return out;
}

std::string render(const SourceFile& file, const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics.all()) out += render(file, d);
  return out;
}

}  // namespace chronon
