// The Grobots side-file frontend against specs/grobots-language.md §4, §6 and Appendix B.3, and
// against the original's load results for the Grobots corpus (corpus/grobots/ORIGINAL_RESULTS.tsv).

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_incremental.h"
#include "test_support.h"

using namespace chronon;
using namespace chronon::grobocode;

namespace {

struct Compiled {
  SourceFile file;
  SideResult result;
};

Compiled compileText(std::string text) {
  SourceFile file("test.gb", std::move(text));
  SideResult result = compileSide(file);
  return Compiled{std::move(file), std::move(result)};
}

// One type whose #code is `code` (several lines allowed).
Compiled compileCode(const std::string& code) {
  return compileText("#side S\n#author A\n#type T\n#code\n" + code + "\n#end\n");
}

std::vector<std::string> listing(const Program& brain) {
  std::vector<std::string> out;
  for (const Instruction& instruction : brain.instructions) out.push_back(describe(brain, instruction));
  return out;
}

std::vector<std::string> messages(const Compiled& c) {
  std::vector<std::string> out;
  for (const Diagnostic& d : c.result.diagnostics.all()) out.push_back(d.message);
  return out;
}

const Program& brainOf(const Compiled& c) {
  REQUIRE(c.result.side.types.size() == 1);
  REQUIRE(c.result.side.types[0].brain.has_value());
  return *c.result.side.types[0].brain;
}

struct Golden {
  std::string code;
  std::vector<std::string> listing;
  size_t constants;
  size_t labels;
  int32_t cost;
  int32_t mass;
};

}  // namespace

TEST_CASE("Appendix B.3 compiled examples word for word", "[grobocode-frontend]") {
  const std::vector<Golden> goldens{
      {"1 if 2 else 3 then",
       {"1", "if-skip-g1&", "nifg", "2", "else-skip-g2&", "jump", "3", "end", "end"},
       3,
       2,
       1269,
       12},
      {"1 if 2 and-if 3 else 4 then",
       {"1", "if-skip-g1&", "nifg", "2", "if-skip-g1&", "nifg", "3", "else-skip-g2&", "jump", "4", "end", "end"},
       4,
       2,
       1638,
       16},
      {"1 if 10 else 2 if 20 celse 3 if 30 celse 40 then",
       {"1",  "if-skip-g1&",   "nifg", "10", "else-skip-g2&", "jump", "2",  "if-skip-g3&",   "nifg",
        "20", "else-skip-g2&", "jump", "3",  "if-skip-g4&",   "nifg", "30", "else-skip-g2&", "jump",
        "40", "end",           "end"},
       7,
       4,
       2908,
       29},
      {"do 1 while 2 loop", {"1", "loop-end-g2&", "nifg", "2", "loop-start-g1&", "jump", "end", "end"}, 2, 2, 1064, 10},
      {"do 1 until 2 loop do 3 forever",
       {"1", "loop-end-g2&", "ifg", "2", "loop-start-g1&", "jump", "3", "loop-start-g3&", "jump", "end", "end"},
       3,
       3,
       1515,
       15},
      {"do 1 while-loop do 2 until-loop",
       {"1", "loop-start-g1&", "ifg", "2", "loop-start-g2&", "nifg", "end", "end"},
       2,
       2,
       1064,
       10},
      {"1 nif 2 and-nif 3 then",
       {"1", "nif-skip-g1&", "ifg", "2", "nif-skip-g1&", "ifg", "3", "end", "end"},
       3,
       1,
       1187,
       11},
      {"foo^ bar& foo: 1 foo bar: return", {"foo^", "bar&", "1", "foo^", "return", "end", "end"}, 1, 2, 860, 8},
  };
  for (const Golden& golden : goldens) {
    INFO(golden.code);
    const Compiled c = compileCode(golden.code);
    CHECK(messages(c).empty());
    CHECK(c.result.loaded());
    const Program& brain = brainOf(c);
    CHECK(listing(brain) == golden.listing);
    CHECK(brain.constants.size() == golden.constants);
    CHECK(brain.labels.size() == golden.labels);
    CHECK(brain.costRaw() == golden.cost);
    CHECK(brain.massRaw() == golden.mass);
    CHECK(brain.instructions.back().line == kSentinelLine);
    CHECK(brain.instructions.front().line == 5);
  }
  // Label addresses of the last example: foo = 2, bar = 4.
  const Compiled labelled = compileCode("foo^ bar& foo: 1 foo bar: return");
  const Program& brain = brainOf(labelled);
  CHECK(brain.labels[0].name == "foo");
  CHECK(brain.labels[0].address == 2);
  CHECK(brain.labels[1].address == 4);
}

