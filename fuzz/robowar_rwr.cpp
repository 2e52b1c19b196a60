#include "chronon/compiler/robotalk_rwr.h"
#include "fuzz_entries.h"
#include "fuzz_support.h"

namespace chronon::fuzz {

void roboWarRwr(std::string_view input) {
  Diagnostics diagnostics;
  const std::optional<robotalk::RwrFile> rwr = robotalk::parseRwr(input, "fuzz", diagnostics);
  if (rwr) checkAndBattle(robotalk::programFromRwr(*rwr));
}

}  // namespace chronon::fuzz
