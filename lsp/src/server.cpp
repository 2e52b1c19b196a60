// JSON-RPC dispatch and the LSP methods. Each handler reads its parameters with nlohmann::json's
// checked accessors; a type error there becomes InvalidParams, never a crash.

#include "chronon/lsp/server.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "chronon/compiler/source.h"
#include "chronon/jsonrpc/json_text.h"
#include "chronon/lsp/protocol.h"

namespace chronon::lsp {

using nlohmann::json;
// The framing is shared with the debug adapter (jsonrpc/transport.h).
using jsonrpc::kMaxMessageBytes;
using jsonrpc::readMessage;
using jsonrpc::ReadResult;
using jsonrpc::ReadStatus;
using jsonrpc::writeMessage;

namespace {

constexpr std::string_view kServerVersion = "0.1.0";

// A request failure with a JSON-RPC error code, thrown by handlers and answered by dispatch().
struct RequestError {
  ErrorCode code;
  std::string message;
};

std::string idKey(const json& id) { return jsonrpc::jsonText(id); }

}  // namespace

Server::Server(std::function<void(const json&)> send) : send_(std::move(send)) {}

void Server::respond(const json& id, json result) {
  send_(json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void Server::respondError(const json& id, int code, const std::string& message) {
  send_(json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

void Server::reportFramingError(ReadStatus status) {
  switch (status) {
    case ReadStatus::kBadHeader:
      respondError(nullptr, static_cast<int>(ErrorCode::kParseError), "message header has no valid Content-Length");
      return;
    case ReadStatus::kTooLarge:
      respondError(nullptr, static_cast<int>(ErrorCode::kParseError),
                   "message larger than " + std::to_string(kMaxMessageBytes) + " bytes was skipped");
      return;
    case ReadStatus::kTruncated:
    case ReadStatus::kMessage:
    case ReadStatus::kEndOfFile: return;
  }
}

void Server::handleBatch(const std::vector<std::string>& bodies) {
  for (const std::string& body : bodies) {
    // handle() answers a body nested too deeply; its cancellations are not read here either.
    if (jsonrpc::nestsDeeperThan(body, jsonrpc::kMaxNestingDepth)) continue;
    const json message = json::parse(body, nullptr, false);
    if (message.is_object() && message.contains("method") && message["method"] == "$/cancelRequest" &&
        message.contains("params") && message["params"].is_object() && message["params"].contains("id")) {
      cancelled_.insert(idKey(message["params"]["id"]));
    }
  }
  for (const std::string& body : bodies) handle(body);
  cancelled_.clear();
}

void Server::handle(std::string_view body) {
  // Checked before parsing: the values of a deeper message would be copied and printed recursively.
  if (jsonrpc::nestsDeeperThan(body, jsonrpc::kMaxNestingDepth)) {
    respondError(
        nullptr, static_cast<int>(ErrorCode::kInvalidRequest),
        "message nests arrays and objects deeper than " + std::to_string(jsonrpc::kMaxNestingDepth) + " levels");
    return;
  }
  json message = json::parse(body, nullptr, false);
  if (message.is_discarded()) {
    respondError(nullptr, static_cast<int>(ErrorCode::kParseError), "message is not valid JSON");
    return;
  }
  dispatch(message);
}

void Server::dispatch(const json& message) {
  if (!message.is_object()) {
    respondError(nullptr, static_cast<int>(ErrorCode::kInvalidRequest), "a message must be a JSON object");
    return;
  }
  const bool hasId = message.contains("id");
  const json id = hasId ? message["id"] : json(nullptr);
  if (hasId && !id.is_number_integer() && !id.is_string() && !id.is_null()) {
    respondError(nullptr, static_cast<int>(ErrorCode::kInvalidRequest), "id must be an integer or a string");
    return;
  }
  if (!message.contains("method")) {
    // A response to a request the server never sends, or junk: answer only what carries an id.
    if (hasId && !message.contains("result") && !message.contains("error"))
      respondError(id, static_cast<int>(ErrorCode::kInvalidRequest), "a request needs a method");
    return;
  }
  if (!message["method"].is_string()) {
    if (hasId) respondError(id, static_cast<int>(ErrorCode::kInvalidRequest), "method must be a string");
    return;
  }
  const std::string method = message["method"].get<std::string>();
  const json params = message.contains("params") ? message["params"] : json::object();
  if (!hasId) {
    try {
      notification(method, params);
    } catch (...) {
      // A notification has no reply; a malformed one is dropped (LSP 3.17 "Notification Message").
    }
    return;
  }
  if (cancelled_.count(idKey(id)) != 0) {
    respondError(id, static_cast<int>(ErrorCode::kRequestCancelled), "request cancelled");
    return;
  }
  if (exited_) return;
  if (!initialized_ && method != "initialize") {
    respondError(id, static_cast<int>(ErrorCode::kServerNotInitialized), "the server is not initialized");
    return;
  }
  if (shutdown_) {
    respondError(id, static_cast<int>(ErrorCode::kInvalidRequest), "the server is shutting down");
    return;
  }
  try {
    respond(id, request(method, params));
  } catch (const RequestError& error) {
    respondError(id, static_cast<int>(error.code), error.message);
  } catch (const json::exception& error) {
    respondError(id, static_cast<int>(ErrorCode::kInvalidParams), std::string("invalid params: ") + error.what());
  } catch (const ParamsError& error) {
    respondError(id, static_cast<int>(ErrorCode::kInvalidParams), std::string("invalid params: ") + error.what());
  } catch (const std::exception& error) {
    respondError(id, static_cast<int>(ErrorCode::kInternalError), std::string("internal error: ") + error.what());
  } catch (...) {
    respondError(id, static_cast<int>(ErrorCode::kInternalError), "internal error");
  }
}

json Server::initialize(const json& params) {
  if (initialized_) throw RequestError{ErrorCode::kInvalidRequest, "initialize was already received"};
  if (!params.is_object()) throw RequestError{ErrorCode::kInvalidParams, "initialize needs an object"};
  initialized_ = true;
  // UTF-8 positions when the client offers them (fewer conversions), else the default UTF-16.
  encoding_ = PositionEncoding::kUtf16;
  const json* capabilities = params.contains("capabilities") ? &params["capabilities"] : nullptr;
  if (capabilities != nullptr && capabilities->is_object() && capabilities->contains("general") &&
      (*capabilities)["general"].is_object() && (*capabilities)["general"].contains("positionEncodings") &&
      (*capabilities)["general"]["positionEncodings"].is_array()) {
    for (const json& e : (*capabilities)["general"]["positionEncodings"]) {
      if (e == "utf-8") encoding_ = PositionEncoding::kUtf8;
    }
  }
  return json{{"capabilities",
               {{"positionEncoding", encoding_ == PositionEncoding::kUtf8 ? "utf-8" : "utf-16"},
                {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
                {"hoverProvider", true},
                {"completionProvider", {{"triggerCharacters", json::array({"#"})}, {"resolveProvider", false}}},
                {"definitionProvider", true},
                {"referencesProvider", true},
                {"renameProvider", {{"prepareProvider", true}}},
                {"documentSymbolProvider", true},
                {"workspaceSymbolProvider", true},
                {"semanticTokensProvider", {{"legend", semanticTokensLegend()}, {"full", true}, {"range", false}}},
                {"inlayHintProvider", true},
                {"signatureHelpProvider", {{"triggerCharacters", json::array({" "})}}},
                {"documentFormattingProvider", true},
                {"codeActionProvider", {{"codeActionKinds", json::array({"quickfix"})}}},
                // Chronon's own requests (lsp/README.md): `chronon/disassembly`.
                {"experimental", {{"disassembly", true}}}}},
              {"serverInfo", {{"name", "chronon"}, {"version", kServerVersion}}}};
}

Server::OpenDocument* Server::find(const json& params) {
  const std::string uri = params.at("textDocument").at("uri").get<std::string>();
  const auto it = documents_.find(uri);
  if (it == documents_.end()) throw RequestError{ErrorCode::kInvalidParams, "document is not open: " + uri};
  return &it->second;
}

const DocumentAnalysis* Server::analysisOf(OpenDocument& open) {
  if (!open.analysed || open.analysedVersion != open.document.version()) {
    open.analysis = rejectBadInput(open.document.text());
    if (!open.analysis && open.language != nullptr) {
      open.analysis = open.language->analyze(SourceFile(fileNameOf(open.document.uri()), open.document.text()));
    }
    open.analysedVersion = open.document.version();
    open.analysed = true;
  }
  return open.analysis.get();
}

uint32_t Server::offsetAt(const OpenDocument& open, const json& params) const {
  return open.document.offsetOf(positionFromJson(params.at("position")), encoding_);
}

void Server::publish(OpenDocument& open) {
  json diagnostics = json::array();
  if (const DocumentAnalysis* analysis = analysisOf(open)) {
    for (const Diagnostic& d : analysis->diagnostics()) diagnostics.push_back(toJson(open.document, d, encoding_));
  }
  send_(json{
      {"jsonrpc", "2.0"},
      {"method", "textDocument/publishDiagnostics"},
      {"params", {{"uri", open.document.uri()}, {"version", open.document.version()}, {"diagnostics", diagnostics}}}});
}

void Server::publishPending() {
  for (const std::string& uri : dirty_) {
    if (const auto it = documents_.find(uri); it != documents_.end()) publish(it->second);
  }
  dirty_.clear();
}

void Server::notification(const std::string& method, const json& params) {
  if (method == "exit") {
    exited_ = true;
    return;
  }
  if (!initialized_ || shutdown_) return;
  if (method == "textDocument/didOpen") {
    const json& item = params.at("textDocument");
    const std::string uri = item.at("uri").get<std::string>();
    const std::string languageId = item.value("languageId", "");
    documents_.erase(uri);
    OpenDocument open{Document(uri, languageId, intFrom(item, "version", 0), item.at("text").get<std::string>()),
                      languageFor(languageId, fileNameOf(uri)), nullptr, 0, false};
    documents_.emplace(uri, std::move(open));
    dirty_.insert(uri);
    return;
  }
  if (method == "textDocument/didChange") {
    OpenDocument* open = find(params);
    const int version = intFrom(params.at("textDocument"), "version", open->document.version() + 1);
    for (const json& change : params.at("contentChanges")) {
      if (change.contains("range")) {
        open->document.applyChange(rangeFromJson(change["range"]), change.at("text").get<std::string>(), encoding_,
                                   version);
      } else {
        open->document.replaceText(change.at("text").get<std::string>(), version);
      }
    }
    dirty_.insert(open->document.uri());
    return;
  }
  if (method == "textDocument/didClose") {
    const std::string uri = params.at("textDocument").at("uri").get<std::string>();
    if (documents_.erase(uri) != 0) {
      dirty_.erase(uri);
      send_(json{{"jsonrpc", "2.0"},
                 {"method", "textDocument/publishDiagnostics"},
                 {"params", {{"uri", uri}, {"diagnostics", json::array()}}}});
    }
    return;
  }
  // initialized, didSave, $/cancelRequest (handled per batch), $/setTrace and anything else: nothing
  // to do (LSP: notifications the server does not know are ignored).
}

json Server::request(const std::string& method, const json& params) {
  if (method == "initialize") return initialize(params);
  if (method == "shutdown") {
    shutdown_ = true;
    return nullptr;
  }
  if (method == "workspace/symbol") {
    const std::string query = params.value("query", "");
    std::string lowered = query;
    for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    json result = json::array();
    for (auto& [uri, open] : documents_) {
      const DocumentAnalysis* analysis = analysisOf(open);
      if (analysis == nullptr) continue;
      std::vector<std::pair<const SymbolEntry*, std::string>> stack;
      const std::vector<SymbolEntry> roots = analysis->documentSymbols();
      for (const SymbolEntry& root : roots) stack.emplace_back(&root, "");
      while (!stack.empty()) {
        const auto [symbol, container] = stack.back();
        stack.pop_back();
        // Sections ("hardware", "code") are structure, not symbols worth searching for: their
        // children are listed under the enclosing type.
        const bool section = symbol->kind == SymbolKind::kStruct || symbol->kind == SymbolKind::kModule;
        for (const SymbolEntry& child : symbol->children)
          stack.emplace_back(&child, section ? container : symbol->name);
        if (section) continue;
        std::string name = symbol->name;
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (name.find(lowered) == std::string::npos) continue;
        json entry{
            {"name", symbol->name},
            {"kind", symbolKindNumber(symbol->kind)},
            {"location", {{"uri", uri}, {"range", toJson(open.document.rangeOf(symbol->selection, encoding_))}}}};
        if (!container.empty()) entry["containerName"] = container;
        result.push_back(entry);
      }
    }
    return result;
  }
  if (method == "chronon/disassembly") {
    OpenDocument* open = find(params);
    if (open->language == nullptr)
      throw RequestError{ErrorCode::kRequestFailed, "no disassembly for this document's language"};
    return toJson(disassembly(*open->language, SourceFile(fileNameOf(open->document.uri()), open->document.text())));
  }
  if (method.rfind("textDocument/", 0) != 0)
    throw RequestError{ErrorCode::kMethodNotFound, "method not supported: " + method};
  OpenDocument* open = find(params);
  // Parameters are checked before anything else, so a bad position is InvalidParams for every language.
  const uint32_t offset = params.contains("position") ? offsetAt(*open, params) : 0;
  const DocumentAnalysis* analysis = analysisOf(*open);
  const Document& document = open->document;
  if (method == "textDocument/hover") {
    if (analysis == nullptr) return nullptr;
    const std::optional<HoverInfo> hover = analysis->hover(offset);
    if (!hover) return nullptr;
    return json{{"contents", {{"kind", "markdown"}, {"value", hover->markdown}}},
                {"range", toJson(document.rangeOf(hover->range, encoding_))}};
  }
  if (method == "textDocument/completion") {
    json items = json::array();
    if (analysis != nullptr) {
      for (const CompletionEntry& entry : analysis->completion(offset))
        items.push_back(toJson(document, entry, encoding_));
    }
    return json{{"isIncomplete", false}, {"items", items}};
  }
  if (method == "textDocument/definition" || method == "textDocument/references") {
    json locations = json::array();
    if (analysis == nullptr) return locations;
    const bool includeDeclaration =
        params.contains("context") ? params["context"].value("includeDeclaration", true) : true;
    const std::vector<SourceRange> ranges = method == "textDocument/definition"
                                                ? analysis->definition(offset)
                                                : analysis->references(offset, includeDeclaration);
    for (const SourceRange range : ranges)
      locations.push_back(json{{"uri", document.uri()}, {"range", toJson(document.rangeOf(range, encoding_))}});
    return locations;
  }
  if (method == "textDocument/prepareRename") {
    if (analysis == nullptr) return nullptr;
    const std::optional<RenameTarget> target = analysis->prepareRename(offset);
    if (!target) return nullptr;
    return json{{"range", toJson(document.rangeOf(target->range, encoding_))}, {"placeholder", target->name}};
  }
  if (method == "textDocument/rename") {
    const std::string newName = params.at("newName").get<std::string>();
    if (analysis == nullptr) throw RequestError{ErrorCode::kRequestFailed, "no language support for this document"};
    const RenameResult result = analysis->rename(offset, newName);
    if (!result.error.empty()) throw RequestError{ErrorCode::kRequestFailed, result.error};
    return workspaceEdit(document, result.edits, encoding_);
  }
  if (method == "textDocument/documentSymbol") {
    json symbols = json::array();
    if (analysis == nullptr) return symbols;
    for (const SymbolEntry& symbol : analysis->documentSymbols())
      symbols.push_back(toJson(document, symbol, encoding_));
    return symbols;
  }
  if (method == "textDocument/semanticTokens/full") {
    const std::vector<SemanticToken> tokens =
        analysis != nullptr ? analysis->semanticTokens() : std::vector<SemanticToken>{};
    return json{{"data", semanticTokenData(document, tokens, encoding_)}};
  }
  if (method == "textDocument/inlayHint") {
    json hints = json::array();
    if (analysis == nullptr) return hints;
    const Range range = rangeFromJson(params.at("range"));
    const SourceRange bytes{document.offsetOf(range.start, encoding_), document.offsetOf(range.end, encoding_)};
    for (const InlayHintEntry& hint : analysis->inlayHints(bytes)) {
      hints.push_back(json{{"position", toJson(document.positionOf(hint.offset, encoding_))},
                           {"label", hint.label},
                           {"kind", 1},
                           {"paddingLeft", true},
                           {"tooltip", hint.tooltip}});
    }
    return hints;
  }
  if (method == "textDocument/signatureHelp") {
    if (analysis == nullptr) return nullptr;
    const std::optional<SignatureInfo> info = analysis->signatureHelp(offset);
    if (!info) return nullptr;
    json parameters = json::array();
    for (const std::string& p : info->parameters) parameters.push_back(json{{"label", p}});
    return json{
        {"signatures", json::array({json{{"label", info->label},
                                         {"documentation", {{"kind", "markdown"}, {"value", info->documentation}}},
                                         {"parameters", parameters}}})},
        {"activeSignature", 0},
        {"activeParameter", 0}};
  }
  if (method == "textDocument/formatting") {
    json edits = json::array();
    if (analysis == nullptr) return edits;
    for (const TextEdit& edit : analysis->format()) edits.push_back(toJson(document, edit, encoding_));
    return edits;
  }
  if (method == "textDocument/codeAction") {
    json actions = json::array();
    if (analysis == nullptr) return actions;
    const Range range = rangeFromJson(params.at("range"));
    const SourceRange bytes{document.offsetOf(range.start, encoding_), document.offsetOf(range.end, encoding_)};
    for (const CodeActionEntry& action : analysis->codeActions(bytes)) {
      json entry{
          {"title", action.title}, {"kind", "quickfix"}, {"edit", workspaceEdit(document, action.edits, encoding_)}};
      if (action.diagnostic < analysis->diagnostics().size()) {
        entry["diagnostics"] = json::array({toJson(document, analysis->diagnostics()[action.diagnostic], encoding_)});
      }
      if (action.preferred) entry["isPreferred"] = true;
      actions.push_back(entry);
    }
    return actions;
  }
  throw RequestError{ErrorCode::kMethodNotFound, "method not supported: " + method};
}

int runStdio(std::istream& in, std::ostream& out, const ServerOptions& options) {
  struct Incoming {
    ReadStatus status;
    std::string body;
  };
  // Shared with the reader thread, which may outlive this call (see the end); hence owned jointly.
  struct Shared {
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<Incoming> queue;
    bool inputDone = false;
  };
  const auto shared = std::make_shared<Shared>();
  // std::cin is tied to std::cout: each read would flush the output from the reader thread while the
  // main thread writes to it. Untied, only the main thread touches `out`.
  in.tie(nullptr);
  std::thread reader([shared, &in] {
    while (true) {
      ReadResult result = readMessage(in);
      const bool done = result.status == ReadStatus::kEndOfFile || result.status == ReadStatus::kTruncated;
      {
        const std::lock_guard<std::mutex> lock(shared->mutex);
        if (!done) shared->queue.push_back(Incoming{result.status, std::move(result.body)});
        shared->inputDone = done;
      }
      shared->ready.notify_one();
      if (done) return;
    }
  });
  Server server([&](const json& message) { writeMessage(out, jsonrpc::jsonText(message)); });
  const auto debounce = std::chrono::milliseconds(options.debounceMilliseconds);
  bool finishedInput = false;
  while (!server.exited()) {
    std::vector<Incoming> batch;
    {
      std::unique_lock<std::mutex> lock(shared->mutex);
      const auto arrived = [&] { return !shared->queue.empty() || shared->inputDone; };
      if (server.hasPendingDiagnostics()) {
        // Latest version wins: publish only once the text has rested for the debounce interval.
        if (!shared->ready.wait_for(lock, debounce, arrived)) {
          lock.unlock();
          server.publishPending();
          continue;
        }
      } else {
        shared->ready.wait(lock, arrived);
      }
      while (!shared->queue.empty()) {
        batch.push_back(std::move(shared->queue.front()));
        shared->queue.pop_front();
      }
      finishedInput = shared->inputDone;
    }
    std::vector<std::string> bodies;
    for (Incoming& incoming : batch) {
      if (incoming.status == ReadStatus::kMessage) {
        bodies.push_back(std::move(incoming.body));
      } else {
        server.handleBatch(bodies);
        bodies.clear();
        server.reportFramingError(incoming.status);
      }
    }
    server.handleBatch(bodies);
    if (finishedInput && !server.exited()) {
      if (server.hasPendingDiagnostics()) server.publishPending();
      break;
    }
  }
  // After `exit` the reader may still be blocked in a read of `in`; it holds only the shared state
  // and the stream, and ends with the process.
  if (finishedInput) {
    reader.join();
  } else {
    reader.detach();
  }
  return server.exited() ? server.exitCode() : 1;
}

}  // namespace chronon::lsp
