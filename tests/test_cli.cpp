// The command line of every `chronon` command (cli/command_line.h): every option that a command's
// generated help lists is tried in every spelling (`--opt VALUE`, `--opt=VALUE`, and `-xVALUE`,
// `-x VALUE` where it has a short form); each must be accepted, give the same output, and where it
// is cheap to see, have its effect. The list of options comes from the help texts, so an option
// added without a case here fails the test. Usage errors have one form and exit status 2. The bash
// completion script (`chronon completion bash`) is run in bash on simulated command lines.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "test_support.h"

namespace fs = std::filesystem;

namespace {

struct Run {
  int status = -1;
  std::string out;
  std::string err;
};

using chronon::test::readFile;

std::string shellQuoted(const fs::path& p) { return "'" + p.string() + "'"; }

// The placeholders of the cases: {chronon}, {dir} (a scratch folder), and files of the stdlib.
class Fixture {
 public:
  // A folder of this process's own, so that test runs of several checkouts on one machine never meet.
  Fixture() : dir_(fs::temp_directory_path() / ("chronon-cli-test-" + std::to_string(::getpid()))) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const fs::path stdlib = chronon::test::sourceDir() / "stdlib";
    names_ = {{"{chronon}", shellQuoted(chronon::test::chrononBinary())},
              {"{dir}", dir_.string()},
              {"{duck}", shellQuoted(stdlib / "robowar" / "sitting-duck.rtk")},
              {"{spinner}", shellQuoted(stdlib / "robowar" / "spinner.rtk")},
              {"{dodger}", shellQuoted(stdlib / "robowar" / "dodger.rtk")},
              {"{algae}", shellQuoted(stdlib / "grobots" / "algae.gb")},
              {"{fighter}", shellQuoted(stdlib / "grobots" / "fighter.gb")},
              {"{sorter}", shellQuoted(stdlib / "robbie" / "sorter.rl")},
              {"{sorterRoom}", shellQuoted(stdlib / "robbie" / "rooms" / "sorter.room")},
              {"{printer}", shellQuoted(dir_ / "printer.gb")}};
    // A side whose robots print, so that `run`'s options show in its output.
    std::ofstream(dir_ / "printer.gb") << "#side Tests\n#type Idle\n#hardware\nprocessor 5\n#code\ntime print stop\n"
                                          "#type Printer\n#hardware\nprocessor 10\narmor 3000\n#code\n"
                                          "do time print forever\n#end\n";
  }
  ~Fixture() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  Fixture(const Fixture&) = delete;
  Fixture& operator=(const Fixture&) = delete;

  std::string expand(std::string text) const {
    for (const auto& [name, value] : names_) {
      for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + value.size()))
        text.replace(at, name.size(), value);
    }
    return text;
  }

  // Runs `setup` (its output dropped), then `chronon ARGS` with stdin from /dev/null.
  Run chronon(const std::string& args, const std::string& setup = "") const {
    const std::string outFile = (dir_ / "stdout.txt").string();
    const std::string errFile = (dir_ / "stderr.txt").string();
    std::string command = "cd " + shellQuoted(dir_) + " && ";
    if (!setup.empty()) command += "{ " + expand(setup) + "; } >/dev/null 2>&1; ";
    command += names_.at("{chronon}") + " " + expand(args) + " </dev/null >" + shellQuoted(outFile) + " 2>" +
               shellQuoted(errFile);
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, readFile(outFile), readFile(errFile)};
  }

  const fs::path& dir() const { return dir_; }

 private:
  fs::path dir_;
  std::map<std::string, std::string> names_;
};

// One option of one command, tried in each of its spellings.
struct Case {
  std::string target;    ///< The command as its help is asked for: "battle", "battle {algae}", "ladder run".
  std::string option;    ///< The long name the help lists ("--seed").
  std::string value;     ///< Its value; empty for a flag.
  std::string before;    ///< The arguments before the option (after "chronon").
  std::string after;     ///< The arguments after it.
  std::string setup;     ///< Shell commands run before each spelling.
  std::string makes;     ///< A file the option must make ({dir}/...), removed before each spelling.
  bool differs = false;  ///< The option changes stdout: its output differs from the command without it.
  int status = 0;        ///< The exit status every spelling must give.
};

// The setups the ladder and tournament cases share.
const std::string kLadder =
    "rm -f {dir}/l.db && {chronon} ladder init {dir}/l.db && {chronon} ladder add {dir}/l.db {duck} {spinner} {dodger}";
const std::string kRatedLadder = kLadder + " && {chronon} ladder run {dir}/l.db --matches 6 -j 1";
const std::string kRobots = " {duck} {spinner} {dodger} --duels 1 --groups 0 --max-chronons 200 -j 1";
const std::string kSides = " {algae} {fighter} --rounds 1 --frames 100 -j 1";
// Without a Winners' Circle, so that one stage of results merges.
const std::string kPlan = "{chronon} tournament plan" + kRobots + " --basic > {dir}/p.jsonl";
const std::string kPlayed = kPlan + " && {chronon} tournament play -j 1 {dir}/p.jsonl > {dir}/r.jsonl";
const std::string kReplay = "{chronon} battle {spinner} {duck} --replay {dir}/r.replay";

