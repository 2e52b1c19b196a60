#pragma once
// The REPL's logic, without any terminal: it takes input lines, keeps multi-line input, runs the
// commands (help, words, see, effect, step, trace, load, lang, engine, reset, time, set) and code
// through a LanguageSession, and returns the text to show. The line editor (cli/cmd_repl.cpp) and
// the tests feed it lines.

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/repl/session.h"

namespace chronon::repl {

/// Most instructions one input may run before the REPL stops it as an endless loop.
inline constexpr int64_t kCycleLimit = 1'000'000;

/// One REPL command, as listed by `help`: the name, its arguments and a one-line description.
struct CommandInfo {
  std::string_view name;        ///< The command word ("see").
  std::string_view arguments;   ///< Its arguments ("LABEL"), empty when it takes none.
  std::string_view doc;         ///< What it does.
  bool listsLanguages = false;  ///< `help` follows `doc` with the languages the REPL speaks.
};

/// Every command, in the order `help` lists them. The only list of commands: parsing, `help` and
/// completion read it.
std::span<const CommandInfo> commands();

/// What the REPL answers to one line.
struct Reply {
  std::string output;         ///< Text to show, each line ending in '\n' (may be empty).
  bool continuation = false;  ///< The input so far is incomplete: read another line.
  bool quit = false;          ///< `quit` or `exit` was entered.
};

/// The REPL state: the current language's session (sessions of other languages keep their state
/// while another is current), pending multi-line input and a step in progress.
class Repl {
 public:
  /// A REPL speaking `language`; when it has no session yet the REPL starts in Grobocode and
  /// `startupNote` says so.
  explicit Repl(Language language);
  ~Repl();
  Repl(const Repl&) = delete;
  Repl& operator=(const Repl&) = delete;

  /// Feeds one input line (without its newline). A line that completes an input runs it; a line
  /// that leaves a construct open returns `continuation`; an empty line ends an open definition
  /// and submits what was typed. Commands are recognised on the first line of an input, by their
  /// name or with a `:` prefix (`:time`), the prefix being needed when the name is also a word of
  /// the language (Grobocode's `time`).
  Reply feed(std::string_view line);

  /// Asks the input running now to stop: within a few thousand instructions it ends as a runtime
  /// error does ("interrupted"; the stack and variables as before). When nothing runs, the next
  /// input to run stops before its first instruction. Only stores to a lock-free atomic, so a
  /// SIGINT handler may call it (Ctrl-C while a line runs).
  void interrupt() { interrupted_.store(true, std::memory_order_relaxed); }

  /// Drops an input left open (the lines typed so far of an unfinished definition or `if`) and any
  /// interrupt not yet acted on: what Ctrl-C at the prompt does, besides clearing the line.
  void cancelInput();

  /// The prompt for the next line: "grobocode> ", or "grobocode... " while an input is open.
  std::string prompt() const;

  /// Completion candidates for the word that ends `lineBeforeCursor`: command names at the start
  /// of a line, language names after `lang`, engines after `engine`, and otherwise the session's
  /// words. Matching is case-insensitive; candidates are sorted.
  std::vector<std::string> complete(std::string_view lineBeforeCursor) const;

  /// The language currently spoken.
  Language language() const { return language_; }

  /// A note to show before the first prompt (empty when there is none).
  const std::string& startupNote() const { return startupNote_; }

 private:
  LanguageSession& session() const { return *sessions_.at(language_); }
  Reply runCommand(std::string_view name, std::string_view rest);
  void evaluate(std::string_view input, std::string& out);
  void runToEnd(std::string& out, bool showCycles);
  void stepOnce(std::string& out);
  void abandonStep(std::string& out);

  // Asks the current session to use the chosen engine; returns the line to show.
  std::string applyEngine();

  Language language_;
  std::map<Language, std::unique_ptr<LanguageSession>> sessions_;  // Each owns its engines.
  bool wantJit_ = false;
  std::string pending_;
  bool stepping_ = false;
  std::string startupNote_;
  std::atomic<bool> interrupted_{false};
  static_assert(std::atomic<bool>::is_always_lock_free, "interrupt() is called from a signal handler");
};

}  // namespace chronon::repl
