// The fuzzers' findings as regression cases (docs/robustness.md): every file under
// tests/fuzz-regressions/<target>/ is fed to the entry point of fuzz/fuzz_entries.h that the fuzzer
// of that name calls. Each input once crashed, hung or tripped a sanitizer; now it must end in
// diagnostics. bench/asan.sh runs these cases under ASan + UBSan as well.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/replay.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/dap/adapter.h"
#include "chronon/jsonrpc/transport.h"
#include "chronon/lsp/server.h"
#include "fuzz_entries.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;

fs::path regressionsDir() { return chronon::test::sourceDir() / "tests" / "fuzz-regressions"; }

using chronon::test::readFile;

// The files of `dir`, sorted, so that a failure names the same input on every machine.
std::vector<fs::path> filesOf(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// `depth` arrays nested inside one another.
std::string nested(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

// Runs from the source tree, as bench/fuzz.sh runs the fuzzers: the DAP inputs launch bundled robots
// by relative path.
struct InSourceTree {
  fs::path previous = fs::current_path();
  InSourceTree() { fs::current_path(chronon::test::sourceDir()); }
  ~InSourceTree() { fs::current_path(previous); }
};

}  // namespace

TEST_CASE("Every folder of tests/fuzz-regressions names a fuzz target", "[robustness]") {
  REQUIRE(fs::is_directory(regressionsDir()));
  size_t folders = 0;
  for (const auto& entry : fs::directory_iterator(regressionsDir())) {
    if (!entry.is_directory()) continue;
    const std::string name = entry.path().filename().string();
    INFO(name);
    const auto targets = chronon::fuzz::targets();
    CHECK(std::any_of(targets.begin(), targets.end(), [&](const auto& t) { return name == t.name; }));
    CHECK_FALSE(filesOf(entry.path()).empty());
    ++folders;
  }
  CHECK(folders > 0);
}

TEST_CASE("The fuzzers' findings end in diagnostics, not crashes", "[robustness]") {
  InSourceTree inSourceTree;
  size_t fed = 0;
  for (const chronon::fuzz::Target& target : chronon::fuzz::targets()) {
    const fs::path dir = regressionsDir() / target.name;
    if (!fs::is_directory(dir)) continue;
    for (const fs::path& file : filesOf(dir)) {
      INFO(target.name << ": " << file.filename().string());
      const std::string input = readFile(file);
      target.run(input);
      ++fed;
      SUCCEED();
    }
  }
  CHECK(fed > 0);
}

TEST_CASE("JSON nesting is limited before parsing: LSP, DAP and replays say so", "[robustness]") {
  namespace jsonrpc = chronon::jsonrpc;
  using nlohmann::json;
  CHECK_FALSE(jsonrpc::nestsDeeperThan(nested(64), 64));
  CHECK(jsonrpc::nestsDeeperThan(nested(65), 64));
  CHECK_FALSE(jsonrpc::nestsDeeperThan("{\"a\":\"[[[[\\\"[[[[\"}", 1));  // Brackets in strings do not count.
  CHECK(jsonrpc::nestsDeeperThan("[[[\"]]]\"", 2));                      // Nor do the brackets that close them.

  std::vector<json> out;
  chronon::lsp::Server server([&](const json& message) { out.push_back(message); });
  server.handle(R"({"jsonrpc":"2.0","id":1,"method":"shutdown","params":)" + nested(10) + "}");
  REQUIRE(out.size() == 1);
  CHECK(out[0].dump().find("nests") == std::string::npos);
  out.clear();
  server.handle(R"({"jsonrpc":"2.0","id":2,"method":"shutdown","params":)" + nested(100000) + "}");
  REQUIRE(out.size() == 1);
  CHECK(out[0]["error"]["code"] == -32600);
  CHECK(out[0]["error"]["message"] == "message nests arrays and objects deeper than 64 levels");

  std::vector<json> sent;
  chronon::dap::Adapter adapter([&](const json& message) { sent.push_back(message); });
  adapter.handle(R"({"seq":1,"type":"request","command":"initialize","arguments":{"x":)" + nested(100000) + "}}");
  REQUIRE(sent.size() == 1);
  CHECK(sent[0]["success"] == false);
  CHECK(sent[0]["message"] == "the message nests arrays and objects deeper than 64 levels");

  std::string error;
  const std::string header = R"({"format":"chronon-replay","version":1,"game":"robbie","deep":)";
  CHECK(chronon::arena::replay::parse(header + nested(63) + "}\n", error));  // 64 with the header.
  CHECK_FALSE(chronon::arena::replay::parse(header + nested(100000) + "}\n", error));
  CHECK(error == "line 1 nests arrays and objects deeper than 64 levels");

  // Tournament and ladder records: the line is refused before anything copies or prints it.
  const std::string record = R"({"record":"tournament","deep":)";
  CHECK(chronon::arena::records::parseLines(record + nested(63) + "}\n", "plan.jsonl", error));
  CHECK_FALSE(chronon::arena::records::parseLines(record + nested(100000) + "}\n", "plan.jsonl", error));
  CHECK(error == "plan.jsonl:1: nests arrays and objects deeper than 64 levels");
}
