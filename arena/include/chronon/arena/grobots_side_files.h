#pragma once
// Grobots side files as battles, tournaments, replays and ladders load them: read with the checks of
// loadSourceFile, compiled, left out when the original would not load them, and named apart when two
// sides share a name (specs/grobots-world.md §14). What to print about them is the caller's.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/source.h"

namespace chronon::arena::grobots {

/// A Grobots side read and compiled: its file (the path it was read from and its raw bytes) and what
/// compiling it gave. The side's name may carry the `'` that sidesApart adds.
struct LoadedSide {
  SourceFile file;
  grobocode::SideResult result;
};

/// What became of one path given to loadSideFiles.
enum class SideFileFate : uint8_t {
  kLoaded,      ///< The side loads and plays.
  kUnreadable,  ///< The file could not be read (missing, too large, binary: loadSourceFile's errors).
  kNotLoaded,   ///< It was read, but the original would not load it (it never reaches `#end`, §14).
};

/// A path that has something to say: its diagnostics (reading's or compiling's, rendered against
/// `file`, an empty placeholder named by the path when it could not be read) and its fate.
struct SideFileReport {
  SourceFile file;
  Diagnostics diagnostics;
  SideFileFate fate = SideFileFate::kLoaded;
};

/// The sides of loadSideFiles, and its reports.
struct SideFiles {
  std::vector<LoadedSide> sides;        ///< The sides that load, in the order of their paths.
  std::vector<SideFileReport> reports;  ///< One per path with diagnostics or left out, in path order.
};

/// Reads and compiles the side files at `paths` in order. A side that does not load (kUnreadable,
/// kNotLoaded) is left out; the rest keep their order and are named apart (sidesApart). Never throws;
/// work and memory are linear in the files' sizes (each at most kMaxSourceBytes).
SideFiles loadSideFiles(const std::vector<std::string>& paths);

/// Like loadSideFiles for files already read (a replay's entrants): each of `files` is named by its
/// path and holds the file's bytes, checked as loadSourceFile checks a file it reads (too large,
/// binary: kUnreadable), then compiled. Never throws.
SideFiles loadSideBytes(std::vector<SourceFile> files);

/// Gives each side whose name an earlier side of `sides` already has a trailing `'` (more than one
/// until it differs from every earlier name), as the original names apart two sides of a round that
/// share a name (specs/grobots-world.md §14).
void sidesApart(std::vector<LoadedSide>& sides);

/// The sides of a Grobots plan header (records::robotJson entries under `sides`), compiled from the
/// bytes the plan holds and named as the plan names them. A side's file is named by the file name the
/// plan records (its `file`, without a folder) when that is a side file name, else "side.gb". Nullopt with `error` when
/// a side's bytes are missing or do not match their hash, or a side no longer loads (named, or numbered from 1 when the
/// plan gives it no name; a plan from a build that read it otherwise). Diagnostics of sides that load are not reported:
/// they were when the plan was made.
std::optional<std::vector<LoadedSide>> sidesFromPlan(const nlohmann::json& header, std::string& error);

}  // namespace chronon::arena::grobots