TEST_CASE("Appendix B.3 error examples", "[grobocode-frontend]") {
  SECTION("a bare forward name is not a call") {
    const Compiled c = compileCode("baz 1 baz: 2");
    REQUIRE(messages(c) == std::vector<std::string>{"undefined symbol: baz"});
    const Diagnostic& d = c.result.diagnostics.all()[0];
    CHECK(c.file.slice(d.range) == "baz");
    CHECK(d.code == DiagCode::kGbUndefinedSymbol);
    CHECK(originalReport(c.file, d) == "Error loading side: undefined symbol: baz at line 5");
    // The rest of the line is dropped, so the brain is empty apart from the sentinels.
    CHECK(listing(brainOf(c)) == std::vector<std::string>{"end", "end"});
  }
  SECTION("duplicate label") {
    const Compiled c = compileCode("a: a:");
    REQUIRE(messages(c) == std::vector<std::string>{"duplicate symbol: a"});
    CHECK(c.file.slice(c.result.diagnostics.all()[0].range) == "a:");
    CHECK(c.file.text().substr(c.result.diagnostics.all()[0].range.begin - 3, 3) == "a: ");
  }
  SECTION("compile-time stack underflow") {
    const Compiled c = compileCode("then");
    REQUIRE(messages(c) == std::vector<std::string>{"stack underflow"});
    CHECK(c.file.slice(c.result.diagnostics.all()[0].range) == "then");
    CHECK(c.result.loaded());
  }
  SECTION("item left on the compile-time stack loses the side") {
    const Compiled c = compileCode("1 if 2");
    REQUIRE(messages(c) ==
            std::vector<std::string>{"item left on compile-time stack (unmatched compile-time word)",
                                     "tried to get unfinished side from SideReader - was #end missing?"});
    CHECK(originalReport(c.file, c.result.diagnostics.all()[0]) ==
          "Error loading side: item left on compile-time stack (unmatched compile-time word) at line 6");
    CHECK(originalReport(c.file, c.result.diagnostics.all()[1]) ==
          "Error loading side: tried to get unfinished side from SideReader - was #end missing?");
    CHECK_FALSE(c.result.loaded());
  }
  SECTION("unresolved forward label") {
    const Compiled c = compileCode("nowhere& jump");
    REQUIRE(messages(c).size() == 2);
    CHECK(messages(c)[0] == "unresolved forward symbol definition: nowhere");
    const Diagnostic& d = c.result.diagnostics.all()[0];
    REQUIRE(d.notes.size() == 1);
    CHECK(c.file.slice(d.notes[0].range) == "nowhere&");
  }
  SECTION("unmatched loop word names the gensym") {
    const Compiled c = compileCode("do 1 while 2 forever then");
    REQUIRE_FALSE(messages(c).empty());
    CHECK(messages(c)[0] == "unresolved forward symbol definition: loop-end-g2");
  }
  SECTION("literal entries, case-insensitivity, comments and a dropped line tail") {
    const Compiled c = compileCode("5 5 5.0 DROP Drop 0.25 ; comment 7\nx! 1");
    REQUIRE(messages(c) == std::vector<std::string>{"undefined symbol: x"});
    CHECK(originalReport(c.file, c.result.diagnostics.all()[0]) == "Error loading side: undefined symbol: x at line 6");
    CHECK(c.file.slice(c.result.diagnostics.all()[0].range) == "x!");
    const Program& brain = brainOf(c);
    CHECK(listing(brain) == std::vector<std::string>{"5", "5", "5.0", "drop", "drop", "0.25", "end", "end"});
    CHECK(brain.constants.size() == 3);
    CHECK(brain.constants[2].value.raw() == 1023);
  }
  SECTION("signs and no exponents") {
    const Compiled c = compileCode("-5 +3 .5 1e3");
    REQUIRE(messages(c) == std::vector<std::string>{"undefined symbol: 1e3"});
    const Program& brain = brainOf(c);
    CHECK(listing(brain) == std::vector<std::string>{"-5", "+3", ".5", "end", "end"});
    CHECK(brain.constants.size() == 3);
  }
}

