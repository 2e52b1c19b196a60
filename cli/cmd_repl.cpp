// `chronon repl`: the libedit front end of the REPL (repl/repl.h holds the logic). On a terminal it
// edits lines with history (kept in a file across runs) and tab completion; otherwise it reads
// commands from stdin and prints only the results, for pipes and tests.

#include <histedit.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "chronon/compiler/language.h"
#include "chronon/repl/repl.h"
#include "command_line.h"
#include "commands.h"

namespace chronon::cli {

namespace {

// The history file: $CHRONON_REPL_HISTORY, else ~/.chronon_history, else none.
std::string historyPath() {
  if (const char* path = std::getenv("CHRONON_REPL_HISTORY"); path != nullptr && *path != '\0') return path;
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return std::string(home) + "/.chronon_history";
  return {};
}

// What libedit's callbacks need; reached through EL_CLIENTDATA.
struct EditorContext {
  repl::Repl* repl = nullptr;
  std::string prompt;
};

EditorContext* contextOf(EditLine* el) {
  void* data = nullptr;
  el_get(el, EL_CLIENTDATA, &data);
  return static_cast<EditorContext*>(data);
}

char* promptOf(EditLine* el) { return contextOf(el)->prompt.data(); }

// Tab: one candidate replaces the word; several insert their common prefix and are listed.
unsigned char completeWord(EditLine* el, int) {
  EditorContext* context = contextOf(el);
  const LineInfo* line = el_line(el);
  const std::string before(line->buffer, static_cast<size_t>(line->cursor - line->buffer));
  size_t start = before.size();
  while (start > 0 && before[start - 1] != ' ' && before[start - 1] != '\t') --start;
  const std::string prefix = before.substr(start);
  const std::vector<std::string> candidates = context->repl->complete(before);
  if (candidates.empty()) return CC_ERROR;
  std::string common = candidates.front();
  for (const std::string& c : candidates) {
    size_t n = 0;
    while (n < common.size() && n < c.size() && common[n] == c[n]) ++n;
    common.resize(n);
  }
  if (common.size() >= prefix.size()) {
    el_deletestr(el, static_cast<int>(prefix.size()));
    std::string insert = common + (candidates.size() == 1 ? " " : "");
    el_insertstr(el, insert.c_str());
  }
  if (candidates.size() == 1) return CC_REFRESH;
  std::string list = "\n";
  for (const std::string& c : candidates) list += c + "  ";
  std::fprintf(stdout, "%s\n", list.c_str());
  std::fflush(stdout);
  return CC_REDISPLAY;
}

// Ctrl-C: the REPL whose running input it interrupts, and whether one came (for el_gets, which
// returns with an error when SIGINT cuts its read short).
std::atomic<repl::Repl*> interruptTarget{nullptr};
volatile std::sig_atomic_t interruptCame = 0;

extern "C" void onInterrupt(int) {
  interruptCame = 1;
  if (repl::Repl* r = interruptTarget.load()) r->interrupt();
}

// While it lives, SIGINT interrupts `r` instead of ending the process; the handler it replaced
// comes back after. Without SA_RESTART, so that the read under el_gets returns.
class InterruptHandler {
 public:
  explicit InterruptHandler(repl::Repl& r) {
    interruptTarget.store(&r);
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, &previous_);
  }
  ~InterruptHandler() {
    sigaction(SIGINT, &previous_, nullptr);
    interruptTarget.store(nullptr);
  }
  InterruptHandler(const InterruptHandler&) = delete;
  InterruptHandler& operator=(const InterruptHandler&) = delete;