std::vector<Case> cases() {
  std::vector<Case> c;
  // battle, RoboWar.
  const std::string duel = "battle {spinner} {duck}";
  c.push_back({"battle", "--seed", "5", duel, "", "", "", true});
  c.push_back({"battle", "--log", "", duel, "", "", "", true});
  c.push_back({"battle", "--max-chronons", "40", duel, "", "", "", true});
  c.push_back({"battle", "--move-and-shoot", "", duel, "", "", "", false});
  // Robots after a repeatable option are robots, not more of its values.
  c.push_back({"battle", "--team", "1,2", "battle", "{spinner} {duck}", "", "", false});
  c.push_back({"battle", "--json", "", duel, "", "", "", true});
  c.push_back({"battle", "--replay", "{dir}/b.replay", duel, "", "", "{dir}/b.replay", false});
  c.push_back({"battle", "--game", "robowar", duel, "", "", "", false});
  c.push_back({"battle", "--engine", "jit", duel, "", "", "", false});
  c.push_back({"battle", "--stats", "", duel, "", "", "", false});
  // battle, Grobots.
  const std::string round = "battle {algae} {fighter} --frames 200";
  c.push_back({"battle {algae}", "--frames", "100", round, "", "", "", true});
  c.push_back({"battle {algae}", "--world", "8x8", round, "", "", "", true});
  c.push_back({"battle {algae}", "--sides-per-round", "1", round, "", "", "", true});
  c.push_back({"battle {algae}", "--every", "50", round, "", "", "", true});
  c.push_back({"battle {algae}", "--seed", "5", round, "", "", "", true});
  c.push_back({"battle {algae}", "--prints", "", "battle {printer} --frames 3", "", "", "", true});
  c.push_back({"battle {algae}", "--replay", "{dir}/g.replay", round, "", "", "{dir}/g.replay", false});
  c.push_back({"battle {algae}", "--watch", "Algae", "battle --frames 200 --replay {dir}/w.replay", "{algae} {fighter}",
               "", "{dir}/w.replay", false});
  c.push_back({"battle {algae}", "--game", "grobots", round, "", "", "", false});
  c.push_back({"battle {algae}", "--engine", "jit", round, "", "", "", false});
  c.push_back({"battle {algae}", "--stats", "", round, "", "", "", false});
  // check, compile, disasm.
  c.push_back({"check", "--profile", "robowar-1.5", "check", "{duck}", "", "", false, 1});
  c.push_back({"check", "--effects", "", "check", "{duck}", "", "", true});
  c.push_back({"check", "--costs", "", "check", "{algae}", "", "", true});
  c.push_back({"compile", "--emit", "object", "compile", "{duck}", "", "", false});
  c.push_back({"compile", "--profile", "robowar-5", "compile", "{duck}", "", "", false});
  c.push_back({"disasm", "--source", "", "disasm", "{duck}", "", "", true});
  c.push_back({"disasm", "--profile", "robowar-5", "disasm", "{duck}", "", "", false});
  c.push_back({"disasm", "--type", "Fighter", "disasm", "{fighter}", "", "", true});
  // The servers and the REPL (stdin is empty: they end at once).
  c.push_back({"lsp", "--stdio", "", "lsp", "", "", "", false, 1});
  c.push_back({"lsp", "--debounce", "10", "lsp", "", "", "", false, 1});
  c.push_back({"repl", "--lang", "robotalk", "repl", "", "", "", false});
  // replay, view.
  c.push_back({"replay verify", "--engine", "jit", "replay verify", "{dir}/r.replay", kReplay, "", true});
  c.push_back({"view", "--output", "{dir}/v.html", "view", "{dir}/r.replay", kReplay, "{dir}/v.html", true});
  // run, Grobots and RL.
  c.push_back({"run", "--type", "printer", "run {printer}", "", "", "", true});
  c.push_back({"run", "--frames", "3", "run {printer}", "", "", "", true});
  c.push_back({"run", "--seed", "5", "run {printer}", "", "", "", false});
  c.push_back({"run", "--engine", "jit", "run {printer}", "", "", "", false});
  c.push_back({"run", "--stats", "", "run {printer}", "", "", "", false});
  const std::string robbie = "run {sorter} --room {sorterRoom}";
  c.push_back({"run {sorter}", "--room", "{sorterRoom}", "run {sorter}", "", "", "", true});
  c.push_back({"run {sorter}", "--steps", "30", robbie, "", "", "", true, 1});
  c.push_back({"run {sorter}", "--replay", "{dir}/rl.replay", robbie, "", "", "{dir}/rl.replay", false});
  c.push_back({"run {sorter}", "--engine", "jit", robbie, "", "", "", false});
  c.push_back({"run {sorter}", "--stats", "", robbie, "", "", "", false});
  // ladder.
  c.push_back({"ladder init", "--seed", "5", "ladder init {dir}/l.db", "", "rm -f {dir}/l.db", "", true});
  c.push_back({"ladder init", "--game", "grobots", "ladder init {dir}/l.db", "", "rm -f {dir}/l.db", "", true});
  c.push_back(
      {"ladder init", "--frames", "300", "ladder init {dir}/l.db --game grobots", "", "rm -f {dir}/l.db", "", true});
  c.push_back(
      {"ladder init", "--world", "8x8", "ladder init {dir}/l.db --game grobots", "", "rm -f {dir}/l.db", "", true});
  c.push_back({"ladder run", "--matches", "3", "ladder run {dir}/l.db", "", kLadder, "", true});
  c.push_back({"ladder run", "--threads", "1", "ladder run {dir}/l.db --matches 3", "", kLadder, "", false});
  c.push_back({"ladder run", "--engine", "jit", "ladder run {dir}/l.db --matches 3", "", kLadder, "", false});
  c.push_back({"ladder run", "--stats", "", "ladder run {dir}/l.db --matches 3", "", kLadder, "", false});
  c.push_back({"ladder plan", "--matches", "2", "ladder plan {dir}/l.db", "", kLadder, "", true});
  c.push_back({"ladder standings", "--json", "", "ladder standings {dir}/l.db", "", kRatedLadder, "", true});
  c.push_back({"ladder standings", "--csv", "", "ladder standings {dir}/l.db", "", kRatedLadder, "", true});
  c.push_back({"ladder standings", "--html", "{dir}/s.html", "ladder standings {dir}/l.db", "", kRatedLadder,
               "{dir}/s.html", false});
  c.push_back({"ladder verify", "--sample", "2", "ladder verify {dir}/l.db -j 1", "", kRatedLadder, "", true});
  c.push_back({"ladder verify", "--seed", "3", "ladder verify {dir}/l.db --sample 2", "", kRatedLadder, "", false});
  c.push_back({"ladder verify", "--threads", "1", "ladder verify {dir}/l.db", "", kRatedLadder, "", false});
  c.push_back({"ladder rebuild", "--write", "", "ladder rebuild {dir}/l.db", "", kRatedLadder, "", false});
  // tournament, and its subcommands.
  const std::string rw = "tournament" + kRobots;
  const std::string gb = "tournament" + kSides;
  c.push_back({"tournament", "--game", "robowar", rw, "", "", "", false});
  c.push_back({"tournament", "--seed", "5", rw, "", "", "", false});
  c.push_back({"tournament", "--duels", "2", rw, "", "", "", true});
  c.push_back({"tournament", "--groups", "1", rw, "", "", "", true});
  c.push_back({"tournament", "--group-bouts", "2", rw + " --groups 1", "", "", "", true});
  c.push_back({"tournament", "--basic", "", rw, "", "", "", true});
  c.push_back({"tournament", "--category", "titan", rw, "", "", "", false});
  c.push_back({"tournament", "--scoring", "win516", rw, "", "", "", false});
  c.push_back({"tournament", "--max-chronons", "50", rw, "", "", "", true});
  c.push_back({"tournament", "--rounds", "2", gb, "", "", "", true});
  c.push_back({"tournament", "--frames", "1000", gb, "", "", "", true});
  c.push_back({"tournament", "--world", "8x8", gb, "", "", "", true});
  c.push_back({"tournament", "--sides-per-round", "1", gb, "", "", "", true});
  c.push_back({"tournament", "--threads", "1", rw, "", "", "", false});
  c.push_back({"tournament", "--json", "", rw, "", "", "", true});
  c.push_back({"tournament", "--csv", "", rw, "", "", "", true});
  c.push_back({"tournament", "--log", "{dir}/t.tsv", rw, "", "", "{dir}/t.tsv", false});
  c.push_back({"tournament", "--replays", "{dir}/replays", rw, "", "rm -rf {dir}/replays", "{dir}/replays", false});
  c.push_back({"tournament", "--html", "{dir}/t.html", rw, "", "", "{dir}/t.html", false});
  c.push_back({"tournament", "--engine", "jit", rw, "", "", "", false});
  c.push_back({"tournament", "--stats", "", rw, "", "", "", false});
  c.push_back({"tournament", "--out", "{dir}/o", rw, "", "rm -rf {dir}/o", "{dir}/o/plan.jsonl", false});
  c.push_back({"tournament", "--resume", "{dir}/o2", "tournament -j 1", "",
               "rm -rf {dir}/o2 && {chronon} " + rw + " --out {dir}/o2 && rm {dir}/o2/results.jsonl",
               "{dir}/o2/results.jsonl", true});
  const std::string plan = "tournament plan" + kRobots;
  const std::string planSides = "tournament plan" + kSides;
  for (const auto& [option, value, differs] :
       std::vector<std::tuple<std::string, std::string, bool>>{{"--seed", "5", true},
                                                               {"--duels", "2", true},
                                                               {"--groups", "1", true},
                                                               {"--group-bouts", "2", true},
                                                               {"--basic", "", true},
                                                               {"--category", "titan", true},
                                                               {"--scoring", "win516", true},
                                                               {"--max-chronons", "50", true},
                                                               {"--game", "robowar", false},
                                                               {"--threads", "1", false}})
    c.push_back({"tournament plan", option, value, plan, "", "", "", differs});
  for (const auto& [option, value] : std::vector<std::pair<std::string, std::string>>{
           {"--rounds", "2"}, {"--frames", "50"}, {"--world", "8x8"}, {"--sides-per-round", "1"}})
    c.push_back({"tournament plan", option, value, planSides, "", "", "", true});
  c.push_back({"tournament plan", "--next", "", "tournament plan", "{dir}/p.jsonl {dir}/r.jsonl", kPlayed, "", true});
  const std::string play = "tournament play {dir}/p.jsonl -j 1";
  c.push_back({"tournament play", "--shard", "1/2", play, "", kPlan, "", true});
  c.push_back({"tournament play", "--threads", "1", play, "", kPlan, "", false});
  c.push_back({"tournament play", "--engine", "interp", play, "", kPlan, "", false});
  c.push_back({"tournament play", "--stats", "", play, "", kPlan, "", false});
  const std::string merge = "tournament merge {dir}/p.jsonl {dir}/r.jsonl";
  c.push_back({"tournament merge", "--json", "", merge, "", kPlayed, "", true});
  c.push_back({"tournament merge", "--csv", "", merge, "", kPlayed, "", true});
  c.push_back({"tournament merge", "--log", "{dir}/m.tsv", merge, "", kPlayed, "{dir}/m.tsv", false});
  c.push_back({"tournament merge", "--html", "{dir}/m.html", merge, "", kPlayed, "{dir}/m.html", false});
  const std::string verify = "tournament verify {dir}/p.jsonl {dir}/r.jsonl -j 1";
  c.push_back({"tournament verify", "--sample", "2", verify, "", kPlayed, "", true});
  c.push_back({"tournament verify", "--seed", "3", verify + " --sample 2", "", kPlayed, "", false});
  c.push_back({"tournament verify", "--threads", "1", verify, "", kPlayed, "", false});
  c.push_back({"tournament verify", "--engine", "interp", verify, "", kPlayed, "", false});
  c.push_back({"tournament verify", "--stats", "", verify, "", kPlayed, "", false});
  return c;
}

