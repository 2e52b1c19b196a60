// Robbie's room and the RL interpreter: room files, movement and contact sensors, the claw, simulated
// time, runtime errors, the step limit, the bundled programs' final states (golden run output) and the
// CLI (docs/robbie.md).

#include <sys/wait.h>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "chronon/arena/robbie_room.h"
#include "chronon/arena/robbie_run.h"
#include "chronon/compiler/robbie.h"
#include "chronon/compiler/robbie_room_file.h"
#include "chronon/stdlib/robbie_words.h"
#include "test_support.h"

namespace rl = chronon::robbie;
namespace fs = std::filesystem;
using chronon::DiagCode;
using chronon::Diagnostics;
using chronon::SourceFile;

namespace {

using chronon::test::readFile;

std::optional<rl::RoomSpec> roomOf(const std::string& text, Diagnostics& diagnostics) {
  return rl::parseRoomFile(SourceFile("t.room", text), diagnostics);
}

rl::RoomSpec room(const std::string& text) {
  Diagnostics diagnostics;
  const std::optional<rl::RoomSpec> spec = roomOf(text, diagnostics);
  INFO(chronon::render(SourceFile("t.room", text), diagnostics));
  REQUIRE(spec.has_value());
  return *spec;
}

std::vector<DiagCode> roomCodes(const std::string& text) {
  Diagnostics diagnostics;
  const std::optional<rl::RoomSpec> spec = roomOf(text, diagnostics);
  CHECK_FALSE(spec.has_value());
  std::vector<DiagCode> out;
  for (const chronon::Diagnostic& d : diagnostics.all()) out.push_back(d.code);
  return out;
}

rl::Program program(const std::string& text) {
  const rl::CompileResult result = rl::compile(SourceFile("t.rl", text));
  INFO(chronon::render(SourceFile("t.rl", text), result.diagnostics));
  REQUIRE(result.program.has_value());
  return *result.program;
}

// Runs `lines` between start and stop in `spec`.
rl::RobbieRun runLines(const std::string& lines, const rl::RoomSpec& spec, int64_t steps = 100000) {
  return rl::runInRoom(program("start\n" + lines + "stop\n"), spec, steps);
}

// The run output of `chronon run`: the event log and the final report.
std::string runText(const rl::Program& p, const rl::RobbieRun& run) {
  return "event log:\n" + run.room.logText() + "\n" + rl::finalReport(p, run);
}

const rl::Value& reg(const rl::RobbieRun& run, size_t index) { return run.machine.registers.at(index); }

const std::string kEmpty = "room 400 300\nrobbie 100 150 0\n";

}  // namespace

TEST_CASE("the built-in default room is stdlib/robbie/rooms/default.room and parses cleanly", "[robbie-room]") {
  CHECK(readFile(chronon::test::sourceDir() / "stdlib" / "robbie" / "rooms" / "default.room") == rl::defaultRoomText());
  Diagnostics diagnostics;
  const auto spec = rl::parseRoomFile(SourceFile("default.room", std::string(rl::defaultRoomText())), diagnostics);
  CHECK(diagnostics.all().empty());
  REQUIRE(spec.has_value());
  CHECK(spec->width == 400);
  CHECK(spec->height == 300);
  CHECK(spec->obstacles.size() == 2);
  CHECK(spec->objects.size() == 3);
  CHECK(rl::defaultRoom().objects.at(2).name == "Ball");
}

