// The Robbie Language frontend: the word table, every construct of the manual, every reserved word
// rejected as a name, every type error, syntax errors with exact ranges, "Robbie explodes", golden
// diagnostics and bad input (seeds/robbie-language.txt; decisions in docs/robbie.md).

#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "chronon/compiler/robbie.h"
#include "chronon/compiler/robbie_ir.h"
#include "chronon/stdlib/robbie_words.h"
#include "test_support.h"

namespace rl = chronon::robbie;
using chronon::DiagCode;
using chronon::Diagnostic;
using chronon::Severity;
using chronon::SourceFile;

namespace {

struct Compiled {
  SourceFile file;
  rl::CompileResult result;
};

Compiled compileText(const std::string& text) {
  SourceFile file("t.rl", text);
  rl::CompileResult result = rl::compile(file);
  return Compiled{std::move(file), std::move(result)};
}

// The diagnostics as "line:col-endcol CODE" strings (columns 1-based, end exclusive), for exact ranges.
std::vector<std::string> located(const Compiled& c) {
  std::vector<std::string> out;
  for (const Diagnostic& d : c.result.diagnostics.all()) {
    const chronon::LineColumn begin = c.file.lineColumn(d.range.begin);
    const chronon::LineColumn end = c.file.lineColumn(d.range.end);
    out.push_back(std::to_string(begin.line) + ":" + std::to_string(begin.column) + "-" + std::to_string(end.column) +
                  " " + chronon::codeName(d.code));
  }
  return out;
}

std::vector<DiagCode> codes(const Compiled& c) {
  std::vector<DiagCode> out;
  for (const Diagnostic& d : c.result.diagnostics.all()) out.push_back(d.code);
  return out;
}

std::string body(const std::string& lines) { return "start\n" + lines + "stop\n"; }

using chronon::test::readFile;

}  // namespace

TEST_CASE("the RL word table holds the manual's 34 reserved words and boolean", "[robbie]") {
  CHECK(rl::kWordCount == 35);
  size_t listed = 0;
  for (const rl::WordInfo& info : rl::kWords) {
    INFO(info.spelling);
    listed += info.listed ? 1 : 0;
    CHECK(rl::findWord(info.spelling) == info.word);
    CHECK(!info.doc.empty());
    for (const char c : info.spelling) CHECK((c >= 'a' && c <= 'z'));
  }
  CHECK(listed == 34);
  CHECK_FALSE(rl::wordInfo(rl::Word::kBoolean).listed);
  CHECK(rl::findWord("While") == std::nullopt);
  CHECK(rl::findWordIgnoringCase("ENDWHILE") == rl::Word::kEndwhile);
  CHECK(rl::wordInfo(rl::Word::kTurn).arguments == "DIR i");
  CHECK(rl::categoryName(rl::wordInfo(rl::Word::kWeight).category) == "test");
}

TEST_CASE("every reserved word is rejected as a register name, in register and in set", "[robbie]") {
  for (const rl::WordInfo& info : rl::kWords) {
    const std::string word(info.spelling);
    INFO(word);
    const Compiled declared = compileText("start\nregister integer " + word + "\nstop\n");
    REQUIRE(declared.result.diagnostics.all().size() == 1);
    CHECK(located(declared)[0] == "2:18-" + std::to_string(18 + word.size()) + " RL702");
    CHECK_FALSE(declared.result.program);
    const Compiled assigned = compileText("start\nset " + word + " 1\nstop\n");
    REQUIRE(assigned.result.diagnostics.all().size() == 1);
    CHECK(located(assigned)[0] == "2:5-" + std::to_string(5 + word.size()) + " RL702");
  }
}

TEST_CASE("the manual's sample programs compile without diagnostics", "[robbie]") {
  for (const char* name : {"pace-forever.rl", "pace-rectangle.rl", "pace-laps.rl", "move-ten-things.rl", "bother.rl",
                           "sorter.rl", "wall-follower.rl", "tour.rl"}) {
    INFO(name);
    const std::string text = readFile(chronon::test::sourceDir() / "stdlib" / "robbie" / name);
    REQUIRE_FALSE(text.empty());
    const Compiled c = compileText(text);
    CHECK(c.result.diagnostics.all().empty());
    CHECK(c.result.program.has_value());
  }
}