// Every command as its help is asked for, the Grobots and RL variants of battle and run included.
const std::vector<std::string> kTargets = {"battle",
                                           "battle {algae}",
                                           "check",
                                           "compile",
                                           "completion",
                                           "completion bash",
                                           "dap",
                                           "disasm",
                                           "lsp",
                                           "repl",
                                           "replay",
                                           "replay verify",
                                           "run",
                                           "run {sorter}",
                                           "view",
                                           "ladder",
                                           "ladder init",
                                           "ladder add",
                                           "ladder run",
                                           "ladder plan",
                                           "ladder standings",
                                           "ladder history",
                                           "ladder verify",
                                           "ladder import",
                                           "ladder rebuild",
                                           "tournament",
                                           "tournament plan",
                                           "tournament play",
                                           "tournament merge",
                                           "tournament verify"};

// The subcommands a help text lists (CLI11's "Subcommands:" section).
std::vector<std::string> listedSubcommands(const std::string& help) {
  std::vector<std::string> names;
  const size_t start = help.find("\nSubcommands:\n");
  if (start == std::string::npos) return names;
  std::istringstream in(help.substr(start + 14));
  static const std::regex line(R"(^  ([a-z]+) )");
  for (std::string text; std::getline(in, text) && !text.empty();) {
    std::smatch m;
    if (std::regex_search(text, m, line)) names.push_back(m[1]);
  }
  return names;
}