TEST_CASE("room files: entries, defaults and every kind of bad line", "[robbie-room]") {
  const rl::RoomSpec spec =
      room("; a room\nroom 200.5 100\nobstacle 50 60 10 20 ; corners in any order\nobject Box-1 5 5 1200\n");
  CHECK(spec.width == 200.5);
  CHECK(spec.robbieX == 100.25);  // Without a robbie line: the centre, facing east.
  CHECK(spec.robbieY == 50);
  CHECK(spec.heading == 0);
  REQUIRE(spec.obstacles.size() == 1);
  CHECK(spec.obstacles[0].x1 == 10);
  CHECK(spec.obstacles[0].y2 == 60);
  CHECK(room("room 10 10\nrobbie 1 1 -90\n").heading == 270);
  using D = DiagCode;
  CHECK(roomCodes("") == std::vector<D>{D::kRlRoomSyntax});
  CHECK(roomCodes("room 10\n") == std::vector<D>{D::kRlRoomSyntax});
  CHECK(roomCodes("room ten 10\n") == std::vector<D>{D::kRlRoomNumber});
  CHECK(roomCodes("room 1e999 10\n") == std::vector<D>{D::kRlRoomNumber});
  CHECK(roomCodes("room 999999999999999999999 10\n") == std::vector<D>{D::kRlRoomNumber});
  CHECK(roomCodes("room 0 10\n") == std::vector<D>{D::kRlRoomNumber});
  CHECK(roomCodes("room 10 10\nrobbie 1 1 400\n") == std::vector<D>{D::kRlRoomNumber});
  CHECK(roomCodes("room 10 10\nobject A 1 1 heavy\n") == std::vector<D>{D::kRlRoomNumber});
  CHECK(roomCodes("room 10 10\nobject A 1 1 -5\n") == std::vector<D>{D::kRlRoomNumber});
  CHECK(roomCodes("room 10 10\nobstacle 1 1 1 5\n") == std::vector<D>{D::kRlRoomNumber});
  CHECK(roomCodes("room 10 10\nwall 1 1 2 2\n") == std::vector<D>{D::kRlRoomUnknownEntry});
  CHECK(roomCodes("room 10 10\nroom 10 10\n") == std::vector<D>{D::kRlRoomDuplicate});
  CHECK(roomCodes("room 10 10\nrobbie 1 1 0\nrobbie 2 2 0\n") == std::vector<D>{D::kRlRoomDuplicate});
  CHECK(roomCodes("room 10 10\nobject A 1 1 5\nobject A 2 2 5\n") == std::vector<D>{D::kRlRoomDuplicate});
  CHECK(roomCodes("room 10 10\nobject A/B 1 1 5\n") == std::vector<D>{D::kRlRoomSyntax});
  CHECK(roomCodes("room 10 10\nrobbie 20 5 0\n") == std::vector<D>{D::kRlRoomPlacement});
  CHECK(roomCodes("room 10 10\nrobbie 5 5 0\nobstacle 4 4 6 6\n") == std::vector<D>{D::kRlRoomPlacement});
  CHECK(roomCodes("room 10 10\nobject A 11 1 5\n") == std::vector<D>{D::kRlRoomPlacement});
  std::string crowded = "room 100 100\n";
  for (int i = 0; i < 10005; ++i) crowded += "object O" + std::to_string(i) + " 1 1 1\n";
  CHECK(roomCodes(crowded) == std::vector<D>{D::kRlRoomTooMany});
  // Junk bytes give diagnostics, never a crash.
  std::string junk;
  for (int i = 0; i < 20000; ++i) junk += static_cast<char>(i * 131 % 251 + 1);
  Diagnostics diagnostics;
  CHECK_FALSE(roomOf(junk, diagnostics).has_value());
  CHECK(diagnostics.hasErrors());
}

TEST_CASE("movement stops at walls and obstacles; turning is never blocked", "[robbie-room]") {
  const rl::RoomSpec spec = room("room 400 300\nrobbie 100 150 0\nobstacle 200 100 240 200\n");
  rl::RobbieRoom r(spec);
  CHECK_FALSE(r.blocked());
  r.move(50, true);
  CHECK(r.x() == 150);
  r.move(500, true);  // Stops at the obstacle's west face.
  CHECK(r.x() == 200);
  CHECK(r.y() == 150);
  CHECK(r.blocked());
  r.move(10, true);
  CHECK(r.x() == 200);
  r.turn(90, true);  // Turning is never blocked.
  CHECK(r.heading() == 90);
  CHECK_FALSE(r.blocked());  // Along the obstacle's face is not into it.
  r.move(1000, true);        // North, along the face, to the wall.
  CHECK(r.y() == 300);
  CHECK(r.blocked());
  r.move(30, false);  // Back is blocked only by what is behind.
  CHECK(r.y() == 270);
  r.turn(450, false);  // Right 450 = right 90: east.
  CHECK(r.heading() == 0);
  r.turn(45, true);
  r.move(100, false);  // Diagonally back (south-west).
  CHECK(r.x() == Approx(200 - 100 / std::sqrt(2.0)));
  CHECK(r.y() == Approx(270 - 100 / std::sqrt(2.0)));
  CHECK(r.events().back().text == "back 100: moved 100.0 cm, at (129.3, 199.3)");
  // A corner: moving into it stops at whichever wall comes first.
  rl::RobbieRoom corner(room("room 100 100\nrobbie 90 80 45\n"));
  corner.move(100, true);
  CHECK(corner.x() == Approx(100));
  CHECK(corner.y() == Approx(90));
  CHECK(corner.blocked());
}

