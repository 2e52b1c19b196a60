#include "chronon/compiler/diagnostic.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

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

namespace {

// A registered language's codes and the prefix they are printed with.
struct DiagBlock {
  uint16_t first = 0;
  uint16_t last = 0;
  std::string prefix;
};

// Made on first use, so that a registration during static initialisation finds it.
std::vector<DiagBlock>& registeredBlocks() {
  static std::vector<DiagBlock> blocks;
  return blocks;
}

}  // namespace

void registerDiagnosticBlock(uint16_t first, uint16_t last, std::string_view prefix) {
  const std::string range = std::to_string(first) + "-" + std::to_string(last);
  if (first < kFirstRegisteredCode || first > last)
    throw std::invalid_argument("diagnostic codes " + range + ": not a range from " +
                                std::to_string(kFirstRegisteredCode) + " up");
  const bool letters = !prefix.empty() && prefix.size() <= 4 &&
                       std::all_of(prefix.begin(), prefix.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
  if (!letters || prefix == "RT" || prefix == "GB" || prefix == "RL")
    throw std::invalid_argument("diagnostic codes " + range + ": the prefix '" + std::string(prefix) +
                                "' is not 1 to 4 upper-case letters of no built-in block");
  for (const DiagBlock& block : registeredBlocks()) {
    if (first <= block.last && block.first <= last)
      throw std::invalid_argument("diagnostic codes " + range + ": they overlap " + block.prefix + "'s");
  }
  registeredBlocks().push_back(DiagBlock{first, last, std::string(prefix)});
}

std::string codeName(DiagCode code) {
  // The 6xx block belongs to Grobocode side files, the 7xx block to the Robbie Language, registered
  // blocks to their languages; every other code to RoboTalk and the shared input checks, which
  // RoboTalk users met first.
  const auto number = static_cast<unsigned>(code);
  if (number >= kFirstRegisteredCode) {
    for (const DiagBlock& block : registeredBlocks()) {
      if (number >= block.first && number <= block.last) return block.prefix + std::to_string(number);
    }
  }
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
