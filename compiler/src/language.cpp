#include "chronon/compiler/language.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace chronon {

namespace {

constexpr std::array<std::string_view, 1> kRoboTalkAliases{"rtk"};
constexpr std::array<std::string_view, 3> kRoboTalkExtensions{".rtk", ".txt", ".rwr"};
constexpr std::array<std::string_view, 1> kGrobocodeAliases{"gb"};
constexpr std::array<std::string_view, 1> kGrobocodeExtensions{".gb"};
constexpr std::array<std::string_view, 1> kRobbieAliases{"rl"};
constexpr std::array<std::string_view, 1> kRobbieExtensions{".rl"};

// The REPL says "rl" for the Robbie Language, the name its users type (repl/README.md); the
// language server says "robbie", the language id editors/vscode declares.
constexpr std::array<LanguageInfo, 3> kLanguages{{
    {LanguageId::kRoboTalk, "robotalk", kRoboTalkAliases, "robotalk", "RoboTalk", "RoboWar", kRoboTalkExtensions},
    {LanguageId::kGrobocode, "grobocode", kGrobocodeAliases, "grobocode", "Grobocode", "Grobots", kGrobocodeExtensions},
    {LanguageId::kRobbie, "robbie", kRobbieAliases, "rl", "Robbie Language", "Robbie the Robot", kRobbieExtensions},
}};

constexpr bool rowsInIdOrder() {
  for (size_t i = 0; i < kLanguages.size(); ++i) {
    if (static_cast<size_t>(kLanguages[i].id) != i) return false;
  }
  return true;
}

constexpr bool isLowerName(std::string_view text, bool dotFirst) {
  if (text.size() < (dotFirst ? 2u : 1u) || (dotFirst && text[0] != '.')) return false;
  for (size_t i = dotFirst ? 1 : 0; i < text.size(); ++i) {
    const char c = text[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  }
  return true;
}

// Every name and extension is written as the lookups compare it, and the prompt name is one the
// REPL accepts back.
constexpr bool rowWellFormed(const LanguageInfo& row) {
  if (!isLowerName(row.key, false) || row.extensions.empty()) return false;
  bool promptNamed = row.promptName == row.key;
  for (const std::string_view alias : row.aliases) {
    if (!isLowerName(alias, false)) return false;
    promptNamed = promptNamed || row.promptName == alias;
  }
  if (!promptNamed) return false;
  for (const std::string_view extension : row.extensions) {
    if (!isLowerName(extension, true)) return false;
  }
  return true;
}

constexpr bool namesWellFormed() {
  for (const LanguageInfo& row : kLanguages) {
    if (!rowWellFormed(row)) return false;
  }
  return true;
}

// A row's names, the key first and then the aliases, by index.
constexpr size_t nameCount(const LanguageInfo& row) { return 1 + row.aliases.size(); }
constexpr std::string_view nameAt(const LanguageInfo& row, size_t i) { return i == 0 ? row.key : row.aliases[i - 1]; }

// True when no name or extension of `a` is one of `b`'s; when `a` and `b` are one row, when none
// appears twice in it. The lookups take the first row that matches, so a shared one would hide a row.
constexpr bool apart(const LanguageInfo& a, const LanguageInfo& b, bool sameRow) {
  for (size_t i = 0; i < nameCount(a); ++i) {
    for (size_t j = sameRow ? i + 1 : 0; j < nameCount(b); ++j) {
      if (nameAt(a, i) == nameAt(b, j)) return false;
    }
  }
  for (size_t i = 0; i < a.extensions.size(); ++i) {
    for (size_t j = sameRow ? i + 1 : 0; j < b.extensions.size(); ++j) {
      if (a.extensions[i] == b.extensions[j]) return false;
    }
  }
  return true;
}

constexpr bool namesDistinct() {
  for (size_t i = 0; i < kLanguages.size(); ++i) {
    for (size_t j = i; j < kLanguages.size(); ++j) {
      if (!apart(kLanguages[i], kLanguages[j], i == j)) return false;
    }
  }
  return true;
}

static_assert(kLanguages.size() == kBuiltInLanguageCount, "one row per LanguageId (kRobbie is the last id)");
static_assert(rowsInIdOrder(), "the rows are in LanguageId order");
static_assert(namesWellFormed(), "names are lower-case words, extensions a dot and lower-case letters or digits");
static_assert(namesDistinct(), "no name or extension belongs to two languages");

// The texts of a registered row, owned by the registry; the row's views point into them.
struct OwnedTexts {
  std::string key;
  std::string promptName;
  std::string displayName;
  std::string game;
  std::vector<std::string> aliasTexts;
  std::vector<std::string> extensionTexts;
  std::vector<std::string_view> aliases;
  std::vector<std::string_view> extensions;
};

// The rows the lookups read: the built-in table's, then the registered ones. Made on first use, so
// that a registration during static initialisation finds it whatever the order of initialisation.
struct Registry {
  std::vector<LanguageInfo> rows{kLanguages.begin(), kLanguages.end()};
  std::deque<OwnedTexts> texts;  // A deque: adding one never moves the others, which rows view.
};

Registry& registry() {
  static Registry instance;
  return instance;
}

// The language whose extensions (only the first of each row when `ownOnly`) hold `path`'s extension,
// taken by std::filesystem's rule (the last component's, from its last dot; a dotfile has none) and
// compared in lower case.
std::optional<LanguageId> languageByExtension(std::string_view path, bool ownOnly) {
  std::string extension = std::filesystem::path(path).extension().string();
  if (extension.empty()) return std::nullopt;
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const LanguageInfo& row : registry().rows) {
    const std::span<const std::string_view> matched = ownOnly ? row.extensions.first(1) : row.extensions;
    if (std::find(matched.begin(), matched.end(), extension) != matched.end()) return row.id;
  }
  return std::nullopt;
}

}  // namespace

