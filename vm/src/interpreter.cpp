// The RoboTalk interpreter. Semantics and error messages follow the Mac RoboWar 4.5 source
// (ArenaDos.c, Interrupt.c, Arena.c interpret()) as summarised in specs/robowar.md §3.3-§4 and §6.

#include "chronon/vm/interpreter.h"

#include <array>
#include <cmath>
#include <numbers>

namespace chronon::vm {

namespace {

using robotalk::Op;
using robotalk::Reg;

// The original's `sine` table holds cos(i degrees) for i = 0..359 (the gun direction code uses
// sine[(270 + aim) % 360] for x and -sine[aim] for y); SIN, COS and TAN index it the same way.
const std::array<double, 360>& cosTable() {
  static const std::array<double, 360> table = [] {
    std::array<double, 360> t{};
    for (int i = 0; i < 360; ++i) t[static_cast<size_t>(i)] = std::cos(i * std::numbers::pi / 180.0);
    return t;
  }();
  return table;
}

constexpr int kOutOfBounds = 20000;  // + - * results must lie strictly inside (-20000, 20000).
constexpr int kFirstUserRegisterAbove = 25;

bool isUserVariable(int index) {
  return index >= 0 && index <= kFirstUserRegisterAbove && index != static_cast<int>(Reg::X) &&
         index != static_cast<int>(Reg::Y);
}

int16_t toShort(double value) { return static_cast<int16_t>(static_cast<long>(value)); }

}  // namespace

RunResult run(const Bytecode& code, Brain& b, Host& host, int budget) {
  RunResult result;
  if (b.failed) {
    result.stop = Stop::kError;
    return result;
  }
  const Cell* cells = code.cells.data();
  const int size = static_cast<int>(code.cells.size());
  int freeCount = 0;
  auto& s = b.stack;

  // Each helper reports an error with the failing instruction's address and stops the run.
  int pc = b.pc;
  int sp = b.sp;
  int at = pc;
  auto save = [&] {
    b.pc = pc;
    b.sp = sp;
  };
  auto error = [&](const char* message) {
    save();
    if (b.failed) {
      b.errorAddress = at;  // The host reported it; the failing instruction is this one.
    } else {
      fail(b, message, at);
    }
    result.stop = Stop::kError;
    return result;
  };
  auto validTarget = [size](int where) { return where >= 0 && where <= size; };

  while (result.cycles < budget) {
    at = pc;
    if (at < 0 || at >= size) return error("Tried executing beyond end of program");
    const Cell& cell = cells[at];
    pc = at + 1;
    if (cell.push) {
      if (sp >= kStackCells) return error("Stack overflow");
      s[static_cast<size_t>(sp++)] = cell.value;
      result.cycles += 1;
      continue;
    }
    if (cell.unknown) return error("Unidentified instruction");
    if (cell.cost == 0) {
      if (++freeCount > kFreeInstructionCap) {
        pc = at;  // Not executed: resume here next time.
        save();
        return result;
      }
    }
    result.cycles += cell.cost;
    // Top of stack is s[sp - 1], second is s[sp - 2].
    auto top = [&](int depth) -> int { return s[static_cast<size_t>(sp - 1 - depth)]; };
    auto replace2 = [&](int value) {
      s[static_cast<size_t>(sp - 2)] = static_cast<int16_t>(value);
      sp = sp - 1;
    };
    switch (cell.op) {
      case Op::Add:
      case Op::Subtract:
      case Op::Multiply: {
        if (sp < 2) return error("Stack underflow");
        const int a = top(1);
        const int c = top(0);
        const int v = cell.op == Op::Add ? a + c : cell.op == Op::Subtract ? a - c : a * c;
        if (v >= kOutOfBounds || v <= -kOutOfBounds) return error("Number out of bounds.");
        replace2(v);
        break;
      }
      case Op::Divide:
        if (sp < 2) return error("Stack underflow");
        if (top(0) == 0) return error("Division by zero");
        replace2(top(1) / top(0));
        break;
      case Op::Greater:
        if (sp < 2) return error("Stack underflow");
        replace2(top(1) > top(0));
        break;
      case Op::Less:
        if (sp < 2) return error("Stack underflow");
        replace2(top(1) < top(0));
        break;
      case Op::Equal:
        if (sp < 2) return error("Stack underflow");
        replace2(top(1) == top(0));
        break;
      case Op::NotEqual:
        if (sp < 2) return error("Stack underflow");
        replace2(top(1) != top(0));
        break;
      case Op::Store: {
        if (sp < 2) return error("Stack underflow");
        const int where = top(0) - robotalk::kRegisterBase;
        if (where < 0 || where >= 100) return error("Variable not provided");
        const auto value = static_cast<int16_t>(top(1));
        sp = sp - 2;
        if (isUserVariable(where)) {
          b.letters[static_cast<size_t>(where)] = value;
        } else if (where >= robotalk::kRegisterCount) {
          return error("Unknown register");
        } else {
          b.pc = pc;
          b.sp = sp;
          host.writeRegister(b, static_cast<Reg>(where), value);
          pc = b.pc;  // A RANGE/RADAR interrupt may have been entered.
          sp = b.sp;
          if (b.failed) return error(b.error.data());
        }
        break;
      }
      case Op::Drop:
        if (sp < 1) return error("Stack underflow");
        sp = sp - 1;
        break;
      case Op::Swap:
        if (sp < 2) return error("Stack underflow");
        std::swap(s[static_cast<size_t>(sp - 1)], s[static_cast<size_t>(sp - 2)]);
        break;
      case Op::Roll: {
        // ArenaDos.c doRoll: needs three cells, then `places` more under the top.
        if (sp < 3) return error("Stack underflow");
        const int n = sp - 1;
        const int places = s[static_cast<size_t>(n)];
        if (n < places + 1) return error("Stack underflow");
        sp = n;
        if (places > 0) {
          const int16_t moved = s[static_cast<size_t>(n - 1)];
          for (int i = n - 1; i > n - 1 - places; --i) s[static_cast<size_t>(i)] = s[static_cast<size_t>(i - 1)];
          s[static_cast<size_t>(n - 1 - places)] = moved;
        }
        break;
      }
      case Op::Jump: {
        if (sp < 1) return error("Stack underflow");
        const int where = top(0);
        if (!validTarget(where)) return error("Jump destination not in program");
        sp = sp - 1;
        pc = where;
        break;
      }
      case Op::Call: {
        if (sp < 1) return error("Stack underflow");
        const int where = top(0);
        if (!validTarget(where)) return error("Jump destination not in program");
        s[static_cast<size_t>(sp - 1)] = static_cast<int16_t>(pc);
        pc = where;
        break;
      }
      case Op::Dup:
        // The Mac reads below an empty stack; Chronon reports an underflow instead (docs/robowar-arena.md).
        if (sp < 1) return error("Stack underflow");
        if (sp >= kStackCells) return error("Stack overflow");
        s[static_cast<size_t>(sp)] = s[static_cast<size_t>(sp - 1)];
        sp = sp + 1;
        break;
      case Op::If: {
        if (sp < 2) return error("Stack underflow");
        const int where = top(0);
        const int cond = top(1);
        sp = sp - 2;
        if (cond != 0) {
          if (!validTarget(where)) return error("Jump destination not in program");
          s[static_cast<size_t>(sp++)] = static_cast<int16_t>(pc);
          pc = where;
        }
        break;
      }
      case Op::Ife: {
        // The original's message for this one underflow really is spelled "Stark" (ArenaDos.c doIfe).
        if (sp < 3) return error("Stark underflow");
        const int cond = top(2);
        const int target = cond != 0 ? top(1) : top(0);
        sp = sp - 3;
        if (!validTarget(target)) return error("Jump destination not in program");
        s[static_cast<size_t>(sp++)] = static_cast<int16_t>(pc);
        pc = target;
        break;
      }
      case Op::Recall: {
        // The Mac does not check for an empty stack here; Chronon reports an underflow.
        if (sp < 1) return error("Stack underflow");
        const int where = top(0) - robotalk::kRegisterBase;
        if (where < 0 || where >= 100) return error("Variable not provided");
        int16_t value = 0;
        if (isUserVariable(where)) {
          value = b.letters[static_cast<size_t>(where)];
        } else if (where >= robotalk::kRegisterCount) {
          return error("Unknown register");
        } else {
          b.pc = pc;
          b.sp = sp;
          value = host.readRegister(b, static_cast<Reg>(where));
          if (b.failed) return error(b.error.data());
        }
        s[static_cast<size_t>(sp - 1)] = value;
        break;
      }
      case Op::End: return error("End of code reached");
      case Op::Nop:
      case Op::Beep: break;
      case Op::And:
        if (sp < 2) return error("Stack underflow");
        replace2(top(0) != 0 && top(1) != 0);
        break;
      case Op::Or:
        if (sp < 2) return error("Stack underflow");
        replace2(top(0) != 0 || top(1) != 0);
        break;
      case Op::Xor:
        if (sp < 2) return error("Stack underflow");
        replace2((top(0) != 0) != (top(1) != 0));
        break;
      case Op::Mod:
        if (sp < 2) return error("Stack underflow");
        if (top(0) == 0) return error("Mod by zero");
        replace2(top(1) % top(0));
        break;
      case Op::Chs:
        if (sp < 1) return error("Stack underflow");
        s[static_cast<size_t>(sp - 1)] = static_cast<int16_t>(-top(0));
        break;
      case Op::Not:
        if (sp < 1) return error("Stack underflow");
        s[static_cast<size_t>(sp - 1)] = static_cast<int16_t>(top(0) == 0);
        break;
      case Op::Arctan: {
        if (sp < 2) return error("Stack underflow");
        // ArenaDos.c doArcTan: y is inverted because the screen's y axis points down.
        const double radians = std::atan2(-static_cast<double>(top(0)), static_cast<double>(top(1)));
        replace2(static_cast<int16_t>(450.5 - radians * 180.0 / std::numbers::pi) % 360);
        break;
      }
      case Op::Abs:
        if (sp < 1) return error("Stack underflow");
        s[static_cast<size_t>(sp - 1)] = static_cast<int16_t>(top(0) < 0 ? -top(0) : top(0));
        break;
      case Op::Sin:
      case Op::Cos:
      case Op::Tan: {
        if (sp < 2) return error("Stack underflow");
        int angle = top(1);
        const int hyp = top(0);
        double sign = 1.0;
        if (angle < 0) {
          angle = -angle;
          if (cell.op != Op::Cos) sign = -1.0;
        }
        const auto& table = cosTable();
        const double sine = table[static_cast<size_t>((angle + 270) % 360)];
        const double cosine = table[static_cast<size_t>(angle % 360)];
        double v = 0;
        if (cell.op == Op::Sin) {
          v = sign * hyp * sine;
        } else if (cell.op == Op::Cos) {
          v = hyp * cosine;
        } else {
          // The word table and the manuals define TAN as hyp * tan(angle), clipped to +-19999.
          v = sign * hyp * sine / cosine;
          if (!(v <= 19999)) v = 19999;
          if (v < -19999) v = -19999;
          if (std::isnan(v)) v = 0;
        }
        replace2(toShort(v));
        break;
      }
      case Op::Sqrt:
        if (sp < 1) return error("Stack underflow");
        if (top(0) < 0) return error("Square root of negative number.");
        s[static_cast<size_t>(sp - 1)] = toShort(std::sqrt(static_cast<double>(top(0))));
        break;
      case Op::Icon0:
      case Op::Icon1:
      case Op::Icon2:
      case Op::Icon3:
      case Op::Icon4:
      case Op::Icon5:
      case Op::Icon6:
      case Op::Icon7:
      case Op::Icon8:
      case Op::Icon9:
      case Op::Debug:
      case Op::Snd0:
      case Op::Snd1:
      case Op::Snd2:
      case Op::Snd3:
      case Op::Snd4:
      case Op::Snd5:
      case Op::Snd6:
      case Op::Snd7:
      case Op::Snd8:
      case Op::Snd9: break;
      case Op::Print:
        if (sp < 1) return error("Stack underflow");
        break;
      case Op::Sync:
        result.stop = Stop::kSync;
        save();
        return result;
      case Op::Vstore: {
        if (sp < 2) return error("Stack underflow");
        const int where = top(0);
        if (validVectorIndex(where)) b.vector[static_cast<size_t>(where)] = static_cast<int16_t>(top(1));
        sp = sp - 2;
        break;
      }
      case Op::Vrecall: {
        if (sp < 1) return error("Stack underflow");
        const int where = top(0);
        s[static_cast<size_t>(sp - 1)] = validVectorIndex(where) ? b.vector[static_cast<size_t>(where)] : int16_t{0};
        break;
      }
      case Op::Dist: {
        if (sp < 2) return error("Stack underflow");
        const long x = top(0);
        const long y = top(1);
        replace2(toShort(std::sqrt(static_cast<double>(x * x + y * y))));
        break;
      }
      case Op::Ifg: {
        if (sp < 2) return error("Stack underflow");
        const int where = top(0);
        const int cond = top(1);
        sp = sp - 2;
        if (cond != 0) {
          if (!validTarget(where)) return error("Jump destination not in program");
          pc = where;
        }
        break;
      }
      case Op::Ifeg: {
        if (sp < 3) return error("Stack underflow");
        const int target = top(2) != 0 ? top(1) : top(0);
        sp = sp - 3;
        if (!validTarget(target)) return error("Jump destination not in program");
        pc = target;
        break;
      }
      case Op::Inton:
        b.interruptsEnabled = true;
        b.pc = pc;
        b.sp = sp;
        if (const int entered = serviceInterrupts(b); entered >= 0) {
          host.interruptEntered(b, static_cast<Interrupt>(entered));
        }
        pc = b.pc;
        sp = b.sp;
        if (b.failed) return error(b.error.data());
        break;
      case Op::Intoff: b.interruptsEnabled = false; break;
      case Op::Rti: {
        if (sp < 1) return error("Stack underflow");
        const int where = top(0);
        if (!validTarget(where)) return error("Jump destination not in program");
        sp = sp - 1;
        pc = where;
        b.interruptsEnabled = true;
        b.pc = pc;
        b.sp = sp;
        if (const int entered = serviceInterrupts(b); entered >= 0) {
          host.interruptEntered(b, static_cast<Interrupt>(entered));
        }
        pc = b.pc;
        sp = b.sp;
        if (b.failed) return error(b.error.data());
        break;
      }
      case Op::Setint:
      case Op::Setparam: {
        if (sp < 2) return error("Stack underflow");
        const int name = top(0) - robotalk::kRegisterBase;
        const int value = top(1);
        sp = sp - 2;
        Interrupt which{};
        const robotalk::RegisterInfo* reg = robotalk::findRegister(name);
        if (reg != nullptr && interruptFor(reg->reg, which)) {
          auto& slot = b.interrupts[static_cast<size_t>(which)];
          (cell.op == Op::Setint ? slot.handler : slot.param) = static_cast<int16_t>(value);
        } else if (cell.op == Op::Setparam && reg != nullptr && reg->reg == Reg::Probe) {
          const int wanted = value - robotalk::kRegisterBase;
          const bool allowed = wanted == static_cast<int>(Reg::Id) || wanted == static_cast<int>(Reg::Teammates) ||
                               wanted == static_cast<int>(Reg::Energy) || wanted == static_cast<int>(Reg::Damage) ||
                               wanted == static_cast<int>(Reg::Shield) || wanted == static_cast<int>(Reg::Aim) ||
                               wanted == static_cast<int>(Reg::Look) || wanted == static_cast<int>(Reg::Scan);
          if (!allowed) return error("SetParam:  Illegal probe register");
          b.probeRegister = static_cast<int16_t>(wanted);
        } else if (cell.op == Op::Setparam && reg != nullptr && reg->reg == Reg::History) {
          if (value <= 0 || value > kHistoryCells) return error("SetParam:  Illegal history value");
          b.historyCell = static_cast<int16_t>(value);
        } else {
          return error("SetInt:  Illegal interrupt name");
        }
        break;
      }
      case Op::Mrb:
        if (b.officialRules) return error("No undocumented commands in tournaments");
        break;
      case Op::Dropall: sp = 0; break;
      case Op::Flushint: b.pending = 0; break;
      case Op::Max:
        if (sp < 2) return error("Stack underflow");
        replace2(top(0) > top(1) ? top(0) : top(1));
        break;
      case Op::Min:
        if (sp < 2) return error("Stack underflow");
        replace2(top(0) > top(1) ? top(1) : top(0));
        break;
      case Op::Arccos:
      case Op::Arcsin: {
        if (sp < 2) return error("Stack underflow");
        const double ratio = static_cast<double>(top(0)) / static_cast<double>(top(1));
        const bool cosine = cell.op == Op::Arccos;
        if (!(ratio >= -1 && ratio <= 1)) {
          return error(cosine ? "-1 <= Num / Denom <= 1 for arccos" : "-1 <= Num / Denom <= 1 for arcsin");
        }
        const double radians = cosine ? std::acos(ratio) : std::asin(ratio);
        replace2(static_cast<int16_t>(radians * 180.0 / std::numbers::pi));
        break;
      }
    }
  }
  save();
  return result;
}

}  // namespace chronon::vm
