// The Robbie Language session. An RL program needs a `start` line and ends with `stop`
// (docs/robbie.md "Program structure"), so the session wraps each input as
// "start, the register lines declared so far, the input, stop", compiles it with the RL frontend,
// gives the registers their live values and runs it with the RL interpreter (or, after `engine jit`,
// the RL JIT) on a small room host.

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "chronon/compiler/load.h"
#include "chronon/compiler/robbie.h"
#include "chronon/jit/robbie_jit.h"
#include "chronon/stdlib/robbie_words.h"
#include "chronon/vm/robbie_engine.h"
#include "chronon/vm/robbie_interpreter.h"
#include "sessions.h"
#include "text.h"

namespace chronon::repl {

namespace {

// The test room: an open floor without walls. Robbie starts at (0, 0) facing east (heading 0,
// counter-clockwise, as in docs/robbie.md "Robbie's room"). `blocked` answers what `:set blocked`
// said; `:set object GRAMS` puts an object beneath Robbie for `grab`.
struct RoomState {
  double x = 0;
  double y = 0;
  int64_t heading = 0;
  bool blocked = false;
  std::optional<int64_t> floorObject;  // Grams of the object beneath Robbie, if any.
  std::optional<int64_t> held;         // Grams of the object in the claw, if any.
};

class RoomHost final : public robbie::Host {
 public:
  void move(int64_t cm, bool forward) override {
    if (forward && room.blocked) return;
    const double radians = static_cast<double>(room.heading) * std::numbers::pi / 180.0;
    const double distance = static_cast<double>(forward ? cm : -cm);
    // Multiples of 90 degrees move by whole centimetres exactly.
    const double dx = room.heading % 90 == 0 ? std::round(std::cos(radians)) : std::cos(radians);
    const double dy = room.heading % 90 == 0 ? std::round(std::sin(radians)) : std::sin(radians);
    room.x += dx * distance;
    room.y += dy * distance;
    // Moving away from where the object was leaves it behind.
    if (cm > 0) room.floorObject.reset();
  }
  void turn(int64_t degrees, bool left) override {
    room.heading = ((room.heading + (left ? degrees : -degrees)) % 360 + 360) % 360;
  }
  void grab() override {
    if (room.held || !room.floorObject || *room.floorObject > robbie::kMaxGrabGrams) return;
    room.held = room.floorObject;
    room.floorObject.reset();
  }
  void drop() override {
    if (!room.held) return;
    room.floorObject = room.held;
    room.held.reset();
  }
  bool blocked() override { return room.blocked; }
  int64_t weight() override { return room.held.value_or(0); }
  void beep(int64_t ms, int64_t hz) override {
    if (log != nullptr) *log += "beep " + std::to_string(ms) + " ms at " + std::to_string(hz) + " Hz\n";
  }
  void pause(int64_t ms) override {
    if (log != nullptr) *log += "pause " + std::to_string(ms) + " ms\n";
  }

  RoomState room;
  std::string* log = nullptr;  // Where beeps and pauses are reported during `advance`.
};

// A register the session has declared: its name and type, and its live value.
struct Declared {
  std::string name;
  robbie::ValueType type = robbie::ValueType::kInteger;
  robbie::Value value;
};

// The first word of each line decides how deep the structures are.
int openStructures(std::string_view input) {
  int depth = 0;
  size_t i = 0;
  while (i < input.size()) {
    size_t end = input.find('\n', i);
    if (end == std::string_view::npos) end = input.size();
    std::string_view line = trim(input.substr(i, end - i));
    size_t wordEnd = 0;
    while (wordEnd < line.size() && std::isalnum(static_cast<unsigned char>(line[wordEnd])) != 0) ++wordEnd;
    const std::string_view word = line.substr(0, wordEnd);
    if (word == "if" || word == "while" || word == "repeat") ++depth;
    if ((word == "endif" || word == "endwhile" || word == "endrepeat") && depth > 0) --depth;
    i = end + 1;
  }
  return depth;
}

std::string formatCm(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", std::abs(value) < 5e-7 ? 0.0 : value);
  return text;
}

class RobbieSession final : public LanguageSession {
 public:
  RobbieSession() { reset(); }

  Language language() const override { return Language::kRobbie; }
  std::string_view codeHelp() const override {
    return "anything else is RL: a command runs at once, a `register` line declares; if/while/repeat go on\n"
           "until their end word. RL's own `set NAME VALUE` sets a register: set the room with :set.\n";
  }
  // RL's `set NAME VALUE` is the language's own assignment; the session explains `:set` itself when
  // the name is one of the room's.
  bool startsStatement(std::string_view name) const override { return name == "set"; }
  // RL names are case-sensitive (docs/robbie.md).
  WordCase wordCase() const override { return WordCase::kExact; }