// The options a help text lists, long name first, with the short name (or "") of each.
std::map<std::string, std::string> listedOptions(const std::string& help) {
  std::map<std::string, std::string> options;
  static const std::regex line(R"(^\s+(?:(-\w),)?(--[\w-]+))");
  std::istringstream in(help);
  for (std::string text; std::getline(in, text);) {
    std::smatch m;
    if (std::regex_search(text, m, line)) options[m[2]] = m[1];
  }
  return options;
}

}  // namespace

TEST_CASE("every documented option of every command is accepted in every spelling", "[cli]") {
  const Fixture f;
  // Every command and subcommand the help texts list is a target, so a new one without cases fails.
  const std::set<std::string> targets(kTargets.begin(), kTargets.end());
  const std::vector<std::string> commands = listedSubcommands(f.chronon("--help").out);
  CHECK(commands.size() == 13);
  for (const std::string& command : commands) {
    INFO(command);
    CHECK(targets.count(command) == 1);
    for (const std::string& sub : listedSubcommands(f.chronon(command + " --help").out)) {
      INFO(sub);
      CHECK(targets.count(command + " " + sub) == 1);
    }
  }
  std::map<std::string, std::map<std::string, std::string>> listed;
  for (const std::string& target : kTargets) {
    const Run help = f.chronon(target + " --help");
    INFO(target);
    REQUIRE(help.status == 0);
    CHECK(help.out.find("Usage: chronon " + target.substr(0, target.find(' '))) != std::string::npos);
    listed[target] = listedOptions(help.out);
    CHECK(listed[target].count("--help") == 1);
  }
  // Every listed option has a case, and every case's option is listed.
  std::map<std::string, std::set<std::string>> covered;
  for (const Case& c : cases()) covered[c.target].insert(c.option);
  for (const auto& [target, options] : listed) {
    for (const auto& [option, shortName] : options) {
      if (option == "--help") continue;
      INFO(target << " lists " << option << " but no case tries it");
      CHECK(covered[target].count(option) == 1);
    }
  }
  for (const auto& [target, options] : covered) {
    for (const std::string& option : options) {
      INFO(target << ": the case's " << option << " is not in the help");
      CHECK(listed[target].count(option) == 1);
    }
  }

  for (const Case& c : cases()) {
    std::vector<std::string> spellings;
    if (c.value.empty()) {
      spellings.push_back(c.option);
    } else {
      spellings.push_back(c.option + " " + c.value);
      spellings.push_back(c.option + "=" + c.value);
    }
    const std::string shortName = listed[c.target][c.option];
    if (!shortName.empty()) {
      spellings.push_back(shortName + (c.value.empty() ? "" : " " + c.value));
      if (!c.value.empty()) spellings.push_back(shortName + c.value);
    }
    std::optional<Run> first;
    for (const std::string& spelling : spellings) {
      const std::string args = c.before + " " + spelling + " " + c.after;
      INFO("chronon " << args);
      if (!c.makes.empty()) fs::remove_all(f.expand(c.makes));
      const Run run = f.chronon(args, c.setup);
      INFO(run.err);
      CHECK(run.status != 2);
      CHECK(run.status == c.status);
      if (!c.makes.empty()) CHECK(fs::exists(f.expand(c.makes)));
      if (!first) {
        first = run;
        if (c.differs) CHECK(f.chronon(c.before + " " + c.after, c.setup).out != run.out);
      } else {
        CHECK(run.out == first->out);
      }
    }
  }
}

