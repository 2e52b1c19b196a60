#pragma once
// The language registry: every language Chronon reads, with its names and its files' extensions,
// declared once (compiler/src/language.cpp). The layers that tell languages apart by a file's name
// or by a name a user types (cli, lsp, dap, repl, arena) ask here instead of keeping lists of their
// own, so that a language's names and extensions are written in one row.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace chronon {

/// A language Chronon reads. Its row in the registry is languageInfo(id); code that acts per
/// language switches on the id with a case for each (the build warns of a missing one).
enum class LanguageId : uint8_t {
  kRoboTalk,   ///< RoboWar's RoboTalk (specs/robowar.md).
  kGrobocode,  ///< Grobots' Grobocode (specs/grobots-language.md).
  kRobbie,     ///< The Robbie Language (seeds/robbie-language.txt).
};

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

/// Every language's row, in LanguageId order: row i is the language whose id has the value i.
std::span<const LanguageInfo> languages();

/// The registry's row of `id`.
const LanguageInfo& languageInfo(LanguageId id);

/// The language named `name` exactly: its key or one of its aliases ("robotalk" or "rtk",
/// "grobocode" or "gb", "robbie" or "rl"). The names are lower case; a caller that accepts any case
/// lowers `name` first. Returns nullopt for any other name.
std::optional<LanguageId> languageNamed(std::string_view name);

/// The language of the file `path` by its extension, in any case: one of a language's extensions
/// (RoboTalk for .rtk, .txt and .rwr; Grobocode for .gb; Robbie for .rl). The extension is that of
/// the last path component (after the last '/'), from its last dot, as std::filesystem::path reads
/// it: a dotfile such as ".gb" has none, and neither has "sides.gb/". Returns nullopt for a name
/// without an extension or with one no language has; a caller with a default language uses it then.
std::optional<LanguageId> languageOf(std::string_view path);

/// Like languageOf, but only by each language's own extension (the first of its row's: .rtk, .gb,
/// .rl): how editors and the language server recognise a document whose client names no language
/// of ours. Returns nullopt for every other name, .txt and .rwr files among them.
std::optional<LanguageId> editorLanguageOf(std::string_view path);

}  // namespace chronon
