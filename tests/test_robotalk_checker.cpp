// Tests of the IR's control-flow graph and the RoboTalk stack checker (compiler/robotalk_ir.h, robotalk_checker.h).

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_checker.h"
#include "chronon/compiler/robotalk_ir.h"
#include "chronon/compiler/robotalk_object_code.h"
#include "chronon/compiler/robotalk_rwr.h"
#include "test_support.h"

namespace {

using namespace chronon;
using namespace chronon::robotalk;

Program assemble(const std::string& text) {
  const SourceFile file("test.rt", text);
  CompileResult result = compile(file, CompileOptions{});
  INFO(render(file, result.diagnostics));
  REQUIRE_FALSE(result.diagnostics.hasErrors());
  return std::move(result.program);
}

Diagnostics checkSource(const std::string& text) {
  Diagnostics diagnostics;
  check(assemble(text), CheckOptions{}, diagnostics);
  return diagnostics;
}

size_t count(const Diagnostics& diagnostics, DiagCode code, Severity severity) {
  size_t n = 0;
  for (const Diagnostic& d : diagnostics.all()) n += d.code == code && d.severity == severity ? 1 : 0;
  return n;
}

size_t count(const Diagnostics& diagnostics, DiagCode code) {
  size_t n = 0;
  for (const Diagnostic& d : diagnostics.all()) n += d.code == code ? 1 : 0;
  return n;
}

std::string dump(const std::string& text, const Diagnostics& diagnostics) {
  return render(SourceFile("test.rt", text), diagnostics);
}

// The diagnostics of `text` that carry `code`, rendered, for failure messages and range checks.
const Diagnostic* first(const Diagnostics& diagnostics, DiagCode code) {
  for (const Diagnostic& d : diagnostics.all()) {
    if (d.code == code) return &d;
  }
  return nullptr;
}

std::string slice(const std::string& text, SourceRange range) { return text.substr(range.begin, range.size()); }

Instruction word(int16_t value, Origin origin) {
  Instruction insn;
  insn.word = value;
  insn.origin = origin;
  return insn;
}

Instruction op(Op code) { return word(static_cast<int16_t>(code), Origin::kOperator); }

Instruction literal(int value) { return word(static_cast<int16_t>(value), Origin::kLiteral); }

}  // namespace

TEST_CASE("CFG: leaders, blocks, constant targets and edges", "[checker]") {
  const std::string text = "main: range 0 > shoot IF main JUMP shoot: 20 fire' store RETURN";
  const Program program = assemble(text);
  const ControlFlowGraph cfg = buildControlFlowGraph(program);
  // Words: 0 range' 1 RECALL 2 0 3 > 4 shoot 5 IF 6 main 7 JUMP 8 20 9 fire' 10 STORE 11 JUMP 12 END.
  REQUIRE(program.code.size() == 13);
  REQUIRE(cfg.blocks.size() == 4);
  CHECK(cfg.blocks[0].begin == 0);
  CHECK(cfg.blocks[0].end == 6);
  CHECK(cfg.blocks[1].begin == 6);
  CHECK(cfg.blocks[2].begin == 8);
  CHECK(cfg.blocks[3].begin == 12);
  REQUIRE(cfg.constantTargets[5].has_value());
  CHECK(cfg.constantTargets[5]->targets == std::vector<uint16_t>{8});
  REQUIRE(cfg.constantTargets[7].has_value());
  CHECK(cfg.constantTargets[7]->targets == std::vector<uint16_t>{0});
  CHECK_FALSE(cfg.constantTargets[11].has_value());  // RETURN: the target is a return address.
  CHECK(cfg.blocks[2].computedTarget);
  // IF: falls through, returns to the next instruction, and calls `shoot`.
  bool call = false;
  bool fallThrough = false;
  for (const Edge& e : cfg.blocks[0].successors) {
    call = call || (e.kind == EdgeKind::kCall && e.block == 2);
    fallThrough = fallThrough || (e.kind == EdgeKind::kFallThrough && e.block == 1);
  }
  CHECK(call);
  CHECK(fallThrough);
  CHECK(cfg.blocks[1].successors.size() == 1);
  CHECK(cfg.blocks[1].successors[0].block == 0);
  CHECK(cfg.blockOf[10] == 2);
}

