#include "chronon/compiler/robotalk_checker.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace chronon::robotalk {
namespace {

// Kinds of this many top cells are tracked; deeper cells count as unknown. Enough for every
// operator's operands (IFE and ROLL with small counts) while keeping states small.
constexpr size_t kTrackedCells = 8;
// A loop head whose depth grows this many times along back edges is widened to the full stack.
constexpr int kWidenAfter = 3;
constexpr uint32_t kNoInstruction = std::numeric_limits<uint32_t>::max();

// One abstract stack cell: a kind and, when known, its value. For return addresses the value is the
// analysis context whose entry pushed it (so RETURN knows which call it returns from).
struct Value {
  ValueKind kind = ValueKind::kUnknown;
  bool constant = false;
  int32_t value = 0;
  bool operator==(const Value&) const = default;
};

Value joinValues(const Value& a, const Value& b) {
  if (a == b) return a;
  if (a.kind == b.kind) return Value{a.kind, false, 0};
  return Value{};
}

// The abstract stack before an instruction. `lo..hi` is the depth range counted from `base`:
// absolute (kEntry), relative to the enclosing context's entry (kRelative), or meaningless (kUnknown).
struct State {
  DepthBase base = DepthBase::kUnknown;
  int lo = 0;
  int hi = 0;
  std::vector<Value> top;  // Top of the stack last.
  // kRelative: the deepest cell below the context's entry that every path to here has read, as a
  // depth (<= 0). It is what a subroutine certainly takes from under its return address, which its
  // callers must have.
  int floor = 0;
  bool operator==(const State&) const = default;
};

State joinStates(const State& a, const State& b) {
  State out;
  out.base = a.base == b.base ? a.base : DepthBase::kUnknown;
  out.lo = std::min(a.lo, b.lo);
  out.hi = std::max(a.hi, b.hi);
  out.floor = std::max(a.floor, b.floor);  // What every path has read: the shallower of the two.
  if (out.base == DepthBase::kUnknown) out.lo = out.hi = out.floor = 0;
  const size_t common = std::min(a.top.size(), b.top.size());
  out.top.resize(common);
  for (size_t k = 0; k < common; ++k) {
    out.top[common - 1 - k] = joinValues(a.top[a.top.size() - 1 - k], b.top[b.top.size() - 1 - k]);
  }
  return out;
}

enum class ContextKind : uint8_t { kMain, kSubroutine, kHandler, kOrphan };

// A state at a block entry in one context, with the bookkeeping for widening.
struct Slot {
  State state;
  int grows = 0;
  int shrinks = 0;
  bool queued = false;
  bool widened = false;
  uint32_t widenedFrom = kNoInstruction;  // The back edge's branch that made the loop grow.
};

// An analysis context: the code reachable from one entry (the robot's start, a subroutine, an
// interrupt handler, or code reached only by computed jumps), analysed relative to that entry.
struct Context {
  ContextKind kind = ContextKind::kMain;
  uint32_t entry = 0;
  State seed;
  std::unordered_map<uint32_t, Slot> slots;            // By block index.
  std::optional<State> returned;                       // Subroutines: the state after RETURN pops our address.
  int deepest = 0;                                     // Most cells below the entry touched (<= 0).
  std::vector<std::pair<uint32_t, uint32_t>> callers;  // (context, block) applying our effect.
  std::unordered_set<uint64_t> callerSet;
};

// What the final pass learns about one instruction, over every context that reaches it.
struct Record {
  uint32_t reached = 0;     // Contexts reaching the instruction.
  uint32_t underflows = 0;  // Of those, how many underflow for certain.
  uint32_t overflows = 0;   // Of those, how many overflow for certain.
  bool dupOnEmpty = false;
  bool storeBad = false;
  Value storeValue;
  // STORE into a register the original ignores writes to (RT409).
  const RegisterInfo* storeReadOnly = nullptr;
  // STORE, SETINT or SETPARAM whose target is the value of the unquoted variable at this
  // instruction (the manual's "quote it" mistake, RT411); kNoInstruction when not.
  uint32_t storeUnquoted = kNoInstruction;
  // A subroutine's RETURN (JUMP) to a number with its return address this many cells below (RT412).
  int returnBuried = -1;
  bool arithmeticBad = false;
  Value arithmeticValue;
  bool computed = false;
  bool reachedEnd = false;
  int needed = 0;     // Cells the instruction needs (for messages).
  int depthSeen = 0;  // Largest depth seen when it underflowed.
  // A call whose callee reads, on every path that returns, more cells under its return address
  // than can be on the stack: how many it reads, and the most there can be.
  int calleeNeeds = 0;
  int calleeDepthSeen = -1;
  InstructionFacts facts;
  int factsContext = -1;  // The context of relative facts (facts from two contexts are unknown).
};

// One edge into a block, seen in the final pass (for RT401).
struct Incoming {
  uint32_t from = kNoInstruction;
  State state;
  bool viaReturn = false;  // The edge from a call to the instruction after it, when the callee returns.
};

class Analyzer {
 public:
  explicit Analyzer(const Program& program) : program_(program), cfg_(buildControlFlowGraph(program)) {
    size_ = program.code.size();
    budget_ = 40 * size_ + 20000;
    records_.resize(size_);
    reachedBlock_.assign(cfg_.blocks.size(), false);
  }

  void run() {
    if (size_ == 0) return;
    State start;
    start.base = DepthBase::kEntry;
    newContext(ContextKind::kMain, 0, start);
    // Code not reached from the start, a subroutine or a handler is reachable only through computed
    // jumps (or is dead); each such leader starts its own context at an unknown depth.
    size_t scan = 0;
    while (true) {
      drain();
      if (!complete_) return;
      // The trailing END is never a sensible computed target; starting there would only report it.
      while (scan < cfg_.blocks.size() &&
             (reachedBlock_[scan] || operatorOf(program_.code[cfg_.blocks[scan].begin]) == &info(Op::End))) {
        ++scan;
      }
      if (scan == cfg_.blocks.size()) break;
      State unknown;
      unknown.base = DepthBase::kRelative;
      newContext(ContextKind::kOrphan, cfg_.blocks[scan].begin, unknown);
    }
    finalPass();
  }

