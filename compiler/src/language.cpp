#include "chronon/compiler/language.h"

#include <array>
#include <cstddef>
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

// The extension of `path`'s last component, lowered, or "" when it has none (std::filesystem's rule).
std::string lowerExtension(std::string_view path) {
  const size_t slash = path.rfind('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || name == "..") return {};
  std::string extension(name.substr(dot));
  for (char& c : extension) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return extension;
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

std::optional<LanguageId> languageOf(std::string_view path) {
  const std::string extension = lowerExtension(path);
  if (extension.empty()) return std::nullopt;
  for (const LanguageInfo& row : kLanguages) {
    for (const std::string_view own : row.extensions) {
      if (own == extension) return row.id;
    }
  }
  return std::nullopt;
}

std::optional<LanguageId> editorLanguageOf(std::string_view path) {
  const std::string extension = lowerExtension(path);
  if (extension.empty()) return std::nullopt;
  for (const LanguageInfo& row : kLanguages) {
    if (row.extensions.front() == extension) return row.id;
  }
  return std::nullopt;
}

}  // namespace chronon
