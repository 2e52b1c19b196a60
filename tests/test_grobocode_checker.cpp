// The Grobocode stack checker (GB620-GB626) and the Grobocode disassembler: one case per diagnostic
// (fires on the bad side, silent on the fixed one), the stack-comment comparison, the corpus (no
// checker error, and every warning listed in tests/golden/grobocode/corpus-warnings.txt) and the
// addresses of a corpus jump table.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_checker.h"
#include "chronon/compiler/grobocode_disasm.h"
#include "chronon/compiler/load.h"
#include "test_support.h"

using namespace chronon;
using namespace chronon::grobocode;

namespace {

bool isCheckerCode(DiagCode code) {
  const int number = static_cast<int>(code);
  return number >= 620 && number <= 629;
}

// Compiles one type whose #code is `code` and checks it; returns the checker's diagnostics.
std::vector<Diagnostic> checkCode(const std::string& code) {
  const SourceFile file("test.gb", "#side S\n#author A\n#type T\n#code\n" + code + "\n#end\n");
  SideResult result = compileSide(file);
  REQUIRE_FALSE(result.diagnostics.hasErrors());
  REQUIRE(result.loaded());
  Diagnostics diagnostics;
  checkSide(file, result.side, diagnostics);
  return diagnostics.all();
}

size_t countCode(const std::vector<Diagnostic>& diagnostics, DiagCode code, Severity severity) {
  return static_cast<size_t>(std::count_if(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
    return d.code == code && d.severity == severity;
  }));
}

std::filesystem::path grobotsCorpus() { return test::sharedDir() / "corpus" / "grobots"; }

}  // namespace

TEST_CASE("GB620: a certain underflow is an error, a possible one a warning", "[grobocode-checker]") {
  CHECK(countCode(checkCode("drop"), DiagCode::kGbCheckUnderflow, Severity::kError) == 1);
  CHECK(countCode(checkCode("5 + stop"), DiagCode::kGbCheckUnderflow, Severity::kError) == 1);
  CHECK(countCode(checkCode("1 0 seek-location"), DiagCode::kGbCheckUnderflow, Severity::kError) == 0);
  CHECK(countCode(checkCode("1 seek-location"), DiagCode::kGbCheckUnderflow, Severity::kError) == 1);
  CHECK(checkCode("1 drop 2 3 + drop stop").empty());
  // Only one path underflows: the branch may never be taken, so it is a warning.
  const auto possible = checkCode("1 0.5 random-bool if drop drop else drop then stop");
  CHECK(countCode(possible, DiagCode::kGbCheckUnderflow, Severity::kWarning) == 1);
  CHECK(countCode(possible, DiagCode::kGbCheckUnderflow, Severity::kError) == 0);
  CHECK(checkCode("1 0.5 random-bool if drop else drop then stop").empty());
}

TEST_CASE("GB621: branches joining at different depths", "[grobocode-checker]") {
  const auto bad = checkCode("1 0.5 random-bool if 2 then stop");
  CHECK(countCode(bad, DiagCode::kGbCheckJoinDepth, Severity::kWarning) == 1);
  CHECK(bad.size() == 1);
  CHECK(bad[0].message.find("1 and 2 cells") != std::string::npos);
  CHECK(checkCode("1 0.5 random-bool if 2 drop then drop stop").empty());
  CHECK(checkCode("1 0.5 random-bool if 2 else 3 then drop drop stop").empty());
}

TEST_CASE("GB622: a loop whose body changes the depth", "[grobocode-checker]") {
  CHECK(countCode(checkCode("do 1 forever"), DiagCode::kGbCheckLoopDepth, Severity::kWarning) == 1);
  CHECK(countCode(checkCode("do 1 0.5 random-bool while-loop"), DiagCode::kGbCheckLoopDepth, Severity::kWarning) == 1);
  CHECK(checkCode("do 1 drop forever").empty());
  CHECK(checkCode("do 0.5 random-bool while sync loop stop").empty());
}

