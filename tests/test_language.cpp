// The language registry (compiler/language.h): a file's language by its extension, a language by
// its name, and the table's rows.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "chronon/compiler/language.h"

using chronon::editorLanguageOf;
using chronon::LanguageId;
using chronon::LanguageInfo;
using chronon::languageInfo;
using chronon::languageNamed;
using chronon::languageOf;
using chronon::languages;

TEST_CASE("a file's language is its extension's, in any case", "[language]") {
  CHECK(languageOf("dodger.rtk") == LanguageId::kRoboTalk);
  CHECK(languageOf("Silo IV.txt") == LanguageId::kRoboTalk);
  CHECK(languageOf("/robots/HotShot.RWR") == LanguageId::kRoboTalk);
  CHECK(languageOf("mice.Gb") == LanguageId::kGrobocode);
  CHECK(languageOf("sides/Algae.GB") == LanguageId::kGrobocode);
  CHECK(languageOf("/x/Tour.RL") == LanguageId::kRobbie);
  CHECK(languageOf("tour.rL") == LanguageId::kRobbie);
  // Only the last dot counts.
  CHECK(languageOf("old.gb.rtk") == LanguageId::kRoboTalk);
  CHECK(languageOf("a.b.c.rl") == LanguageId::kRobbie);
  CHECK(languageOf("..gb") == LanguageId::kGrobocode);
}

TEST_CASE("names without an extension of ours have no language", "[language]") {
  CHECK(languageOf("") == std::nullopt);
  CHECK(languageOf("gb") == std::nullopt);
  CHECK(languageOf("Makefile") == std::nullopt);
  CHECK(languageOf("robots/dodger") == std::nullopt);
  CHECK(languageOf("x.gbx") == std::nullopt);
  CHECK(languageOf("x.g") == std::nullopt);
  CHECK(languageOf("notes.md") == std::nullopt);
  CHECK(languageOf("side.gb.bak") == std::nullopt);
  CHECK(languageOf("trailing.") == std::nullopt);
  CHECK(languageOf(".") == std::nullopt);
  CHECK(languageOf("..") == std::nullopt);
  // A dotfile's name is all stem: ".gb" is no side, in a folder or not.
  CHECK(languageOf(".gb") == std::nullopt);
  CHECK(languageOf(".rl") == std::nullopt);
  CHECK(languageOf("sides/.gb") == std::nullopt);
  CHECK(languageOf("/x/.RTK") == std::nullopt);
  // A folder's extension is not the file's.
  CHECK(languageOf("sides.gb/") == std::nullopt);
  CHECK(languageOf("sides.gb/readme") == std::nullopt);
  CHECK(languageOf("programs.rl/tour.gb") == LanguageId::kGrobocode);
}

TEST_CASE("editors know a language by its own extension alone", "[language]") {
  CHECK(editorLanguageOf("/x/Dodger.RTK") == LanguageId::kRoboTalk);
  CHECK(editorLanguageOf("mice.gb") == LanguageId::kGrobocode);
  CHECK(editorLanguageOf("tour.Rl") == LanguageId::kRobbie);
  // .txt and .rwr files are RoboTalk only where a command expects a robot.
  CHECK(editorLanguageOf("notes.txt") == std::nullopt);
  CHECK(editorLanguageOf("HotShot.RWR") == std::nullopt);
  CHECK(languageOf("notes.txt") == LanguageId::kRoboTalk);
  CHECK(editorLanguageOf(".gb") == std::nullopt);
  CHECK(editorLanguageOf("x.gbx") == std::nullopt);
}

TEST_CASE("a language is named by its key or an alias, exactly", "[language]") {
  CHECK(languageNamed("robotalk") == LanguageId::kRoboTalk);
  CHECK(languageNamed("rtk") == LanguageId::kRoboTalk);
  CHECK(languageNamed("grobocode") == LanguageId::kGrobocode);
  CHECK(languageNamed("gb") == LanguageId::kGrobocode);
  CHECK(languageNamed("robbie") == LanguageId::kRobbie);
  CHECK(languageNamed("rl") == LanguageId::kRobbie);
  CHECK(languageNamed("") == std::nullopt);
  CHECK(languageNamed("RoboTalk") == std::nullopt);
  CHECK(languageNamed("plaintext") == std::nullopt);
  CHECK(languageNamed(".rl") == std::nullopt);
  CHECK(languageNamed(" rl") == std::nullopt);
}

TEST_CASE("the table has one row per language, in id order", "[language]") {
  REQUIRE(languages().size() == 3);
  for (size_t i = 0; i < languages().size(); ++i) {
    const LanguageInfo& row = languages()[i];
    CHECK(static_cast<size_t>(row.id) == i);
    CHECK(&languageInfo(row.id) == &row);
    // Every name leads back to its row, and so does every extension.
    CHECK(languageNamed(row.key) == row.id);
    for (const std::string_view alias : row.aliases) CHECK(languageNamed(alias) == row.id);
    CHECK(languageNamed(row.promptName) == row.id);
    REQUIRE_FALSE(row.extensions.empty());
    CHECK(editorLanguageOf("file" + std::string(row.extensions.front())) == row.id);
    for (const std::string_view extension : row.extensions)
      CHECK(languageOf("file" + std::string(extension)) == row.id);
  }
  const LanguageInfo& roboTalk = languageInfo(LanguageId::kRoboTalk);
  CHECK(roboTalk.key == "robotalk");
  CHECK(roboTalk.promptName == "robotalk");
  CHECK(roboTalk.displayName == "RoboTalk");
  CHECK(roboTalk.game == "RoboWar");
  REQUIRE(roboTalk.extensions.size() == 3);
  CHECK(roboTalk.extensions[0] == ".rtk");
  CHECK(roboTalk.extensions[1] == ".txt");
  CHECK(roboTalk.extensions[2] == ".rwr");
  const LanguageInfo& grobocode = languageInfo(LanguageId::kGrobocode);
  CHECK(grobocode.key == "grobocode");
  CHECK(grobocode.displayName == "Grobocode");
  CHECK(grobocode.game == "Grobots");
  const LanguageInfo& robbie = languageInfo(LanguageId::kRobbie);
  CHECK(robbie.key == "robbie");
  CHECK(robbie.promptName == "rl");
  CHECK(robbie.displayName == "Robbie Language");
}