  bool needsMore(std::string_view input) const override { return openStructures(input) > 0; }

  Prepared prepare(std::string_view input, std::string& out) override {
    finish(false);
    std::string text = "start\n";
    for (const Declared& d : declared_)
      text += "register " + std::string(robbie::valueTypeName(d.type)) + " " + d.name + "\n";
    const auto offset = static_cast<uint32_t>(text.size());
    text += input;
    text += "\nstop\n";
    const SourceFile file("input", text);
    robbie::CompileResult result = robbie::compile(file);
    const Diagnostics diagnostics = inputDiagnostics(result.diagnostics, offset, static_cast<uint32_t>(input.size()));
    out += render(SourceFile("input", std::string(input)), diagnostics);
    if (diagnostics.hasErrors() || !result.program) {
      out += roomSettingHint(input);
      return Prepared::kError;
    }
    // Registers declared by this input are kept from now on, even if its code fails at run time.
    for (const robbie::Symbol& symbol : result.symbols) {
      if (symbol.range.begin < offset) continue;
      declared_.push_back(Declared{symbol.name, symbol.type, robbie::defaultValue(symbol.type)});
      out += "registered " + symbol.name + " (" + std::string(robbie::valueTypeName(symbol.type)) + ")\n";
    }
    const bool onlyDeclares = std::all_of(result.tree.body.begin(), result.tree.body.end(), [&](int32_t index) {
      const robbie::Stmt& stmt = result.tree.stmts[static_cast<size_t>(index)];
      return stmt.range.begin < offset || stmt.range.begin > offset + input.size() ||
             stmt.kind == robbie::StmtKind::kRegister;
    });
    if (onlyDeclares) return Prepared::kDefined;
    program_ = std::move(*result.program);
    state_ = robbie::makeMachineState(program_);
    for (size_t i = 0; i < program_.registers.size(); ++i) {
      if (const Declared* d = find(program_.registers[i].name); d != nullptr && !program_.registers[i].hidden)
        state_.registers[i] = d->value;
    }
    text_ = std::move(text);
    offset_ = offset;
    savedRoom_ = host_.room;
    ready_ = true;
    return Prepared::kReady;
  }

  RunStatus advance(int64_t maxCycles, int64_t& executed, std::string& out) override {
    if (!ready_) return RunStatus::kDone;
    const int64_t before = state_.steps;
    host_.log = &out;
    engine_->run(state_, program_, host_, std::max<int64_t>(maxCycles, 1));
    host_.log = nullptr;
    executed += std::max<int64_t>(state_.steps - before, 1);
    switch (state_.status) {
      case robbie::RunStatus::kRunning: return RunStatus::kRunning;
      case robbie::RunStatus::kStopped: return RunStatus::kDone;
      case robbie::RunStatus::kError: return RunStatus::kError;
    }
    return RunStatus::kError;
  }

  std::string nextInstruction() const override {
    if (!ready_) return {};
    return instructionText(state_.pc);
  }

  std::string runtimeError() const override {
    return where(state_.errorPc) + ": " + std::string(robbie::runtimeErrorMessage(state_.error));
  }

  void finish(bool keep) override {
    if (!ready_) return;
    if (keep) {
      for (size_t i = 0; i < program_.registers.size(); ++i) {
        if (Declared* d = find(program_.registers[i].name); d != nullptr && !program_.registers[i].hidden)
          d->value = state_.registers[i];
      }
    } else {
      // A failed input has no effect: Robbie goes back to where it found him.
      host_.room = savedRoom_;
    }
    ready_ = false;
    program_ = {};
    state_ = {};
  }

  std::string stackText() const override {
    std::string text = "registers:";
    if (declared_.empty()) text += " (none)";
    for (const Declared& d : declared_) text += " " + d.name + "=" + robbie::formatValue(liveValue(d));
    const RoomState& room = host_.room;
    text += "  robbie: (" + formatCm(room.x) + ", " + formatCm(room.y) + ") heading " + std::to_string(room.heading);
    text += room.held ? ", holding " + std::to_string(*room.held) + " g" : ", claw empty";
    return text;
  }

  bool isWord(std::string_view name) const override {
    return robbie::findWord(name).has_value() || find(name) != nullptr;
  }

