// The Grobocode brain interpreter and `chronon run` (specs/grobots-language.md §2, §3.1, §5 and the
// worked values of Appendix B). Each case compiles a tiny side with compileSide and runs it on the
// test host.

#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "chronon/vm/grobocode_test_host.h"
#include "test_grobocode_support.h"
#include "test_support.h"

namespace {

using chronon::SourceFile;
using chronon::grobots::Fixed;
namespace gc = chronon::grobocode;

// A compiled one-type side and everything needed to run it.
struct Run {
  explicit Run(int32_t seed) : host(seed) {}
  gc::SideResult side;
  gc::GrobocodeTestHost host;
  gc::MachineState state;

  const gc::Program& brain() const { return *side.side.types.at(0).brain; }
};

// Compiles `code` as the only type's brain (processor 1000 instructions, `memory` cells) and runs it
// with `cycles` cycles, skipping the newborn frame. The side must load without diagnostics.
std::unique_ptr<Run> runCode(const std::string& code, int32_t cycles = 1000, int32_t memory = 10, int32_t seed = 1) {
  auto run = std::make_unique<Run>(seed);
  const SourceFile file("test.gb", "#side Tests\n#type Probe\n#hardware\nprocessor 1000 " + std::to_string(memory) +
                                       "\n#code\n" + code + "\n#end\n");
  run->side = gc::compileSide(file);
  INFO(code);
  REQUIRE(run->side.loaded());
  REQUIRE(run->side.diagnostics.all().empty());
  REQUIRE(run->side.side.types.size() == 1);
  REQUIRE(run->side.side.types[0].brain.has_value());
  run->state = gc::makeBrainState(run->brain(), memory);
  gc::run(run->state, run->brain(), run->host, cycles);
  return run;
}

// The lines `code` prints before it stops or falls off the end.
std::vector<std::string> printsOf(const std::string& code) { return runCode(code)->host.printed; }

// Runs `code` (which prints one line and then runs into the appended `end`) and checks the line.
void checkPrints(const std::string& code, const std::string& expected) {
  const auto run = runCode(code);
  INFO(code);
  REQUIRE(run->host.printed.size() == 1);
  CHECK(run->host.printed[0] == expected);
  CHECK(run->state.errorMessage == "fell off end of code");
}

// Runs `code` and checks that the brain crashed with `message`.
void checkError(const std::string& code, const std::string& message) {
  const auto run = runCode(code);
  INFO(code);
  CHECK(run->state.status == gc::BrainStatus::kError);
  CHECK(run->state.errorMessage == message);
}

}  // namespace

TEST_CASE("Appendix B.2 worked values print exactly", "[grobocode-vm]") {
  // Constants.
  checkPrints("pi print", "3.141");
  checkPrints("2pi print", "6.283");
  checkPrints("pi/2 print", "1.571");
  checkPrints("e print", "2.718");
  checkPrints("epsilon print", "0.000");
  checkPrints("infinity print", "524288.000");
  // Arithmetic.
  checkPrints("1 3 / print", "0.333");
  checkPrints("-1 3 / print", "-0.333");
  checkPrints("epsilon epsilon * print", "0");
  checkPrints("epsilon negate epsilon * print", "-0.000");
  checkError("1000 1000 * print", "arithmetic overflow");
  checkError("1 0 / print", "division by zero");
  checkError("-1 sqrt print", "imaginary result");
  checkPrints("2 sqrt print", "1.414");
  // Trigonometry.
  checkPrints("1 sin print", "0.841");
  checkPrints("-1 sin print", "-0.841");
  checkPrints("pi cos print", "-1.000");
  checkError("2 arcsin print", "arithmetic overflow");
  // Exponents.
  checkError("-8 0.5 exponent print", "arithmetic overflow");
  checkError("0 -1 exponent print", "arithmetic overflow");
  checkPrints("2 10 exponent print", "1024");
  // mod and rem.
  checkPrints("-7 3 mod print", "2");
  checkPrints("7 -3 mod print", "-2");
  checkPrints("-7 -3 mod print", "-1");
  checkPrints("-7 3 rem print", "-1");
  // reorient.
  checkPrints("4 reorient print", "-2.283");
  checkPrints("pi negate reorient print", "3.141");
  checkPrints("pi reorient print", "3.141");
  // Rounding.
  checkPrints("-2.5 round print", "-2");
  checkPrints("2.5 round print", "3");
  checkPrints("-0.5 floor print", "-1");
  checkPrints("-0.5 ceiling print", "0");
  checkError("infinity ceiling print", "arithmetic overflow");
  checkError("infinity epsilon + print", "arithmetic overflow");
  // Vectors.
  checkPrints("3 4 norm print", "5");
  checkPrints("0 0 angle print", "0");
  checkPrints("0 0 unitize drop print", "1");
  checkPrints("3 4 unitize vprint", "<0.600, 0.800>");
  checkPrints("3 4 unitize nip print", "0.800");
}

TEST_CASE("Appendix B.2 printing table, built with epsilon times the raw value", "[grobocode-vm]") {
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"0", "0"},          {"1", "0.000"},    {"-1", "-0.000"},  {"4095", "1.000"}, {"2048", "0.500"},
      {"-5120", "-1.250"}, {"503808", "123"}, {"2047", "0.500"}, {"2", "0.000"},    {"6", "0.001"},
  };
  for (const auto& [raw, text] : rows) checkPrints("epsilon " + raw + " * print", text);
  checkPrints("infinity print", "524288.000");
  checkPrints("1.5 -2 vprint", "<1.500, -2>");
}