TEST_CASE("every construct parses into the syntax tree", "[robbie]") {
  const Compiled c = compileText(
      "program \"All\" ; the name\n"
      "register integer Count\n"
      "start\n"
      "register real Ratio\nregister boolean Flag\nregister string Label\n"
      "forward 20\nback 8\nturn left 45\nturn right 90\ngrab\ndrop\n"
      "beep 2000 4000\npause 500\n"
      "set Count 0\nset Ratio 1.5\nset Flag true\nset Label \"ACME Robot Corporation\"\n"
      "if Flag then\n  grab\nelse\n  drop\nendif\n"
      "if blocked then\nstop\nendif\n"
      "while Count < 3 do\n  set Count Count + 1\nendwhile\n"
      "repeat 2 times\n  forward 2\nendrepeat\n"
      "stop\n");
  REQUIRE(c.result.diagnostics.all().empty());
  const rl::SyntaxTree& tree = c.result.tree;
  CHECK(tree.programName == "All");
  REQUIRE(tree.startRange.has_value());
  CHECK(c.file.lineColumn(tree.startRange->begin).line == 3);
  std::vector<rl::StmtKind> kinds;
  for (const int32_t i : tree.body) kinds.push_back(tree.stmts[static_cast<size_t>(i)].kind);
  using K = rl::StmtKind;
  CHECK(kinds == std::vector<K>{K::kRegister, K::kRegister, K::kRegister, K::kRegister, K::kForward, K::kBack,
                                K::kTurn,     K::kTurn,     K::kGrab,     K::kDrop,     K::kBeep,    K::kPause,
                                K::kSet,      K::kSet,      K::kSet,      K::kSet,      K::kIf,      K::kIf,
                                K::kWhile,    K::kRepeat,   K::kStop});
  const rl::Stmt& ifElse = tree.stmts[static_cast<size_t>(tree.body[16])];
  CHECK(ifElse.hasElse);
  CHECK(ifElse.body.size() == 1);
  CHECK(ifElse.elseBody.size() == 1);
  CHECK(tree.stmts[static_cast<size_t>(tree.body[6])].left);
  CHECK_FALSE(tree.stmts[static_cast<size_t>(tree.body[7])].left);
  REQUIRE(c.result.symbols.size() == 4);
  CHECK(c.result.symbols[1].type == rl::ValueType::kReal);
  CHECK(c.result.symbols[3].type == rl::ValueType::kString);
}

TEST_CASE("the manual's curly quotes, CRLF and CR line ends and comments are read", "[robbie]") {
  const Compiled curly = compileText(
      "start\nregister string Name\nset Name \xE2\x80\x9C"
      "ACME; Inc\xE2\x80\x9D\nstop\n");
  CHECK(curly.result.diagnostics.all().empty());
  REQUIRE(curly.result.program);
  CHECK(std::get<std::string>(curly.result.program->constants.at(0)) == "ACME; Inc");
  CHECK(compileText("start\r\nforward 1 ; go\r\nstop\r\n").result.diagnostics.all().empty());
  CHECK(compileText("start\rforward 1\rstop").result.diagnostics.all().empty());
  CHECK(compileText("; only a comment\n\n   \t\nstart ; go\nstop ; end").result.diagnostics.all().empty());
}

