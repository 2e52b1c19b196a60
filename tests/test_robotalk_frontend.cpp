// The RoboTalk frontend: lexer, assembler, hardware declarations, the corpus, bad input and the CLI.

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_disasm.h"
#include "chronon/compiler/robotalk_rwr.h"
#include "chronon/compiler/robotalk_syntax.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace chronon;
using namespace chronon::robotalk;

namespace {

std::vector<std::string> tokenTexts(const std::string& text) {
  const SourceFile file("t", text);
  const LexResult r = lex(file);
  std::vector<std::string> out;
  for (const Token& t : r.tokens) out.emplace_back(t.text);
  return out;
}

CompileResult compileText(const std::string& text, Profile profile = Profile::kRoboWar5) {
  return compile(SourceFile("t.rtk", text), CompileOptions{profile});
}

std::vector<int16_t> wordsOf(const std::string& text) {
  const CompileResult r = compileText(text);
  INFO(render(SourceFile("t.rtk", text), r.diagnostics));
  REQUIRE_FALSE(r.diagnostics.hasErrors());
  return r.program.words();
}

bool hasCode(const Diagnostics& d, DiagCode code) {
  for (const Diagnostic& x : d.all()) {
    if (x.code == code) return true;
  }
  return false;
}

using chronon::test::readFile;

constexpr int16_t w(Op op) { return static_cast<int16_t>(op); }
int16_t q(Reg reg) { return static_cast<int16_t>(info(reg).quotedCode()); }
constexpr int16_t kEnd = static_cast<int16_t>(Op::End);

}  // namespace

TEST_CASE("lexer: self-delimiting characters and + -", "[frontend][lexer]") {
  CHECK(tokenTexts("a*b/c<d>e=f!g") ==
        std::vector<std::string>{"a", "*", "b", "/", "c", "<", "d", ">", "e", "=", "f", "!", "g"});
  CHECK(tokenTexts("5 -5 +5 5- a+b") == std::vector<std::string>{"5", "-5", "+5", "5-", "a+b"});
  CHECK(tokenTexts("a;b,c\td\r\ne") == std::vector<std::string>{"a", "b", "c", "d", "e"});
  CHECK(wordsOf("5 -3 -") == std::vector<int16_t>{5, -3, w(Op::Subtract), kEnd});
  CHECK(wordsOf("2 3*4>") == std::vector<int16_t>{2, 3, w(Op::Multiply), 4, w(Op::Greater), kEnd});
}

TEST_CASE("lexer: comments and directives", "[frontend][lexer]") {
  CHECK(tokenTexts("a { b { c } d } e") == std::vector<std::string>{"a", "e"});
  CHECK(tokenTexts("a{b}c") == std::vector<std::string>{"a", "c"});
  CHECK(tokenTexts("a # b c\nd") == std::vector<std::string>{"a", "d"});
  CHECK(tokenTexts("a#b\nc") == std::vector<std::string>{"a", "c"});
  const SourceFile file("t", "#!!NoStoWarnings\n  #!! hardware cpu 30\nx");
  const LexResult r = lex(file);
  REQUIRE(r.tokens.size() == 3);
  CHECK(r.tokens[0].kind == TokenKind::kDirective);
  CHECK(r.tokens[0].text == "NoStoWarnings");
  CHECK(file.slice(r.tokens[0].range) == "#!!NoStoWarnings");
  CHECK(r.tokens[1].kind == TokenKind::kDirective);
  CHECK(r.blockComments.empty());
  const CompileResult c = compileText("#!!NoStoWarnings\n1 a' sto");
  CHECK_FALSE(c.program.stoWarnings);
  CHECK(c.program.directives.size() == 1);
  CHECK(compileText("1 a' sto").program.stoWarnings);
  const CompileResult unknown = compileText("#!!frobnicate\n1");
  CHECK(hasCode(unknown.diagnostics, DiagCode::kUnknownDirective));
  CHECK_FALSE(unknown.diagnostics.hasErrors());
}

