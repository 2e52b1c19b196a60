#include "chronon/arena/robbie_room.h"
#include "chronon/arena/robbie_run.h"
#include "chronon/compiler/robbie.h"
#include "fuzz_entries.h"

namespace chronon::fuzz {

void robbieProgram(std::string_view input) {
  const robbie::CompileResult result = robbie::compile(SourceFile("fuzz.rl", std::string(input)));
  if (result.program) robbie::runInRoom(*result.program, robbie::defaultRoom(), 2000);
}

}  // namespace chronon::fuzz
