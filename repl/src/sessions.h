#pragma once
// The language sessions the REPL has; makeSession (session.h) picks one. Not part of the public API.

#include <memory>

#include "chronon/repl/session.h"

namespace chronon::repl {

/// A Grobocode session (grobocode_session.cpp).
std::unique_ptr<LanguageSession> makeGrobocodeSession();
/// A RoboTalk session (robotalk_session.cpp).
std::unique_ptr<LanguageSession> makeRoboTalkSession();
/// A Robbie Language session (robbie_session.cpp).
std::unique_ptr<LanguageSession> makeRobbieSession();

}  // namespace chronon::repl
