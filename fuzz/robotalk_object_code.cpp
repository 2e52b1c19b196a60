#include "chronon/compiler/robotalk_object_code.h"
#include "fuzz_entries.h"
#include "fuzz_support.h"

namespace chronon::fuzz {

void roboTalkObjectCode(std::string_view input) {
  const robotalk::ObjectCodeResult result = robotalk::readObjectCode(SourceFile("fuzz.txt", std::string(input)));
  if (!result.diagnostics.hasErrors()) checkAndBattle(robotalk::programFromWords(result.words, "fuzz"));
}

}  // namespace chronon::fuzz
