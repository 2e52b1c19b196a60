#include "fuzz_support.h"

#include <fstream>
#include <map>
#include <sstream>

#include "chronon/arena/robowar_battle.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_checker.h"

namespace chronon::fuzz {

const std::string& bundledFile(std::string_view relativePath) {
  static std::map<std::string, std::string, std::less<>> cache;
  auto it = cache.find(relativePath);
  if (it != cache.end()) return it->second;
  std::ifstream in(std::string(CHRONON_SOURCE_DIR) + "/" + std::string(relativePath), std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return cache.emplace(std::string(relativePath), bytes.str()).first->second;
}

void checkAndBattle(const robotalk::Program& program) {
  Diagnostics diagnostics;
  robotalk::check(program, robotalk::CheckOptions{}, diagnostics);
  static const robotalk::CompileResult spinner = robotalk::compile(
      SourceFile("spinner.rtk", bundledFile("stdlib/robowar/spinner.rtk")), robotalk::CompileOptions{});
  arena::robowar::Rules rules;
  rules.maxChronons = 100;
  arena::robowar::runBattle({{&program, 0}, {&spinner.program, 0}}, 1, rules, true);
}

}  // namespace chronon::fuzz
