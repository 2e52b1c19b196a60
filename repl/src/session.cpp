// Language names, the session factory (session.h) and what the sessions share (sessions.h).

#include "chronon/repl/session.h"

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

std::unique_ptr<LanguageSession> makeSession(Language language) {
  switch (language) {
    case Language::kGrobocode: return makeGrobocodeSession();
    case Language::kRoboTalk: return makeRoboTalkSession();
    case Language::kRobbie: return makeRobbieSession();
  }
  return nullptr;
}

std::optional<SourceFile> readForLoad(const std::string& path, std::string& out) {
  Diagnostics diagnostics;
  std::optional<SourceFile> file = loadSourceFile(path, diagnostics);
  if (!file) out += render(SourceFile(path, ""), diagnostics);
  return file;
}

}  // namespace chronon::repl