TEST_CASE("CFG: a jump landing between a push and its branch withdraws the constant target", "[checker]") {
  // 0: 4  1: JUMP  2: 1  3: JUMP  4: END. Address 1 is entered from 2-3, so 0-1 is not a constant jump.
  Program program;
  program.code = {literal(4), op(Op::Jump), literal(1), op(Op::Jump), op(Op::End)};
  const ControlFlowGraph cfg = buildControlFlowGraph(program);
  CHECK_FALSE(cfg.constantTargets[1].has_value());
  REQUIRE(cfg.constantTargets[3].has_value());
  CHECK(cfg.constantTargets[3]->targets == std::vector<uint16_t>{1});
  CHECK(cfg.blocks[cfg.blockOf[1]].begin == 1);
}

TEST_CASE("checker: certain stack underflow is an error at the instruction", "[checker]") {
  const std::string bad = "main: 1 + main JUMP";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  REQUIRE(count(d, DiagCode::kStackUnderflow, Severity::kError) == 1);
  CHECK(slice(bad, first(d, DiagCode::kStackUnderflow)->range) == "+");
  CHECK_FALSE(first(d, DiagCode::kStackUnderflow)->notes.empty());

  const std::string good = "main: 1 2 + drop main JUMP";
  const Diagnostics ok = checkSource(good);
  INFO(dump(good, ok));
  CHECK(ok.all().empty());
}

TEST_CASE("checker: an underflow reached also from a handler is only a warning", "[checker]") {
  // `work` underflows when reached from the start, but the handler also jumps there with a stack
  // the checker cannot see, so it is not certain on every path.
  const std::string text = "h range' setint inton work: drop work jump h: work jump";
  const Diagnostics d = checkSource(text);
  INFO(dump(text, d));
  CHECK(count(d, DiagCode::kStackUnderflow, Severity::kError) == 0);
  CHECK(count(d, DiagCode::kStackUnderflow, Severity::kWarning) == 1);
}

TEST_CASE("checker: DUP on an empty stack is a warning (the Mac original does not check)", "[checker]") {
  const Diagnostics d = checkSource("main: dup drop main jump");
  CHECK(count(d, DiagCode::kStackUnderflow, Severity::kWarning) == 1);
  CHECK(count(d, DiagCode::kStackUnderflow, Severity::kError) == 0);
  CHECK(checkSource("main: 1 dup drop drop main jump").all().empty());
}

TEST_CASE("checker: branches joining at different depths", "[checker]") {
  const std::string bad = "main: range 0 > over ifg 7 over: main jump";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  REQUIRE(count(d, DiagCode::kDepthMismatch, Severity::kWarning) == 1);
  const Diagnostic* mismatch = first(d, DiagCode::kDepthMismatch);
  CHECK(slice(bad, mismatch->range) == "main");  // The first instruction of `over:`.
  CHECK(mismatch->notes.size() == 2);
  CHECK(count(d, DiagCode::kStackUnderflow) == 0);

  // A join that starts with DROPALL does not care what depth each branch brings.
  CHECK(checkSource("main: range 0 > over ifg 7 over: dropall main jump").all().empty());

  const std::string good = "main: range 0 > over ifg 7 drop over: main jump";
  const Diagnostics ok = checkSource(good);
  INFO(dump(good, ok));
  CHECK(ok.all().empty());
}

TEST_CASE("checker: STORE, SETINT and SETPARAM want a variable reference on top", "[checker]") {
  const std::string bad = "main: 20 5 store 600 7 setparam main jump";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  CHECK(count(d, DiagCode::kStoreWithoutVariable, Severity::kWarning) == 2);
  CHECK(slice(bad, first(d, DiagCode::kStoreWithoutVariable)->range) == "store");
  // An unquoted hardware register reads a number: `20 aim store` is the classic mistake.
  CHECK(count(checkSource("main: 20 aim store main jump"), DiagCode::kStoreWithoutVariable) == 1);
  CHECK(checkSource("main: 20 aim' store 600 range' setparam main jump").all().empty());
  // A user variable may hold a reference on purpose, so reading one is not certainly a number
  // (no RT402); but read unquoted just before the STORE it is the manual's forgotten quote (RT411).
  CHECK(count(checkSource("main: 20 a store main jump"), DiagCode::kStoreWithoutVariable) == 0);
  CHECK(checkSource("#!!nostowarnings\nmain: 20 5 store main jump").all().empty());
}