TEST_CASE("the claw lifts up to 10 kg from beneath Robbie and weighs to the gram", "[robbie-room]") {
  rl::RobbieRoom r(
      room("room 400 300\nrobbie 100 150 0\nobject Limit 100 150 10000\nobject Heavy 150 150 10001\n"
           "object Far 200 150 5\n"));
  CHECK(r.weight() == 0);
  r.drop();
  CHECK(r.events().back().text == "drop: the claw is empty");
  r.grab();
  REQUIRE(r.held() == 0u);
  CHECK(r.weight() == 10000);
  r.grab();
  CHECK(r.events().back().text == "grab: the claw already holds Limit; nothing happens");
  r.move(50, true);
  CHECK(r.objects()[0].x == 150);  // A held object travels with Robbie.
  r.drop();
  CHECK(r.weight() == 0);
  r.grab();  // Two objects beneath: the nearest (Limit, put down exactly here).
  CHECK(r.held() == 0u);
  r.drop();
  r.move(45, true);
  r.grab();  // 5 cm away from Far and 45 cm from the others: Far is beneath (reach 10 cm).
  CHECK(r.held() == 2u);
  CHECK(r.weight() == 5);
  r.drop();
  r.move(100, true);
  r.grab();
  CHECK(r.events().back().text == "grab: nothing beneath Robbie");
  rl::RobbieRoom heavy(room("room 400 300\nrobbie 150 150 0\nobject Heavy 150 150 10001\n"));
  heavy.grab();
  CHECK_FALSE(heavy.held().has_value());
  CHECK(heavy.events().back().text == "grab: Heavy (10001 g) is too heavy; the claw releases it");
}

TEST_CASE("commands take simulated time; beeps and pauses are logged", "[robbie-room]") {
  const rl::RobbieRun run = runLines("forward 10\nturn left 90\ngrab\ndrop\nbeep 2000 4000\npause 500\n", room(kEmpty));
  CHECK(run.end == rl::RunEnd::kStopped);
  CHECK(run.room.timeMs() == 10 * rl::kMsPerCm + 90 * rl::kMsPerDegree + 2 * rl::kClawMs + 2000 + 500);
  CHECK(run.room.logText() ==
        "         0 ms  forward 10: moved 10.0 cm, at (110.0, 150.0)\n"
        "       500 ms  turn left 90: heading 90\n"
        "      1400 ms  grab: nothing beneath Robbie\n"
        "      2400 ms  drop: the claw is empty\n"
        "      3400 ms  beep 2000 ms at 4000 Hz\n"
        "      5400 ms  pause 500 ms\n");
  // Absurd times saturate instead of overflowing.
  const rl::RobbieRun huge =
      runLines("pause 9223372036854775807\npause 5\nturn left 9223372036854775807\n", room(kEmpty));
  CHECK(huge.room.timeMs() == INT64_MAX);
  CHECK(huge.room.heading() == 9223372036854775807 % 360);
}