TEST_CASE("Resolution order of bare names and suffixes", "[grobocode-frontend]") {
  SECTION("a #var hides a hardware word for reads and writes") {
    const Compiled c = compileCode("#var speed 3\nspeed speed! velocity");
    CHECK(messages(c).empty());
    const Program& brain = brainOf(c);
    REQUIRE(brain.instructions.size() == 5);
    CHECK(brain.instructions[0].type() == static_cast<int>(InstructionType::kVariableRead));
    CHECK(brain.instructions[1].type() == static_cast<int>(InstructionType::kVariableWrite));
    CHECK(brain.instructions[2].type() == static_cast<int>(InstructionType::kHardwareVectorRead));
    CHECK(brain.variables[0].initial.raw() == 3 * 4096);
  }
  SECTION("without the #var, speed is the hardware scalar") {
    const Compiled c = compileCode("speed");
    const Program& brain = brainOf(c);
    CHECK(brain.instructions[0].word == encode(InstructionType::kHardwareRead, static_cast<int>(HwScalar::Speed)));
  }
  SECTION("a label named drop turns drop into a call") {
    const Compiled c = compileCode("drop drop: drop");
    CHECK(messages(c).empty());
    CHECK(listing(brainOf(c)) == std::vector<std::string>{"drop", "drop^", "end", "end"});
  }
  SECTION("forward ^ and & create the label; a later bare name calls it") {
    const Compiled c = compileCode("f^ g& f g\nf: g: nop");
    CHECK(messages(c).empty());
    CHECK(listing(brainOf(c)) == std::vector<std::string>{"f^", "g&", "f^", "g^", "nop", "end", "end"});
  }
  SECTION("constants come first, and a #const named like a number wins") {
    const Compiled c = compileCode("#const 5 7\n#const drop 2\n5 drop");
    CHECK(messages(c).empty());
    const Program& brain = brainOf(c);
    CHECK(listing(brain) == std::vector<std::string>{"5", "drop", "end", "end"});
    CHECK(brain.constants.size() == 2);
    CHECK(brain.constants[0].value.raw() == 7 * 4096);
  }
  SECTION("vector variables are one entry read and written as a pair") {
    const Compiled c = compileCode("#vector home 1 2\nhome home! position");
    CHECK(messages(c).empty());
    const Program& brain = brainOf(c);
    CHECK(brain.instructions[0].word == encode(InstructionType::kVectorRead, 0));
    CHECK(brain.instructions[1].word == encode(InstructionType::kVectorWrite, 0));
    CHECK(brain.vectors.size() == 1);
    CHECK(brain.vectors[0].y.raw() == 2 * 4096);
  }
  SECTION("hardware writes and case-insensitive names") {
    const Compiled c = compileCode("1 ENGINE-POWER! 0 0 Engine-Velocity! ROBOT-ID");
    CHECK(messages(c).empty());
    const Program& brain = brainOf(c);
    CHECK(brain.instructions[1].type() == static_cast<int>(InstructionType::kHardwareWrite));
    CHECK(brain.instructions[4].type() == static_cast<int>(InstructionType::kHardwareVectorWrite));
    CHECK(brain.instructions[5].type() == static_cast<int>(InstructionType::kHardwareRead));
  }
  SECTION("a one-character token has no suffix") {
    const Compiled c = compileCode("! :");
    CHECK(messages(c) == std::vector<std::string>{"undefined symbol: !"});
  }
  SECTION("gensyms cannot be found by name") {
    const Compiled c = compileCode("1 if if-skip-g1& drop then");
    CHECK(messages(c)[0] == "unresolved forward symbol definition: if-skip-g1");
  }
}

