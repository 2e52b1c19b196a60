// Replays (arena/replay.h and the per-game recorders): the writer's deltas, the container and its
// limits, bad files, and that a battle recorded twice gives the same lines (what `replay verify`
// relies on) for each game; the command line's verify and view on good and bad files.

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/arena/grobots_replay.h"
#include "chronon/arena/replay.h"
#include "chronon/arena/robbie_replay.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/robbie.h"
#include "chronon/compiler/robbie_room_file.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "test_support.h"

namespace {

namespace replay = chronon::arena::replay;
using Lines = std::vector<std::string>;

using chronon::test::readFile;

std::string gzipOf(const Lines& lines) {
  replay::GzipBuffer gzip;
  for (const std::string& l : lines) gzip.addLine(l);
  return gzip.finish();
}

// Runs chronon with `args` in a scratch folder; returns the exit status and fills `out` (stdout and
// stderr together). The output file is this process's own: ctest runs the test cases that call this
// in processes of their own, side by side.
int runChronon(const std::string& args, std::string& out) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("chronon-test-replay-out-" + std::to_string(::getpid()) + ".txt");
  const std::string command =
      "'" + chronon::test::chrononBinary().string() + "' " + args + " > '" + file.string() + "' 2>&1";
  const int status = std::system(command.c_str());
  out = readFile(file);
  std::error_code ec;
  std::filesystem::remove(file, ec);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Lines recordDuel(uint64_t seed) {
  const std::filesystem::path dir = chronon::test::sourceDir() / "stdlib" / "robowar";
  std::vector<chronon::robotalk::LoadedRobot> robots;
  std::vector<replay::Entrant> entrants;
  for (const char* name : {"dodger.rtk", "spinner.rtk"}) {
    robots.push_back(chronon::robotalk::loadRobot((dir / name).string(), {}));
    REQUIRE_FALSE(robots.back().diagnostics.hasErrors());
  }
  std::vector<chronon::arena::robowar::Entry> entries;
  for (size_t i = 0; i < robots.size(); ++i) {
    entries.push_back({&robots[i].program, 0});
    const std::filesystem::path path = dir / (i == 0 ? "dodger.rtk" : "spinner.rtk");
    entrants.push_back({robots[i].program.name, path.string(), readFile(path)});
  }
  Lines lines;
  chronon::arena::robowar::recordBattle(entries, entrants, seed, {}, "interpreter",
                                        [&](std::string_view l) { lines.emplace_back(l); });
  return lines;
}

}  // namespace

TEST_CASE("the writer lists new, changed and gone entities and brain deltas", "[replay]") {
  Lines lines;
  replay::Writer w([&](std::string_view l) { lines.emplace_back(l); }, {{"dot", {"x", "y"}, {1, 10}}});
  w.header({{"format", "chronon-replay"}});
  const int64_t a[] = {1, 2};
  const int64_t b[] = {5, 6};
  w.beginMoment(0);
  w.entity(1, 0, a);
  w.entity(2, 0, b);
  w.brain(1, {{"pc", 3}, {"ds", {1, 2}}, {"vars", {{"A", 1}, {"B", 2}}}});
  w.endMoment();
  const int64_t a2[] = {1, 4};
  w.beginMoment(1);
  w.entity(1, 0, a2);
  w.brain(1, {{"pc", 3}, {"ds", {1, 2}}, {"vars", {{"A", 1}, {"B", 7}}}});
  w.event("death", 2, "gone");
  w.endMoment();
  w.beginMoment(2);
  w.entity(1, 0, a2);
  w.brain(1, {{"pc", 3}, {"ds", {1, 2}}, {"vars", {{"A", 1}, {"B", 7}}}});
  w.endMoment();
  w.end({{"winner", 1}});
  REQUIRE(lines.size() == 5);
  CHECK(lines[1] == R"({"t":0,"new":[[1,0,1,2],[2,0,5,6]],"brain":[[1,{"ds":[1,2],"pc":3,"vars":{"A":1,"B":2}}]]})");
  CHECK(lines[2] == R"({"t":1,"upd":[[1,1,4]],"del":[2],"ev":[["death",2,"gone"]],"brain":[[1,{"vars":{"B":7}}]]})");
  CHECK(lines[3] == R"({"t":2})");
  CHECK(lines[4] == R"({"end":{"t":2,"winner":1}})");
  CHECK(replay::Writer::scaled(1.25, 100) == 125);
  CHECK(replay::Writer::scaled(2.5, 1) == 3);
  CHECK(replay::Writer::scaled(-0.5, 1) == -1);
}