TEST_CASE("every usage error of every command has one form and exit status 2", "[cli]") {
  const Fixture f;
  for (const std::string& target : kTargets) {
    const std::string command = target.substr(0, target.find(' '));
    for (const char* bad : {" --no-such-option", " -Z"}) {
      const Run run = f.chronon(target + bad);
      INFO("chronon " << target << bad << "\n" << run.err);
      CHECK(run.status == 2);
      CHECK(run.err.rfind("chronon " + command + ": ", 0) == 0);
      CHECK(run.err.find("\nRun 'chronon " + command + " --help' for the options.\n") != std::string::npos);
      CHECK(run.out.empty());
    }
  }
  // Options with a value, given none, and values out of range.
  for (const char* bad :
       {"battle {duck} --seed", "battle {duck} --max-chronons 0", "battle {duck} --team 1,x",
        "battle {algae} --world 0x3", "battle {algae} --every -1", "check --profile robowar-9 {duck}",
        "compile --emit=text {duck}", "disasm {duck} --type T", "lsp --debounce 70000", "repl --lang cobol",
        "replay verify x.replay --engine fast", "view", "run {printer} --frames x", "run {printer} --cycles 3",
        "run {sorter} --steps 0", "battle --game chess {duck}", "tournament {duck} {spinner} --rounds 3",
        // A seed that an unsigned conversion would wrap or clamp is refused, not played.
        "battle {duck} --seed -1", "battle {duck} --seed 18446744073709551616", "tournament {duck} --seed 0x10",
        "ladder init x.db --seed -2"}) {
    const Run run = f.chronon(bad);
    const std::string text(bad);
    const std::string command = text.substr(0, text.find(' '));
    INFO("chronon " << bad << "\n" << run.err);
    CHECK(run.status == 2);
    CHECK(run.err.rfind("chronon " + command + ": ", 0) == 0);
    CHECK(run.err.find("\nRun 'chronon " + command + " --help' for the options.\n") != std::string::npos);
  }
  CHECK(f.chronon("run {printer} --cycles 3").err.find("processor") != std::string::npos);
}