TEST_CASE("checker: an unquoted variable before STORE, and STORE into a read-only register", "[checker]") {
  const std::string bad = "main: aim a store main jump";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  REQUIRE(count(d, DiagCode::kUnquotedStoreTarget, Severity::kWarning) == 1);
  const Diagnostic& quote = *first(d, DiagCode::kUnquotedStoreTarget);
  CHECK(slice(bad, quote.range) == "a");
  REQUIRE(quote.fixes.size() == 1);
  REQUIRE(quote.fixes[0].edits.size() == 1);
  CHECK(quote.fixes[0].edits[0].text == "'");
  CHECK(quote.fixes[0].edits[0].range.begin == 11);  // Right after `a`.
  // SETINT and SETPARAM too; a quoted target, a label between, or the directive: none.
  CHECK(count(checkSource("main: 600 a setparam main jump"), DiagCode::kUnquotedStoreTarget) == 1);
  CHECK(count(checkSource("main: aim a' store main jump"), DiagCode::kUnquotedStoreTarget) == 0);
  CHECK(count(checkSource("main: aim a here: store main jump"), DiagCode::kUnquotedStoreTarget) == 0);
  CHECK(count(checkSource("#!!nostowarnings\nmain: aim a store main jump"), DiagCode::kUnquotedStoreTarget) == 0);
  // A variable that some STORE fills with a reference is a pointer (Zolad Alive's `speedx' j' sto`).
  CHECK(count(checkSource("main: speedx' j' sto 5 j sto main jump"), DiagCode::kUnquotedStoreTarget) == 0);

  // The original ignores writes to read-only registers (specs/robowar.md §5): RT409 for STORE only,
  // since SETINT and SETPARAM name them on purpose.
  const std::string readOnly = "main: 5 range' store main jump";
  const Diagnostics r = checkSource(readOnly);
  INFO(dump(readOnly, r));
  REQUIRE(count(r, DiagCode::kWriteOfReadOnly, Severity::kWarning) == 1);
  CHECK(slice(readOnly, first(r, DiagCode::kWriteOfReadOnly)->range) == "store");
  CHECK(count(checkSource("main: 5 aim' store main jump"), DiagCode::kWriteOfReadOnly) == 0);
  CHECK(checkSource("main: 600 range' setparam main range' setint main jump").all().empty());
}

TEST_CASE("checker: a subroutine that returns to its result", "[checker]") {
  // `range return` jumps to the range reading: the return address is under it.
  const std::string bad = "main: getrange call drop main jump getrange: range return";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  REQUIRE(count(d, DiagCode::kReturnAddressBuried, Severity::kWarning) == 1);
  CHECK(slice(bad, first(d, DiagCode::kReturnAddressBuried)->range) == "return");
  CHECK(count(d, DiagCode::kComputedJump) == 0);
  // The right way, a jump to a label inside the subroutine, and a literal address: none.
  CHECK(checkSource("main: getrange call drop main jump getrange: range swap return").all().empty());
  CHECK(count(checkSource("main: sub call main jump sub: range 0 > done if return done: return"),
              DiagCode::kReturnAddressBuried) == 0);
  CHECK(count(checkSource("main: sub call main jump sub: 0 return"), DiagCode::kReturnAddressBuried) == 0);
}

TEST_CASE("checker: arithmetic on a variable reference or code address", "[checker]") {
  const std::string bad = "main: aim' 2 * drop main jump";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  REQUIRE(count(d, DiagCode::kArithmeticOnReference, Severity::kWarning) == 1);
  CHECK(slice(bad, first(d, DiagCode::kArithmeticOnReference)->range) == "*");
  CHECK(checkSource("main: aim 2 * drop main jump").all().empty());
  // Offsetting a reference is a documented idiom.
  CHECK(checkSource("main: 5 a' 1 + store main jump").all().empty());
}