  Analysis result() {
    Analysis analysis;
    analysis.complete = complete_;
    analysis.blockVisits = visits_;
    analysis.facts.resize(size_);
    for (size_t i = 0; i < size_; ++i) analysis.facts[i] = records_[i].facts;
    for (const Context& ctx : contexts_) {
      if (ctx.kind != ContextKind::kSubroutine) continue;
      SubroutineEffect effect;
      effect.address = static_cast<uint16_t>(ctx.entry);
      effect.deepest = ctx.deepest;
      if (ctx.returned) {
        effect.returns = true;
        effect.exact = ctx.returned->base == DepthBase::kRelative;
        effect.minNet = ctx.returned->lo;
        effect.maxNet = ctx.returned->hi;
        effect.inputs = effect.exact ? -ctx.returned->floor : 0;
      }
      analysis.subroutines.push_back(effect);
    }
    std::sort(analysis.subroutines.begin(), analysis.subroutines.end(),
              [](const SubroutineEffect& a, const SubroutineEffect& b) { return a.address < b.address; });
    analysis.cfg = std::move(cfg_);
    return analysis;
  }

  // Diagnostics-only view after run().
  const std::vector<Record>& records() const { return records_; }

  const std::map<uint64_t, std::vector<Incoming>>& incoming() const { return incoming_; }
  const std::vector<Context>& contexts() const { return contexts_; }
  const ControlFlowGraph& cfg() const { return cfg_; }
  bool complete() const { return complete_; }

 private:
  uint32_t newContext(ContextKind kind, uint32_t entry, const State& seed) {
    const uint32_t id = static_cast<uint32_t>(contexts_.size());
    Context ctx;
    ctx.kind = kind;
    ctx.entry = entry;
    ctx.seed = seed;
    contexts_.push_back(std::move(ctx));
    propagate(id, entry, seed, kNoInstruction);
    return id;
  }

  uint32_t subroutineContext(uint32_t address) {
    if (auto it = subroutines_.find(address); it != subroutines_.end()) return it->second;
    const uint32_t id = static_cast<uint32_t>(contexts_.size());
    subroutines_[address] = id;
    State seed;
    seed.base = DepthBase::kRelative;
    seed.lo = seed.hi = 1;
    seed.top.push_back(Value{ValueKind::kReturn, true, static_cast<int32_t>(id)});
    newContext(ContextKind::kSubroutine, address, seed);
    return id;
  }

  void handlerContext(uint32_t address) {
    if (handlers_.count(address) != 0) return;
    handlers_.insert(address);
    State seed;
    seed.base = DepthBase::kRelative;
    seed.lo = seed.hi = 1;
    seed.top.push_back(Value{ValueKind::kReturn, false, 0});
    newContext(ContextKind::kHandler, address, seed);
  }

  bool isLeader(int64_t address) const {
    return address >= 0 && static_cast<size_t>(address) < size_ &&
           cfg_.blocks[cfg_.blockOf[static_cast<size_t>(address)]].begin == address;
  }

  // Joins `in` into the state at `address` (a leader) in context `ctxId`, widening on back edges.
  void propagate(uint32_t ctxId, uint32_t address, State in, uint32_t from, bool viaReturn = false) {
    if (final_) {
      const uint64_t key = (static_cast<uint64_t>(ctxId) << 32) | cfg_.blockOf[address];
      incoming_[key].push_back(Incoming{from, std::move(in), viaReturn});
      return;
    }
    if (in.base == DepthBase::kUnknown) in.lo = in.hi = in.floor = 0;  // Meaningless; normalised so joins settle.
    const uint32_t block = cfg_.blockOf[address];
    reachedBlock_[block] = true;
    Context& ctx = contexts_[ctxId];
    auto [it, inserted] = ctx.slots.try_emplace(block);
    Slot& slot = it->second;
    if (inserted) {
      slot.state = std::move(in);
    } else {
      State joined = joinStates(slot.state, in);
      const bool backEdge = from != kNoInstruction && from >= address;
      if (backEdge && joined.base == slot.state.base && joined.base != DepthBase::kUnknown) {
        if (joined.hi > slot.state.hi && ++slot.grows >= kWidenAfter) {
          joined.hi = kStackCells;
          if (!slot.widened) slot.widenedFrom = from;
          slot.widened = true;
        }
        if (joined.lo < slot.state.lo && ++slot.shrinks >= kWidenAfter) {
          joined.lo = joined.base == DepthBase::kEntry ? 0 : -kStackCells;
        }
      }
      if (joined == slot.state) return;
      slot.state = std::move(joined);
    }
    if (!slot.queued) {
      slot.queued = true;
      worklist_.emplace_back(ctxId, block);
    }
  }

  void drain() {
    while (!worklist_.empty() && complete_) {
      const auto [ctxId, block] = worklist_.front();
      worklist_.pop_front();
      Slot& slot = contexts_[ctxId].slots[block];
      slot.queued = false;
      if (++visits_ > budget_) {
        complete_ = false;
        return;
      }
      simulate(ctxId, block, slot.state);
    }
  }

  void finalPass() {
    final_ = true;
    for (uint32_t id = 0; id < contexts_.size(); ++id) {
      std::vector<uint32_t> blocks;
      for (const auto& entry : contexts_[id].slots) blocks.push_back(entry.first);
      std::sort(blocks.begin(), blocks.end());
      const uint64_t seedKey = (static_cast<uint64_t>(id) << 32) | cfg_.blockOf[contexts_[id].entry];
      incoming_[seedKey].push_back(Incoming{kNoInstruction, contexts_[id].seed, false});
      for (uint32_t block : blocks) simulate(id, block, contexts_[id].slots[block].state);
    }
  }