TEST_CASE("GB623: return with nothing to return to", "[grobocode-checker]") {
  CHECK(countCode(checkCode("return"), DiagCode::kGbCheckReturnEmpty, Severity::kError) == 1);
  CHECK(countCode(checkCode("0.5 random-bool ifr stop"), DiagCode::kGbCheckReturnEmpty, Severity::kWarning) == 1);
  CHECK(countCode(checkCode("0.5 random-bool if return then stop"), DiagCode::kGbCheckReturnEmpty,
                  Severity::kWarning) == 1);
  CHECK(checkCode("foo^ stop\nfoo: return").empty());
  CHECK(checkCode("foo& call stop\nfoo: 0.5 random-bool ifr return").empty());
}

TEST_CASE("GB625: r> and rdrop on an empty return stack", "[grobocode-checker]") {
  CHECK(countCode(checkCode("r> drop stop"), DiagCode::kGbCheckReturnUnderflow, Severity::kError) == 1);
  CHECK(countCode(checkCode("rdrop stop"), DiagCode::kGbCheckReturnUnderflow, Severity::kError) == 1);
  CHECK(checkCode("foo& >r r> drop stop\nfoo: stop").empty());
  // Inside a subroutine the return address is there to pop: no diagnostic.
  CHECK(checkCode("foo^ stop\nfoo: rdrop stop").empty());
}

TEST_CASE("GB624: a stack comment is compared with the label's inferred effect", "[grobocode-checker]") {
  const auto bad = checkCode("1 2 add^ stop\nadd: ;n -- n\n+ return");
  REQUIRE(countCode(bad, DiagCode::kGbCheckStackComment, Severity::kWarning) == 1);
  const std::string& message = bad[0].message;
  CHECK(message.find("'n -- n'") != std::string::npos);
  CHECK(message.find("(1 -- 1 cells)") != std::string::npos);
  CHECK(message.find("effect is 2 -- 1 cells") != std::string::npos);
  CHECK(checkCode("1 2 add^ drop stop\nadd: ;n1 n2 -- n\n+ return").empty());
  CHECK(checkCode("1 2 add^ drop stop\nadd: ; a b -> sum\n+ return").empty());
  // A vector item may be two cells.
  CHECK(checkCode("1 2 len^ drop stop\nlen: ;vec -- n\nnorm return").empty());
  CHECK(countCode(checkCode("1 2 len^ drop stop\nlen: ;vec -- n n\nnorm return"), DiagCode::kGbCheckStackComment,
                  Severity::kWarning) == 1);
  // Prose is not an effect and is not compared.
  CHECK(checkCode("1 2 add^ drop stop\nadd: ; adds the two numbers\n+ return").empty());
  CHECK(countCode(checkCode("fib^ drop stop\nfib: ;n -- f_n\n5 return"), DiagCode::kGbCheckStackComment,
                  Severity::kWarning) == 1);
  CHECK(checkCode("3 fib^ drop stop\nfib: ;n -- f_n\n1 + return").empty());
  // fibonacci is never called, so its comment is not compared.
  CHECK(checkCode("fib^ drop stop\nfibonacci: ;n -- f_n\n5 6 stop\nfib: 5 return").empty());
}

TEST_CASE("routineEffects: subroutine effects through calls", "[grobocode-checker]") {
  const SourceFile file("t.gb",
                        "#side S\n#author A\n#type T\n#code\n3 4 outer^ drop stop\n"
                        "outer: inner^ 1 + return\ninner: * return\n#end\n");
  SideResult result = compileSide(file);
  REQUIRE(result.loaded());
  const std::vector<RoutineEffect> effects = routineEffects(*result.side.types[0].brain);
  REQUIRE(effects.size() == 2);
  CHECK(effects[0].name == "outer");
  CHECK(effects[0].known);
  CHECK(effects[0].inputs == 2);
  CHECK(effects[0].outputs == 1);
  CHECK(effects[1].name == "inner");
  CHECK(effects[1].inputs == 2);
  CHECK(effects[1].outputs == 1);
}

