// chronon: one executable, one subcommand per task (DESIGN.md). The table below is the only list of
// subcommands; `chronon --help` prints it.

#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "chronon/arena/replay.h"
#include "chronon/jit/jit.h"
#include "commands.h"

namespace {

using chronon::cli::Args;

struct Command {
  std::string_view name;
  int (*run)(const Args&);
  std::string_view synopsis;
};

constexpr Command kCommands[] = {
    {"battle", chronon::cli::runBattle,
     "battle ROBOT|SIDE.gb...   run one RoboWar battle or one Grobots round, print the outcome"},
    {"check", chronon::cli::runCheck, "check FILE...            report diagnostics (exit 1 on errors)"},
    {"compile", chronon::cli::runCompile, "compile --emit=object F  print a robot's object code (golden text format)"},
    {"dap", chronon::cli::runDap,
     "dap                      run the debug adapter on stdin/stdout (DAP: RoboWar, Grobots, RL)"},
    {"disasm", chronon::cli::runDisasm,
     "disasm FILE [--source]   disassemble object code (.RWR, object code, source), a .gb side or .rl IR"},
    {"ladder", chronon::cli::runLadder,
     "ladder init|add|run DB   a persistent RoboWar ladder in SQLite with Glicko-2 ratings"},
    {"lsp", chronon::cli::runLsp, "lsp [--debounce MS]      run the language server on stdin/stdout (LSP 3.17)"},
    {"replay", chronon::cli::runReplay,
     "replay verify FILE...    re-run a replay's battle and check every recorded moment"},
    {"repl", chronon::cli::runRepl, "repl [--lang L] [FILE]   an interactive loop over the compiler and the VM"},
    {"run", chronon::cli::runRun,
     "run SIDE.gb|PROG.rl ...  run a Grobots side alone in a world, or an RL program in Robbie's room"},
    {"tournament", chronon::cli::runTournament,
     "tournament ROBOTS|SIDES  run a RoboWar or Grobots tournament, print the standings"},
    {"view", chronon::cli::runView, "view FILE [-o PAGE]      write the battle viewer page with a replay inside"},
};

void printHelp(std::FILE* out) {
  std::fprintf(out,
               "usage: chronon COMMAND [ARGS...]\n"
               "\n"
               "Chronon: a toolchain for RoboTalk (RoboWar), Grobocode (Grobots) and the Robbie Language.\n"
               "\n"
               "commands:\n");
  for (const Command& c : kCommands)
    std::fprintf(out, "  %.*s\n", static_cast<int>(c.synopsis.size()), c.synopsis.data());
  std::fprintf(out,
               "\n"
               "  chronon COMMAND --help   options of one command\n"
               "  chronon --version        versions of Chronon and of the LLVM it was built with\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 ||
      std::strcmp(argv[1], "help") == 0) {
    printHelp(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  const std::string_view name = argv[1];
  if (name == "--version") {
    std::printf("chronon %s (LLVM %s)\n", chronon::arena::replay::chrononVersion().c_str(),
                chronon::jit::llvmVersion().c_str());
    return 0;
  }
  Args args(argv + 2, argv + argc);
  for (const Command& c : kCommands) {
    if (c.name == name) return c.run(args);
  }
  std::fprintf(stderr, "chronon: unknown command '%s'\n\n", argv[1]);
  printHelp(stderr);
  return 2;
}
