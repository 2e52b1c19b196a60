#pragma once
// A language session: everything the REPL needs from one language (DESIGN.md "repl/"). The REPL's
// commands (repl.h) are written once against this interface; each language implements it over its
// own compiler, interpreter (and JIT, where it has one) and test host. Adding a language means adding
// one implementation and registering its factory (registerSession); makeSession finds it there.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/language.h"

namespace chronon::repl {

/// The languages the REPL speaks: the registry's (chronon/compiler/language.h).
using Language = LanguageId;

/// The language the REPL starts in when neither --lang nor a FILE of another language picks one.
inline constexpr Language kDefaultLanguage = Language::kGrobocode;

/// The engines the `engine` command offers (`engine interp|jit`).
enum class EngineChoice : uint8_t {
  kInterpreter,  ///< The language's interpreter: every session has one and starts on it.
  kJit,          ///< The language's LLVM JIT (chronon/jit/), where it has one and it can start.
};

/// The language named `name`, in any case and with blanks around it ignored: a name the registry
/// knows (languageNamed: "grobocode" or "gb", "robotalk" or "rtk", "rl" or "robbie"). Returns
/// nullopt for any other name.
std::optional<Language> parseLanguage(std::string_view name);

/// The name the REPL shows for `language` in prompts and replies: its registry row's promptName
/// ("grobocode", "robotalk", "rl", or a registered language's).
std::string_view languageName(Language language);

/// Every language's languageName as the REPL lists them: kDefaultLanguage first, then the others in
/// the registry's order ("grobocode", "robotalk", "rl", then any registered language's).
std::vector<std::string_view> languageNames();

/// What `prepare` made of an input.
enum class Prepared : uint8_t {
  kError,    ///< It did not compile; the diagnostics were written and nothing changed.
  kDefined,  ///< It only defined things (labels, variables, constants); they are kept, nothing runs.
  kReady,    ///< It compiled to code that is ready to run with `advance`.
};

/// How far `advance` got.
enum class RunStatus : uint8_t {
  kRunning,  ///< The cycle allowance ran out before the code finished; call `advance` again.
  kDone,     ///< The code ran to its end (or to `stop`); call `finish(true, ...)`.
  kError,    ///< A runtime error; `runtimeError` describes it; call `finish(false, ...)`.
};

/// How tab completion matches and spells a language's words.
enum class WordCase : uint8_t {
  kExact,        ///< Names are case-sensitive: a candidate matches only as written (RL).
  kIgnored,      ///< Case is ignored when matching; candidates keep their own spelling (Grobocode).
  kFollowTyped,  ///< Case is ignored, and candidates take the case being typed: upper case when the
                 ///< prefix has capitals and no small letters, else lower case (RoboTalk).
};

/// One language's compiler, interpreter, live stack, definitions and test host. Output is written
/// as text lines, each ending in '\n', to the `out` string the caller passes.
class LanguageSession {
 public:
  virtual ~LanguageSession() = default;

  /// The language this session speaks.
  virtual Language language() const = 0;

  /// True when `input` (the lines typed so far, joined with '\n') leaves a construct open and the
  /// REPL should read another line: an `if` without its `then`, an unclosed `{` comment, a label
  /// definition that has not yet returned. A syntax error is not "open": the input is then
  /// evaluated and the error shown.
  virtual bool needsMore(std::string_view input) const = 0;

  /// Compiles `input` against the current definitions. Definitions are committed at once (and
  /// reported in `out`); runnable code is kept ready for `advance` with the current state saved, so
  /// that `finish(false, ...)` can restore it. Compile errors are written to `out` with their
  /// line:column within `input`, and leave the session unchanged.
  virtual Prepared prepare(std::string_view input, std::string& out) = 0;

  /// Runs the prepared code for at most `maxCycles` instructions (at least one), adding the number
  /// executed to `executed`. Output the code prints is written to `out`.
  virtual RunStatus advance(int64_t maxCycles, int64_t& executed, std::string& out) = 0;

  /// The next instruction of the prepared code, as "ADDR  text" (for step and trace); empty when
  /// nothing is prepared.
  virtual std::string nextInstruction() const = 0;

