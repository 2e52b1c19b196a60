#include "chronon/arena/tournament_records.h"
#include "chronon/arena/grobots_side_files.h"
#include "chronon/arena/robowar_tournament_records.h"
#include "chronon/ladder/ladder.h"
#include "chronon/ladder/ladder_import.h"
#include "fuzz_entries.h"
#include "fuzz_support.h"

namespace chronon::fuzz {

void tournamentRecords(std::string_view input) {
  namespace records = arena::records;
  // The first byte picks the lines a reader wants, as `tournament play --shard K/N` reads a plan.
  std::string error;
  records::LineFilter filter;
  std::optional<records::Shard> shard;
  if (!input.empty()) {
    const auto choice = static_cast<unsigned char>(input.front());
    if (choice % 4 != 0) shard = records::parseShard(std::to_string(1 + choice % 3) + "/3", error);
    input.remove_prefix(1);
  }
  if (shard) filter.shard = &*shard;
  std::optional<records::Lines> lines = records::parseLines(input, "<fuzz>", error, filter);
  if (!lines) return;
  // What `chronon tournament` merges: the records by kind, the plan's id and its robots' bytes.
  records::RecordSet set;
  if (records::addRecords(set, *lines, "<fuzz>", /*tornIsError=*/false, error) && set.header) {
    records::planId(*set.header);
    const auto robots = set.header->find("robots");
    if (robots != set.header->end() && robots->is_array()) {
      for (const nlohmann::json& robot : *robots) records::robotBytes(robot, error);
    }
    // A plan's robots or sides, compiled from its bytes as `tournament play` and the ladder do.
    if (set.header->contains("sides")) arena::grobots::sidesFromPlan(*set.header, error);
    arena::robowar::Field field;
    arena::robowar::TournamentOptions options;
    arena::robowar::fieldFromPlan(*set.header, field, options, error);
  }
  // What `chronon ladder import` does with the same lines, into a ladder in memory that has the
  // bundled robots the seeds' plans name.
  std::unique_ptr<ladder::Ladder> ladder = ladder::Ladder::create(":memory:", 1, error);
  if (!ladder) return;
  std::string note;
  for (const char* robot : {"dodger", "spinner", "sitting-duck"}) {
    const std::string path = std::string("stdlib/robowar/") + robot + ".rtk";
    ladder->add(robot, path, bundledFile(path), note, error);
  }
  ladder::ImportedDuels imported;
  if (ladder::importDuels(*ladder, ladder::roboWarImport(), *lines, "<fuzz>", imported, error))
    ladder->store(imported.duels, "import", error);
}

}  // namespace chronon::fuzz