TEST_CASE("expressions evaluate with the usual precedence and RL's types", "[robbie-room]") {
  const rl::RobbieRun run = runLines(
      "register integer A\nregister integer B\nregister integer C\nregister real R\nregister real S\n"
      "register boolean P\nregister boolean Q\nregister string T\nregister boolean U\nregister integer W\n"
      "set A 2 + 3 * 4\nset B (2 + 3) * 4 - -1\nset C -7 / 2\nset R 7 / 2.0\nset S 3\n"
      "set P not 1 < 2 or true and false\nset Q \"abc\" < \"abd\" and 2 = 2.0\nset T \"Robbie\" + \" \" + \"Robot\"\n"
      "set U false and 1 / 0 = 1 or true\nset W weight\n",
      room(kEmpty));
  REQUIRE(run.end == rl::RunEnd::kStopped);
  CHECK(std::get<int64_t>(reg(run, 0)) == 14);
  CHECK(std::get<int64_t>(reg(run, 1)) == 21);
  CHECK(std::get<int64_t>(reg(run, 2)) == -3);  // Integer division truncates toward zero.
  CHECK(std::get<double>(reg(run, 3)) == 3.5);
  CHECK(std::get<double>(reg(run, 4)) == 3.0);
  CHECK(std::get<bool>(reg(run, 5)) == false);
  CHECK(std::get<bool>(reg(run, 6)) == true);
  CHECK(std::get<std::string>(reg(run, 7)) == "Robbie Robot");
  CHECK(std::get<bool>(reg(run, 8)) == true);  // and/or short-circuit: 1 / 0 is never evaluated.
  CHECK(std::get<int64_t>(reg(run, 9)) == 0);
  // Registers start at their type's zero value.
  const rl::RobbieRun fresh =
      runLines("register integer I\nregister real F\nregister boolean B\nregister string S\n", room(kEmpty));
  CHECK(rl::finalReport(program("start\nregister integer I\nregister real F\nregister boolean B\nregister string S\n"
                                "stop\n"),
                        fresh)
            .find("  I (integer) = 0\n  F (real) = 0.0\n  B (boolean) = false\n  S (string) = \"\"\n") !=
        std::string::npos);
}

TEST_CASE("control structures: if/else, while, repeat with zero and negative counts", "[robbie-room]") {
  const rl::RobbieRun run = runLines(
      "register integer N\nregister integer K\nregister integer Z\n"
      "repeat 3 times\n  repeat 2 times\n    set N N + 1\n  endrepeat\nendrepeat\n"
      "set K 0 - 4\nrepeat K times\n  set Z Z + 1\nendrepeat\nrepeat 0 times\n  set Z Z + 1\nendrepeat\n"
      "while K < 0 do\n  set K K + 1\n  if K = -2 then\n    set Z 100\n  else\n    set Z Z - 1\n  endif\nendwhile\n",
      room(kEmpty));
  REQUIRE(run.end == rl::RunEnd::kStopped);
  CHECK(std::get<int64_t>(reg(run, 0)) == 6);
  CHECK(std::get<int64_t>(reg(run, 1)) == 0);
  CHECK(std::get<int64_t>(reg(run, 2)) == 98);
  // The program stops at the first stop it reaches; nothing after it runs.
  const rl::RobbieRun early = runLines("forward 10\nif true then\n  stop\nendif\nforward 10\n", room(kEmpty));
  CHECK(early.room.x() == 110);
  CHECK(rl::finalReport(program("start\nforward 10\nif true then\n  stop\nendif\nforward 10\nstop\n"), early)
            .find("ended: stop at line 4\n") != std::string::npos);
}

