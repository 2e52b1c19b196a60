// The RoboTalk disassembler (compiler/include/chronon/compiler/robotalk_disasm.h).

#include "chronon/compiler/robotalk_disasm.h"

#include <cstdio>
#include <set>
#include <unordered_map>

namespace chronon::robotalk {
namespace {

/// True when a reference written as `name` would resolve to a label: operators and numbers come
/// first in the resolution order (specs/robowar.md §3.2).
bool referenceable(std::string_view name) {
  if (name.empty()) return false;
  const std::string u = upperAscii(name);
  if (const OperatorInfo* op = lookupOperator(u); op != nullptr && !op->has(kInternal)) return false;
  size_t i = (u[0] == '+' || u[0] == '-') ? 1 : 0;
  if (i < u.size() && u.find_first_not_of("0123456789", i) == std::string::npos) return false;
  return true;
}

bool isBranchWithOneTarget(int16_t word) {
  const OperatorInfo* op = findOperator(static_cast<uint16_t>(word));
  return op != nullptr && op->has(kBranch) && !op->has(kTwoTargets);
}

bool isBranchWithTwoTargets(int16_t word) {
  const OperatorInfo* op = findOperator(static_cast<uint16_t>(word));
  return op != nullptr && op->has(kTwoTargets);
}

/// The state of one disassembly: which words are label references and which labels exist.
struct Plan {
  std::map<uint16_t, std::string> labels;  ///< Address → printed name.
  std::set<size_t> references;             ///< Indices of literals printed as a label name.
  std::set<std::string> labelNamesUpper;   ///< For the register-shadowing test.
};

Plan plan(const Program& program) {
  Plan p;
  const size_t size = program.code.size();
  if (!program.labels.empty()) {
    std::unordered_map<uint16_t, std::string> byAddress;
    for (const Label& label : program.labels) {
      p.labelNamesUpper.insert(upperAscii(label.name));
      if (label.address <= size && referenceable(label.name) && !byAddress.count(label.address)) {
        byAddress.emplace(label.address, label.name);
      }
    }
    for (const auto& [address, name] : byAddress) p.labels.emplace(address, name);
    for (size_t i = 0; i < size; ++i) {
      const Instruction& insn = program.code[i];
      if (insn.origin == Origin::kLabelReference && insn.word >= 0 &&
          p.labels.count(static_cast<uint16_t>(insn.word))) {
        p.references.insert(i);
      }
    }
    return p;
  }
  const auto target = [&](size_t at) {
    if (at >= size) return;
    const int16_t w = program.code[at].word;
    if (classify(w) != WordKind::kNumber || w < 0 || static_cast<size_t>(w) >= size) return;
    p.references.insert(at);
    p.labels.emplace(static_cast<uint16_t>(w), "L" + std::to_string(w));
  };
  for (size_t j = 1; j < size; ++j) {
    const int16_t w = program.code[j].word;
    if (isBranchWithOneTarget(w)) {
      target(j - 1);
    } else if (isBranchWithTwoTargets(w)) {
      target(j - 1);
      if (j >= 2) target(j - 2);
    } else if (w == static_cast<int16_t>(Op::Setint) && j >= 2 &&
               classify(program.code[j - 1].word) == WordKind::kRegister) {
      target(j - 2);
    }
  }
  return p;
}

std::string wordText(int16_t word) {
  switch (classify(word)) {
    case WordKind::kOperator: {
      const OperatorInfo* op = findOperator(static_cast<uint16_t>(word));
      if (op->has(kInternal)) return std::to_string(word);
      return std::string(op->name);
    }
    case WordKind::kRegister: {
      const RegisterInfo* reg = findRegister(word - static_cast<int>(kRegisterBase));
      if (reg == nullptr) return std::to_string(word);
      return std::string(reg->name) + "'";
    }
    case WordKind::kNumber: return std::to_string(word);
  }
  return std::to_string(word);
}

std::string listing(const Program& program, const Plan& p) {
  std::string out;
  for (size_t i = 0; i < program.code.size(); ++i) {
    if (auto label = p.labels.find(static_cast<uint16_t>(i)); label != p.labels.end()) out += label->second + ":\n";
    const int16_t w = program.code[i].word;
    std::string text = wordText(w);
    if (p.references.count(i)) text = p.labels.at(static_cast<uint16_t>(w));
    char prefix[40];
    std::snprintf(prefix, sizeof prefix, "%05zu  %6d  ", i, static_cast<int>(w));
    out += prefix + text + "\n";
  }
  if (auto label = p.labels.find(static_cast<uint16_t>(program.code.size())); label != p.labels.end()) {
    out += label->second + ":\n";
  }
  return out;
}

std::string source(const Program& program, const Plan& p) {
  std::string out = "{ Disassembly of \"" + program.name + "\": " + std::to_string(program.code.size()) +
                    " words including the final END.\n"
                    "  Re-assembling this text gives back the same words; \"#@n\" comments give the address\n"
                    "  of the first token on each line. }\n";
  size_t count = program.code.size();
  if (count > 0 && program.code.back().word == static_cast<int16_t>(Op::End)) --count;
  std::string line;
  size_t lineStart = 0;
  const auto flush = [&] {
    if (line.empty()) return;
    out += "#@" + std::to_string(lineStart) + "\n" + line + "\n";
    line.clear();
  };
  const auto emitLabel = [&](size_t at) {
    auto label = p.labels.find(static_cast<uint16_t>(at));
    if (label == p.labels.end() || at > 0xFFFF) return;
    flush();
    out += label->second + ":\n";
  };
  for (size_t i = 0; i < count;) {
    emitLabel(i);
    const int16_t w = program.code[i].word;
    std::string text;
    size_t used = 1;
    if (p.references.count(i)) {
      text = p.labels.at(static_cast<uint16_t>(w));
    } else if (classify(w) == WordKind::kRegister && i + 1 < count &&
               program.code[i + 1].word == static_cast<int16_t>(Op::Recall) &&
               !p.labels.count(static_cast<uint16_t>(i + 1)) &&
               findRegister(w - static_cast<int>(kRegisterBase)) != nullptr) {
      const RegisterInfo* reg = findRegister(w - static_cast<int>(kRegisterBase));
      if (!p.labelNamesUpper.count(std::string(reg->name))) {
        text = std::string(reg->name);
        used = 2;
      } else {
        text = wordText(w);
      }
    } else {
      text = wordText(w);
      if (w < -kMaxLiteral) text += " # (cannot be written in RoboTalk; will not re-assemble)\n";
    }
    if (line.empty()) lineStart = i;
    if (!line.empty()) line += ' ';
    line += text;
    if (line.size() >= 64 || text.back() == '\n') {
      if (line.back() == '\n') line.pop_back();
      flush();
    }
    i += used;
  }
  flush();
  emitLabel(count);
  if (count < program.code.size()) {
    // The trailing END is implicit; anything after it (object code with words past an END) is printed
    // by the loop only when it is not the final word.
  } else if (!program.code.empty()) {
    out += "# The object code does not end with END; the assembler will append one.\n";
  }
  return out;
}

}  // namespace

std::map<uint16_t, std::string> labelNames(const Program& program) { return plan(program).labels; }

std::string disassemble(const Program& program, DisasmMode mode) {
  const Plan p = plan(program);
  switch (mode) {
    case DisasmMode::kListing: return listing(program, p);
    case DisasmMode::kSource: return source(program, p);
  }
  return {};
}

}  // namespace chronon::robotalk
