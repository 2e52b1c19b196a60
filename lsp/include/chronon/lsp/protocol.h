#pragma once
// LSP 3.17 protocol values: the JSON-RPC error codes the server uses and the conversion of the
// features' plain structs (language.h, byte ranges) into LSP JSON (positions in the negotiated
// encoding). Only the parts of the protocol Chronon uses are here.

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/compiler/diagnostic.h"
#include "chronon/lsp/disassembly.h"
#include "chronon/lsp/document.h"
#include "chronon/lsp/language.h"

namespace chronon::lsp {

/// JSON-RPC 2.0 and LSP error codes (LSP 3.17 "ErrorCodes", "LSPErrorCodes").
enum class ErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
  kServerNotInitialized = -32002,
  kRequestFailed = -32803,
  kRequestCancelled = -32800,
};

/// Thrown when parameters have the right JSON types but impossible values (a negative or
/// fractional position); the server answers InvalidParams.
struct ParamsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The unsigned 32-bit integer `value`; throws ParamsError for anything else (floats, negatives,
/// numbers of 2^32 and more), so no out-of-range conversion can happen.
uint32_t uintFrom(const nlohmann::json& value);
/// The integer `object[key]`, or `fallback` when absent; throws ParamsError when it is not an
/// integer in the range of int.
int intFrom(const nlohmann::json& object, const char* key, int fallback);

/// `{"line": .., "character": ..}`.
nlohmann::json toJson(Position position);
/// `{"start": .., "end": ..}`.
nlohmann::json toJson(const Range& range);
/// Reads a Position; throws nlohmann::json::exception when malformed (the server answers InvalidParams).
Position positionFromJson(const nlohmann::json& value);
/// Reads a Range; throws like positionFromJson.
Range rangeFromJson(const nlohmann::json& value);

/// An LSP Diagnostic: severity, code ("RT402"), source "chronon", message; notes with a range become
/// relatedInformation, notes without one are appended to the message.
nlohmann::json toJson(const Document& document, const Diagnostic& diagnostic, PositionEncoding encoding);
/// A CompletionItem with a textEdit replacing `entry.replace`.
nlohmann::json toJson(const Document& document, const CompletionEntry& entry, PositionEncoding encoding);
/// A DocumentSymbol (hierarchical).
nlohmann::json toJson(const Document& document, const SymbolEntry& symbol, PositionEncoding encoding);
/// The LSP SymbolKind number of a symbol kind.
int symbolKindNumber(SymbolKind kind);
/// A TextEdit.
nlohmann::json toJson(const Document& document, const TextEdit& edit, PositionEncoding encoding);
/// A WorkspaceEdit with `changes` for one document.
nlohmann::json workspaceEdit(const Document& document, const std::vector<TextEdit>& edits, PositionEncoding encoding);
/// The `data` array of SemanticTokens: five integers per token, relative to the previous token.
/// Tokens must be in source order; overlapping or multi-line tokens are skipped.
nlohmann::json semanticTokenData(const Document& document, const std::vector<SemanticToken>& tokens,
                                 PositionEncoding encoding);
/// The semantic tokens legend announced in the server capabilities.
nlohmann::json semanticTokensLegend();
/// The result of `chronon/disassembly`: `{"text": ..., "diagnostics": <errors>}`.
nlohmann::json toJson(const DisassemblyResult& result);

}  // namespace chronon::lsp
