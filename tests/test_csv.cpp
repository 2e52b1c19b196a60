// Fields of CSV and tab-separated tables (arena/csv.h).

#include <string>

#include <catch2/catch.hpp>

#include "chronon/arena/csv.h"

using chronon::arena::csvField;
using chronon::arena::csvQuoted;
using chronon::arena::tsvField;

TEST_CASE("CSV fields are quoted as RFC 4180 asks", "[csv]") {
  CHECK(csvQuoted("plain") == "\"plain\"");
  CHECK(csvQuoted("") == "\"\"");
  CHECK(csvQuoted("a \"b\", c") == "\"a \"\"b\"\", c\"");
  CHECK(csvField("plain") == "plain");
  CHECK(csvField("") == "");
  CHECK(csvField("a,b") == "\"a,b\"");
  CHECK(csvField("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csvField("two\nlines") == "\"two\nlines\"");
  CHECK(csvField("cr\r") == "\"cr\r\"");
}

TEST_CASE("tab-separated fields lose their tabs and line breaks", "[csv]") {
  CHECK(tsvField("a\tb\nc\rd") == "a b c d");
  CHECK(tsvField("plain, \"quoted\"") == "plain, \"quoted\"");
}
