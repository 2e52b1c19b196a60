// The Grobocode JIT (vm/jit) against the interpreter: identical brain states and host records after
// every frame for every corpus side that loads, identical Grobots rounds, and bad programs (stack,
// return stack, jumps, memory) under both engines. CHRONON_JIT_FULL=1 (bench/differential.sh) runs
// every corpus side through the rounds too; otherwise a sample keeps the test quick.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/arena/grobots_world.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/jit/grobocode_jit.h"
#include "chronon/jit/jit.h"
#include "chronon/vm/grobocode_engine.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "chronon/vm/grobocode_semantics.h"
#include "chronon/vm/grobocode_test_host.h"
#include "test_grobocode_support.h"
#include "test_support.h"

namespace {

using chronon::SourceFile;
namespace gc = chronon::grobocode;
namespace gb = chronon::arena::grobots;
using chronon::jit::GrobocodeJit;

// A JIT with `options`; the test stops, saying why, when LLVM cannot make one.
std::unique_ptr<GrobocodeJit> makeJit(const chronon::jit::JitOptions& options = {}) {
  std::string reason;
  std::unique_ptr<GrobocodeJit> made = GrobocodeJit::create(reason, options);
  INFO(reason);
  REQUIRE(made != nullptr);
  return made;
}

// One JIT for the whole test binary, as a tournament would share one.
GrobocodeJit& theJit() {
  static const std::unique_ptr<GrobocodeJit> jit = makeJit();
  return *jit;
}

// The same at level 2, whose code keeps the state's counters in registers across blocks (a lowering
// of its own, grobocode_lower.cpp).
GrobocodeJit& theJitO2() {
  static const std::unique_ptr<GrobocodeJit> jit = [] {
    chronon::jit::JitOptions options;
    options.optimization = 2;
    return makeJit(options);
  }();
  return *jit;
}

bool fullRun() {
  const char* full = std::getenv("CHRONON_JIT_FULL");
  return full != nullptr && std::string(full) == "1";
}

// Everything the test host recorded.
void requireSameHost(const gc::GrobocodeTestHost& a, const gc::GrobocodeTestHost& b) {
  REQUIRE(a.reads == b.reads);
  REQUIRE(a.scalarWrites.size() == b.scalarWrites.size());
  for (size_t i = 0; i < a.scalarWrites.size(); ++i) {
    REQUIRE(a.scalarWrites[i].hw == b.scalarWrites[i].hw);
    REQUIRE(a.scalarWrites[i].value == b.scalarWrites[i].value);
  }
  REQUIRE(a.vectorWrites.size() == b.vectorWrites.size());
  for (size_t i = 0; i < a.vectorWrites.size(); ++i) {
    REQUIRE(a.vectorWrites[i].hw == b.vectorWrites[i].hw);
    REQUIRE(a.vectorWrites[i].value == b.vectorWrites[i].value);
  }
  REQUIRE(a.calls.size() == b.calls.size());
  for (size_t i = 0; i < a.calls.size(); ++i) {
    REQUIRE(a.calls[i].prim == b.calls[i].prim);
    REQUIRE(a.calls[i].inputs == b.calls[i].inputs);
  }
  REQUIRE(a.printed == b.printed);
  REQUIRE(a.shared == b.shared);
  REQUIRE(a.channels == b.channels);
  REQUIRE(a.generator.state() == b.generator.state());
  REQUIRE(a.beeps == b.beeps);
  REQUIRE(a.pauses == b.pauses);
  REQUIRE(a.instructionsThought == b.instructionsThought);
}

// The processor's speed and memory of a type (its last processor line, §6.3).
void processorOf(const gc::Type& type, int32_t& speed, int32_t& memory) {
  speed = 0;
  memory = 0;
  for (const gc::HardwareItem& item : type.hardware) {
    if (item.component != gc::Component::kProcessor) continue;
    speed = !item.arguments.empty() ? item.arguments[0] : 0;
    memory = item.arguments.size() > 1 ? item.arguments[1] : 0;
  }
}

// One brain run by the interpreter and by a JIT side by side, each on a test host of its own
// (seeded alike) and a fresh state with `memory` cells of local memory.
struct SideBySide {
  SideBySide(const gc::Program& b, int32_t seed, int32_t memory)
      : brain(b),
        hostI(seed),
        hostJ(seed),
        stateI(gc::makeBrainState(b, memory)),
        stateJ(gc::makeBrainState(b, memory)) {}

  // Sets both hosts up alike.
  template <typename F>
  void eachHost(F setUp) {
    setUp(hostI);
    setUp(hostJ);
  }
  // One think of `speed` cycles under each engine: the same instruction count, then the same brain
  // state and host record, or the test stops. Returns the count.
  int32_t think(GrobocodeJit& jit, int32_t speed) {
    const int32_t doneI = gc::interpreterEngine().think(stateI, brain, hostI, speed);
    REQUIRE(doneI == jit.think(stateJ, brain, hostJ, speed));
    chronon::test::requireSameBrainState(stateI, stateJ);
    requireSameHost(hostI, hostJ);
    return doneI;
  }
  // Whether the brain still runs.
  bool running() const { return stateI.status == gc::BrainStatus::kOk; }

