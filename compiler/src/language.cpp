#include "chronon/compiler/language.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <filesystem>
#include <string>

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

// Every name and extension is written as the lookups compare it, the prompt name is one the REPL
// accepts back, and no name or extension belongs to two languages (the lookups take the first).
constexpr bool namesWellFormed() {
  for (const LanguageInfo& row : kLanguages) {
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
  }
  return true;
}

constexpr bool namesDistinct() {
  std::array<std::string_view, 16> names{};
  std::array<std::string_view, 16> extensions{};
  size_t nameCount = 0;
  size_t extensionCount = 0;
  for (const LanguageInfo& row : kLanguages) {
    if (nameCount + 1 + row.aliases.size() > names.size()) return false;
    if (extensionCount + row.extensions.size() > extensions.size()) return false;
    names[nameCount++] = row.key;
    for (const std::string_view alias : row.aliases) names[nameCount++] = alias;
    for (const std::string_view extension : row.extensions) extensions[extensionCount++] = extension;
  }
  for (size_t i = 0; i < nameCount; ++i) {
    for (size_t j = i + 1; j < nameCount; ++j) {
      if (names[i] == names[j]) return false;
    }
  }
  for (size_t i = 0; i < extensionCount; ++i) {
    for (size_t j = i + 1; j < extensionCount; ++j) {
      if (extensions[i] == extensions[j]) return false;
    }
  }
  return true;
}

static_assert(kLanguages.size() == static_cast<size_t>(LanguageId::kRobbie) + 1,
              "one row per LanguageId (kRobbie is the last id)");
static_assert(rowsInIdOrder(), "the rows are in LanguageId order");
static_assert(namesWellFormed(), "names are lower-case words, extensions a dot and lower-case letters or digits");
static_assert(namesDistinct(), "no name or extension belongs to two languages");

// The language whose extensions (only the first of each row when `ownOnly`) hold `path`'s extension,
// taken by std::filesystem's rule (the last component's, from its last dot; a dotfile has none) and
// compared in lower case.
std::optional<LanguageId> languageByExtension(std::string_view path, bool ownOnly) {
  std::string extension = std::filesystem::path(path).extension().string();
  if (extension.empty()) return std::nullopt;
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const LanguageInfo& row : kLanguages) {
    const std::span<const std::string_view> matched = ownOnly ? row.extensions.first(1) : row.extensions;
    if (std::find(matched.begin(), matched.end(), extension) != matched.end()) return row.id;
  }
  return std::nullopt;
}

}  // namespace

std::span<const LanguageInfo> languages() { return kLanguages; }

const LanguageInfo& languageInfo(LanguageId id) { return kLanguages[static_cast<size_t>(id)]; }

std::optional<LanguageId> languageNamed(std::string_view name) {
  for (const LanguageInfo& row : kLanguages) {
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
