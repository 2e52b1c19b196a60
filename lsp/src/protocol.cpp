// Conversion of the features' structs to LSP 3.17 JSON.

#include "chronon/lsp/protocol.h"

#include <cstdint>

namespace chronon::lsp {

using nlohmann::json;

json toJson(Position position) { return json{{"line", position.line}, {"character", position.character}}; }

json toJson(const Range& range) { return json{{"start", toJson(range.start)}, {"end", toJson(range.end)}}; }

uint32_t uintFrom(const json& value) {
  if (value.is_number_unsigned() && value.get<uint64_t>() <= UINT32_MAX)
    return static_cast<uint32_t>(value.get<uint64_t>());
  if (value.is_number_integer() && value.get<int64_t>() >= 0 && value.get<int64_t>() <= UINT32_MAX)
    return static_cast<uint32_t>(value.get<int64_t>());
  throw ParamsError("expected an unsigned 32-bit integer, got " + value.dump());
}

int intFrom(const json& object, const char* key, int fallback) {
  if (!object.is_object() || !object.contains(key)) return fallback;
  const json& value = object[key];
  if (value.is_number_integer() && value.get<int64_t>() >= INT32_MIN && value.get<int64_t>() <= INT32_MAX)
    return static_cast<int>(value.get<int64_t>());
  throw ParamsError(std::string(key) + " must be an integer, got " + value.dump());
}

Position positionFromJson(const json& value) {
  return Position{uintFrom(value.at("line")), uintFrom(value.at("character"))};
}

Range rangeFromJson(const json& value) {
  return Range{positionFromJson(value.at("start")), positionFromJson(value.at("end"))};
}

json toJson(const Document& document, const Diagnostic& diagnostic, PositionEncoding encoding) {
  int severity = 1;
  switch (diagnostic.severity) {
    case Severity::kError: severity = 1; break;
    case Severity::kWarning: severity = 2; break;
    case Severity::kNote: severity = 3; break;
  }
  std::string message = diagnostic.message;
  json related = json::array();
  for (const DiagNote& note : diagnostic.notes) {
    if (note.hasRange) {
      related.push_back(
          json{{"location", {{"uri", document.uri()}, {"range", toJson(document.rangeOf(note.range, encoding))}}},
               {"message", note.message}});
    } else {
      message += "\nnote: " + note.message;
    }
  }
  json out{{"range", toJson(document.rangeOf(diagnostic.range, encoding))},
           {"severity", severity},
           {"code", codeName(diagnostic.code)},
           {"source", "chronon"},
           {"message", message}};
  if (!related.empty()) out["relatedInformation"] = related;
  return out;
}

namespace {

int completionKindNumber(CompletionKind kind) {
  switch (kind) {
    case CompletionKind::kKeyword: return 14;
    case CompletionKind::kFunction: return 3;
    case CompletionKind::kVariable: return 6;
    case CompletionKind::kConstant: return 21;
    case CompletionKind::kProperty: return 10;
    case CompletionKind::kLabel: return 18;
    case CompletionKind::kSnippet: return 15;
    case CompletionKind::kModule: return 9;
  }
  return 1;
}

}  // namespace

json toJson(const Document& document, const CompletionEntry& entry, PositionEncoding encoding) {
  json item{
      {"label", entry.label},
      {"kind", completionKindNumber(entry.kind)},
      {"insertTextFormat", entry.snippet ? 2 : 1},
      {"textEdit", {{"range", toJson(document.rangeOf(entry.replace, encoding))}, {"newText", entry.insertText}}}};
  if (!entry.detail.empty()) item["detail"] = entry.detail;
  if (!entry.documentation.empty()) item["documentation"] = {{"kind", "markdown"}, {"value", entry.documentation}};
  return item;
}

int symbolKindNumber(SymbolKind kind) {
  switch (kind) {
    case SymbolKind::kFile: return 1;
    case SymbolKind::kNamespace: return 3;
    case SymbolKind::kClass: return 5;
    case SymbolKind::kStruct: return 23;
    case SymbolKind::kModule: return 2;
    case SymbolKind::kFunction: return 12;
    case SymbolKind::kVariable: return 13;
    case SymbolKind::kConstant: return 14;
    case SymbolKind::kProperty: return 7;
  }
  return 1;
}

json toJson(const Document& document, const SymbolEntry& symbol, PositionEncoding encoding) {
  SourceRange selection = symbol.selection;
  // LSP requires the selection range inside the full range.
  if (selection.begin < symbol.range.begin || selection.end > symbol.range.end) selection = symbol.range;
  json out{{"name", symbol.name.empty() ? std::string("?") : symbol.name},
           {"kind", symbolKindNumber(symbol.kind)},
           {"range", toJson(document.rangeOf(symbol.range, encoding))},
           {"selectionRange", toJson(document.rangeOf(selection, encoding))}};
  if (!symbol.detail.empty()) out["detail"] = symbol.detail;
  json children = json::array();
  for (const SymbolEntry& child : symbol.children) children.push_back(toJson(document, child, encoding));
  out["children"] = children;
  return out;
}

json toJson(const Document& document, const TextEdit& edit, PositionEncoding encoding) {
  return json{{"range", toJson(document.rangeOf(edit.range, encoding))}, {"newText", edit.text}};
}

json workspaceEdit(const Document& document, const std::vector<TextEdit>& edits, PositionEncoding encoding) {
  json list = json::array();
  for (const TextEdit& edit : edits) list.push_back(toJson(document, edit, encoding));
  return json{{"changes", {{document.uri(), list}}}};
}

json semanticTokenData(const Document& document, const std::vector<SemanticToken>& tokens, PositionEncoding encoding) {
  json data = json::array();
  uint32_t lastLine = 0;
  uint32_t lastStart = 0;
  uint32_t lastEnd = 0;
  bool first = true;
  for (const SemanticToken& token : tokens) {
    if (!first && token.range.begin < lastEnd) continue;
    const Range range = document.rangeOf(token.range, encoding);
    if (range.start.line != range.end.line || range.end.character <= range.start.character) continue;
    const uint32_t deltaLine = first ? range.start.line : range.start.line - lastLine;
    const uint32_t deltaStart = (first || deltaLine != 0) ? range.start.character : range.start.character - lastStart;
    data.push_back(deltaLine);
    data.push_back(deltaStart);
    data.push_back(range.end.character - range.start.character);
    data.push_back(static_cast<int>(token.type));
    data.push_back(token.modifiers);
    lastLine = range.start.line;
    lastStart = range.start.character;
    lastEnd = token.range.end;
    first = false;
  }
  return data;
}

json semanticTokensLegend() {
  json types = json::array();
  for (int i = 0; i < kTokenTypeCount; ++i) types.push_back(tokenTypeName(static_cast<TokenType>(i)));
  json modifiers = json::array();
  for (int i = 0; i < kTokenModifierCount; ++i) modifiers.push_back(tokenModifierName(i));
  return json{{"tokenTypes", types}, {"tokenModifiers", modifiers}};
}

json toJson(const DisassemblyResult& result) { return json{{"text", result.text}, {"diagnostics", result.errors}}; }

}  // namespace chronon::lsp