TEST_CASE("checker: a computed jump is a note and its targets have unknown depth", "[checker]") {
  const std::string text = "main: a jump there: drop drop drop main jump";
  const Diagnostics d = checkSource(text);
  INFO(dump(text, d));
  CHECK(count(d, DiagCode::kComputedJump, Severity::kNote) == 1);
  CHECK(slice(text, first(d, DiagCode::kComputedJump)->range) == "jump");
  CHECK_FALSE(d.hasErrors());
  const Analysis analysis = analyze(assemble(text));
  const InstructionFacts& there = analysis.facts[3];  // a' RECALL JUMP | there: DROP
  CHECK(there.reached);
  CHECK(there.base != DepthBase::kEntry);
}

TEST_CASE("checker: a constant offset from a label resolves the jump", "[checker]") {
  // `table 2 + jump` lands on `two`, two words after `table`.
  const std::string text = "main: table 2 + jump table: one jump two: 1 drop main jump one: main jump";
  const Diagnostics d = checkSource(text);
  INFO(dump(text, d));
  CHECK(count(d, DiagCode::kComputedJump) == 0);
  CHECK_FALSE(d.hasErrors());
}

TEST_CASE("checker: falling into the trailing END", "[checker]") {
  const std::string bad = "start: 1 drop";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  REQUIRE(count(d, DiagCode::kFallsIntoEnd, Severity::kWarning) == 1);
  CHECK(slice(bad, first(d, DiagCode::kFallsIntoEnd)->range) == "drop");
  CHECK(checkSource("start: 1 drop start jump").all().empty());
}

TEST_CASE("checker: growth around a loop", "[checker]") {
  const std::string bad = "main: 1 main jump";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  REQUIRE(count(d, DiagCode::kUnboundedGrowth, Severity::kWarning) == 1);
  CHECK(slice(bad, first(d, DiagCode::kUnboundedGrowth)->range) == "1");
  CHECK_FALSE(d.hasErrors());
  CHECK(checkSource("main: 1 drop main jump").all().empty());
}

TEST_CASE("checker: certain stack overflow is an error", "[checker]") {
  std::string pushes;
  for (int i = 0; i < 100; ++i) pushes += "1 ";
  const std::string bad = "main: " + pushes + "1 dropall main jump";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  REQUIRE(count(d, DiagCode::kStackOverflow, Severity::kError) == 1);
  CHECK(first(d, DiagCode::kStackOverflow)->range.begin == bad.find("1 dropall"));
  const std::string good = "main: " + pushes + "dropall main jump";
  CHECK(checkSource(good).all().empty());
}

TEST_CASE("checker: interrupt handlers start at an unknown depth", "[checker]") {
  const std::string text =
      "hit range' setint inton main: 10 aim' store main jump\n"
      "hit: drop drop drop 0 fire' store rti";
  const Program program = assemble(text);
  Diagnostics d;
  check(program, CheckOptions{}, d);
  INFO(dump(text, d));
  CHECK_FALSE(d.hasErrors());
  CHECK(count(d, DiagCode::kStackUnderflow) == 0);
  const Analysis analysis = analyze(program);
  const auto effects = labelEffects(program, analysis);
  REQUIRE(effects.size() == 2);
  CHECK(effects[0].name == "main");
  CHECK(effects[0].text == "[0]");
  CHECK(effects[1].name == "hit");
  CHECK(effects[1].facts.base == DepthBase::kRelative);
  CHECK(effects[1].text == "[+1 rel]");  // The return address the interrupt pushed.
}

TEST_CASE("checker: subroutines through CALL and RETURN use the callee's net effect", "[checker]") {
  // `sub` leaves one cell under its return address: net +1.
  const std::string good = "main: 5 sub call drop drop main jump sub: 1 swap return";
  const Program program = assemble(good);
  Diagnostics ok;
  check(program, CheckOptions{}, ok);
  INFO(dump(good, ok));
  CHECK(ok.all().empty());
  const auto effects = labelEffects(program);
  REQUIRE(effects.size() == 2);
  CHECK(effects[1].subroutine);
  CHECK(effects[1].effect.returns);
  CHECK(effects[1].effect.minNet == 1);
  CHECK(effects[1].effect.maxNet == 1);
  CHECK(effects[1].text == "[+1 rel] sub ( 0 -- 1 )");

  const std::string bad = "main: 5 sub call drop drop drop main jump sub: 1 swap return";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  REQUIRE(count(d, DiagCode::kStackUnderflow, Severity::kError) == 1);
  CHECK(first(d, DiagCode::kStackUnderflow)->range.begin == bad.find("drop main"));
}