TEST_CASE("Appendix B.1 literals print exactly", "[grobocode-vm]") {
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"0.25", "0.250"},    {"0.1", "0.100"},      {"0.5", "0.500"},     {"0.05", "0.050"},
      {"0.001", "0.001"},   {"0.0001", "0"},       {"0.00009", "0"},     {"1.9999", "1.999"},
      {"3.14159", "3.141"}, {"-0.5", "-0.500"},    {"+7", "7"},          {"-.5", "-0.500"},
      {".5", "0.500"},      {"5.", "5"},           {"0.75", "0.750"},    {"0.3", "0.300"},
      {"0.7", "0.700"},     {"0.9", "0.900"},      {"2.6", "2.600"},     {"100.125", "100.125"},
      {"524287", "524287"}, {"1000000", "-48576"}, {"2147483", "50331"}, {"99999999", "385279"},
  };
  for (const auto& [literal, text] : rows) checkPrints(literal + " print", text);
  checkError("524288 print", "arithmetic overflow");
}

TEST_CASE("Appendix B.2 random numbers come from the host's generator", "[grobocode-vm]") {
  const auto run = runCode(
      "0 99 random-int print 0 99 random-int print 0 99 random-int print "
      "0 99 random-int print 0 99 random-int print",
      1000, 10, 12345);
  CHECK(run->host.printed == std::vector<std::string>{"43", "50", "51", "15", "70"});
  const auto angle = runCode("random-angle print", 1000, 10, 1);
  CHECK(angle->host.printed == std::vector<std::string>{chronon::grobots::toString(Fixed::fromRaw(-8151)).value()});
}

TEST_CASE("stack words, stale cells and the stack limits", "[grobocode-vm]") {
  CHECK(printsOf("1 2 swap print print") == std::vector<std::string>{"1", "2"});
  CHECK(printsOf("1 2 3 rot print print print") == std::vector<std::string>{"1", "3", "2"});
  CHECK(printsOf("1 2 3 rrot print print print") == std::vector<std::string>{"2", "1", "3"});
  CHECK(printsOf("1 2 3 4 2swap print print print print") == std::vector<std::string>{"2", "1", "4", "3"});
  CHECK(printsOf("1 2 tuck print print print") == std::vector<std::string>{"2", "1", "2"});
  CHECK(printsOf("1 2 3 3 pick print stack print") == std::vector<std::string>{"1", "3"});
  CHECK(printsOf("stack-limit print stack print") == std::vector<std::string>{"100", "0"});
  CHECK(printsOf("1 0 2 ifev print 0 1 2 ifev print") == std::vector<std::string>{"0", "2"});
  // A negative dropn re-exposes stale cells (§2.1 #5): -2 overwrote the 2.
  CHECK(printsOf("1 2 3 2 dropn -2 dropn print print") == std::vector<std::string>{"3", "-2"});
  checkError("drop", "stack underflow");
  checkError("0 pick", "bad argument (no more detail available)");
  checkError("1 2 5 dropn", "bad argument (no more detail available)");
  checkError("1 2 3 pick", "stack underflow");
  checkError("do 1 forever", "stack overflow");
  // A vector push needs two free cells: 99 cells leave one.
  checkError("-99 dropn 2dup", "stack overflow");
  CHECK(printsOf("-98 dropn 2dup drop stack print") == std::vector<std::string>{"99"});
  checkError("0.5 dropn", "0.500 is not an integer");
}

namespace {

// Runs `code` to its error with `run` (the fast loop) and again with `step` alone, checks that both
// leave the same state (message, pc, stacks, local and shared memory), and returns the first run.
std::unique_ptr<Run> failedAlike(const std::string& code) {
  auto fast = runCode(code);
  INFO(code);
  CHECK(fast->state.status == gc::BrainStatus::kError);
  gc::MachineState stepped = gc::makeBrainState(fast->brain(), 10);
  gc::GrobocodeTestHost host(1);
  stepped.remaining = 1000;
  for (int i = 0; i < 1000 && stepped.status == gc::BrainStatus::kOk; ++i) gc::step(stepped, fast->brain(), host);
  CHECK(stepped.errorMessage == fast->state.errorMessage);
  CHECK(stepped.pc == fast->state.pc);
  CHECK(stepped.height == fast->state.height);
  CHECK(stepped.returnHeight == fast->state.returnHeight);
  CHECK(std::equal(stepped.stack.begin(), stepped.stack.end(), fast->state.stack.begin()));
  CHECK(host.shared == fast->host.shared);
  CHECK(stepped.memory.load(1) == fast->state.memory.load(1));
  return fast;
}

}  // namespace