TEST_CASE("Side tags, sections and start addresses", "[grobocode-frontend]") {
  SECTION("a full side") {
    const Compiled c = compileText(
        "; a comment line\r\n#side My Side  \r\n#author Someone\r\n#date 2004\r\n#color f80\r\n#seed 1 2 1\r\n"
        "#comment\r\nfree text here\r\n#type Alpha\r\n#color 123456\r\n#decoration ff0000 Circle\r\n"
        "#hardware\r\nprocessor 10\r\nenergy 100 200\r\narmor -5\r\nrobot-sensor 10\r\nradio what ever\r\n"
        "#code\r\n#var v\r\n#start main\r\nfoo: 1\r\nmain: foo\r\n#type Beta\r\n#hardware\r\nsolar-cells "
        ".5\r\n#end\r\n");
    REQUIRE(messages(c).empty());
    const Side& side = c.result.side;
    CHECK(c.result.loaded());
    CHECK(side.name == "My Side  ");
    CHECK(side.author == "Someone");
    REQUIRE(side.color);
    CHECK(side.color->rgb == 0xFF8800u);
    CHECK(side.seeds == std::vector<int>{1, 2, 1});
    REQUIRE(side.types.size() == 2);
    const Type& alpha = side.types[0];
    CHECK(alpha.name == "Alpha");
    CHECK(alpha.color->rgb == 0x123456u);
    CHECK(alpha.decorationShape == "circle");
    REQUIRE(alpha.hardware.size() == 5);
    CHECK(alpha.hardware[0].component == Component::kProcessor);
    CHECK(alpha.hardware[0].arguments == std::vector<int32_t>{10, 0});
    CHECK(alpha.hardware[1].arguments == std::vector<int32_t>{100 * 4096, 100 * 4096});
    CHECK(alpha.hardware[2].arguments == std::vector<int32_t>{4096});
    CHECK(alpha.hardware[3].arguments == std::vector<int32_t>{10 * 4096, 1});
    CHECK(alpha.hardware[4].component == Component::kRadio);
    REQUIRE(alpha.brain);
    CHECK(alpha.brain->startAddress() == 1);
    CHECK(alpha.brain->instructions[0].line == 41);  // CRLF: line 2N-1 for physical line 21.
    CHECK_FALSE(side.types[1].brain);
    CHECK(side.types[1].hardware[0].arguments == std::vector<int32_t>{2048});
  }
  SECTION("common code is copied into each type with a start label at its end") {
    const Compiled c = compileText(
        "#side S\n#author A\n#code\nshared: 1 return\n#type One\n#code\nshared\n#type Two\n#type Three\n#code\n"
        "#start\n2\n#end\n");
    REQUIRE(messages(c).empty());
    const Side& side = c.result.side;
    REQUIRE(side.common);
    REQUIRE(side.types.size() == 3);
    REQUIRE(side.types[0].brain);
    CHECK(listing(*side.types[0].brain) == std::vector<std::string>{"1", "return", "shared^", "end", "end"});
    CHECK(side.types[0].brain->startAddress() == 2);
    CHECK(side.types[0].brain->labels.back().name == "start1");
    CHECK_FALSE(side.types[1].brain);
    REQUIRE(side.types[2].brain);
    CHECK(side.types[2].brain->startAddress() == 2);  // The bare #start; the last one wins.
  }
  SECTION("tag errors keep reading") {
    const Compiled c = compileText(
        "junk before\n#type early\n#side S\n#side again\n#author\n#bogus\n#\n#color 12345g\n#seed x\n#type T\n"
        "#seed 1\n#hardware\nwarp-drive 3\nengine\nengine fast\nblaster 1 2 3.5\n#var\n#code\n#vector v 1\n"
        "#const c\n#const c nope\n#end\nafter\n");
    CHECK(messages(c) == std::vector<std::string>{
                             "content is not allowed here",
                             "an element appeared in an invalid place",
                             "an element appeared in an invalid place",
                             "missing element argument",
                             "invalid element type",
                             "# but no token - huh?",
                             "invalid or forbidden element argument",
                             "invalid or forbidden element argument",
                             "an element appeared in an invalid place",
                             "unknown hardware component",
                             "missing argument to a hardware component",
                             "bad argument to a hardware component",
                             "bad argument to a hardware component",
                             "an element appeared in an invalid place",
                             "missing element argument",
                             "missing element argument",
                             "invalid or forbidden element argument",
                             "content is not allowed here",
                         });
    CHECK(c.result.loaded());
    const auto& all = c.result.diagnostics.all();
    CHECK(c.file.slice(all[0].range) == "junk before");
    CHECK(c.file.slice(all[4].range) == "bogus");
    CHECK(c.file.slice(all[6].range) == "12345g");
    CHECK(c.file.slice(all[11].range) == "fast");
    CHECK(c.file.slice(all[12].range) == "3.5");
    CHECK(originalReport(c.file, all[9]) == "Error loading side: unknown hardware component at line 13");
  }
  SECTION("an empty file and a missing #end") {
    CHECK(messages(compileText("")) ==
          std::vector<std::string>{"tried to get unfinished side from SideReader - was #end missing?"});
    CHECK_FALSE(compileText("#side S\n#type T\n#code\n1\n").result.loaded());
  }
  SECTION("a failed check keeps the old type current") {
    const Compiled c = compileText("#side S\n#type A\n#code\n1 if\n#type B\nthen\n#end\n");
    CHECK(messages(c) == std::vector<std::string>{"item left on compile-time stack (unmatched compile-time word)"});
    CHECK(c.result.loaded());
    REQUIRE(c.result.side.types.size() == 1);
    CHECK(c.result.side.types[0].name == "A");
  }
}