  bool help(std::string_view word, std::string& out) const override {
    if (const std::optional<robbie::Word> w = robbie::findWord(word)) {
      const robbie::WordInfo& info = robbie::wordInfo(*w);
      out += std::string(info.spelling);
      if (!info.arguments.empty()) out += " " + std::string(info.arguments);
      out += "  (" + std::string(robbie::categoryName(info.category)) + ")  " + std::string(info.doc) + "\n";
      return true;
    }
    if (const Declared* d = find(word)) {
      out += d->name + ": " + std::string(robbie::valueTypeName(d->type)) + " register, now " +
             robbie::formatValue(d->value) + " (declared with `register " +
             std::string(robbie::valueTypeName(d->type)) + " " + d->name + "`)\n";
      return true;
    }
    out += "unknown word: " + std::string(word);
    if (const std::optional<robbie::Word> w = robbie::findWordIgnoringCase(word))
      out += " (RL words are lower case: " + std::string(robbie::wordInfo(*w).spelling) + ")";
    out += "\n";
    return false;
  }

  std::vector<std::string> words() const override {
    std::set<std::string> all;
    for (const robbie::WordInfo& info : robbie::kWords) all.emplace(info.spelling);
    for (const Declared& d : declared_) all.insert(d.name);
    return {all.begin(), all.end()};
  }

  bool see(std::string_view label, std::string& out) const override {
    out += "see: the Robbie Language has no labels (" + std::string(label) + ")\n";
    return false;
  }

  bool effect(std::string_view code, std::string& out) override {
    (void)code;
    out += "effect: the Robbie Language has no stack; its values live in registers\n";
    return false;
  }

  bool load(const std::string& path, std::string& out) override {
    const std::optional<SourceFile> file = readForLoad(path, out);
    if (!file) return false;
    const robbie::CompileResult result = robbie::compile(*file);
    out += render(*file, result.diagnostics);
    if (!result.program) {
      out += "load: " + path + " did not load\n";
      return false;
    }
    finish(false);
    declared_.clear();
    for (const robbie::Symbol& symbol : result.symbols)
      declared_.push_back(Declared{symbol.name, symbol.type, robbie::defaultValue(symbol.type)});
    const std::string name = result.tree.programName.value_or(path);
    out += "loaded " + name + ": " + std::to_string(declared_.size()) +
           " registers (earlier registers are replaced; its commands do not run)\n";
    return true;
  }

  bool set(std::string_view name, std::span<const std::string> values, std::string& out) override {
    const auto integer = [&](size_t i, int64_t& value) {
      long long read = 0;
      if (i >= values.size() || std::sscanf(values[i].c_str(), "%lld", &read) != 1) return false;
      value = static_cast<int64_t>(read);
      return true;
    };
    RoomState& room = host_.room;
    int64_t a = 0;
    int64_t b = 0;
    if (name == "position" && values.size() == 2 && integer(0, a) && integer(1, b)) {
      room.x = static_cast<double>(a);
      room.y = static_cast<double>(b);
      out += "position = (" + std::to_string(a) + ", " + std::to_string(b) + ")\n";
      return true;
    }
    if (name == "heading" && values.size() == 1 && integer(0, a)) {
      room.heading = (a % 360 + 360) % 360;
      out += "heading = " + std::to_string(room.heading) + "\n";
      return true;
    }
    if (name == "object" && values.size() == 1 && integer(0, a) && a >= 0) {
      room.floorObject = a;
      out += "object = " + std::to_string(a) + " g beneath Robbie\n";
      return true;
    }
    if (name == "blocked" && values.size() == 1 && (values[0] == "true" || values[0] == "false")) {
      room.blocked = values[0] == "true";
      out += "blocked = " + values[0] + "\n";
      return true;
    }
    out +=
        "set: the room knows `:set position X Y`, `:set heading DEGREES`, `:set object GRAMS`, "
        "`:set blocked true|false` (registers are set with RL's own `set NAME VALUE`)\n";
    return false;
  }

  bool useEngine(EngineChoice engine, std::string& reason) override {
    return chooseEngine(engine, jit_, engine_, &robbie::interpreterEngine(), reason);
  }

  void reset() override {
    finish(false);
    declared_.clear();
    host_ = RoomHost();
    savedRoom_ = {};
  }

 private:
  // A register's value as the running input sees it (while stepping), else its committed value.
  const robbie::Value& liveValue(const Declared& d) const {
    if (!ready_) return d.value;
    for (size_t i = 0; i < program_.registers.size() && i < state_.registers.size(); ++i) {
      if (!program_.registers[i].hidden && program_.registers[i].name == d.name) return state_.registers[i];
    }
    return d.value;
  }