TEST_CASE("a failing stack word leaves the stack as the original's pops and pushes do", "[grobocode-vm]") {
  // The state after the error, as `run` (the fast loop) and `step` alone leave it.
  const auto after = [](const std::string& code) {
    const auto run = failedAlike(code);
    return std::pair{run->state.errorMessage, run->state.height};
  };
  using Outcome = std::pair<std::string, int32_t>;
  // A word that pops pops what there is: the stack is empty after its underflow.
  CHECK(after("1 swap") == Outcome{"stack underflow", 0});
  CHECK(after("1 2 3 2swap") == Outcome{"stack underflow", 0});
  CHECK(after("1 tuck") == Outcome{"stack underflow", 0});
  // A word that copies only reads: its underflow leaves the stack as it was.
  CHECK(after("1 over") == Outcome{"stack underflow", 1});
  CHECK(after("1 2 3 2over") == Outcome{"stack underflow", 3});
  // tuck pushes one cell at a time: its third push overflows after the first two.
  const auto tuck = runCode("-98 dropn 1 2 tuck");
  CHECK(after("-98 dropn 1 2 tuck") == Outcome{"stack overflow", 100});
  CHECK(tuck->state.stack[98] == Fixed::fromRaw(2 * Fixed::kOneRaw));
  CHECK(tuck->state.stack[99] == Fixed::fromRaw(Fixed::kOneRaw));
  // A copying word needs room for all its copies before it writes one.
  CHECK(after("-97 dropn 1 2 2dup") == Outcome{"stack overflow", 99});
  CHECK(after("-99 dropn 1 dup") == Outcome{"stack overflow", 100});
}

TEST_CASE("a failing machine word leaves the state as the original's pops and pushes do", "[grobocode-vm]") {
  // The state after the error, as `run` (the fast loop) and `step` alone leave it; the machine
  // words' entries (grobocode_semantics.def) run in both.
  struct After {
    std::string message;
    int32_t height;
    int32_t returnHeight;
    gc::SharedMemory shared;
    Fixed firstCell;
  };
  const auto after = [](const std::string& code) {
    const auto run = failedAlike(code);
    return After{run->state.errorMessage, run->state.height, run->state.returnHeight, run->host.shared,
                 run->state.memory.load(1)};
  };
  const Fixed two = Fixed::fromInteger(2).value();
  // The inputs are popped one at a time before the word's own checks.
  CHECK(after("7 5000 jump").height == 1);
  CHECK(after("5 ifeg").message == "stack underflow");
  CHECK(after("5 ifeg").height == 0);
  CHECK(after("1 0.5 ifg").message == "0.500 is not an integer");
  CHECK(after("1 0.5 ifg").height == 0);
  // vread pops its address, then needs room for both cells before it writes one (§5.1).
  const After vread = after("-99 dropn 5 vread");
  CHECK(vread.message == "stack overflow");
  CHECK(vread.height == 99);
  CHECK(after("-100 dropn stack").height == 100);
  // r> pops the return stack even when its push then overflows.
  const After rfrom = after("a& >r -100 dropn r> a:");
  CHECK(rfrom.message == "stack overflow");
  CHECK(rfrom.returnHeight == 0);
  // vwrite and vstore write y at address + 1 before they check the address (§2.7 #113).
  const After vwrite = after("1 2 0 vwrite");
  CHECK(vwrite.message == "index out of range");
  CHECK(vwrite.shared[0] == two);
  const After vstore = after("1 2 0 vstore");
  CHECK(vstore.message == "index out of range");
  CHECK(vstore.firstCell == two);
  // A call with a full return stack fails before it jumps.
  CHECK(after("f: f^").returnHeight == gc::kReturnStackLimit);
}

TEST_CASE("control flow, the return stack and addresses", "[grobocode-vm]") {
  CHECK(printsOf("sub^ 2 print stop sub: 1 print return") == std::vector<std::string>{"1", "2"});
  CHECK(printsOf("1 if 1 print else 2 print then 0 if 3 print else 4 print then stop") ==
        std::vector<std::string>{"1", "4"});
  CHECK(printsOf("0 do dup 3 < while dup print 1 + loop stop") == std::vector<std::string>{"0", "1", "2"});
  CHECK(printsOf("a& >r r> print stop a:") == std::vector<std::string>{"5"});
  // An untaken branch never checks its address (§2.2).
  CHECK(printsOf("0 5000 ifg 1 print stop") == std::vector<std::string>{"1"});
  checkError("5000 jump", "invalid address: 5000");
  checkError("-1 call", "invalid address: -1");
  checkError("0.5 jump", "0.500 is not an integer");
  checkError("5000 >r", "invalid address: 5000");
  checkError("r>", "stack underflow");
  checkError("rdrop", "stack underflow");
  checkError("return", "stack underflow");
  checkError("f: f^", "stack overflow");
  checkError("1 print", "fell off end of code");
  checkError("end", "fell off end of code");
  checkError("subswap", "illegal or unimplemented instruction");
  checkError("1 2 3 roll", "illegal or unimplemented instruction");
  const auto stopped = runCode("1 print stop 2 print");
  CHECK(stopped->state.status == gc::BrainStatus::kStopped);
  CHECK(stopped->host.printed == std::vector<std::string>{"1"});
}

TEST_CASE("an error stops the brain for good and is reported as the original does", "[grobocode-vm]") {
  auto run = runCode("1 print\n1 0 /\n2 print");
  CHECK(run->state.status == gc::BrainStatus::kError);
  CHECK(run->state.error == gc::RuntimeError::kDivisionByZero);
  CHECK(gc::run(run->state, run->brain(), run->host, 100) == 0);
  CHECK(run->host.printed == std::vector<std::string>{"1"});
  CHECK(gc::errorReport(run->state, run->brain(), "Tests", "Probe", 3) ==
        "Tests' Probe #3 had error in brain, probably at 4 (line 7): division by zero");
  CHECK(gc::errorReport(run->state, run->brain(), "Bob", "Probe", 1).rfind("Bob's Probe #1 had error", 0) == 0);
}

