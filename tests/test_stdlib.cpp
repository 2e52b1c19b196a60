#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/stdlib/grobocode_words.h"
#include "chronon/stdlib/robbie_words.h"
#include "chronon/stdlib/robotalk_words.h"
#include "chronon/stdlib/robowar_hardware.h"

using namespace chronon::robotalk;

TEST_CASE("operators are found by code, name and synonym", "[stdlib]") {
  REQUIRE(findOperator(20000)->name == "+");
  REQUIRE(findOperator(20100)->name == "STORE");
  REQUIRE(findOperator(20164)->name == "ARCSIN");
  REQUIRE(findOperator(20008) == nullptr);
  REQUIRE(findOperator(20099) == nullptr);
  REQUIRE(findOperator(20165) == nullptr);
  REQUIRE(lookupOperator("sto")->op == Op::Store);
  REQUIRE(lookupOperator("Return")->op == Op::Jump);
  REQUIRE(lookupOperator("eor")->op == Op::Xor);
  REQUIRE(lookupOperator("DEBUGGER")->op == Op::Debug);
  REQUIRE(lookupOperator("tangent")->op == Op::Tan);
  REQUIRE(lookupOperator("aim") == nullptr);
}

TEST_CASE("registers are found by index, name and synonym", "[stdlib]") {
  REQUIRE(lookupRegister("aim")->quotedCode() == 20330);
  REQUIRE(lookupRegister("bottom")->reg == Reg::Bot);
  REQUIRE(lookupRegister("HELL")->reg == Reg::Hellbore);
  REQUIRE(lookupRegister("x")->readable());
  REQUIRE_FALSE(lookupRegister("x")->writable());
  REQUIRE(lookupRegister("fire")->writable());
  REQUIRE_FALSE(lookupRegister("fire")->readable());
  REQUIRE(findRegister(68)->name == "MEGANUKE");
  REQUIRE(findRegister(69) == nullptr);
  REQUIRE(info(Reg::Missile).hardware == Hardware::kMissile);
}

TEST_CASE("costs follow the original interpreter", "[stdlib]") {
  // specs/robowar.md §3.5: ICONn, SNDn, PRINT and a disabled DEBUG are free; BEEP costs one on the Mac.
  for (const auto& op : kOperators) {
    const bool free = op.has(kCosmetic);
    CHECK(op.cost == (free ? 0 : 1));
  }
  REQUIRE(info(Op::Beep).cost == 1);
  REQUIRE(info(Op::Icon5).cost == 0);
}

TEST_CASE("stack effects are counted from the declared text", "[stdlib]") {
  REQUIRE(info(Op::Store).counts.pops == 2);
  REQUIRE(info(Op::Store).counts.pushes == 0);
  REQUIRE(info(Op::Swap).counts.pops == 2);
  REQUIRE(info(Op::Swap).counts.pushes == 2);
  REQUIRE(info(Op::Ife).counts.pops == 3);
  REQUIRE(info(Op::Roll).has(kDynamicEffect));
}

TEST_CASE("one reader splits every language's stack-effect texts", "[stdlib]") {
  std::vector<std::string> before;
  std::vector<std::string> after;
  const auto collect = [&](std::string_view item, bool afterDashes) {
    (afterDashes ? after : before).emplace_back(item);
  };
  chronon::EffectScan scan = chronon::scanEffect("  v1  v2 n -- b ", collect);
  CHECK(before == std::vector<std::string>{"v1", "v2", "n"});
  CHECK(after == std::vector<std::string>{"b"});
  CHECK(scan.dashes == 1);
  CHECK_FALSE(scan.variable);
  before.clear();
  after.clear();
  scan = chronon::scanEffect("... x n -- ...", collect);
  CHECK(before == std::vector<std::string>{"x", "n"});
  CHECK(after.empty());
  CHECK(scan.variable);
  // Malformed texts are the callers' to reject: two "--", none.
  CHECK(chronon::scanEffect("a -- b -- c", [](std::string_view, bool) {}).dashes == 2);
  CHECK(chronon::scanEffect("a b", [](std::string_view, bool) {}).dashes == 0);
  CHECK_FALSE(chronon::grobocode::parseEffect("n n -- n -- n").valid);
  CHECK_FALSE(chronon::grobocode::parseEffect("n n").valid);
  CHECK(chronon::robotalk::countEffect("n1 n2 -- sum").pops == 2);
}

TEST_CASE("stack shuffles are read from their effects", "[stdlib]") {
  const auto from = [](const chronon::Shuffle& s) {
    return std::vector<int>(s.from.begin(), s.from.begin() + s.pushes);
  };
  const chronon::Shuffle swap = chronon::parseShuffle("x1 x2 -- x2 x1");
  REQUIRE(swap.valid);
  CHECK(swap.pops == 2);
  CHECK(from(swap) == std::vector<int>{1, 0});
  CHECK_FALSE(swap.copies);
  // A word whose outputs begin with its inputs in place only copies (copies).
  CHECK(chronon::parseShuffle("x -- x x").copies);
  CHECK(chronon::parseShuffle("x1 x2 -- x1 x2 x1").copies);
  CHECK_FALSE(chronon::parseShuffle("x1 x2 -- x2 x1 x2").copies);
  CHECK_FALSE(chronon::parseShuffle("x --").copies);
  CHECK(from(chronon::parseShuffle("x1 x2 --")).empty());
  // Not shuffles: a new item, a vector, a repeated input, "...", no "--", two "--", empty.
  CHECK_FALSE(chronon::parseShuffle("-- n").valid);
  CHECK_FALSE(chronon::parseShuffle("x1 -- x2").valid);
  CHECK_FALSE(chronon::parseShuffle("v -- v v").valid);
  CHECK_FALSE(chronon::parseShuffle("x x -- x").valid);
  CHECK_FALSE(chronon::parseShuffle("... x -- x").valid);
  CHECK_FALSE(chronon::parseShuffle("x1 x2").valid);
  CHECK_FALSE(chronon::parseShuffle("x -- x -- x").valid);
  CHECK_FALSE(chronon::parseShuffle("").valid);
  CHECK_FALSE(chronon::parseShuffle("x1 x2 x3 x4 x5 x6 x7 x8 x9 -- x1").valid);
}