  // When a failed `set NAME ...` names one of the room's settings rather than a register, the
  // user probably meant the REPL's `:set` command.
  static std::string roomSettingHint(std::string_view input) {
    input = trim(input);
    if (!input.starts_with("set ")) return {};
    std::string_view name = trim(input.substr(4));
    name = name.substr(0, name.find_first_of(" \t"));
    if (name != "position" && name != "heading" && name != "object" && name != "blocked") return {};
    return "note: RL's set gives a register a value; to set the room's " + std::string(name) + ", type :set " +
           std::string(name) + " ...\n";
  }

  const Declared* find(std::string_view name) const {
    for (const Declared& d : declared_) {
      if (d.name == name) return &d;
    }
    return nullptr;
  }
  Declared* find(std::string_view name) {
    return const_cast<Declared*>(static_cast<const RobbieSession*>(this)->find(name));
  }

  // "input:LINE:COL (source)" for an instruction of the input, or its address when it has none.
  std::string where(int32_t pc) const {
    if (pc < 0 || pc >= static_cast<int32_t>(program_.code.size())) return "at " + std::to_string(pc);
    const SourceRange range = program_.code[static_cast<size_t>(pc)].range;
    if (range.begin < offset_) return "at " + std::to_string(pc);
    const std::string_view input = std::string_view(text_).substr(offset_);
    const LineColumn lc = SourceFile("input", std::string(input)).lineColumn(range.begin - offset_);
    return "input:" + std::to_string(lc.line) + ":" + std::to_string(lc.column) + " (" +
           std::string(std::string_view(text_).substr(range.begin, range.size())) + ")";
  }

  std::string instructionText(int32_t pc) const {
    if (pc < 0 || pc >= static_cast<int32_t>(program_.code.size())) return std::to_string(pc) + "  (outside the code)";
    const robbie::Instruction& in = program_.code[static_cast<size_t>(pc)];
    char head[16];
    std::snprintf(head, sizeof head, "%04d  ", pc);
    std::string text = head + std::string(robbie::opName(in.op));
    switch (in.op) {
      case robbie::Op::kPushConstant:
        text += " " + robbie::formatValue(program_.constants[static_cast<size_t>(in.a)]);
        break;
      case robbie::Op::kLoad:
      case robbie::Op::kStore: text += " " + program_.registers[static_cast<size_t>(in.a)].name; break;
      case robbie::Op::kJump:
      case robbie::Op::kJumpIfFalse:
      case robbie::Op::kAndJump:
      case robbie::Op::kOrJump: text += " " + std::to_string(in.a); break;
      case robbie::Op::kToReal:
      case robbie::Op::kAddInteger:
      case robbie::Op::kSubInteger:
      case robbie::Op::kMulInteger:
      case robbie::Op::kDivInteger:
      case robbie::Op::kNegInteger:
      case robbie::Op::kAddReal:
      case robbie::Op::kSubReal:
      case robbie::Op::kMulReal:
      case robbie::Op::kDivReal:
      case robbie::Op::kNegReal:
      case robbie::Op::kConcat:
      case robbie::Op::kLess:
      case robbie::Op::kLessEqual:
      case robbie::Op::kGreater:
      case robbie::Op::kGreaterEqual:
      case robbie::Op::kEqual:
      case robbie::Op::kNot:
      case robbie::Op::kBlocked:
      case robbie::Op::kWeight:
      case robbie::Op::kForward:
      case robbie::Op::kBack:
      case robbie::Op::kTurnLeft:
      case robbie::Op::kTurnRight:
      case robbie::Op::kGrab:
      case robbie::Op::kDrop:
      case robbie::Op::kBeep:
      case robbie::Op::kPause:
      case robbie::Op::kStop: break;
    }
    return text;
  }

  std::vector<Declared> declared_;
  RoomHost host_;
  RoomState savedRoom_;
  robbie::Program program_;
  robbie::MachineState state_;
  std::unique_ptr<jit::RobbieJit> jit_;                    // Made at the first `engine jit`.
  robbie::Engine* engine_ = &robbie::interpreterEngine();  // The interpreter unless `engine jit`.
  std::string text_;
  uint32_t offset_ = 0;
  bool ready_ = false;
};

}  // namespace

std::unique_ptr<LanguageSession> makeRobbieSession() { return std::make_unique<RobbieSession>(); }

}  // namespace chronon::repl