TEST_CASE("memory: local, shared, vectors and ranges", "[grobocode-vm]") {
  CHECK(printsOf("7 3 store 3 load print 4 load print") == std::vector<std::string>{"7", "0"});
  CHECK(printsOf("1 2 9 vstore 9 vload print print") == std::vector<std::string>{"2", "1"});
  checkError("1 11 store", "index out of range");
  checkError("0 load", "index out of range");
  checkError("1.5 load", "1.500 is not an integer");
  checkError("1 2 10 vstore", "index out of range");
  // vstore writes y to addr+1 first, so addr 0 leaves a partial write (§2.7 #113).
  const auto partial = runCode("1 2 0 vstore");
  CHECK(partial->state.errorMessage == "index out of range");
  CHECK(partial->state.memory.load(1) == Fixed::fromInteger(2).value());
}

TEST_CASE("shared memory and messages go through the host", "[grobocode-vm]") {
  const auto run = runCode("7 5 write 5 read print 1 2 999 vwrite 1000 read print 998 read print");
  CHECK(run->host.printed == std::vector<std::string>{"7", "2", "0"});
  CHECK(run->host.shared[998] == Fixed::fromInteger(1).value());
  checkError("1 1001 write", "index out of range");
  checkError("1 2 1000 vwrite", "index out of range");
  CHECK(printsOf("10 20 2 1 send 1 messages print 1 receive print print print 1 receive print") ==
        std::vector<std::string>{"1", "2", "20", "10", "0"});
  checkError("0 1 send", "Cannot send message of non-positive length");
  checkError("9 1 send", "Attempting to make a message that's too long");
  checkError("1 1 11 send", "index out of range");
  checkError("receive", "stack underflow");
  checkError("0.5 receive", "0.500 is not an integer");
}

TEST_CASE("local memory is sized by the processor", "[grobocode-vm]") {
  const auto none = runCode("1 1 store", 1000, 0);
  CHECK(none->state.errorMessage == "index out of range");
  const auto huge = runCode("5 400000 store 400000 load print 399999 load print", 1000, 500000);
  CHECK(huge->host.printed == std::vector<std::string>{"5", "0"});
}

TEST_CASE("hardware reads, writes and calls go through the host", "[grobocode-vm]") {
  SECTION("reads serve the host's values and the spec defaults") {
    const auto run = runCode("time print armor print engine-velocity vprint");
    CHECK(run->host.printed == std::vector<std::string>{"0", "1", "<0, 0>"});
  }
  SECTION("writes are recorded; read-only and unlisted names crash") {
    const auto run = runCode("3 engine-power! 1 2 engine-velocity! stop");
    REQUIRE(run->host.scalarWrites.size() == 1);
    CHECK(run->host.scalarWrites[0].hw == gc::HwScalar::EnginePower);
    CHECK(run->host.scalarWrites[0].value == Fixed::fromInteger(3).value());
    REQUIRE(run->host.vectorWrites.size() == 1);
    CHECK(run->host.vectorWrites[0].value.y == Fixed::fromInteger(2).value());
    checkError("5 time!", "tried to write a read-only variable");
    checkError("1 robot-flag!", "illegal or unimplemented hardware variable");
    checkError("engine-power!", "stack underflow");
  }
  SECTION("hardware primitives pop their inputs and push the served outputs") {
    auto run = runCode("1 2 seek-location fire-robot-sensor next-robot print 10 20 3 restrict-position vprint stop");
    REQUIRE(run->host.calls.size() == 4);
    CHECK(run->host.calls[0].prim == gc::Prim::SeekLocation);
    CHECK(run->host.calls[0].inputs ==
          std::vector<Fixed>{Fixed::fromInteger(1).value(), Fixed::fromInteger(2).value()});
    CHECK(run->host.calls[3].inputs.size() == 3);
    CHECK(run->host.printed == std::vector<std::string>{"0", "<0, 0>"});
    const auto dead = runCode("die 1 print");
    CHECK(dead->state.status == gc::BrainStatus::kStopped);
    CHECK(dead->host.printed.empty());
  }
}

TEST_CASE("frames: newborn brains wait, the budget, sync and no carry-over", "[grobocode-vm]") {
  const SourceFile file("t.gb", "#side S\n#type T\n#hardware\nprocessor 8\n#code\ndo 1 print forever\n#end\n");
  const gc::SideResult side = gc::compileSide(file);
  REQUIRE(side.loaded());
  const gc::Program& brain = *side.side.types[0].brain;
  gc::GrobocodeTestHost host;
  gc::MachineState state = gc::makeBrainState(brain, 0);
  // The first Think runs nothing (§5.2 item 3).
  CHECK(gc::think(state, brain, host, 8) == 0);
  CHECK(host.printed.empty());
  // Each loop pass is 4 instructions (1, print, the label read and jump), so 8 cycles print twice.
  CHECK(gc::think(state, brain, host, 8) == 8);
  CHECK(host.printed.size() == 2);
  CHECK(host.instructionsThought == 8);
  CHECK(gc::think(state, brain, host, 8) == 8);
  CHECK(host.printed.size() == 4);

  const SourceFile synced("s.gb", "#side S\n#type T\n#hardware\nprocessor 100\n#code\ndo 1 print sync forever\n#end\n");
  const gc::SideResult side2 = gc::compileSide(synced);
  REQUIRE(side2.loaded());
  const gc::Program& brain2 = *side2.side.types[0].brain;
  gc::GrobocodeTestHost host2;
  gc::MachineState state2 = gc::makeBrainState(brain2, 0);
  for (int frame = 0; frame < 4; ++frame) gc::think(state2, brain2, host2, 100);
  // One print per frame after the newborn one; unused cycles never carry over.
  CHECK(host2.printed.size() == 3);
  CHECK(state2.remaining == 100);
  // The first pass runs 1, print and sync; later ones also the loop's label read and jump.
  CHECK(host2.instructionsThought == 3 + 5 + 5);

  // A firing periodic sensor syncs.
  gc::GrobocodeTestHost host3;
  host3.outputs[gc::Prim::PeriodicRobotSensor] = {Fixed::fromInteger(1).value()};
  const SourceFile periodic(
      "p.gb", "#side S\n#type T\n#hardware\nprocessor 100\n#code\ndo 5 periodic-robot-sensor print forever\n#end\n");
  const gc::SideResult side3 = gc::compileSide(periodic);
  REQUIRE(side3.loaded());
  gc::MachineState state3 = gc::makeBrainState(*side3.side.types[0].brain, 0);
  state3.remaining = 100;
  CHECK(gc::run(state3, *side3.side.types[0].brain, host3) == 2);
  CHECK(host3.printed.empty());
}