  // --- The transfer functions. Each returns false when the path dies here. ---

  Record* record(uint32_t i) { return final_ ? &records_[i] : nullptr; }

  void noteFacts(uint32_t ctxId, uint32_t i, const State& s) {
    Record& rec = records_[i];
    InstructionFacts& f = rec.facts;
    std::vector<ValueKind> kinds;
    for (const Value& v : s.top) kinds.push_back(v.kind);
    const int ctxTag = s.base == DepthBase::kRelative ? static_cast<int>(ctxId) : -1;
    if (contexts_[ctxId].kind == ContextKind::kMain && s.base == DepthBase::kEntry) {
      f.startMin = f.reachedFromStart ? std::min(f.startMin, s.lo) : s.lo;
      f.startMax = f.reachedFromStart ? std::max(f.startMax, s.hi) : s.hi;
      f.reachedFromStart = true;
    }
    if (!f.reached) {
      f.reached = true;
      f.base = s.base;
      f.minDepth = s.lo;
      f.maxDepth = s.hi;
      f.top = std::move(kinds);
      rec.factsContext = ctxTag;
      return;
    }
    if (f.base != s.base || rec.factsContext != ctxTag) f.base = DepthBase::kUnknown;
    f.minDepth = std::min(f.minDepth, s.lo);
    f.maxDepth = std::max(f.maxDepth, s.hi);
    if (f.base == DepthBase::kUnknown) f.minDepth = f.maxDepth = 0;
    const size_t common = std::min(f.top.size(), kinds.size());
    std::vector<ValueKind> joined(common);
    for (size_t k = 0; k < common; ++k) {
      const ValueKind a = f.top[f.top.size() - 1 - k];
      const ValueKind b = kinds[kinds.size() - 1 - k];
      joined[common - 1 - k] = a == b ? a : ValueKind::kUnknown;
    }
    f.top = std::move(joined);
  }

  // Requires `n` cells. Certain underflow kills the path; otherwise only the paths that survive go on.
  bool need(uint32_t ctxId, uint32_t i, State& s, int n) {
    switch (s.base) {
      case DepthBase::kEntry:
        if (Record* rec = record(i)) {
          rec->needed = std::max(rec->needed, n);
          if (s.hi < n) {
            rec->underflows += 1;
            rec->depthSeen = std::max(rec->depthSeen, s.hi);
          }
        }
        if (s.hi < n) return false;
        s.lo = std::max(s.lo, n);
        return true;
      case DepthBase::kRelative: {
        Context& ctx = contexts_[ctxId];
        ctx.deepest = std::min(ctx.deepest, s.lo - n);
        s.floor = std::min(s.floor, s.hi - n);
        if (s.hi < n - kStackCells) return false;
        s.lo = std::max(s.lo, n - kStackCells);
        return true;
      }
      case DepthBase::kUnknown: return true;
    }
    return true;
  }

  Value pop(State& s) {
    s.lo -= 1;
    s.hi -= 1;
    if (s.top.empty()) return Value{};
    const Value v = s.top.back();
    s.top.pop_back();
    return v;
  }

  bool push(uint32_t i, State& s, Value v) {
    s.lo += 1;
    s.hi += 1;
    s.top.push_back(v);
    if (s.top.size() > kTrackedCells) s.top.erase(s.top.begin());
    if (s.base == DepthBase::kUnknown) return true;
    if (s.lo > kStackCells) {
      if (Record* rec = record(i)) rec->overflows += 1;
      return false;
    }
    s.hi = std::min(s.hi, kStackCells);
    return true;
  }

  // Pads the tracked cells with unknown ones so that at least `n` are tracked (they exist: the
  // underflow check passed).
  static void track(State& s, size_t n) {
    if (s.top.size() < n) s.top.insert(s.top.begin(), n - s.top.size(), Value{});
  }

  void countReached(uint32_t ctxId, uint32_t i, const State& s) {
    if (!final_) return;
    Record& rec = records_[i];
    rec.reached += 1;
    noteFacts(ctxId, i, s);
  }

  // STORE, SETINT and SETPARAM want a variable reference on top (specs/robowar.md §4).
  void checkVariable(uint32_t i, const Value& v) {
    if (!program_.stoWarnings) return;
    if (v.kind == ValueKind::kNumber || v.kind == ValueKind::kCode || v.kind == ValueKind::kReturn) {
      if (Record* rec = record(i)) {
        rec->storeBad = true;
        rec->storeValue = v;
      }
    }
  }

  // The write's target at instruction `i`: a quoted read-only register (STORE only: SETINT and
  // SETPARAM name read-only registers on purpose, `range' setint`), or the value of a variable that
  // was read unquoted just before (`aim a store`, where `a'` was meant: specs/robowar.md §3.3, an
  // unquoted variable is `a' RECALL`). A variable may hold a reference, which is why the second is
  // a warning, and why `#!!nostowarnings` (a robot that stores through variables) silences it.
  void checkTarget(uint32_t i, Op op, const Value& reference) {
    Record* rec = record(i);
    if (rec == nullptr) return;
    if (op == Op::Store && reference.kind == ValueKind::kVariable && reference.constant) {
      const RegisterInfo* reg = findRegister(reference.value - static_cast<int32_t>(kRegisterBase));
      if (reg != nullptr && !reg->writable()) rec->storeReadOnly = reg;
    }
    if (!program_.stoWarnings || reference.kind != ValueKind::kUnknown || i < 2 || isLeader(i)) return;
    const Instruction& recall = program_.code[i - 1];
    const Instruction& reg = program_.code[i - 2];
    if (recall.origin == Origin::kImplicitRecall && reg.origin == Origin::kRegisterRead &&
        isUserVariable(reg.word - static_cast<int32_t>(kRegisterBase)))
      rec->storeUnquoted = i - 2;
  }

