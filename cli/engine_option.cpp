// `--engine` and `--stats` (see engine_option.h).

#include "engine_option.h"

#include <cstdio>

namespace chronon::cli {

grobocode::BrainEngine& EngineChoice::engine() {
  if (jit) return *jit;
  return grobocode::interpreterEngine();
}

bool engineOption(const std::vector<std::string>& args, size_t& i, EngineChoice& choice, bool& bad) {
  const std::string& a = args[i];
  if (a == "--stats") {
    choice.stats = true;
    return true;
  }
  std::string name;
  if (a == "--engine") {
    if (i + 1 >= args.size()) {
      std::fprintf(stderr, "chronon: --engine needs a value (interp or jit)\n");
      bad = true;
      return true;
    }
    name = args[++i];
  } else if (a.rfind("--engine=", 0) == 0) {
    name = a.substr(9);
  } else {
    return false;
  }
  if (name == "jit") {
    choice.jitRequested = true;
  } else if (name == "interp") {
    choice.jitRequested = false;
  } else {
    std::fprintf(stderr, "chronon: unknown engine '%s' (interp or jit)\n", name.c_str());
    bad = true;
  }
  return true;
}

void prepareEngine(EngineChoice& choice, const std::vector<const grobocode::Side*>& sides) {
  if (!choice.jitRequested) return;
  if (!choice.jit) {
    std::string reason;
    choice.jit = jit::GrobocodeJit::create(reason);
    if (!choice.jit) {
      std::fprintf(stderr, "chronon: note: the JIT is not available (%s); the interpreter runs every brain\n",
                   reason.c_str());
      return;
    }
  }
  for (const grobocode::Side* side : sides) {
    for (const grobocode::Type& type : side->types) {
      if (!type.brain) continue;
      const std::string name = side->name + "/" + type.name;
      if (choice.jit->prepare(*type.brain, name)) continue;
      for (const jit::CompileRecord& r : choice.jit->stats().records) {
        if (r.hash == jit::brainHash(*type.brain))
          std::fprintf(stderr, "chronon: note: the JIT declined %s (%s); the interpreter runs it\n", name.c_str(),
                       r.note.c_str());
      }
    }
  }
}

void prepareRoboTalkEngine(EngineChoice& choice, const std::vector<NamedProgram>& programs) {
  if (!choice.jitRequested) return;
  if (!choice.roboTalkJit) {
    std::string reason;
    choice.roboTalkJit = jit::RoboTalkJit::create(reason);
    if (!choice.roboTalkJit) {
      std::fprintf(stderr, "chronon: note: the JIT is not available (%s); the interpreter runs every robot\n",
                   reason.c_str());
      return;
    }
  }
  for (const NamedProgram& p : programs) {
    if (p.program == nullptr) continue;
    // The arena decodes each robot's program the same way; equal contents share compiled code.
    const vm::Bytecode code = vm::decode(*p.program);
    std::string note;
    if (!choice.roboTalkJit->prepare(code, p.name, &note))
      std::fprintf(stderr, "chronon: note: the JIT declined %s (%s); the interpreter runs it\n", p.name.c_str(),
                   note.c_str());
  }
}

namespace {

void printRecords(const char* what, const jit::JitStats& stats) {
  std::fprintf(stderr, "engine: jit, %zu distinct %s compiled in %.2f ms, %lld cache hits\n", stats.records.size(),
               what, stats.totalMilliseconds, static_cast<long long>(stats.cacheHits));
  for (const jit::CompileRecord& r : stats.records) {
    std::fprintf(stderr, "  %-40s %6d instructions %5d blocks %8.2f ms%s%s\n",
                 r.name.empty() ? "(unnamed)" : r.name.c_str(), r.instructions, r.blocks, r.milliseconds,
                 r.compiled ? "" : "  declined: ", r.note.c_str());
  }
}

}  // namespace

void printEngineStats(const EngineChoice& choice) {
  if (!choice.stats) return;
  if (!choice.jit && !choice.roboTalkJit) {
    std::fprintf(stderr, "engine: interp\n");
    return;
  }
  if (choice.jit) printRecords("brains", choice.jit->stats());
  if (choice.roboTalkJit) printRecords("RoboTalk programs", choice.roboTalkJit->stats());
}

}  // namespace chronon::cli
