#pragma once
// The entry points of Chronon's fuzz targets (docs/robustness.md): each takes one input as bytes and
// hands it to a library the way a user's file or an editor's message reaches it. The libFuzzer
// executables (-DCHRONON_FUZZ=ON, bench/fuzz.sh) call one of them per input; the [robustness] tests
// feed them the regression inputs of tests/fuzz-regressions/ in the normal build. None of them may
// crash, hang or use memory without bound on any input; bad input ends in diagnostics.

#include <span>
#include <string>
#include <string_view>

namespace chronon::fuzz {

/// RoboTalk source: compile, check, and when it compiles a 100-chronon battle against a bundled robot.
void roboTalkSource(std::string_view input);
/// The object-code text format (robotalk_object_code.h): read, check, and a short battle.
void roboTalkObjectCode(std::string_view input);
/// A RoboWar 5 `.RWR` file (robotalk_rwr.h): parse, check its code, and a short battle.
void roboWarRwr(std::string_view input);
/// A Grobots side file: load, check, and 10 frames of a round against a bundled side.
void grobotsSide(std::string_view input);
/// A Robbie Language program: compile (syntax, structure, types) and run 2000 steps in the default room.
void robbieProgram(std::string_view input);
/// A Robbie room file: parse, and run a bundled program 2000 steps in the room.
void robbieRoom(std::string_view input);
/// A replay file (arena/replay.h): inflate and parse, decode the entrants, read the RoboWar rules
/// from the header, and compare the file with itself.
void replayFile(std::string_view input);
/// Tournament and ladder records (JSON Lines, docs/tournament-records.md): after a first byte that
/// picks a shard filter, parsed as `chronon tournament` reads plans and results (records by kind, the
/// plan's id, its robots' bytes, a Grobots plan's sides compiled) and imported as `chronon ladder import` does into a ladder in memory
/// holding three bundled robots.
void tournamentRecords(std::string_view input);
/// Content-Length framed LSP messages: read with jsonrpc/ framing and handled by one language
/// server in order, diagnostics published after each.
void lspMessages(std::string_view input);
/// Content-Length framed DAP messages: read with jsonrpc/ framing and handled by one debug adapter
/// in order. Robot paths in `launch` are read relative to the working directory (the source tree).
void dapMessages(std::string_view input);

/// A fuzz target: its name (also its regression folder under tests/fuzz-regressions/) and entry.
struct Target {
  const char* name;
  void (*run)(std::string_view input);
};

/// Every target, in the order bench/fuzz.sh runs them.
std::span<const Target> targets();

}  // namespace chronon::fuzz