TEST_CASE("send and dropn with a constant count move a fixed number of cells", "[grobocode-checker]") {
  // 5 is the message, 1 its length and 1 the channel: send pops all three, so drop underflows.
  CHECK(countCode(checkCode("5 1 1 send drop stop"), DiagCode::kGbCheckUnderflow, Severity::kError) == 1);
  CHECK(checkCode("5 6 2 1 send stop").empty());
  CHECK(countCode(checkCode("1 2 3 3 dropn drop stop"), DiagCode::kGbCheckUnderflow, Severity::kError) == 1);
  CHECK(checkCode("1 2 3 2 dropn drop stop").empty());
  // A count computed at run time, a negative dropn or a label between the count and the word leave the
  // depth unknown, so nothing after them is reported.
  CHECK(checkCode("5 1 1 + send drop stop").empty());
  CHECK(checkCode("-1 dropn drop drop stop").empty());
  CHECK(checkCode("5 1 there: 1 send drop there& jump").empty());
}

TEST_CASE("instructionDepths: depths along the paths the checker follows", "[grobocode-checker]") {
  // The loop reads messages (receive: unknown effect) and jumps out of its body; the code after the
  // loop is reached both from its exit, at depth 0, and from that jump.
  const SourceFile file("t.gb",
                        "#side S\n#author A\n#type T\n#code\n"
                        "do\ndo 1 messages while 1 receive drop drop out& jump loop\n"
                        "out: 7 8 9 3 1 send\n"
                        "forever\n#end\n");
  SideResult result = compileSide(file);
  REQUIRE_FALSE(result.diagnostics.hasErrors());
  REQUIRE(result.loaded());
  const Program& brain = *result.side.types[0].brain;
  const std::vector<DepthFact> depths = instructionDepths(brain);
  REQUIRE(depths.size() == brain.instructions.size());
  const auto at = [&](std::string_view word, int nth = 0) -> const DepthFact& {
    for (size_t pc = 0; pc < brain.instructions.size(); ++pc) {
      if (file.slice(brain.instructions[pc].range) == word && nth-- == 0) return depths[pc];
    }
    FAIL("no instruction " << word);
    return depths[0];
  };
  // The loop head: the entry and the back edge from `forever` agree on 0, but the back edge comes
  // partly from the jump after receive, so the depth is known without being complete.
  CHECK(at("messages").known);
  CHECK(at("messages").depth == 1);
  CHECK_FALSE(at("messages").complete);
  // After receive nothing is known.
  CHECK(at("receive").known);
  CHECK_FALSE(at("drop").known);
  // The send's count is a constant: 5 cells before it, none after.
  CHECK(at("send").known);
  CHECK(at("send").depth == 5);
  REQUIRE(at("send").change);
  CHECK(*at("send").change == -5);
  CHECK_FALSE(at("receive").change);
  CHECK(at("9").depth == 2);
}

TEST_CASE("The checker is bounded on recursion and computed jumps", "[grobocode-checker]") {
  CHECK(checkCode("loop1^ stop\nloop1: 1 loop1 return").size() <= 2);
  CHECK(checkCode("tbl& 2 + jump\ntbl: 1 2 3 stop").empty());
  CHECK(checkCode("5 >r return").empty());
}

TEST_CASE("Grobocode disasm lists addresses, words and labels", "[grobocode-checker]") {
  const SourceFile file("t.gb", "#side S\n#author A\n#type T\n#code\nfoo: 1 if 2 then foo& jump\n#end\n");
  SideResult result = compileSide(file);
  REQUIRE(result.loaded());
  const std::string listing = *disassembleSide(result.side, "t");
  CHECK(listing.find("#type T\n; 8 instructions, start at 0\nfoo:\n      0  0x1000  1\n") == 0);
  CHECK(listing.find("if-skip-g1&") != std::string::npos);
  CHECK(listing.find("      7  0x008D  end\n") != std::string::npos);
  CHECK_FALSE(disassembleSide(result.side, "nope").has_value());
}

