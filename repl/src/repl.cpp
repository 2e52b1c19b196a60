// The REPL's commands and input handling over a LanguageSession (repl.h).

#include "chronon/repl/repl.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdio>

#include "text.h"

namespace chronon::repl {

namespace {

constexpr std::array kCommands{
    CommandInfo{"help", "[WORD]", "the commands, or a word's stack effect and description"},
    CommandInfo{"words", "[PREFIX]", "the words and definitions that start with PREFIX"},
    CommandInfo{"see", "LABEL", "the disassembly of a label's code"},
    CommandInfo{"effect", "CODE", "the stack effect the checker infers for CODE (nothing runs)"},
    CommandInfo{"step", "[CODE]", "start stepping through CODE; `step` alone runs the next instruction"},
    CommandInfo{"trace", "CODE", "run CODE one instruction at a time, showing the stack after each"},
    CommandInfo{"time", "CODE", "run CODE and report the instructions executed and the time taken"},
    CommandInfo{"load", "FILE", "load a side or robot so that its labels and variables can be used"},
    CommandInfo{"set", "NAME VALUE...", "the value the test host answers for a hardware word"},
    CommandInfo{"lang", "NAME", "switch language:", true},
    CommandInfo{"engine", "interp|jit", "choose the engine that runs code"},
    CommandInfo{"reset", "", "forget every definition and empty the stacks"},
    CommandInfo{"quit", "", "leave the REPL (also `exit` or end of input)"},
};

// The languages' names as a reply lists them: "grobocode, robotalk or rl".
std::string listedLanguages() {
  const std::vector<std::string_view> names = languageNames();
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

std::string_view firstWord(std::string_view text, std::string_view& rest) {
  text = trim(text);
  size_t end = 0;
  while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
  rest = trim(text.substr(end));
  return text.substr(0, end);
}

}  // namespace

std::span<const CommandInfo> commands() { return kCommands; }

Repl::Repl(Language language) : language_(language) {
  if (std::unique_ptr<LanguageSession> s = makeSession(language)) {
    sessions_[language] = std::move(s);
  } else {
    startupNote_ = std::string(languageName(language)) + ": not available yet; using " +
                   std::string(languageName(kDefaultLanguage)) + "\n";
    language_ = kDefaultLanguage;
    sessions_[language_] = makeSession(language_);
  }
}

Repl::~Repl() = default;

std::string Repl::applyEngine() {
  std::string reason;
  if (!wantJit_) {
    session().useEngine(EngineChoice::kInterpreter, reason);  // The interpreter is always there.
    return "engine: interp\n";
  }
  // The session makes its JIT at the first `engine jit` and keeps it; when it cannot, it stays on
  // its interpreter.
  if (!session().useEngine(EngineChoice::kJit, reason)) {
    wantJit_ = false;
    return "engine jit: the JIT cannot start (" + reason + "); staying on the interpreter\n";
  }
  return "engine: jit\n";
}

std::string Repl::prompt() const { return std::string(languageName(language_)) + (pending_.empty() ? "> " : "... "); }

Reply Repl::feed(std::string_view line) {
  Reply reply;
  if (!pending_.empty()) {
    // An empty line submits whatever is open; the session then reports what is missing.
    if (!trim(line).empty()) {
      pending_ += '\n';
      pending_ += line;
      if (session().needsMore(pending_)) {
        reply.continuation = true;
        return reply;
      }
    }
    const std::string input = std::move(pending_);
    pending_.clear();
    evaluate(input, reply.output);
    return reply;
  }
  if (trim(line).empty()) return reply;
  std::string_view rest;
  std::string_view word = firstWord(line, rest);
  const bool prefixed = word.size() > 1 && word.front() == ':';
  if (prefixed) word.remove_prefix(1);
  const bool isCommand =
      std::any_of(kCommands.begin(), kCommands.end(), [&](const CommandInfo& c) { return c.name == word; }) ||
      word == "exit";
  if (isCommand && (prefixed || !session().isWord(word))) return runCommand(word, rest);
  if (prefixed) {
    reply.output = "unknown command :" + std::string(word) + " (type help for the list)\n";
    return reply;
  }
  if (session().needsMore(line)) {
    pending_ = line;
    reply.continuation = true;
    return reply;
  }
  evaluate(line, reply.output);
  // A language statement that starts with a command's name (RL's `set NAME VALUE`) is not a command
  // typed by mistake; the session explains the command itself where it needs to.
  if (isCommand && !session().startsStatement(word) && reply.output.find("error") != std::string::npos) {
    reply.output += "note: " + std::string(word) + " is also a " + std::string(languageName(language_)) +
                    " word, so this ran as code; type :" + std::string(word) + " for the command\n";
  }
  return reply;
}

void Repl::evaluate(std::string_view input, std::string& out) {
  if (stepping_) abandonStep(out);
  switch (session().prepare(input, out)) {
    case Prepared::kError: break;
    case Prepared::kDefined: break;
    case Prepared::kReady: runToEnd(out, false); break;
  }
  out += session().stackText() + "\n";
}

void Repl::cancelInput() {
  pending_.clear();
  interrupted_.store(false, std::memory_order_relaxed);
}

void Repl::runToEnd(std::string& out, bool showCycles) {
  // Runs in slices, so that an interrupt is seen within one slice.
  constexpr int64_t kSliceCycles = 10'000;
  int64_t executed = 0;
  const auto started = std::chrono::steady_clock::now();
  RunStatus status = RunStatus::kRunning;
  while (status == RunStatus::kRunning && executed < kCycleLimit) {
    if (interrupted_.exchange(false, std::memory_order_relaxed)) {
      out += "interrupted after " + std::to_string(executed) + " instructions; the stack is as before\n";
      session().finish(false);
      return;
    }
    status = session().advance(std::min(kCycleLimit - executed, kSliceCycles), executed, out);
  }
  const auto elapsed = std::chrono::steady_clock::now() - started;
  switch (status) {
    case RunStatus::kRunning:
      out += "error: stopped after " + std::to_string(kCycleLimit) +
             " instructions (an endless loop?); the stack is as before\n";
      session().finish(false);
      return;
    case RunStatus::kError:
      out += "error: " + session().runtimeError() + "; the stack is as before\n";
      session().finish(false);
      return;
    case RunStatus::kDone: session().finish(true); break;
  }
  if (showCycles) {
    const double ms = std::chrono::duration<double, std::milli>(elapsed).count();
    char wall[64];
    std::snprintf(wall, sizeof wall, "%.3f", ms);
    out += "instructions: " + std::to_string(executed) + "\n";
    out += "wall: " + std::string(wall) + " ms\n";
  }
}

void Repl::stepOnce(std::string& out) {
  const std::string next = session().nextInstruction();
  int64_t executed = 0;
  const RunStatus status = session().advance(1, executed, out);
  switch (status) {
    case RunStatus::kRunning: out += "  " + next + "    " + session().stackText() + "\n"; return;
    case RunStatus::kError:
      out += "  " + next + "\nerror: " + session().runtimeError() + "; the stack is as before\n";
      session().finish(false);
      stepping_ = false;
      out += session().stackText() + "\n";
      return;
    case RunStatus::kDone:
      session().finish(true);
      stepping_ = false;
      out += "done\n" + session().stackText() + "\n";
      return;
  }
}

void Repl::abandonStep(std::string& out) {
  session().finish(false);
  stepping_ = false;
  out += "(step abandoned; the stack is as before it)\n";
}

Reply Repl::runCommand(std::string_view name, std::string_view rest) {
  Reply reply;
  std::string& out = reply.output;
  LanguageSession& s = session();
  if (name == "quit" || name == "exit") {
    reply.quit = true;
    return reply;
  }
  if (name == "step" && stepping_ && rest.empty()) {
    stepOnce(out);
    return reply;
  }
  if (stepping_) abandonStep(out);
  if (name == "help") {
    if (rest.empty()) {
      out += "commands (prefix with ':' when a word has the same name, e.g. :time):\n";
      for (const CommandInfo& c : kCommands) {
        std::string left = std::string(c.name) + (c.arguments.empty() ? "" : " " + std::string(c.arguments));
        left.resize(std::max<size_t>(left.size() + 1, 20), ' ');
        out += "  " + left + std::string(c.doc) + (c.listsLanguages ? " " + listedLanguages() : "") + "\n";
      }
      out += session().codeHelp();
      return reply;
    }
    s.help(rest, out);
    return reply;
  }
  if (name == "words") {
    std::vector<std::string> list;
    for (const std::string& w : s.words()) {
      if (startsWithNoCase(w, rest)) list.push_back(w);
    }
    out += joinWrapped(list, 100);
    out += "(" + std::to_string(list.size()) + " words)\n";
    return reply;
  }
  if (name == "see") {
    if (rest.empty()) {
      out += "usage: see LABEL\n";
      return reply;
    }
    s.see(rest, out);
    return reply;
  }
  if (name == "effect") {
    if (rest.empty()) {
      out += "usage: effect CODE\n";
      return reply;
    }
    s.effect(rest, out);
    return reply;
  }
  if (name == "step" || name == "trace") {
    if (rest.empty()) {
      out += name == "step" ? "nothing to step: use step CODE\n" : "usage: trace CODE\n";
      return reply;
    }
    const Prepared prepared = s.prepare(rest, out);
    if (prepared != Prepared::kReady) {
      if (prepared == Prepared::kDefined) out += "nothing to run\n";
      out += s.stackText() + "\n";
      return reply;
    }
    stepping_ = true;
    if (name == "step") {
      out += "next: " + s.nextInstruction() + "    " + s.stackText() + "\n";
      return reply;
    }
    for (int64_t i = 0; stepping_ && i < kCycleLimit; ++i) stepOnce(out);
    if (stepping_) {
      out += "error: stopped after " + std::to_string(kCycleLimit) + " instructions; the stack is as before\n";
      s.finish(false);
      stepping_ = false;
    }
    return reply;
  }
  if (name == "time") {
    if (rest.empty()) {
      out += "usage: time CODE\n";
      return reply;
    }
    if (s.prepare(rest, out) == Prepared::kReady) runToEnd(out, true);
    out += s.stackText() + "\n";
    return reply;
  }
  if (name == "load") {
    if (rest.empty()) {
      out += "usage: load FILE\n";
      return reply;
    }
    s.load(std::string(rest), out);
    return reply;
  }
  if (name == "set") {
    std::string_view values;
    const std::string_view hw = firstWord(rest, values);
    std::vector<std::string> args;
    while (!values.empty()) {
      std::string_view more;
      args.emplace_back(firstWord(values, more));
      values = more;
    }
    if (hw.empty() || args.empty()) {
      out += "usage: set NAME VALUE...\n";
      return reply;
    }
    s.set(hw, args, out);
    return reply;
  }
  if (name == "lang") {
    const std::optional<Language> language = parseLanguage(rest);
    if (!language) {
      out += "unknown language '" + std::string(rest) + "': " + listedLanguages() + "\n";
      return reply;
    }
    if (!sessions_.contains(*language)) {
      std::unique_ptr<LanguageSession> created = makeSession(*language);
      if (!created) {
        out += std::string(languageName(*language)) + ": not available yet\n";
        return reply;
      }
      sessions_[*language] = std::move(created);
    }
    language_ = *language;
    out += "language: " + std::string(languageName(language_)) + "\n";
    // The chosen engine follows the user into the new language where it can; when the JIT cannot
    // start for this language, the reply says so (applyEngine then falls back to the interpreter).
    const bool jitWanted = wantJit_;
    const std::string engine = applyEngine();
    if (jitWanted && !wantJit_) out += engine;
    return reply;
  }
  if (name == "engine") {
    if (rest == "interp" || rest == "jit") {
      wantJit_ = rest == "jit";
      out += applyEngine();
    } else {
      out += "usage: engine interp|jit\n";
    }
    return reply;
  }
  if (name == "reset") {
    s.reset();
    out += "reset\n" + s.stackText() + "\n";
    return reply;
  }
  out += "unknown command " + std::string(name) + "\n";
  return reply;
}

std::vector<std::string> Repl::complete(std::string_view lineBeforeCursor) const {
  size_t start = lineBeforeCursor.size();
  while (start > 0 && !std::isspace(static_cast<unsigned char>(lineBeforeCursor[start - 1]))) --start;
  std::string_view prefix = lineBeforeCursor.substr(start);
  std::string_view rest;
  const std::string_view first = firstWord(lineBeforeCursor.substr(0, start), rest);
  std::vector<std::string> pool;
  const bool atStart = first.empty() && pending_.empty();
  std::string_view command = first;
  if (!command.empty() && command.front() == ':') command.remove_prefix(1);
  if (atStart && !prefix.empty() && prefix.front() == ':') {
    for (const CommandInfo& c : kCommands) pool.push_back(":" + std::string(c.name));
  } else if (command == "lang" && pending_.empty()) {
    for (const std::string_view language : languageNames()) pool.emplace_back(language);
  } else if (command == "engine" && pending_.empty()) {
    pool = {"interp", "jit"};
  } else {
    if (atStart) {
      for (const CommandInfo& c : kCommands) pool.emplace_back(c.name);
    }
    for (std::string& w : session().words()) pool.push_back(std::move(w));
  }
  const bool upper = std::any_of(prefix.begin(), prefix.end(), [](char c) { return std::isupper(c) != 0; }) &&
                     std::none_of(prefix.begin(), prefix.end(), [](char c) { return std::islower(c) != 0; });
  const WordCase wordCase = session().wordCase();
  const bool exactCase = wordCase == WordCase::kExact;
  std::vector<std::string> matches;
  for (std::string& candidate : pool) {
    if (exactCase ? !candidate.starts_with(prefix) : !startsWithNoCase(candidate, prefix)) continue;
    if (wordCase == WordCase::kFollowTyped) candidate = upper ? upperCopy(candidate) : lowerCopy(candidate);
    matches.push_back(std::move(candidate));
  }
  std::sort(matches.begin(), matches.end());
  matches.erase(std::unique(matches.begin(), matches.end()), matches.end());
  return matches;
}

}  // namespace chronon::repl