TEST_CASE("chronon run prints the worked values", "[grobocode-vm]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "chronon-grobocode-vm-test";
  fs::create_directories(dir);
  {
    // Printer's armor makes it cost 3507, so the side, playing alone, seeds Idle, Printer and Idle
    // from its budget of 4800 (grobots-world.md §12).
    std::ofstream out(dir / "side.gb");
    out << "#side Tests\n#type Idle\n#hardware\nprocessor 5\n#code\ntime print stop\n"
           "#type Printer\n#hardware\nprocessor 10\narmor 3000\n#code\n"
           "pi print 1 3 / print -7 3 mod print 4 reorient print 3 4 unitize vprint\n"
           "1 0 /\n#end\n";
  }
  const auto runCommand = [&](const std::string& args) {
    const std::string command = "'" + chronon::test::chrononBinary().string() + "' run " + args + " > '" +
                                (dir / "out.txt").string() + "' 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream in(dir / "out.txt");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return std::make_pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1, text);
  };
  // Seeded robots first think in frame 1, where `time` reads 1; each frame runs 10 of Printer's
  // instructions, so its prints spread over frames 1 and 2, in the world's order of robots.
  const auto [status, text] = runCommand("'" + (dir / "side.gb").string() + "' --frames 4");
  CHECK(status == 0);
  CHECK(text ==
        "Tests' Idle #3 prints: 1\n"
        "Tests' Printer #2 prints: 3.141\nTests' Printer #2 prints: 0.333\nTests' Printer #2 prints: 2\n"
        "Tests' Idle #1 prints: 1\n"
        "Tests' Printer #2 prints: -2.283\nTests' Printer #2 prints: <0.600, 0.800>\n"
        "Tests' Printer #2 had error in brain, probably at 19 (line 13): division by zero\n");
  // --type shows one type's reports; --frames 2 runs frames 0 (nothing) and 1.
  const auto [status2, text2] = runCommand("'" + (dir / "side.gb").string() + "' --type printer --frames 2");
  CHECK(status2 == 0);
  CHECK(text2 == "Tests' Printer #2 prints: 3.141\nTests' Printer #2 prints: 0.333\nTests' Printer #2 prints: 2\n");
  const auto [status3, text3] = runCommand("'" + (dir / "side.gb").string() + "' --frames x");
  CHECK(status3 == 2);
  const auto [status4, text4] = runCommand("'" + (dir / "side.gb").string() + "' --type Nobody");
  CHECK(status4 == 1);
  const auto [status5, text5] = runCommand("'" + (dir / "missing.gb").string() + "'");
  CHECK(status5 == 1);
  // --cycles meant something only on the world-less host; it is a usage error that says why.
  const auto [status6, text6] = runCommand("'" + (dir / "side.gb").string() + "' --cycles 3");
  CHECK(status6 == 2);
  CHECK(text6.find("processor") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("run is resumable and stops exactly at its cycle budget", "[grobocode-vm]") {
  auto run = runCode("1 print 2 print 3 print", 3);
  CHECK(run->host.printed == std::vector<std::string>{"1"});
  CHECK(run->state.status == gc::BrainStatus::kOk);
  CHECK(run->state.remaining == 0);
  CHECK(run->state.pc == 3);
  CHECK(gc::run(run->state, run->brain(), run->host, 1) == 1);
  CHECK(run->host.printed == std::vector<std::string>{"1", "2"});
  CHECK(gc::run(run->state, run->brain(), run->host, 0) == 0);
  CHECK(gc::run(run->state, run->brain(), run->host, 100) == 3);
  CHECK(run->host.printed == std::vector<std::string>{"1", "2", "3"});
  CHECK(run->state.errorMessage == "fell off end of code");
  CHECK(run->state.errorPc == static_cast<int32_t>(run->brain().instructions.size()) - 2);
}

namespace {

// A host that logs every call with the brain state the host could see at that moment (pc, cycle
// counts, stack heights), then serves it from a test host: `run` keeps those fields in locals and
// must write them back before each host call exactly as `step` leaves them.
class LoggingHost final : public gc::Host {
 public:
  explicit LoggingHost(int32_t seed) : inner(seed) {}
  gc::GrobocodeTestHost inner;
  const gc::MachineState* state = nullptr;
  std::vector<std::string> log;

  gc::HostValue readScalar(gc::HwScalar hw) override {
    note("readScalar " + std::to_string(static_cast<int>(hw)));
    return inner.readScalar(hw);
  }
  gc::HostVector readVector(gc::HwVector hw) override {
    note("readVector " + std::to_string(static_cast<int>(hw)));
    return inner.readVector(hw);
  }
  gc::RuntimeError writeScalar(gc::HwScalar hw, Fixed value) override {
    note("writeScalar " + std::to_string(static_cast<int>(hw)) + " " + std::to_string(value.raw()));
    return inner.writeScalar(hw, value);
  }
  gc::RuntimeError writeVector(gc::HwVector hw, chronon::grobots::FixedVector value) override {
    note("writeVector " + std::to_string(static_cast<int>(hw)) + " " + std::to_string(value.x.raw()) + " " +
         std::to_string(value.y.raw()));
    return inner.writeVector(hw, value);
  }
  gc::RuntimeError callHardware(gc::Prim prim, std::span<const Fixed> inputs, std::span<Fixed> outputs) override {
    note("callHardware " + std::to_string(static_cast<int>(prim)) + " " + std::to_string(inputs.size()));
    return inner.callHardware(prim, inputs, outputs);
  }
  gc::RuntimeError send(Fixed channel, std::span<const Fixed> values) override {
    note("send " + std::to_string(channel.raw()) + " " + std::to_string(values.size()));
    return inner.send(channel, values);
  }
  gc::RuntimeError receive(Fixed channel, gc::Message& message) override {
    note("receive " + std::to_string(channel.raw()));
    return inner.receive(channel, message);
  }
  gc::SharedMemory& sharedMemory() override {
    note("sharedMemory");
    return inner.sharedMemory();
  }
  chronon::grobots::RandomState& random() override {
    note("random");
    return inner.random();
  }
  void print(std::string_view text) override {
    note("print " + std::string(text));
    inner.print(text);
  }
  void beep() override { note("beep"); }
  void pause() override { note("pause"); }
  void thought(int32_t instructions) override { note("thought " + std::to_string(instructions)); }

 private:
  void note(const std::string& what) {
    log.push_back(what + " @" + std::to_string(state->pc) + " r" + std::to_string(state->remaining) + " u" +
                  std::to_string(state->used) + " h" + std::to_string(state->height) + " rh" +
                  std::to_string(state->returnHeight));
  }
};

// `run` as repeated `step`s, the definition `run`'s fast loop must match: a pc outside the code is
// an error with nothing executed, so it does not count.
// With a `limit`, it stops after that many instructions, as `runUpTo` must.
int32_t runByStepping(gc::MachineState& state, const gc::Program& brain, gc::Host& host, int32_t limit = INT32_MAX) {
  int32_t executed = 0;
  while (state.status == gc::BrainStatus::kOk && state.remaining > 0 && executed < limit) {
    const bool inCode = state.pc >= 0 && state.pc < static_cast<int32_t>(brain.instructions.size());
    gc::step(state, brain, host);
    executed += inCode ? 1 : 0;
  }
  return executed;
}

void requireSameLoggingHost(const LoggingHost& a, const LoggingHost& b) {
  REQUIRE(a.log == b.log);
  REQUIRE(a.inner.scalarWrites.size() == b.inner.scalarWrites.size());
  REQUIRE(a.inner.vectorWrites.size() == b.inner.vectorWrites.size());
  REQUIRE(a.inner.printed == b.inner.printed);
  REQUIRE(a.inner.shared == b.inner.shared);
  REQUIRE(a.inner.channels == b.inner.channels);
  REQUIRE(a.inner.generator.state() == b.inner.generator.state());
}

// A small deterministic generator for the random programs (std::mt19937 would do as well; this keeps
// the programs the same on every standard library).
struct Dice {
  uint64_t s;
  uint32_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(s >> 33);
  }
  int32_t below(int32_t n) { return static_cast<int32_t>(next() % static_cast<uint32_t>(n)); }
};

// A cell a random program may meet: mostly small integers (addresses, counts, shared memory
// addresses), booleans and fractions, sometimes anything.
Fixed randomCell(Dice& dice, int32_t codeSize) {
  switch (dice.below(6)) {
    case 0: return Fixed::fromRaw(dice.below(codeSize + 3) * Fixed::kOneRaw);
    case 1: return Fixed::fromBool(dice.below(2) == 1);
    case 2: return Fixed::fromRaw((dice.below(1003) - 1) * Fixed::kOneRaw);
    case 3: return Fixed::fromRaw(dice.below(20000) - 10000);
    case 4: return Fixed::fromRaw(static_cast<int32_t>(dice.next()));
    default: return Fixed::fromRaw((dice.below(9) - 4) * Fixed::kOneRaw);
  }
}

// A random brain of `size` instructions: the words `run` decodes into fast paths and fused pairs,
// with branch targets inside and outside the code, plus arbitrary words (illegal types, indices past
// their tables, every primitive).
gc::Program randomBrain(Dice& dice, int32_t size) {
  using gc::InstructionType;
  using gc::Prim;
  gc::Program brain;
  for (int i = 0; i < 6; ++i) brain.constants.push_back({"c", randomCell(dice, size), {}});
  brain.variables.resize(3);
  brain.vectors.resize(2);
  for (int i = 0; i < 6; ++i) {
    gc::Label label;
    const int32_t kind = dice.below(8);
    label.address = kind == 0 ? -1 : kind == 1 ? size + dice.below(3) : kind == 2 ? 600000 : dice.below(size);
    brain.labels.push_back(label);
  }
  static constexpr Prim kHot[] = {
      Prim::Drop,      Prim::Dup,          Prim::Swap,    Prim::Over,  Prim::TwoDrop,  Prim::Nip,      Prim::TwoSwap,
      Prim::Rot,       Prim::Rrot,         Prim::TwoDup,  Prim::Tuck,  Prim::TwoOver,  Prim::Jump,     Prim::Call,
      Prim::Return,    Prim::Ifg,          Prim::Nifg,    Prim::Ifr,   Prim::Nifr,     Prim::Add,      Prim::Subtract,
      Prim::Multiply,  Prim::Divide,       Prim::Negate,  Prim::Equal, Prim::NotEqual, Prim::Less,     Prim::Greater,
      Prim::LessEqual, Prim::GreaterEqual, Prim::Not,     Prim::And,   Prim::Or,       Prim::Ifev,     Prim::VAdd,
      Prim::VSubtract, Prim::Read,         Prim::Write,   Prim::Vread, Prim::Vwrite,   Prim::Sync,     Prim::Sqrt,
      Prim::Dist,      Prim::RectToPolar,  Prim::InRange, Prim::Dropn, Prim::Mod,      Prim::VsDivide, Prim::Unitize,
      Prim::Print};
  // Every machine word (grobocode_semantics.def), each with a fast path of its entry.
  static constexpr Prim kMachineWords[] = {
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#define GROBOCODE_MACHINE_WORD(Name, ...) Prim::Name,
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_MACHINE_WORD
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
  };
  const auto word = [](InstructionType type, int index) {
    gc::Instruction instruction;
    instruction.word = gc::encode(type, index);
    return instruction;
  };
  while (static_cast<int32_t>(brain.instructions.size()) < size) {
    const int32_t kind = dice.below(40);
    if (kind < 18) {
      const Prim prim = dice.below(8) == 0 ? kMachineWords[dice.below(static_cast<int32_t>(std::size(kMachineWords)))]
                                           : kHot[dice.below(static_cast<int32_t>(std::size(kHot)))];
      brain.instructions.push_back(word(InstructionType::kPrimitive, static_cast<int>(prim)));
    } else if (kind < 24) {
      // A pair the decoder fuses (or not, when the label is bad).
      const bool label = dice.below(2) == 0;
      brain.instructions.push_back(
          word(label ? InstructionType::kLabelRead : InstructionType::kConstantRead, dice.below(label ? 7 : 7)));
      static constexpr Prim kLabelSecond[] = {Prim::Nifg, Prim::Ifg, Prim::Jump};
      static constexpr Prim kConstantSecond[] = {Prim::Add, Prim::Subtract, Prim::Less, Prim::Greater};
      const Prim second = label ? kLabelSecond[dice.below(3)] : kConstantSecond[dice.below(4)];
      brain.instructions.push_back(word(InstructionType::kPrimitive, static_cast<int>(second)));
    } else if (kind < 38) {
      // Tables slightly past their ends, so that some indices are bad.
      const auto type = static_cast<InstructionType>(1 + dice.below(11));
      const int limits[] = {0, 7, 4, 4, 3, 3, 7, 7, 140, 140, 17, 17};
      brain.instructions.push_back(word(type, dice.below(limits[static_cast<int>(type)])));
    } else if (kind < 39) {
      brain.instructions.push_back(word(InstructionType::kPrimitive, dice.below(150)));
    } else {
      gc::Instruction instruction;
      instruction.word = static_cast<uint16_t>(dice.next());
      brain.instructions.push_back(instruction);
    }
  }
  brain.instructions.resize(static_cast<size_t>(size));
  return brain;
}

}  // namespace

TEST_CASE("run's fast loop matches step on random programs, budgets and stacks", "[grobocode-vm]") {
  Dice dice{12345};
  int64_t executed = 0;
  int errors = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    INFO("trial " << trial);
    const int32_t size = 8 + dice.below(60);
    const gc::Program brain = randomBrain(dice, size);
    gc::MachineState start = gc::makeBrainState(brain, 8);
    // A prefilled stack, so that programs run past their first words, with stale cells above it.
    for (auto& cell : start.stack) cell = randomCell(dice, size);
    start.height = dice.below(4) == 0 ? dice.below(101) : 20 + dice.below(60);
    start.returnHeight = dice.below(4) == 0 ? 50 : dice.below(8);
    for (auto& address : start.returnStack) address = dice.below(size + 2);
    for (auto& v : start.variables) v = randomCell(dice, size);
    start.pc = dice.below(size);
    // Now and then a state whose tables do not fit the brain: run must check every index then.
    if (dice.below(10) == 0) start.variables.resize(static_cast<size_t>(dice.below(5)));
    if (dice.below(10) == 0) start.vectors.resize(static_cast<size_t>(dice.below(4)));
    gc::MachineState fast = start;
    gc::MachineState slow = start;
    const int32_t seed = dice.below(1000) + 1;
    LoggingHost fastHost(seed);
    LoggingHost slowHost(seed);
    fastHost.state = &fast;
    slowHost.state = &slow;
    gc::SharedMemory shared{};
    for (int i = 1; i <= 1000; i += 97) shared[static_cast<size_t>(i - 1)] = randomCell(dice, size);
    // Hardware errors after the host call, on both the read and the write side.
    const auto scalarError = static_cast<gc::HwScalar>(dice.below(137));
    const auto overflowError = static_cast<gc::HwScalar>(dice.below(137));
    const auto vectorError = static_cast<gc::HwVector>(dice.below(16));
    for (LoggingHost* host : {&fastHost, &slowHost}) {
      host->inner.shared = shared;
      host->inner.scalarErrors[scalarError] = gc::RuntimeError::kNotInteger;
      host->inner.scalarErrors[overflowError] = gc::RuntimeError::kArithmeticOverflow;
      host->inner.vectorErrors[vectorError] = gc::RuntimeError::kNotInteger;
    }
    for (int call = 0; call < 6 && fast.status == gc::BrainStatus::kOk; ++call) {
      const int32_t budget = dice.below(4) == 0 ? dice.below(3) : 1 + dice.below(40);
      fast.remaining = budget;
      slow.remaining = budget;
      // Now and then at most a few instructions (runUpTo, as the JIT hands them over): the host
      // log holds the `remaining` every host call saw, which must be the budget's, not the limit's.
      const int32_t limit = dice.below(3) == 0 ? dice.below(12) : -1;
      const int32_t doneFast = limit < 0 ? gc::run(fast, brain, fastHost) : gc::runUpTo(fast, brain, fastHost, limit);
      const int32_t doneSlow = runByStepping(slow, brain, slowHost, limit < 0 ? INT32_MAX : limit);
      REQUIRE(doneFast == doneSlow);
      executed += doneFast;
      chronon::test::requireSameBrainState(fast, slow);
      requireSameLoggingHost(fastHost, slowHost);
    }
    errors += fast.status == gc::BrainStatus::kError ? 1 : 0;
  }
  INFO(executed << " instructions, " << errors << " errors");
  CHECK(executed > 100000);
  CHECK(errors > 10000);
}