TEST_CASE("lexer: comment ranges are kept up to a cap", "[frontend][lexer][badinput]") {
  std::string text;
  for (size_t i = 0; i < kMaxCommentRanges + 10; ++i) text += "{} # c\n";
  text += "1";
  const SourceFile file("t.rtk", text);
  const LexResult lexed = lex(file);
  CHECK(lexed.blockComments.size() == kMaxCommentRanges);
  CHECK(lexed.lineComments.size() == kMaxCommentRanges);
  CHECK(lexed.droppedComments == 20);
  REQUIRE(lexed.tokens.size() == 1);
  CHECK(file.slice(lexed.tokens[0].range) == "1");
  const SyntaxTree tree = parse(file, CompileOptions{});
  CHECK(tree.truncated);
  CHECK(tree.nodeCount == 2 * (kMaxCommentRanges + 10) + 1);
}

TEST_CASE("lexer: unclosed and stray braces", "[frontend][lexer]") {
  const CompileResult open = compileText("1 { never closed");
  CHECK(hasCode(open.diagnostics, DiagCode::kUnclosedComment));
  const CompileResult stray = compileText("1 } 2");
  CHECK(hasCode(stray.diagnostics, DiagCode::kStrayCloseBrace));
}

TEST_CASE("lexer: exact byte ranges", "[frontend][lexer]") {
  const SourceFile file("t", "  start: aim' 10>");
  const LexResult r = lex(file);
  REQUIRE(r.tokens.size() == 4);
  CHECK(r.tokens[0].kind == TokenKind::kLabelDef);
  CHECK(r.tokens[0].range == SourceRange{2, 8});
  CHECK(r.tokens[1].range == SourceRange{9, 13});
  CHECK(r.tokens[2].range == SourceRange{14, 16});
  CHECK(r.tokens[3].range == SourceRange{16, 17});
}

TEST_CASE("lexer: glued labels are split with a warning", "[frontend][lexer]") {
  CHECK(tokenTexts("start:y hit:50") == std::vector<std::string>{"start:", "y", "hit:", "50"});
  const CompileResult r = compileText("start:y hit:50 start jump");
  CHECK_FALSE(r.diagnostics.hasErrors());
  CHECK(hasCode(r.diagnostics, DiagCode::kGluedLabel));
  CHECK(r.program.words() == std::vector<int16_t>{q(Reg::Y), w(Op::Recall), 50, 0, w(Op::Jump), kEnd});
  REQUIRE(r.program.labels.size() == 2);
  CHECK(r.program.labels[1].address == 2);
}

TEST_CASE("assembler: case, registers, quotes and synonyms", "[frontend][assembler]") {
  CHECK(wordsOf("AIM aim' Aim") ==
        std::vector<int16_t>{q(Reg::Aim), w(Op::Recall), q(Reg::Aim), q(Reg::Aim), w(Op::Recall), kEnd});
  CHECK(wordsOf("sto store dup duplicate return jump eor xor bottom' hell'") ==
        std::vector<int16_t>{w(Op::Store), w(Op::Store), w(Op::Dup), w(Op::Dup), w(Op::Jump), w(Op::Jump), w(Op::Xor),
                             w(Op::Xor), q(Reg::Bot), q(Reg::Hellbore), kEnd});
  // The typographic apostrophe in UTF-8 and in MacRoman quotes a register too.
  CHECK(wordsOf("aim\xE2\x80\x99 aim\xD5") == std::vector<int16_t>{q(Reg::Aim), q(Reg::Aim), kEnd});
  // "Code with numbers" (RoboWar 5.21): 20000+ is a raw word.
  CHECK(wordsOf("20330 20109 20000") == std::vector<int16_t>{q(Reg::Aim), w(Op::Recall), w(Op::Add), kEnd});
  CHECK(wordsOf("19999 -19999") == std::vector<int16_t>{19999, -19999, kEnd});
}

TEST_CASE("assembler: labels are addresses and shadow registers", "[frontend][assembler]") {
  // A label named TOP (as in CHANGER 2) wins over the register TOP; TOP' is still the register.
  const CompileResult r = compileText("top: 1 top ifg range top: x");
  CHECK(hasCode(r.diagnostics, DiagCode::kDuplicateLabel));
  const CompileResult ok = compileText("top jump 5 top: top' setint top");
  INFO(render(SourceFile("t.rtk", "x"), ok.diagnostics));
  CHECK_FALSE(ok.diagnostics.hasErrors());
  CHECK(hasCode(ok.diagnostics, DiagCode::kLabelShadowsRegister));
  CHECK(ok.program.words() == std::vector<int16_t>{3, w(Op::Jump), 5, q(Reg::Top), w(Op::Setint), 3, kEnd});
  // Forward and backward references; a label at the very end names END's address.
  CHECK(wordsOf("a: done jump a done:") == std::vector<int16_t>{3, w(Op::Jump), 0, kEnd});
}

