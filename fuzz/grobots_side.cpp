#include "chronon/arena/grobots_world.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_checker.h"
#include "fuzz_entries.h"
#include "fuzz_support.h"

namespace chronon::fuzz {

void grobotsSide(std::string_view input) {
  const SourceFile file("fuzz.gb", std::string(input));
  grobocode::SideResult result = grobocode::compileSide(file);
  if (!result.loaded()) return;
  grobocode::checkSide(file, result.side, result.diagnostics);
  static const SourceFile algaeFile("algae.gb", bundledFile("stdlib/grobots/algae.gb"));
  static const grobocode::SideResult algae = grobocode::compileSide(algaeFile);
  arena::grobots::WorldOptions options;
  options.frameLimit = 10;
  arena::grobots::World world({&result.side, &algae.side}, options, 1);
  world.startRound();
  while (!world.finished()) world.step();
}

}  // namespace chronon::fuzz