TEST_CASE("run's fast loop matches step on every corpus side's brains", "[grobocode-vm][corpus]") {
  const std::filesystem::path dir = chronon::test::sharedDir() / "corpus" / "grobots";
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    WARN("skipped: " << dir << " is absent");
    return;
  }
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".gb") paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  int64_t executed = 0;
  int brains = 0;
  for (const std::filesystem::path& path : paths) {
    std::ifstream in(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const gc::SideResult side = gc::compileSide(SourceFile(path.filename().string(), text));
    if (!side.loaded()) continue;
    for (const gc::Type& type : side.side.types) {
      if (!type.brain) continue;
      INFO(path.filename().string() << " / " << type.name);
      ++brains;
      for (const int32_t speed : {3, 50}) {
        gc::MachineState fast = gc::makeBrainState(*type.brain, 64);
        gc::MachineState slow = gc::makeBrainState(*type.brain, 64);
        LoggingHost fastHost(5);
        LoggingHost slowHost(5);
        fastHost.state = &fast;
        slowHost.state = &slow;
        for (LoggingHost* host : {&fastHost, &slowHost})
          host->inner.serveType(gc::hardwareSpec(type), type.cost ? type.cost->mass : 0);
        for (int32_t frame = 0; frame < 100 && fast.status == gc::BrainStatus::kOk; ++frame) {
          const int32_t doneFast = gc::think(fast, *type.brain, fastHost, speed);
          const int32_t doneSlow = runByStepping(slow, *type.brain, slowHost);
          gc::endThink(slow, slowHost, speed);
          REQUIRE(doneFast == doneSlow);
          executed += doneFast;
          chronon::test::requireSameBrainState(fast, slow);
          requireSameLoggingHost(fastHost, slowHost);
        }
      }
    }
  }
  INFO(brains << " brains, " << executed << " instructions");
  CHECK(brains > 200);
  CHECK(executed > 1000000);
}

