// The REPL (repl/): library-level tests that feed lines and check the text, and golden transcripts
// of the real binary in its scriptable mode (tests/golden/repl/*.in → *.expected).

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/repl/repl.h"
#include "test_support.h"

namespace {

using chronon::repl::Language;
using chronon::repl::Repl;

// Feeds each line and returns everything printed.
std::string feedAll(Repl& repl, const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += repl.feed(line).output;
  return out;
}

// The last line of `text` (without its newline).
std::string lastLine(const std::string& text) {
  std::string trimmed = text;
  while (!trimmed.empty() && trimmed.back() == '\n') trimmed.pop_back();
  const size_t nl = trimmed.rfind('\n');
  return nl == std::string::npos ? trimmed : trimmed.substr(nl + 1);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// What an RL session shows with no registers and Robbie where he starts.
constexpr const char* kRobbieAtStart = "registers: (none)  robbie: (0, 0) heading 0, claw empty";
// The part of an RL session's state line after the registers while Robbie has not moved.
const std::string kRobbieRest = "  robbie: (0, 0) heading 0, claw empty\n";

std::filesystem::path tempFile(const std::string& name, const std::string& text) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace

TEST_CASE("repl grobocode: arithmetic shows the stack in Grobots' number format", "[repl]") {
  Repl repl(Language::kGrobocode);
  CHECK(repl.feed("1 2 +").output == "stack: 3\n");
  CHECK(repl.feed("0.671").output == "stack: 3 0.671\n");
  CHECK(repl.feed("drop drop").output == "stack: (empty)\n");
  CHECK(repl.prompt() == "grobocode> ");
}

TEST_CASE("repl grobocode: each line runs its own code, on both engines", "[repl]") {
  // The session edits its brain in place; an engine that kept decoded or compiled code of an earlier
  // line would print 5 again.
  Repl repl(Language::kGrobocode);
  CHECK(repl.feed("5 print").output == "5\nstack: (empty)\n");
  CHECK(repl.feed("6 print").output == "6\nstack: (empty)\n");
  CHECK(repl.feed("7 8 + print").output == "15\nstack: (empty)\n");
  repl.feed("engine jit");
  CHECK(repl.feed("9 print").output == "9\nstack: (empty)\n");
  CHECK(repl.feed("10 print").output == "10\nstack: (empty)\n");
}

TEST_CASE("repl grobocode: the reference's fibonacci typed line by line gives 89 for 10", "[repl]") {
  Repl repl(Language::kGrobocode);
  CHECK(repl.feed("fibonacci: ;n -- f_n").continuation);
  CHECK(repl.prompt() == "grobocode... ");
  CHECK(repl.feed("  dup 1 <= if drop 1 return then").continuation);
  CHECK(repl.feed("  dup 1 - fibonacci swap 2 - fibonacci +").continuation);
  const chronon::repl::Reply done = repl.feed("return");
  CHECK_FALSE(done.continuation);
  CHECK(done.output == "defined fibonacci\nstack: (empty)\n");
  CHECK(repl.feed("10 fibonacci").output == "stack: 89\n");
  CHECK(repl.feed("drop 1 fibonacci 2 fibonacci").output == "stack: 1 2\n");
}

TEST_CASE("repl grobocode: errors give a position and keep the stack and definitions", "[repl]") {
  Repl repl(Language::kGrobocode);
  feedAll(repl, {"square: dup * return", "5"});
  const std::string underflow = repl.feed("drop drop drop").output;
  CHECK(contains(underflow, "error: input:1:6 (drop): "));
  CHECK(lastLine(underflow) == "stack: 5");
  const std::string unknown = repl.feed("1 frobnicate 2").output;
  CHECK(contains(unknown, "input:1:3: error: undefined symbol: frobnicate [GB600]"));
  CHECK(lastLine(unknown) == "stack: 5");
  CHECK(repl.feed("square").output == "stack: 25\n");
  // A runtime error inside a definition names the label and offset.
  const std::string inside = feedAll(repl, {"drop", "square"});
  CHECK(contains(inside, "error: in square (dup): "));
  CHECK(lastLine(inside) == "stack: (empty)");
  // A forward call to a label not defined yet says so.
  CHECK(repl.feed("caller: later^ return").output == "defined caller\nstack: (empty)\n");
  CHECK(repl.feed("help later").output == "later: label used but not defined yet\n");
  CHECK(contains(repl.feed("caller").output,
                 "error: in caller (later^): invalid address: -1 (later is not defined yet)"));
  CHECK(repl.feed("later: 11 return").output == "defined later\nstack: (empty)\n");
  CHECK(repl.feed("caller").output == "stack: 11\n");
  repl.feed("drop");
  // An endless loop is stopped and the stack comes back.
  const std::string loop = repl.feed("7 do 1 drop forever").output;
  CHECK(contains(loop, "stopped after 1000000 instructions"));
  CHECK(lastLine(loop) == "stack: (empty)");
}

TEST_CASE("repl grobocode: variables, constants, vectors and redefinition persist", "[repl]") {
  Repl repl(Language::kGrobocode);
  CHECK(repl.feed("#var gamma 1.5").output == "defined variable gamma\nstack: (empty)\n");
  CHECK(repl.feed("gamma 2 * gamma! gamma").output == "stack: 3\n");
  CHECK(repl.feed("#const answer 42").output == "defined constant answer\nstack: 3\n");
  CHECK(repl.feed("#vector home 10 20").output == "defined vector home\nstack: 3\n");
  CHECK(repl.feed("answer home").output == "stack: 3 42 10 20\n");
  feedAll(repl, {"reset"});
  CHECK(repl.feed("twice: 2 * return").output == "defined twice\nstack: (empty)\n");
  CHECK(repl.feed("twice: 3 * return").output == "redefined twice\nstack: (empty)\n");
  CHECK(repl.feed("5 twice").output == "stack: 15\n");
  // Multi-line `if`: the line that opens it waits for `then`.
  CHECK(repl.feed("1 if 100").continuation);
  CHECK(repl.feed("then").output == "stack: 15 100\n");
  // An empty line submits an open construct, which then reports what is missing.
  CHECK(repl.feed("0 if").continuation);
  const std::string open = repl.feed("").output;
  CHECK(contains(open, "[GB603]"));
  CHECK(lastLine(open) == "stack: 15 100");
}

TEST_CASE("repl grobocode: help, words, see, effect, step, trace, time, set, engine, lang", "[repl]") {
  Repl repl(Language::kGrobocode);
  feedAll(repl, {"square: dup * return"});
  CHECK(repl.feed("help dup").output == "dup ( x -- x x )  Duplicates the top item.\n");
  CHECK(contains(repl.feed("help").output, "see LABEL"));
  CHECK(contains(repl.feed("help square").output, "square: label at address 0, effect ( 1 -- 1 )"));
  CHECK(contains(repl.feed("help nosuchword").output, "unknown word: nosuchword"));
  const std::string words = repl.feed("words squ").output;
  CHECK(contains(words, "square"));
  CHECK(contains(words, "(1 words)"));
  CHECK(repl.feed("see square").output == "square:\n  0000  0x000B  dup\n  0001  0x0024  *\n  0002  0x0018  return\n");
  CHECK(repl.feed("effect 2 +").output == "effect: ( 1 -- 1 )\n");
  CHECK(repl.feed("effect square square").output == "effect: ( 1 -- 1 )\n");
  CHECK(repl.feed("effect drop drop 5").output == "effect: ( 2 -- 1 )\n");
  CHECK(contains(repl.feed("effect 1 if").output, "[GB603]"));
  const std::string step = repl.feed("step 3 square").output;
  CHECK(contains(step, "next: 0003"));
  CHECK(contains(repl.feed("step").output, "stack: 3"));
  CHECK(contains(repl.feed("step").output, "stack: 3  return: 5"));
  feedAll(repl, {"step", "step", "step"});
  CHECK(repl.feed("step").output == "done\nstack: 9\n");
  const std::string trace = repl.feed("trace 2 square").output;
  CHECK(contains(trace, "stack: 9 2 2  return: 5"));
  CHECK(lastLine(trace) == "stack: 9 4");
  // `time` is also a hardware variable, so the command needs its colon.
  CHECK(repl.feed("time").output == "stack: 9 4 0\n");
  const std::string timed = repl.feed(":time 3 square").output;
  CHECK(contains(timed, "instructions: 6\n"));
  CHECK(lastLine(timed) == "stack: 9 4 0 9");
  CHECK(repl.feed("set energy 40").output == "energy = 40\n");
  CHECK(repl.feed("reset").output == "reset\nstack: (empty)\n");
  CHECK(repl.feed("set energy 40").output == "energy = 40\n");
  CHECK(repl.feed("energy 2 /").output == "stack: 20\n");
  CHECK(repl.feed("set position 1 2.5").output == "position = 1 2.500\n");
  CHECK(repl.feed("position").output == "stack: 20 1 2.500\n");
  CHECK(contains(repl.feed("set nothing 1").output, "no hardware variable"));
  CHECK(repl.feed("engine interp").output == "engine: interp\n");
  CHECK(repl.feed("engine jit").output == "engine: jit\n");
  // Under the JIT the same code gives the same stack, in every language.
  CHECK(repl.feed("2 3 *").output == "stack: 20 1 2.500 6\n");
  CHECK(repl.feed("lang rl").output == "language: rl\n");
  CHECK(repl.feed("engine jit").output == "engine: jit\n");
  CHECK(repl.feed("lang robotalk").output == "language: robotalk\n");
  CHECK(repl.feed("engine jit").output == "engine: jit\n");
  CHECK(repl.feed("1 2 +").output == "stack: 3\n");
  CHECK(repl.feed("lang rl").output == "language: rl\n");
  CHECK(repl.feed("lang grobocode").output == "language: grobocode\n");
  CHECK(repl.feed("lang robotalk").output == "language: robotalk\n");
  CHECK(repl.feed("lang grobocode").output == "language: grobocode\n");
  CHECK(repl.feed("").output.empty());
  CHECK(repl.feed("quit").quit);
}

TEST_CASE("repl grobocode: load makes a side's labels callable", "[repl]") {
  const auto path = tempFile("chronon_repl_side.gb",
                             "#side Loaded\n#type Worker\n#code\n#var count 2\ncube: dup dup * * return\n"
                             "#start\nmain: sync main& jump\n#end\n");
  Repl repl(Language::kGrobocode);
  feedAll(repl, {"7"});
  const std::string loaded = repl.feed(":load " + path.string()).output;
  CHECK(contains(loaded, "loaded Loaded, type Worker:"));
  CHECK(repl.feed("3 cube count").output == "stack: 7 27 2\n");
  CHECK(contains(repl.feed("see cube").output, "cube:\n"));
  CHECK(contains(repl.feed(":load /nonexistent/side.gb").output, "error"));
  CHECK(repl.feed("cube").output == "stack: 7 27 8\n");
  std::filesystem::remove(path);
}

TEST_CASE("repl robotalk: stack, variables, labels, comments and commands", "[repl]") {
  Repl repl(Language::kRoboTalk);
  CHECK(repl.prompt() == "robotalk> ");
  CHECK(repl.feed("1 2 +").output == "stack: 3\n");
  CHECK(repl.feed("a' store a a").output == "stack: 3 3\n");
  CHECK(repl.feed("sq: swap dup * swap return").output == "defined sq\nstack: 3 3\n");
  CHECK(repl.feed("sq call").output == "stack: 3 9\n");
  CHECK(repl.feed("{ a comment").continuation);
  CHECK(repl.feed("still } 4").output == "stack: 3 9 4\n");
  const std::string unknown = repl.feed("1 zork").output;
  CHECK(contains(unknown, "input:1:3: error:"));
  CHECK(lastLine(unknown) == "stack: 3 9 4");
  const std::string underflow = repl.feed("drop drop drop drop").output;
  CHECK(contains(underflow, "error: input:1:16 (drop): Stack underflow"));
  CHECK(lastLine(underflow) == "stack: 3 9 4");
  CHECK(contains(repl.feed("help dup").output, "DUP ( "));
  CHECK(contains(repl.feed("help range").output, "RANGE register"));
  CHECK(contains(repl.feed("words sq").output, "SQ"));
  CHECK(contains(repl.feed("see sq").output, "sq:\n  0000"));
  CHECK(repl.feed("effect +").output == "effect: ( 2 -- 1 )\n");
  CHECK(repl.feed("effect 5 dup").output == "effect: ( 0 -- 2 )\n");
  CHECK(repl.feed("set range 40").output == "RANGE = 40\n");
  CHECK(repl.feed("range").output == "stack: 3 9 4 40\n");
  const std::string trace = repl.feed("trace 2 sq call").output;
  CHECK(lastLine(trace) == "stack: 3 9 4 40 4");
  const std::string timed = repl.feed("time 1 drop").output;
  CHECK(contains(timed, "instructions: "));
  CHECK(repl.feed("reset").output == "reset\nstack: (empty)\n");
  CHECK(contains(repl.feed("sq call").output, "error"));
}

TEST_CASE("repl robotalk: a subroutine's inputs under its return address count in its effect", "[repl]") {
  Repl repl(Language::kRoboTalk);
  CHECK(repl.feed("square: swap dup * swap return").output == "defined square\nstack: (empty)\n");
  // `square` squares the cell under its return address: it takes one and leaves one.
  CHECK(repl.feed("effect square call").output == "effect: ( 1 -- 1 )\n");
  CHECK(repl.feed("effect square call square call").output == "effect: ( 1 -- 1 )\n");
  CHECK(repl.feed("effect 3 square call").output == "effect: ( 0 -- 1 )\n");
  CHECK(repl.feed("3 square call").output == "stack: 9\n");
}

TEST_CASE("repl rl: the state line repl/README.md shows is what the REPL prints", "[repl]") {
  // The README names its inputs in backquotes after "After" and quotes the line they give.
  const std::string readme = chronon::test::readFile(chronon::test::sourceDir() / "repl" / "README.md");
  std::string prose = readme.substr(readme.find("small test room"));
  prose = prose.substr(0, prose.find(". An"));
  for (size_t nl = prose.find("\n  "); nl != std::string::npos; nl = prose.find("\n  ")) prose.replace(nl, 3, " ");
  std::vector<std::string> quoted;
  for (size_t open = prose.find('`'); open != std::string::npos; open = prose.find('`', open + 1)) {
    const size_t close = prose.find('`', open + 1);
    REQUIRE(close != std::string::npos);
    quoted.push_back(prose.substr(open + 1, close - open - 1));
    open = close;
  }
  REQUIRE(quoted.size() >= 2);
  const std::string shown = quoted.back();
  quoted.pop_back();
  CHECK(contains(shown, "registers: "));
  Repl repl(Language::kRobbie);
  CHECK(lastLine(feedAll(repl, quoted)) == shown);
}

TEST_CASE("repl robotalk: a loaded robot's warnings are printed once, by the load", "[repl]") {
  // A label named as a register is a warning (RT206) of the robot, not of the inputs typed later.
  const auto path = tempFile("chronon_repl_warned.rtk", "main: main jump\nleft: 1 swap return\n");
  Repl repl(Language::kRoboTalk);
  const std::string loaded = repl.feed("load " + path.string()).output;
  CHECK(contains(loaded, "[RT206]"));
  CHECK(contains(loaded, "loaded "));
  CHECK(repl.feed("1 2").output == "stack: 1 2\n");
  CHECK(repl.feed("3").output == "stack: 1 2 3\n");
  // An error of the input is still shown, at the input's own position, without the robot's warning.
  const std::string bad = repl.feed("3 zork").output;
  CHECK(contains(bad, "input:1:3: error:"));
  CHECK_FALSE(contains(bad, "RT206"));
  // So is a definition's warning, when it is defined, and not again after.
  CHECK(contains(repl.feed("right: 2 swap return").output, "[RT206]"));
  CHECK(repl.feed("4").output == "stack: 1 2 3 4\n");
  std::filesystem::remove(path);
}

TEST_CASE("repl: an interrupt stops the input running and leaves the state as before", "[repl]") {
  for (const Language language : {Language::kGrobocode, Language::kRoboTalk}) {
    Repl repl(language);
    const std::string endless = language == Language::kGrobocode ? "5 do 1 drop forever" : "5 loop: loop jump";
    CHECK(repl.feed("7").output == "stack: 7\n");
    // As Ctrl-C does while a line runs (the interrupt is seen at the next slice, here the first).
    repl.interrupt();
    const std::string stopped = repl.feed(endless).output;
    CHECK(contains(stopped, "interrupted after 0 instructions; the stack is as before"));
    CHECK(lastLine(stopped) == "stack: 7");
    // An interrupt is acted on once: the next input runs.
    CHECK(repl.feed("8").output == "stack: 7 8\n");
    // Ctrl-C at the prompt: an input left open is dropped, and an interrupt with it.
    if (language == Language::kGrobocode) {
      CHECK(repl.feed("1 if 9").continuation);
      repl.interrupt();
      repl.cancelInput();
      CHECK(repl.prompt() == "grobocode> ");
      CHECK(repl.feed("1").output == "stack: 7 8 1\n");
    }
  }
}

TEST_CASE("repl: tab completion candidates", "[repl]") {
  Repl repl(Language::kGrobocode);
  feedAll(repl, {"fibonacci: 1 return", "#var fizz 0"});
  CHECK(repl.complete("1 fib") == std::vector<std::string>{"fibonacci"});
  const std::vector<std::string> fi = repl.complete("fi");
  CHECK(std::find(fi.begin(), fi.end(), "fizz") != fi.end());
  const std::vector<std::string> he = repl.complete("he");
  CHECK(std::find(he.begin(), he.end(), "help") != he.end());
  CHECK(repl.complete("lang r") == std::vector<std::string>{"rl", "robotalk"});
  CHECK(repl.complete("engine ") == std::vector<std::string>{"interp", "jit"});
  CHECK(repl.complete(":ti") == std::vector<std::string>{":time"});
  Repl rtk(Language::kRoboTalk);
  CHECK(rtk.complete("rang") == std::vector<std::string>{"range"});
  CHECK(rtk.complete("RANG") == std::vector<std::string>{"RANGE"});
}

TEST_CASE("repl: bad input gets a message, never a crash or a hang", "[repl]") {
  for (const Language language : {Language::kGrobocode, Language::kRoboTalk}) {
    Repl repl(language);
    std::string junk;
    for (int i = 0; i < 256; ++i) junk += static_cast<char>(i == '\n' || i == '\r' ? ' ' : i);
    const std::string out = repl.feed(junk).output;
    CHECK(contains(out, "error"));
    CHECK(lastLine(out) == "stack: (empty)");
    CHECK(contains(repl.feed(std::string(200000, '9')).output, "stack:"));
    repl.feed("reset");
    std::string deep;
    for (int i = 0; i < 2000; ++i) deep += "1 if ";
    const chronon::repl::Reply nested = repl.feed(deep);
    const std::string submitted = nested.continuation ? repl.feed("").output : nested.output;
    CHECK(lastLine(submitted) == "stack: (empty)");
    std::string pushes;
    for (int i = 0; i < 200; ++i) pushes += "1 ";
    CHECK(contains(repl.feed(pushes).output, "error"));
    CHECK(repl.feed("99999999999999999999").output.find("stack:") != std::string::npos);
  }
  Repl rl(Language::kRobbie);
  CHECK(rl.startupNote().empty());
  CHECK(rl.language() == Language::kRobbie);
  std::string junk;
  for (int i = 0; i < 256; ++i) junk += static_cast<char>(i == '\n' || i == '\r' ? ' ' : i);
  const std::string out = rl.feed(junk).output;
  CHECK(contains(out, "error"));
  CHECK(lastLine(out) == kRobbieAtStart);
  CHECK(contains(rl.feed("forward " + std::string(200000, '9')).output, "RL705"));
  std::string deep = "forward ";
  for (int i = 0; i < 2000; ++i) deep += "(";
  CHECK(contains(rl.feed(deep + "1").output, "RL716"));
  // 2000 nested `if` lines are one open construct; the empty line submits it.
  for (int i = 0; i < 2000; ++i) CHECK(rl.feed("if true then").continuation);
  const std::string nested = rl.feed("").output;
  CHECK(contains(nested, "error"));
  CHECK(lastLine(nested) == kRobbieAtStart);
  // An endless loop is stopped by the instruction limit and leaves everything as it was.
  const std::string endless = feedAll(rl, {"while true do", "turn left 1", "endwhile"});
  CHECK(contains(endless, "error: stopped after 1000000 instructions"));
  CHECK(lastLine(endless) == kRobbieAtStart);
}

TEST_CASE("repl rl: registers persist, commands move Robbie, structures span lines, on both engines", "[repl]") {
  for (const bool jit : {false, true}) {
    INFO((jit ? "jit" : "interp"));
    Repl repl(Language::kRobbie);
    if (jit) CHECK(repl.feed("engine jit").output == "engine: jit\n");
    CHECK(repl.prompt() == "rl> ");
    CHECK(repl.feed("register integer N").output == "registered N (integer)\nregisters: N=0" + kRobbieRest);
    CHECK(repl.feed("set N 3 * 4").output == "registers: N=12" + kRobbieRest);
    CHECK(repl.feed("forward N").output == "registers: N=12  robbie: (12, 0) heading 0, claw empty\n");
    CHECK(repl.feed("turn left 90").output == "registers: N=12  robbie: (12, 0) heading 90, claw empty\n");
    CHECK(repl.feed("if N > 10 then").continuation);
    CHECK(repl.prompt() == "rl... ");
    CHECK(repl.feed("  back 2").continuation);
    CHECK(repl.feed("else").continuation);
    CHECK(repl.feed("  forward 2").continuation);
    CHECK(repl.feed("endif").output == "registers: N=12  robbie: (12, -2) heading 90, claw empty\n");
    CHECK(repl.feed("repeat 3 times").continuation);
    CHECK(repl.feed("set N N + 1").continuation);
    CHECK(repl.feed("endrepeat").output == "registers: N=15  robbie: (12, -2) heading 90, claw empty\n");
    CHECK(repl.feed("register string Name").output ==
          "registered Name (string)\nregisters: N=15 Name=\"\"  robbie: (12, -2) heading 90, claw empty\n");
    CHECK(repl.feed(R"(set Name "Robbie" + "!")").output ==
          "registers: N=15 Name=\"Robbie!\"  robbie: (12, -2) heading 90, claw empty\n");
    CHECK(repl.feed("beep 100 440").output ==
          "beep 100 ms at 440 Hz\nregisters: N=15 Name=\"Robbie!\"  robbie: (12, -2) heading 90, claw empty\n");
    // The claw: an object put beneath Robbie with :set is picked up by grab and weighed.
    CHECK(repl.feed(":set object 2500").output == "object = 2500 g beneath Robbie\n");
    CHECK(contains(repl.feed("grab").output, "holding 2500 g"));
    CHECK(repl.feed("set N weight").output ==
          "registers: N=2500 Name=\"Robbie!\"  robbie: (12, -2) heading 90, holding 2500 g\n");
    CHECK(contains(repl.feed("drop").output, "claw empty"));
    CHECK(repl.feed("reset").output == "reset\n" + std::string(kRobbieAtStart) + "\n");
  }
}

TEST_CASE("repl rl: errors have positions and leave registers intact; help and words", "[repl]") {
  Repl repl(Language::kRobbie);
  feedAll(repl, {"register integer N", "set N 7"});
  const std::string type = repl.feed("set N true").output;
  CHECK(contains(type, "input:1:7: error:"));
  CHECK(contains(type, "[RL722]"));
  CHECK(lastLine(type) == "registers: N=7" + kRobbieRest.substr(0, kRobbieRest.size() - 1));
  const std::string undeclared = repl.feed("set M 1").output;
  CHECK(contains(undeclared, "[RL720]"));
  CHECK_FALSE(contains(undeclared, "note:"));
  CHECK(contains(repl.feed("set heading 90").output, "type :set heading ..."));
  CHECK(contains(repl.feed("register real N").output, "[RL721]"));
  // A runtime error stops the input; what it changed before the error is undone.
  const std::string division = feedAll(repl, {"forward 5", "set N 1", "set N N / 0"});
  CHECK(contains(division, "error: input:1:7 (N / 0): division by zero"));
  CHECK(lastLine(division) == "registers: N=1  robbie: (5, 0) heading 0, claw empty");
  const std::string negative = repl.feed("forward 0 - N").output;
  CHECK(contains(negative, "error: input:1:1"));
  CHECK(lastLine(negative) == "registers: N=1  robbie: (5, 0) heading 0, claw empty");
  // A construct left open: the empty line submits it and the error says what is missing.
  CHECK(repl.feed("while N < 3 do").continuation);
  const std::string open = repl.feed("").output;
  CHECK(contains(open, "[RL712]"));
  // help and words read the word table and the registers.
  CHECK(repl.feed("help forward").output ==
        "forward i  (command)  Moves Robbie forward the given non-negative distance in cm, stopping early at an "
        "obstruction.\n");
  CHECK(contains(repl.feed("help N").output, "N: integer register, now 1"));
  CHECK(contains(repl.feed("help While").output, "RL words are lower case: while"));
  CHECK(repl.feed("words end").output == "endif endrepeat endwhile\n(3 words)\n");
  CHECK(contains(repl.feed("words").output, "(36 words)"));
  CHECK(contains(repl.feed("lang grobocode").output, "language: grobocode"));
  CHECK(contains(repl.feed("lang rl").output, "language: rl"));
  CHECK(contains(repl.feed("help N").output, "now 1"));
  CHECK(repl.complete("forward N") == std::vector<std::string>{"N"});
  CHECK(repl.complete("endw") == std::vector<std::string>{"endwhile"});
  CHECK(contains(repl.feed("help").output, "a `register` line declares"));
}

TEST_CASE("repl golden transcripts through the scriptable binary", "[repl][golden]") {
  const std::filesystem::path dir = chronon::test::sourceDir() / "tests" / "golden" / "repl";
  for (const std::string language : {"grobocode", "robotalk", "robbie"}) {
    const std::filesystem::path input = dir / (language + ".in");
    const std::filesystem::path expected = dir / (language + ".expected");
    const std::filesystem::path actual = std::filesystem::temp_directory_path() / ("chronon_repl_" + language + ".out");
    // The transcripts load files relative to the golden folder and leave out wall-clock lines.
    const std::string command = "cd '" + dir.string() + "' && '" + chronon::test::chrononBinary().string() +
                                "' repl --lang " + language + " < '" + input.string() + "' | grep -v '^wall: ' > '" +
                                actual.string() + "'";
    REQUIRE(std::system(command.c_str()) == 0);
    std::ifstream a(actual);
    std::ifstream e(expected);
    std::stringstream actualText;
    std::stringstream expectedText;
    actualText << a.rdbuf();
    expectedText << e.rdbuf();
    INFO("diff " << expected << " " << actual);
    CHECK(actualText.str() == expectedText.str());
  }
}