TEST_CASE("Grobocode disasm of a corpus jump table", "[grobocode-checker]") {
  if (!std::filesystem::is_directory(grobotsCorpus())) {
    WARN("skipped: corpus/grobots is absent");
    return;
  }
  // flower.gb jumps to BuildStage1 + 10 x stage: each table row must be exactly 10 instructions
  // (5 constants, a label read, jump and 3 nops), as the original's addresses imply.
  Diagnostics diagnostics;
  const auto file = loadSourceFile((grobotsCorpus() / "flower.gb").string(), diagnostics);
  REQUIRE(file);
  SideResult result = compileSide(*file);
  REQUIRE(result.loaded());
  const Type& bud = result.side.types[0];
  REQUIRE(bud.brain);
  const Program& brain = *bud.brain;
  int stage1 = -1, stage2 = -1, stage3 = -1;
  for (const Label& label : brain.labels) {
    if (namesEquivalent(label.name, "BuildStage1")) stage1 = label.address;
    if (namesEquivalent(label.name, "BuildStage2")) stage2 = label.address;
    if (namesEquivalent(label.name, "BuildStage3")) stage3 = label.address;
  }
  CHECK(stage2 - stage1 == 60);
  CHECK(stage3 - stage2 == 10);
  for (int row = 0; row < 7; ++row) {
    const int at = stage1 + 10 * row;
    CHECK(brain.instructions[static_cast<size_t>(at)].type() == static_cast<int>(InstructionType::kConstantRead));
    CHECK(describe(brain, brain.instructions[static_cast<size_t>(at + 6)]) == "jump");
  }
  const std::string listing = disassembleBrain(brain);
  CHECK(listing.find("; " + std::to_string(brain.instructions.size()) + " instructions") == 0);
  // One listed line per instruction.
  size_t lines = 0;
  std::istringstream in(listing);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  ", 0) == 0) ++lines;
  }
  CHECK(lines == brain.instructions.size());
}

TEST_CASE("The checker's warnings on the Grobots corpus", "[grobocode-checker]") {
  if (!std::filesystem::is_directory(grobotsCorpus())) {
    WARN("skipped: corpus/grobots is absent");
    return;
  }
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(grobotsCorpus())) {
    if (entry.path().extension() == ".gb") paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  REQUIRE(paths.size() > 100);
  std::string actual;
  size_t errors = 0;
  for (const auto& path : paths) {
    Diagnostics loadDiagnostics;
    const auto file = loadSourceFile(path.string(), loadDiagnostics);
    REQUIRE(file);
    SideResult result = compileSide(*file);
    if (result.diagnostics.hasErrors() || !result.loaded()) continue;
    Diagnostics diagnostics;
    CheckStats stats;
    checkSide(*file, result.side, diagnostics, CheckLimits{}, &stats);
    // Real sides stay far inside the work budget: their diagnostics are the full analysis's.
    CHECK(stats.incompleteBrains == 0);
    diagnostics.sortByPosition();
    const SourceFile named(path.filename().string(), std::string(file->text()));
    for (const Diagnostic& d : diagnostics.all()) {
      CHECK(isCheckerCode(d.code));
      if (d.severity == Severity::kError) ++errors;
      actual += render(named, d);
    }
  }
  CHECK(errors == 0);
  const auto goldenPath = test::sourceDir() / "tests" / "golden" / "grobocode" / "corpus-warnings.txt";
  std::ifstream golden(goldenPath, std::ios::binary);
  REQUIRE(golden);
  std::ostringstream expected;
  expected << golden.rdbuf();
  if (expected.str() != actual) {
    std::ofstream(std::filesystem::temp_directory_path() / "corpus-warnings.actual.txt", std::ios::binary) << actual;
  }
  CHECK(expected.str() == actual);
}

