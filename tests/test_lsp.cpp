// The language server (lsp/): Content-Length framing, positions in UTF-16, the language features
// on small sides and robots, protocol transcripts compared with golden files
// (tests/golden/lsp/*.transcript), survival of malformed messages, and the corpus (no diagnostic
// that the compiler and checker would not give, and every feature answering on every token).

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_checker.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_checker.h"
#include "chronon/jsonrpc/transport.h"
#include "chronon/lsp/document.h"
#include "chronon/lsp/language.h"
#include "chronon/lsp/server.h"
#include "test_lsp_harness.h"
#include "test_support.h"

namespace {

using chronon::SourceFile;
using chronon::SourceRange;
using nlohmann::json;
namespace lsp = chronon::lsp;
namespace jsonrpc = chronon::jsonrpc;

std::string frame(const std::string& body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

using Harness = chronon::test::LspHarness;

json at(const std::string& uri, int line, int character) {
  return json{{"textDocument", {{"uri", uri}}}, {"position", {{"line", line}, {"character", character}}}};
}

constexpr const char* kSide =
    "#side Demo\n"
    "#author Tester\n"
    "#code\n"
    "#var shared 1\n"
    "#type Gatherer\n"
    "#hardware\n"
    "processor 10\n"
    "engine 0.05\n"
    "energy 100 10\n"
    "food-sensor 5\n"
    "#code\n"
    "#vector dest 1 2\n"
    "#const speed 0.5\n"
    "do\n"
    "  food-sensor-time 50 > if fire-food-sensor then\n"
    "  grow^\n"
    "  shared 1 + shared!\n"
    "forever\n"
    "grow: ; -- \n"
    "  speed drop return\n"
    "#end\n";

constexpr const char* kRobot =
    "# a small robot\n"
    "start:\n"
    "  aim 5 + aim' store\n"
    "  shoot call\n"
    "  start jump\n"
    "shoot: { -- }\n"
    "  20 fire' store\n"
    "  return\n";

constexpr const char* kRobbieProgram =
    "program \"Laps\"\n"
    "register integer Laps ; laps so far\n"
    "start\n"
    "set Laps 0\n"
    "repeat 4 times\n"
    "  forward 100\n"
    "  turn left 90\n"
    "  set Laps Laps + 1\n"
    "endrepeat\n"
    "stop\n";

using chronon::test::readFile;

// What `command` writes to stdout (run by the shell).
std::string commandOutput(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  pclose(pipe);
  return out;
}

// "line label" for each inlay hint in `hints`, for comparing with a list.
std::vector<std::string> hintTexts(const json& hints) {
  std::vector<std::string> texts;
  for (const json& hint : hints)
    texts.push_back(std::to_string(hint["position"]["line"].get<int>()) + " " + hint["label"].get<std::string>());
  return texts;
}

// An inlayHint request over the first `lines` lines of `uri`.
json inlayHintParams(const std::string& uri, int lines) {
  return json{{"textDocument", {{"uri", uri}}},
              {"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", lines}, {"character", 0}}}}}};
}

}  // namespace

TEST_CASE("Framing reads messages and survives bad headers", "[lsp]") {
  std::istringstream in(frame("{\"a\":1}") + "\r\n" + "Content-Type: x\r\ncontent-length: 2\r\n\r\n{}" +
                        "Bogus\r\n\r\n" + "Content-Length: 99999999999\r\n\r\n" + "Content-Length: 5\r\n\r\n{}");
  jsonrpc::ReadResult r = jsonrpc::readMessage(in);
  CHECK(r.status == jsonrpc::ReadStatus::kMessage);
  CHECK(r.body == "{\"a\":1}");
  r = jsonrpc::readMessage(in);
  CHECK(r.status == jsonrpc::ReadStatus::kMessage);
  CHECK(r.body == "{}");
  CHECK(jsonrpc::readMessage(in).status == jsonrpc::ReadStatus::kBadHeader);
  // An absurd length is skipped without storing it; the stream then ends inside it.
  CHECK(jsonrpc::readMessage(in).status == jsonrpc::ReadStatus::kTruncated);
  std::istringstream empty("");
  CHECK(jsonrpc::readMessage(empty).status == jsonrpc::ReadStatus::kEndOfFile);
  std::ostringstream out;
  jsonrpc::writeMessage(out, "{}");
  CHECK(out.str() == "Content-Length: 2\r\n\r\n{}");
}

TEST_CASE("Documents convert positions in UTF-16 and apply incremental edits", "[lsp]") {
  // "é" is 2 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 units.
  lsp::Document doc("file:///a.rtk", "robotalk", 1, "x\xC3\xA9y\r\n\xF0\x9F\x98\x80z\rlast");
  CHECK(doc.lineCount() == 3);
  CHECK(doc.offsetOf({0, 2}, lsp::PositionEncoding::kUtf16) == 3);
  CHECK(doc.positionOf(3, lsp::PositionEncoding::kUtf16) == lsp::Position{0, 2});
  CHECK(doc.offsetOf({1, 2}, lsp::PositionEncoding::kUtf16) == 10);
  CHECK(doc.positionOf(10, lsp::PositionEncoding::kUtf8) == lsp::Position{1, 4});
  CHECK(doc.offsetOf({0, 99}, lsp::PositionEncoding::kUtf16) == 4);  // Clamped before the CR LF.
  CHECK(doc.offsetOf({9, 0}, lsp::PositionEncoding::kUtf16) == doc.text().size());
  doc.applyChange(lsp::Range{{1, 2}, {2, 1}}, "Q", lsp::PositionEncoding::kUtf16, 2);
  CHECK(doc.text() == "x\xC3\xA9y\r\n\xF0\x9F\x98\x80Qast");
  CHECK(doc.version() == 2);
  CHECK(lsp::fileNameOf("file:///dir/My%20Side.gb") == "My Side.gb");
  CHECK(lsp::pathOfUri("file:///dir/a%2Bb.rtk") == "/dir/a+b.rtk");
}

TEST_CASE("Too large and binary documents get one diagnostic instead of an analysis", "[lsp]") {
  const auto large = lsp::rejectBadInput(std::string(chronon::kMaxSourceBytes + 1, 'a'));
  REQUIRE(large);
  REQUIRE(large->diagnostics().size() == 1);
  CHECK(large->diagnostics()[0].code == chronon::DiagCode::kFileTooLarge);
  CHECK(large->hover(5) == std::nullopt);
  CHECK_FALSE(large->rename(0, "x").error.empty());
  const auto binary =
      lsp::rejectBadInput(std::string("\x7f"
                                      "ELF\0\0\0",
                                      7));
  REQUIRE(binary);
  CHECK(binary->diagnostics()[0].code == chronon::DiagCode::kBinaryInput);
  CHECK(lsp::rejectBadInput("#side S\n#end\n") == nullptr);
}