TEST_CASE("Bad input gives diagnostics within bounds", "[grobocode-frontend]") {
  SECTION("deep if-nesting") {
    std::string code;
    for (int i = 0; i < 20000; ++i) code += "1 if ";
    const Compiled c = compileCode(code);
    CHECK_FALSE(c.result.loaded());
    REQUIRE(messages(c).size() == 3);
    CHECK(c.result.diagnostics.all()[0].code == DiagCode::kGbIndexSpill);
    CHECK(messages(c)[1] == "item left on compile-time stack (unmatched compile-time word)");
  }
  SECTION("more than 4096 labels spill, with a warning") {
    std::string code;
    for (int i = 0; i < 4200; ++i) code += "1 if then ";
    const Compiled c = compileCode(code);
    CHECK(c.result.loaded());
    REQUIRE(c.result.diagnostics.all().size() == 1);
    CHECK(c.result.diagnostics.all()[0].severity == Severity::kWarning);
    CHECK(c.result.diagnostics.all()[0].code == DiagCode::kGbIndexSpill);
    CHECK(encode(InstructionType::kLabelRead, 4096) == encode(InstructionType::kLabelCall, 0));
  }
  SECTION("code and tags right after a type whose cost failed") {
    // The failed #type B leaves type A current with its brain already attached: fuzzing found that
    // the code and the #var after it went to a destroyed brain builder. They are text now: the
    // code is skipped, the tag is out of place, and the side has the cost error.
    const Compiled c = compileText(
        "#side S\n#author A\n#type A\n#hardware\nsolar-cells 76\n#code\n1 drop\n#type B\n#var v 1\n2 drop "
        "nosuchword\n#end\n");
    CHECK_FALSE(c.result.loaded());
    REQUIRE(c.result.diagnostics.all().size() == 4);
    CHECK(c.result.diagnostics.all()[0].code == DiagCode::kGbCostOverflow);
    CHECK(c.result.diagnostics.all()[1].code == DiagCode::kGbMisplacedElement);
    CHECK(c.result.diagnostics.all()[2].code == DiagCode::kGbCostOverflow);
    CHECK(c.result.diagnostics.all()[3].code == DiagCode::kGbUnfinishedSide);
  }
  SECTION("binary junk") {
    std::string junk;
    for (int i = 0; i < 100000; ++i) junk.push_back(static_cast<char>((i * 7919) % 256));
    const Compiled c = compileText(junk);
    CHECK_FALSE(c.result.loaded());
  }
}