TEST_CASE("a replay reads back through gzip, and bad files get clear errors", "[replay]") {
  const Lines lines = recordDuel(3);
  const std::string bytes = gzipOf(lines);
  REQUIRE(static_cast<unsigned char>(bytes[0]) == 0x1f);
  std::string error;
  const std::optional<replay::File> file = replay::parse(bytes, error);
  REQUIRE(file);
  CHECK(error.empty());
  CHECK(file->warning.empty());
  CHECK(file->header["game"] == "robowar");
  CHECK(file->header["entrants"][0]["hash"] ==
        replay::contentHash(file->header["entrants"][0]["source"].get<std::string>()));
  CHECK(file->moments.size() + 2 == lines.size());
  CHECK(replay::compare(*file, lines).same);

  SECTION("plain text is accepted too") {
    std::string text;
    for (const std::string& l : lines) text += l + "\n";
    CHECK(replay::parse(text, error));
  }
  SECTION("a truncated stream keeps its whole lines and says it is truncated") {
    const std::optional<replay::File> cut = replay::parse(bytes.substr(0, bytes.size() / 2), error);
    REQUIRE(cut);
    CHECK_FALSE(cut->end);
    CHECK(cut->warning.find("truncated") != std::string::npos);
    CHECK(cut->moments.size() < file->moments.size());
    CHECK_FALSE(replay::compare(*cut, lines).same);
  }
  SECTION("junk") {
    CHECK_FALSE(
        replay::parse("\x7f"
                      "ELF junk",
                      error));
    CHECK(error.find("not a Chronon replay") != std::string::npos);
    CHECK_FALSE(replay::parse("", error));
    CHECK(error == "the file is empty");
    std::string damaged = bytes;
    for (size_t i = 20; i < 60 && i < damaged.size(); ++i) damaged[i] = static_cast<char>(damaged[i] ^ 0x5a);
    CHECK_FALSE(replay::parse(damaged, error));
    CHECK(error.find("damaged") != std::string::npos);
  }
  SECTION("a version this build does not know") {
    Lines other = lines;
    nlohmann::json header = nlohmann::json::parse(other[0]);
    header["version"] = 99;
    other[0] = header.dump();
    CHECK_FALSE(replay::parse(gzipOf(other), error));
    CHECK(error == "unsupported replay version 99 (this Chronon reads version 1)");
  }
  SECTION("moments out of order, or a line that is not JSON") {
    Lines other = lines;
    std::swap(other[2], other[3]);
    CHECK_FALSE(replay::parse(gzipOf(other), error));
    CHECK(error.find("must increase") != std::string::npos);
    other = lines;
    other[5] = "{\"t\":4,";
    CHECK_FALSE(replay::parse(gzipOf(other), error));
    CHECK(error == "line 6 is not JSON");
  }
  SECTION("a changed moment is found by compare") {
    replay::File changed = *file;
    changed.moments[7] = R"({"t":7})";
    const replay::Comparison c = replay::compare(changed, lines);
    CHECK_FALSE(c.same);
    CHECK(c.difference.find("moment line 8 differs") == 0);
    CHECK(c.moments == 7);
  }
}

TEST_CASE("base64 round-trips any bytes", "[replay]") {
  std::string bytes;
  for (int i = 0; i < 256; ++i) bytes += static_cast<char>(i);
  for (size_t n : {size_t{0}, size_t{1}, size_t{2}, size_t{3}, size_t{256}}) {
    CHECK(replay::unbase64(replay::base64(bytes.substr(0, n))) == bytes.substr(0, n));
  }
  CHECK(replay::base64("Man") == "TWFu");
  CHECK_FALSE(replay::unbase64("a*b"));
}

TEST_CASE("a RoboWar battle recorded twice gives the same replay, with every chronon", "[replay]") {
  const Lines first = recordDuel(5);
  CHECK(first == recordDuel(5));
  const nlohmann::json end = nlohmann::json::parse(first.back())["end"];
  // One line per chronon from 0 to the last, plus the header and the end line.
  CHECK(first.size() == static_cast<size_t>(end["chronons"].get<int>()) + 3);
  CHECK(first[1].find("\"new\":[[1,0,0,") != std::string::npos);
  CHECK(first[1].find("\"brain\":[[1,{") != std::string::npos);
}