TEST_CASE("Grobocode features answer from the side compiler", "[lsp]") {
  Harness h;
  h.start();
  const std::string uri = "file:///demo.gb";
  h.open(uri, "grobocode", kSide);
  CHECK(h.diagnostics().empty());

  const json hover = h.request(2, "textDocument/hover", at(uri, 14, 30))["result"];  // fire-food-sensor
  CHECK(hover["contents"]["value"].get<std::string>().find("fire-food-sensor") != std::string::npos);
  const json hw = h.request(3, "textDocument/hover", at(uri, 14, 4))["result"];  // food-sensor-time
  CHECK(hw["contents"]["value"].get<std::string>().find("read-only") != std::string::npos);
  const json var = h.request(4, "textDocument/hover", at(uri, 16, 3))["result"];  // shared
  CHECK(var["contents"]["value"].get<std::string>().find("declared in common code: `#var shared 1`") !=
        std::string::npos);
  const json label = h.request(5, "textDocument/hover", at(uri, 18, 1))["result"];  // grow:
  CHECK(label["contents"]["value"].get<std::string>().find("inferred effect") != std::string::npos);

  const json def = h.request(6, "textDocument/definition", at(uri, 15, 3))["result"];  // grow
  REQUIRE(def.size() == 1);
  CHECK(def[0]["range"] == json::parse(R"({"start":{"line":18,"character":0},"end":{"line":18,"character":4}})"));
  const json refs = h.request(7, "textDocument/references",
                              json{{"textDocument", {{"uri", uri}}},
                                   {"position", {{"line", 3}, {"character", 6}}},
                                   {"context", {{"includeDeclaration", true}}}})["result"];
  CHECK(refs.size() == 3);  // #var shared, shared, shared!

  const json rename = h.request(8, "textDocument/rename", [&] {
    json p = at(uri, 16, 3);
    p["newName"] = "total";
    return p;
  }())["result"];
  const json edits = rename["changes"][uri];
  REQUIRE(edits.size() == 3);
  CHECK(edits[2]["range"]["start"]["character"] == 13);
  CHECK(edits[2]["range"]["end"]["character"] == 19);  // "shared!" keeps its '!'.
  const json refused = h.request(9, "textDocument/rename", [&] {
    json p = at(uri, 16, 3);
    p["newName"] = "drop";
    return p;
  }());
  CHECK(refused["error"]["code"] == -32803);
  CHECK(h.request(10, "textDocument/prepareRename", at(uri, 15, 3))["result"]["placeholder"] == "grow");
  CHECK(h.request(11, "textDocument/prepareRename", at(uri, 14, 30))["result"].is_null());

  const json symbols = h.request(12, "textDocument/documentSymbol", at(uri, 0, 0))["result"];
  REQUIRE(symbols.size() == 1);
  CHECK(symbols[0]["name"] == "Demo");
  const json type = symbols[0]["children"][1];
  CHECK(type["name"] == "Gatherer");
  CHECK(type["children"][0]["name"] == "hardware");
  CHECK(type["children"][0]["children"].size() == 4);
  CHECK(type["children"][1]["name"] == "code");

  const json completion = h.request(13, "textDocument/completion", at(uri, 15, 2))["result"]["items"];
  bool sawFoodSensor = false;
  bool sawRobotSensor = false;
  bool sawSnippet = false;
  bool sawDest = false;
  for (const json& item : completion) {
    sawFoodSensor = sawFoodSensor || item["label"] == "food-position";
    sawRobotSensor = sawRobotSensor || item["label"] == "robot-position";
    sawSnippet = sawSnippet || item["label"] == "if … then";
    sawDest = sawDest || item["label"] == "dest!";
  }
  CHECK(sawFoodSensor);
  CHECK_FALSE(sawRobotSensor);  // No robot-sensor fitted on this type.
  CHECK(sawSnippet);
  CHECK(sawDest);

  const json tokens = h.request(14, "textDocument/semanticTokens/full", at(uri, 0, 0))["result"]["data"];
  CHECK(tokens.size() % 5 == 0);
  CHECK(tokens.size() > 5 * 20);
  const json hints = h.request(
      15, "textDocument/inlayHint",
      json{{"textDocument", {{"uri", uri}}},
           {"range",
            {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 30}, {"character", 0}}}}}})["result"];
  std::vector<std::string> hintTexts;
  for (const json& hint : hints)
    hintTexts.push_back(std::to_string(hint["position"]["line"].get<int>()) + " " + hint["label"].get<std::string>());
  // The depth after each code line the checker knows, and the inferred effect after the label.
  CHECK(hintTexts == std::vector<std::string>{"14 [0]", "16 [0]", "17 [0]", "18 ( 0 -- 0 )", "19 [0 rel]"});
  const json signature = h.request(16, "textDocument/signatureHelp", at(uri, 19, 13))["result"];
  CHECK(signature["signatures"][0]["label"] == "drop ( x -- )");
}

TEST_CASE("Grobocode depth hints follow jumps and leave out what the checker cannot follow", "[lsp]") {
  // A loop that reads messages through a subroutine of unknown effect and jumps out of its body; the
  // code after it is reached from the loop's exit (depth 0) and from that jump.
  constexpr const char* kJumper =
      "#side Jumper\n"
      "#author Tester\n"
      "#type Hopper\n"
      "#hardware\n"
      "processor 10\n"
      "#code\n"
      "do\n"
      "  do\n"
      "    1 messages while\n"
      "    reader^ drop drop\n"
      "    skip& jump\n"
      "  loop\n"
      "  skip:\n"
      "  7 8\n"
      "  9 3 1 send\n"
      "  0.5 random-bool if\n"
      "    done& jump\n"
      "  then\n"
      "  5 drop\n"
      "  done:\n"
      "forever\n"
      "reader: 1 receive return\n"
      "#end\n";
  Harness h;
  h.start();
  const std::string uri = "file:///jumper.gb";
  h.open(uri, "grobocode", kJumper);
  CHECK(h.diagnostics().empty());
  const json hints = h.request(2, "textDocument/inlayHint", inlayHintParams(uri, 30))["result"];
  // Lines 9 and 10 follow a call whose effect is unknown, line 11 is never reached, and the effect of
  // reader (line 21) is unknown: none of them gets a hint, and no hint says "unknown". The depth after
  // line 14 counts send's constant length (3 values, the length and the channel).
  CHECK(hintTexts(hints) ==
        std::vector<std::string>{"8 [0]", "13 [2]", "14 [0]", "15 [0]", "16 [0]", "18 [0]", "20 [0]"});
  // Some ways to line 14 pass code the checker cannot follow; the tooltip says so.
  for (const json& hint : hints) {
    if (hint["position"]["line"] == 14)
      CHECK(hint["tooltip"].get<std::string>().find("on the paths the checker can follow") != std::string::npos);
  }
}

