// Object code: the golden format, the corpus's golden bytecode against our assembler, .RWR files,
// and the disassembler's round trip.

#include <catch2/catch.hpp>

#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_disasm.h"
#include "chronon/compiler/robotalk_object_code.h"
#include "chronon/compiler/robotalk_rwr.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace chronon;
using namespace chronon::robotalk;

namespace {

using chronon::test::readFile;

fs::path robowarDir() { return test::sharedDir() / "corpus" / "robowar"; }

std::vector<int16_t> goldenWords(const fs::path& path) {
  const SourceFile file(path.string(), readFile(path));
  ObjectCodeResult read = readObjectCode(file);
  INFO(render(file, read.diagnostics));
  REQUIRE_FALSE(read.diagnostics.hasErrors());
  return read.words;
}

CompileResult compileFile(const fs::path& path, Profile profile = Profile::kRoboWar5) {
  const SourceFile file(path.string(), readFile(path));
  return compile(file, CompileOptions{profile});
}

/// The first index where two word lists differ, for readable failures.
std::string firstDifference(const std::vector<int16_t>& a, const std::vector<int16_t>& b) {
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (a[i] != b[i]) return "index " + std::to_string(i) + ": " + std::to_string(a[i]) + " vs " + std::to_string(b[i]);
  }
  return "sizes " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
}

}  // namespace

TEST_CASE("object code text round-trips and matches the golden layout", "[frontend][object]") {
  std::vector<int16_t> words;
  for (int i = 0; i < 40; ++i) words.push_back(static_cast<int16_t>(i * 997 - 19000));
  words.push_back(20110);
  const std::string text = writeObjectCode(words, "test");
  CHECK(text.rfind("# test\n# 41 instructions (16-bit words), including trailing END (20110).\n", 0) == 0);
  CHECK(text.find("\n00016: ") != std::string::npos);
  CHECK(text.find("\n00032: ") != std::string::npos);
  CHECK(looksLikeObjectCode(text));
  const SourceFile file("t.txt", text);
  ObjectCodeResult back = readObjectCode(file);
  CHECK_FALSE(back.diagnostics.hasErrors());
  CHECK(back.words == words);
}

TEST_CASE("malformed object code gives RT500 with a range", "[frontend][object]") {
  const SourceFile file("bad.txt", "# c\n00000: 1 2 x3\n00005: 4\nnonsense\n00003: 99999\n");
  ObjectCodeResult r = readObjectCode(file);
  REQUIRE(r.diagnostics.errorCount() == 4);
  for (const Diagnostic& d : r.diagnostics.all()) CHECK(d.code == DiagCode::kObjectSyntax);
  CHECK(file.slice(r.diagnostics.all()[0].range) == "x3");
  CHECK(file.slice(r.diagnostics.all()[1].range) == "00005");
  CHECK(file.slice(r.diagnostics.all()[3].range) == "99999");
  CHECK(r.words == std::vector<int16_t>{1, 2, 4});
}

TEST_CASE("every golden bytecode file equals the compile of its source", "[frontend][golden]") {
  CHRONON_REQUIRE_CORPUS();
  const fs::path rw5 = robowarDir() / "rw5-win";
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"5_drop_5", "misc/5_drop_5.txt"},
      {"CHANGER_2", "misc/CHANGER_2.txt"},
      {"Dialectix", "disassembled/Dialectix.txt"},
      {"Half-CensoredUpgrageBot", "misc/Half-CensoredUpgrageBot.txt"},
      {"His_All_Seeing_Eye_III", "disassembled/His_All_Seeing_Eye_III.txt"},
      {"His_All_Seeing_Eye_III_backup", "misc/His_All_Seeing_Eye_III_backup.txt"},
      {"Vortex_v2.2", "misc/Vortex_v2.2.txt"},
      {"Zolad_Alive", "misc/Zolad_Alive.txt"},
      {"tutorial1_Energy", "tutorial1/Energy.txt"},
      {"tutorial1_Missile", "tutorial1/Missile.txt"},
      {"tutorial2_Icon_Changer", "tutorial2/Icon_Changer.txt"},
      {"tutorial2_Nearest_Wall", "tutorial2/Nearest_Wall.txt"},
      {"tutorial2_Rotator", "tutorial2/Rotator.txt"},
  };
  size_t goldenCount = 0;
  for (const auto& entry : fs::directory_iterator(rw5 / "bytecode")) goldenCount += entry.is_regular_file() ? 1 : 0;
  CHECK(goldenCount == pairs.size());
  for (const auto& [golden, source] : pairs) {
    SECTION(golden) {
      const fs::path goldenPath = rw5 / "bytecode" / (golden + ".bytecode.txt");
      const std::vector<int16_t> expected = goldenWords(goldenPath);
      const CompileResult result = compileFile(rw5 / source);
      INFO(source << "\n" << render(SourceFile(source, readFile(rw5 / source)), result.diagnostics));
      REQUIRE_FALSE(result.diagnostics.hasErrors());
      const std::vector<int16_t> got = result.program.words();
      INFO(firstDifference(got, expected));
      CHECK(got == expected);
      // Writing our words with the golden's origin line reproduces the golden file byte for byte.
      const std::string goldenText = readFile(goldenPath);
      const std::string origin = goldenText.substr(2, goldenText.find('\n') - 2);
      CHECK(writeObjectCode(got, origin) == goldenText);
    }
  }
}