TEST_CASE("structure errors: start, stop, program and unmatched ends, with exact ranges", "[robbie]") {
  CHECK(located(compileText("forward 1\nstop\n")) == std::vector<std::string>{"1:1-10 RL710", "1:1-1 RL707"});
  CHECK(located(compileText("start\nforward 1\n")) == std::vector<std::string>{"2:1-10 RL711"});
  CHECK(located(compileText("start\nstart\nstop\n")) == std::vector<std::string>{"2:1-6 RL708"});
  CHECK(located(compileText("start\nprogram \"Late\"\nstop\n")) == std::vector<std::string>{"2:1-15 RL709"});
  CHECK(located(compileText("program \"A\"\nprogram \"B\"\nstart\nstop\n")) ==
        std::vector<std::string>{"2:1-12 RL709"});
  CHECK(located(compileText(body("endif\n"))) == std::vector<std::string>{"2:1-6 RL713"});
  CHECK(located(compileText(body("else\n"))) == std::vector<std::string>{"2:1-5 RL713"});
  CHECK(located(compileText(body("while true do\nendrepeat\nendwhile\n"))) == std::vector<std::string>{"3:1-10 RL713"});
  CHECK(located(compileText(body("if true then\nelse\nelse\nendif\n"))) == std::vector<std::string>{"4:1-5 RL714"});
  // An inner structure left open is reported when the outer one's end closes it.
  CHECK(located(compileText(body("while true do\nif true then\nendwhile\n"))) ==
        std::vector<std::string>{"3:1-13 RL712"});
  CHECK(located(compileText("start\nrepeat 2 times\nstop\n")) ==
        std::vector<std::string>{"2:1-15 RL712", "2:1-15 RL711"});
  // Several stops are allowed; the last command must be one.
  CHECK(compileText(body("if blocked then\nstop\nendif\nstop\n")).result.diagnostics.all().empty());
  const Compiled missing = compileText("start\nforward 1\n");
  REQUIRE(missing.result.diagnostics.all().size() == 1);
  REQUIRE(missing.result.diagnostics.all()[0].fixes.size() == 1);
  CHECK(missing.result.diagnostics.all()[0].fixes[0].edits[0].text == "\nstop\n");
}

TEST_CASE("syntax errors have exact ranges and every line's error is reported", "[robbie]") {
  CHECK(located(compileText(body("forward\n"))) == std::vector<std::string>{"2:8-8 RL700"});
  CHECK(located(compileText(body("turn up 90\n"))) == std::vector<std::string>{"2:6-8 RL700"});
  CHECK(located(compileText(body("forward 10 20\n"))) == std::vector<std::string>{"2:12-14 RL706"});
  CHECK(located(compileText(body("grab now\n"))) == std::vector<std::string>{"2:6-9 RL706"});
  CHECK(located(compileText(body("Forward 10\n"))) == std::vector<std::string>{"2:1-8 RL701"});
  CHECK(located(compileText(body("jump 10\n"))) == std::vector<std::string>{"2:1-5 RL701"});
  CHECK(located(compileText(body("then\n"))) == std::vector<std::string>{"2:1-5 RL701"});
  CHECK(located(compileText(body("blocked\n"))) == std::vector<std::string>{"2:1-8 RL718"});
  CHECK(located(compileText(body("register integer 2Fast\n"))) == std::vector<std::string>{"2:18-23 RL703"});
  CHECK(located(compileText(body("forward 10cm\n"))) == std::vector<std::string>{"2:9-13 RL703"});
  CHECK(located(compileText(body("register integer My_Name\n"))) == std::vector<std::string>{"2:20-21 RL715"});
  CHECK(located(compileText(body("register string S\nset S \"open\n"))) == std::vector<std::string>{"3:7-12 RL704"});
  CHECK(located(compileText(body("forward 99999999999999999999\n"))) == std::vector<std::string>{"2:9-29 RL705"});
  CHECK(located(compileText(body("forward (1 + 2\n"))) == std::vector<std::string>{"2:15-15 RL700"});
  CHECK(located(compileText(body("if 1 < 2 < 3 then\nendif\n"))) == std::vector<std::string>{"2:10-11 RL700"});
  CHECK(located(compileText(body("while true\nendwhile\n"))) == std::vector<std::string>{"2:11-11 RL700"});
  CHECK(located(compileText(body("repeat 3\nendrepeat\n"))) == std::vector<std::string>{"2:9-9 RL700"});
  CHECK(located(compileText(body("beep 100\n"))) == std::vector<std::string>{"2:9-9 RL700"});
  CHECK(located(compileText(body("register integer\n"))) == std::vector<std::string>{"2:17-17 RL700"});
  CHECK(located(compileText(body("register number X\n"))) == std::vector<std::string>{"2:10-16 RL700"});
  CHECK(located(compileText(body("forward 1 + times\n"))) == std::vector<std::string>{"2:13-18 RL700"});
  CHECK(located(compileText(body("forward \x01\n"))) == std::vector<std::string>{"2:9-10 RL715"});
  // Errors on several lines are all reported, and a broken header still pairs with its end line.
  const Compiled many = compileText(body("forward\nif then\n  back\nendif\nturn 5\n"));
  CHECK(codes(many) ==
        std::vector<DiagCode>{DiagCode::kRlSyntax, DiagCode::kRlSyntax, DiagCode::kRlSyntax, DiagCode::kRlSyntax});
  // A name that is a reserved word in another case gets a fix.
  const Compiled upper = compileText(body("WHILE true do\nendwhile\n"));
  REQUIRE_FALSE(upper.result.diagnostics.all().empty());
  CHECK(upper.result.diagnostics.all()[0].fixes.at(0).edits.at(0).text == "while");
}

