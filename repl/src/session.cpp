// Language names, the registry of session factories (session.h) and what the sessions share
// (sessions.h).

#include "chronon/repl/session.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/load.h"

#include "sessions.h"
#include "text.h"

namespace chronon::repl {

std::optional<Language> parseLanguage(std::string_view name) { return languageNamed(lowerCopy(trim(name))); }

std::string_view languageName(Language language) { return languageInfo(language).promptName; }

std::vector<std::string_view> languageNames() {
  std::vector<std::string_view> names{languageName(kDefaultLanguage)};
  for (const LanguageInfo& row : languages()) {
    if (row.id != kDefaultLanguage) names.push_back(row.promptName);
  }
  return names;
}

namespace {

// Puts `factory` in `table` at `language`'s id; a language has one factory, and only a language of
// the registry has one.
void add(std::vector<SessionFactory>& table, Language language, SessionFactory factory) {
  const auto index = static_cast<size_t>(language);
  if (index >= languages().size())
    throw std::invalid_argument("session factory for id " + std::to_string(index) + ": no such language");
  const std::string key(languageInfo(language).key);
  if (factory == nullptr) throw std::invalid_argument("session factory for " + key + ": null");
  if (index < table.size() && table[index] != nullptr)
    throw std::invalid_argument("session factory for " + key + ": it has one already");
  if (index >= table.size()) table.resize(index + 1, nullptr);
  table[index] = factory;
}

// The factories by language id: entry i makes the sessions of the language whose id has the value
// i, or is null. Made on first use with the built-in three, added as registerSession adds the
// others, so that a registration during static initialisation finds them whatever the order of
// initialisation.
std::vector<SessionFactory>& factories() {
  static std::vector<SessionFactory> table = [] {
    std::vector<SessionFactory> builtIn;
    add(builtIn, Language::kRoboTalk, makeRoboTalkSession);
    add(builtIn, Language::kGrobocode, makeGrobocodeSession);
    add(builtIn, Language::kRobbie, makeRobbieSession);
    return builtIn;
  }();
  return table;
}

}  // namespace

void registerSession(Language language, SessionFactory factory) { add(factories(), language, factory); }

std::unique_ptr<LanguageSession> makeSession(Language language) {
  const std::vector<SessionFactory>& table = factories();
  const auto index = static_cast<size_t>(language);
  return index < table.size() && table[index] != nullptr ? table[index]() : nullptr;
}

Diagnostics inputDiagnostics(const Diagnostics& diagnostics, uint32_t offset, uint32_t size) {
  Diagnostics out;
  const auto inside = [&](SourceRange r) { return r.begin >= offset && r.begin <= offset + size; };
  const auto move = [&](SourceRange r) {
    const auto clamp = [&](uint32_t p) { return p < offset ? 0 : std::min(p - offset, size); };
    return SourceRange{clamp(r.begin), clamp(r.end)};
  };
  for (const Diagnostic& d : diagnostics.all()) {
    if (!inside(d.range) && d.severity != Severity::kError) continue;
    Diagnostic& copy = out.add(d.code, d.severity, move(d.range), d.message);
    for (const DiagNote& n : d.notes)
      copy.notes.push_back(DiagNote{n.message, move(n.range), n.hasRange && inside(n.range)});
  }
  return out;
}

std::optional<SourceFile> readForLoad(const std::string& path, std::string& out) {
  Diagnostics diagnostics;
  std::optional<SourceFile> file = loadSourceFile(path, diagnostics);
  if (!file) out += render(SourceFile(path, ""), diagnostics);
  return file;
}

}  // namespace chronon::repl
