#pragma once
// The command line of every `chronon` command, parsed with CLI11 set up one way (command_line.cpp),
// so that `-j2`, `-j 2`, `--seed=5` and `--seed 5` work wherever the option exists, help texts are
// generated from the options, and every usage error has one form and exit status 2:
//
//   chronon COMMAND: WHAT WAS WRONG
//   Run 'chronon COMMAND --help' for the options.

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chronon/stdlib/robotalk_words.h"
#include "commands.h"
#include "engine_option.h"

namespace chronon::cli {

/// The exit status of a usage error, for every command.
inline constexpr int kUsageStatus = 2;

/// Makes the parser of `chronon <command>` (`command` such as "battle") with `description` above
/// its options: help on -h and --help, a value column wide enough for the longest option, and an
/// option given twice taking its last value (`... -j 2 -j 1`), as the hand-written loops did.
std::unique_ptr<CLI::App> commandApp(const std::string& command, const std::string& description);

/// Makes the parser of `chronon` itself: --help, --version, and one subcommand per command of
/// commandTable() (commands.h) that takes everything after its name unread, for the command to parse.
std::unique_ptr<CLI::App> chrononApp();

/// Parses `args` (the arguments after the command name) with `app`. Returns nullopt when the command
/// should go on; otherwise the exit status after printing: 0 after the help text (stdout), 2 after a
/// usage error in the shared form (stderr). Under probeCommandLine it parses nothing and returns 0.
std::optional<int> parseCommandLine(CLI::App& app, const Args& args);

/// Calls `run` (a command's run function, commands.h) on `args` so that it builds its command line,
/// and hands that CLI::App, with all its options and subcommands, to `inspect`: while `run` runs,
/// parseCommandLine gives the app to `inspect`, then parses nothing and returns 0, so the command
/// stops there, before reading a file or stdin. Every command only builds its parser before that
/// point, or looks at `args` to pick one (battle's and run's game or language, which may test
/// whether a positional argument is a folder). Returns false when `run` returned without reaching
/// parseCommandLine (a usage error found in `args` first, printed on stderr). The probe holds on the
/// calling thread only; a nested call probes until it returns, then the outer one again.
bool probeCommandLine(int (*run)(const Args&), const Args& args, const std::function<void(CLI::App&)>& inspect);

/// Prints a usage error found after parsing in the shared form for `chronon <command>` (command such
/// as "battle", or "" for chronon itself) and returns kUsageStatus.
int usageError(const std::string& command, const std::string& message);

/// A validator whose range or set the option's own help text already states, so that the generated
/// help shows only the short value name (N, DIR) instead of repeating it. The description the help
/// leaves out becomes the validator's name (unless it has one), so that valueChoices still finds a set.
CLI::Validator quiet(CLI::Validator validator);

/// The description CLI11 gives a CLI::IsMember set of `words`: "{a,b,c}". For a validator that checks
/// a set its own way (aliases, any case, its own message), so that valueChoices offers its words.
std::string describeSet(const std::vector<std::string>& words);

/// The words the value of `option` is one of, in their order, read from its validators: a
/// CLI::IsMember set (described as "{a,b,c}", also under quiet()) or a describeSet description.
/// Empty when the option takes any value (a number, a file) or none.
std::vector<std::string> valueChoices(CLI::Option& option);

/// Accepts only a whole decimal number from 0 to 2^64 - 1, as written (a seed): the conversion to an
/// unsigned option would take "-1" as 2^64 - 1 and a longer number as the largest one, silently.
CLI::Validator unsignedNumber();

/// Adds `--engine interp|jit` and `--stats` (the engine of Grobots brains, RoboWar robots and RL
/// programs) to `app`, storing them in `choice`.
void addEngineOptions(CLI::App& app, EngineChoice& choice);

/// Adds `--game robowar|grobots` to `app`, storing it in `game`, so that it is parsed and listed in
/// the help; chooseGame acts on it. Another value is a usage error saying "unknown game". Returns the
/// option.
CLI::Option* addGameOption(CLI::App& app, std::string& game);

/// Adds `--profile robowar-1.5|robowar-5` (the RoboTalk language profile) to `app`, storing it in
/// `profile`. Shared by check, compile and disasm.
void addProfileOption(CLI::App& app, robotalk::Profile& profile);

}  // namespace chronon::cli
