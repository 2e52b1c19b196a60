// Classifying a RoboTalk program's instructions and cutting it into blocks (robotalk_plan.h).

#include "robotalk_plan.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>

#include "chronon/stdlib/robotalk_words.h"

namespace chronon::jit::robotalk_detail {

namespace {

using robotalk::Op;
using robotalk::Reg;

// Constants pushed inside the block being cut, by stack depth relative to the block's entry.
using Known = std::map<int, int>;

// What RECALL and STORE reach with a quoted code, as the interpreter decides.
enum class Target : uint8_t {
  kNone,      // Not a register (an error the interpreter reports).
  kVariable,  // A user variable that lives in the brain (A-W and Z).
  kHardware,  // A register of the robot's body, reached through the host.
};

// What quoted code `code` names; `index` is its register index when it names one.
Target registerTarget(int code, int& index) {
  if (code < robotalk::kRegisterBase || code > robotalk::kRegisterBase + 99) return Target::kNone;
  index = code - robotalk::kRegisterBase;
  if (index >= robotalk::kRegisterCount) return Target::kNone;
  return robotalk::isUserVariable(index) ? Target::kVariable : Target::kHardware;
}

// The constant at relative depth `rel`, or -1 when unknown or not a valid destination in [0, size].
int destination(const Known& known, int rel, int size) {
  const auto it = known.find(rel);
  if (it == known.end() || it->second < 0 || it->second > size) return -1;
  return it->second;
}

// An operator compiled inline; its stack needs come from the word table's effect (stdlib).
PlannedOp prim(Op op, Inline word) {
  const robotalk::StackCounts counts = robotalk::info(op).counts;
  PlannedOp p;
  p.kind = OpKind::kPrim;
  p.op = op;
  p.word = word;
  p.need = counts.pops;
  p.delta = counts.pushes - counts.pops;
  return p;
}

// A stack shuffle; its cells come from the operator table's effect.
PlannedOp shuffle(Op op) {
  const Shuffle word = robotalk::shuffleOf(robotalk::info(op));
  PlannedOp p;
  p.kind = OpKind::kShuffle;
  p.op = op;
  p.need = word.pops;
  p.delta = word.pushes - word.pops;
  return p;
}

// A branch operator at relative depth `depth`: its cells from the table's effect, and its
// destinations where the block's known constants give them (a kTwoTargets branch has two, the
// second on top).
PlannedOp branch(Op op, const Known& known, int depth, int size) {
  const robotalk::OperatorInfo& row = robotalk::info(op);
  PlannedOp p;
  p.kind = OpKind::kBranch;
  p.op = op;
  p.need = row.counts.pops;
  p.delta = row.counts.pushes - row.counts.pops;
  if (row.has(robotalk::kTwoTargets)) {
    p.target = destination(known, depth - 2, size);
    p.otherwise = destination(known, depth - 1, size);
  } else {
    p.target = destination(known, depth - 1, size);
  }
  return p;
}

// How native code handles `cell` at relative depth `depth` with the block's known constants.
PlannedOp classify(const robotalk::Cell& cell, const Known& known, int depth, int size) {
  PlannedOp stepped;
  stepped.op = cell.op;
  if (cell.push) {
    PlannedOp p;
    p.kind = OpKind::kPush;
    p.value = cell.value;
    p.delta = 1;
    return p;
  }
  if (cell.unknown) return stepped;
  switch (cell.op) {
    // The pure operators (robotalk_semantics.def): native code calls their word functions.
    // clang-format off
#define ROBOTALK_INLINE_WORD(Name, ...) case Op::Name: return prim(cell.op, Inline::Entry);
#define ROBOTALK_CALLED_WORD(Name, ...) ROBOTALK_INLINE_WORD(Name)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
    // The machine operators (robotalk_semantics.def).
#define ROBOTALK_INLINE_WORD(Name, ...)
#define ROBOTALK_CALLED_WORD(Name, ...)
#define ROBOTALK_MACHINE_WORD(Name, ...) case Op::Name: return prim(cell.op, Inline::Entry);
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_MACHINE_WORD
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
    // The stack shuffles (robotalk_semantics.def).
#define ROBOTALK_SHUFFLE_WORD(Name) case Op::Name: return shuffle(cell.op);
#define ROBOTALK_INLINE_WORD(Name, ...)
#define ROBOTALK_CALLED_WORD(Name, ...)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
#undef ROBOTALK_SHUFFLE_WORD
      // clang-format on
    case Op::Nop:
    case Op::Beep:
      // clang-format off
#define CHRONON_SILENT_CASE(name) case Op::name:
    CHRONON_ROBOTALK_SILENT_OPERATORS(CHRONON_SILENT_CASE)
#undef CHRONON_SILENT_CASE
      // clang-format on
      return prim(cell.op, Inline::NoEffect);
    case Op::Recall:
    case Op::Store: {
      // A register quoted in this block is compiled: a user variable inline, a hardware register
      // as a direct call to the host (which may fail, fire weapons or enter a RANGE/RADAR handler;
      // native code checks after the call). Any other code goes to the interpreter's step, in the
      // middle of the block.
      const auto it = known.find(depth - 1);
      int index = 0;
      const Target target = it == known.end() ? Target::kNone : registerTarget(it->second, index);
      const bool recall = cell.op == Op::Recall;
      const robotalk::StackCounts counts = robotalk::info(cell.op).counts;
      PlannedOp p;
      p.op = cell.op;
      p.index = index;
      p.need = counts.pops;
      p.delta = counts.pushes - counts.pops;
      switch (target) {
        case Target::kNone: p.kind = OpKind::kCall; break;
        case Target::kVariable: p.kind = recall ? OpKind::kVarRead : OpKind::kVarWrite; break;
        case Target::kHardware: p.kind = recall ? OpKind::kHwRead : OpKind::kHwWrite; break;
      }
      return p;
    }
    // clang-format off
#define CHRONON_BRANCH_CASE(name) case Op::name:
    CHRONON_ROBOTALK_BRANCH_OPERATORS(CHRONON_BRANCH_CASE)
#undef CHRONON_BRANCH_CASE
      // clang-format on
      return branch(cell.op, known, depth, size);
    case Op::Sync: {
      PlannedOp p;
      p.kind = OpKind::kSync;
      p.op = cell.op;
      return p;
    }
    case Op::Roll:
    case Op::Dropall:
    case Op::End:
    case Op::Inton:
    case Op::Intoff:
    case Op::Rti:
    case Op::Setint:
    case Op::Setparam:
    case Op::Flushint:
    case Op::Mrb: return stepped;
  }
  return stepped;
}

// The abstract effect of compiled instruction `op` on the known constants.
void applyEffect(const PlannedOp& op, Known& known, int& depth) {
  if (op.kind == OpKind::kPush) {
    known[depth++] = op.value;
    return;
  }
  if (op.kind == OpKind::kShuffle) {
    // The known constants move as the cells do.
    const Shuffle word = robotalk::shuffleOf(robotalk::info(op.op));
    const int base = depth - word.pops;
    std::array<std::optional<int>, kMaxShuffleItems> in{};
    for (int i = 0; i < word.pops; ++i)
      if (const auto it = known.find(base + i); it != known.end()) in[static_cast<size_t>(i)] = it->second;
    known.erase(known.lower_bound(base), known.end());
    for (int i = 0; i < word.pushes; ++i)
      if (const std::optional<int> v = in[word.from[static_cast<size_t>(i)]]) known[base + i] = *v;
    depth = base + word.pushes;
    return;
  }
  // Everything else replaces what it read with values unknown here.
  known.erase(known.lower_bound(depth - op.need), known.end());
  depth += op.delta;
}

// Whether the instruction at `at` uses the code or destination the push just before it quoted, so
// that a block starting at `at` would no longer know it (a RECALL or STORE would go to the
// interpreter's step, a branch to the dispatch).
bool usesPushBefore(const robotalk::Bytecode& code, size_t at) {
  if (at == 0 || !code.cells[at - 1].push) return false;
  const robotalk::Cell& cell = code.cells[at];
  if (cell.push || cell.unknown) return false;
  // RECALL, STORE and the branch operators (the interrupt words' codes are the interpreter's).
  const robotalk::OperatorInfo& row = robotalk::info(cell.op);
  return (row.has(robotalk::kVariable) || row.has(robotalk::kBranch)) && !row.has(robotalk::kInterrupt);
}

// Cuts the program with the given leaders; collects the constant branch destinations in `targets`.
Plan cut(const robotalk::Bytecode& code, const std::vector<bool>& leaders, std::vector<int>& targets) {
  const int size = static_cast<int>(code.cells.size());
  Plan plan;
  plan.ops.resize(static_cast<size_t>(size));
  plan.blockAt.assign(static_cast<size_t>(size) + 1, -1);
  int at = 0;
  while (at < size) {
    Block block;
    block.start = at;
    Known known;
    int depth = 0;
    int cost = 0;
    for (;;) {
      const robotalk::Cell& cell = code.cells[static_cast<size_t>(at)];
      PlannedOp op = classify(cell, known, depth, size);
      op.cost = cell.cost;
      plan.ops[static_cast<size_t>(at)] = op;
      block.leadCost = cost;
      cost += op.cost;
      ++at;
      if (op.kind == OpKind::kStep) {
        // An interrupt enters the handler SETINT names at its address, so a known one starts a block.
        if (!cell.push && !cell.unknown && cell.op == Op::Setint) {
          const int handler = destination(known, depth - 2, size);
          if (handler >= 0) targets.push_back(handler);
        }
        block.stepsLast = true;
        break;
      }
      block.needBelow = std::max(block.needBelow, op.need - depth);
      if (op.cost == 0) ++block.freeCount;
      if (op.kind == OpKind::kBranch) {
        if (op.target >= 0) targets.push_back(op.target);
        if (op.otherwise >= 0) targets.push_back(op.otherwise);
        break;
      }
      if (op.kind == OpKind::kSync) break;
      applyEffect(op, known, depth);
      block.growAbove = std::max(block.growAbove, depth);
      if (at >= size || leaders[static_cast<size_t>(at)]) break;
      // A length cut never falls between a push and the word that uses it: in the next block the
      // quote would be unknown and the interpreter would run the access (and end that block), so
      // `k 1 + k' store` loops would step one access in every block.
      if (at - block.start >= kMaxBlockLength && !usesPushBefore(code, static_cast<size_t>(at))) break;
    }
    block.end = at;
    plan.blockAt[static_cast<size_t>(block.start)] = static_cast<int>(plan.blocks.size());
    plan.blocks.push_back(block);
  }
  return plan;
}

}  // namespace

Plan planProgram(const robotalk::Bytecode& code, const std::vector<bool>& starts) {
  const size_t size = code.cells.size();
  std::vector<bool> leaders(size + 1, false);
  leaders[0] = true;
  for (size_t at = 0; at < size && at < starts.size(); ++at) {
    if (starts[at] && !usesPushBefore(code, at)) leaders[at] = true;
  }
  // Each round adds the destinations the previous cut found; a finer cut finds no new constant
  // destination that a coarser one missed except across a length cut, so a few rounds settle it.
  constexpr int kRounds = 3;
  Plan plan;
  for (int round = 0; round < kRounds; ++round) {
    std::vector<int> targets;
    plan = cut(code, leaders, targets);
    bool added = false;
    for (const int t : targets) {
      if (static_cast<size_t>(t) < size && !leaders[static_cast<size_t>(t)]) {
        leaders[static_cast<size_t>(t)] = true;
        added = true;
      }
    }
    if (!added) return plan;
  }
  std::vector<int> ignored;
  return cut(code, leaders, ignored);
}

}  // namespace chronon::jit::robotalk_detail
