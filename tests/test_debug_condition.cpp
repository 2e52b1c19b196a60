// Breakpoint conditions (arena/debug_condition.h): splitting a condition into clauses, and each game's
// reading of the clauses with the column of what it did not expect (docs/debugging.md "Conditions").

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "chronon/arena/debug_condition.h"
#include "chronon/arena/grobots_debug.h"
#include "chronon/arena/robowar_debug.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/source.h"

using namespace chronon;
namespace debug = chronon::arena::debug;
namespace gb = chronon::arena::grobots;
namespace rw = chronon::arena::robowar;

TEST_CASE("conditions split into clauses with their columns", "[debug-condition]") {
  std::string error;
  REQUIRE(debug::splitCondition("", error)->empty());
  REQUIRE(debug::splitCondition(" \t ", error)->empty());

  const auto clauses = debug::splitCondition("  chronon >= 10&&a'=-3 && top <  7 ", error);
  REQUIRE(clauses.has_value());
  REQUIRE(clauses->size() == 3);
  CHECK((*clauses)[0].subject == "chronon");
  CHECK((*clauses)[0].subjectAt == 2);
  CHECK((*clauses)[0].compare == debug::Compare::kGreaterEqual);
  CHECK((*clauses)[0].value == "10");
  CHECK((*clauses)[0].valueAt == 13);
  CHECK((*clauses)[1].subject == "a'");
  CHECK((*clauses)[1].compare == debug::Compare::kEqual);
  CHECK((*clauses)[1].value == "-3");
  CHECK((*clauses)[2].subject == "top");
  CHECK((*clauses)[2].compare == debug::Compare::kLess);
  CHECK((*clauses)[2].value == "7");
  CHECK((*clauses)[2].valueAt == 33);

  // The first comparison in a clause is its operator; `!=` is not read as `=`.
  const auto ne = debug::splitCondition("robot!=1", error);
  REQUIRE(ne.has_value());
  CHECK((*ne)[0].compare == debug::Compare::kNotEqual);
  CHECK((*ne)[0].value == "1");

  // Nothing after the comparison is the game's to refuse, with the column where a value would be.
  const auto empty = debug::splitCondition("top >", error);
  REQUIRE(empty.has_value());
  CHECK((*empty)[0].value.empty());
  CHECK((*empty)[0].valueAt == 5);

  CHECK_FALSE(debug::splitCondition("chronon ~ 3", error));
  CHECK(error == "expected a comparison (== != < <= > >=) at column 12");
  CHECK_FALSE(debug::splitCondition("chronon > 3 &&", error));
  CHECK(error == "expected a subject at column 15");
  CHECK_FALSE(debug::splitCondition("== 3", error));
  CHECK(error == "expected a subject at column 1");
  CHECK(debug::atColumn("expected a number", 0) == "expected a number at column 1");
}

TEST_CASE("each game reads the clauses and names the column it did not expect", "[debug-condition]") {
  std::string error;
  // RoboWar.
  CHECK_FALSE(rw::parseDebugCondition("top >", error));
  CHECK(error.rfind("expected an integer at column 6", 0) == 0);
  CHECK_FALSE(rw::parseDebugCondition("chronon > 3 && energy < 2", error));
  CHECK(error.rfind("expected chronon, robot, top, second, depth or a variable (a-w, z) at column 16", 0) == 0);
  CHECK_FALSE(rw::parseDebugCondition("chronon > 3 robot", error));
  CHECK(error.rfind("expected an integer at column 11", 0) == 0);
  REQUIRE(rw::parseDebugCondition("chronon > +3", error));

  // Grobots: the subjects, the type's variables, Grobocode numbers.
  const SourceFile file("conditions.gb",
                        "#side Conditions\n#type Watcher\n#hardware\nprocessor 5\n#code\n#var seen-time 0\n"
                        "main: seen-time 1 + seen-time! sync main& jump\n#end\n");
  const grobocode::SideResult side = grobocode::compileSide(file);
  REQUIRE(side.loaded());
  const grobocode::Program& brain = *side.side.types.at(0).brain;
  const auto condition = gb::parseCondition("Frame > 100 && SEEN-TIME <= 2.5 && top == -1", brain, error);
  REQUIRE(condition.has_value());
  REQUIRE(condition->clauses.size() == 3);
  CHECK(condition->clauses[0].subject == gb::ParsedCondition::Subject::kFrame);
  CHECK(condition->clauses[1].subject == gb::ParsedCondition::Subject::kVariable);
  CHECK(condition->clauses[1].value == 2.5);
  CHECK(condition->clauses[2].value == -1);
  REQUIRE(gb::parseCondition("", brain, error)->clauses.empty());
  CHECK_FALSE(gb::parseCondition("energy > 3", brain, error));
  CHECK(error.rfind("expected frame, thread, depth, top, second or a variable of the type at column 1", 0) == 0);
  CHECK_FALSE(gb::parseCondition("frame > soon", brain, error));
  CHECK(error.rfind("expected a number at column 9", 0) == 0);

  // The condition holds as the clauses say, and a clause on a cell the stack does not have is false.
  grobocode::MachineState state;
  state.variables.assign(brain.variables.size(), ::chronon::grobots::Fixed::fromInteger(2).value());
  gb::DebugPosition position;
  position.frame = 101;
  CHECK_FALSE(condition->holds(position, state));
  state.stack[0] = ::chronon::grobots::Fixed::fromInteger(-1).value();
  state.height = 1;
  CHECK(condition->holds(position, state));
  position.frame = 100;
  CHECK_FALSE(condition->holds(position, state));
}
