// The shared part of the breakpoint requests (breakpoint_requests.h).

#include "chronon/dap/breakpoint_requests.h"

#include <filesystem>
#include <system_error>

namespace chronon::dap {

std::string absolutePath(const std::string& path) {
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  if (ec) return path;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal().string() : canonical.string();
}

}  // namespace chronon::dap
