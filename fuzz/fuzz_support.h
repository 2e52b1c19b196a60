#pragma once
// What several fuzz targets share: the bundled robots they play against, and a short battle.

#include <string>
#include <string_view>

#include "chronon/compiler/robotalk.h"

namespace chronon::fuzz {

/// The bytes of `relativePath` under the source tree (a bundled robot, side or program), read once
/// and kept; empty when the file is missing.
const std::string& bundledFile(std::string_view relativePath);

/// Checks `program` with the stack checker, and unless it has errors runs a 100-chronon battle of it
/// against the bundled spinner (seed 1, interpreter).
void checkAndBattle(const robotalk::Program& program);

}  // namespace chronon::fuzz
