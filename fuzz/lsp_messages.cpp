#include <sstream>

#include "chronon/jsonrpc/transport.h"
#include "chronon/lsp/server.h"
#include "fuzz_entries.h"

namespace chronon::fuzz {

void lspMessages(std::string_view input) {
  std::istringstream in{std::string(input)};
  lsp::Server server([](const nlohmann::json&) {});
  while (!server.exited()) {
    jsonrpc::ReadResult message = jsonrpc::readMessage(in);
    if (message.status == jsonrpc::ReadStatus::kEndOfFile) break;
    if (message.status == jsonrpc::ReadStatus::kMessage) {
      server.handle(message.body);
    } else {
      server.reportFramingError(message.status);
      if (message.status == jsonrpc::ReadStatus::kTruncated) break;
    }
    server.publishPending();
  }
}

}  // namespace chronon::fuzz