TEST_CASE("Grobocode free text gets no semantic tokens, however much it reads like code", "[lsp]") {
  // The description after #side and #type, and what follows #date, are ignored by the original
  // (specs/grobots-language.md §6.1); editors colour them with the TextMate grammar's comment scope.
  const SourceFile file("describe.gb",
                        "#side Demo\n"
                        "#author Tester\n"
                        "It eats food if energy is low, then syncs.\n"
                        "#date 2 May 2016\n"
                        "#type Eater\n"
                        "A gatherer: do 5 drop forever.\n"
                        "#code\n"
                        "do sync forever\n"
                        "#end\n");
  const auto analysis = lsp::grobocodeSupport().analyze(file);
  CHECK(analysis->diagnostics().empty());
  std::vector<std::string> tokens;
  for (const lsp::SemanticToken& token : analysis->semanticTokens())
    tokens.push_back(std::to_string(file.lineColumn(token.range.begin).line) + " " +
                     std::string(file.slice(token.range)));
  CHECK(tokens == std::vector<std::string>{"1 #side", "2 #author", "4 #date", "5 #type", "7 #code", "8 do", "8 sync",
                                           "8 forever", "9 #end"});
}

TEST_CASE("A jump-heavy corpus side gets a depth hint on most code lines", "[lsp][corpus]") {
  const std::filesystem::path mice = chronon::test::sharedDir() / "corpus" / "grobots" / "mice.gb";
  if (!std::filesystem::is_regular_file(mice)) {
    WARN("skipped: " << mice << " is absent");
    return;
  }
  const SourceFile file("mice.gb", readFile(mice));
  const auto analysis = lsp::grobocodeSupport().analyze(file);
  const std::vector<lsp::InlayHintEntry> hints =
      analysis->inlayHints(SourceRange{0, static_cast<uint32_t>(file.text().size())});
  // 110 lines hold code; the 12 from `1 receive` to the end of the message loop depend on a
  // message's length and get no hint. When the checker stopped following at `send` and `receive`,
  // the whole brain got one hint.
  std::set<uint32_t> lines;
  for (const lsp::InlayHintEntry& hint : hints) {
    CHECK(hint.label.find('?') == std::string::npos);
    if (hint.label.front() == '[') lines.insert(file.lineColumn(hint.offset).line);
  }
  CHECK(lines.size() >= 95);
}

TEST_CASE("Grobocode diagnostics appear, clear, and come with quick fixes", "[lsp]") {
  Harness h;
  h.start();
  const std::string uri = "file:///typo.gb";
  h.open(uri, "grobocode", kSide);
  CHECK(h.diagnostics().empty());
  // Introduce a typo: "shared" -> "sahred" on line 16.
  h.notify(
      "textDocument/didChange",
      json{{"textDocument", {{"uri", uri}, {"version", 2}}},
           {"contentChanges",
            json::array({json{
                {"range", {{"start", {{"line", 16}, {"character", 3}}}, {"end", {{"line", 16}, {"character", 5}}}}},
                {"text", "ah"}}})}});
  json d = h.diagnostics();
  REQUIRE(d.size() == 1);
  CHECK(d[0]["code"] == "GB600");
  CHECK(d[0]["message"] == "undefined symbol: sahred");
  CHECK(d[0]["range"] == json::parse(R"({"start":{"line":16,"character":2},"end":{"line":16,"character":8}})"));
  const json actions = h.request(
      20, "textDocument/codeAction",
      json{{"textDocument", {{"uri", uri}}}, {"range", d[0]["range"]}, {"context", {{"diagnostics", d}}}})["result"];
  REQUIRE(actions.size() >= 2);
  // Two letters swapped: the spelling fix is what was meant, so it comes first and is preferred.
  CHECK(actions[0]["title"] == "Change to 'shared'");
  CHECK(actions[0]["isPreferred"] == true);
  const json declare = actions[actions.size() - 1];
  CHECK(declare["title"] == "Declare variable 'sahred' (#var)");
  CHECK_FALSE(declare.contains("isPreferred"));
  CHECK(declare["edit"]["changes"][uri][0]["newText"] == "#var sahred\n");
  CHECK(declare["edit"]["changes"][uri][0]["range"]["start"]["line"] == 11);
  // Fix it: the diagnostic clears.
  h.notify(
      "textDocument/didChange",
      json{{"textDocument", {{"uri", uri}, {"version", 3}}},
           {"contentChanges",
            json::array({json{
                {"range", {{"start", {{"line", 16}, {"character", 3}}}, {"end", {{"line", 16}, {"character", 5}}}}},
                {"text", "ha"}}})}});
  CHECK(h.diagnostics().empty());
  // An unclosed `if`: the quick fix closes it with `then`.
  h.notify("textDocument/didChange",
           json{{"textDocument", {{"uri", uri}, {"version", 4}}},
                {"contentChanges", json::array({json{{"text", "#side S\n#type T\n#code\n1 if 2 drop\n#end\n"}}})}});
  d = h.diagnostics();
  // The original also reports the side unfinished, since the failed check stops `#end` (§4.7).
  REQUIRE(d.size() == 2);
  CHECK(d[0]["code"] == "GB603");
  CHECK(d[1]["code"] == "GB614");
  const json close = h.request(
      21, "textDocument/codeAction",
      json{{"textDocument", {{"uri", uri}}}, {"range", d[0]["range"]}, {"context", {{"diagnostics", d}}}})["result"];
  REQUIRE(close.size() == 1);
  CHECK(close[0]["edit"]["changes"][uri][0]["newText"] == "then\n");
  CHECK(close[0]["edit"]["changes"][uri][0]["range"]["start"]["line"] == 4);
}

