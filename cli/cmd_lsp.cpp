// `chronon lsp`: the language server over stdin and stdout (LSP 3.17, JSON-RPC with Content-Length
// framing). Everything it does lives in lsp/; this adapter only parses the options.

#include <cstdio>
#include <iostream>
#include <string>

#include "chronon/lsp/server.h"
#include "commands.h"

namespace chronon::cli {

namespace {

constexpr const char* kLspUsage =
    "usage: chronon lsp [--stdio] [--debounce MS]\n"
    "\n"
    "Runs the Chronon language server on stdin and stdout (LSP 3.17) for Grobots sides (.gb), RoboTalk\n"
    "robots (.rtk, .txt) and Robbie Language programs (.rl): diagnostics from the compiler and the stack\n"
    "checker, hover, completion, definition, references, rename, symbols, semantic tokens, inlay hints,\n"
    "formatting and quick fixes, and chronon/disassembly (the listing of a document's current text).\n"
    "\n"
    "  --stdio          accepted for clients that pass it; stdio is the only transport\n"
    "  --debounce MS    publish diagnostics once the text rested MS milliseconds (default 150)\n";

}  // namespace

int runLsp(const Args& args) {
  lsp::ServerOptions options;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      std::fputs(kLspUsage, stdout);
      return 0;
    }
    if (args[i] == "--stdio") continue;
    if (args[i] == "--debounce" && i + 1 < args.size()) {
      try {
        options.debounceMilliseconds = std::stoi(args[++i]);
      } catch (const std::exception&) {
        options.debounceMilliseconds = -1;
      }
      if (options.debounceMilliseconds < 0 || options.debounceMilliseconds > 60000) {
        std::fprintf(stderr, "chronon lsp: --debounce needs milliseconds from 0 to 60000\n");
        return 2;
      }
      continue;
    }
    std::fprintf(stderr, "chronon lsp: unknown option '%s'\n\n%s", args[i].c_str(), kLspUsage);
    return 2;
  }
  std::ios::sync_with_stdio(false);
  return lsp::runStdio(std::cin, std::cout, options);
}

}  // namespace chronon::cli
