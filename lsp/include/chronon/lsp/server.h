#pragma once
// The language server: JSON-RPC 2.0 dispatch of LSP 3.17 messages to the language supports
// (language.h), open documents with incremental sync, debounced diagnostics, cancellation, and the
// shutdown/exit sequence. Malformed messages get JSON-RPC errors; nothing a client sends ends the
// server except `exit`.

#include <chrono>
#include <functional>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/jsonrpc/transport.h"
#include "chronon/lsp/document.h"
#include "chronon/lsp/language.h"

namespace chronon::lsp {

/// Options of the server.
struct ServerOptions {
  /// How long the text must rest after a change before diagnostics are published (milliseconds).
  int debounceMilliseconds = 150;
};

/// The protocol state machine. It is single-threaded and does no I/O: each outgoing message goes to
/// the `send` callback, so tests drive it message by message (runStdio() adds the transport).
class Server {
 public:
  /// Takes the callback that receives every outgoing message (responses and notifications).
  explicit Server(std::function<void(const nlohmann::json&)> send);

  /// Handles one message body (JSON text). Never throws: malformed JSON, a body nesting deeper than
  /// jsonrpc::kMaxNestingDepth, invalid requests, unknown methods and bad parameters become JSON-RPC
  /// errors (requests and over-deep bodies) or are dropped (notifications).
  void handle(std::string_view body);
  /// Handles messages that arrived together: a `$/cancelRequest` among them cancels the requests it
  /// names that have not been handled yet (they are answered with RequestCancelled).
  void handleBatch(const std::vector<std::string>& bodies);
  /// Answers a framing error from the transport (a JSON-RPC parse error with a null id).
  void reportFramingError(jsonrpc::ReadStatus status);

  /// True when some document changed since its diagnostics were last published.
  bool hasPendingDiagnostics() const { return !dirty_.empty(); }
  /// Publishes diagnostics for every changed document, analysing its current (latest) text.
  void publishPending();

  /// True after `exit`.
  bool exited() const { return exited_; }
  /// The exit status LSP prescribes: 0 when `shutdown` came before `exit`, else 1.
  int exitCode() const { return shutdown_ ? 0 : 1; }

 private:
  struct OpenDocument {
    Document document;
    const LanguageSupport* language = nullptr;
    std::unique_ptr<DocumentAnalysis> analysis;
    int analysedVersion = 0;
    bool analysed = false;
  };

  void dispatch(const nlohmann::json& message);
  nlohmann::json request(const std::string& method, const nlohmann::json& params);
  void notification(const std::string& method, const nlohmann::json& params);
  void respond(const nlohmann::json& id, nlohmann::json result);
  void respondError(const nlohmann::json& id, int code, const std::string& message);

  nlohmann::json initialize(const nlohmann::json& params);
  OpenDocument* find(const nlohmann::json& params);
  const DocumentAnalysis* analysisOf(OpenDocument& open);
  uint32_t offsetAt(const OpenDocument& open, const nlohmann::json& params) const;
  void publish(OpenDocument& open);

  std::function<void(const nlohmann::json&)> send_;
  std::map<std::string, OpenDocument> documents_;
  std::set<std::string> dirty_;
  std::set<std::string> cancelled_;  // Ids (as JSON text) of requests cancelled before handling.
  PositionEncoding encoding_ = PositionEncoding::kUtf16;
  bool initialized_ = false;
  bool shutdown_ = false;
  bool exited_ = false;
};

/// Runs the server over `in` and `out` with Content-Length framing until `exit` or the end of
/// input: a reader thread queues messages; the main thread handles them in arrival order and
/// publishes diagnostics once no message has arrived for the debounce interval. Returns the exit
/// status (0 after shutdown + exit, 1 otherwise).
int runStdio(std::istream& in, std::ostream& out, const ServerOptions& options = {});

}  // namespace chronon::lsp
