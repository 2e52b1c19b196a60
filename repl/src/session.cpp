// Language names, the session factory (session.h) and what the sessions share (sessions.h).

#include "chronon/repl/session.h"

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/load.h"

#include "sessions.h"
#include "text.h"

namespace chronon::repl {

std::optional<Language> parseLanguage(std::string_view name) {
  const std::string lower = lowerCopy(trim(name));
  if (lower == "grobocode" || lower == "gb") return Language::kGrobocode;
  if (lower == "robotalk" || lower == "rtk") return Language::kRoboTalk;
  if (lower == "rl" || lower == "robbie") return Language::kRobbie;
  return std::nullopt;
}

std::string_view languageName(Language language) {
  switch (language) {
    case Language::kGrobocode: return "grobocode";
    case Language::kRoboTalk: return "robotalk";
    case Language::kRobbie: return "rl";
  }
  return "grobocode";
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