TEST_CASE("chronon --help lists every command, --version names the versions", "[cli]") {
  const Fixture f;
  const Run help = f.chronon("--help");
  CHECK(help.status == 0);
  for (const char* command : {"battle", "check", "compile", "completion", "dap", "disasm", "ladder", "lsp", "replay",
                              "repl", "run", "tournament", "view"}) {
    INFO(command);
    CHECK(std::regex_search(help.out, std::regex(std::string("\n  ") + command + " +\\S")));
  }
  CHECK(f.chronon("help").out == help.out);
  CHECK(f.chronon("-h").out == help.out);
  const Run version = f.chronon("--version");
  CHECK(version.status == 0);
  CHECK(std::regex_match(version.out, std::regex("chronon \\S+ \\(LLVM [^)]+\\)\n")));
  // No command, or an unknown one: a usage error in the one form.
  for (const char* bad : {"", "fly", "--bogus"}) {
    const Run run = f.chronon(bad);
    INFO(bad);
    CHECK(run.status == 2);
    CHECK(run.err.rfind("chronon: ", 0) == 0);
    CHECK(run.err.find("\nRun 'chronon --help' for the options.\n") != std::string::npos);
  }
}

TEST_CASE("chronon check FOLDER checks the robot files in it, and says so of a folder with none", "[cli][check]") {
  const Fixture f;
  // The stdlib's RoboWar robots, each checked: none has an error, and a folder is never read as a file.
  const Run stdlib = f.chronon("check '" + (chronon::test::sourceDir() / "stdlib" / "robowar").string() + "'");
  CHECK(stdlib.status == 0);
  CHECK(stdlib.err.find("bytes") == std::string::npos);
  CHECK(stdlib.err.find("[RT10") == std::string::npos);
  // A folder of two languages' files and a file of neither: each robot file is checked (its own
  // diagnostics under its own name), the other file is left alone, and an error makes the status 1.
  const fs::path robots = f.dir() / "robots";
  fs::create_directories(robots / "inner");
  std::ofstream(robots / "bad.rtk") << "main: 1 nosuchword main jump\n";
  std::ofstream(robots / "good.rtk") << "main: 1 drop main jump\n";
  std::ofstream(robots / "notes.md") << "not a robot\n";
  std::ofstream(robots / "inner" / "deeper.rtk") << "main: nosuchword\n";
  std::ofstream(robots / "side.gb") << "#side S\n#type T\n#hardware\nprocessor 5\n#code\nundefinedword\n#end\n";
  const Run folder = f.chronon("check " + shellQuoted(robots));
  CHECK(folder.status == 1);
  CHECK(folder.err.find((robots / "bad.rtk").string() + ":1:") != std::string::npos);
  CHECK(folder.err.find((robots / "side.gb").string() + ":") != std::string::npos);
  CHECK(folder.err.find("good.rtk") == std::string::npos);
  CHECK(folder.err.find("notes.md") == std::string::npos);
  CHECK(folder.err.find("deeper.rtk") == std::string::npos);
  CHECK(f.chronon("check " + shellQuoted(robots / "good.rtk")).status == 0);
  // A folder with no robot files is an error of its own, not a silent success.
  const fs::path empty = f.dir() / "empty";
  fs::create_directories(empty);
  const Run none = f.chronon("check " + shellQuoted(empty));
  CHECK(none.status == 1);
  CHECK(none.err.find("holds no robot files") != std::string::npos);
  CHECK(none.err.find("[RT100]") != std::string::npos);
}

namespace {

// The bash completion script of `f`'s chronon, sourced in bash on simulated command lines.
class Completion {
 public:
  explicit Completion(const Fixture& f) : f_(f), script_(f.dir() / "chronon.bash") {
    const Run run = f.chronon("completion bash");
    status_ = run.status;
    std::ofstream(script_) << run.out;
  }

  int status() const { return status_; }
  const fs::path& script() const { return script_; }

  // Runs the bash `commands` in f's folder after sourcing the script; returns bash's exit status and
  // output.
  Run bash(const std::string& commands) const {
    const fs::path driver = f_.dir() / "driver.bash";
    std::ofstream(driver) << "source " << shellQuoted(script_) << " || exit 3\n" << commands << "\n";
    const fs::path out = f_.dir() / "bash-out.txt";
    const fs::path err = f_.dir() / "bash-err.txt";
    const std::string command = "cd " + shellQuoted(f_.dir()) + " && bash --norc --noprofile " + shellQuoted(driver) +
                                " </dev/null >" + shellQuoted(out) + " 2>" + shellQuoted(err);
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, readFile(out), readFile(err)};
  }