TEST_CASE("The checker settles a long chain of subroutines", "[grobocode-checker]") {
  // r0 calls r1 calls ... r1999, each adding one cell: every effect is known after a bounded number
  // of analyses, and the start sees the whole chain's effect.
  std::string code = "r0^ stop\n";
  constexpr int kChain = 2000;
  for (int i = 0; i < kChain; ++i) code += "r" + std::to_string(i) + ": 1 r" + std::to_string(i + 1) + "^ return\n";
  code += "r" + std::to_string(kChain) + ": return";
  const SourceFile file("chain.gb", "#side S\n#author A\n#type T\n#code\n" + code + "\n#end\n");
  SideResult result = compileSide(file);
  REQUIRE(result.loaded());
  const std::vector<RoutineEffect> effects = routineEffects(*result.side.types[0].brain);
  REQUIRE(effects.size() == kChain + 1);
  CHECK(effects[0].known);
  CHECK(effects[0].outputs == kChain);
  CHECK(effects[kChain].outputs == 0);
}

TEST_CASE("Effects that double along a chain of calls become unknown instead of overflowing", "[grobocode-checker]") {
  // Each label calls the next and then falls into it, so each link doubles the cells the chain
  // leaves; forty links are past any stack and past int (the fuzz targets found the overflow).
  std::string code;
  for (int i = 0; i < 40; ++i) code += "l" + std::to_string(i) + ": l" + std::to_string(i + 1) + "^ ";
  code += "l40: 1 return";
  for (const Diagnostic& d : checkCode(code)) {
    INFO(d.message);
    CHECK(d.code != DiagCode::kGbCheckUnderflow);
    CHECK(d.message.find("-2147483648") == std::string::npos);
  }
}

namespace {

// A chain of `links` labels, each calling the next and then falling into it: every subroutine's
// analysis walks the rest of the chain, so without a total budget the work is quadratic.
std::string fallThroughChain(int links) {
  std::string code;
  for (int i = 0; i < links; ++i) code += "l" + std::to_string(i) + ": l" + std::to_string(i + 1) + "^\n";
  code += "l" + std::to_string(links) + ": 1 return";
  return code;
}

// The process's peak resident size in KiB (VmHWM), or -1 where /proc is absent.
long peakResidentKib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

}  // namespace

TEST_CASE("GB626: a 5000-link call chain stops at the work budget with one note", "[grobocode-checker]") {
  constexpr int kLinks = 5000;
  const SourceFile file("chain.gb", "#side S\n#author A\n#type T\n#code\n" + fallThroughChain(kLinks) + "\n#end\n");
  SideResult result = compileSide(file);
  REQUIRE(result.loaded());
  const Program& brain = *result.side.types[0].brain;
  const long peakBefore = peakResidentKib();
  Diagnostics diagnostics;
  CheckStats stats;
  const CheckLimits limits;
  checkSide(file, result.side, diagnostics, limits, &stats);
  // Settling and reporting each stay within the budget, linear in the brain's size (the
  // quadratic walk would be about kLinks^2 / 2 = 12.5 million visits per pass).
  const int64_t budget =
      int64_t{limits.workPerInstruction} * static_cast<int64_t>(brain.instructions.size()) + limits.baseWork;
  CHECK(stats.steps <= 2 * budget);
  CHECK(stats.incompleteBrains == 1);
  CHECK(countCode(diagnostics.all(), DiagCode::kGbCheckIncomplete, Severity::kNote) == 1);
  // Giving up never makes an error: what was not analysed is unknown, not wrong.
  CHECK_FALSE(diagnostics.hasErrors());
  for (const Diagnostic& d : diagnostics.all()) {
    INFO(d.message);
    CHECK(d.code != DiagCode::kGbCheckUnderflow);
  }
  const auto notes = std::count_if(diagnostics.all().begin(), diagnostics.all().end(),
                                   [](const Diagnostic& d) { return d.code == DiagCode::kGbCheckIncomplete; });
  CHECK(notes == 1);
  // The effects that could not be settled are unknown, and the depths and effects of the same brain
  // stay within the same bound.
  for (const RoutineEffect& e : routineEffects(brain)) CHECK_FALSE(e.known);
  const std::vector<DepthFact> depths = instructionDepths(brain);
  CHECK(depths.size() == brain.instructions.size());
  // Memory stays bounded with the work: the unbounded version used 445 MB at this length.
  const long peakAfter = peakResidentKib();
  if (peakBefore > 0 && peakAfter > 0) CHECK(peakAfter - peakBefore < 64 * 1024 * chronon::test::kMemoryFactor);
}

