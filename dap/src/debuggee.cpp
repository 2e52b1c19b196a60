// The choice of a game for a launch (dap/debuggee.h); each game's Debuggee is in its features file.

#include "chronon/dap/debuggee.h"

#include <optional>
#include <string>

#include "chronon/compiler/language.h"
#include "chronon/dap/grobots_features.h"
#include "chronon/dap/robbie_features.h"
#include "chronon/dap/robowar_features.h"

namespace chronon::dap {

std::unique_ptr<Debuggee> launchDebuggee(const nlohmann::json& arguments) {
  // A `program` of no language's extension, or none at all, is left to the RoboWar launch.
  const auto program = arguments.find("program");
  const std::optional<LanguageId> language =
      program != arguments.end() && program->is_string() ? languageOf(program->get<std::string>()) : std::nullopt;
  switch (language.value_or(LanguageId::kRoboTalk)) {
    case LanguageId::kRobbie: return RobbieDebuggee::launch(arguments);
    case LanguageId::kGrobocode: return GrobotsDebuggee::launch(arguments);
    case LanguageId::kRoboTalk: break;
  }
  return RoboWarDebuggee::launch(arguments);
}

}  // namespace chronon::dap