TEST_CASE("a Grobots round recorded twice gives the same replay", "[replay]") {
  const std::filesystem::path dir = chronon::test::sourceDir() / "stdlib" / "grobots";
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".gb") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  files.resize(2);
  std::vector<chronon::SourceFile> sources;
  std::vector<chronon::grobocode::SideResult> loaded;
  std::vector<replay::Entrant> entrants;
  for (const auto& f : files) {
    sources.emplace_back(f.string(), readFile(f));
    loaded.push_back(chronon::grobocode::compileSide(sources.back()));
    REQUIRE(loaded.back().loaded());
    entrants.push_back({loaded.back().side.name, f.string(), readFile(f)});
  }
  std::vector<const chronon::grobocode::Side*> sides;
  for (const auto& l : loaded) sides.push_back(&l.side);
  namespace gb = chronon::arena::grobots;
  gb::WorldOptions options;
  options.frameLimit = 300;
  options.keepPrints = true;
  const auto record = [&] {
    Lines lines;
    gb::World world(sides, options, 7);
    world.startRound();
    gb::RoundRecorder recorder(world, entrants, 7, "interpreter", {0},
                               [&](std::string_view l) { lines.emplace_back(l); });
    while (!world.finished()) {
      world.step();
      recorder.frame(world.takeMessages());
    }
    recorder.end();
    return lines;
  };
  const Lines first = record();
  CHECK(first == record());
  REQUIRE(first.size() == 300 + 3);
  const nlohmann::json header = nlohmann::json::parse(first[0]);
  CHECK(header["unit"] == "frame");
  CHECK(header["entrants"][0]["types"].size() >= 1);
  // Side 0 is watched: its robots' brains are recorded every frame, the other side's every 10th.
  int watchedMoments = 0;
  for (size_t t = 1; t <= 9; ++t) watchedMoments += first[t + 1].find("\"brain\":") != std::string::npos ? 1 : 0;
  CHECK(watchedMoments >= 5);
  CHECK(first[11].find("\"stat\":") != std::string::npos);
  // The round without a recorder ends the same way.
  const gb::RoundOutcome plain = gb::runRound(sides, options, 7);
  const nlohmann::json end = nlohmann::json::parse(first.back())["end"];
  CHECK(end["frames"] == plain.frames);
  CHECK(end["sides"][0]["biomass"] == plain.sides[0].biomass);
}

TEST_CASE("a Robbie run is recorded command by command", "[replay]") {
  const std::filesystem::path dir = chronon::test::sourceDir() / "stdlib" / "robbie";
  const std::string text = readFile(dir / "sorter.rl");
  const chronon::robbie::CompileResult compiled = chronon::robbie::compile(chronon::SourceFile("sorter.rl", text));
  REQUIRE(compiled.program);
  chronon::Diagnostics diagnostics;
  const std::string roomText = readFile(dir / "rooms" / "sorter.room");
  const std::optional<chronon::robbie::RoomSpec> room =
      chronon::robbie::parseRoomFile(chronon::SourceFile("sorter.room", roomText), diagnostics);
  REQUIRE(room);
  Lines lines;
  const chronon::robbie::RobbieRun run =
      chronon::robbie::recordRun(*compiled.program, *room, 100000, chronon::robbie::interpreterEngine(),
                                 {{"sorter", "sorter.rl", text}, {"room", "sorter.room", roomText}}, "interpreter",
                                 [&](std::string_view l) { lines.emplace_back(l); });
  const chronon::robbie::RobbieRun plain =
      chronon::robbie::runInRoom(*compiled.program, *room, 100000, chronon::robbie::interpreterEngine());
  CHECK(run.room.logText() == plain.room.logText());
  CHECK(run.machine.steps == plain.machine.steps);
  // A moment per logged command, the first and maybe a last one, and the header and end line.
  CHECK(lines.size() >= run.room.events().size() + 3);
  CHECK(nlohmann::json::parse(lines.back())["end"]["ended"] == "stop");
}

