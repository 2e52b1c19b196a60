// libFuzzer's entry for one target: CHRONON_FUZZ_ENTRY names the function of fuzz_entries.h that
// this executable fuzzes (fuzz/CMakeLists.txt builds one executable per target).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  chronon::fuzz::CHRONON_FUZZ_ENTRY(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
