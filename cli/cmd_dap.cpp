// `chronon dap`: the debug adapter over stdin and stdout (the Debug Adapter Protocol with
// Content-Length framing). Everything it does lives in dap/ and arena/; this adapter only parses the
// options.

#include <cstdio>
#include <iostream>

#include "chronon/dap/adapter.h"
#include "commands.h"

namespace chronon::cli {

namespace {

constexpr const char* kDapUsage =
    "usage: chronon dap\n"
    "\n"
    "Runs the Chronon debug adapter on stdin and stdout (the Debug Adapter Protocol) for RoboWar\n"
    "robots: a battle under the debugger gives exactly the result of 'chronon battle' with the same\n"
    "seed. The client's launch request takes:\n"
    "\n"
    "  program       the robot to debug (RoboTalk source, object code or .RWR)\n"
    "  opponents     a list of robot files (at most 5)\n"
    "  seed          the battle's seed (default 1)\n"
    "  maxChronons   chronon cap (default 1500)\n"
    "  stopOnEntry   stop at the program's first instruction\n"
    "\n"
    "Breakpoints on lines and labels (function breakpoints) with conditions such as 'chronon > 100 &&\n"
    "robot == 0', a stop before run-time errors, stepping by instruction (stepIn), line (next) and\n"
    "chronon (stepOut), and stepBack / reverseContinue by re-running the battle. See docs/debugging.md.\n";

}  // namespace

int runDap(const Args& args) {
  for (const std::string& a : args) {
    if (a == "--help" || a == "-h") {
      std::fputs(kDapUsage, stdout);
      return 0;
    }
    std::fprintf(stderr, "chronon dap: unknown option '%s'\n\n%s", a.c_str(), kDapUsage);
    return 2;
  }
  std::ios::sync_with_stdio(false);
  return dap::runStdio(std::cin, std::cout);
}

}  // namespace chronon::cli