TEST_CASE("every type error is reported with its range", "[robbie]") {
  const std::string decl =
      "register integer Count\nregister real Ratio\nregister boolean Flag\nregister string Label\n";
  const auto typeErrors = [&](const std::string& line) { return located(compileText(body(decl + line))); };
  // Assignments (RL722): each type into each register it cannot hold.
  CHECK(typeErrors("set Count \"five\"\n") == std::vector<std::string>{"6:11-17 RL722"});
  CHECK(typeErrors("set Count 2.5\n") == std::vector<std::string>{"6:11-14 RL722"});
  CHECK(typeErrors("set Count true\n") == std::vector<std::string>{"6:11-15 RL722"});
  CHECK(typeErrors("set Ratio Label\n") == std::vector<std::string>{"6:11-16 RL722"});
  CHECK(typeErrors("set Flag 1\n") == std::vector<std::string>{"6:10-11 RL722"});
  CHECK(typeErrors("set Label 5\n") == std::vector<std::string>{"6:11-12 RL722"});
  CHECK(typeErrors("set Ratio 5\n").empty());  // An integer widens into a real register.
  // Conditions (RL723).
  CHECK(typeErrors("if Count then\nendif\n") == std::vector<std::string>{"6:4-9 RL723"});
  CHECK(typeErrors("while \"yes\" do\nendwhile\n") == std::vector<std::string>{"6:7-12 RL723"});
  // Operands (RL724).
  CHECK(typeErrors("set Count Count + Flag\n") == std::vector<std::string>{"6:11-23 RL724"});
  CHECK(typeErrors("set Label Label - \"x\"\n") == std::vector<std::string>{"6:11-22 RL724"});
  CHECK(typeErrors("set Flag not Count\n") == std::vector<std::string>{"6:10-19 RL724"});
  CHECK(typeErrors("set Count -Flag\n") == std::vector<std::string>{"6:11-16 RL724"});
  CHECK(typeErrors("set Flag Flag and 1\n") == std::vector<std::string>{"6:10-20 RL724"});
  CHECK(typeErrors("set Flag 1 or Flag\n") == std::vector<std::string>{"6:10-19 RL724"});
  // Comparisons (RL725).
  CHECK(typeErrors("set Flag Count < Label\n") == std::vector<std::string>{"6:10-23 RL725"});
  CHECK(typeErrors("set Flag Flag < true\n") == std::vector<std::string>{"6:10-21 RL725"});
  CHECK(typeErrors("set Flag Flag = 1\n") == std::vector<std::string>{"6:10-18 RL725"});
  CHECK(typeErrors("set Flag Ratio = 1\n").empty());
  // Arguments (RL726), negative literals (RL727), frequencies (RL728).
  CHECK(typeErrors("forward 2.5\n") == std::vector<std::string>{"6:9-12 RL726"});
  CHECK(typeErrors("back Flag\n") == std::vector<std::string>{"6:6-10 RL726"});
  CHECK(typeErrors("turn left Ratio\n") == std::vector<std::string>{"6:11-16 RL726"});
  CHECK(typeErrors("beep \"long\" 440\n") == std::vector<std::string>{"6:6-12 RL726"});
  CHECK(typeErrors("beep 100 440.0\n") == std::vector<std::string>{"6:10-15 RL726"});
  CHECK(typeErrors("pause true\n") == std::vector<std::string>{"6:7-11 RL726"});
  CHECK(typeErrors("repeat Ratio times\nendrepeat\n") == std::vector<std::string>{"6:8-13 RL726"});
  CHECK(typeErrors("forward -5\n") == std::vector<std::string>{"6:9-11 RL727"});
  CHECK(typeErrors("turn right -90\n") == std::vector<std::string>{"6:12-15 RL727"});
  CHECK(typeErrors("pause -1\n") == std::vector<std::string>{"6:7-9 RL727"});
  CHECK(typeErrors("beep -1 440\n") == std::vector<std::string>{"6:6-8 RL727"});
  CHECK(typeErrors("repeat -2 times\nendrepeat\n") == std::vector<std::string>{"6:8-10 RL727"});
  CHECK(typeErrors("beep 100 59\n") == std::vector<std::string>{"6:10-12 RL728"});
  CHECK(typeErrors("beep 100 30001\n") == std::vector<std::string>{"6:10-15 RL728"});
  CHECK(typeErrors("beep 100 60\nbeep 100 30000\n").empty());
  // Names (RL720, RL721) and the lower-case warning (RL717).
  CHECK(typeErrors("set Missing 1\n") == std::vector<std::string>{"6:5-12 RL720"});
  CHECK(typeErrors("forward Missing\n") == std::vector<std::string>{"6:9-16 RL720"});
  {
    // The fix registers the name before `start`, with the type of the value it is set to.
    const Compiled c = compileText("start\nset Missing true\nforward Count\nstop\n");
    std::vector<std::string> fixes;
    for (const Diagnostic& diagnostic : c.result.diagnostics.all()) {
      for (const chronon::Fix& fix : diagnostic.fixes) {
        REQUIRE(fix.edits.size() == 1);
        CHECK(fix.edits[0].range.begin == 0);
        fixes.push_back(fix.edits[0].text);
      }
    }
    CHECK(fixes == std::vector<std::string>{"register boolean Missing\n", "register integer Count\n"});
  }
  CHECK(typeErrors("register real Count\n") == std::vector<std::string>{"6:15-20 RL721"});
  const Compiled lower = compileText(body("register integer counter\n"));
  REQUIRE(lower.result.diagnostics.all().size() == 1);
  CHECK(lower.result.diagnostics.all()[0].severity == Severity::kWarning);
  CHECK(located(lower)[0] == "2:18-25 RL717");
  CHECK(lower.result.program.has_value());  // A warning does not stop Robbie.
  // A name used before its register line is not registered yet.
  CHECK(located(compileText(body("set Late 1\nregister integer Late\n"))) == std::vector<std::string>{"2:5-9 RL720"});
  // A type error inside an expression is reported once, not again by the enclosing expression.
  CHECK(typeErrors("set Flag (Count + Label) < 3\n") == std::vector<std::string>{"6:10-25 RL724"});
}