TEST_CASE("run notices a brain replaced by an edited copy between runs, as the REPL does", "[grobocode-vm]") {
  using gc::InstructionType;
  const auto word = [](InstructionType type, int index) {
    gc::Instruction instruction;
    instruction.word = gc::encode(type, index);
    return instruction;
  };
  gc::Program brain;
  brain.constants.push_back({"1", Fixed::fromRaw(Fixed::kOneRaw), {}});
  brain.instructions = {word(InstructionType::kConstantRead, 0),
                        word(InstructionType::kPrimitive, static_cast<int>(gc::Prim::Print)),
                        word(InstructionType::kPrimitive, static_cast<int>(gc::Prim::Stop))};
  gc::GrobocodeTestHost host;
  gc::MachineState state = gc::makeBrainState(brain, 0);
  CHECK(gc::run(state, brain, host, 10) == 3);
  // The same Program object, the same sizes, other contents: the memo must not keep the old code.
  gc::Program edited = brain;
  edited.constants[0].value = Fixed::fromRaw(2 * Fixed::kOneRaw);
  brain = std::move(edited);
  state.pc = 0;
  state.status = gc::BrainStatus::kOk;
  CHECK(gc::run(state, brain, host, 10) == 3);
  // A brain grown in place (the REPL appends its `end`) is decoded again too.
  brain.instructions.pop_back();
  brain.instructions.push_back(word(InstructionType::kConstantRead, 0));
  brain.instructions.push_back(word(InstructionType::kPrimitive, static_cast<int>(gc::Prim::Print)));
  state.pc = 0;
  state.status = gc::BrainStatus::kOk;
  CHECK(gc::run(state, brain, host, 10) == 4);
  CHECK(host.printed == std::vector<std::string>{"1", "2", "2", "2"});
  CHECK(state.errorMessage == "fell off end of code");
}