  // A call of the subroutine at `target` from instruction `i` with `s` (the address popped).
  void call(uint32_t ctxId, uint32_t block, uint32_t i, const State& s, int64_t target) {
    const bool next = i + 1 < size_;
    if (!isLeader(target)) {
      if (Record* rec = record(i)) rec->computed = true;
      if (next) {
        State lost;
        propagate(ctxId, i + 1, lost, i);
      }
      return;
    }
    uint32_t callee = 0;
    if (final_) {
      callee = subroutines_.at(static_cast<uint32_t>(target));
    } else {
      callee = subroutineContext(static_cast<uint32_t>(target));
      Context& c = contexts_[callee];
      const uint64_t key = (static_cast<uint64_t>(ctxId) << 32) | block;
      if (c.callerSet.insert(key).second) c.callers.emplace_back(ctxId, block);
    }
    const Context& c = contexts_[callee];
    if (!c.returned || !next) return;
    const State& r = *c.returned;
    State out;
    out.top = r.top;
    if (s.base == DepthBase::kUnknown || r.base == DepthBase::kUnknown) {
      out.base = DepthBase::kUnknown;
    } else if (r.base == DepthBase::kEntry) {
      out = r;
      out.floor = s.floor;
    } else {
      // The callee reads cells under its return address: the caller must have them (every path
      // that returns reads -r.floor of them), and a calling subroutine reads them from its own.
      const int reads = -r.floor;
      out.floor = s.floor;
      if (s.base == DepthBase::kEntry && s.hi < reads) {
        if (Record* rec = record(i)) {
          rec->calleeNeeds = std::max(rec->calleeNeeds, reads);
          rec->calleeDepthSeen = std::max(rec->calleeDepthSeen, s.hi);
        }
      }
      // The paths that come back had the cells the callee read. After an underflow reported here the
      // code after the call goes on as if they had been there, so that it reports nothing in cascade
      // and is not left to be analysed as reached only by computed jumps.
      const int callerLo = s.base == DepthBase::kEntry ? std::max(s.lo, reads) : s.lo;
      const int callerHi = s.base == DepthBase::kEntry ? std::max(s.hi, reads) : s.hi;
      if (s.base == DepthBase::kRelative) {
        Context& caller = contexts_[ctxId];
        caller.deepest = std::min(caller.deepest, s.lo + c.deepest);
        out.floor = std::min(s.floor, s.hi + r.floor);
      }
      out.base = s.base;
      out.lo = callerLo + r.lo;
      out.hi = callerHi + r.hi;
      // The cells the callee never touches keep their kinds; those it may touch (down to
      // `c.deepest`) are what it left, when it tracked all of them.
      const auto under = static_cast<size_t>(-c.deepest);
      if (r.lo == r.hi && r.lo - c.deepest >= 0 && r.top.size() == static_cast<size_t>(r.lo - c.deepest) &&
          s.top.size() >= under) {
        out.top.assign(s.top.begin(), s.top.end() - static_cast<std::ptrdiff_t>(under));
        out.top.insert(out.top.end(), r.top.begin(), r.top.end());
        if (out.top.size() > kTrackedCells) out.top.erase(out.top.begin(), out.top.end() - kTrackedCells);
      }
      if (out.base == DepthBase::kEntry) {
        if (out.hi < 0) return;  // The callee underflows on every path; nothing returns.
        out.lo = std::max(out.lo, 0);
      }
      if (out.lo > kStackCells) return;
      out.hi = std::min(out.hi, kStackCells);
    }
    propagate(ctxId, i + 1, std::move(out), i, true);
  }

  // A jump to a computed number (a hardware read, arithmetic on numbers: never a label) from a subroutine
  // whose return address is still on the stack below it: the subroutine left its result on top of
  // the address it meant to return to (`getrange: range return`), and the original stops the robot
  // with "Jump destination not in program" or jumps into the middle of the code.
  void noteBuriedReturn(uint32_t ctxId, uint32_t i, const State& s, const Value& target) {
    // A constant is left out: a literal may be an address (object code has no label references, and
    // RoboWar 5 lets source jump to numeric addresses).
    if (!final_ || target.kind != ValueKind::kNumber || target.constant ||
        contexts_[ctxId].kind != ContextKind::kSubroutine)
      return;
    for (size_t k = s.top.size(); k-- > 0;) {
      const Value& v = s.top[k];
      if (v.kind == ValueKind::kReturn && v.constant && static_cast<uint32_t>(v.value) == ctxId) {
        if (Record* rec = record(i)) rec->returnBuried = static_cast<int>(s.top.size() - 1 - k);
        return;
      }
    }
  }

  // A goto to `target` (JUMP, IFG, IFEG) or a return.
  // `reportComputed` is false for RTI, whose unknown target is the interrupted code, not a computed jump.
  void jump(uint32_t ctxId, uint32_t i, const State& s, const Value& target, bool reportComputed = true) {
    if (target.kind == ValueKind::kReturn) {
      if (target.constant && static_cast<uint32_t>(target.value) == ctxId && !final_) {
        Context& ctx = contexts_[ctxId];
        State r = ctx.returned ? joinStates(*ctx.returned, s) : s;
        if (!ctx.returned || !(r == *ctx.returned)) {
          ctx.returned = std::move(r);
          for (const auto& [callerCtx, callerBlock] : ctx.callers) {
            Slot& slot = contexts_[callerCtx].slots[callerBlock];
            if (!slot.queued) {
              slot.queued = true;
              worklist_.emplace_back(callerCtx, callerBlock);
            }
          }
        }
      }
      return;  // A return: to the caller, or to code this context cannot see.
    }
    noteBuriedReturn(ctxId, i, s, target);
    if (target.constant && isLeader(target.value)) {
      propagate(ctxId, static_cast<uint32_t>(target.value), s, i);
      return;
    }
    if (target.constant && (target.value < 0 || static_cast<size_t>(target.value) >= size_)) return;
    if (Record* rec = record(i); rec != nullptr && reportComputed) rec->computed = true;
  }

