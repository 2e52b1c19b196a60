// `--engine` and `--stats` (see engine_option.h).

#include "engine_option.h"

#include <cstdio>
#include <set>
#include <string>

#include "chronon/jit/jit.h"

namespace chronon::cli {

grobocode::Engine& EngineChoice::engine() {
  if (jit) return *jit;
  return grobocode::interpreterEngine();
}

void prepareEngine(EngineChoice& choice, const std::vector<const grobocode::Side*>& sides, bool warmUp) {
  if (!choice.jitRequested) return;
  if (!choice.jit) {
    std::string reason;
    // Brains compile on a background thread while the interpreter runs them, so a battle or a
    // tournament never waits for LLVM; only brains that have run a while are compiled, and brains
    // that run a lot are compiled again at level 2.
    jit::JitOptions options;
    options.background = true;
    options.hotInstructions = jit::kDefaultHotInstructions;
    options.warmInstructionsPerInstruction = warmUp ? jit::kDefaultWarmInstructionsPerInstruction : 0;
    choice.jit = jit::GrobocodeJit::create(reason, options);
    if (!choice.jit) {
      std::fprintf(stderr, "chronon: note: the JIT is not available (%s); the interpreter runs every brain\n",
                   reason.c_str());
      return;
    }
  }
  for (const grobocode::Side* side : sides) {
    for (const grobocode::Type& type : side->types) {
      if (type.brain) choice.jit->prepare(*type.brain, side->name + "/" + type.name);
    }
  }
}

void prepareRoboTalkEngine(EngineChoice& choice, const std::vector<NamedProgram>& programs, bool background) {
  if (!choice.jitRequested) return;
  if (!choice.roboTalkJit) {
    std::string reason;
    jit::JitOptions options;
    options.background = background;
    if (background) options.hotInstructions = jit::kDefaultRoboTalkHotCycles;
    choice.roboTalkJit = jit::RoboTalkJit::create(reason, options);
    if (!choice.roboTalkJit) {
      std::fprintf(stderr, "chronon: note: the JIT is not available (%s); the interpreter runs every robot\n",
                   reason.c_str());
      return;
    }
  }
  for (const NamedProgram& p : programs) {
    if (p.program == nullptr) continue;
    // The arena decodes each robot's program the same way; equal contents share compiled code.
    // A decline is reported with the statistics at the end (printEngineStats), as for brains
    // compiled in the background.
    choice.roboTalkJit->prepare(robotalk::decode(*p.program), p.name);
  }
}

namespace {

// The declines among `stats`, one note each.
void printDeclines(const char* what, const jit::JitStats& stats) {
  for (const jit::CompileRecord& r : stats.records) {
    if (!r.compiled)
      std::fprintf(stderr, "chronon: note: the JIT declined %s (%s); the interpreter ran it\n",
                   r.name.empty() ? what : r.name.c_str(), r.note.c_str());
  }
}

void printRecords(const char* what, const jit::JitStats& stats) {
  // A hot program's level 2 recompile is a second record with the same hash.
  std::set<uint64_t> distinct;
  for (const jit::CompileRecord& r : stats.records) distinct.insert(r.hash);
  std::fprintf(stderr, "engine: jit, %zu distinct %s, %zu compiles in %.2f ms, %lld cache hits", distinct.size(), what,
               stats.records.size(), stats.totalMilliseconds, static_cast<long long>(stats.cacheHits));
  if (stats.queued > 0)
    std::fprintf(stderr, ", %lld still queued when the run ended", static_cast<long long>(stats.queued));
  const std::string folder = jit::objectCacheFolder();
  if (folder.empty()) {
    std::fprintf(stderr, ", object cache off");
  } else {
    const jit::ObjectCacheCounts counts = jit::objectCacheCounts();
    std::fprintf(stderr, ", %lld objects loaded from and %lld written to %s", static_cast<long long>(counts.hits),
                 static_cast<long long>(counts.writes), folder.c_str());
  }
  std::fprintf(stderr, "\n");
  for (const jit::CompileRecord& r : stats.records) {
    std::fprintf(stderr, "  %-40s %6d instructions %5d blocks  O%d %8.2f ms%s%s\n",
                 r.name.empty() ? "(unnamed)" : r.name.c_str(), r.instructions, r.blocks, r.optimization,
                 r.milliseconds, r.compiled ? "" : "  declined: ", r.note.c_str());
  }
}

}  // namespace

void printEngineStats(const EngineChoice& choice) {
  // Programs may compile in the background, so a decline is only known now.
  if (choice.jit) printDeclines("a brain", choice.jit->stats());
  if (choice.roboTalkJit) printDeclines("a robot", choice.roboTalkJit->stats());
  if (!choice.stats) return;
  if (!choice.jit && !choice.roboTalkJit) {
    std::fprintf(stderr, "engine: interp\n");
    return;
  }
  if (choice.jit) printRecords("brains", choice.jit->stats());
  if (choice.roboTalkJit) printRecords("RoboTalk programs", choice.roboTalkJit->stats());
}

int finishCommand(const EngineChoice& choice, int code) {
  const bool compiling =
      (choice.jit && choice.jit->stats().queued > 0) || (choice.roboTalkJit && choice.roboTalkJit->stats().queued > 0);
  if (!compiling) return code;
  std::fflush(nullptr);
  std::_Exit(code);
}

}  // namespace chronon::cli