TEST_CASE("Robbie explodes: a program with any error produces no code", "[robbie]") {
  const Compiled c = compileText(body("forward 10\nturn left 90\nset Unknown 1\nforward 10\n"));
  CHECK(c.result.diagnostics.hasErrors());
  CHECK_FALSE(c.result.program.has_value());
  const Compiled ok = compileText(body("forward 10\n"));
  REQUIRE(ok.result.program.has_value());
  CHECK(rl::listing(*ok.result.program) == "   0     2  push 10\n   1     2  forward\n   2     3  stop\n");
}

TEST_CASE("lowering converts integers meeting reals and short-circuits and/or", "[robbie]") {
  const Compiled c =
      compileText(body("register real R\nregister boolean B\nset R 1 + 2.5\nset B false and 1 / 0 = 1\n"));
  REQUIRE(c.result.program.has_value());
  CHECK(rl::listing(*c.result.program) ==
        "   0     4  push 1\n"
        "   1     4  to.real\n"
        "   2     4  push 2.5\n"
        "   3     4  add.r\n"
        "   4     4  store R\n"
        "   5     5  push false\n"
        "   6     5  and.jump 12\n"
        "   7     5  push 1\n"
        "   8     5  push 0\n"
        "   9     5  div.i\n"
        "  10     5  push 1\n"
        "  11     5  eq\n"
        "  12     5  store B\n"
        "  13     6  stop\n");
}