  void simulate(uint32_t ctxId, uint32_t block, State s) {
    const BasicBlock& bb = cfg_.blocks[block];
    for (uint32_t i = bb.begin; i < bb.end; ++i) {
      countReached(ctxId, i, s);
      const Instruction& insn = program_.code[i];
      switch (classify(insn.word)) {
        case WordKind::kNumber: {
          const ValueKind kind = insn.origin == Origin::kLabelReference ? ValueKind::kCode : ValueKind::kNumber;
          if (!push(i, s, Value{kind, true, insn.word})) return;
          continue;
        }
        case WordKind::kRegister:
          if (!push(i, s, Value{ValueKind::kVariable, true, insn.word})) return;
          continue;
        case WordKind::kOperator: break;
      }
      const OperatorInfo& op = *findOperator(static_cast<uint16_t>(insn.word));
      if (!step(ctxId, block, i, op, s)) return;
    }
    // Falling off the end of the block into the next one.
    const uint32_t last = bb.end - 1;
    if (bb.end < size_) {
      const OperatorInfo* op = operatorOf(program_.code[last]);
      if (op == nullptr || (!op->has(kBranch) && !op->has(kTerminator))) propagate(ctxId, bb.end, s, last);
    }
  }

  bool arithmetic(uint32_t ctxId, uint32_t i, const OperatorInfo& op, State& s) {
    if (!need(ctxId, i, s, op.counts.pops)) return false;
    std::vector<Value> operands;
    for (int k = 0; k < op.counts.pops; ++k) operands.push_back(pop(s));
    bool allNumbers = true;
    int references = 0;
    Value reference;
    for (const Value& v : operands) {
      allNumbers = allNumbers && v.kind == ValueKind::kNumber;
      // Return addresses are left out: handlers test them to learn where they interrupted.
      if (v.kind == ValueKind::kVariable || v.kind == ValueKind::kCode) {
        ++references;
        reference = v;
      }
    }
    // Offsetting a reference by a number (`label 3 + JUMP`, `a' 1 + STORE`) and testing references for
    // equality are documented idioms (specs/robowar.md §3.3); anything else is suspicious.
    const bool offset = (op.op == Op::Add || op.op == Op::Subtract) && references == 1;
    const bool equality = op.op == Op::Equal || op.op == Op::NotEqual;
    if (references > 0 && !offset && !equality) {
      if (Record* rec = record(i)) {
        rec->arithmeticBad = true;
        rec->arithmeticValue = reference;
      }
    }
    Value result{allNumbers ? ValueKind::kNumber : ValueKind::kUnknown, false, 0};
    if (offset && operands[0].constant && operands[1].constant) {
      // operands[0] is the top (n2), operands[1] the second (n1): the result is n1 op n2.
      const int32_t value =
          op.op == Op::Add ? operands[1].value + operands[0].value : operands[1].value - operands[0].value;
      result = Value{reference.kind, true, value};
    } else if (offset) {
      result = Value{reference.kind, false, 0};
    }
    for (int k = 0; k < op.counts.pushes; ++k) {
      if (!push(i, s, result)) return false;
    }
    return true;
  }

