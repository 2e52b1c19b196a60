#include "chronon/compiler/robotalk_ir.h"

#include <algorithm>

namespace chronon::robotalk {

std::string_view valueKindName(ValueKind kind) {
  switch (kind) {
    case ValueKind::kNumber: return "number";
    case ValueKind::kVariable: return "variable reference";
    case ValueKind::kCode: return "code address";
    case ValueKind::kReturn: return "return address";
    case ValueKind::kUnknown: return "unknown value";
  }
  return "unknown value";
}

const OperatorInfo* operatorOf(const Instruction& insn) {
  if (classify(insn.word) != WordKind::kOperator) return nullptr;
  return findOperator(static_cast<uint16_t>(insn.word));
}

bool isBranch(const Instruction& insn) {
  const OperatorInfo* op = operatorOf(insn);
  return op != nullptr && op->has(kBranch);
}

int addressOperands(const OperatorInfo& op) {
  if (!op.has(kBranch)) return 0;
  return op.has(kTwoTargets) ? 2 : 1;
}

namespace {

// True when the word at `address` pushes itself: a literal or a label reference.
bool isPush(const Program& program, size_t address) {
  return classify(program.code[address].word) == WordKind::kNumber;
}

}  // namespace

ControlFlowGraph buildControlFlowGraph(const Program& program) {
  ControlFlowGraph cfg;
  const size_t size = program.code.size();
  cfg.constantTargets.assign(size, std::nullopt);
  cfg.blockOf.assign(size, 0);
  if (size == 0) return cfg;

  std::vector<bool> labelled(size, false);
  for (const Label& label : program.labels) {
    if (label.address < size) labelled[label.address] = true;
  }

  // A branch has constant targets when its operands are pushed right before it and nothing jumps
  // between those pushes and the branch. A constant target can itself land there, which withdraws
  // that branch's constancy, so repeat until nothing changes; each round withdraws at least one
  // branch, and real programs settle in one round.
  std::vector<bool> entered = labelled;
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = 0; i < size; ++i) {
      const OperatorInfo* op = operatorOf(program.code[i]);
      const int operands = op == nullptr ? 0 : addressOperands(*op);
      cfg.constantTargets[i].reset();
      if (operands == 0 || i < static_cast<size_t>(operands)) continue;
      bool constant = true;
      for (int k = 1; k <= operands && constant; ++k) {
        constant = isPush(program, i - static_cast<size_t>(k));
      }
      for (int k = 0; k < operands && constant; ++k) {
        constant = !entered[i - static_cast<size_t>(k)];
      }
      if (!constant) continue;
      ConstantTargets targets;
      // The deeper operand is the true target of IFE/IFEG ("cond a b IFE": a when cond is non-zero).
      for (int k = operands; k >= 1; --k) {
        const int16_t word = program.code[i - static_cast<size_t>(k)].word;
        if (word < 0) continue;  // Jumping outside the program kills the robot: no edge.
        targets.targets.push_back(static_cast<uint16_t>(word));
      }
      cfg.constantTargets[i] = std::move(targets);
    }
    for (size_t i = 0; i < size; ++i) {
      if (!cfg.constantTargets[i]) continue;
      for (uint16_t target : cfg.constantTargets[i]->targets) {
        if (target < size && !entered[target]) {
          entered[target] = true;
          changed = true;
        }
      }
    }
  }

  std::vector<bool> leader = entered;
  leader[0] = true;
  for (size_t i = 0; i + 1 < size; ++i) {
    const OperatorInfo* op = operatorOf(program.code[i]);
    if (op != nullptr && (op->has(kBranch) || op->has(kTerminator))) leader[i + 1] = true;
  }

  for (size_t i = 0; i < size; ++i) {
    if (leader[i]) {
      if (!cfg.blocks.empty()) cfg.blocks.back().end = static_cast<uint32_t>(i);
      BasicBlock block;
      block.begin = static_cast<uint32_t>(i);
      cfg.blocks.push_back(block);
    }
    cfg.blockOf[i] = static_cast<uint32_t>(cfg.blocks.size() - 1);
  }
  cfg.blocks.back().end = static_cast<uint32_t>(size);

  for (size_t b = 0; b < cfg.blocks.size(); ++b) {
    BasicBlock& block = cfg.blocks[b];
    const size_t last = block.end - 1;
    const OperatorInfo* op = operatorOf(program.code[last]);
    const bool hasNext = block.end < size;
    auto addEdge = [&](size_t address, EdgeKind kind) {
      if (address >= size) return;
      const uint32_t to = cfg.blockOf[address];
      const Edge edge{to, kind};
      if (std::find_if(block.successors.begin(), block.successors.end(), [&](const Edge& e) {
            return e.block == edge.block && e.kind == edge.kind;
          }) != block.successors.end()) {
        return;
      }
      block.successors.push_back(edge);
    };
    if (op == nullptr || !op->has(kBranch)) {
      if (hasNext && (op == nullptr || !op->has(kTerminator))) addEdge(last + 1, EdgeKind::kFallThrough);
      continue;
    }
    // A conditional branch with one target (IF, IFG) goes on when its flag is clear; a call returns
    // to the next instruction.
    if (!op->has(kTerminator)) addEdge(last + 1, EdgeKind::kFallThrough);
    if (op->has(kCall) && hasNext) addEdge(last + 1, EdgeKind::kReturnSite);
    if (!cfg.constantTargets[last]) {
      // JUMP also serves as RETURN and RTI usually returns to the interrupted code: their target is
      // a return address, known only to the analysis, if at all.
      block.computedTarget = true;
      continue;
    }
    for (uint16_t target : cfg.constantTargets[last]->targets) {
      addEdge(target, op->has(kCall) ? EdgeKind::kCall : EdgeKind::kJump);
    }
  }
  for (size_t b = 0; b < cfg.blocks.size(); ++b) {
    for (const Edge& edge : cfg.blocks[b].successors) {
      cfg.blocks[edge.block].predecessors.push_back(Edge{static_cast<uint32_t>(b), edge.kind});
    }
  }
  return cfg;
}

std::string formatDepth(const InstructionFacts& facts) {
  if (!facts.reached) return "[unreached]";
  switch (facts.base) {
    case DepthBase::kEntry:
      if (facts.minDepth == facts.maxDepth) return "[" + std::to_string(facts.minDepth) + "]";
      return "[" + std::to_string(facts.minDepth) + ".." + std::to_string(facts.maxDepth) + "]";
    case DepthBase::kRelative: {
      auto signedText = [](int n) { return (n > 0 ? "+" : "") + std::to_string(n); };
      if (facts.minDepth == facts.maxDepth) return "[" + signedText(facts.minDepth) + " rel]";
      return "[" + signedText(facts.minDepth) + ".." + signedText(facts.maxDepth) + " rel]";
    }
    case DepthBase::kUnknown:
      if (!facts.reachedFromStart) return "[?]";
      if (facts.startMin == facts.startMax) return "[" + std::to_string(facts.startMin) + " from start]";
      return "[" + std::to_string(facts.startMin) + ".." + std::to_string(facts.startMax) + " from start]";
  }
  return "[?]";
}

}  // namespace chronon::robotalk