TEST_CASE("checker: a subroutine that reads under its return address takes those cells", "[checker]") {
  // `square` squares the cell under its return address (swap it up, square it, swap it back down).
  const std::string good = "main: 3 square call drop main jump\nsquare: swap dup * swap return\n";
  const Program program = assemble(good);
  Diagnostics ok;
  check(program, CheckOptions{}, ok);
  INFO(dump(good, ok));
  CHECK(ok.all().empty());
  const auto effects = labelEffects(program);
  REQUIRE(effects.size() == 2);
  CHECK(effects[1].effect.inputs == 1);
  CHECK(effects[1].effect.minNet == 0);
  CHECK(effects[1].text == "[+1 rel] sub ( 1 -- 1 )");

  // A subroutine that calls it takes what it takes; one that only sometimes reads deeper takes only
  // what every returning path reads.
  const std::string nested =
      "main: 3 4 quad call drop drop 1 maybe call drop main jump\n"
      "quad: swap square call square call swap return\n"
      "square: swap dup * swap return\n"
      "maybe: range 0 > done ifg swap drop 0 swap done: return\n";
  const Program two = assemble(nested);
  Diagnostics twoDiagnostics;
  check(two, CheckOptions{}, twoDiagnostics);
  INFO(dump(nested, twoDiagnostics));
  CHECK(twoDiagnostics.all().empty());
  const auto twoEffects = labelEffects(two);
  REQUIRE(twoEffects.size() == 5);  // main, quad, square, maybe, done
  CHECK(twoEffects[1].name == "quad");
  CHECK(twoEffects[1].text == "[+1 rel] sub ( 1 -- 1 )");
  CHECK(twoEffects[3].name == "maybe");
  CHECK(twoEffects[3].effect.inputs == 0);
  CHECK(twoEffects[3].effect.deepest == -1);

  // Called with nothing under the return address: the call is where the stack underflows, once,
  // and the code after it reports nothing in cascade.
  const std::string bad = "main: square call drop main jump\nsquare: swap dup * swap return\n";
  const Diagnostics d = checkSource(bad);
  INFO(dump(bad, d));
  REQUIRE(d.all().size() == 1);
  CHECK(d.all()[0].code == DiagCode::kStackUnderflow);
  CHECK(d.all()[0].range.begin == bad.find("call"));
  CHECK(d.all()[0].message.find("reads 1 stack cell under its return address") != std::string::npos);
}

TEST_CASE("checker: subroutines through IF join with the not-taken path", "[checker]") {
  const std::string balanced = "main: range 0 > shoot if main jump shoot: 20 fire' store return";
  const Diagnostics ok = checkSource(balanced);
  INFO(dump(balanced, ok));
  CHECK(ok.all().empty());

  const std::string unbalanced = "main: range 0 > push if drop main jump push: 1 swap return";
  const Diagnostics d = checkSource(unbalanced);
  INFO(dump(unbalanced, d));
  CHECK(count(d, DiagCode::kDepthMismatch, Severity::kWarning) == 1);
  CHECK_FALSE(d.hasErrors());  // The DROP may underflow on the not-taken path only: no error.
}

TEST_CASE("checker: IFE calls one of two subroutines", "[checker]") {
  const std::string text = "main: range 0 > a b ife main jump a: return b: 1 swap return";
  const Diagnostics d = checkSource(text);
  INFO(dump(text, d));
  CHECK(count(d, DiagCode::kDepthMismatch) == 1);
  CHECK_FALSE(d.hasErrors());
  CHECK(checkSource("main: range 0 > a b ife main jump a: return b: return").all().empty());
}