TEST_CASE(".RWR files: hardware, code and embedded source", "[frontend][rwr]") {
  CHRONON_REQUIRE_CORPUS();
  const fs::path dir = robowarDir() / "rwr";
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (!isRwrPath(entry.path().string())) continue;
    ++files;
    const std::string name = entry.path().filename().string();
    SECTION(name) {
      Diagnostics diagnostics;
      const auto rwr = readRwrFile(entry.path().string(), diagnostics);
      INFO(name);
      REQUIRE(rwr);
      REQUIRE_FALSE(rwr->code.empty());
      CHECK(rwr->code.back() == static_cast<int16_t>(Op::End));
      const Program program = programFromRwr(*rwr);
      CHECK(program.hardwareDeclared);
      CHECK(program.words() == rwr->code);
      // The machine code equals the compile of the embedded source, unless the author replaced the
      // source (locked robots keep a story or nothing; a locked robot with its real source must match).
      const SourceFile source(name, rwr->source);
      const CompileResult compiled = compile(source, CompileOptions{});
      if (!rwr->locked) {
        INFO(render(source, compiled.diagnostics));
        REQUIRE_FALSE(compiled.diagnostics.hasErrors());
      }
      if (!compiled.diagnostics.hasErrors()) {
        CHECK(compiled.program.words() == rwr->code);
      }
    }
  }
  CHECK(files == 15);
}

