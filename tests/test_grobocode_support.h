#pragma once
// What the Grobocode tests share: two brain states equal in every field, so that the interpreter's
// fast loop, its single steps and the JIT can be compared with one another; and the bundled sides,
// compiled, for tests that play rounds.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/source.h"
#include "chronon/vm/grobocode_brain.h"

namespace chronon::test {

/// Requires `a` and `b` to agree in every field, stale stack cells included (dropn can re-expose
/// them), and in the first 4096 cells of local memory.
inline void requireSameBrainState(const grobocode::MachineState& a, const grobocode::MachineState& b) {
  REQUIRE(a.pc == b.pc);
  REQUIRE(a.height == b.height);
  REQUIRE(a.stack == b.stack);
  REQUIRE(a.returnHeight == b.returnHeight);
  REQUIRE(a.returnStack == b.returnStack);
  REQUIRE(a.variables == b.variables);
  REQUIRE(a.vectors == b.vectors);
  REQUIRE(a.status == b.status);
  REQUIRE(a.error == b.error);
  REQUIRE(a.errorMessage == b.errorMessage);
  REQUIRE(a.errorPc == b.errorPc);
  REQUIRE(a.lastPrint == b.lastPrint);
  REQUIRE(a.remaining == b.remaining);
  REQUIRE(a.used == b.used);
  REQUIRE(a.memory.size() == b.memory.size());
  bool sameMemory = true;
  const int32_t cells = std::min(a.memory.size(), 4096);
  for (int32_t i = 1; i <= cells; ++i) sameMemory = sameMemory && a.memory.load(i) == b.memory.load(i);
  REQUIRE(sameMemory);
}

/// A side compiled from its text, with the text its ranges point into.
struct CompiledSide {
  std::unique_ptr<SourceFile> file;
  grobocode::SideResult result;
};

/// Compiles side text `text` named `name`; requires it to load.
inline std::unique_ptr<CompiledSide> compileLoadedSide(const std::string& name, const std::string& text) {
  auto c = std::make_unique<CompiledSide>();
  c->file = std::make_unique<SourceFile>(name, text);
  c->result = grobocode::compileSide(*c->file);
  INFO(name);
  REQUIRE(c->result.loaded());
  return c;
}

/// The bundled sides (stdlib/grobots), in file-name order, each required to load.
inline std::vector<std::unique_ptr<CompiledSide>> bundledGrobotsSides() {
  const std::filesystem::path dir = std::filesystem::path(CHRONON_SOURCE_DIR) / "stdlib" / "grobots";
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".gb") paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<std::unique_ptr<CompiledSide>> sides;
  for (const std::filesystem::path& p : paths) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    sides.push_back(compileLoadedSide(p.filename().string(), text.str()));
  }
  return sides;
}

/// The compiled sides of `sides`, in order, as a world takes them.
inline std::vector<const grobocode::Side*> sidePointers(const std::vector<std::unique_ptr<CompiledSide>>& sides) {
  std::vector<const grobocode::Side*> out;
  for (const auto& c : sides) out.push_back(&c->result.side);
  return out;
}

}  // namespace chronon::test