TEST_CASE("checker: a subroutine that never returns is a goto with a return address left", "[checker]") {
  // The common idiom before IFG: the callee drops its return address and jumps back.
  const std::string text = "main: range 0 > shoot if main jump shoot: drop 20 fire' store main jump";
  const Diagnostics d = checkSource(text);
  INFO(dump(text, d));
  CHECK(d.all().empty());
}

TEST_CASE("checker: `label RTI` is a goto that re-enables interrupts", "[checker]") {
  // Zolad Alive ends its setup with `Grand_Aim rti`.
  const std::string text = "start: loop rti loop: 1 drop loop jump";
  const Program program = assemble(text);
  const ControlFlowGraph cfg = buildControlFlowGraph(program);
  REQUIRE(cfg.constantTargets[1].has_value());
  CHECK(cfg.constantTargets[1]->targets == std::vector<uint16_t>{2});
  Diagnostics d;
  check(program, CheckOptions{}, d);
  INFO(dump(text, d));
  CHECK(d.all().empty());
  const auto effects = labelEffects(program);
  REQUIRE(effects.size() == 2);
  CHECK(effects[1].text == "[0]");
}

TEST_CASE("checker: a return address used as an interrupt handler", "[checker]") {
  // Zolad Alive's trick: `Reaqire` is called, and its return address becomes the RANGE handler.
  const std::string text = "start: reaqire call 10 aim' store start jump reaqire: range' setint inton sync start jump";
  const Diagnostics d = checkSource(text);
  INFO(dump(text, d));
  CHECK_FALSE(d.hasErrors());
  CHECK(count(d, DiagCode::kStoreWithoutVariable) == 0);
}

TEST_CASE("checker: DROPALL and ROLL", "[checker]") {
  CHECK(checkSource("main: 1 2 3 dropall main jump").all().empty());
  // ROLL removes its count: 1 2 3 2 ROLL leaves three cells.
  CHECK(checkSource("main: 1 2 3 2 roll drop drop drop main jump").all().empty());
  CHECK(count(checkSource("main: 1 2 3 2 roll drop drop drop drop main jump"), DiagCode::kStackUnderflow,
              Severity::kError) == 1);
  // A count of 3 needs x plus three cells under it.
  CHECK(count(checkSource("main: 1 2 3 3 roll dropall main jump"), DiagCode::kStackUnderflow, Severity::kError) == 1);
  // ROLL keeps kinds: `20 aim' 5 1 roll` moves the 5 under the reference, so STORE is fine;
  // `20 5 aim' 1 roll` moves the reference down and leaves the 5 on top.
  CHECK(checkSource("main: 20 aim' 5 1 roll store dropall main jump").all().empty());
  CHECK(count(checkSource("main: 20 5 aim' 1 roll store dropall main jump"), DiagCode::kStoreWithoutVariable) == 1);
}

