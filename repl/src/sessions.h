#pragma once
// The built-in language sessions, which session.cpp registers as the factories makeSession
// (session.h) uses, and what the sessions share. Not part of the public API.

#include <memory>
#include <optional>
#include <string>

#include "chronon/compiler/source.h"
#include "chronon/repl/session.h"

namespace chronon::repl {

/// A Grobocode session (grobocode_session.cpp).
std::unique_ptr<LanguageSession> makeGrobocodeSession();
/// A RoboTalk session (robotalk_session.cpp).
std::unique_ptr<LanguageSession> makeRoboTalkSession();
/// A Robbie Language session (robbie_session.cpp).
std::unique_ptr<LanguageSession> makeRobbieSession();

/// The file at `path` for a session's `load`, or nullopt after appending to `out` why it cannot be
/// read (missing, too large, binary: the rendered diagnostics of compiler/load.h).
std::optional<SourceFile> readForLoad(const std::string& path, std::string& out);

}  // namespace chronon::repl