TEST_CASE("golden diagnostics for a program with many errors", "[robbie]") {
  const std::filesystem::path dir = chronon::test::sourceDir() / "tests" / "golden" / "robbie";
  const std::string text = readFile(dir / "errors.rl");
  REQUIRE_FALSE(text.empty());
  const SourceFile file("errors.rl", text);
  const rl::CompileResult result = rl::compile(file);
  CHECK(chronon::render(file, result.diagnostics) == readFile(dir / "errors.expected"));
}

TEST_CASE("bad input gets diagnostics, never a crash, a hang or unbounded recursion", "[robbie]") {
  // Junk bytes: every byte value except NUL, many times over.
  std::string junk;
  for (int round = 0; round < 64; ++round) {
    for (int b = 1; b < 256; ++b) junk += static_cast<char>((b * 37 + round) % 255 + 1);
  }
  const Compiled j = compileText(junk);
  CHECK(j.result.diagnostics.hasErrors());
  CHECK_FALSE(j.result.program);
  // Structures nested far deeper than the limit.
  std::string deep = "start\n";
  for (int i = 0; i < 5000; ++i) deep += "if true then\n";
  for (int i = 0; i < 5000; ++i) deep += "endif\n";
  deep += "stop\n";
  const Compiled d = compileText(deep);
  CHECK(codes(d) == std::vector<DiagCode>{DiagCode::kRlTooDeep});
  // Parentheses and unary operators nested deeper than the limit, and a very long operator chain.
  const Compiled parens = compileText(body("forward " + std::string(100000, '(') + "1\n"));
  CHECK(codes(parens) == std::vector<DiagCode>{DiagCode::kRlTooDeep});
  const Compiled minus = compileText(body("forward " + std::string(100000, '-') + "1\n"));
  CHECK(codes(minus) == std::vector<DiagCode>{DiagCode::kRlTooDeep});
  std::string nots;
  for (int i = 0; i < 20000; ++i) nots += "not ";
  const Compiled notNest = compileText(body("if " + nots + "true then\nendif\n"));
  CHECK(codes(notNest) == std::vector<DiagCode>{DiagCode::kRlTooDeep});
  std::string chain = "1";
  for (int i = 0; i < 50000; ++i) chain += " + 1";
  CHECK(codes(compileText(body("forward " + chain + "\n"))) == std::vector<DiagCode>{DiagCode::kRlTooDeep});
  // Nesting beyond the limit within a line of few tokens.
  CHECK(codes(compileText(body("forward " + std::string(500, '(') + "1" + std::string(500, ')') + "\n"))) ==
        std::vector<DiagCode>{DiagCode::kRlTooDeep});
  std::string fewNots;
  for (int i = 0; i < 300; ++i) fewNots += "not ";
  CHECK(codes(compileText(body("while " + fewNots + "true do\nendwhile\n"))) ==
        std::vector<DiagCode>{DiagCode::kRlTooDeep});
  // Exactly at the limits is fine.
  std::string nested = "start\n";
  for (int i = 0; i < rl::kMaxNesting; ++i) nested += "while false do\n";
  for (int i = 0; i < rl::kMaxNesting; ++i) nested += "endwhile\n";
  nested += "stop\n";
  CHECK(compileText(nested).result.diagnostics.all().empty());
  // A very long line of one name, and a huge number of lines.
  CHECK(codes(compileText(body(std::string(1 << 20, 'x') + "\n"))) ==
        std::vector<DiagCode>{DiagCode::kRlUnknownCommand});
  std::string lines = "start\n";
  for (int i = 0; i < 200000; ++i) lines += "forward 1\n";
  lines += "stop\n";
  const Compiled many = compileText(lines);
  CHECK(many.result.diagnostics.all().empty());
  REQUIRE(many.result.program);
  CHECK(many.result.program->code.size() == 400001);
  // Empty input.
  CHECK(codes(compileText("")) == std::vector<DiagCode>{DiagCode::kRlMissingStart, DiagCode::kRlMissingStop});
}