 private:
  struct sigaction previous_ {};
};

int runInteractive(repl::Repl& r) {
  EditorContext context{&r, r.prompt()};
  EditLine* el = el_init("chronon", stdin, stdout, stderr);
  History* hist = history_init();
  HistEvent event;
  history(hist, &event, H_SETSIZE, 1000);
  history(hist, &event, H_SETUNIQUE, 1);
  const std::string path = historyPath();
  if (!path.empty()) history(hist, &event, H_LOAD, path.c_str());
  el_set(el, EL_CLIENTDATA, &context);
  el_set(el, EL_PROMPT, promptOf);
  el_set(el, EL_EDITOR, "emacs");
  el_set(el, EL_HIST, history, hist);
  el_set(el, EL_ADDFN, "chronon-complete", "complete a word", completeWord);
  el_set(el, EL_BIND, "^I", "chronon-complete", nullptr);
  el_source(el, nullptr);

  std::fputs(r.startupNote().c_str(), stdout);
  std::printf("chronon repl (%s); type help for the commands, quit to leave\n",
              std::string(repl::languageName(r.language())).c_str());
  const InterruptHandler handler(r);
  while (true) {
    context.prompt = r.prompt();
    int count = 0;
    interruptCame = 0;
    const char* raw = el_gets(el, &count);
    if (raw == nullptr && interruptCame != 0) {
      // Ctrl-C at the prompt: the line (and an input left open) is dropped, as in a shell.
      r.cancelInput();
      el_reset(el);
      std::fputs("^C\n", stdout);
      std::fflush(stdout);
      continue;
    }
    if (raw == nullptr) {
      std::fputs("\n", stdout);
      break;
    }
    std::string line(raw, static_cast<size_t>(count));
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    if (!line.empty()) {
      history(hist, &event, H_ENTER, line.c_str());
      if (!path.empty()) history(hist, &event, H_SAVE, path.c_str());
    }
    const repl::Reply reply = r.feed(line);
    std::fputs(reply.output.c_str(), stdout);
    std::fflush(stdout);
    if (reply.quit) break;
  }
  history_end(hist);
  el_end(el);
  return 0;
}

int runScript(repl::Repl& r) {
  std::fputs(r.startupNote().c_str(), stdout);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const repl::Reply reply = r.feed(line);
    std::fputs(reply.output.c_str(), stdout);
    if (reply.quit) return 0;
  }
  // End of input submits an input still open, so its error is shown.
  std::fputs(r.feed("").output.c_str(), stdout);
  return 0;
}

}  // namespace

int runRepl(const Args& args) {
  std::optional<repl::Language> language;
  std::string file;
  std::vector<std::string> names;
  std::string choices;  // "grobocode | robotalk | rl"
  for (const std::string_view name : repl::languageNames()) {
    choices += (names.empty() ? "" : " | ") + std::string(name);
    names.emplace_back(name);
  }
  const std::unique_ptr<CLI::App> app =
      commandApp("repl",
                 "An interactive loop: type code to run it, `name:` to define, help for the commands.\n"
                 "Reads commands from stdin without prompts when stdin is not a terminal.\n"
                 "History: $CHRONON_REPL_HISTORY, else ~/.chronon_history. Ctrl-C stops the line running,\n"
                 "or at the prompt clears the line; Ctrl-D or quit leaves.\n");
  app->add_option("file", file, "a file to load first (its extension picks the language without --lang)")
      ->type_name("FILE");
  app->add_option_function<std::string>(
         "--lang", [&language](const std::string& name) { language = repl::parseLanguage(name); },
         choices + ": the language (default: from FILE's extension, else " +
             std::string(repl::languageName(repl::kDefaultLanguage)) + ")")
      ->check(quiet(CLI::Validator(
          [](std::string& name) {
            return repl::parseLanguage(name) ? std::string() : "unknown language '" + name + "'";
          },
          describeSet(names))))
      ->type_name("L");
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  if (!language) language = languageOf(file).value_or(repl::kDefaultLanguage);
  repl::Repl r(*language);
  if (!file.empty()) std::fputs(r.feed(":load " + file).output.c_str(), stdout);
  return isatty(STDIN_FILENO) != 0 ? runInteractive(r) : runScript(r);
}

}  // namespace chronon::cli
