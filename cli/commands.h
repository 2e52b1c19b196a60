#pragma once
// The subcommands of `chronon`. Each is a thin adapter over the libraries: it parses its arguments,
// calls library functions, and prints. Each takes the arguments after the subcommand name and
// returns the process exit status (0 success, 1 the input has errors, 2 usage error).

#include <string>
#include <vector>

namespace chronon::cli {

/// The arguments after the subcommand name.
using Args = std::vector<std::string>;

/// `chronon check FILE...`: diagnostics for each file; exit 1 when any has an error.
int runCheck(const Args& args);

}  // namespace chronon::cli
