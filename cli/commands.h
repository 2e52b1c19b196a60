#pragma once
// The subcommands of `chronon`. Each is a thin adapter over the libraries: it parses its arguments,
// calls library functions, and prints. Each takes the arguments after the subcommand name and
// returns the process exit status (0 success, 1 the input has errors, 2 usage error).

#include <string>
#include <vector>

#include <optional>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/source.h"
#include "chronon/stdlib/robotalk_words.h"

namespace chronon::cli {

/// The arguments after the subcommand name.
using Args = std::vector<std::string>;

/// `chronon battle ROBOT... [--seed N] [--log] [--max-chronons N] [--json]`: one RoboWar battle of
/// 1-6 robots (source, object code or .RWR); prints each robot's outcome and, with --log, the event
/// log. Exit 0 after a battle, 1 when a robot fails to load, 2 on a usage error.
int runBattle(const Args& args);

/// Writes `diagnostics` to stderr as `file:line:col: severity: message [code]` lines.
void printDiagnostics(const SourceFile& file, const Diagnostics& diagnostics);

/// A Grobots side read from disk and compiled.
struct LoadedSide {
  SourceFile file;
  grobocode::SideResult result;
};

/// Reads and compiles the side at `path`. When the file cannot be read (missing, too large, binary)
/// prints that diagnostic and returns nullopt; compile diagnostics are left to the caller, which may
/// add the checker's first.
std::optional<LoadedSide> loadSide(const std::string& path);

/// Reads a `--profile NAME` or `--profile=NAME` option at args[i], advancing i past its value.
/// Returns false when args[i] is not that option; sets `bad` after printing a message when the value
/// is missing or unknown. Shared by check, compile and disasm.
bool parseProfileOption(const Args& args, size_t& i, robotalk::Profile& profile, bool& bad);

/// `chronon check FILE...`: diagnostics for each file; exit 1 when any has an error.
int runCheck(const Args& args);
/// `chronon compile --emit=object FILE`: the object code in the golden text format; exit 1 on errors.
int runCompile(const Args& args);
/// `chronon disasm FILE [--source]`: a listing, or RoboTalk that re-assembles to the same words.
int runDisasm(const Args& args);

/// `chronon lsp [--debounce MS]`: the language server on stdin/stdout (lsp/server.h). Exit 0 after
/// `shutdown` and `exit`, 1 when input ended or `exit` came without `shutdown`, 2 on a usage error.
int runLsp(const Args& args);

/// `chronon run SIDE.gb [--type NAME] [--frames N] [--cycles N] [--seed N]`: runs one Grobots robot
/// type's brain against the test host and prints its print/vprint lines (specs/grobots-language.md
/// §1.8) and any runtime error report (§5.3). Exit 0 after running, 1 when the side does not load or
/// has no such type, 2 on a usage error.
int runRun(const Args& args);

/// `chronon tournament [ROBOT... | FOLDER | LISTFILE] [options]`: a RoboWar tournament
/// (specs/robowar.md §8); prints the standings. Exit 1 when the field cannot be loaded or has fewer
/// than two robots, 2 on a usage error.
int runTournament(const Args& args);

}  // namespace chronon::cli