namespace {
std::vector<std::string> splitTabs(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, '\t')) out.push_back(field);
  return out;
}
}  // namespace

TEST_CASE("Grobots corpus loads as the original loaded it", "[grobocode-frontend][corpus]") {
  const std::filesystem::path dir = test::sharedDir() / "corpus" / "grobots";
  if (!std::filesystem::is_regular_file(dir / "ORIGINAL_RESULTS.tsv")) {
    WARN("skipped: corpus/grobots is absent (" << dir << ")");
    return;
  }
  std::ifstream tsv(dir / "ORIGINAL_RESULTS.tsv");
  std::string line;
  std::getline(tsv, line);
  int accepted = 0;
  int withErrors = 0;
  while (std::getline(tsv, line)) {
    const std::vector<std::string> fields = splitTabs(line);
    REQUIRE(fields.size() >= 7);
    const std::string& name = fields[0];
    std::ifstream in(dir / name, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    const Compiled c = compileText(bytes.str());
    INFO(name);
    if (fields[5] == "0") {
      ++accepted;
      CHECK(messages(c).empty());
      CHECK(c.result.loaded());
    } else {
      ++withErrors;
      REQUIRE_FALSE(c.result.diagnostics.all().empty());
      // The table keeps the first three reports, joined by " / ".
      std::string reports;
      const auto& all = c.result.diagnostics.all();
      for (size_t i = 0; i < all.size() && i < 3; ++i) reports += (i ? " / " : "") + originalReport(c.file, all[i]);
      CHECK(reports == fields[6]);
      CHECK(c.result.loaded() == (fields[1].rfind("accepted", 0) == 0));
      CHECK(c.result.diagnostics.errorCount() == std::stoul(fields[5]));
    }
  }
  CHECK(accepted > 300);
  CHECK(withErrors == 3);
}

TEST_CASE("Every corpus type costs and weighs what the original printed", "[grobocode-frontend][corpus]") {
  const std::filesystem::path dir = test::sharedDir() / "corpus" / "grobots";
  if (!std::filesystem::is_regular_file(dir / "ORIGINAL_RESULTS.tsv")) {
    WARN("skipped: corpus/grobots is absent (" << dir << ")");
    return;
  }
  std::ifstream tsv(dir / "ORIGINAL_RESULTS.tsv");
  std::string line;
  std::getline(tsv, line);
  int types = 0;
  while (std::getline(tsv, line)) {
    const std::vector<std::string> fields = splitTabs(line);
    REQUIRE(fields.size() >= 5);
    if (fields[4].empty()) continue;
    std::ifstream in(dir / fields[0], std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    const Compiled c = compileText(bytes.str());
    INFO(fields[0]);
    // The column lists "NAME cost=C mass=M" per type, joined by "; "; a name keeps its trailing blanks.
    std::string printed;
    for (const Type& type : c.result.side.types) {
      REQUIRE(type.cost.has_value());
      printed += (printed.empty() ? "" : "; ") + type.name + " cost=" + grobots::formatRaw(type.cost->cost, 0) +
                 " mass=" + grobots::formatRaw(type.cost->mass, 1);
      ++types;
    }
    CHECK(printed == fields[4]);
  }
  CHECK(types == 745);
}

TEST_CASE("an incremental brain compiles fragment by fragment against earlier symbols", "[grobocode][incremental]") {
  IncrementalBrain code;
  Diagnostics diagnostics;
  code.compile(SourceFile("a", "#var gamma 1.5\n#const answer 42\nsquare: dup * return"), diagnostics, true);
  REQUIRE_FALSE(diagnostics.hasErrors());
  CHECK(code.brain().instructions.size() == 3);
  code.compile(SourceFile("b", "answer square gamma!"), diagnostics, true);
  REQUIRE_FALSE(diagnostics.hasErrors());
  const Program& brain = code.brain();
  REQUIRE(brain.instructions.size() == 6);
  CHECK(describe(brain, brain.instructions[3]) == "answer");
  CHECK(describe(brain, brain.instructions[4]) == "square^");
  CHECK(describe(brain, brain.instructions[5]) == "gamma!");
  // Indices out of range and the illegal types 12-15 (a corrupted or hand-made brain) print as
  // "?type:index".
  CHECK(describe(brain, Instruction{encode(InstructionType::kVariableWrite, 9)}) == "?3:9");
  CHECK(describe(brain, Instruction{encode(InstructionType::kHardwareVectorWrite, 4000)}) == "?11:4000");
  CHECK(describe(brain, Instruction{static_cast<uint16_t>(12 << kInstructionIndexBits | 5)}) == "?12:5");
  CHECK(describe(brain, Instruction{0xffff}) == "?15:4095");
  // `if` without `then` stays open until a later fragment closes it.
  code.compile(SourceFile("c", "1 if 2"), diagnostics, true);
  CHECK(code.openConstructs() == 1);
  code.compile(SourceFile("d", "then"), diagnostics, true);
  CHECK(code.openConstructs() == 0);
  // Redefinition moves the label when allowed and is the original's GB601 otherwise.
  code.compile(SourceFile("e", "square: dup dup * * return"), diagnostics, true);
  CHECK_FALSE(diagnostics.hasErrors());
  CHECK(code.brain().labels[0].address == static_cast<int32_t>(code.brain().instructions.size()) - 5);
  code.compile(SourceFile("f", "square: return"), diagnostics, false);
  REQUIRE(diagnostics.errorCount() == 1);
  CHECK(diagnostics.all().back().code == DiagCode::kGbDuplicateSymbol);
  // A repeated #var updates the initial value instead of adding a variable; unknown tags are GB605.
  Diagnostics tags;
  code.compile(SourceFile("g", "#var gamma 3\n#type x\n#const broken\n#var v 1.2.3"), tags, true);
  CHECK(code.brain().variables.size() == 1);
  CHECK(code.brain().variables[0].initial.raw() == 3 * grobots::Fixed::kOneRaw);
  REQUIRE(tags.errorCount() == 3);
  CHECK(tags.all()[0].code == DiagCode::kGbInvalidElementType);
  CHECK(tags.all()[1].code == DiagCode::kGbMissingElementArgument);
  CHECK(tags.all()[2].code == DiagCode::kGbInvalidElementArgument);
  // Continuing a compiled brain finds its symbols and appends after its sentinels.
  const IncrementalBrain again(code.brain());
  IncrementalBrain more = again;
  more.compile(SourceFile("h", "3 square"), diagnostics, true);
  CHECK(more.brain().instructions.size() == code.brain().instructions.size() + 2);
  const auto size = static_cast<int32_t>(more.brain().instructions.size());
  CHECK(more.appendEnd(SourceRange{}) == size);
  CHECK(describe(more.brain(), more.brain().instructions.back()) == "end");
}

TEST_CASE("every tag's misplaced, missing and invalid arguments give the golden diagnostics", "[grobocode][golden]") {
  // One side that breaks each tag's rules in turn (§6.2): a tag out of its place, an argument
  // missing, an argument the tag cannot take. Each is reported and the tag dropped, and reading goes on.
  const std::filesystem::path dir = test::sourceDir() / "tests" / "golden" / "grobocode";
  const std::string source = test::readFile(dir / "bad_tags.gb");
  REQUIRE_FALSE(source.empty());
  const SourceFile file("bad_tags.gb", source);
  SideResult result = compileSide(file);
  result.diagnostics.sortByPosition();
  CHECK(render(file, result.diagnostics) == test::readFile(dir / "bad_tags.expected"));
}