TEST_CASE("runtime errors stop Robbie with the line and the reason", "[robbie-room]") {
  const auto errorOf = [](const std::string& lines) {
    const rl::Program p = program("start\nregister integer I\nregister real R\n" + lines + "stop\n");
    const rl::RobbieRun run = rl::runInRoom(p, room(kEmpty), 1000);
    CHECK(run.end == rl::RunEnd::kError);
    const std::string report = rl::finalReport(p, run);
    return report.substr(report.find("ended: "), report.find('\n', report.find("ended: ")) - report.find("ended: "));
  };
  CHECK(errorOf("set I 1 / I\n") == "ended: runtime error at line 4: division by zero");
  CHECK(errorOf("set R 1.5 / R\n") == "ended: runtime error at line 4: division by zero");
  CHECK(errorOf("set I 9223372036854775807\nset I I + 1\n") ==
        "ended: runtime error at line 5: integer overflow (beyond 64 bits)");
  CHECK(errorOf("set I 0 - 9223372036854775807 - 1\nset I -I\n") ==
        "ended: runtime error at line 5: integer overflow (beyond 64 bits)");
  CHECK(errorOf("set I 4000000000\nset I I * I\n") ==
        "ended: runtime error at line 5: integer overflow (beyond 64 bits)");
  CHECK(errorOf("set I 0 - 5\nforward I\n") == "ended: runtime error at line 5: negative distance, angle or time");
  CHECK(errorOf("set I 0 - 5\nturn left I\n") == "ended: runtime error at line 5: negative distance, angle or time");
  CHECK(errorOf("set I 0 - 5\npause I\n") == "ended: runtime error at line 5: negative distance, angle or time");
  CHECK(errorOf("set I 20\nbeep 100 I\n") == "ended: runtime error at line 5: beep frequency outside 60 to 30,000 Hz");
  // Nothing after the error runs.
  const rl::RobbieRun run = runLines("register integer I\nforward 10\nset I 1 / I\nforward 10\n", room(kEmpty));
  CHECK(run.room.x() == 110);
  CHECK(run.room.events().size() == 1);
}

TEST_CASE("a runaway loop ends at the step limit, and runs resume exactly", "[robbie-room]") {
  const rl::Program p = program("start\nwhile true do\n  turn left 1\nendwhile\nstop\n");
  const rl::RobbieRun run = rl::runInRoom(p, room(kEmpty), 1000);
  CHECK(run.end == rl::RunEnd::kStepLimit);
  CHECK(run.machine.steps == 1000);
  CHECK(rl::finalReport(p, run).find("ended: step limit of 1000 steps reached") != std::string::npos);
  // Two half budgets give the same state as one whole one.
  rl::RobbieRoom r(room(kEmpty));
  rl::MachineState state = rl::makeMachineState(p);
  rl::run(state, p, r, 500);
  rl::run(state, p, r, 500);
  CHECK(state.steps == 1000);
  CHECK(r.heading() == run.room.heading());
  CHECK(r.logText() == run.room.logText());
}

TEST_CASE("bundled programs run to their golden event log and final state", "[robbie-room]") {
  const fs::path stdlibDir = chronon::test::sourceDir() / "stdlib" / "robbie";
  const fs::path goldenDir = chronon::test::sourceDir() / "tests" / "golden" / "robbie";
  struct Case {
    const char* program;
    const char* room;  // "" for the default room.
    int64_t steps;
  };
  for (const Case& c :
       {Case{"pace-forever.rl", "", 200}, Case{"pace-rectangle.rl", "", 200},
        Case{"pace-laps.rl", "", rl::kDefaultStepLimit},
        Case{"move-ten-things.rl", "feeder.room", rl::kDefaultStepLimit}, Case{"bother.rl", "", rl::kDefaultStepLimit},
        Case{"sorter.rl", "sorter.room", rl::kDefaultStepLimit},
        Case{"wall-follower.rl", "walled.room", rl::kDefaultStepLimit}, Case{"tour.rl", "", rl::kDefaultStepLimit}}) {
    INFO(c.program);
    const rl::Program p = program(readFile(stdlibDir / c.program));
    const rl::RoomSpec spec =
        std::string(c.room).empty() ? rl::defaultRoom() : room(readFile(stdlibDir / "rooms" / c.room));
    const rl::RobbieRun run = rl::runInRoom(p, spec, c.steps);
    const std::string golden = readFile(goldenDir / (fs::path(c.program).stem().string() + ".out"));
    REQUIRE_FALSE(golden.empty());
    CHECK(runText(p, run) == golden);
  }
}

