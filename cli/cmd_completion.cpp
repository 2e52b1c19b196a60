// `chronon completion bash`: the bash completion script of chronon. Nothing in it is written by hand
// per command: each command's run function is called under probeCommandLine (command_line.h), which
// hands over the CLI::App the command builds and stops it before it parses or does anything, and
// the script is written from those apps' options, validators and subcommands.

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "command_line.h"
#include "commands.h"

namespace chronon::cli {

namespace {

constexpr const char* kDescription =
    "Prints a completion script for chronon to stdout; bash is the only shell so far. It completes\n"
    "the commands, their subcommands and options, the values of options that take one of a few words\n"
    "(--engine interp|jit, --game, --profile ...) and file names. Install it with\n"
    "  chronon completion bash > ~/.local/share/bash-completion/completions/chronon\n"
    "or add 'source <(chronon completion bash)' to ~/.bashrc.\n";

// The argument lists every command is built with. Commands that pick their parser by their
// arguments (battle by the game, run by an .rl program) build each of their parsers under one of
// these; the others build the same one each time. Before parsing, a command only looks at x.rl's
// name (run) or whether it is a folder (battle's game); nothing is read.
std::vector<Args> probes() { return {{}, {"--game", "grobots"}, {"--game", "robowar"}, {"x.rl"}}; }

// What the script knows of one command, named by its words after "chronon": "" (chronon itself),
// "battle", "tournament plan". The union over the parsers a command builds.
struct Node {
  std::vector<std::string> subcommands;
  std::vector<std::string> options;  ///< Every name, short and long, in the order the parsers define them.
  std::set<std::string> valued;      ///< The names of the options that take a value.
  std::map<std::string, std::vector<std::string>> choices;  ///< The words an option's value is one of.
  bool positionals = false;                                 ///< It takes positional arguments (files).
};
using Tree = std::map<std::string, Node>;

void addUnique(std::vector<std::string>& words, const std::string& word) {
  for (const std::string& w : words) {
    if (w == word) return;
  }
  words.push_back(word);
}

// Adds what `app` (the parser of the command `path`) accepts to `tree`, its subcommands under
// "PATH SUB".
void collect(CLI::App& app, const std::string& path, Tree& tree) {
  Node& node = tree[path];
  for (CLI::Option* option : app.get_options()) {
    // An option in no group is left out of the help (run's --cycles, kept to explain its removal),
    // and so out of the completion.
    if (option->get_group().empty()) continue;
    if (!option->nonpositional()) {
      node.positionals = true;
      continue;
    }
    const bool valued = option->get_items_expected_max() > 0;
    const std::vector<std::string> choices = valued ? valueChoices(*option) : std::vector<std::string>();
    std::vector<std::string> names;
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : names) {
      addUnique(node.options, name);
      if (valued) node.valued.insert(name);
      for (const std::string& word : choices) addUnique(node.choices[name], word);
    }
  }
  for (CLI::App* sub : app.get_subcommands({})) {
    // A subcommand in no group is left out of the help (completion's own `commands`).
    if (sub->get_group().empty()) continue;
    addUnique(node.subcommands, sub->get_name());
    collect(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), tree);
  }
}

// `word` in single quotes, for bash.
std::string quoted(const std::string& word) {
  std::string text = "'";
  for (const char c : word) text += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return text + "'";
}