TEST_CASE("chronon writes replays and pages, verifies them and rejects bad files", "[replay][cli]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "chronon-test-replay";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string robots = (chronon::test::sourceDir() / "stdlib" / "robowar").string();
  std::string out;
  REQUIRE(runChronon("battle '" + robots + "/dodger.rtk' '" + robots + "/spinner.rtk' --seed 4 --replay '" +
                         (dir / "duel.replay").string() + "'",
                     out) == 0);
  REQUIRE(runChronon("battle '" + robots + "/dodger.rtk' '" + robots + "/spinner.rtk' --seed 4 --replay '" +
                         (dir / "duel.html").string() + "'",
                     out) == 0);
  const std::string page = readFile(dir / "duel.html");
  CHECK(page.find("<html") != std::string::npos);
  CHECK(page.find("@@CHRONON_REPLAY_BASE64@@") == std::string::npos);
  CHECK(page.find(replay::base64(readFile(dir / "duel.replay"))) != std::string::npos);
  CHECK(runChronon("replay verify '" + (dir / "duel.replay").string() + "'", out) == 0);
  CHECK(out.find("ok,") != std::string::npos);
  CHECK(runChronon("replay verify --engine jit '" + (dir / "duel.replay").string() + "'", out) == 0);
  CHECK(runChronon("view '" + (dir / "duel.replay").string() + "' -o '" + (dir / "view.html").string() + "'", out) ==
        0);
  CHECK(readFile(dir / "view.html").size() > readFile(dir / "duel.replay").size());

  std::ofstream(dir / "junk.replay") << "hello";
  CHECK(runChronon("replay verify '" + (dir / "junk.replay").string() + "'", out) == 1);
  CHECK(out.find("not a Chronon replay") != std::string::npos);
  const std::string bytes = readFile(dir / "duel.replay");
  std::ofstream(dir / "cut.replay", std::ios::binary) << bytes.substr(0, bytes.size() / 3);
  CHECK(runChronon("replay verify '" + (dir / "cut.replay").string() + "'", out) == 1);
  CHECK(out.find("truncated") != std::string::npos);
  CHECK(runChronon("view '" + (dir / "junk.replay").string() + "'", out) == 1);
  CHECK(runChronon("replay verify '" + (dir / "missing.replay").string() + "'", out) == 1);
  CHECK(out.find("cannot read") != std::string::npos);
  // A header value of the wrong type is a clear error, not an abort (found by the replay fuzzer).
  std::ofstream(dir / "typed.replay", std::ios::binary)
      << R"({"format":"chronon-replay","version":1,"game":"robowar","entrants":[{"hash":5,"source":"A"}]})"
      << "\n{\"t\":0}\n{\"end\":{}}\n";
  CHECK(runChronon("replay verify '" + (dir / "typed.replay").string() + "'", out) == 1);
  CHECK(out.find("entrant 1's source does not match its hash") != std::string::npos);
  // `view` titles the page with the entrants' names, of whatever type they are.
  std::ofstream(dir / "named.replay", std::ios::binary)
      << R"({"format":"chronon-replay","version":1,"game":"robowar","entrants":[{"name":5},"x",{"name":"B"}]})"
      << "\n{\"t\":0}\n{\"end\":{}}\n";
  CHECK(runChronon("view '" + (dir / "named.replay").string() + "' -o '" + (dir / "named.html").string() + "'", out) ==
        0);
  CHECK(readFile(dir / "named.html").find("? vs ? vs B") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("names that are not UTF-8 are written as U+FFFD, not a crash", "[replay][cli]") {
  // A robot named after a Latin-1 file name, a side whose #side line is Latin-1 and a robot whose
  // error quotes a Latin-1 token: JSON carries only UTF-8, and each write used to throw.
  const std::filesystem::path top =
      std::filesystem::temp_directory_path() / ("chronon-test-latin1-" + std::to_string(::getpid()));
  const std::filesystem::path dir = top / "robots";
  std::filesystem::remove_all(top);
  std::filesystem::create_directories(dir);
  const std::filesystem::path stdlib = chronon::test::sourceDir() / "stdlib";
  const std::string senor = (dir / "se\xf1or.rtk").string();
  std::filesystem::copy_file(stdlib / "robowar" / "dodger.rtk", senor);
  std::filesystem::copy_file(stdlib / "robowar" / "spinner.rtk", dir / "spinner.rtk");
  std::ofstream(dir / "bad.rtk", std::ios::binary) << "main: \xff\xfe jump\n";
  std::ofstream(top / "side.gb", std::ios::binary)
      << "#side Se\xf1or\n#type T\n#hardware\nprocessor 5\nenergy 10 1\n#code\nmain: sync main& jump\n#end\n";
  std::string out;
  CHECK(runChronon("battle '" + senor + "' '" + (dir / "spinner.rtk").string() + "' --replay '" +
                       (dir / "rw.replay").string() + "'",
                   out) == 0);
  CHECK(runChronon("replay verify '" + (dir / "rw.replay").string() + "'", out) == 0);
  CHECK(out.find("ok,") != std::string::npos);
  std::string error;
  const std::optional<replay::File> recorded = replay::readFile((dir / "rw.replay").string(), error);
  REQUIRE(recorded);
  CHECK(recorded->header["entrants"][0]["name"] == "se\xef\xbf\xbdor");
  CHECK(runChronon("battle '" + (top / "side.gb").string() + "' '" + (stdlib / "grobots" / "algae.gb").string() +
                       "' --frames 50 --replay '" + (top / "gb.replay").string() + "'",
                   out) == 0);
  CHECK(runChronon("replay verify '" + (top / "gb.replay").string() + "'", out) == 0);
  CHECK(out.find("ok,") != std::string::npos);
  // The tournament's plan, its play and its --json carry the names and the left-out robot's message.
  const std::string run = (top / "run").string();
  CHECK(runChronon("tournament '" + dir.string() + "' --duels 1 --groups 0 --out '" + run + "'", out) == 0);
  const std::string plan = readFile(std::filesystem::path(run) / "plan.jsonl");
  CHECK(plan.find("se\xef\xbf\xbdor") != std::string::npos);
  CHECK(plan.find("unknown token '\xef\xbf\xbd\xef\xbf\xbd'") != std::string::npos);
  CHECK(runChronon("tournament play '" + run + "/plan.jsonl'", out) == 0);
  CHECK(out.find("\"record\":\"result\"") != std::string::npos);
  CHECK(runChronon("tournament --resume '" + run + "'", out) == 0);
  CHECK(runChronon("tournament '" + dir.string() + "' --duels 1 --groups 0 --json", out) == 0);
  CHECK(out.find("se\xef\xbf\xbdor") != std::string::npos);
  std::filesystem::remove_all(top);
}

TEST_CASE("header fields of the wrong type count as absent", "[replay]") {
  std::string error;
  CHECK_FALSE(replay::parse(R"({"format":{"a":1},"version":1,"game":"robowar"})"
                            "\n",
                            error));
  CHECK(error == "not a Chronon replay (the header's format is not \"chronon-replay\")");
  CHECK_FALSE(replay::parse(R"({"format":"chronon-replay","version":1,"game":[1]})"
                            "\n",
                            error));
  CHECK(error == "unknown game '' in the header");

  const std::string source = "#side S\n";
  nlohmann::json header = {
      {"entrants",
       {{{"name", "S"}, {"file", "../../s.gb"}, {"source", source}, {"hash", replay::contentHash(source)}}}}};
  std::optional<std::vector<replay::Entrant>> files = replay::entrantFiles(header, error);
  REQUIRE(files);
  REQUIRE(files->size() == 1);
  CHECK((*files)[0].name == "S");
  CHECK((*files)[0].path == "s.gb");  // Never a folder.
  CHECK((*files)[0].bytes == source);
  CHECK(replay::entrantTitle(header) == "S");
  header["entrants"][0]["name"] = 7;
  header["entrants"][0]["file"] = nullptr;
  files = replay::entrantFiles(header, error);
  REQUIRE(files);
  CHECK((*files)[0].name.empty());
  CHECK((*files)[0].path == "entrant");
  header["entrants"][0]["hash"] = 5;
  CHECK_FALSE(replay::entrantFiles(header, error));
  CHECK(error == "entrant 1's source does not match its hash");
  CHECK(replay::entrantTitle(header) == "?");
  header["entrants"][0] = "S";
  CHECK(replay::entrantTitle(header) == "?");
  CHECK_FALSE(replay::entrantFiles(header, error));
  CHECK(error == "entrant 1 is not an object");
  header["entrants"] = nlohmann::json::array();
  CHECK_FALSE(replay::entrantFiles(header, error));
  CHECK(error == "the header lists no entrants");
  CHECK(replay::entrantTitle(header).empty());
  CHECK(replay::entrantTitle(nlohmann::json(3)).empty());
}
