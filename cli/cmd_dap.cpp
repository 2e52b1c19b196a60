// `chronon dap`: the debug adapter over stdin and stdout (the Debug Adapter Protocol with
// Content-Length framing). Everything it does lives in dap/ and arena/; this adapter only parses the
// options.

#include <cstdio>
#include <iostream>

#include "chronon/dap/adapter.h"
#include "command_line.h"
#include "commands.h"

namespace chronon::cli {

namespace {

constexpr const char* kDapDescription =
    "Runs the Chronon debug adapter on stdin and stdout (the Debug Adapter Protocol) for RoboWar\n"
    "robots, Grobots sides and Robbie Language programs: a battle or round under the debugger gives\n"
    "exactly the result of 'chronon battle' with the same seed, a Robbie run exactly the output of\n"
    "'chronon run'. The client's launch request takes:\n"
    "\n"
    "  program       the robot to debug (RoboTalk source, object code or .RWR), a Grobots side (.gb;\n"
    "                its robots are the threads, born and dying), or an RL program (.rl)\n"
    "  opponents     a list of robot files (at most 5), or of sides (at most 9); none for an RL program\n"
    "  seed          the battle's seed (default 1)\n"
    "  maxChronons   RoboWar: chronon cap (default 1500)\n"
    "  frames        Grobots: frame limit (default 18000), as 'chronon battle --frames'\n"
    "  world         Grobots: world size WxH in tiles of 10 units (default 10x10)\n"
    "  room          RL: the room file (default the built-in room), as 'chronon run --room'\n"
    "  steps         RL: the step limit (default 1000000), as 'chronon run --steps'\n"
    "  stopOnEntry   stop at the program's first instruction\n"
    "\n"
    "Breakpoints on lines and labels (function breakpoints) with conditions such as 'chronon > 100 &&\n"
    "top >= 50' (Grobots: 'frame >= 100 && top > 2.5'), data breakpoints on variables A-W and Z\n"
    "(Grobots: a type's #var or #vector), a stop before run-time errors, stepping by\n"
    "instruction (stepIn), line over calls (next) and out of a call (stepOut), stepBack /\n"
    "reverseContinue by re-running, evaluate of RoboTalk on a copy of the stack, disassemble. See\n"
    "docs/debugging.md.\n";

}  // namespace

int runDap(const Args& args) {
  // No options: the client's launch request says what to debug.
  const std::unique_ptr<CLI::App> app = commandApp("dap", kDapDescription);
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  std::ios::sync_with_stdio(false);
  return dap::runStdio(std::cin, std::cout);
}

}  // namespace chronon::cli