  const gc::Program& brain;
  gc::GrobocodeTestHost hostI;
  gc::GrobocodeTestHost hostJ;
  gc::MachineState stateI;
  gc::MachineState stateJ;
};

// Runs `brain` for `frames` Thinks of `speed` cycles under both engines on fresh test hosts and
// compares everything after every frame. Returns the instructions executed.
int64_t compareBrain(const gc::Program& brain, const gc::Type* type, int32_t speed, int32_t memory, int32_t frames,
                     int32_t seed = 7, GrobocodeJit& jit = theJit()) {
  SideBySide run(brain, seed, memory);
  if (type != nullptr) {
    const int64_t mass = type->cost ? type->cost->mass : 0;
    run.eachHost([&](gc::GrobocodeTestHost& host) { host.serveType(gc::hardwareSpec(*type), mass); });
  }
  int64_t executed = 0;
  for (int32_t frame = 0; frame < frames && run.running(); ++frame) {
    INFO("frame " << frame);
    executed += run.think(jit, speed);
  }
  return executed;
}

gc::SideResult compileText(const std::string& name, const std::string& text) {
  return gc::compileSide(SourceFile(name, text));
}

// A one-type side around `code` (processor 1000 cycles, `memory` cells).
gc::SideResult probe(const std::string& code, int32_t memory = 10) {
  return compileText("probe.gb", "#side Tests\n#type Probe\n#hardware\nprocessor 1000 " + std::to_string(memory) +
                                     "\n#code\n" + code + "\n#end\n");
}

// Runs `code` under both engines (the JIT at levels 1 and 2) with several budgets and checks that
// they agree; returns the interpreter's final state for further checks.
gc::MachineState compareCode(const std::string& code, int32_t frames = 4, int32_t memory = 10) {
  INFO(code);
  const gc::SideResult side = probe(code, memory);
  REQUIRE(side.loaded());
  const gc::Program& brain = *side.side.types.at(0).brain;
  for (GrobocodeJit* jit : {&theJit(), &theJitO2()}) {
    INFO("level " << (jit == &theJit() ? 1 : 2));
    for (const int32_t speed : {1, 2, 3, 5, 7, 13, 50, 1000}) {
      INFO("speed " << speed);
      compareBrain(brain, nullptr, speed, memory, frames * (speed < 50 ? 40 : 1), 7, *jit);
    }
  }
  gc::GrobocodeTestHost host(7);
  gc::MachineState state = gc::makeBrainState(brain, memory);
  for (int32_t f = 0; f < frames; ++f) gc::think(state, brain, host, 1000);
  return state;
}

std::vector<std::filesystem::path> corpusSides() {
  std::vector<std::filesystem::path> paths;
  const std::filesystem::path dir = chronon::test::sharedDir() / "corpus" / "grobots";
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return paths;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".gb" || ext == ".GB") paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

using chronon::test::readFile;

}  // namespace

TEST_CASE("the JIT compiles brains once per distinct program", "[jit]") {
  const gc::SideResult a = probe("1 2 + drop");
  const gc::SideResult b = probe("1 2 + drop");
  const gc::SideResult c = probe("1 3 + drop");
  const auto before = theJit().stats();
  REQUIRE(theJit().prepare(*a.side.types[0].brain, "a"));
  REQUIRE(theJit().prepare(*b.side.types[0].brain, "b"));
  REQUIRE(theJit().prepare(*c.side.types[0].brain, "c"));
  const auto after = theJit().stats();
  CHECK(chronon::jit::brainHash(*a.side.types[0].brain) == chronon::jit::brainHash(*b.side.types[0].brain));
  CHECK(chronon::jit::brainHash(*a.side.types[0].brain) != chronon::jit::brainHash(*c.side.types[0].brain));
  // a and c may have been compiled by an earlier test case; b is always a hit after a.
  CHECK(after.cacheHits >= before.cacheHits + 1);
  CHECK(after.records.size() <= before.records.size() + 2);
}

