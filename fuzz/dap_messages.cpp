#include <sstream>

#include "chronon/dap/adapter.h"
#include "chronon/jsonrpc/transport.h"
#include "fuzz_entries.h"

namespace chronon::fuzz {

void dapMessages(std::string_view input) {
  std::istringstream in{std::string(input)};
  dap::Adapter adapter([](const nlohmann::json&) {});
  while (!adapter.done()) {
    jsonrpc::ReadResult message = jsonrpc::readMessage(in);
    if (message.status == jsonrpc::ReadStatus::kEndOfFile) break;
    if (message.status == jsonrpc::ReadStatus::kMessage) {
      adapter.handle(message.body);
    } else {
      adapter.reportFramingError(message.status);
      if (message.status == jsonrpc::ReadStatus::kTruncated) break;
    }
  }
}

}  // namespace chronon::fuzz