// The words, separated by spaces.
template <typename Words>
std::string joined(const Words& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

// A bash function `name` that prints, for the command named by its first argument, the words
// `pick` gives its node; `comment` says what they are.
template <typename Pick>
std::string wordFunction(const char* name, const char* comment, const Tree& tree, Pick pick) {
  std::string text = std::string("# ") + comment + "\n" + name + "() {\n  case $1 in\n";
  for (const auto& [path, node] : tree) {
    const std::string words = joined(pick(node));
    if (!words.empty()) text += "    " + quoted(path) + ") echo " + quoted(words) + " ;;\n";
  }
  return text + "  esac\n}\n\n";
}

// The part of the script that does not depend on the commands: finding the command and the word
// being completed, and completing it from the functions written before it.
constexpr const char* kCompleter = R"bash(# True when the word list $1 holds the word $2.
_chronon_has() {
  [[ " $1 " == *" $2 "* ]]
}

# Adds to COMPREPLY each of the words $2 that starts with $3, after the prefix $1.
_chronon_reply() {
  local word
  while IFS= read -r word; do
    COMPREPLY+=("$1$word")
  done < <(compgen -W "$2" -- "$3")
}

# Adds to COMPREPLY the names of the files and folders that start with $2, after the prefix $1.
_chronon_files() {
  local name
  while IFS= read -r name; do
    COMPREPLY+=("$1$name")
  done < <(compgen -f -- "$2")
  # Let readline quote them and mark folders with '/'; compopt works only during a completion.
  compopt -o filenames 2>/dev/null
  return 0
}

_chronon() {
  COMPREPLY=()
  # bash splits '--seed=5' at '=' (COMP_WORDBREAKS) into '--seed', '=', '5': join them again, so
  # that each argument is one word, as chronon reads it. (bash-completion's _init_completion would
  # do the same; the script does not need bash-completion.)
  local -a words=()
  local i n word cword=0 glue=0
  for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
    word=${COMP_WORDS[i]}
    n=${#words[@]}
    if ((n > 1)) && [[ $word == '=' && ${words[n - 1]} == -* && ${words[n - 1]} != *=* ]]; then
      words[n - 1]+='='
      glue=1
    elif ((glue)); then
      words[n - 1]+=$word
      glue=0
    else
      words+=("$word")
    fi
    if ((i == COMP_CWORD)); then cword=$((${#words[@]} - 1)); fi
  done
  local cur=${words[cword]} path='' option='' prefix=''
  # The words before the cursor: a subcommand names the command whose options follow; an option
  # that takes a value takes the next word, which may be the one being completed.
  for ((i = 1; i < cword; i++)); do
    word=${words[i]}
    case $word in
      -*=*) ;;
      -*)
        if _chronon_has "$(_chronon_valued "$path")" "$word"; then
          if ((i + 1 == cword)); then option=$word; fi
          i=$((i + 1))
        fi
        ;;
      *)
        if _chronon_has "$(_chronon_subcommands "$path")" "$word"; then path=${path:+$path }$word; fi
        ;;
    esac
  done
  # '--option=VALUE': the value is completed. Where bash did not split the word at '=', a reply
  # replaces the whole word, so it keeps the option in front.
  if [[ -z $option && $cur == -*=* ]]; then
    option=${cur%%=*}
    cur=${cur#*=}
    if [[ ${COMP_WORDS[COMP_CWORD]} == -*=* ]]; then prefix=$option=; fi
    _chronon_has "$(_chronon_valued "$path")" "$option" || return 0
  fi
  local choices
  if [[ -n $option ]]; then
    if choices=$(_chronon_choices "$path" "$option"); then
      _chronon_reply "$prefix" "$choices" "$cur"
    else
      _chronon_files "$prefix" "$cur"
    fi
  elif [[ $cur == -* ]]; then
    _chronon_reply '' "$(_chronon_options "$path")" "$cur"
  else
    _chronon_reply '' "$(_chronon_subcommands "$path")" "$cur"
    if _chronon_positionals "$path"; then _chronon_files '' "$cur"; fi
  fi
  return 0
}

complete -F _chronon chronon
)bash";

// The bash script for the commands in `tree`.
std::string bashScript(const Tree& tree) {
  std::string text =
      "# bash completion for chronon: its commands, their subcommands and options, the values of options\n"
      "# that take one of a few words, and file names. Written by 'chronon completion bash' from the\n"
      "# command lines of chronon's commands; install it as bash-completion/completions/chronon, or\n"
      "# source it. It works with and without bash-completion.\n\n";
  text += wordFunction("_chronon_subcommands", "The subcommands of the command named by $1 (\"\": chronon itself).",
                       tree, [](const Node& n) { return n.subcommands; });
  text +=
      wordFunction("_chronon_options", "The options of the command $1.", tree, [](const Node& n) { return n.options; });
  text += wordFunction("_chronon_valued", "The options of the command $1 that take a value.", tree,
                       [](const Node& n) { return n.valued; });
  text +=
      "# The words the value of the option $2 of the command $1 is one of; fails when it may be any\n"
      "# word (a number, a file name).\n_chronon_choices() {\n  case \"$1 $2\" in\n";
  for (const auto& [path, node] : tree) {
    for (const auto& [option, words] : node.choices) {
      if (!words.empty()) text += "    " + quoted(path + " " + option) + ") echo " + quoted(joined(words)) + " ;;\n";
    }
  }
  text += "    *) return 1 ;;\n  esac\n}\n\n";
  text +=
      "# True when the command $1 takes positional arguments (completed as file names).\n"
      "_chronon_positionals() {\n  case $1 in\n";
  for (const auto& [path, node] : tree) {
    if (node.positionals) text += "    " + quoted(path) + ") return 0 ;;\n";
  }
  text += "  esac\n  return 1\n}\n\n";
  return text + kCompleter;
}

}  // namespace

int runCompletion(const Args& args) {
  const std::unique_ptr<CLI::App> app = commandApp("completion", kDescription);
  CLI::App* bash = app->add_subcommand("bash", "print the bash completion script");
  // The build's man pages read the commands here (cmake/GenerateManPages.cmake); not for users, so
  // in no group, which keeps it out of the help and the completion.
  CLI::App* commands =
      app->add_subcommand("commands", "print NAME<tab>SUMMARY for chronon and each of its commands")->group("");
  // The same for the man pages of commands with more than one command line (battle and run: the
  // game or language of the arguments picks one), so that every form's options are documented.
  CLI::App* forms =
      app->add_subcommand("forms", "print NAME<tab>ARGUMENTS<tab>POSITIONALS for each other command line")->group("");
  // Any other word is a shell this command does not know, said below in the shared form. Set after
  // the subcommands are made, which would otherwise take it too.
  app->allow_extras();
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  const std::vector<std::string> extra = app->remaining();
  if (!extra.empty()) {
    if (extra.front().starts_with("-")) {
      return usageError("completion", "the following argument was not expected: " + extra.front());
    }
    return usageError("completion", "unknown shell '" + extra.front() + "': only bash is supported");
  }
  if (commands->parsed()) {
    const auto line = [](std::string_view name, std::string_view summary) {
      std::printf("%.*s\t%.*s\n", static_cast<int>(name.size()), name.data(), static_cast<int>(summary.size()),
                  summary.data());
    };
    line("chronon", kChrononSummary);
    for (const Command& c : commandTable()) line(c.name, c.summary);
    return 0;
  }
  if (forms->parsed()) {
    for (const Command& c : commandTable()) {
      // A form is told apart by its description, which each command line has its own of.
      std::vector<std::string> seen;
      for (const Args& probe : probes()) {
        std::string description;
        std::vector<std::string> positionals;  // What the form reads, for the title of its section: "SIDE.gb".
        const auto inspect = [&](CLI::App& parser) {
          description = parser.get_description();
          for (const CLI::Option* option : parser.get_options()) {
            if (option->get_positional() && !option->nonpositional()) positionals.push_back(option->get_type_name());
          }
        };
        if (!probeCommandLine(c.run, probe, inspect)) continue;
        if (std::find(seen.begin(), seen.end(), description) != seen.end()) continue;
        const bool first = seen.empty();
        seen.push_back(description);
        if (first) continue;
        std::printf("%.*s\t%s\t%s\n", static_cast<int>(c.name.size()), c.name.data(), joined(probe).c_str(),
                    joined(positionals).c_str());
      }
    }
    return 0;
  }
  if (!bash->parsed()) return usageError("completion", "name the shell: only bash is supported");

  Tree tree;
  const std::unique_ptr<CLI::App> chronon = chrononApp();
  collect(*chronon, "", tree);
  for (const Command& c : commandTable()) {
    const std::string name(c.name);
    bool built = false;
    for (const Args& probe : probes()) {
      built = probeCommandLine(c.run, probe, [&](CLI::App& parser) { collect(parser, name, tree); }) || built;
    }
    if (!built) {
      std::fprintf(stderr, "chronon completion: 'chronon %s' built no command line to complete\n", name.c_str());
      return 1;
    }
  }
  const std::string script = bashScript(tree);
  std::fwrite(script.data(), 1, script.size(), stdout);
  return 0;
}

}  // namespace chronon::cli