  bool step(uint32_t ctxId, uint32_t block, uint32_t i, const OperatorInfo& op, State& s) {
    const bool next = i + 1 < size_;
    switch (op.op) {
      case Op::Store:
      case Op::Setparam:
      case Op::Setint: {
        if (!need(ctxId, i, s, 2)) return false;
        const Value reference = pop(s);
        const Value value = pop(s);
        checkVariable(i, reference);
        checkTarget(i, op.op, reference);
        // A return address as handler (Zolad Alive's `Reaqire: range' setint`) names the call
        // site's next instruction, which is analysed like any code reached only at run time.
        const bool address = value.kind == ValueKind::kNumber || value.kind == ValueKind::kCode;
        if (op.op == Op::Setint && address && value.constant && value.value >= 0 && !final_ &&
            (reference.kind == ValueKind::kVariable || reference.kind == ValueKind::kUnknown)) {
          if (isLeader(value.value)) handlerContext(static_cast<uint32_t>(value.value));
        }
        return true;
      }
      case Op::Recall: {
        if (!need(ctxId, i, s, 1)) return false;
        const Value reference = pop(s);
        const bool hardware = reference.kind == ValueKind::kVariable && reference.constant &&
                              !isUserVariable(reference.value - static_cast<int32_t>(kRegisterBase));
        return push(i, s, Value{hardware ? ValueKind::kNumber : ValueKind::kUnknown, false, 0});
      }
      case Op::Drop:
        if (!need(ctxId, i, s, 1)) return false;
        pop(s);
        return true;
      case Op::Swap: {
        if (!need(ctxId, i, s, 2)) return false;
        track(s, 2);
        std::swap(s.top[s.top.size() - 1], s.top[s.top.size() - 2]);
        return true;
      }
      case Op::Dup: {
        // The Mac original does not check for an empty stack here (specs/robowar.md §4): a warning.
        if (s.base == DepthBase::kEntry && s.hi < 1) {
          if (Record* rec = record(i)) rec->dupOnEmpty = true;
          return push(i, s, Value{});
        }
        if (!need(ctxId, i, s, 1)) return false;
        const Value v = s.top.empty() ? Value{} : s.top.back();
        return push(i, s, v);
      }
      case Op::Print: return need(ctxId, i, s, 1);
      case Op::Roll: {
        // `... x n ROLL` moves x down n places and removes n (specs/robowar.md §4): the depth falls by
        // one whatever n is; only the order of the cells depends on n.
        if (!need(ctxId, i, s, 1)) return false;
        const Value count = pop(s);
        if (count.kind == ValueKind::kNumber && count.constant && count.value >= 0 && count.value < kStackCells) {
          if (count.value == 0) return true;
          if (!need(ctxId, i, s, count.value + 1)) return false;
          const size_t n = static_cast<size_t>(count.value);
          if (n + 1 <= kTrackedCells) {
            track(s, n + 1);
            const Value x = s.top.back();
            s.top.pop_back();
            s.top.insert(s.top.end() - static_cast<std::ptrdiff_t>(n), x);
          } else {
            s.top.clear();
          }
          return true;
        }
        s.top.clear();
        return true;
      }
      case Op::Dropall:
        s.base = DepthBase::kEntry;
        s.lo = s.hi = 0;
        s.top.clear();
        return true;
      case Op::Vstore:
        if (!need(ctxId, i, s, 2)) return false;
        pop(s);
        pop(s);
        return true;
      case Op::Vrecall:
        if (!need(ctxId, i, s, 1)) return false;
        pop(s);
        return push(i, s, Value{});
      case Op::End:
        // Dead code that falls into END is reported only where some real path leads there.
        if (Record* rec = record(i); rec != nullptr && contexts_[ctxId].kind != ContextKind::kOrphan) {
          rec->reachedEnd = true;
        }
        return false;
      case Op::Jump: {
        if (!need(ctxId, i, s, 1)) return false;
        const Value target = pop(s);
        jump(ctxId, i, s, target);
        return false;
      }
      case Op::Rti: {
        // RTI pops an address and jumps there (specs/robowar.md §4): usually the interrupted code,
        // which this context cannot see, but robots also use `label RTI` as a goto that re-enables
        // interrupts (Zolad Alive's `Grand_Aim rti`).
        if (!need(ctxId, i, s, 1)) return false;
        const Value target = pop(s);
        jump(ctxId, i, s, target, false);
        return false;
      }
      case Op::Call: {
        if (!need(ctxId, i, s, 1)) return false;
        const Value target = pop(s);
        call(ctxId, block, i, s, target.constant && target.kind != ValueKind::kReturn ? target.value : -1);
        return false;
      }
      case Op::If: {
        if (!need(ctxId, i, s, 2)) return false;
        const Value target = pop(s);
        pop(s);
        if (next) propagate(ctxId, i + 1, s, i);
        call(ctxId, block, i, s, target.constant && target.kind != ValueKind::kReturn ? target.value : -1);
        return false;
      }
      case Op::Ife: {
        if (!need(ctxId, i, s, 3)) return false;
        const Value whenFalse = pop(s);
        const Value whenTrue = pop(s);
        pop(s);
        for (const Value& target : {whenTrue, whenFalse}) {
          call(ctxId, block, i, s, target.constant && target.kind != ValueKind::kReturn ? target.value : -1);
        }
        return false;
      }
      case Op::Ifg: {
        if (!need(ctxId, i, s, 2)) return false;
        const Value target = pop(s);
        pop(s);
        if (next) propagate(ctxId, i + 1, s, i);
        jump(ctxId, i, s, target);
        return false;
      }
      case Op::Ifeg: {
        if (!need(ctxId, i, s, 3)) return false;
        const Value whenFalse = pop(s);
        const Value whenTrue = pop(s);
        pop(s);
        jump(ctxId, i, s, whenTrue);
        jump(ctxId, i, s, whenFalse);
        return false;
      }
      // clang-format off
#define CHRONON_PURE_CASE(name) case Op::name:
      CHRONON_ROBOTALK_PURE_OPERATORS(CHRONON_PURE_CASE)
#undef CHRONON_PURE_CASE
        // clang-format on
        return arithmetic(ctxId, i, op, s);
      case Op::Nop:
      case Op::Beep:
      case Op::Sync:
        // clang-format off
#define CHRONON_SILENT_CASE(name) case Op::name:
      CHRONON_ROBOTALK_SILENT_OPERATORS(CHRONON_SILENT_CASE)
#undef CHRONON_SILENT_CASE
        // clang-format on
      case Op::Inton:
      case Op::Intoff:
      case Op::Mrb:
      case Op::Flushint: return true;
    }
    return true;
  }