  // What completing the last of `words` gives (COMP_WORDS as bash splits the line, with COMP_CWORD at
  // the last word), sorted.
  std::set<std::string> replies(const std::vector<std::string>& words) const {
    std::string commands = "COMP_WORDS=(";
    for (const std::string& w : words) commands += shellQuoted(w) + " ";
    commands += ")\nCOMP_CWORD=" + std::to_string(words.size() - 1) +
                "\nCOMPREPLY=(stale)\n_chronon || exit 4\nprintf '%s\\n' \"${COMPREPLY[@]}\"";
    const Run run = bash(commands);
    INFO(run.err);
    CHECK(run.status == 0);
    std::set<std::string> lines;
    std::istringstream in(run.out);
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) lines.insert(line);
    }
    return lines;
  }

 private:
  const Fixture& f_;
  fs::path script_;
  int status_ = -1;
};

bool contains(const std::set<std::string>& words, const std::set<std::string>& wanted) {
  for (const std::string& w : wanted) {
    if (words.count(w) == 0) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("chronon completion bash completes commands, options, their values and files", "[cli][completion]") {
  const Fixture f;
  const Completion c(f);
  REQUIRE(c.status() == 0);
  const std::string script = readFile(c.script());
  CHECK(script.find("complete -F _chronon chronon") != std::string::npos);
  // Valid bash, without bash-completion (--norc: nothing else is loaded).
  const Run syntax = c.bash("bash -n " + shellQuoted(c.script()) + " && type _chronon >/dev/null");
  INFO(syntax.err);
  CHECK(syntax.status == 0);

  // Commands: the ones `chronon --help` lists, no more.
  const std::vector<std::string> listed = listedSubcommands(f.chronon("--help").out);
  CHECK(c.replies({"chronon", ""}) == std::set<std::string>(listed.begin(), listed.end()));
  CHECK(c.replies({"chronon", "b"}) == std::set<std::string>{"battle"});
  CHECK(c.replies({"chronon", "co"}) == std::set<std::string>{"compile", "completion"});
  CHECK(c.replies({"chronon", "--v"}) == std::set<std::string>{"--version"});

  // Options, from every parser a command builds: battle's RoboWar and Grobots options.
  const std::set<std::string> battle = c.replies({"chronon", "battle", "--"});
  CHECK(contains(battle, {"--help", "--seed", "--log", "--max-chronons", "--team", "--replay", "--game", "--engine",
                          "--frames", "--world", "--every", "--watch"}));
  CHECK(battle.count("--rounds") == 0);
  CHECK(c.replies({"chronon", "battle", "spinner.rtk", "--se"}) == std::set<std::string>{"--seed"});
  // run's RL options (an .rl program), and no hidden option.
  const std::set<std::string> run = c.replies({"chronon", "run", "--"});
  CHECK(contains(run, {"--type", "--frames", "--room", "--steps", "--engine", "--stats"}));
  CHECK(run.count("--cycles") == 0);
  // tournament's Grobots-only options, its short options.
  const std::set<std::string> tournament = c.replies({"chronon", "tournament", "--"});
  CHECK(contains(tournament, {"--rounds", "--sides-per-round", "--duels", "--category", "--threads", "--out"}));
  CHECK(tournament.count("-j") == 0);
  CHECK(c.replies({"chronon", "tournament", "-"}).count("-j") == 1);

  // Subcommands of commands, with their own options.
  CHECK(contains(c.replies({"chronon", "tournament", ""}), {"plan", "play", "merge", "verify"}));
  CHECK(c.replies({"chronon", "tournament", "--seed", "5", "pl"}) == std::set<std::string>{"plan", "play"});
  CHECK(c.replies({"chronon", "tournament", "play", "--sh"}) == std::set<std::string>{"--shard"});
  CHECK(c.replies({"chronon", "tournament", "verify", "--"}).count("--sample") == 1);
  CHECK(c.replies({"chronon", "tournament", "play", "--"}).count("--rounds") == 0);
  // A value that happens to be a subcommand's name is a value.
  CHECK(c.replies({"chronon", "tournament", "--log", "play", "--sh"}).empty());
  const std::vector<std::string> ladder = listedSubcommands(f.chronon("ladder --help").out);
  REQUIRE(ladder.size() >= 6);
  CHECK(c.replies({"chronon", "ladder", ""}) == std::set<std::string>(ladder.begin(), ladder.end()));
  CHECK(c.replies({"chronon", "ladder", "run", "--en"}) == std::set<std::string>{"--engine"});
  CHECK(c.replies({"chronon", "completion", ""}) == std::set<std::string>{"bash"});

  // Values from a fixed set, read from the options' validators.
  const std::set<std::string> engines{"interp", "jit"};
  CHECK(c.replies({"chronon", "battle", "--engine", ""}) == engines);
  CHECK(c.replies({"chronon", "tournament", "--engine", ""}) == engines);
  CHECK(c.replies({"chronon", "run", "x.rl", "--engine", "j"}) == std::set<std::string>{"jit"});
  CHECK(c.replies({"chronon", "replay", "verify", "--engine", ""}) == engines);
  CHECK(c.replies({"chronon", "ladder", "run", "--engine", ""}) == engines);
  CHECK(c.replies({"chronon", "tournament", "--game", ""}) == std::set<std::string>{"robowar", "grobots"});
  CHECK(c.replies({"chronon", "ladder", "init", "--game", ""}) == std::set<std::string>{"robowar", "grobots"});
  CHECK(c.replies({"chronon", "check", "--profile", ""}) == std::set<std::string>{"robowar-5", "robowar-1.5"});
  CHECK(c.replies({"chronon", "repl", "--lang", ""}) == std::set<std::string>{"grobocode", "robotalk", "rl"});
  CHECK(c.replies({"chronon", "tournament", "--category", "t"}) == std::set<std::string>{"titan"});
  CHECK(c.replies({"chronon", "compile", "--emit", ""}) == std::set<std::string>{"object"});
  // --opt=VALUE, as bash splits it at '=' (cursor after '=', or after part of the value), and as
  // one word where COMP_WORDBREAKS has no '='.
  CHECK(c.replies({"chronon", "battle", "--engine", "="}) == engines);
  CHECK(c.replies({"chronon", "battle", "--engine", "=", "j"}) == std::set<std::string>{"jit"});
  CHECK(c.replies({"chronon", "battle", "--engine=j"}) == std::set<std::string>{"--engine=jit"});
  // A value given as --opt=VALUE takes no further word.
  CHECK(c.replies({"chronon", "tournament", "--log", "=", "t.tsv", "pl"}) == std::set<std::string>{"plan", "play"});

  // File and folder names: for positional arguments, and for options whose value is not a set.
  fs::create_directories(f.dir() / "robots" / "more");
  std::ofstream(f.dir() / "robots" / "alpha.rtk") << "";
  std::ofstream(f.dir() / "robots" / "beta.gb") << "";
  CHECK(c.replies({"chronon", "battle", "robots/"}) ==
        std::set<std::string>{"robots/alpha.rtk", "robots/beta.gb", "robots/more"});
  CHECK(c.replies({"chronon", "check", "rob"}) == std::set<std::string>{"robots"});
  CHECK(c.replies({"chronon", "battle", "--replay", "robots/a"}) == std::set<std::string>{"robots/alpha.rtk"});
  CHECK(c.replies({"chronon", "battle", "--replay=robots/b"}) == std::set<std::string>{"--replay=robots/beta.gb"});
  CHECK(c.replies({"chronon", "tournament", "merge", "robots/b"}) == std::set<std::string>{"robots/beta.gb"});
  // chronon itself and ladder take no file: only their commands.
  CHECK(c.replies({"chronon", "rob"}).empty());
  CHECK(c.replies({"chronon", "ladder", "rob"}).empty());

  // The same script comes out each time (the build installs it).
  CHECK(f.chronon("completion bash").out == script);
}

TEST_CASE("chronon completion: its help, the commands it lists, and only bash", "[cli][completion]") {
  const Fixture f;
  const Run help = f.chronon("completion --help");
  CHECK(help.status == 0);
  CHECK(help.out.find("Usage: chronon completion") != std::string::npos);
  CHECK(listedSubcommands(help.out) == std::vector<std::string>{"bash"});
  // The lines the build's man pages are made from: chronon, then each command `chronon --help` lists.
  const Run commands = f.chronon("completion commands");
  CHECK(commands.status == 0);
  std::vector<std::string> names;
  std::istringstream in(commands.out);
  for (std::string line; std::getline(in, line);) {
    INFO(line);
    const size_t tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    CHECK(tab + 1 < line.size());
    names.push_back(line.substr(0, tab));
  }
  std::vector<std::string> expected{"chronon"};
  for (const std::string& name : listedSubcommands(f.chronon("--help").out)) expected.push_back(name);
  CHECK(names == expected);
  // The other command lines the man pages document: battle's Grobots round and run's RL program, each
  // with the arguments that pick it and what it reads; every other command has one command line.
  const Run forms = f.chronon("completion forms");
  CHECK(forms.status == 0);
  CHECK(forms.out == "battle\t--game grobots\tSIDE.gb\nrun\tx.rl\tPROGRAM.rl\n");
  CHECK(f.chronon("battle --game grobots --help").out.find("--frames") != std::string::npos);
  CHECK(f.chronon("run x.rl --help").out.find("--room") != std::string::npos);
  for (const char* bad : {"completion zsh", "completion", "completion zsh bash"}) {
    const Run run = f.chronon(bad);
    INFO("chronon " << bad << "\n" << run.err);
    CHECK(run.status == 2);
    CHECK(run.out.empty());
    CHECK(run.err.rfind("chronon completion: ", 0) == 0);
    CHECK(run.err.find("only bash is supported") != std::string::npos);
    CHECK(run.err.find("\nRun 'chronon completion --help' for the options.\n") != std::string::npos);
  }
}