TEST_CASE("the IR's stack effects parse as written and the op table's are well formed", "[robbie]") {
  using rl::Slot;
  constexpr rl::StackEffect add = rl::parseStackEffect("i i -- i");
  STATIC_REQUIRE(add.valid);
  STATIC_REQUIRE(add.pops == 2);
  STATIC_REQUIRE(add.pushes == 1);
  constexpr rl::StackEffect toReal = rl::parseStackEffect("i -- r");
  STATIC_REQUIRE(toReal.popped[0] == Slot::kInteger);
  STATIC_REQUIRE(toReal.pushed == Slot::kReal);
  // Written bottom first, kept top first.
  constexpr rl::StackEffect mixed = rl::parseStackEffect("s b --");
  STATIC_REQUIRE(mixed.popped[0] == Slot::kBoolean);
  STATIC_REQUIRE(mixed.popped[1] == Slot::kString);
  STATIC_REQUIRE(mixed.pushes == 0);
  STATIC_REQUIRE(rl::parseStackEffect("--").valid);
  STATIC_REQUIRE_FALSE(rl::parseStackEffect("i i i -- i").valid);
  STATIC_REQUIRE_FALSE(rl::parseStackEffect("i -- i i").valid);
  STATIC_REQUIRE_FALSE(rl::parseStackEffect("i q -- i").valid);
  STATIC_REQUIRE_FALSE(rl::parseStackEffect("i i").valid);
  CHECK(rl::opInfo(rl::Op::kLess).effect.popped[0] == Slot::kAny);
  CHECK(rl::opInfo(rl::Op::kLess).effect.pushed == Slot::kBoolean);
  CHECK(rl::opInfo(rl::Op::kStore).effect.popped[0] == Slot::kOperand);
  CHECK(rl::opInfo(rl::Op::kPushConstant).effect.pushed == Slot::kOperand);
  CHECK(rl::opInfo(rl::Op::kBeep).effect.pops == 2);
  CHECK(rl::opInfo(rl::Op::kStop).effect.pops == 0);
  // The kinds that say who writes an operation's meaning (vm/include/chronon/vm/robbie_semantics.def
  // holds the computed ones but concat, and the checks of the host ones with arguments).
  std::map<rl::OpKind, int> kinds;
  for (const rl::OpRow& row : rl::kOpTable) ++kinds[row.info.kind];
  CHECK(kinds[rl::OpKind::kComputed] == 18);
  CHECK(kinds[rl::OpKind::kHost] == 10);
  CHECK(kinds[rl::OpKind::kControl] == 8);
  CHECK(rl::opInfo(rl::Op::kConcat).kind == rl::OpKind::kComputed);
  CHECK(rl::opInfo(rl::Op::kWeight).kind == rl::OpKind::kHost);
  CHECK(rl::opInfo(rl::Op::kStore).kind == rl::OpKind::kControl);
  STATIC_REQUIRE(rl::opInfo(rl::Op::kDivReal).kind == rl::OpKind::kComputed);
}
