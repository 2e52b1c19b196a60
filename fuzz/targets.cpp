#include <array>

#include "fuzz_entries.h"

namespace chronon::fuzz {

std::span<const Target> targets() {
  static constexpr std::array<Target, 10> kTargets{{
      {"robotalk_source", roboTalkSource},
      {"robotalk_object_code", roboTalkObjectCode},
      {"robowar_rwr", roboWarRwr},
      {"grobots_side", grobotsSide},
      {"robbie_program", robbieProgram},
      {"robbie_room", robbieRoom},
      {"replay", replayFile},
      {"tournament_records", tournamentRecords},
      {"lsp_messages", lspMessages},
      {"dap_messages", dapMessages},
  }};
  return kTargets;
}

}  // namespace chronon::fuzz