TEST_CASE("a robot loads from bytes already read as from the file that held them", "[frontend][load]") {
  const fs::path dir = fs::temp_directory_path() / ("chronon-test-load-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string source = "# twice\nmain: 1 drop main jump\n";
  const std::string object = writeObjectCode(compile(SourceFile("twice.rtk", source), {}).program.words(), "twice");
  const std::string binary("\x01\x00\x02\x03", 4);
  for (const auto& [name, bytes] : {std::pair<std::string, std::string>{"twice.rtk", source},
                                    {"twice.txt", object},
                                    {"junk.rtk", binary},
                                    {"short.rwr", "short"}}) {
    INFO(name);
    const std::string path = (dir / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    const LoadedRobot fromFile = loadRobot(path, {});
    const LoadedRobot fromBytes = loadRobotBytes(path, bytes, {});
    CHECK(fromBytes.kind == fromFile.kind);
    CHECK(fromBytes.hasText == fromFile.hasText);
    CHECK(fromBytes.program.words() == fromFile.program.words());
    CHECK(fromBytes.program.name == fromFile.program.name);
    CHECK(render(fromBytes.file, fromBytes.diagnostics) == render(fromFile.file, fromFile.diagnostics));
    // What loaded is what a plan records; bytes refused as text are not kept.
    CHECK(fromBytes.bytes() == (name == "junk.rtk" ? std::string() : bytes));
  }
  CHECK(loadRobotBytes("twice.txt", object, {}).kind == RobotFileKind::kObjectCode);
  CHECK(loadRobotBytes("twice.rtk", source, {}).hasText);
  CHECK_FALSE(loadRobotBytes("junk.rtk", binary, {}).hasText);
  CHECK(loadRobotBytes("short.rwr", "short", {}).kind == RobotFileKind::kRwr);
  // Bytes over a kind's limit are refused before they are read as that kind.
  const LoadedRobot huge = loadRobotBytes("huge.rtk", std::string(kMaxSourceBytes + 1, ' '), {});
  REQUIRE(huge.diagnostics.hasErrors());
  CHECK(huge.diagnostics.all()[0].code == DiagCode::kFileTooLarge);
  fs::remove_all(dir);
}

TEST_CASE("a folder given as a robot is said to be a folder, not a file of 2^63 bytes", "[frontend][load]") {
  const fs::path dir = fs::temp_directory_path() / ("chronon-test-folder-" + std::to_string(::getpid()));
  fs::create_directories(dir / "robot.rtk");
  for (const fs::path& path : {dir, dir / "robot.rtk"}) {
    INFO(path);
    const LoadedRobot robot = loadRobot(path.string(), {});
    REQUIRE(robot.diagnostics.all().size() == 1);
    CHECK(robot.diagnostics.all()[0].code == DiagCode::kFileUnreadable);
    CHECK(robot.diagnostics.all()[0].message.find("is a folder") != std::string::npos);
    Diagnostics diagnostics;
    CHECK_FALSE(loadSourceFile(path.string(), diagnostics));
    REQUIRE(diagnostics.all().size() == 1);
    CHECK(diagnostics.all()[0].code == DiagCode::kFileUnreadable);
  }
  fs::remove_all(dir);
}

TEST_CASE("an .RWR robot's bytes load as its file does", "[frontend][rwr]") {
  CHRONON_REQUIRE_CORPUS();
  const fs::path path = robowarDir() / "rwr" / "Dialectix.RWR";
  const std::string bytes = readFile(path);
  const LoadedRobot fromFile = loadRobot(path.string(), {});
  const LoadedRobot fromBytes = loadRobotBytes(path.string(), bytes, {});
  REQUIRE_FALSE(fromBytes.diagnostics.hasErrors());
  CHECK(fromBytes.kind == RobotFileKind::kRwr);
  CHECK_FALSE(fromBytes.hasText);
  CHECK(fromBytes.program.words() == fromFile.program.words());
  CHECK(fromBytes.program.hardware == fromFile.program.hardware);
  CHECK(fromBytes.bytes() == bytes);
  CHECK(fromFile.bytes() == bytes);
}

TEST_CASE(".RWR hardware and golden files agree with SOURCES.tsv", "[frontend][rwr]") {
  CHRONON_REQUIRE_CORPUS();
  Diagnostics diagnostics;
  const auto changer = readRwrFile((robowarDir() / "rwr" / "CHANGER_2.RWR").string(), diagnostics);
  REQUIRE(changer);
  CHECK(robowar::describe(changer->hardware) == "energy=150 damage=30 shield=0 cpu=50 bullets=explosive");
  CHECK(changer->code == goldenWords(robowarDir() / "rw5-win" / "bytecode" / "CHANGER_2.bytecode.txt"));
  const auto dialectix = readRwrFile((robowarDir() / "rwr" / "Dialectix.RWR").string(), diagnostics);
  REQUIRE(dialectix);
  CHECK(dialectix->locked);
  CHECK(dialectix->hardware.missiles);
  CHECK(dialectix->code == goldenWords(robowarDir() / "rw5-win" / "bytecode" / "Dialectix.bytecode.txt"));
}

TEST_CASE("truncated and junk .RWR files give RT501, never a crash", "[frontend][rwr][badinput]") {
  std::string header(kRwrHeaderSize, '\0');
  const auto put16 = [&](size_t at, int v) {
    header[at] = static_cast<char>(v & 0xFF);
    header[at + 1] = static_cast<char>((v >> 8) & 0xFF);
  };
  const auto put32 = [&](size_t at, int64_t v) {
    for (int i = 0; i < 4; ++i) header[at + static_cast<size_t>(i)] = static_cast<char>((v >> (8 * i)) & 0xFF);
  };
  put16(0, 100);
  put16(2, 100);
  put16(4, 0);
  header[6] = 15;
  header[9] = 1;
  Diagnostics d;
  // A valid minimal file: one END word (20110 = 0x4E8E, little-endian), empty source.
  put32(111, kRwrHeaderSize + 1);
  put32(115, kRwrHeaderSize + 3);
  const std::string file = header + std::string("\x8e\x4e", 2);
  auto ok = parseRwr(file, "ok", d);
  REQUIRE(ok);
  CHECK(ok->code == std::vector<int16_t>{20110});
  CHECK(ok->source.empty());
  for (size_t cut = 0; cut < file.size(); ++cut) {
    Diagnostics local;
    const auto r = parseRwr(std::string_view(file).substr(0, cut), "cut", local);
    CHECK_FALSE(r);
    CHECK(local.hasErrors());
  }
  // Offsets pointing outside, backwards or odd lengths.
  for (const auto& [code, text] : std::vector<std::pair<int64_t, int64_t>>{{-5, 10},
                                                                           {1, 2},
                                                                           {kRwrHeaderSize + 1, kRwrHeaderSize + 2},
                                                                           {kRwrHeaderSize + 3, kRwrHeaderSize + 1},
                                                                           {2000000000, 2000000002},
                                                                           {kRwrHeaderSize + 1, 99999}}) {
    put32(111, code);
    put32(115, text);
    Diagnostics local;
    CHECK_FALSE(parseRwr(header + std::string("\x8e\x4e", 2), "bad", local));
    CHECK(local.all().front().code == DiagCode::kRwrMalformed);
  }
  // Random junk of many sizes.
  uint32_t seed = 12345;
  for (int n = 0; n < 200; ++n) {
    std::string junk(static_cast<size_t>(n * 7), '\0');
    for (char& c : junk) {
      seed = seed * 1103515245u + 12345u;
      c = static_cast<char>(seed >> 24);
    }
    Diagnostics local;
    const auto r = parseRwr(junk, "junk", local);
    CHECK((r.has_value() || local.hasErrors()));
  }
}

TEST_CASE("disassembly re-assembles to the same words", "[frontend][disasm]") {
  CHRONON_REQUIRE_CORPUS();
  for (const auto& entry : fs::directory_iterator(robowarDir() / "rw5-win" / "bytecode")) {
    const std::vector<int16_t> words = goldenWords(entry.path());
    const Program program = programFromWords(words, entry.path().stem().string());
    for (const DisasmMode mode : {DisasmMode::kSource}) {
      const std::string text = disassemble(program, mode);
      const SourceFile file("disasm.rtk", text);
      const CompileResult again = compile(file, CompileOptions{});
      INFO(entry.path().filename().string() << "\n" << render(file, again.diagnostics));
      REQUIRE_FALSE(again.diagnostics.hasErrors());
      CHECK(again.program.words() == words);
    }
    // A listing has one line per word (plus label lines).
    const std::string listing = disassemble(program, DisasmMode::kListing);
    CHECK(static_cast<size_t>(std::count(listing.begin(), listing.end(), '\n')) >= words.size());
  }
  // From source, with the source's label names, including labels that shadow registers.
  const fs::path changer = robowarDir() / "rw5-win" / "misc" / "CHANGER_2.txt";
  const CompileResult compiled = compileFile(changer);
  REQUIRE_FALSE(compiled.diagnostics.hasErrors());
  const std::string text = disassemble(compiled.program, DisasmMode::kSource);
  CHECK(text.find("TOP:") != std::string::npos);
  const CompileResult again = compile(SourceFile("again.rtk", text), CompileOptions{});
  REQUIRE_FALSE(again.diagnostics.hasErrors());
  CHECK(again.program.words() == compiled.program.words());
}

TEST_CASE("recovered labels name jump targets", "[frontend][disasm]") {
  const CompileResult r = compile(SourceFile("t", "a: 1 b ifg a jump b: 2 a' 3 c c' setint c: rti"), CompileOptions{});
  REQUIRE_FALSE(r.diagnostics.hasErrors());
  const Program bare = programFromWords(r.program.words(), "bare");
  const auto names = labelNames(bare);
  CHECK(names.count(0));
  CHECK(names.count(5));
  CHECK(names.at(5) == "L5");
  const std::string listing = disassemble(r.program, DisasmMode::kListing);
  CHECK(listing.find("00001       5  b\n") != std::string::npos);
}
