#pragma once
// The language registry: every language Chronon reads, with its names and its files' extensions,
// declared once (compiler/src/language.cpp). The layers that tell languages apart by a file's name
// or by a name a user types (cli, lsp, dap, repl, arena) ask here instead of keeping lists of their
// own, so that a language's names and extensions are written in one row.
//
// The three built-in languages are rows of a constant table. Code outside compiler/ may add a
// language at run time (registerLanguage); each layer that serves it then has a plug-in point of its
// own: lsp::registerLanguageSupport (chronon/lsp/language.h), repl::registerSession
// (chronon/repl/session.h) and registerDiagnosticBlock (chronon/compiler/diagnostic.h).
// tests/test_toy_language.cpp registers a toy language through all of them.
//
// Registration is not synchronised: register every language before the registry is used (at static
// initialisation or at the start of a test), before any other thread reads it and before anything
// keeps a row or a span of rows (registering may move them). After that the registry is only read,
// from any thread.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace chronon {

/// A language Chronon reads; its row in the registry is languageInfo(id). The enumerators are the
/// built-in languages. A language registered at run time (registerLanguage) has an id past kRobbie
/// (3, 4, ...) that no enumerator names, so a switch with a case for each enumerator and no
/// `default:` stays exhaustive, and the build still warns of a built-in language left out.
///
/// The rule: a switch over LanguageId, or a test against one built-in id, is only for code that a
/// registered id never reaches. Code that can see a registered language (whatever takes a language
/// from the lookups below or from languages() in a process that registers one: the language server,
/// the REPL) goes through its layer's plug-in interface (lsp::LanguageSupport through
/// lsp::supportOf, repl::LanguageSession through repl::makeSession) and never switches. Nothing in
/// the product registers a language, so the switches of cli/, dap/ and arena/ see built-in ids only.
enum class LanguageId : uint8_t {
  kRoboTalk,   ///< RoboWar's RoboTalk (specs/robowar.md).
  kGrobocode,  ///< Grobots' Grobocode (specs/grobots-language.md).
  kRobbie,     ///< The Robbie Language (seeds/robbie-language.txt).
};

/// How many languages are built in: the enumerators of LanguageId, whose values are 0 to 2.
inline constexpr size_t kBuiltInLanguageCount = static_cast<size_t>(LanguageId::kRobbie) + 1;

/// True when `id` is a built-in language (an enumerator of LanguageId), false for a registered one.
constexpr bool isBuiltIn(LanguageId id) { return static_cast<size_t>(id) < kBuiltInLanguageCount; }

/// One language's row in the registry. Names are lower case; extensions are lower case with their
/// dot and are matched in any case.
struct LanguageInfo {
  LanguageId id;                              ///< The language.
  std::string_view key;                       ///< Its name on command lines and its LSP language id ("robotalk").
  std::span<const std::string_view> aliases;  ///< The other names it is known by ("rl" for "robbie").
  std::string_view promptName;                ///< What the REPL calls it in prompts and replies: the key or an alias.
  std::string_view displayName;               ///< Its name in prose ("Robbie Language").
  std::string_view game;                      ///< The game its programs play ("RoboWar").
  /// Its files' extensions. The first is its own: editors and the language server know a file as
  /// this language by that extension alone. The commands also read files with the others as this
  /// language (RoboWar's `.txt` robots and compiled `.rwr` files), which editors leave alone.
  std::span<const std::string_view> extensions;
};

/// Every language's row, in LanguageId order: row i is the language whose id has the value i. The
/// built-in languages come first, then the registered ones in the order they were registered.
std::span<const LanguageInfo> languages();

/// Adds a language to the registry and returns its id, the next value past the last row's (the
/// row's own `id` is ignored). The registry keeps copies of the row's names and extensions, so
/// `row` may view temporary text. The row must be what the built-in rows are checked to be: key,
/// aliases and extensions lower-case letters and digits (extensions with their leading dot), at
/// least one extension, a prompt name that is the key or an alias, and no name or extension that
/// another language (or the row itself) already has. Register before use (see the top of this
/// header). Throws std::invalid_argument, naming what is wrong, when the row is not so, or when 256
/// languages are registered already (ids are one byte).
LanguageId registerLanguage(const LanguageInfo& row);

/// The registry's row of `id`, which must be a built-in id or one registerLanguage returned.
const LanguageInfo& languageInfo(LanguageId id);

/// The language, built in or registered, named `name` exactly: its key or one of its aliases
/// ("robotalk" or "rtk", "grobocode" or "gb", "robbie" or "rl"). The names are lower case; a caller
/// that accepts any case lowers `name` first. Returns nullopt for any other name.
std::optional<LanguageId> languageNamed(std::string_view name);

/// The language of the file `path` by its extension, in any case: one of a language's extensions
/// (RoboTalk for .rtk, .txt and .rwr; Grobocode for .gb; Robbie for .rl; a registered language's
/// own). The extension is that of the last path component (after the last '/'), from its last dot,
/// as std::filesystem::path reads it: a dotfile such as ".gb" has none, and neither has "sides.gb/".
/// Returns nullopt for a name without an extension or with one no language has; a caller with a
/// default language uses it then.
std::optional<LanguageId> languageOf(std::string_view path);

/// Like languageOf, but only by each language's own extension (the first of its row's: .rtk, .gb,
/// .rl, a registered language's first): how editors and the language server recognise a document
/// whose client names no language of ours. Returns nullopt for every other name, .txt and .rwr files
/// among them.
std::optional<LanguageId> editorLanguageOf(std::string_view path);

}  // namespace chronon
