#pragma once
// The subcommands of `chronon`. Each is a thin adapter over the libraries: it parses its arguments
// with CLI11 (command_line.h), calls library functions, and prints. Each takes the arguments after the subcommand name
// and returns the process exit status (0 success, 1 the input has errors, 2 usage error).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/arena/grobots_side_files.h"
#include "chronon/arena/grobots_world.h"
#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/source.h"
#include "chronon/stdlib/robotalk_words.h"

namespace chronon::cli {

/// The arguments after the subcommand name.
using Args = std::vector<std::string>;

/// One subcommand of `chronon`, as `chronon --help` lists it: "NAME  ARGUMENTS: SUMMARY".
struct Command {
  std::string_view name;       ///< The word that selects it ("battle").
  int (*run)(const Args&);     ///< Runs it on the arguments after its name; returns the exit status.
  std::string_view arguments;  ///< Its arguments in brief ("FILE [--source]"), or "" when it takes none.
  std::string_view summary;    ///< What it does, in a phrase; also the NAME line of its man page.
};

/// What chronon is, in a phrase: the first line of `chronon --help` and the NAME line of chronon(1).
inline constexpr std::string_view kChrononSummary =
    "a toolchain for RoboTalk (RoboWar), Grobocode (Grobots) and the Robbie Language";

/// The subcommands of `chronon`, in the order `chronon --help` lists them; the only list of them
/// (main.cpp), which chrononApp, `chronon completion` and the man pages of the build read.
std::span<const Command> commandTable();

/// `chronon completion bash`: prints a bash completion script for chronon to stdout. Its options,
/// value choices and subcommands are read from the CLI::App each command builds (probeCommandLine,
/// command_line.h), so the script offers what the commands accept. `chronon completion commands`
/// (not listed in the help) prints `chronon<tab>kChrononSummary`, then `NAME<tab>SUMMARY` for each
/// command, for the man pages of the build (cmake/GenerateManPages.cmake). Exit 0, 1 when a command
/// built no command line to read, 2 on a usage error (any shell but bash).
int runCompletion(const Args& args);

/// `chronon battle ROBOT... [--seed N] [--log] [--max-chronons N] [--json]`: one RoboWar battle of
/// 1-6 robots (source, object code or .RWR); prints each robot's outcome and, with --log, the event
/// log. A folder enters its robot files. Grobots sides, or `--game grobots`, play a Grobots round
/// instead (chooseGame). Exit 0 after a battle, 1 when a robot fails to load, 2 on a usage error.
int runBattle(const Args& args);

/// `chronon replay verify FILE... [--engine interp|jit]`: re-runs each replay's battle from its header
/// and compares every recorded line (cmd_replay.cpp). Exit 0 when all match, 1 otherwise, 2 on usage.
int runReplay(const Args& args);

/// `chronon view FILE [-o PAGE.html]`: writes the viewer page with the replay inside (cmd_replay.cpp).
int runView(const Args& args);

/// Writes `diagnostics` to stderr as `file:line:col: severity: message [code]` lines.
void printDiagnostics(const SourceFile& file, const Diagnostics& diagnostics);

/// A Grobots side read and compiled (grobots_side_files.h).
using LoadedSide = arena::grobots::LoadedSide;

/// The game a battle or tournament plays.
enum class Game : uint8_t {
  kRoboWar,  ///< RoboWar robots (.rtk, .txt, .rwr files, a folder of them, or a tournament list).
  kGrobots,  ///< Grobots sides (.gb files, or a folder of them).
};

/// Picks the game of a battle or tournament and removes its `--game grobots|robowar` option from
/// `args`. Without the option: Grobots when the positional arguments name Grobots sides (.gb files,
/// or a folder holding .gb files), else RoboWar; when Grobots is chosen so and a folder also holds
/// RoboWar robots, prints one note on stderr saying how many were left out and that `--game robowar`
/// plays them. `command` ("tournament", "battle") names the command in messages. Returns nullopt
/// after a usage error (command_line.h: usageError) when the option has no value or an unknown one.
std::optional<Game> chooseGame(const char* command, Args& args);

/// Reads a world size `WxH` (tiles of 10 units, each 1-1000; 'x', 'X' or '*' between) into `world`'s
/// width and height; false when malformed.
bool parseWorld(const std::string& text, arena::grobots::WorldOptions& world);

/// `chronon battle SIDE.gb... ...`: one Grobots round with biomass lines (cmd_grobots.cpp).
int runGrobotsBattle(const Args& args);

/// Reads and compiles the side at `path`. When the file cannot be read (missing, too large, binary)
/// prints that diagnostic and returns nullopt; compile diagnostics are left to the caller, which may
/// add the checker's first.
std::optional<LoadedSide> loadSide(const std::string& path);

/// Loads the sides at `paths` as battles, tournaments and replays do (arena::grobots::loadSideFiles:
/// sides that fail to load left out, a repeated side name given a trailing `'`) and prints what it
/// reports: each path's diagnostics, and a line for each side read but left out (cmd_grobots.cpp).
std::vector<LoadedSide> loadSides(const std::vector<std::string>& paths);

/// Compiles the RL program at `path` and prints its diagnostics; returns true when it has errors.
bool checkRobbie(const std::string& path);
/// `chronon disasm PROGRAM.rl`: prints the RL program's diagnostics and, when it has no error, its IR
/// listing (robbie::listing); returns the exit status (0, or 1 on errors).
int disasmRobbie(const std::string& path);
/// `chronon run PROGRAM.rl [--room FILE] [--engine interp|jit] [--stats] [--steps N]`: compiles an RL
/// program and, when it has no error, runs it in Robbie's room with the interpreter or the JIT; prints
/// the event log and the final report (docs/robbie.md), and with --stats the engine to stderr. Exit 0
/// when the program stopped, 1 on compile, room or runtime errors or the step limit, 2 on a usage error.
int runRobbie(const Args& args);

/// `chronon check FILE...`: diagnostics for each file; exit 1 when any has an error.
int runCheck(const Args& args);
/// `chronon compile --emit=object FILE`: the object code in the golden text format; exit 1 on errors.
int runCompile(const Args& args);
/// `chronon disasm FILE [--source]`: a listing, or RoboTalk that re-assembles to the same words.
int runDisasm(const Args& args);

/// `chronon repl [--lang grobocode|robotalk|rl] [FILE]`: the interactive loop (repl/repl.h) with
/// libedit line editing on a terminal, or commands read from stdin without prompts otherwise. FILE
/// is loaded first. Exit 0 at `quit` or end of input, 2 on a usage error.
int runRepl(const Args& args);

/// `chronon lsp [--debounce MS]`: the language server on stdin/stdout (lsp/server.h). Exit 0 after
/// `shutdown` and `exit`, 1 when input ended or `exit` came without `shutdown`, 2 on a usage error.
int runLsp(const Args& args);

/// `chronon dap`: the debug adapter on stdin/stdout (dap/adapter.h, docs/debugging.md). Exit 0 after
/// `disconnect` or the end of input, 2 on a usage error.
int runDap(const Args& args);

/// `chronon run SIDE.gb [--type NAME] [--frames N] [--seed N]`: runs the side alone in a Grobots world
/// and prints its robots' print/vprint lines as the original reports them (specs/grobots-language.md
/// §1.8) and any runtime error report (§5.3); --type shows one type's robots only. Exit 0 after running, 1 when the
/// side does not load or has no such type, 2 on a usage error.
int runRun(const Args& args);

/// `chronon ladder init|add|run|standings|history|import DB ...`: a persistent ladder of RoboWar
/// robots or Grobots sides in an SQLite file with Glicko-2 ratings (cmd_ladder.cpp, docs/ladder.md).
/// Exit 0 on success, 1 when the database or a robot or record cannot be used, 2 on a usage error.
int runLadder(const Args& args);

/// `chronon tournament [ROBOT... | FOLDER | LISTFILE] [options]`: a RoboWar tournament
/// (specs/robowar.md §8); prints the standings. Grobots sides, or `--game grobots`, play a Grobots
/// tournament instead (chooseGame). Exit 1 when the field cannot be loaded or has fewer than two
/// robots, 2 on a usage error.
int runTournament(const Args& args);

}  // namespace chronon::cli
