// Loading Grobots side files (arena/grobots_side_files.h): from disk, with what each path reports and
// the original's `'` for a repeated name (specs/grobots-world.md §14), and from a plan's header.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "chronon/arena/grobots_side_files.h"
#include "chronon/arena/grobots_tournament_records.h"
#include "chronon/arena/tournament_records.h"
#include "test_support.h"

using namespace chronon;
using namespace chronon::arena;
using namespace chronon::arena::grobots;

namespace {

std::string bundled(const char* name) { return (test::sourceDir() / "stdlib" / "grobots" / name).string(); }

void writeText(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// A plan header of `paths`, as `chronon tournament plan` writes it.
nlohmann::json planOf(const std::vector<LoadedSide>& sides) {
  std::vector<PlannedSide> planned;
  for (const LoadedSide& s : sides) planned.push_back({s.result.side.name, s.file.name(), std::string(s.file.text())});
  return planHeader(planned, TournamentOptions{});
}

}  // namespace

TEST_CASE("side files: what loads, what each path reports, and names set apart", "[grobots-side-files]") {
  const records::TempFolder temp("chronon-test-sides");
  REQUIRE(!temp.path.empty());
  const std::string broken = (temp.path / "broken.gb").string();
  writeText(broken, "#side Broken\n#type x\n#code\n1 2 +\n");  // never reaches #end
  const std::string junk = (temp.path / "junk.gb").string();
  writeText(junk, std::string("\x01\x02\x03\x00\x04\x05", 6) + std::string(200, '\x07'));
  const std::string missing = (temp.path / "missing.gb").string();

  const SideFiles files =
      loadSideFiles({bundled("algae.gb"), broken, junk, missing, bundled("algae.gb"), bundled("algae.gb")});

  // The three good paths load in order, each repeat of the name one `'` further apart.
  REQUIRE(files.sides.size() == 3);
  const std::string name = files.sides[0].result.side.name;
  CHECK(!name.empty());
  CHECK(files.sides[1].result.side.name == name + "'");
  CHECK(files.sides[2].result.side.name == name + "''");
  CHECK(files.sides[0].file.name() == bundled("algae.gb"));
  CHECK(files.sides[0].file.text() == test::readFile(bundled("algae.gb")));

  // The bundled side has no diagnostic, so only the three bad paths report, in path order.
  REQUIRE(files.reports.size() == 3);
  CHECK(files.reports[0].file.name() == broken);
  CHECK(files.reports[0].fate == SideFileFate::kNotLoaded);
  REQUIRE(!files.reports[0].diagnostics.all().empty());
  CHECK(codeName(files.reports[0].diagnostics.all()[0].code) == "GB614");
  CHECK(files.reports[1].file.name() == junk);
  CHECK(files.reports[1].fate == SideFileFate::kUnreadable);
  REQUIRE(!files.reports[1].diagnostics.all().empty());
  CHECK(codeName(files.reports[1].diagnostics.all()[0].code) == "RT102");
  CHECK(files.reports[2].file.name() == missing);
  CHECK(files.reports[2].fate == SideFileFate::kUnreadable);
  REQUIRE(!files.reports[2].diagnostics.all().empty());
  CHECK(codeName(files.reports[2].diagnostics.all()[0].code) == "RT100");
}

TEST_CASE("side files: bytes already read load as the files that held them", "[grobots-side-files]") {
  const std::string algae = test::readFile(bundled("algae.gb"));
  const SideFiles files =
      loadSideBytes({SourceFile("algae.gb", algae), SourceFile("broken.gb", "#side B\n#code\n"),
                     SourceFile("junk.gb", std::string("\x01\x00\x02", 3)), SourceFile("again.gb", algae)});
  // The same sides, names set apart, and reports as loadSideFiles gives for such files.
  const SideFiles fromDisk = loadSideFiles({bundled("algae.gb")});
  REQUIRE(fromDisk.sides.size() == 1);
  REQUIRE(files.sides.size() == 2);
  CHECK(files.sides[0].file.name() == "algae.gb");
  CHECK(files.sides[0].file.text() == algae);
  CHECK(files.sides[0].result.side.name == fromDisk.sides[0].result.side.name);
  CHECK(files.sides[1].result.side.name == fromDisk.sides[0].result.side.name + "'");
  REQUIRE(files.reports.size() == 2);
  CHECK(files.reports[0].fate == SideFileFate::kNotLoaded);
  CHECK(files.reports[1].file.name() == "junk.gb");
  CHECK(files.reports[1].fate == SideFileFate::kUnreadable);
  REQUIRE(!files.reports[1].diagnostics.all().empty());
  CHECK(codeName(files.reports[1].diagnostics.all()[0].code) == "RT102");
}

TEST_CASE("side files: sidesApart keeps adding until a name is new", "[grobots-side-files]") {
  SideFiles files = loadSideFiles({bundled("algae.gb"), bundled("hive.gb")});
  REQUIRE(files.sides.size() == 2);
  // A later side already named like an earlier one after its `'` gets a second one.
  files.sides.push_back(files.sides[0]);
  files.sides.push_back(files.sides[0]);
  files.sides[2].result.side.name = files.sides[0].result.side.name + "'";
  sidesApart(files.sides);
  CHECK(files.sides[2].result.side.name == files.sides[0].result.side.name + "'");
  CHECK(files.sides[3].result.side.name == files.sides[0].result.side.name + "''");
  CHECK(files.sides[1].result.side.name != files.sides[0].result.side.name);
}

TEST_CASE("side files: a plan's sides compile from its bytes under its names", "[grobots-side-files]") {
  const SideFiles files = loadSideFiles({bundled("algae.gb"), bundled("algae.gb"), bundled("hive.gb")});
  REQUIRE(files.sides.size() == 3);
  const nlohmann::json header = planOf(files.sides);
  std::string error;

  const std::optional<std::vector<LoadedSide>> fromPlan = sidesFromPlan(header, error);
  REQUIRE(fromPlan.has_value());
  REQUIRE(fromPlan->size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    // The names the plan recorded, the `'` included; the bytes the plan holds; the file name alone.
    CHECK((*fromPlan)[i].result.side.name == files.sides[i].result.side.name);
    CHECK((*fromPlan)[i].file.text() == files.sides[i].file.text());
    CHECK((*fromPlan)[i].file.name() == std::filesystem::path(files.sides[i].file.name()).filename().string());
    CHECK((*fromPlan)[i].result.side.types.size() == files.sides[i].result.side.types.size());
  }

  SECTION("a file name that is not a side's reads as side.gb") {
    nlohmann::json odd = header;
    odd["sides"][0]["file"] = 5;
    odd["sides"][1]["file"] = "../notes.txt";
    const std::optional<std::vector<LoadedSide>> sides = sidesFromPlan(odd, error);
    REQUIRE(sides.has_value());
    CHECK((*sides)[0].file.name() == "side.gb");
    CHECK((*sides)[1].file.name() == "side.gb");
    CHECK((*sides)[2].file.name() == "hive.gb");
  }
  SECTION("changed bytes are refused by their hash") {
    nlohmann::json changed = header;
    changed["sides"][2]["source"] = changed["sides"][2].value("source", std::string()) + "\n";
    changed["sides"][2].erase("sourceBase64");
    CHECK(!sidesFromPlan(changed, error).has_value());
    CHECK(error.find("hash") != std::string::npos);
  }
  SECTION("a side that no longer loads is refused by name") {
    nlohmann::json broken = header;
    broken["sides"][1] = records::robotJson("Broken", "broken.gb", "#side Broken\n#type x\n#code\n");
    CHECK(!sidesFromPlan(broken, error).has_value());
    CHECK(error == "side 'Broken' of the plan no longer loads");
    broken["sides"][1]["name"] = 7;
    CHECK(!sidesFromPlan(broken, error).has_value());
    CHECK(error == "side 2 of the plan no longer loads");
  }
  SECTION("a header without sides is refused") {
    nlohmann::json none = header;
    none.erase("sides");
    CHECK(!sidesFromPlan(none, error).has_value());
    none["sides"] = "all of them";
    CHECK(!sidesFromPlan(none, error).has_value());
  }
}
