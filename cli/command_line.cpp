// The one CLI11 set-up of every command (see command_line.h).

#include "command_line.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace chronon::cli {

namespace {

// The inspector of the probeCommandLine running on this thread, or nullptr: parseCommandLine then
// hands it the app instead of parsing.
thread_local const std::function<void(CLI::App&)>* probe = nullptr;

}  // namespace

std::unique_ptr<CLI::App> commandApp(const std::string& command, const std::string& description) {
  auto app = std::make_unique<CLI::App>(description, "chronon " + command);
  app->get_formatter()->column_width(34);
  // An option given twice takes its last value, as the commands always did (`... -j 2 -j 1`).
  app->option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  return app;
}

std::optional<int> parseCommandLine(CLI::App& app, const Args& args) {
  if (probe != nullptr) {
    (*probe)(app);
    return 0;
  }
  try {
    // CLI11 takes the arguments last first.
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "%s: %s\nRun '%s --help' for the options.\n", app.get_name().c_str(), e.what(),
                 app.get_name().c_str());
    return kUsageStatus;
  }
  return std::nullopt;
}

bool probeCommandLine(int (*run)(const Args&), const Args& args, const std::function<void(CLI::App&)>& inspect) {
  bool reached = false;
  const std::function<void(CLI::App&)> hook = [&](CLI::App& app) {
    reached = true;
    inspect(app);
  };
  // Restores the previous probe however `run` ends, so that a throwing command cannot leave the
  // parser disabled for the rest of the process.
  struct Restore {
    const std::function<void(CLI::App&)>* previous;
    ~Restore() { probe = previous; }
  } restore{probe};
  probe = &hook;
  run(args);
  return reached;
}

int usageError(const std::string& command, const std::string& message) {
  const std::string name = command.empty() ? "chronon" : "chronon " + command;
  std::fprintf(stderr, "%s: %s\nRun '%s --help' for the options.\n", name.c_str(), message.c_str(), name.c_str());
  return kUsageStatus;
}

CLI::Validator quiet(CLI::Validator validator) {
  // The help never shows a validator's name; valueChoices reads a set's words there.
  if (validator.get_name().empty()) validator.name(validator.get_description());
  return validator.description("");
}

std::string describeSet(const std::vector<std::string>& words) {
  std::string text = "{";
  for (const std::string& word : words) text += (text.size() > 1 ? "," : "") + word;
  return text + "}";
}

std::vector<std::string> valueChoices(CLI::Option& option) {
  std::vector<std::string> words;
  // CLI11 2.1 has no count of an option's validators: an index past the last throws.
  for (int i = 0;; ++i) {
    const CLI::Validator* validator = nullptr;
    try {
      validator = option.get_validator(i);
    } catch (const CLI::OptionNotFound&) {
      break;
    }
    for (const std::string& text : {validator->get_name(), validator->get_description()}) {
      if (text.size() < 2 || text.front() != '{' || text.back() != '}') continue;
      for (size_t start = 1; start < text.size();) {
        const size_t end = std::min(text.find(',', start), text.size() - 1);
        const std::string word = text.substr(start, end - start);
        if (!word.empty() && std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
        start = end + 1;
      }
    }
  }
  return words;
}

CLI::Validator unsignedNumber() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::string problem = "'" + text + "' is not a whole number from 0 to 18446744073709551615";
        if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
          return problem;
        // Twenty digits may still be above 2^64 - 1; as strings of one length they compare as numbers.
        if (text.size() == 20 && text > "18446744073709551615") return problem;
        return {};
      },
      "");
}

void addEngineOptions(CLI::App& app, EngineChoice& choice) {
  app.add_option_function<std::string>(
         "--engine", [&choice](const std::string& name) { choice.jitRequested = name == "jit"; },
         std::string("interp | jit: run brains with the interpreter (default) or the LLVM JIT; both behave "
                     "identically, the JIT declines (with a note) what it cannot compile") +
             kJitLibraryHelp)
      ->check(quiet(CLI::IsMember({"interp", "jit"})))
      ->type_name("E");
  app.add_flag("--stats", choice.stats, "print JIT compile times and cache hits to stderr");
}

CLI::Option* addGameOption(CLI::App& app, std::string& game) {
  return app
      .add_option("--game", game,
                  "robowar | grobots: the game a folder holding both robots and sides plays (default: grobots, with "
                  "a note saying how many robots were left out)")
      // chooseGame's words, for commands that parse before choosing (tournament).
      ->check(quiet(CLI::Validator(
          [](std::string& name) {
            return name == "robowar" || name == "grobots" ? std::string()
                                                          : "unknown game '" + name + "' (grobots, robowar)";
          },
          describeSet({"robowar", "grobots"}))))
      ->type_name("G");
}

void addProfileOption(CLI::App& app, robotalk::Profile& profile) {
  app.add_option_function<std::string>(
         "--profile", [&profile](const std::string& name) { profile = *robotalk::parseProfile(name); },
         "robowar-5 (default; RoboWar 4.5.2 and 5.x) | robowar-1.5: the RoboTalk language profile")
      ->check(quiet(CLI::Validator(
          [](std::string& name) {
            return robotalk::parseProfile(name) ? std::string() : "unknown profile '" + name + "'";
          },
          describeSet({std::string(robotalk::profileName(robotalk::Profile::kRoboWar5)),
                       std::string(robotalk::profileName(robotalk::Profile::kRoboWar15))}))))
      ->type_name("NAME");
}

}  // namespace chronon::cli