TEST_CASE("profiles select the words of their version", "[stdlib]") {
  REQUIRE(availableIn(info(Op::Add), Profile::kRoboWar15));
  REQUIRE_FALSE(availableIn(info(Op::Sync), Profile::kRoboWar15));   // 2.0
  REQUIRE_FALSE(availableIn(info(Op::Inton), Profile::kRoboWar15));  // 3.0
  REQUIRE_FALSE(availableIn(info(Reg::Look), Profile::kRoboWar15));  // 2.0
  REQUIRE(availableIn(info(Reg::Nearest), Profile::kRoboWar5));
  REQUIRE(limits(Profile::kRoboWar15).maxInstructions == 500);
  REQUIRE(limits(Profile::kRoboWar5).maxInstructions == 5000);
  REQUIRE(parseProfile("robowar-1.5") == Profile::kRoboWar15);
  REQUIRE_FALSE(parseProfile("robowar-4").has_value());
  std::array<char, 16> buffer{};
  REQUIRE(formatVersion(213, 0, buffer) == "2.1.3");
  REQUIRE(formatVersion(534, kWindowsOnly, buffer) == "5.34");
}

TEST_CASE("hardware points follow the Hardware Store", "[stdlib]") {
  using namespace chronon::robowar;
  RobotHardware cheapest{40, 30, 0, 5, BulletType::kRubber};
  REQUIRE(hardwarePoints(cheapest) == 0);
  RobotHardware vortex{150, 150, 0, 15, BulletType::kNormal};
  REQUIRE(hardwarePoints(vortex) == 3 + 3 + 0 + 2 + 1);
  RobotHardware odd{70, 30, 0, 5, BulletType::kRubber};
  REQUIRE_FALSE(hardwarePoints(odd).has_value());
  REQUIRE(describe(vortex) == "energy=150 damage=150 shield=0 cpu=15 bullets=normal");
}

TEST_CASE("the Hardware Store's options are declared once", "[stdlib]") {
  using namespace chronon::robowar;
  REQUIRE(storeChoices(StoreItem::kEnergy) == "40, 60, 100 or 150");
  REQUIRE(storeChoices(StoreItem::kCpu) == "5, 10, 15, 30 or 50");
  REQUIRE(storeSells(StoreItem::kShield, 25));
  REQUIRE_FALSE(storeSells(StoreItem::kShield, 30));
  REQUIRE(storeOptions(StoreItem::kDamage).size() == 4);
}

TEST_CASE("word docs are sentences without slips", "[stdlib]") {
  // Hover, completion and REPL help show these lines as they are.
  CHECK(info(Op::Sync).doc == "Ends this robot's chronon; execution resumes at its next chronon.");
  CHECK(info(Op::Arcsin).doc == "Degrees (-90 to 90) of asin(opp / hyp).");
  CHECK(chronon::grobocode::info(chronon::grobocode::Prim::Ceiling).doc ==
        "Rounds toward plus infinity; the ceiling of infinity overflows.");
  CHECK(chronon::robbie::wordInfo(chronon::robbie::Word::kSet).doc ==
        "Stores the value of an expression in a declared register of the same type.");
  std::vector<std::string_view> docs;
  for (const auto& op : kOperators) docs.push_back(op.doc);
  for (const auto& reg : kRegisters) docs.push_back(reg.doc);
  for (const auto& p : chronon::grobocode::kPrimitives) docs.push_back(p.doc);
  for (const auto& w : chronon::grobocode::kCompileWords) docs.push_back(w.doc);
  for (const auto& h : chronon::grobocode::kHardwareScalars) docs.push_back(h.doc);
  for (const auto& h : chronon::grobocode::kHardwareVectors) docs.push_back(h.doc);
  for (const auto& w : chronon::robbie::kWords) docs.push_back(w.doc);
  for (const std::string_view doc : docs) {
    INFO(doc);
    REQUIRE_FALSE(doc.empty());
    CHECK(doc.back() == '.');
    CHECK(doc.find("  ") == std::string_view::npos);
    // No word written twice with only a blank between ("the the"), compared without case.
    std::string previous;
    size_t i = 0;
    while (i <= doc.size()) {
      const size_t end = std::min(doc.find(' ', i), doc.size());
      std::string word(doc.substr(i, end - i));
      for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      const bool isWord = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isalpha(static_cast<unsigned char>(c)) != 0;
      });
      if (isWord) CHECK(word != previous);
      previous = isWord ? word : std::string();
      i = end + 1;
    }
  }
}
