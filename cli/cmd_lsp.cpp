// `chronon lsp`: the language server over stdin and stdout (LSP 3.17, JSON-RPC with Content-Length
// framing). Everything it does lives in lsp/; this adapter only parses the options.

#include <cstdio>
#include <iostream>
#include <string>

#include "chronon/lsp/server.h"
#include "command_line.h"
#include "commands.h"

namespace chronon::cli {

namespace {

constexpr const char* kLspDescription =
    "Runs the Chronon language server on stdin and stdout (LSP 3.17) for Grobots sides (.gb), RoboTalk\n"
    "robots (.rtk, .txt) and Robbie Language programs (.rl): diagnostics from the compiler and the stack\n"
    "checker, hover, completion, definition, references, rename, symbols, semantic tokens, inlay hints,\n"
    "formatting and quick fixes, and chronon/disassembly (the listing of a document's current text).\n";

}  // namespace

int runLsp(const Args& args) {
  lsp::ServerOptions options;
  const std::unique_ptr<CLI::App> app = commandApp("lsp", kLspDescription);
  bool stdio = false;  // stdio is the only transport, so the flag changes nothing.
  app->add_flag("--stdio", stdio, "accepted for clients that pass it; stdio is the only transport");
  app->add_option("--debounce", options.debounceMilliseconds,
                  "publish diagnostics once the text rested MS milliseconds (0 to 60000, default 150)")
      ->check(quiet(CLI::Range(0, 60000)))
      ->type_name("MS");
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  std::ios::sync_with_stdio(false);
  return lsp::runStdio(std::cin, std::cout, options);
}

}  // namespace chronon::cli