TEST_CASE("chronon check and chronon run for .rl files", "[robbie-room]") {
  const fs::path dir = fs::temp_directory_path() / "chronon-robbie-test";
  fs::create_directories(dir);
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name, std::ios::binary) << text;
    return "'" + (dir / name).string() + "'";
  };
  const auto chronon = [&](const std::string& args) {
    const std::string command =
        "'" + chronon::test::chrononBinary().string() + "' " + args + " > '" + (dir / "out.txt").string() + "' 2>&1";
    const int status = std::system(command.c_str());
    return std::make_pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1, readFile(dir / "out.txt"));
  };
  const std::string good = write("good.rl", "program \"Good\"\nstart\nforward 10\nstop\n");
  const std::string bad = write("bad.rl", "start\nforward 10\nset Nope 1\nstop\n");
  CHECK(chronon("check " + good) == std::make_pair(0, std::string()));
  const auto [checkStatus, checkText] = chronon("check " + bad);
  CHECK(checkStatus == 1);
  CHECK(checkText.find("bad.rl:3:5: error: 'Nope' is not registered") != std::string::npos);
  // Robbie explodes: the diagnostics, the explosion, and no event log.
  const auto [runStatus, runOut] = chronon("run " + bad);
  CHECK(runStatus == 1);
  CHECK(runOut.find("Robbie explodes") != std::string::npos);
  CHECK(runOut.find("event log") == std::string::npos);
  const auto [okStatus, okText] = chronon("run " + good + " --engine jit");
  CHECK(okStatus == 0);
  CHECK(okText.find("not yet available") == std::string::npos);
  CHECK(okText.find("robbie: at (110.0, 150.0), heading 0, claw empty") != std::string::npos);
  const std::string roomFile = write("small.room", "room 50 50\nrobbie 0 0 0\n");
  CHECK(chronon("run " + good + " --room " + roomFile).second.find("robbie: at (10.0, 0.0)") != std::string::npos);
  const std::string badRoom = write("bad.room", "room 50 fifty\n");
  const auto [roomStatus, roomText] = chronon("run " + good + " --room " + badRoom);
  CHECK(roomStatus == 1);
  CHECK(roomText.find("bad.room:1:9: error: 'fifty' is not a number") != std::string::npos);
  const std::string forever = write("forever.rl", "start\nwhile true do\nturn left 1\nendwhile\nstop\n");
  const auto [limitStatus, limitText] = chronon("run " + forever + " --steps 30");
  CHECK(limitStatus == 1);
  CHECK(limitText.find("ended: step limit of 30 steps reached at line") != std::string::npos);
  CHECK(chronon("disasm " + good) == std::make_pair(0, std::string("   0     3  push 10\n   1     3  forward\n"
                                                                   "   2     4  stop\n")));
  CHECK(chronon("disasm " + bad).first == 1);
  CHECK(chronon("run " + good + " --steps 0").first == 2);
  CHECK(chronon("run " + good + " --engine fast").first == 2);
  CHECK(chronon("run " + good + " --colour red").first == 2);
}

TEST_CASE("random token soup never crashes the frontend or the interpreter", "[robbie-room]") {
  // Lines made of random reserved words, names, numbers, strings and symbols, each followed by a run
  // when it compiles: every outcome is a diagnostic or a finished run, never a crash or a hang.
  std::vector<std::string> pool{"+", "-", "*", "/",  "<",   "<=",    ">", ">=", "=", "(", ")",
                                "0", "1", "7", "-3", "2.5", "\"s\"", "A", "B",  "S", "R", "9223372036854775807"};
  for (const rl::WordInfo& info : rl::kWords) pool.emplace_back(info.spelling);
  uint64_t seed = 12345;
  const auto next = [&seed](size_t n) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<size_t>((seed >> 33) % n);
  };
  int compiled = 0;
  for (int round = 0; round < 300; ++round) {
    std::string text = "start\nregister integer A\nregister integer B\nregister string S\nregister real R\n";
    const size_t lines = 1 + next(8);
    for (size_t l = 0; l < lines; ++l) {
      const size_t tokens = 1 + next(7);
      for (size_t t = 0; t < tokens; ++t) text += pool[next(pool.size())] + " ";
      text += "\n";
    }
    text += "stop\n";
    const rl::CompileResult result = rl::compile(SourceFile("soup.rl", text));
    CHECK(result.program.has_value() != result.diagnostics.hasErrors());
    if (result.program) {
      ++compiled;
      const rl::RobbieRun run = rl::runInRoom(*result.program, rl::defaultRoom(), 10000);
      CHECK(run.machine.steps <= 10000);
    }
  }
  CHECK(compiled > 0);
}