TEST_CASE("assembler: errors are reported and compiling goes on", "[frontend][assembler]") {
  const CompileResult r = compileText("foo 1 bar' 99999999 : 20000 20100 end");
  CHECK(r.diagnostics.errorCount() == 5);
  CHECK(hasCode(r.diagnostics, DiagCode::kUnknownToken));
  CHECK(hasCode(r.diagnostics, DiagCode::kQuotedNonRegister));
  CHECK(hasCode(r.diagnostics, DiagCode::kNumberOutOfRange));
  CHECK(hasCode(r.diagnostics, DiagCode::kEmptyLabel));
  // Undocumented Mac words are warnings; write-only registers unquoted compile to REG' RECALL.
  const CompileResult mac = compileText("mrb 5 joce' sto fire");
  CHECK_FALSE(mac.diagnostics.hasErrors());
  CHECK(hasCode(mac.diagnostics, DiagCode::kUndocumentedWord));
  CHECK(hasCode(mac.diagnostics, DiagCode::kReadOfWriteOnly));
  CHECK(mac.program.words() ==
        std::vector<int16_t>{w(Op::Mrb), 5, q(Reg::Joce), w(Op::Store), q(Reg::Fire), w(Op::Recall), kEnd});
}

TEST_CASE("assembler: profiles limit words, instructions and labels", "[frontend][assembler]") {
  const CompileResult old = compileText("1 2 max probe' 3 sync", Profile::kRoboWar15);
  CHECK(old.diagnostics.errorCount() == 3);
  CHECK(hasCode(old.diagnostics, DiagCode::kWordNotInProfile));
  std::string big;
  for (int i = 0; i < 500; ++i) big += "1 ";
  CHECK(hasCode(compileText(big, Profile::kRoboWar15).diagnostics, DiagCode::kTooManyInstructions));
  std::string fits;
  for (int i = 0; i < 499; ++i) fits += "1 ";
  CHECK_FALSE(compileText(fits, Profile::kRoboWar15).diagnostics.hasErrors());
  CHECK(compileText(fits + fits + fits + fits + fits + fits + fits + fits + fits + fits + fits)
            .diagnostics.errorCount() == 1);
  std::string labels;
  for (int i = 0; i < 401; ++i) labels += "l" + std::to_string(i) + ": ";
  CHECK(hasCode(compileText(labels).diagnostics, DiagCode::kTooManyLabels));
}

TEST_CASE("hardware: directives in both forms and the JSRoboWar header", "[frontend][hardware]") {
  const CompileResult rx =
      compileText("#!!hardware hasMissiles: true\n#!!hardware processorSpeed: 30\n#!!hardware gunType: Explosive\n1");
  CHECK_FALSE(rx.diagnostics.hasErrors());
  CHECK(rx.program.hardwareDeclared);
  CHECK(rx.program.hardware.missiles);
  CHECK(rx.program.hardware.cpu == 30);
  CHECK(rx.program.hardware.bullets == robowar::BulletType::kExplosive);
  const CompileResult compact =
      compileText("#!!hardware energy 150 damage 100 shield 0 cpu 15 bullets rubber missiles tacnukes\n1");
  CHECK_FALSE(compact.diagnostics.hasErrors());
  CHECK(robowar::describe(compact.program.hardware) ==
        "energy=150 damage=100 shield=0 cpu=15 bullets=rubber +missiles +tacnukes");
  const std::string badText = "#!!hardware energy 70 cpu fast lasers\n1";
  const CompileResult bad = compileText(badText);
  CHECK(bad.diagnostics.errorCount() == 2);
  CHECK(SourceFile("t", badText).slice(bad.diagnostics.all()[0].range) == "70");
  CHECK(hasCode(compileText("#!!hardware\n").diagnostics, DiagCode::kHardwareDirective));
  CHECK(hasCode(compileText("#!!hardware wings 2\n").diagnostics, DiagCode::kHardwareDirective));
  const CompileResult header = compileText(
      "{\n  ported\n  Energy: 150, Damage: 60, Shield: 0, CPU: 15, Bullets: rubber, +missiles, +tacnukes\n}\n1");
  CHECK(header.program.hardwareDeclared);
  CHECK(robowar::describe(header.program.hardware) ==
        "energy=150 damage=60 shield=0 cpu=15 bullets=rubber +missiles +tacnukes");
  CHECK(hasCode(header.diagnostics, DiagCode::kHardwareDirective));
  CHECK_FALSE(header.diagnostics.hasErrors());
  // A directive wins over the header comment; a header after code is not a header.
  CHECK(compileText("{ Energy: 40, Damage: 30, Shield: 0, CPU: 5, Bullets: rubber }\n#!!hardware energy 60\n1")
            .program.hardware.energyMax == 60);
  CHECK_FALSE(compileText("1 { Energy: 40, Damage: 30, Shield: 0, CPU: 5, Bullets: rubber }").program.hardwareDeclared);
  CHECK_FALSE(compileText("1").program.hardwareDeclared);
}

