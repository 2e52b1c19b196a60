#pragma once
// The language-support interface: what the server asks of a language, as plain structs in byte
// ranges (the server converts them to LSP positions). Each language (RoboTalk, Grobocode, the Robbie
// Language, and any language registered at run time) implements LanguageSupport over its compiler
// frontend and is registered with registerLanguageSupport; the server knows languages only through
// this interface, supportOf() and languageFor().

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/language.h"
#include "chronon/compiler/source.h"

namespace chronon::lsp {

/// Completion item kinds used by the features (a subset of LSP 3.17 CompletionItemKind).
enum class CompletionKind : uint8_t {
  kKeyword,   ///< Compile-time control words, tags, directives.
  kFunction,  ///< Primitives and operators.
  kVariable,  ///< User variables and vector variables.
  kConstant,  ///< User constants.
  kProperty,  ///< Hardware variables and registers.
  kLabel,     ///< Labels (LSP has no label kind; sent as Reference).
  kSnippet,   ///< Code templates.
  kModule,    ///< Hardware components on `#hardware` lines.
};

/// One completion proposal. `insertText` replaces `replace` (the word being typed).
struct CompletionEntry {
  std::string label;
  CompletionKind kind = CompletionKind::kFunction;
  std::string detail;         ///< One line, e.g. the stack effect.
  std::string documentation;  ///< Markdown.
  std::string insertText;     ///< What to insert; a snippet when `snippet`.
  bool snippet = false;       ///< insertText uses LSP snippet syntax ($1, ${1:name}).
  SourceRange replace;        ///< The bytes the insertion replaces.
};

/// Symbol kinds used by document and workspace symbols (a subset of LSP 3.17 SymbolKind).
enum class SymbolKind : uint8_t {
  kFile,       ///< A RoboTalk robot.
  kNamespace,  ///< A Grobots side.
  kClass,      ///< A Grobots robot type.
  kStruct,     ///< A hardware section.
  kModule,     ///< A code section.
  kFunction,   ///< A label.
  kVariable,   ///< A variable or vector variable.
  kConstant,   ///< A constant.
  kProperty,   ///< A hardware line or directive.
};

/// A document symbol and its children.
struct SymbolEntry {
  std::string name;
  SymbolKind kind = SymbolKind::kFunction;
  std::string detail;
  SourceRange range;      ///< The whole extent.
  SourceRange selection;  ///< The name.
  std::vector<SymbolEntry> children;
};

/// Semantic token types: the legend the server announces, in this order.
enum class TokenType : uint8_t {
  kKeyword,
  kFunction,
  kVariable,
  kProperty,
  kNumber,
  kComment,
  kMacro,
  kType,
  kString,
};
/// Number of TokenType values.
inline constexpr int kTokenTypeCount = 9;

/// Semantic token modifier bits: the legend the server announces, in bit order.
enum TokenModifier : uint32_t {
  kModDeclaration = 1u << 0,
  kModReadonly = 1u << 1,
  kModDefaultLibrary = 1u << 2,
  kModModification = 1u << 3,
};
/// Number of TokenModifier bits.
inline constexpr int kTokenModifierCount = 4;

/// The LSP names of the token types and modifiers, in legend order.
std::string_view tokenTypeName(TokenType type);
/// The LSP name of modifier bit `bit` (0-based).
std::string_view tokenModifierName(int bit);

/// One semantic token; tokens never span lines (the features split them).
struct SemanticToken {
  SourceRange range;
  TokenType type = TokenType::kKeyword;
  uint32_t modifiers = 0;
};

/// An inlay hint shown after `offset`.
struct InlayHintEntry {
  uint32_t offset = 0;
  std::string label;
  std::string tooltip;
};

/// Hover text for the token under the cursor.
struct HoverInfo {
  SourceRange range;
  std::string markdown;
};

/// Signature help for the word before the cursor: its effect, with each input as a parameter.
struct SignatureInfo {
  std::string label;                    ///< e.g. "atan2 ( n1 n2 -- n )".
  std::string documentation;            ///< Markdown.
  std::vector<std::string> parameters;  ///< Substrings of `label` naming the inputs.
};

/// The result of a rename: edits, or an error message when the symbol cannot be renamed.
struct RenameResult {
  std::vector<TextEdit> edits;
  std::string error;  ///< Non-empty when the rename is refused.
};

/// What prepareRename answers: the range and current name of the symbol at a position.
struct RenameTarget {
  SourceRange range;
  std::string name;
};

/// A quick fix for a diagnostic.
struct CodeActionEntry {
  std::string title;
  std::vector<TextEdit> edits;
  size_t diagnostic = 0;  ///< Index into DocumentAnalysis::diagnostics() of the diagnostic it fixes.
  bool preferred = false;
};

/// What `chronon/disassembly` answers for one document (chronon/lsp/disassembly.h).
struct DisassemblyResult {
  /// The listing, byte for byte what `chronon disasm FILE` writes to stdout for the same text; when
  /// the text has errors, a line saying there is no listing followed by the errors as `chronon
  /// check` prints them (`file:line:col: error: message [CODE]`, with their notes).
  std::string text;
  /// The errors that prevent a listing (the compiler's, which are the ones `chronon disasm` stops
  /// on); 0 exactly when `text` is a listing.
  int errors = 0;
};

/// The answer for a document whose errors prevent a listing: no listing, and the errors among
/// `diagnostics` rendered against `file` as `chronon check` renders them. Warnings and notes are left
/// out: they do not stop `chronon disasm`, and the editor shows them already.
DisassemblyResult noListing(const SourceFile& file, const std::vector<Diagnostic>& diagnostics);

/// A document analysed once (parsed, compiled and checked); every feature reads it. Offsets are
/// byte offsets into the analysed text.
class DocumentAnalysis {
 public:
  virtual ~DocumentAnalysis() = default;
  /// Diagnostics of the parser and the checker, in source order.
  virtual const std::vector<Diagnostic>& diagnostics() const = 0;
  /// Hover at `offset`, or nullopt when there is nothing to say.
  virtual std::optional<HoverInfo> hover(uint32_t offset) const = 0;
  /// Completion proposals at `offset`.
  virtual std::vector<CompletionEntry> completion(uint32_t offset) const = 0;
  /// Where the symbol at `offset` is defined; empty when it is not a user symbol.
  virtual std::vector<SourceRange> definition(uint32_t offset) const = 0;
  /// Every occurrence of the symbol at `offset`, in source order.
  virtual std::vector<SourceRange> references(uint32_t offset, bool includeDeclaration) const = 0;
  /// The renameable symbol at `offset`, or nullopt.
  virtual std::optional<RenameTarget> prepareRename(uint32_t offset) const = 0;
  /// Renames the symbol at `offset` to `newName`; refuses keywords, built-in names and bad spellings.
  virtual RenameResult rename(uint32_t offset, std::string_view newName) const = 0;
  /// The outline.
  virtual std::vector<SymbolEntry> documentSymbols() const = 0;
  /// Every classified token in source order.
  virtual std::vector<SemanticToken> semanticTokens() const = 0;
  /// Inlay hints whose offset lies in `range`.
  virtual std::vector<InlayHintEntry> inlayHints(SourceRange range) const = 0;
  /// Signature help at `offset`, or nullopt.
  virtual std::optional<SignatureInfo> signatureHelp(uint32_t offset) const = 0;
  /// Formatting edits that keep the language's conventions.
  virtual std::vector<TextEdit> format() const = 0;
  /// Quick fixes for the diagnostics overlapping `range`.
  virtual std::vector<CodeActionEntry> codeActions(SourceRange range) const = 0;
};

/// One language: which of the registry's languages it is, and how to analyse its documents.
class LanguageSupport {
 public:
  virtual ~LanguageSupport() = default;
  /// The language this supports; its registry row (chronon/compiler/language.h) holds its LSP
  /// language id (the key), the other ids it answers to and its files' extensions.
  virtual LanguageId language() const = 0;
  /// Analyses `file`; never throws on any input.
  virtual std::unique_ptr<DocumentAnalysis> analyze(const SourceFile& file) const = 0;
  /// The compiled form of `file` as text (what `chronon disasm` prints for a built-in language), or
  /// noListing(file, errors) when errors prevent one. Called only with text that rejectBadInput
  /// accepts (disassembly() checks first); never throws on such text.
  virtual DisassemblyResult disassemble(const SourceFile& file) const = 0;
};

/// The support for RoboTalk robots (`.rtk`, language id "robotalk").
const LanguageSupport& roboTalkSupport();
/// The support for Grobots sides (`.gb`, language id "grobocode").
const LanguageSupport& grobocodeSupport();
/// The support for Robbie Language programs (`.rl`, language id "robbie", as editors/vscode names it).
const LanguageSupport& robbieSupport();
/// Makes `support` the one supportOf(support.language()) returns. The built-in three are registered
/// so before the first lookup; another language registers its support (which must outlive every
/// lookup: a static object) after registering the language itself (registerLanguage in
/// chronon/compiler/language.h), before the server runs, under the registry's rule of registering
/// before use. Throws std::invalid_argument when that language has a support already or is not in the
/// language registry.
void registerLanguageSupport(const LanguageSupport& support);
/// The support registered for `language` (the three above for the built-in languages), or nullptr
/// when that language has none.
const LanguageSupport* supportOf(LanguageId language);
/// The support of a document's language: the one its language id names in the registry
/// (languageNamed: "robotalk", "grobocode", "robbie", another name of theirs such as "rl", or a
/// registered language's), else the one whose own extension its file name has in any case
/// (editorLanguageOf: .rtk, .gb, .rl, not .txt, or a registered language's first). Returns nullptr
/// when neither names a language of ours, or when the language named has no support.
const LanguageSupport* languageFor(std::string_view languageId, std::string_view fileName);

/// Analyses a document that no frontend should see: too large or binary. Returns nullptr when
/// `text` is fine, else an analysis whose only diagnostic says why (RT101 or RT102).
std::unique_ptr<DocumentAnalysis> rejectBadInput(std::string_view text);

}  // namespace chronon::lsp