std::span<const LanguageInfo> languages() { return registry().rows; }

LanguageId registerLanguage(const LanguageInfo& row) {
  Registry& r = registry();
  const std::string key(row.key);
  if (r.rows.size() > std::numeric_limits<std::underlying_type_t<LanguageId>>::max())
    throw std::invalid_argument("language '" + key + "': the registry is full");
  if (!rowWellFormed(row)) {
    throw std::invalid_argument("language '" + key +
                                "': names and extensions must be lower-case letters and digits (extensions after a "
                                "dot), with at least one extension and a prompt name that is the key or an alias");
  }
  if (!apart(row, row, true)) throw std::invalid_argument("language '" + key + "': a name or extension is repeated");
  for (const LanguageInfo& other : r.rows) {
    if (!apart(row, other, false)) {
      throw std::invalid_argument("language '" + key + "': a name or extension is " + std::string(other.key) +
                                  "'s already");
    }
  }
  OwnedTexts& texts = r.texts.emplace_back();
  texts.key = row.key;
  texts.promptName = row.promptName;
  texts.displayName = row.displayName;
  texts.game = row.game;
  texts.aliasTexts.assign(row.aliases.begin(), row.aliases.end());
  texts.extensionTexts.assign(row.extensions.begin(), row.extensions.end());
  texts.aliases.assign(texts.aliasTexts.begin(), texts.aliasTexts.end());
  texts.extensions.assign(texts.extensionTexts.begin(), texts.extensionTexts.end());
  const auto id = static_cast<LanguageId>(r.rows.size());
  r.rows.push_back(
      LanguageInfo{id, texts.key, texts.aliases, texts.promptName, texts.displayName, texts.game, texts.extensions});
  return id;
}

const LanguageInfo& languageInfo(LanguageId id) { return registry().rows.at(static_cast<size_t>(id)); }

std::optional<LanguageId> languageNamed(std::string_view name) {
  for (const LanguageInfo& row : registry().rows) {
    if (row.key == name) return row.id;
    for (const std::string_view alias : row.aliases) {
      if (alias == name) return row.id;
    }
  }
  return std::nullopt;
}

std::optional<LanguageId> languageOf(std::string_view path) { return languageByExtension(path, false); }

std::optional<LanguageId> editorLanguageOf(std::string_view path) { return languageByExtension(path, true); }

}  // namespace chronon
