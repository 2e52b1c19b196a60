// The Grobocode disassembler (see grobocode_disasm.h).

#include "chronon/compiler/grobocode_disasm.h"

#include <cstdio>
#include <map>
#include <vector>

namespace chronon::grobocode {

std::string disassembleBrain(const Program& brain) {
  std::string out;
  const size_t count = brain.instructions.size();
  out += "; " + std::to_string(count) + " instructions, start at " + std::to_string(brain.startAddress()) + "\n";
  // Labels by address; a label may also name the address just past the code.
  std::multimap<int32_t, const Label*> labelsAt;
  for (const Label& label : brain.labels) labelsAt.emplace(label.address, &label);
  auto printLabels = [&](int32_t address) {
    const auto [first, last] = labelsAt.equal_range(address);
    for (auto it = first; it != last; ++it) {
      out += it->second->gensym ? "; " + it->second->name + ":\n" : it->second->name + ":\n";
    }
  };
  for (size_t pc = 0; pc < count; ++pc) {
    printLabels(static_cast<int32_t>(pc));
    const Instruction& in = brain.instructions[pc];
    char prefix[48];
    std::snprintf(prefix, sizeof prefix, "  %5zu  0x%04X  ", pc, static_cast<unsigned>(in.word));
    out += prefix;
    out += describe(brain, in);
    out += "\n";
  }
  printLabels(static_cast<int32_t>(count));
  return out;
}

namespace {

// The name without the trailing blanks the side reader keeps (§6.2).
std::string_view trimmed(std::string_view name) {
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
  return name;
}

}  // namespace

std::optional<std::string> disassembleSide(const Side& side, std::optional<std::string_view> typeName) {
  std::string out;
  bool found = false;
  for (const Type& type : side.types) {
    if (typeName && !namesEquivalent(trimmed(type.name), trimmed(*typeName))) continue;
    found = true;
    out += "#type " + type.name + "\n";
    out += type.brain ? disassembleBrain(*type.brain) : std::string("; no brain\n");
  }
  if (typeName && !found) return std::nullopt;
  return out;
}

}  // namespace chronon::grobocode