  const Program& program_;
  ControlFlowGraph cfg_;
  size_t size_ = 0;
  size_t budget_ = 0;
  size_t visits_ = 0;
  bool complete_ = true;
  bool final_ = false;
  std::vector<Context> contexts_;
  std::unordered_map<uint32_t, uint32_t> subroutines_;
  std::unordered_set<uint32_t> handlers_;
  std::deque<std::pair<uint32_t, uint32_t>> worklist_;
  std::vector<bool> reachedBlock_;
  std::vector<Record> records_;
  std::map<uint64_t, std::vector<Incoming>> incoming_;
};

std::string depthText(const State& s) {
  InstructionFacts f;
  f.reached = true;
  f.base = s.base;
  f.minDepth = s.lo;
  f.maxDepth = s.hi;
  return formatDepth(f);
}

std::string describe(const Value& v) {
  std::string text(valueKindName(v.kind));
  if (v.constant && v.kind != ValueKind::kReturn) text += " " + std::to_string(v.value);
  return text;
}

void emitDiagnostics(const Program& program, const Analyzer& analyzer, const CheckOptions& options, Diagnostics& out) {
  const auto& records = analyzer.records();
  const auto& code = program.code;
  // Variables some STORE puts a variable reference into (`speedx' j' sto`, Zolad Alive): pointers,
  // through whose value a later `j sto` stores on purpose (RT411 is not given for them). Found in
  // the text, since such stores often sit in handlers the analysis reaches with unknown states.
  std::set<int32_t> pointers;
  for (size_t k = 2; k < code.size(); ++k) {
    if (operatorOf(code[k]) == &info(Op::Store) && code[k - 1].origin == Origin::kQuotedRegister &&
        code[k - 2].origin == Origin::kQuotedRegister)
      pointers.insert(code[k - 1].word);
  }
  const auto& cfg = analyzer.cfg();

  // Blocks whose depth grows round a loop (RT405); RT401 is not repeated for them.
  std::map<uint32_t, uint32_t> growing;  // block -> back-edge branch
  for (const Context& ctx : analyzer.contexts()) {
    for (const auto& [block, slot] : ctx.slots) {
      if (slot.widened && growing.count(block) == 0) growing[block] = slot.widenedFrom;
    }
  }
  std::map<uint32_t, const std::vector<Incoming>*> mismatched;  // block -> incoming edges
  for (const auto& [key, edges] : analyzer.incoming()) {
    const uint32_t block = static_cast<uint32_t>(key & 0xffffffffu);
    if (growing.count(block) != 0 || mismatched.count(block) != 0) continue;
    // A join that starts with DROPALL discards whatever depth each branch brought (CHANGER 2).
    if (operatorOf(code[cfg.blocks[block].begin]) == &info(Op::Dropall)) continue;
    // Only depths counted from the same base are comparable: after DROPALL a path's depth is
    // absolute while another path's is still relative to an unknown entry depth.
    const Incoming* firstOfBase[2] = {nullptr, nullptr};
    bool differs = false;
    for (const Incoming& edge : edges) {
      if (edge.state.base == DepthBase::kUnknown) continue;
      const Incoming*& first = firstOfBase[edge.state.base == DepthBase::kEntry ? 0 : 1];
      if (first == nullptr) {
        first = &edge;
      } else if (edge.state.lo != first->state.lo || edge.state.hi != first->state.hi) {
        differs = true;
      }
    }
    if (differs) mismatched[block] = &edges;
  }

  size_t computedNotes = 0;
  size_t computedMore = 0;
  for (uint32_t i = 0; i < code.size(); ++i) {
    const Record& rec = records[i];
    const SourceRange range = code[i].range;
    const OperatorInfo* op = operatorOf(code[i]);
    const std::string name = op != nullptr ? std::string(op->name) : std::string("this word");

    if (const uint32_t block = cfg.blockOf[i]; cfg.blocks[block].begin == i) {
      if (auto it = mismatched.find(block); it != mismatched.end()) {
        Diagnostic& d = out.warning(DiagCode::kDepthMismatch, range, "branches join here with different stack depths");
        size_t shown = 0;
        for (const Incoming& edge : *it->second) {
          if (edge.state.base == DepthBase::kUnknown) continue;
          if (++shown > 6) break;
          if (edge.from == kNoInstruction) {
            d.notes.push_back(DiagNote{"depth " + depthText(edge.state) + " on entry here", range, false});
          } else {
            d.notes.push_back(
                DiagNote{"depth " + depthText(edge.state) +
                             (edge.viaReturn ? " when the subroutine called here returns" : " when coming from here"),
                         code[edge.from].range, true});
          }
        }
      }
      if (auto it = growing.find(block); it != growing.end()) {
        Diagnostic& d = out.warning(DiagCode::kUnboundedGrowth, range,
                                    "the stack grows each time round this loop; after enough trips it "
                                    "overflows its " +
                                        std::to_string(kStackCells) + " cells and kills the robot");
        if (it->second != kNoInstruction) {
          d.notes.push_back(DiagNote{"the loop comes back here with more cells", code[it->second].range, true});
        }
      }
    }

    if (rec.underflows > 0) {
      const std::string message = name + " needs " + std::to_string(rec.needed) + " stack cell" +
                                  (rec.needed == 1 ? "" : "s") + " but at most " + std::to_string(rec.depthSeen) +
                                  " can be there";
      if (rec.underflows == rec.reached) {
        Diagnostic& d = out.error(DiagCode::kStackUnderflow, range, "stack underflow: " + message);
        d.notes.push_back(
            DiagNote{"this happens on every path from the robot's start; the original kills "
                     "the robot on a stack underflow",
                     range, false});
      } else {
        Diagnostic& d = out.warning(DiagCode::kStackUnderflow, range, "possible stack underflow: " + message);
        d.notes.push_back(
            DiagNote{"it underflows when reached from the robot's start, but it is also "
                     "reached from a subroutine, a handler or a computed jump",
                     range, false});
      }
    }
    if (rec.calleeNeeds > 0) {
      // A warning: the callee may also leave by a path that does not return and reads less.
      Diagnostic& d =
          out.warning(DiagCode::kStackUnderflow, range,
                      "possible stack underflow: the subroutine called here reads " + std::to_string(rec.calleeNeeds) +
                          " stack cell" + (rec.calleeNeeds == 1 ? "" : "s") +
                          " under its return address on every path "
                          "that returns, but at most " +
                          std::to_string(rec.calleeDepthSeen) + " can be there");
      d.notes.push_back(DiagNote{"the original kills the robot on a stack underflow", range, false});
    }
    if (rec.dupOnEmpty) {
      out.warning(DiagCode::kStackUnderflow, range,
                  "DUP on an empty stack: the Mac original duplicates whatever lies below the stack");
    }
    if (rec.overflows > 0) {
      const std::string message = "stack overflow: more than " + std::to_string(kStackCells) + " cells";
      if (rec.overflows == rec.reached) {
        Diagnostic& d = out.error(DiagCode::kStackOverflow, range, message);
        d.notes.push_back(
            DiagNote{"this happens on every path that reaches it; the original kills the robot", range, false});
      } else {
        out.warning(DiagCode::kStackOverflow, range, "possible " + message);
      }
    }
    if (rec.storeBad) {
      Diagnostic& d =
          out.warning(DiagCode::kStoreWithoutVariable, range,
                      name + " needs a variable reference on top, but the top is a " + describe(rec.storeValue));
      d.notes.push_back(
          DiagNote{"quote the register (`aim'`); the original kills the robot when it stores into "
                   "a non-variable; `#!!nostowarnings` silences this",
                   range, false});
    }
    if (rec.storeReadOnly != nullptr) {
      Diagnostic& d = out.warning(DiagCode::kWriteOfReadOnly, range,
                                  name + " into " + std::string(rec.storeReadOnly->name) +
                                      ", which is read-only: the original ignores the write");
      d.notes.push_back(
          DiagNote{"specs/robowar.md §5: writes to read-only registers are silently ignored", range, false});
    }
    if (rec.storeUnquoted != kNoInstruction && pointers.count(code[rec.storeUnquoted].word) == 0) {
      const SourceRange reg = code[rec.storeUnquoted].range;
      const RegisterInfo* variable = findRegister(code[rec.storeUnquoted].word - static_cast<int32_t>(kRegisterBase));
      const std::string written(variable != nullptr ? variable->name : "the variable");
      Diagnostic& d = out.warning(DiagCode::kUnquotedStoreTarget, reg,
                                  name + " stores into the variable whose reference " + written + " holds, not into " +
                                      written + ": quote it (" + written + "')");
      d.notes.push_back(DiagNote{"unquoted, " + written + " compiles to " + written +
                                     "' RECALL; if it holds no variable reference the original stops the robot "
                                     "with \"Variable not provided\"; `#!!nostowarnings` silences this",
                                 reg, false});
      d.fixes.push_back(Fix{"quote it: " + written + "'", {TextEdit{SourceRange{reg.end, reg.end}, "'"}}});
    }
    if (rec.returnBuried >= 0) {
      const int under = rec.returnBuried + 1;
      Diagnostic& d = out.warning(DiagCode::kReturnAddressBuried, range,
                                  name + " goes to the number on top, not back to the caller: the return address is " +
                                      std::to_string(under) + (under == 1 ? " cell" : " cells") + " under it");
      d.notes.push_back(DiagNote{std::string(under == 1 ? "`SWAP " + name + "` returns and leaves the result; " : "") +
                                     "the original stops the robot with \"Jump destination not in program\" "
                                     "when the number is no address",
                                 range, false});
    }
    if (rec.arithmeticBad) {
      out.warning(DiagCode::kArithmeticOnReference, range,
                  name + " on a " + describe(rec.arithmeticValue) + " (an address, not a number)");
    }
    if (rec.computed && options.computedJumpNotes && rec.returnBuried < 0) {
      if (computedNotes < options.maxComputedJumpNotes) {
        ++computedNotes;
        Diagnostic& d = out.note(DiagCode::kComputedJump, range,
                                 name + " goes to an address computed at run time; its stack effect is not checked");
        d.notes.push_back(DiagNote{"the code it reaches is analysed with an unknown stack depth", range, false});
      } else {
        ++computedMore;
      }
    }
    if (rec.reachedEnd) {
      SourceRange where = range;
      if (i > 0) {
        const OperatorInfo* prev = operatorOf(code[i - 1]);
        if (prev == nullptr || !prev->has(kTerminator)) where = code[i - 1].range;
      }
      Diagnostic& d = out.warning(DiagCode::kFallsIntoEnd, where,
                                  "execution can run into the END that the assembler appends, which kills the robot");
      d.notes.push_back(DiagNote{"end the program with a jump back to its main loop", where, false});
    }
  }
  if (computedMore > 0 && !code.empty()) {
    out.note(DiagCode::kComputedJump, code.front().range,
             std::to_string(computedMore) + " more jumps go to addresses computed at run time");
  }
}

}  // namespace