TEST_CASE("GB626 names every type the budget cut short, in one note", "[grobocode-checker]") {
  const std::string chain = fallThroughChain(3000);
  const SourceFile file("chains.gb",
                        "#side S\n#author A\n#type One\n#code\n" + chain + "\n#type Two\n#code\n" + chain + "\n#end\n");
  SideResult result = compileSide(file);
  REQUIRE_FALSE(result.diagnostics.hasErrors());
  REQUIRE(result.loaded());
  Diagnostics diagnostics;
  CheckStats stats;
  checkSide(file, result.side, diagnostics, CheckLimits{}, &stats);
  CHECK(stats.incompleteBrains == 2);
  REQUIRE(countCode(diagnostics.all(), DiagCode::kGbCheckIncomplete, Severity::kNote) == 1);
  for (const Diagnostic& d : diagnostics.all()) {
    if (d.code == DiagCode::kGbCheckIncomplete) CHECK(d.message.find("type One and type Two") != std::string::npos);
  }
}

TEST_CASE("A budget cut while reporting keeps the start's certain errors", "[grobocode-checker]") {
  // A certain underflow before any call is found by the start's analysis, which is reported first;
  // a tiny budget then cuts the subroutines' reports short.
  const std::string code = "drop l0^ stop\n" + fallThroughChain(200);
  const SourceFile file("cut.gb", "#side S\n#author A\n#type T\n#code\n" + code + "\n#end\n");
  SideResult result = compileSide(file);
  REQUIRE(result.loaded());
  Diagnostics full;
  checkSide(file, result.side, full);
  CHECK(countCode(full.all(), DiagCode::kGbCheckUnderflow, Severity::kError) == 1);
  CHECK(countCode(full.all(), DiagCode::kGbCheckIncomplete, Severity::kNote) == 0);
  CheckLimits tight;
  tight.workPerInstruction = 0;
  tight.baseWork = 1000;
  Diagnostics cut;
  CheckStats stats;
  checkSide(file, result.side, cut, tight, &stats);
  CHECK(stats.incompleteBrains == 1);
  CHECK(stats.steps <= 2 * 1000);
  CHECK(countCode(cut.all(), DiagCode::kGbCheckUnderflow, Severity::kError) == 1);
  CHECK(countCode(cut.all(), DiagCode::kGbCheckIncomplete, Severity::kNote) == 1);
  // Nothing appears that the full analysis did not report.
  for (const Diagnostic& d : cut.all()) {
    if (d.code == DiagCode::kGbCheckIncomplete) continue;
    const bool alsoInFull = std::any_of(full.all().begin(), full.all().end(), [&](const Diagnostic& f) {
      return f.code == d.code && f.severity == d.severity && f.range.begin == d.range.begin;
    });
    INFO(d.message);
    CHECK(alsoInFull);
  }
}

TEST_CASE("The bundled sides stay inside the checker's work budget", "[grobocode-checker]") {
  const std::filesystem::path dir = test::sourceDir() / "stdlib" / "grobots";
  size_t sides = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".gb") continue;
    Diagnostics loadDiagnostics;
    const auto file = loadSourceFile(entry.path().string(), loadDiagnostics);
    REQUIRE(file);
    SideResult result = compileSide(*file);
    REQUIRE(result.loaded());
    Diagnostics diagnostics;
    CheckStats stats;
    checkSide(*file, result.side, diagnostics, CheckLimits{}, &stats);
    INFO(entry.path().filename().string());
    CHECK(stats.incompleteBrains == 0);
    CHECK(stats.steps > 0);
    ++sides;
  }
  CHECK(sides > 0);
}