TEST_CASE("Grobocode JIT keeps compiled code on disk: a fresh JIT and a later process load it", "[jit][cache]") {
  namespace fs = std::filesystem;
  const std::string before = chronon::jit::objectCacheFolder();
  const fs::path folder = fs::temp_directory_path() / ("chronon-grobocode-cache-test-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  REQUIRE(chronon::jit::setObjectCacheFolder(folder.string()));
  // Pure words (sqrt, max, dist) are calls into this process: the cached code must find them by
  // name, wherever a later process has them. The seed makes the program one no other test compiles.
  const std::string seed = std::to_string(::getpid() % 100000);
  const std::string code =
      "#vector p 3 4\n#var x " + seed + "\nloop: x sqrt 3 max x! p 0 0 dist x + x! x print p -1 vs* p! sync loop& jump";
  const gc::SideResult side = probe(code);
  REQUIRE(side.loaded());
  const gc::Program& brain = *side.side.types.at(0).brain;
  const auto objects = [&] {
    size_t found = 0;
    for (const auto& entry : fs::directory_iterator(folder)) found += entry.path().extension() == ".o" ? 1 : 0;
    return found;
  };
  const chronon::jit::ObjectCacheCounts start = chronon::jit::objectCacheCounts();
  // The first JIT compiles the brain and keeps its object.
  {
    const std::unique_ptr<GrobocodeJit> first = makeJit();
    REQUIRE(first->prepare(brain, "cached"));
    CHECK(compareBrain(brain, nullptr, 7, 10, 30, 7, *first) > 100);
  }
  CHECK(chronon::jit::objectCacheCounts().writes == start.writes + 1);
  CHECK(chronon::jit::objectCacheCounts().hits == start.hits);
  REQUIRE(objects() == 1);
  // A second JIT links that object instead of compiling, and runs the same.
  {
    const std::unique_ptr<GrobocodeJit> second = makeJit();
    REQUIRE(second->prepare(brain, "cached"));
    CHECK(compareBrain(brain, nullptr, 7, 10, 30, 7, *second) > 100);
  }
  CHECK(chronon::jit::objectCacheCounts().hits == start.hits + 1);
  CHECK(chronon::jit::objectCacheCounts().writes == start.writes + 1);
  // A damaged file is compiled again and replaced.
  for (const auto& entry : fs::directory_iterator(folder)) {
    std::ofstream junk(entry.path(), std::ios::binary | std::ios::trunc);
    junk << "chronon jit object 1\nnot an object";
  }
  {
    const std::unique_ptr<GrobocodeJit> third = makeJit();
    REQUIRE(third->prepare(brain, "cached"));
    CHECK(compareBrain(brain, nullptr, 7, 10, 30, 7, *third) > 100);
  }
  CHECK(chronon::jit::objectCacheCounts().hits == start.hits + 1);
  CHECK(chronon::jit::objectCacheCounts().writes == start.writes + 2);
  REQUIRE(objects() == 1);
  chronon::jit::setObjectCacheFolder(before);

  // Runs of the command line, whose JIT is the same library as this test's (docs/jit.md "Loading the
  // JIT"), so the same program key: the first loads what this process wrote; from an empty folder,
  // the next writes it and the last, whose functions sit at other addresses again, loads that. Each
  // prints what the interpreter prints.
  const fs::path sideFile = folder / "cached.gb";
  std::ofstream(sideFile) << "#side Cached\n#type Probe\n#hardware\nprocessor 20 10\nenergy 100 0\n#code\n"
                          << code << "\n#end\n";
  const fs::path outputs = fs::temp_directory_path() / ("chronon-jit-cache-runs-" + std::to_string(::getpid()));
  fs::create_directories(outputs);
  const auto chronon = [&](const std::string& args, const std::string& to) {
    const std::string command = "CHRONON_JIT_CACHE='" + folder.string() + "' '" +
                                chronon::test::chrononBinary().string() + "' run '" + sideFile.string() + "' " + args +
                                " > '" + (outputs / to).string() + "' 2>&1";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  REQUIRE(chronon("--frames 40", "interpreter.txt") == 0);
  REQUIRE(chronon("--frames 40 --engine jit --stats", "shared.txt") == 0);
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.path().extension() == ".o") fs::remove(entry.path());
  REQUIRE(objects() == 0);
  REQUIRE(chronon("--frames 40 --engine jit --stats", "first.txt") == 0);
  REQUIRE(chronon("--frames 40 --engine jit --stats", "second.txt") == 0);
  const std::string interpreted = readFile(outputs / "interpreter.txt");
  const std::string shared = readFile(outputs / "shared.txt");
  const std::string first = readFile(outputs / "first.txt");
  const std::string second = readFile(outputs / "second.txt");
  INFO(shared << "\n--- first ---\n" << first << "\n--- second ---\n" << second);
  CHECK(interpreted.find("prints:") != std::string::npos);
  CHECK(shared.find("1 objects loaded from and 0 written to") != std::string::npos);
  CHECK(first.find("0 objects loaded from and 1 written to") != std::string::npos);
  CHECK(second.find("1 objects loaded from and 0 written to") != std::string::npos);
  // The prints come first; the statistics follow on stderr.
  CHECK(shared.substr(0, interpreted.size()) == interpreted);
  CHECK(first.substr(0, interpreted.size()) == interpreted);
  CHECK(second.substr(0, interpreted.size()) == interpreted);
  fs::remove_all(outputs);
  fs::remove_all(folder);
}

TEST_CASE("the JIT's library is loaded only for a JIT; without it the interpreter runs", "[jit][cli]") {
  namespace fs = std::filesystem;
  const fs::path folder = fs::temp_directory_path() / ("chronon-jit-load-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  const fs::path robots = chronon::test::sourceDir() / "stdlib" / "robowar";
  struct Run {
    int status = -1;
    std::string out;
    std::string err;
  };
  // `chronon battle` of two bundled robots, with `environment` set; LD_DEBUG=files makes the dynamic
  // loader name on stderr every library the process loads.
  const auto battle = [&](const std::string& environment, const std::string& engine) {
    const std::string command = environment + " LD_DEBUG=files '" + chronon::test::chrononBinary().string() +
                                "' battle '" + (robots / "dodger.rtk").string() + "' '" +
                                (robots / "spinner.rtk").string() + "' --engine " + engine + " > '" +
                                (folder / "out.txt").string() + "' 2> '" + (folder / "err.txt").string() + "'";
    const int status = std::system(command.c_str());
    return Run{WIFEXITED(status) ? WEXITSTATUS(status) : -1, readFile(folder / "out.txt"),
               readFile(folder / "err.txt")};
  };
  const Run interpreted = battle("", "interp");
  REQUIRE(interpreted.status == 0);
  REQUIRE(interpreted.out.find("battle: seed 1,") != std::string::npos);
  CHECK(interpreted.err.find("chronon-jit.so") == std::string::npos);
  CHECK(interpreted.err.find("libLLVM") == std::string::npos);

  const Run native = battle("CHRONON_JIT_CACHE=off", "jit");
  CHECK(native.status == 0);
  CHECK(native.out == interpreted.out);
  CHECK(native.err.find("chronon-jit.so") != std::string::npos);
  // LLVM is linked into the JIT's library (CHRONON_LLVM_STATIC, the default) or loaded with it.
  CHECK((native.err.find("libLLVM") != std::string::npos) == (CHRONON_LLVM_STATIC == 0));
  CHECK(native.err.find("the JIT is not available") == std::string::npos);

  // No library where CHRONON_JIT_LIBRARY points: a note, and the interpreter's battle.
  const Run missing = battle("CHRONON_JIT_LIBRARY='" + (folder / "nowhere.so").string() + "'", "jit");
  CHECK(missing.status == 0);
  CHECK(missing.out == interpreted.out);
  CHECK(missing.err.find("the JIT is not available (no chronon-jit.so at " + (folder / "nowhere.so").string() +
                         "); the interpreter runs every robot") != std::string::npos);
  CHECK(missing.err.find("libLLVM") == std::string::npos);

  // A library that is not the JIT's (zlib, which the program links): refused by name.
  std::string zlib;
  {
    std::ifstream maps("/proc/self/maps");
    for (std::string line; zlib.empty() && std::getline(maps, line);) {
      if (const size_t at = line.find('/'); at != std::string::npos && line.find("/libz.so") != std::string::npos)
        zlib = line.substr(at);
    }
  }
  REQUIRE(!zlib.empty());
  const Run foreign = battle("CHRONON_JIT_LIBRARY='" + zlib + "'", "jit");
  CHECK(foreign.status == 0);
  CHECK(foreign.out == interpreted.out);
  CHECK(foreign.err.find(zlib + " is not Chronon's JIT library (it has no chrononJitBackend)") != std::string::npos);

  // A file that is no library at all.
  std::ofstream(folder / "junk.so") << "not a shared object";
  const Run junk = battle("CHRONON_JIT_LIBRARY='" + (folder / "junk.so").string() + "'", "jit");
  CHECK(junk.status == 0);
  CHECK(junk.out == interpreted.out);
  CHECK(junk.err.find("the JIT is not available (cannot load " + (folder / "junk.so").string() + ": ") !=
        std::string::npos);
  fs::remove_all(folder);
}

TEST_CASE("JIT and interpreter agree on arithmetic, stack words and branches", "[jit]") {
  compareCode("1 2 + 3 * 4 - negate print 7 2 / print -7 2 / print 5 0 max -5 min abs print");
  compareCode("1.5 2.25 * print 0.001 0.001 * print -3 signum print 2.5 is-integer print 3 is-integer print");
  compareCode("1 2 3 rot print print print 1 2 3 rrot print print print 1 2 swap - print");
  compareCode("1 2 3 4 2swap - - - print 1 2 2dup + + + print 1 2 over tuck nip + + + print");
  compareCode("1 2 3 4 2over + + + + + print stack print stack-limit print 5 dup dup 2drop drop");
  compareCode(
      "1 2 = 1 1 = 1 2 <> 1 2 < 2 1 > 1 1 <= 1 2 >= 0 not 1 0 and 1 0 or 1 1 xor 1 1 nand 0 0 nor "
      "+ + + + + + + + + + + + print");
  compareCode(
      "1 2 3 ifev print 0 2 3 ifev print 1 2 3 4 v+ vprint 1 2 3 4 v- vprint 1 2 vnegate vprint "
      "1 2 1 2 v= print 1 2 1 3 v<> print pi 2pi pi/2 e epsilon infinity + + + + + print");
  compareCode("#var x 5\n#vector v 1 2\nx 1 + x! v 3 4 v+ v! x print v vprint");
  compareCode("0 loop: 1 + dup 30 < loop& ifg print");
  compareCode("10 sub& call print 20 sub^ print 3 sub& 0 ifc 4 sub& 1 nifc print print sync stop sub: 1 + return");
  compareCode("1 yes& no& ifeg no: 100 print stop yes: 200 print 0 yes2& no& ifec stop yes2: 7 print return");
  compareCode("5 f^ print stop f: dup 1 > ifr drop 99 0 nifr");
  compareCode("5 >r 7 >r r> r> + print rdrop");
  compareCode("#var n 0\nloop: n 1 + n! n 100 < loop& ifg n print sync loop& jump");
  compareCode("1 2 3 4 5 6 7 8 9 10 6 dropn -3 dropn + print 3 pick print");
  // Local memory: the first store allocates (the interpreter's), later ones run inline.
  compareCode(
      "#var i 1\n3 load print 7 1 store loop: i 2 * i store i load i + print i 1 + i! i 10 <= loop& ifg "
      "10 load print 1 load print");
  compareCode("1 2 vstore 1 vload vprint 4 5 store 5 load 4 load + print");
  // Hardware reads, writes and calls inside blocks: the interpreter runs each one mid-block.
  compareCode(
      "time print 1 2 engine-velocity! engine-velocity vprint 3 engine-power! engine-power print "
      "position vprint 5 sqrt print 2 random drop 1 2 dist print energy 1 + print");
}

TEST_CASE("JIT leaves a brain whose code addresses are not all numbers to the interpreter", "[jit]") {
  // Past kMaxInteger + 1 instructions a return address is no number: r> pops it, then fails to push
  // it (grobocode_semantics.def), which native code could not undo; the interpreter runs such a
  // brain whole (planBrain).
  // f comes first, so that its address is a number; the run starts at the call.
  std::string code = "f: r> print stop\n";
  for (int32_t i = 0; i <= chronon::grobots::Fixed::kMaxInteger; ++i) code += "nop\n";
  code += "f^ stop\n";
  const gc::SideResult side = probe(code);
  REQUIRE(side.loaded());
  const gc::Program& brain = *side.side.types.at(0).brain;
  REQUIRE(brain.instructions.size() > static_cast<size_t>(chronon::grobots::Fixed::kMaxInteger) + 1);
  int32_t call = -1;
  for (size_t i = 0; i < brain.instructions.size() && call < 0; ++i)
    if (brain.instructions[i].type() == static_cast<int>(gc::InstructionType::kLabelCall))
      call = static_cast<int32_t>(i);
  REQUIRE(call > chronon::grobots::Fixed::kMaxInteger);
  // A JIT that would compile a brain this long (the default stops at 65,536 instructions).
  chronon::jit::JitOptions options;
  options.maxInstructions = 1 << 20;
  const std::unique_ptr<GrobocodeJit> jit = makeJit(options);
  SideBySide run(brain, 7, 10);
  run.stateI.pc = run.stateJ.pc = call;
  for (int32_t frame = 0; frame < 3 && run.running(); ++frame) run.think(*jit, 1000);
  CHECK(run.stateJ.status == gc::BrainStatus::kError);
  CHECK(run.stateJ.errorPc == 0);
  CHECK(run.stateJ.errorMessage == "arithmetic overflow");
  CHECK(run.stateJ.returnHeight == 0);
  // No block of it is native code.
  bool recorded = false;
  for (const chronon::jit::CompileRecord& record : jit->stats().records) {
    if (record.instructions != static_cast<int32_t>(brain.instructions.size())) continue;
    recorded = true;
    CHECK(record.blocks == 0);
  }
  CHECK(recorded);
}

TEST_CASE("JIT and interpreter agree on every runtime error", "[jit]") {
  // Each stops the brain; both engines must stop at the same instruction with the same message.
  const char* const programs[] = {
      "drop",                     // stack underflow
      "1 2 + + ",                 // underflow mid-block
      "loop: 1 loop& jump",       // stack overflow
      "1 2 swap 3 rot",           // underflow in rot
      "1 0 /",                    // division by zero
      "400000 400000 *",          // arithmetic overflow
      "infinity square",          // overflow in square
      "99999 jump",               // invalid address
      "1.5 jump",                 // not an integer
      "-1 call",                  // invalid address via call
      "1 99999 ifg",              // taken conditional to a bad address
      "0 99999 ifg 1 print",      // not taken: no error
      "1 2 99999 ifeg",           // bad address via ifeg
      "return",                   // return stack underflow
      "1 ifr",                    // conditional return underflow
      "rdrop",                    // rdrop underflow
      "r>",                       // r> underflow
      "1.5 >r",                   // >r not an integer
      "f: f& call",               // return stack overflow through call
      "g: g^",                    // return stack overflow through a label call
      "11 load",                  // memory index out of range
      "1 1 store 11 load",        // out of range after the first store allocated the memory
      "1 1 store 2 0 store",      // store to cell 0 after allocation
      "1 1 store 1.5 load",       // not an integer after allocation
      "1 2 + time 0 / 5",         // error in a block after a hardware read
      "1 engine-power! 2 1 0 /",  // error after a hardware write in the same block
      "0 load",                   // memory index 0
      "5 1.5 store",              // memory index not an integer
      "5 10 vstore",              // partial vector store
      "1 2000 write",             // shared memory out of range
      "1 2 3 4 5 -90 dropn",      // dropn past the limit
      "1 2 3 10 dropn",           // dropn more than the stack
      "0 pick",                   // pick below 1
      "5 pick",                   // pick underflow
      "subswap",                  // unimplemented
      "",                         // falls off the end
  };
  for (const char* code : programs) {
    const gc::MachineState state = compareCode(code);
    INFO(code);
    CHECK((state.status == gc::BrainStatus::kError || std::string(code) == "0 99999 ifg 1 print"));
  }
}

TEST_CASE("JIT direct calls: pure words, shared memory and hardware errors match the interpreter", "[jit]") {
  // Pure words run natively through their table (dot inline); an error sends the word back to the
  // interpreter.
  for (const char* code :
       {"2 sqrt print -1 sqrt", "3 4 norm print 3 4 angle print 1 2 3 4 dist print 1 0 reciprocal",
        "1 2 3 vs* vprint 1 2 0.5 vs/ vprint 1 2 0 vs/", "400000 400000 3 vs* vprint",
        "0 0 3 4 5 in-range print 0 0 3 4 4.9 in-range print 7 3 mod print -7 3 rem print 1 0 mod",
        "3 4 rect-to-polar vprint 5 1 polar-to-rect vprint 1 2 3 4 dot print 1 2 3 4 cross print",
        "1 2 3 4 project vprint 3 4 unitize vprint 1 0 0 1 rotate-to vprint 1 0 0 1 rotate-from vprint",
        "2.5 floor print 2.5 ceiling print -2.5 round print 7 reorient print 1 sin 1 cos 1 tan print "
        "print print 0.5 arcsin 0.5 arccos 1 arctan print print print 2 10 exponent print 0 -1 exponent",
        "infinity 2 * 5 rect-to-polar",
        // dot is inline: its sum wraps, and either product's overflow is the interpreter's error.
        "180 180 180 180 dot print 1 200 1 200 dot", "200 1 200 1 dot"}) {
    const gc::MachineState state = compareCode(code);
    INFO(code);
    CHECK(state.status == gc::BrainStatus::kError);
  }
  // Shared memory inline: good addresses natively, bad ones (and vwrite's partial write) in the
  // interpreter.
  for (const char* code : {"5 1 write 1 read print 1 2 999 vwrite 999 vread vprint 6 1000 write 1000 read print",
                           "1 1000 vread", "1 2 1000 vwrite", "1 2 0 vwrite", "1.5 read", "1 0 write", "0 vread"}) {
    const gc::MachineState state = compareCode(code);
    INFO(code);
    CHECK(state.status == gc::BrainStatus::kError);
  }
  // Host errors on direct hardware calls: the same message (naming a fractional written value),
  // errorPc and writes, and each variable read exactly once.
  const gc::SideResult side = probe(
      "time print 1 2 + engine-power print 3 engine-power! 1.5 constructor-type! 4 5 engine-velocity! "
      "position vprint velocity vprint 1 print");
  REQUIRE(side.loaded());
  const gc::Program& brain = *side.side.types.at(0).brain;
  const auto failWith = [](size_t k, gc::GrobocodeTestHost& host) {
    switch (k) {
      case 0: host.scalarErrors[gc::HwScalar::EnginePower] = gc::RuntimeError::kArithmeticOverflow; return;
      case 1: host.scalarErrors[gc::HwScalar::ConstructorType] = gc::RuntimeError::kNotInteger; return;
      case 2: host.vectorErrors[gc::HwVector::EngineVelocity] = gc::RuntimeError::kIndexOutOfRange; return;
      case 3: host.vectorErrors[gc::HwVector::Position] = gc::RuntimeError::kArithmeticOverflow; return;
    }
  };
  for (size_t k = 0; k < 4; ++k) {
    INFO("case " << k);
    for (const int32_t speed : {1, 2, 5, 1000}) {
      SideBySide run(brain, 3, 10);
      run.eachHost([&](gc::GrobocodeTestHost& host) { failWith(k, host); });
      for (int32_t frame = 0; frame < 40 && run.running(); ++frame) run.think(theJit(), speed);
      CHECK(run.stateI.status == gc::BrainStatus::kError);
      if (k == 1) CHECK(run.stateI.errorMessage.find("1.5") != std::string::npos);
    }
  }
}

TEST_CASE("JIT direct host words: one-call words and periodic sensors match the interpreter", "[jit]") {
  // The words that are one host call, and the periodic sensors, run natively as one direct call;
  // a host error stops the brain with the interpreter's message and errorPc, and a firing periodic
  // sensor ends the think. The last line skips 0.5 messages, an error.
  const gc::SideResult side = probe(
      "#var n 0\n"
      "loop: 1 messages print 2 3 skip-messages 4 clear-messages fire-robot-sensor 2 type-population print\n"
      "3 periodic-robot-sensor print n 1 + n! n 2 periodic-food-sensor print 4 periodic-shot-sensor drop\n"
      "n 12 < loop& ifg 0.5 2 skip-messages 11 messages");
  REQUIRE(side.loaded());
  const gc::Program& brain = *side.side.types.at(0).brain;
  for (const bool fires : {false, true}) {
    for (const int32_t speed : {1, 3, 7, 40}) {
      INFO("fires " << fires << ", speed " << speed);
      SideBySide run(brain, 3, 10);
      run.eachHost([&](gc::GrobocodeTestHost& host) {
        using chronon::grobots::Fixed;
        const std::vector<Fixed> flag{fires ? Fixed::fromRaw(Fixed::kOneRaw) : Fixed{}};
        host.outputs[gc::Prim::PeriodicRobotSensor] = flag;
        host.outputs[gc::Prim::PeriodicFoodSensor] = flag;
        host.outputs[gc::Prim::TypePopulation] = {Fixed::fromRaw(7 * Fixed::kOneRaw)};
      });
      int32_t frames = 0;
      for (; frames < 1000 && run.running(); ++frames) run.think(theJit(), speed);
      CHECK(frames < 1000);
      CHECK(run.stateI.status == gc::BrainStatus::kError);
      CHECK(run.stateI.errorMessage.find("0.5") != std::string::npos);
    }
  }
}

TEST_CASE("JIT compiling in the background behaves as the interpreter meanwhile and after", "[jit]") {
  chronon::jit::JitOptions options;
  options.background = true;
  // Hot after 300 native instructions: the brain is compiled again at level 2 mid-run.
  options.hotInstructions = 300;
  const std::unique_ptr<GrobocodeJit> jit = makeJit(options);
  const gc::SideResult side =
      probe("#var n 0\nloop: n 1 + n! n 7 * 3 store 3 load print time drop sync loop& jump", 10);
  REQUIRE(side.loaded());
  const gc::Program& brain = *side.side.types.at(0).brain;
  REQUIRE(jit->prepare(brain, "probe"));  // Queued: true even before the compile ran.
  SideBySide run(brain, 3, 10);
  for (int32_t frame = 0; frame < 200; ++frame) {
    // Make sure the level-1 code, then the level-2 code, is in use for the rest.
    if (frame == 50 || frame == 150) jit->waitIdle();
    INFO("frame " << frame);
    run.think(*jit, 9);
  }
  const chronon::jit::JitStats stats = jit->stats();
  REQUIRE(stats.records.size() == 2);
  CHECK(stats.records[0].compiled);
  CHECK(stats.records[0].name == "probe");
  CHECK(stats.records[0].optimization == 1);
  CHECK(stats.records[1].compiled);
  CHECK(stats.records[1].optimization == 2);
  CHECK(stats.queued == 0);
}

TEST_CASE("JIT warming up leaves a brain to the interpreter until it has run a while", "[jit]") {
  chronon::jit::JitOptions options;
  options.background = true;
  options.warmInstructionsPerInstruction = 4;
  const std::unique_ptr<GrobocodeJit> jit = makeJit(options);
  const gc::SideResult side = probe("#var n 0\nloop: n 1 + n! n 3 store 3 load print sync loop& jump", 10);
  REQUIRE(side.loaded());
  const gc::Program& brain = *side.side.types.at(0).brain;
  REQUIRE(jit->prepare(brain, "probe"));
  const int64_t threshold = 4 * static_cast<int64_t>(brain.instructions.size());
  SideBySide run(brain, 3, 10);
  int64_t interpreted = 0;
  bool compiledSeen = false;
  for (int32_t frame = 0; frame < 100; ++frame) {
    INFO("frame " << frame);
    jit->waitIdle();
    const size_t compiles = jit->stats().records.size();
    // Nothing is compiled before the interpreter has run the threshold; soon after, it is.
    if (interpreted < threshold) CHECK(compiles == 0);
    if (compiles > 0) compiledSeen = true;
    const int32_t ran = run.think(*jit, 9);
    if (compiles == 0) interpreted += ran;
  }
  CHECK(compiledSeen);
  const chronon::jit::JitStats stats = jit->stats();
  REQUIRE(stats.records.size() == 1);
  CHECK(stats.records[0].compiled);
  CHECK(stats.records[0].name == "probe");
}

TEST_CASE("JIT: cells kept in registers are written back wherever a block leaves", "[jit]") {
  // Variables, vectors and stack cells written inside a block, then an error later in the same
  // block: the interpreter must find every write before the failing instruction, and none after.
  CHECK(compareCode("#var x 0\n#vector v 0 0\n1 x! 2 3 v! x 1 + x! v 1 0 / v!").status == gc::BrainStatus::kError);
  CHECK(compareCode("#var x 0\n#vector v 0 0\n4 x! 5 6 v! 7 8 400000 400000 * x!").status == gc::BrainStatus::kError);
  // A call into the interpreter (print, random) in the middle of a block reads what was written
  // before it, and what it leaves is read again after it.
  compareCode("#var x 0\n#vector v 1 2\n5 x! x print x 1 + x! 3 4 v! v vprint 2 random x + x! x print v 1 1 v+ v!");
  // Cells popped in a block stay behind as stale cells, as in the interpreter's stack.
  compareCode("1 2 3 4 5 + + + + drop 9 8 7 2drop drop stack print");
  // A hardware write and read between writes of the same variable.
  compareCode("#var x 0\n3 x! x engine-power! 4 x! engine-power x + x! x print");
  // The stack near its limit: blocks whose stack check fails run on the interpreter, one
  // instruction at a time, until a block fits again.
  compareCode("#var n 0\nfill: n 1 + n! 1 n 95 < fill& ifg 1 2 3 4 5 drop drop drop drop drop 6 7 8 9 10 11");
}

TEST_CASE("JIT: a loop cut by the budget at every instruction", "[jit]") {
  // The vector loop of bench/programs/vector.gb: three blocks per iteration. Every budget from 1 to
  // 40 cuts its blocks at every possible instruction, under both levels.
  const gc::SideResult side = probe(
      "#vector p 0 0\n#vector v 0.5 0.25\n#vector w -1 2\n#var n 0\n#var reps 0\n"
      "start: 0 n! 0 0 p! 0.5 0.25 v! -1 2 w!\n"
      "loop: p v v+ p! p w v- vnegate p! v w v+ w! p v v= drop p w dot drop n 1 + n! n 20 < loop& ifg\n"
      "reps 1 + reps! start& jump");
  REQUIRE(side.loaded());
  const gc::Program& brain = *side.side.types.at(0).brain;
  for (GrobocodeJit* jit : {&theJit(), &theJitO2()}) {
    for (int32_t speed = 1; speed <= 40; ++speed) {
      INFO("level " << (jit == &theJit() ? 1 : 2) << ", speed " << speed);
      CHECK(compareBrain(brain, nullptr, speed, 0, 1500 / speed + 20, 7, *jit) > 1500);
    }
  }
}

TEST_CASE("JIT: a brain's code never reaches outside its state", "[jit]") {
  // Computed jumps into the middle of blocks, to every address, and returns to pushed addresses.
  compareCode("#var i 0\nloop: i 1 + i! i 2 mod 3 + jump nop nop 5 print i 40 < loop& ifg");
  compareCode("0 t: 1 + dup 20 < t& ifg >r r> 4 - jump");
  compareCode("7 >r return");
  compareCode("3 >r return 1 print 2 print");
  // Jump tables: `jump` to a label plus an offset.
  compareCode("#var k 0\nagain: k 1 + 3 mod k! table& k + jump table: 1 2 3 print again& jump");
}

TEST_CASE("JIT matches the interpreter on every corpus side's brains", "[jit][corpus]") {
  const std::vector<std::filesystem::path> paths = corpusSides();
  if (paths.empty()) {
    WARN("skipped: ../shared/corpus/grobots is absent (" << chronon::test::sharedDir() << ")");
    return;
  }
  int sides = 0;
  int brains = 0;
  int64_t executed = 0;
  for (const std::filesystem::path& path : paths) {
    const gc::SideResult side = compileText(path.filename().string(), readFile(path));
    if (!side.loaded()) continue;
    ++sides;
    for (const gc::Type& type : side.side.types) {
      if (!type.brain) continue;
      ++brains;
      INFO(path.filename().string() << " / " << type.name);
      int32_t speed = 0;
      int32_t memory = 0;
      processorOf(type, speed, memory);
      executed += compareBrain(*type.brain, &type, std::max(speed, 1), memory, 200);
      // An odd budget splits blocks differently.
      executed += compareBrain(*type.brain, &type, 3, memory, 200, 11);
      // Level 2 lowers differently (grobocode_lower.cpp); it compiles slowly, so a sample of the
      // sides runs it unless CHRONON_JIT_FULL=1.
      if (fullRun() || sides % 8 == 1) {
        executed += compareBrain(*type.brain, &type, std::max(speed, 1), memory, 200, 7, theJitO2());
        executed += compareBrain(*type.brain, &type, 3, memory, 200, 11, theJitO2());
      }
    }
  }
  INFO(sides << " sides, " << brains << " brains, " << executed << " instructions");
  CHECK(sides > 200);
  CHECK(executed > 1000000);
}

namespace {

// Runs one Grobots round of `sides` under both engines, frame by frame, and compares biomass,
// population and messages after every frame and the outcome at the end.
void compareRound(const std::vector<const gc::Side*>& sides, int32_t seed, int32_t frames) {
  gb::WorldOptions options;
  options.frameLimit = frames;
  options.keepPrints = true;
  gb::WorldOptions jitOptions = options;
  jitOptions.engine = &theJit();
  gb::World interp(sides, options, seed);
  gb::World jit(sides, jitOptions, seed);
  interp.startRound();
  jit.startRound();
  while (!interp.finished()) {
    interp.step();
    jit.step();
    INFO("frame " << interp.frame());
    REQUIRE(jit.frame() == interp.frame());
    REQUIRE(jit.biomass() == interp.biomass());
    REQUIRE(jit.population() == interp.population());
    REQUIRE(jit.takeMessages() == interp.takeMessages());
  }
  REQUIRE(jit.finished());
  const gb::RoundOutcome a = interp.outcome();
  const gb::RoundOutcome b = jit.outcome();
  REQUIRE(a.frames == b.frames);
  REQUIRE(a.sides.size() == b.sides.size());
  for (size_t i = 0; i < a.sides.size(); ++i) {
    REQUIRE(a.sides[i].alive == b.sides[i].alive);
    REQUIRE(a.sides[i].fraction == b.sides[i].fraction);
    REQUIRE(a.sides[i].killedFraction == b.sides[i].killedFraction);
    REQUIRE(a.sides[i].brainErrors == b.sides[i].brainErrors);
  }
}

}  // namespace

TEST_CASE("JIT and interpreter play identical Grobots rounds", "[jit][corpus]") {
  const std::vector<std::filesystem::path> paths = corpusSides();
  if (paths.empty()) {
    WARN("skipped: ../shared/corpus/grobots is absent (" << chronon::test::sharedDir() << ")");
    return;
  }
  std::vector<gc::SideResult> loaded;
  for (const std::filesystem::path& path : paths) {
    gc::SideResult side = compileText(path.filename().string(), readFile(path));
    if (side.loaded()) loaded.push_back(std::move(side));
  }
  REQUIRE(loaded.size() > 10);
  // A sample of groups of four sides (every side with CHRONON_JIT_FULL=1), two seeds each.
  const size_t step = fullRun() ? 4 : loaded.size() / 3 * 4 / 4 + 1;
  const int32_t frames = fullRun() ? 3000 : 600;
  for (size_t first = 0; first < loaded.size(); first += step) {
    std::vector<const gc::Side*> group;
    for (size_t k = first; k < std::min(first + 4, loaded.size()); ++k) group.push_back(&loaded[k].side);
    for (const int32_t seed : {3, 17}) {
      INFO("sides from " << group.front()->name << ", seed " << seed);
      compareRound(group, seed, frames);
    }
  }
}

TEST_CASE("JIT: compiled brains inline every word written over the machine, and at level 2 all but the table words",
          "[jit][bitcode]") {
  // One brain with every pure word, each given cells of 1 and its results dropped; printed as the
  // passes leave it (CHRONON_JIT_DUMP=1), at levels 1 and 2, by fresh JITs with no object cache so
  // that each compiles.
  std::string code = "loop: ";
  for (const gc::PrimitiveInfo& word : gc::kPrimitives) {
    if (!word.has(gc::kPure)) continue;
    for (int32_t i = 0; i < word.parsed.popCells(); ++i) code += "1 ";
    code += std::string(word.name) + " ";
    for (int32_t j = 0; j < word.parsed.pushCells(); ++j) code += "drop ";
  }
  code += "sync loop& jump";
  const gc::SideResult side = probe(code);
  REQUIRE(side.loaded());
  const gc::Program& brain = *side.side.types.at(0).brain;
  const std::string before = chronon::jit::objectCacheFolder();
  REQUIRE(chronon::jit::setObjectCacheFolder(""));
  ::setenv("CHRONON_JIT_DUMP", "1", 1);
  for (const int level : {1, 2}) {
    INFO("level " << level);
    chronon::jit::JitOptions options;
    options.optimization = level;
    bool compiled = false;
    const std::string ir =
        chronon::test::captureStandardError([&] { compiled = makeJit(options)->prepare(brain, "all words"); });
    CHECK(compiled);
    REQUIRE(ir.find("define") != std::string::npos);
    // At level 2 the only word functions left as calls are those of the vector words computed from
    // the cosine and sine table that grobots::cosSin builds on first use (word_bitcode.h: a
    // compiled program holds no copy of mutable data). Level 1 also calls, rather than copy, the
    // words written on values that call a number function of the library (sqrt, dist, ...), but
    // inlines every word written over the machine. No copy of a word function is left behind.
    const std::set<std::string> tableWords{"PolarToRect", "Project", "RotateFrom", "RotateTo", "Unitize"};
    const std::set<std::string> called = chronon::test::calledFunctions(ir, "chronon_word_grobocode_");
    if (level == 2) {
      CHECK(called == tableWords);
    } else {
      CHECK(std::includes(called.begin(), called.end(), tableWords.begin(), tableWords.end()));
      for (const gc::PureWord& word : gc::kPureWords) {
        INFO(word.name);
        CHECK(called.contains(word.name) == !word.inlined);
      }
    }
    CHECK_FALSE(chronon::test::definesFunction(ir, "chronon_word_"));
    CHECK(ir.find("@chronon_word_grobocode_Add") == std::string::npos);
  }
  ::unsetenv("CHRONON_JIT_DUMP");
  chronon::jit::setObjectCacheFolder(before);
}