Analysis analyze(const Program& program) {
  Analyzer analyzer(program);
  analyzer.run();
  return analyzer.result();
}

void check(const Program& program, const CheckOptions& options, Diagnostics& diagnostics) {
  Analyzer analyzer(program);
  analyzer.run();
  if (!analyzer.complete()) {
    diagnostics.note(DiagCode::kCheckIncomplete, program.code.empty() ? SourceRange{} : program.code.front().range,
                     "the stack checker gave up on this program (too many paths to follow); no stack "
                     "checks were made");
    return;
  }
  emitDiagnostics(program, analyzer, options, diagnostics);
}

std::vector<LabelEffect> labelEffects(const Program& program) { return labelEffects(program, analyze(program)); }

std::vector<LabelEffect> labelEffects(const Program& program, const Analysis& analysis) {
  std::vector<LabelEffect> effects;
  for (const Label& label : program.labels) {
    LabelEffect effect;
    effect.name = label.name;
    effect.address = label.address;
    effect.range = label.range;
    if (label.address < analysis.facts.size()) effect.facts = analysis.facts[label.address];
    effect.text = formatDepth(effect.facts);
    for (const SubroutineEffect& sub : analysis.subroutines) {
      if (sub.address != label.address) continue;
      effect.subroutine = true;
      effect.effect = sub;
      if (!sub.returns) {
        effect.text += " sub (no return)";
      } else if (!sub.exact) {
        effect.text += " sub ( -- ? )";
      } else {
        // Forth's notation: the cells taken from under the return address, then the cells left.
        const std::string in = std::to_string(sub.inputs);
        const int lo = sub.inputs + sub.minNet;
        const int hi = sub.inputs + sub.maxNet;
        const std::string left = lo == hi ? std::to_string(lo) : std::to_string(lo) + ".." + std::to_string(hi);
        effect.text += " sub ( " + in + " -- " + left + " )";
      }
    }
    effects.push_back(std::move(effect));
  }
  return effects;
}

}  // namespace chronon::robotalk
