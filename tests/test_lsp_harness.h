#pragma once
// The language server driven in process, as tests/test_lsp.cpp and tests/test_toy_language.cpp use it:
// messages go in through lsp::Server::handle and come out into a vector.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "chronon/lsp/server.h"

namespace chronon::test {

/// A server whose output is collected in `out`.
struct LspHarness {
  std::vector<nlohmann::json> out;
  lsp::Server server{[this](const nlohmann::json& message) { out.push_back(message); }};

  /// Sends request `method` with `params` as id `id`; returns its one reply.
  nlohmann::json request(int id, const std::string& method, const nlohmann::json& params) {
    out.clear();
    server.handle(nlohmann::json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
    REQUIRE(out.size() == 1);
    return out.front();
  }
  /// Sends notification `method` with `params`.
  void notify(const std::string& method, const nlohmann::json& params) {
    server.handle(nlohmann::json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}.dump());
  }
  /// initialize and initialized, with no capabilities.
  void start() {
    request(1, "initialize",
            nlohmann::json{{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", nlohmann::json::object()}});
    notify("initialized", nlohmann::json::object());
  }
  /// Opens document `uri` of `language` with `text`, version 1.
  void open(const std::string& uri, const std::string& language, const std::string& text) {
    notify("textDocument/didOpen",
           nlohmann::json{{"textDocument", {{"uri", uri}, {"languageId", language}, {"version", 1}, {"text", text}}}});
  }
  /// The diagnostics published for the one document that changed.
  nlohmann::json diagnostics() {
    out.clear();
    server.publishPending();
    REQUIRE(out.size() == 1);
    CHECK(out.front()["method"] == "textDocument/publishDiagnostics");
    return out.front()["params"]["diagnostics"];
  }
};

}  // namespace chronon::test
