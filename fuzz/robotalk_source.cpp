#include "chronon/compiler/robotalk_assembler.h"
#include "fuzz_entries.h"
#include "fuzz_support.h"

namespace chronon::fuzz {

void roboTalkSource(std::string_view input) {
  const robotalk::CompileResult result =
      robotalk::compile(SourceFile("fuzz.rtk", std::string(input)), robotalk::CompileOptions{});
  if (!result.diagnostics.hasErrors()) checkAndBattle(result.program);
}

}  // namespace chronon::fuzz