TEST_CASE("checker: pathological inputs stay linear and never recurse", "[checker]") {
  SECTION("5000 jumps to themselves") {
    Program program;
    for (int i = 0; i < 2500; ++i) {
      program.code.push_back(literal(2 * i));
      program.code.push_back(op(Op::Jump));
    }
    program.code.push_back(op(Op::End));
    const Analysis analysis = analyze(program);
    CHECK(analysis.complete);
    CHECK(analysis.blockVisits <= 4 * program.code.size());
    Diagnostics d;
    check(program, CheckOptions{}, d);
    CHECK_FALSE(d.hasErrors());
  }
  SECTION("a deep chain of CALLs, each returning") {
    Program program;
    for (int i = 0; i < 2499; ++i) {
      program.code.push_back(literal(2 * i + 2));
      program.code.push_back(op(Op::Call));
    }
    program.code.push_back(op(Op::Jump));  // 4998: RETURN
    program.code.push_back(op(Op::Jump));  // 4999
    program.code.push_back(op(Op::End));
    const Analysis analysis = analyze(program);
    CHECK(analysis.blockVisits <= 40 * program.code.size() + 20000 + 1);
    Diagnostics d;
    check(program, CheckOptions{}, d);
    CHECK_FALSE(d.hasErrors());
    // Each subroutine falls into the next one, so the work grows with the square of the chain:
    // the checker stops at its budget and says so.
    CHECK_FALSE(analysis.complete);
    CHECK(count(d, DiagCode::kCheckIncomplete, Severity::kNote) == 1);
  }
  SECTION("5000 DUPs overflow once, certainly") {
    Program program;
    program.code.push_back(literal(1));
    for (int i = 0; i < 4998; ++i) program.code.push_back(op(Op::Dup));
    program.code.push_back(op(Op::End));
    Diagnostics d;
    check(program, CheckOptions{}, d);
    CHECK(count(d, DiagCode::kStackOverflow, Severity::kError) == 1);
  }
  SECTION("random words") {
    uint32_t seed = 12345;
    for (int round = 0; round < 20; ++round) {
      Program program;
      for (int i = 0; i < 5000; ++i) {
        seed = seed * 1664525u + 1013904223u;
        const uint32_t pick = (seed >> 8) % 4;
        if (pick == 0) {
          program.code.push_back(literal(static_cast<int>((seed >> 12) % 5000)));
        } else if (pick == 1) {
          program.code.push_back(
              word(static_cast<int16_t>(kRegisterBase + (seed >> 12) % 69), Origin::kQuotedRegister));
        } else {
          const auto& ops = kOperators;
          program.code.push_back(op(ops[(seed >> 12) % ops.size()].op));
        }
      }
      program.code.push_back(op(Op::End));
      Diagnostics d;
      check(program, CheckOptions{}, d);  // Must terminate without crashing; errors are allowed here.
      SUCCEED();
    }
  }
}

TEST_CASE("checker: no errors on any robot of the corpus", "[checker][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  const std::filesystem::path root = chronon::test::sharedDir() / "corpus" / "robowar";
  std::ifstream index(root / "SOURCES.tsv");
  REQUIRE(index);
  std::string line;
  std::getline(index, line);  // Header.
  size_t robots = 0;
  size_t warnings = 0;
  size_t notes = 0;
  while (std::getline(index, line)) {
    std::istringstream fields(line);
    std::string file;
    std::string sha;
    std::string kind;
    std::getline(fields, file, '\t');
    std::getline(fields, sha, '\t');
    std::getline(fields, kind, '\t');
    Program program;
    std::optional<SourceFile> source;
    Diagnostics loadDiagnostics;
    if (kind == "source" || kind == "disassembly") {
      source = loadSourceFile((root / file).string(), loadDiagnostics);
      REQUIRE(source.has_value());
      CompileResult compiled = compile(*source, CompileOptions{});
      INFO(file << "\n" << render(*source, compiled.diagnostics));
      REQUIRE_FALSE(compiled.diagnostics.hasErrors());
      program = std::move(compiled.program);
    } else if (kind == "bytecode") {
      // The original compiler's own output: no labels or ranges, every number a plain number.
      source = loadSourceFile((root / file).string(), loadDiagnostics);
      REQUIRE(source.has_value());
      ObjectCodeResult object = readObjectCode(*source);
      INFO(file << "\n" << render(*source, object.diagnostics));
      REQUIRE_FALSE(object.diagnostics.hasErrors());
      program = programFromWords(object.words, file);
    } else if (kind == "rwr-binary") {
      const auto rwr = readRwrFile((root / file).string(), loadDiagnostics);
      INFO(file);
      REQUIRE(rwr.has_value());
      program = programFromRwr(*rwr);
      source = SourceFile(file, "");
    } else {
      continue;
    }
    Diagnostics diagnostics;
    check(program, CheckOptions{}, diagnostics);
    INFO(file << "\n" << render(*source, diagnostics));
    CHECK(diagnostics.errorCount() == 0);
    const Analysis analysis = analyze(program);
    CHECK(analysis.complete);
    ++robots;
    for (const Diagnostic& d : diagnostics.all()) {
      warnings += d.severity == Severity::kWarning ? 1 : 0;
      notes += d.severity == Severity::kNote ? 1 : 0;
    }
  }
  CHECK(robots >= 60);
  WARN("stack checker over " << robots << " corpus robots: 0 errors, " << warnings << " warnings, " << notes
                             << " notes");
}
