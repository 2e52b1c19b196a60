#include <cstdio>

#include "commands.h"
#include "chronon/compiler/load.h"

namespace chronon::cli {

int runCheck(const Args& args) {
  if (args.empty()) {
    std::fprintf(stderr, "usage: chronon check FILE...\n");
    return 2;
  }
  int status = 0;
  for (const std::string& path : args) {
    Diagnostics diagnostics;
    auto file = loadSourceFile(path, diagnostics);
    if (!file) {
      for (const Diagnostic& d : diagnostics.all()) {
        std::fprintf(stderr, "%s: error: %s [%s]\n", path.c_str(), d.message.c_str(), codeName(d.code).c_str());
      }
      status = 1;
    }
  }
  return status;
}

}  // namespace chronon::cli