TEST_CASE("RoboTalk features answer from the syntax tree and the checker", "[lsp]") {
  Harness h;
  h.start();
  const std::string uri = "file:///bot.rtk";
  h.open(uri, "robotalk", kRobot);
  CHECK(h.diagnostics().empty());
  const json op = h.request(2, "textDocument/hover", at(uri, 2, 16))["result"];  // store
  CHECK(op["contents"]["value"].get<std::string>().find("**STORE**") == 0);
  const json reg = h.request(3, "textDocument/hover", at(uri, 2, 3))["result"];  // aim
  CHECK(reg["contents"]["value"].get<std::string>().find("**AIM** register, readable and writable") == 0);
  const json label = h.request(4, "textDocument/hover", at(uri, 3, 3))["result"];  // shoot (a label)
  const std::string labelText = label["contents"]["value"];
  CHECK(labelText.find("**shoot:** label at address") == 0);
  CHECK(labelText.find("stack comment: `{ -- }`") != std::string::npos);
  const json def = h.request(5, "textDocument/definition", at(uri, 3, 3))["result"];
  CHECK(def[0]["range"] == json::parse(R"({"start":{"line":5,"character":0},"end":{"line":5,"character":5}})"));
  CHECK(h.request(6, "textDocument/references",
                  json{{"textDocument", {{"uri", uri}}},
                       {"position", {{"line", 1}, {"character", 1}}},
                       {"context", {{"includeDeclaration", false}}}})["result"]
            .size() == 1);
  const json rename = h.request(7, "textDocument/rename", [&] {
    json p = at(uri, 1, 1);
    p["newName"] = "main";
    return p;
  }())["result"]["changes"][uri];
  CHECK(rename.size() == 2);
  const json refused = h.request(8, "textDocument/rename", [&] {
    json p = at(uri, 1, 1);
    p["newName"] = "aim";
    return p;
  }());
  CHECK(refused["error"]["code"] == -32803);
  const json hints = h.request(
      9, "textDocument/inlayHint",
      json{
          {"textDocument", {{"uri", uri}}},
          {"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 9}, {"character", 0}}}}}})["result"];
  std::vector<std::string> labels;
  for (const json& hint : hints) labels.push_back(hint["label"]);
  // Depth after line 2 ("aim 5 + aim' store") is 0; the label hints come from labelEffects().
  CHECK(std::find(labels.begin(), labels.end(), "[0]") != labels.end());
  CHECK(labels.size() >= 3);
  const json symbols = h.request(10, "textDocument/documentSymbol", at(uri, 0, 0))["result"];
  CHECK(symbols[0]["children"].size() == 2);
  CHECK(symbols[0]["children"][1]["name"] == "shoot");

  // STORE without a quoted register: the quick fix quotes it.
  h.notify("textDocument/didChange",
           json{{"textDocument", {{"uri", uri}, {"version", 2}}},
                {"contentChanges", json::array({json{{"text", "start:\n  5 aim store\n  start jump\n"}}})}});
  const json d = h.diagnostics();
  REQUIRE(!d.empty());
  CHECK(d[0]["code"] == "RT402");
  const json actions = h.request(
      11, "textDocument/codeAction",
      json{{"textDocument", {{"uri", uri}}}, {"range", d[0]["range"]}, {"context", {{"diagnostics", d}}}})["result"];
  REQUIRE(!actions.empty());
  CHECK(actions[0]["title"] == "Quote the register: aim'");
  CHECK(actions[0]["edit"]["changes"][uri][0]["range"]["start"] == json::parse(R"({"line":1,"character":7})"));
}

TEST_CASE("A spelling fix one slip away is preferred, and is spelled in the case typed", "[lsp]") {
  Harness h;
  h.start();
  int id = 30;
  // The quick fixes for the first diagnostic of `text` opened as `uri`.
  const auto fixes = [&](const std::string& uri, const std::string& language, const std::string& text) {
    h.open(uri, language, text);
    const json d = h.diagnostics();
    REQUIRE(!d.empty());
    return h.request(
        id++, "textDocument/codeAction",
        json{{"textDocument", {{"uri", uri}}}, {"range", d[0]["range"]}, {"context", {{"diagnostics", d}}}})["result"];
  };
  const auto preferred = [](const json& actions) {
    std::vector<std::string> titles;
    for (const json& a : actions) {
      if (a.value("isPreferred", false)) titles.push_back(a["title"]);
    }
    return titles;
  };
  // Grobocode: two letters swapped, one letter left out; each the preferred fix, before declaring.
  for (const auto& [typo, meant] : {std::pair<std::string, std::string>{"positoin", "position"},
                                    {"randomangle", "random-angle"},
                                    {"RANDOM-ANGEL", "RANDOM-ANGLE"}}) {
    INFO(typo);
    const json actions =
        fixes("file:///" + meant + ".gb", "grobocode", "#side S\n#type T\n#code\n" + typo + " drop\n#end\n");
    REQUIRE(!actions.empty());
    CHECK(actions[0]["title"] == "Change to '" + meant + "'");
    CHECK(actions[0]["edit"]["changes"]["file:///" + meant + ".gb"][0]["newText"] == meant);
    CHECK(preferred(actions) == std::vector<std::string>{"Change to '" + meant + "'"});
  }
  // A name far from every word: declaring it is preferred, as before.
  const json far = fixes("file:///far.gb", "grobocode", "#side S\n#type T\n#code\nzqxwv drop\n#end\n");
  CHECK(preferred(far) == std::vector<std::string>{"Declare variable 'zqxwv' (#var)"});
  // RoboTalk: RANGE offered in the case of the word typed, preferred when one slip away.
  const json lower = fixes("file:///lower.rtk", "robotalk", "main:\n  rnage drop\n  main jump\n");
  REQUIRE(!lower.empty());
  CHECK(lower[0]["title"] == "Change to 'range'");
  CHECK(lower[0]["edit"]["changes"]["file:///lower.rtk"][0]["newText"] == "range");
  CHECK(preferred(lower) == std::vector<std::string>{"Change to 'range'"});
  const json upper = fixes("file:///upper.rtk", "robotalk", "MAIN:\n  RNAGE DROP\n  MAIN JUMP\n");
  REQUIRE(!upper.empty());
  CHECK(upper[0]["title"] == "Change to 'RANGE'");
  // Two slips away: offered, but not preferred.
  const json two = fixes("file:///two.rtk", "robotalk", "main:\n  rnagx drop\n  main jump\n");
  CHECK(preferred(two).empty());
  // A label never defined (RT205): a label one slip away is preferred over creating it; far from
  // every name, creating it at the end of the file is.
  const json slip = fixes("file:///slip.rtk", "robotalk", "main:\n  shoto call\n  main jump\nshoot:\n  return\n");
  CHECK(preferred(slip) == std::vector<std::string>{"Change to 'shoot'"});
  const json create = fixes("file:///create.rtk", "robotalk", "main:\n  go_up jump\n");
  CHECK(preferred(create) == std::vector<std::string>{"create label 'go_up:' at the end of the file"});
  CHECK(create[0]["edit"]["changes"]["file:///create.rtk"][0]["newText"] == "go_up:\n");
}

TEST_CASE("RoboTalk inlay hints leave out what the checker does not know", "[lsp]") {
  Harness h;
  h.start();
  // `a call` calls the address in register A: the loop at start returns there with any depth, so the
  // checker knows nothing at start, and the label gets no hint instead of "[?]".
  const std::string uri = "file:///computed.rtk";
  h.open(uri, "robotalk", "start:\n  a call\n  start jump\n");
  CHECK(h.request(2, "textDocument/inlayHint", inlayHintParams(uri, 5))["result"] == json::array());
}

TEST_CASE("RoboTalk completion follows the case the robot is written in", "[lsp]") {
  Harness h;
  h.start();
  // The item labelled `label`; with `snippet`, the snippet of that label (IF is also an operator).
  const auto item = [](const json& items, const std::string& label, bool snippet = false) {
    for (const json& i : items) {
      if (i["label"] == label && (i["insertTextFormat"] == 2) == snippet) return i;
    }
    return json();
  };
  int id = 2;
  const auto complete = [&](const std::string& uri, const std::string& text) {
    h.open(uri, "robotalk", text);
    return h.request(id++, "textDocument/completion", at(uri, 1, 2))["result"]["items"];
  };
  // kRobot writes its words in lower case.
  const json lower = complete("file:///lower.rtk", kRobot);
  CHECK(item(lower, "store")["textEdit"]["newText"] == "store");
  CHECK(item(lower, "aim")["textEdit"]["newText"] == "aim");
  CHECK(item(lower, "STORE").is_null());
  CHECK(item(lower, "if", true)["textEdit"]["newText"] == "${1:flag} ${2:name} if");
  CHECK(item(lower, "shoot")["textEdit"]["newText"] == "shoot");  // Labels keep their own spelling.
  const json upper = complete("file:///upper.rtk", "START:\n  AIM 5 + AIM' STORE\n  START JUMP\n");
  CHECK(item(upper, "STORE")["textEdit"]["newText"] == "STORE");
  CHECK(item(upper, "store").is_null());
  CHECK(item(upper, "IF", true)["textEdit"]["newText"] == "${1:flag} ${2:name} IF");
  // Mostly lower case (three words to one): lower case.
  const json mixed = complete("file:///mixed.rtk", "start:\n  aim 5 + aim' store\n  RANGE drop\n");
  CHECK(item(mixed, "range")["textEdit"]["newText"] == "range");
  // Nothing written yet: upper case, as the manual writes RoboTalk.
  CHECK_FALSE(item(complete("file:///empty.rtk", "\n"), "STORE").is_null());
}

TEST_CASE("chronon/disassembly answers what chronon disasm prints, for the text in the editor", "[lsp]") {
  Harness h;
  const json init =
      h.request(1, "initialize", json{{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", json::object()}});
  CHECK(init["result"]["capabilities"]["experimental"]["disassembly"] == true);
  h.notify("initialized", json::object());
  const auto disasm = [](const std::filesystem::path& path) {
    return commandOutput("'" + chronon::test::chrononBinary().string() + "' disasm '" + path.string() +
                         "' 2>/dev/null");
  };
  const auto request = [&](int id, const std::string& uri) {
    return h.request(id, "chronon/disassembly", json{{"textDocument", {{"uri", uri}}}});
  };
  const std::filesystem::path stdlib = chronon::test::sourceDir() / "stdlib";
  int id = 2;
  for (const auto& [path, language] :
       std::vector<std::pair<std::filesystem::path, std::string>>{{stdlib / "robowar" / "dodger.rtk", "robotalk"},
                                                                  {stdlib / "grobots" / "hive.gb", "grobocode"},
                                                                  {stdlib / "robbie" / "sorter.rl", "robbie"}}) {
    INFO(path.string());
    const std::string uri = "file:///bundled/" + path.filename().string();
    h.open(uri, language, readFile(path));
    const json result = request(id++, uri)["result"];
    CHECK(result["diagnostics"] == 0);
    const std::string expected = disasm(path);
    REQUIRE(expected.size() > 100);
    CHECK(result["text"] == expected);
  }
  // The listing follows the text in the editor, not the file on disk.
  const std::string uri = "file:///bundled/dodger.rtk";
  h.notify("textDocument/didChange", json{{"textDocument", {{"uri", uri}, {"version", 2}}},
                                          {"contentChanges", json::array({json{{"text", kRobot}}})}});
  const auto temp = std::filesystem::temp_directory_path() / "chronon-lsp-disassembly.rtk";
  std::ofstream(temp, std::ios::binary) << kRobot;
  CHECK(request(id++, uri)["result"]["text"] == disasm(temp));
  std::filesystem::remove(temp);
  // With errors there is no listing: the errors instead, as chronon check prints them.
  h.notify("textDocument/didChange",
           json{{"textDocument", {{"uri", uri}, {"version", 3}}},
                {"contentChanges", json::array({json{{"text", "start:\n  5 foo jump\n  bar\n"}}})}});
  const json broken = request(id++, uri)["result"];
  CHECK(broken["diagnostics"] == 2);
  const std::string text = broken["text"];
  CHECK(text.rfind("No listing: dodger.rtk has 2 errors.\n\n", 0) == 0);
  // `foo` before JUMP is a label never defined; `bar` an unknown token.
  CHECK(text.find("dodger.rtk:2:5: error: label 'foo' is never defined") != std::string::npos);
  CHECK(text.find("[RT205]\n") != std::string::npos);
  CHECK(text.find("dodger.rtk:3:3: error: unknown token 'bar'") != std::string::npos);
  CHECK(text.find("[RT200]\n") != std::string::npos);
  // A document that is not open, or no document at all, is a JSON-RPC error.
  CHECK(request(id++, "file:///nope.gb")["error"]["code"] == -32602);
  CHECK(h.request(id++, "chronon/disassembly", json::object())["error"]["code"] == -32602);
}

TEST_CASE("Robbie Language: bundled programs open clean and .rl files find their language", "[lsp]") {
  CHECK(lsp::languageFor("", "/x/Tour.RL") == &lsp::robbieSupport());
  CHECK(lsp::languageFor("robbie", "untitled") == &lsp::robbieSupport());
  CHECK(lsp::languageFor("plaintext", "notes.txt") == nullptr);
  // Each language knows its files by their extension in any case, when the client names none; a
  // name that is only the extension is no file of it.
  CHECK(lsp::languageFor("", "/x/Dodger.RTK") == &lsp::roboTalkSupport());
  CHECK(lsp::languageFor("", "mice.Gb") == &lsp::grobocodeSupport());
  CHECK(lsp::languageFor("", ".gb") == nullptr);
  CHECK(lsp::languageFor("", "x.gbx") == nullptr);
  const std::filesystem::path dir = chronon::test::sourceDir() / "stdlib" / "robbie";
  int opened = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".rl") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const auto analysis = lsp::robbieSupport().analyze(SourceFile(entry.path().string(), text.str()));
    INFO(entry.path());
    CHECK(analysis->diagnostics().empty());
    CHECK_FALSE(analysis->semanticTokens().empty());
    CHECK(analysis->documentSymbols().size() == 1);
    // Every feature at every byte: no crash, and hover answers on the words.
    bool anyHover = false;
    const auto size = static_cast<uint32_t>(text.str().size());
    for (uint32_t offset = 0; offset <= size; ++offset) {
      anyHover = analysis->hover(offset).has_value() || anyHover;
      (void)analysis->definition(offset);
      (void)analysis->references(offset, true);
      (void)analysis->prepareRename(offset);
      (void)analysis->rename(offset, "Renamed");
      (void)analysis->signatureHelp(offset);
      (void)analysis->completion(offset);
    }
    CHECK(anyHover);
    CHECK(analysis->format().empty());
    ++opened;
  }
  CHECK(opened >= 5);
}

TEST_CASE("Robbie Language features answer from the RL frontend and the word table", "[lsp]") {
  Harness h;
  h.start();
  const std::string uri = "file:///laps.rl";
  h.open(uri, "robbie", kRobbieProgram);
  CHECK(h.diagnostics().empty());
  const json forward = h.request(2, "textDocument/hover", at(uri, 5, 4))["result"];
  const std::string forwardText = forward["contents"]["value"];
  CHECK(forwardText.find("**forward** (command) `forward i`") == 0);
  CHECK(forwardText.find("- `i`: an integer expression") != std::string::npos);
  CHECK(forward["range"] == json::parse(R"({"start":{"line":5,"character":2},"end":{"line":5,"character":9}})"));
  const json reg = h.request(3, "textDocument/hover", at(uri, 7, 12))["result"];
  CHECK(reg["contents"]["value"] == "**Laps** integer register\n\ndeclared on line 2: `register integer Laps`");
  CHECK(h.request(4, "textDocument/hover", at(uri, 1, 25))["result"].is_null());  // in the comment

  const json completion = h.request(5, "textDocument/completion", at(uri, 5, 2))["result"];
  std::vector<std::string> labels;
  for (const json& item : completion["items"]) labels.push_back(item["label"]);
  for (const char* wanted : {"forward", "Laps", "if", "while", "repeat", "endrepeat", "blocked"})
    CHECK(std::find(labels.begin(), labels.end(), wanted) != labels.end());
  CHECK(h.request(6, "textDocument/completion", at(uri, 1, 26))["result"]["items"].empty());  // in the comment

  const json def = h.request(7, "textDocument/definition", at(uri, 7, 12))["result"];
  CHECK(def[0]["range"] == json::parse(R"({"start":{"line":1,"character":17},"end":{"line":1,"character":21}})"));
  CHECK(h.request(8, "textDocument/references",
                  json{{"textDocument", {{"uri", uri}}},
                       {"position", {{"line", 3}, {"character", 5}}},
                       {"context", {{"includeDeclaration", false}}}})["result"]
            .size() == 3);
  const auto renameTo = [&](int id, int line, int character, const std::string& name) {
    json p = at(uri, line, character);
    p["newName"] = name;
    return h.request(id, "textDocument/rename", p);
  };
  const json rename = renameTo(9, 3, 5, "Count")["result"]["changes"][uri];
  REQUIRE(rename.size() == 4);
  CHECK(rename[3]["range"] == json::parse(R"({"start":{"line":7,"character":11},"end":{"line":7,"character":15}})"));
  CHECK(rename[3]["newText"] == "Count");
  const json keyword = renameTo(10, 5, 4, "ahead");
  CHECK(keyword["error"]["code"] == -32803);
  CHECK(keyword["error"]["message"].get<std::string>().find("'forward' is a reserved word") == 0);
  CHECK(renameTo(11, 3, 5, "while")["error"]["code"] == -32803);
  CHECK(renameTo(12, 3, 5, "2Laps")["error"]["code"] == -32803);
  CHECK(h.request(13, "textDocument/prepareRename", at(uri, 5, 4))["result"].is_null());

  const json symbols = h.request(14, "textDocument/documentSymbol", at(uri, 0, 0))["result"];
  CHECK(symbols[0]["name"] == "Laps");
  REQUIRE(symbols[0]["children"].size() == 1);
  CHECK(symbols[0]["children"][0]["detail"] == "integer");
  const json signature = h.request(15, "textDocument/signatureHelp", at(uri, 6, 12))["result"];
  CHECK(signature["signatures"][0]["label"] == "turn DIR i");
  const json tokens = h.request(16, "textDocument/semanticTokens/full", at(uri, 0, 0))["result"];
  CHECK(tokens["data"].size() % 5 == 0);
  CHECK(tokens["data"].size() >= 5 * 20);

  // A type error: an integer register set to a boolean. The diagnostic points at the value, and
  // fixing it clears it.
  const auto edit = [&](int version, int line, int begin, int end, const std::string& text) {
    h.notify("textDocument/didChange",
             json{{"textDocument", {{"uri", uri}, {"version", version}}},
                  {"contentChanges", json::array({json{{"range",
                                                        {{"start", {{"line", line}, {"character", begin}}},
                                                         {"end", {{"line", line}, {"character", end}}}}},
                                                       {"text", text}}})}});
  };
  edit(2, 3, 9, 10, "true");
  const json d = h.diagnostics();
  REQUIRE(d.size() == 1);
  CHECK(d[0]["code"] == "RL722");
  CHECK(d[0]["range"] == json::parse(R"({"start":{"line":3,"character":9},"end":{"line":3,"character":13}})"));
  edit(3, 3, 9, 13, "1");
  CHECK(h.diagnostics().empty());
}

TEST_CASE("Malformed messages get JSON-RPC errors and the server keeps going", "[lsp]") {
  Harness h;
  const auto send = [&](const std::string& body) {
    h.out.clear();
    h.server.handle(body);
    return h.out;
  };
  CHECK(send("not json")[0]["error"]["code"] == -32700);
  CHECK(send("[1,2]")[0]["error"]["code"] == -32600);
  CHECK(send(R"({"jsonrpc":"2.0","id":1})")[0]["error"]["code"] == -32600);
  CHECK(send(R"({"jsonrpc":"2.0","id":1,"method":5})")[0]["error"]["code"] == -32600);
  CHECK(send(R"({"jsonrpc":"2.0","id":{"a":1},"method":"x"})")[0]["error"]["code"] == -32600);
  CHECK(send(R"({"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{}})")[0]["error"]["code"] == -32002);
  h.start();
  CHECK(send(R"({"jsonrpc":"2.0","id":3,"method":"no/such"})")[0]["error"]["code"] == -32601);
  CHECK(send(R"({"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":7}})")[0]["error"]
                                                                                                     ["code"] ==
        -32602);
  CHECK(
      send(
          R"({"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x"},"position":{"line":0,"character":0}}})")
          [0]["error"]["code"] == -32602);
  CHECK(send(R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":5}}})").empty());
  CHECK(send(R"({"jsonrpc":"2.0","method":"textDocument/didChange","params":null})").empty());
  // Deep nesting and absurd numbers are just bad parameters.
  CHECK(send(std::string(100000, '[') + std::string(100000, ']'))[0]["error"]["code"] == -32600);
  h.open("file:///n.rtk", "robotalk", "start: 1 drop start jump\n");
  const json far = send(
      R"({"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///n.rtk"},"position":{"line":4294967295,"character":5}}})")
      [0];
  CHECK(far["result"].is_null());  // Positions past the end are clamped to it.
  const json huge = send(
      R"({"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///n.rtk"},"position":{"line":1e308,"character":-1}}})")
      [0];
  CHECK(huge["error"]["code"] == -32602);
  // Binary junk gets one clear diagnostic and no analysis.
  h.open("file:///junk.gb", "grobocode", std::string("\x00\x01\x02junk", 7));
  h.out.clear();
  h.server.publishPending();
  bool sawJunk = false;
  for (const json& m : h.out) {
    if (m["params"]["uri"] == "file:///junk.gb") {
      sawJunk = true;
      CHECK(m["params"]["diagnostics"][0]["code"] == "RT102");
    }
  }
  CHECK(sawJunk);
  // Still alive: a valid request works, then shutdown and exit.
  CHECK(send(R"({"jsonrpc":"2.0","id":8,"method":"shutdown"})")[0]["result"].is_null());
  CHECK(send(R"({"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{}})")[0]["error"]["code"] == -32600);
  send(R"({"jsonrpc":"2.0","method":"exit"})");
  CHECK(h.server.exited());
  CHECK(h.server.exitCode() == 0);
}

TEST_CASE("A cancelled request is answered with RequestCancelled", "[lsp]") {
  Harness h;
  h.start();
  h.open("file:///c.rtk", "robotalk", "start: 1 drop start jump\n");
  h.out.clear();
  h.server.handleBatch({at("file:///c.rtk", 0, 1)
                                .dump()
                                .insert(0, R"({"jsonrpc":"2.0","id":42,"method":"textDocument/hover","params":)") +
                            "}",
                        R"({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":42}})"});
  REQUIRE(h.out.size() == 1);
  CHECK(h.out[0]["id"] == 42);
  CHECK(h.out[0]["error"]["code"] == -32800);
}

TEST_CASE("runStdio frames, debounces and exits with the LSP status", "[lsp]") {
  const std::string open = json{{"jsonrpc", "2.0"},
                                {"method", "textDocument/didOpen"},
                                {"params",
                                 {{"textDocument",
                                   {{"uri", "file:///s.gb"},
                                    {"languageId", "grobocode"},
                                    {"version", 1},
                                    {"text", "#side S\n#type T\n#code\nbogus\n#end\n"}}}}}}
                               .dump();
  std::istringstream in(frame(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})") +
                        "garbage\r\n\r\n" + frame(open) + frame(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})") +
                        frame(R"({"jsonrpc":"2.0","method":"exit"})"));
  std::ostringstream out;
  CHECK(lsp::runStdio(in, out, lsp::ServerOptions{0}) == 0);
  const std::string text = out.str();
  CHECK(text.find("\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{\"capabilities\"") != std::string::npos);
  CHECK(text.find("\"code\":-32700") != std::string::npos);
  CHECK(text.find("\"id\":2,\"jsonrpc\":\"2.0\",\"result\":null") != std::string::npos);
  // Input that ends without shutdown and exit gives status 1.
  std::istringstream cut(frame(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})"));
  std::ostringstream ignored;
  CHECK(lsp::runStdio(cut, ignored, lsp::ServerOptions{0}) == 1);
}

TEST_CASE("Protocol transcripts match the golden files", "[lsp]") {
  // Each transcript holds client messages ("--> {json}"), "--- publish" (flush the debounced
  // diagnostics) and the server's answers ("<-- {json}"). The test replays the client lines and
  // compares the whole text; on a mismatch it writes the actual transcript to the temp directory,
  // and with CHRONON_UPDATE_GOLDEN=1 it rewrites the golden file.
  const auto folder = chronon::test::sourceDir() / "tests" / "golden" / "lsp";
  size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() != ".transcript") continue;
    ++count;
    INFO(entry.path().filename().string());
    std::ifstream file(entry.path(), std::ios::binary);
    std::stringstream expected;
    expected << file.rdbuf();
    std::vector<json> out;
    lsp::Server server([&](const json& m) { out.push_back(m); });
    std::string actual;
    std::istringstream lines(expected.str());
    std::string line;
    const auto flush = [&] {
      for (const json& m : out) actual += "<-- " + m.dump() + "\n";
      out.clear();
    };
    while (std::getline(lines, line)) {
      if (line.rfind("<-- ", 0) == 0) continue;
      actual += line + "\n";
      if (line.rfind("--> ", 0) == 0) server.handle(line.substr(4));
      if (line == "--- publish") server.publishPending();
      flush();
    }
    if (std::getenv("CHRONON_UPDATE_GOLDEN") != nullptr) std::ofstream(entry.path(), std::ios::binary) << actual;
    if (actual != expected.str()) {
      std::ofstream(std::filesystem::temp_directory_path() / entry.path().filename(), std::ios::binary) << actual;
    }
    CHECK(actual == expected.str());
  }
  CHECK(count >= 2);
}

namespace {

// The diagnostics `chronon check` gives for a file: the compiler's, plus the checker's after a clean load.
std::vector<chronon::Diagnostic> compilerDiagnostics(const SourceFile& file, bool side) {
  chronon::Diagnostics all;
  if (side) {
    chronon::grobocode::SideResult result = chronon::grobocode::compileSide(file);
    all = result.diagnostics;
    if (!all.hasErrors() && result.loaded()) chronon::grobocode::checkSide(file, result.side, all);
  } else {
    chronon::robotalk::CompileResult result = chronon::robotalk::compile(file, {});
    all = result.diagnostics;
    if (!all.hasErrors()) chronon::robotalk::check(result.program, {}, all);
  }
  all.sortByPosition();
  return all.all();
}

}  // namespace

TEST_CASE("Corpus files give exactly the compiler's diagnostics, and every feature answers", "[lsp][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  size_t files = 0;
  size_t probed = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(chronon::test::sharedDir() / "corpus")) {
    const std::string ext = entry.path().extension().string();
    const bool side = ext == ".gb";
    if (!entry.is_regular_file() || (!side && ext != ".txt")) continue;
    if (entry.path().filename().string().find("header") != std::string::npos) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    const SourceFile file(entry.path().filename().string(), bytes.str());
    if (lsp::rejectBadInput(file.text())) continue;
    const lsp::LanguageSupport& language = side ? lsp::grobocodeSupport() : lsp::roboTalkSupport();
    const auto analysis = language.analyze(file);
    const std::vector<chronon::Diagnostic> expected = compilerDiagnostics(file, side);
    INFO(entry.path().string());
    REQUIRE(analysis->diagnostics().size() == expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      CHECK(analysis->diagnostics()[i].code == expected[i].code);
      CHECK(analysis->diagnostics()[i].range == expected[i].range);
    }
    ++files;
    // Every feature at every 7th byte of every 10th file: no crash, and hover answers somewhere.
    if (files % 10 != 1) continue;
    ++probed;
    bool anyHover = false;
    const auto size = static_cast<uint32_t>(file.text().size());
    for (uint32_t offset = 0; offset <= size; offset += 7) {
      anyHover = analysis->hover(offset).has_value() || anyHover;
      (void)analysis->definition(offset);
      (void)analysis->references(offset, true);
      (void)analysis->prepareRename(offset);
      (void)analysis->signatureHelp(offset);
      if (offset % 700 == 0) (void)analysis->completion(offset);
    }
    CHECK(anyHover);
    (void)analysis->documentSymbols();
    (void)analysis->semanticTokens();
    (void)analysis->inlayHints(SourceRange{0, size});
    (void)analysis->format();
    (void)analysis->codeActions(SourceRange{0, size});
  }
  CHECK(files > 300);
  CHECK(probed > 30);
}