  /// The last runtime error: the language's message and where it happened ("line:col" within the
  /// input, or "in LABEL+OFFSET" inside a definition).
  virtual std::string runtimeError() const = 0;

  /// Ends the prepared run. With `keep` the state it left (stack, variables) stays; without, the
  /// state saved by `prepare` comes back. Either way the transient code is dropped.
  virtual void finish(bool keep) = 0;

  /// The live stack in the language's number format, e.g. "stack: 1 0.671", and for Grobocode the
  /// return stack when it is not empty. One line, without a trailing newline.
  virtual std::string stackText() const = 0;

  /// True when `name` is a word of the language or a user definition (used to decide whether a
  /// command name such as `time` means the command or the word).
  virtual bool isWord(std::string_view name) const = 0;

  /// What `help` says after the commands about any other input, one or more lines each ending in
  /// '\n'. The default suits a language whose input is run at once.
  virtual std::string_view codeHelp() const { return "anything else is code: it runs at once.\n"; }

  /// True when the command name `name` also starts one of the language's own statements (RL's
  /// `set NAME VALUE`), so that an error in a line starting with it needs no note that a command of
  /// that name exists. The default: no command name is.
  virtual bool startsStatement(std::string_view name) const {
    (void)name;
    return false;
  }

  /// How tab completion matches and spells the language's words. The default: case is ignored.
  virtual WordCase wordCase() const { return WordCase::kIgnored; }

  /// `help WORD`: the word's stack effect and one-line doc from the word table (or what a user
  /// symbol is). Returns false, with a message in `out`, when the word is unknown.
  virtual bool help(std::string_view word, std::string& out) const = 0;

  /// Every word of the language and every user symbol, for `words` and tab completion: primitives,
  /// hardware words, compile-time words, labels (with the language's call spelling), variables,
  /// constants. Sorted, without duplicates.
  virtual std::vector<std::string> words() const = 0;

  /// `see LABEL`: the disassembly of the code at a label. Returns false when there is no such label.
  virtual bool see(std::string_view label, std::string& out) const = 0;

  /// `effect CODE`: the stack effect the checker infers for `code`, e.g. "( 1 -- 1 )". Nothing runs
  /// and nothing is defined. Returns false after writing diagnostics when it does not compile.
  virtual bool effect(std::string_view code, std::string& out) = 0;

  /// `load FILE`: loads a side (Grobocode: the brain of the first type with code, or `typeName`)
  /// or a robot (RoboTalk) so that its labels and variables become usable. Returns false, with
  /// diagnostics in `out`, when it does not load.
  virtual bool load(const std::string& path, std::string& out) = 0;

  /// `set NAME VALUE...`: the value the test host answers for hardware word `name` (one number, or
  /// two for a Grobocode vector). Returns false, with a message, for an unknown name or bad value.
  virtual bool set(std::string_view name, std::span<const std::string> values, std::string& out) = 0;

  /// `reset`: forgets every definition and empties the stacks and the test host.
  virtual void reset() = 0;

  /// `engine`: runs code from now on with `engine`, which the session owns (a JIT is made at the
  /// first choice of it and kept for the session's life). kInterpreter always succeeds. Returns
  /// false, with why in `reason` (the JIT loader's message, or that the language has no JIT), when the
  /// JIT cannot start or the language has none; the session then runs on its interpreter.
  virtual bool useEngine(EngineChoice engine, std::string& reason) = 0;
};

/// Makes a new session of one language.
using SessionFactory = std::unique_ptr<LanguageSession> (*)();

/// Makes `factory` the maker of `language`'s sessions for makeSession. The built-in three are
/// registered so before the first makeSession; another language registers its factory after
/// registering the language itself (registerLanguage in chronon/compiler/language.h), under the
/// registry's rule of registering before use. Throws std::invalid_argument when `factory` is null,
/// or when `language` has a factory already or is not in the language registry.
void registerSession(Language language, SessionFactory factory);

/// A new session for `language` from its registered factory, or nullptr when the language has none
/// (every built-in language has one; the REPL says a language without one is not available).
std::unique_ptr<LanguageSession> makeSession(Language language);

}  // namespace chronon::repl
