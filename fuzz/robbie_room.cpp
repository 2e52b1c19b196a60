#include "chronon/arena/robbie_run.h"
#include "chronon/compiler/robbie.h"
#include "chronon/compiler/robbie_room_file.h"
#include "fuzz_entries.h"
#include "fuzz_support.h"

namespace chronon::fuzz {

void robbieRoom(std::string_view input) {
  Diagnostics diagnostics;
  const std::optional<robbie::RoomSpec> room =
      robbie::parseRoomFile(SourceFile("fuzz.room", std::string(input)), diagnostics);
  if (!room) return;
  static const robbie::CompileResult tour =
      robbie::compile(SourceFile("tour.rl", bundledFile("stdlib/robbie/tour.rl")));
  if (tour.program) robbie::runInRoom(*tour.program, *room, 2000);
}

}  // namespace chronon::fuzz