TEST_CASE("Random damage to messages and documents never crashes the server", "[lsp]") {
  // A fixed linear congruential generator keeps the test deterministic.
  uint64_t state = 12345;
  const auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(state >> 33);
  };
  Harness h;
  h.start();
  const std::vector<std::string> seeds{
      at("file:///f.gb", 3, 4).dump(),
      json{{"textDocument", {{"uri", "file:///f.gb"}, {"languageId", "grobocode"}, {"version", 1}, {"text", kSide}}}}
          .dump(),
      json{{"textDocument", {{"uri", "file:///f.rtk"}, {"languageId", "robotalk"}, {"version", 1}, {"text", kRobot}}}}
          .dump(),
      json{{"textDocument",
            {{"uri", "file:///f.rl"}, {"languageId", "robbie"}, {"version", 1}, {"text", kRobbieProgram}}}}
          .dump(),
  };
  const std::vector<std::string> methods{"textDocument/didOpen",        "textDocument/hover",
                                         "textDocument/completion",     "textDocument/rename",
                                         "textDocument/didChange",      "textDocument/codeAction",
                                         "textDocument/documentSymbol", "textDocument/semanticTokens/full",
                                         "textDocument/inlayHint",      "workspace/symbol",
                                         "chronon/disassembly"};
  for (int round = 0; round < 3000; ++round) {
    std::string params = seeds[next() % seeds.size()];
    const int damage = static_cast<int>(next() % 4);
    for (int k = 0; k < damage && !params.empty(); ++k) {
      const size_t at = next() % params.size();
      switch (next() % 3) {
        case 0: params[at] = static_cast<char>(next() % 256); break;
        case 1: params.erase(at, next() % 8); break;
        default: params.insert(at, 1, "{}[]\":,0-e"[next() % 10]); break;
      }
    }
    const std::string method = methods[next() % methods.size()];
    const bool request = next() % 2 == 0;
    const std::string body = std::string(R"({"jsonrpc":"2.0",)") +
                             (request ? R"("id":)" + std::to_string(round) + "," : "") + R"("method":")" + method +
                             R"(","params":)" + params + "}";
    h.out.clear();
    REQUIRE_NOTHROW(h.server.handle(body));
    if (request) CHECK(h.out.size() == 1);
  }
  // Documents of random bytes and pathological text analyse without trouble.
  for (int round = 0; round < 200; ++round) {
    std::string text(next() % 400, ' ');
    for (char& c : text) c = "ab: #{}; -9.5&!^\n'x"[next() % 19];
    if (round == 0) text = std::string(100000, '{');
    if (round == 1)
      text = "#side S\n#type T\n#code\n" + std::string(5000, '9') + "\n" + std::string(20000, 'x') + ":\n";
    for (const lsp::LanguageSupport* language : {&lsp::grobocodeSupport(), &lsp::roboTalkSupport()}) {
      const auto analysis = language->analyze(SourceFile("r", text));
      const auto size = static_cast<uint32_t>(text.size());
      for (uint32_t offset = 0; offset <= size; offset += 1 + size / 50) {
        (void)analysis->hover(offset);
        (void)analysis->completion(offset);
        (void)analysis->references(offset, true);
        (void)analysis->rename(offset, "fresh");
        (void)analysis->signatureHelp(offset);
      }
      (void)analysis->documentSymbols();
      (void)analysis->semanticTokens();
      (void)analysis->inlayHints(SourceRange{0, size});
      (void)analysis->codeActions(SourceRange{0, size});
    }
  }
  // Still answering.
  CHECK(h.request(99999, "workspace/symbol", json{{"query", ""}})["result"].is_array());
}