TEST_CASE("directives: #!!team names a team; unknown directives warn", "[frontend][directives]") {
  const CompileResult team = compileText("#!!team Pack\n1");
  CHECK(team.diagnostics.all().empty());
  CHECK(team.program.team == "PACK");
  CHECK(compileText("#!! Team: the pack \n1").program.team == "THE PACK");
  CHECK(hasCode(compileText("#!!team\n1").diagnostics, DiagCode::kHardwareDirective));
  CHECK(compileText("1").program.team.empty());
  CHECK(hasCode(compileText("#!!fly\n1").diagnostics, DiagCode::kUnknownDirective));
}

// A hang here fails through ctest's per-test timeout (tests/CMakeLists.txt), not a timed assertion.
TEST_CASE("bad input gives diagnostics quickly", "[frontend][badinput]") {
  std::string junk;
  for (int i = 0; i < 100000; ++i) junk.push_back(static_cast<char>((i * 7919) % 256));
  const CompileResult j = compileText(junk);
  CHECK(j.diagnostics.hasErrors());
  CHECK(j.diagnostics.all().size() <= kMaxDiagnostics + 1);
  std::string huge;
  while (huge.size() < 10u * 1024u * 1024u) huge += "blah 1 2 + aim' sto { c } # x\n";
  const CompileResult h = compileText(huge);
  CHECK(h.diagnostics.hasErrors());
  CHECK(h.diagnostics.all().size() <= kMaxDiagnostics + 1);
  CHECK(h.program.code.size() <= 5001);
  const CompileResult nested = compileText(std::string(100000, '{') + std::string(100000, '}') + " 1");
  CHECK(hasCode(nested.diagnostics, DiagCode::kCommentTooDeep));
  CHECK(nested.program.words() == std::vector<int16_t>{1, kEnd});
  CHECK(hasCode(compileText(std::string(100000, '{')).diagnostics, DiagCode::kUnclosedComment));
  CHECK(hasCode(compileText("99999999").diagnostics, DiagCode::kNumberOutOfRange));
  CHECK(hasCode(compileText("99999999999999999999999999999").diagnostics, DiagCode::kNumberOutOfRange));
  CHECK(hasCode(compileText(":").diagnostics, DiagCode::kEmptyLabel));
  const CompileResult empty = compileText("");
  CHECK_FALSE(empty.diagnostics.hasErrors());
  CHECK(empty.program.words() == std::vector<int16_t>{kEnd});
  Diagnostics rwrDiags;
  CHECK_FALSE(parseRwr("short", "x", rwrDiags));
  CHECK(hasCode(rwrDiags, DiagCode::kRwrMalformed));
}

TEST_CASE("corpus: every program outside dialects/ compiles; dialects fail", "[frontend][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  const fs::path root = test::sharedDir() / "corpus" / "robowar";
  size_t compiled = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".txt") continue;
    const std::string rel = fs::relative(entry.path(), root).generic_string();
    if (rel.find("bytecode/") != std::string::npos || rel.find(".header.txt") != std::string::npos) continue;
    const SourceFile file(rel, readFile(entry.path()));
    const CompileResult r = compile(file, CompileOptions{});
    if (rel.rfind("dialects/", 0) == 0) {
      INFO(rel);
      CHECK(r.diagnostics.hasErrors());
      CHECK(hasCode(r.diagnostics, DiagCode::kUnknownToken));
      continue;
    }
    INFO(render(file, r.diagnostics));
    CHECK_FALSE(r.diagnostics.hasErrors());
    ++compiled;
  }
  CHECK(compiled >= 30);
}

TEST_CASE("corpus: JSRoboWar ports get the hardware of their header", "[frontend][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  const fs::path path = test::sharedDir() / "corpus" / "robowar" / "rw452-archive" / "pearl.txt";
  const CompileResult r = compile(SourceFile(path.string(), readFile(path)), CompileOptions{});
  CHECK(r.program.hardwareDeclared);
  CHECK(robowar::describe(r.program.hardware) ==
        "energy=150 damage=60 shield=0 cpu=15 bullets=rubber +missiles +tacnukes");
  const fs::path dumbot = test::sharedDir() / "corpus" / "robowar" / "manual-examples" / "dumbot.txt";
  const CompileResult d = compile(SourceFile(dumbot.string(), readFile(dumbot)), CompileOptions{});
  CHECK(d.program.hardwareDeclared);
  CHECK(d.program.hardware.missiles);
}

TEST_CASE("rendered diagnostics of a small bad robot match the golden file", "[frontend][golden]") {
  const fs::path dir = test::sourceDir() / "tests" / "golden" / "frontend";
  const std::string source = readFile(dir / "bad_robot.rtk");
  REQUIRE_FALSE(source.empty());
  const SourceFile file("bad_robot.rtk", source);
  CompileResult r = compile(file, CompileOptions{});
  r.diagnostics.sortByPosition();
  CHECK(render(file, r.diagnostics) == readFile(dir / "bad_robot.expected"));
}

TEST_CASE("CLI: check, compile --emit=object and disasm", "[frontend][cli]") {
  const fs::path tmp = fs::temp_directory_path() / ("chronon_frontend_cli_" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  const std::string binary = test::chrononBinary().string();
  const fs::path golden = test::sourceDir() / "tests" / "golden" / "frontend";
  const auto run = [&](const std::string& args, const std::string& out, const std::string& err) {
    const std::string command = "cd '" + golden.string() + "' && '" + binary + "' " + args + " > '" +
                                (tmp / out).string() + "' 2> '" + (tmp / err).string() + "'";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  CHECK(run("check bad_robot.rtk", "out.txt", "err.txt") == 1);
  CHECK(readFile(tmp / "err.txt") == readFile(golden / "bad_robot.expected"));
  CHECK(run("check --help", "out.txt", "err.txt") == 0);
  CHECK(readFile(tmp / "out.txt").find("--profile") != std::string::npos);
  CHECK(run("check --profile robowar-9 bad_robot.rtk", "out.txt", "err.txt") == 2);
  CHECK(run("compile --help", "out.txt", "err.txt") == 0);
  CHECK(run("disasm --help", "out.txt", "err.txt") == 0);
  if (test::haveRoboWarCorpus()) {
    const fs::path rw5 = test::sharedDir() / "corpus" / "robowar" / "rw5-win";
    CHECK(run("compile --emit=object '" + (rw5 / "misc" / "Vortex_v2.2.txt").string() + "'", "obj.txt", "err.txt") ==
          0);
    const std::string ours = readFile(tmp / "obj.txt");
    const std::string theirs = readFile(rw5 / "bytecode" / "Vortex_v2.2.bytecode.txt");
    // Identical after the first (origin) comment line.
    CHECK(ours.substr(ours.find('\n')) == theirs.substr(theirs.find('\n')));
    const fs::path rwr = test::sharedDir() / "corpus" / "robowar" / "rwr" / "Dialectix.RWR";
    CHECK(run("check '" + rwr.string() + "'", "out.txt", "err.txt") == 0);
    CHECK(run("disasm --source '" + rwr.string() + "'", "dis.rtk", "err.txt") == 0);
    const std::string text = readFile(tmp / "dis.rtk");
    const CompileResult again = compile(SourceFile("dis.rtk", text), CompileOptions{});
    CHECK_FALSE(again.diagnostics.hasErrors());
    Diagnostics d;
    CHECK(again.program.words() == readRwrFile(rwr.string(), d)->code);
    // An object-code file is read as words, so disassembling it works too.
    CHECK(run("disasm '" + (tmp / "obj.txt").string() + "'", "list.txt", "err.txt") == 0);
    CHECK(readFile(tmp / "list.txt").find("JUMP") != std::string::npos);
  }
  CHECK(run("check /nonexistent/robot.rtk", "out.txt", "err.txt") == 1);
  CHECK(readFile(tmp / "err.txt").find("[RT100]") != std::string::npos);
  fs::remove_all(tmp);
}
