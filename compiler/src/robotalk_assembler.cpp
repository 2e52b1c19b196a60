// The RoboTalk assembler: tokens → the object code of the original RoboWar assembler, word for word
// (specs/robowar.md §3.2-3.4; Mac AssemblyLine.c). Two passes over the tokens: the first collects
// label names (so that labels can shadow registers, as in the original), the second emits words and
// records label addresses; label references are patched at the end.

#include <algorithm>
#include <optional>
#include <unordered_map>

#include "chronon/compiler/robotalk_assembler.h"

namespace chronon::robotalk {
namespace {

/// The length of a trailing quote mark: ASCII ' (1), the typographic ’ in UTF-8 (3) or in MacRoman
/// 0xD5 (1); 0 when the token is not quoted.
size_t quoteLength(std::string_view text) {
  if (text.size() >= 2 && text.back() == '\'') return 1;
  if (text.size() >= 4 && text.substr(text.size() - 3) == "\xE2\x80\x99") return 3;
  if (text.size() >= 2 && static_cast<unsigned char>(text.back()) == 0xD5) return 1;
  return 0;
}

/// Parses `[+-]?digits` as the Mac assembler's isnumber() accepts it. Returns nullopt when the
/// token is not a number; very long numbers saturate (they are reported as out of range).
std::optional<long long> parseNumber(std::string_view text) {
  size_t i = 0;
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    i = 1;
  }
  if (i >= text.size()) return std::nullopt;
  long long value = 0;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    value = std::min<long long>(value * 10 + (text[i] - '0'), 1000000000LL);
  }
  return negative ? -value : value;
}

std::string versionText(uint16_t since, uint32_t flags) {
  std::array<char, 16> buffer{};
  return std::string(formatVersion(since, flags, buffer));
}

std::string trim(std::string_view text) {
  size_t b = 0;
  size_t e = text.size();
  while (b < e && (text[b] == ' ' || text[b] == '\t')) ++b;
  while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r')) --e;
  return std::string(text.substr(b, e - b));
}

/// Adds diagnostics up to kMaxDiagnostics and counts the rest.
class Reporter {
 public:
  explicit Reporter(Diagnostics& out) : out_(out) {}

  Diagnostic* add(DiagCode code, Severity severity, SourceRange range, std::string message) {
    if (severity == Severity::kError) hadError_ = true;
    if (count_ >= kMaxDiagnostics) {
      ++dropped_;
      return nullptr;
    }
    ++count_;
    return &out_.add(code, severity, range, std::move(message));
  }
  Diagnostic* error(DiagCode code, SourceRange range, std::string message) {
    return add(code, Severity::kError, range, std::move(message));
  }
  Diagnostic* warning(DiagCode code, SourceRange range, std::string message) {
    return add(code, Severity::kWarning, range, std::move(message));
  }
  void merge(const Diagnostics& other) {
    for (const Diagnostic& d : other.all()) {
      if (Diagnostic* copy = add(d.code, d.severity, d.range, d.message)) {
        copy->notes = d.notes;
        copy->fixes = d.fixes;
      }
    }
  }
  /// Closes the list: says how many diagnostics were left out. An error among the dropped ones
  /// still makes the result an error.
  void finish(SourceRange where) {
    if (dropped_ == 0) return;
    out_.add(DiagCode::kUnknownToken, hadError_ && !out_.hasErrors() ? Severity::kError : Severity::kNote, where,
             std::to_string(dropped_) + " more diagnostics not shown (limit " + std::to_string(kMaxDiagnostics) + ")");
  }

 private:
  Diagnostics& out_;
  size_t count_ = 0;
  size_t dropped_ = 0;
  bool hadError_ = false;
};

struct LabelEntry {
  size_t labelIndex = 0;  ///< Index into Program::labels.
  bool defined = false;   ///< Set when pass 2 reaches the definition.
};

class Assembler {
 public:
  Assembler(const SourceFile& file, const CompileOptions& options, CompileResult& result)
      : file_(file),
        options_(options),
        limits_(limits(options.profile)),
        program_(result.program),
        report_(result.diagnostics) {}

  void run() {
    program_.name = programNameFromPath(file_.name());
    // Two lexing passes instead of a stored token list: pass 1 finds the label names (labels shadow
    // registers, so resolution needs them all), pass 2 emits code. Neither stores tokens, so memory
    // does not grow with the number of tokens in a huge file.
    uint32_t firstToken = static_cast<uint32_t>(file_.text().size());
    const LexResult lexed = lex(file_, [&](const Token& token) {
      firstToken = std::min(firstToken, token.range.begin);
      if (token.kind == TokenKind::kLabelDef) collectLabel(token);
    });
    report_.merge(lexed.diagnostics);
    lex(file_, [&](const Token& token) {
      switch (token.kind) {
        case TokenKind::kDirective: directive(token); break;
        case TokenKind::kLabelDef: defineLabel(token); break;
        case TokenKind::kWord: word(token); break;
      }
    });
    const SourceRange endRange{static_cast<uint32_t>(file_.text().size()), static_cast<uint32_t>(file_.text().size())};
    emit(static_cast<int16_t>(Op::End), Origin::kImplicitEnd, endRange);
    patchLabels();
    checkLimits(endRange);
    if (!hardwareFromDirective_ && !lexed.blockComments.empty() && lexed.blockComments.front().begin < firstToken) {
      hardwareFromHeader(lexed.blockComments.front());
    }
    report_.finish(endRange);
  }

 private:
  void collectLabel(const Token& token) {
    const std::string_view written = token.text.substr(0, token.text.size() - 1);
    if (written.empty()) {
      report_.error(DiagCode::kEmptyLabel, token.range, "':' without a label name");
      return;
    }
    std::string name = upperAscii(written);
    auto found = byName_.find(name);
    if (found != byName_.end()) {
      if (Diagnostic* d = report_.error(DiagCode::kDuplicateLabel, token.range,
                                        "label '" + std::string(written) + "' is defined twice")) {
        d->notes.push_back({"first defined here", program_.labels[found->second.labelIndex].range, true});
      }
      return;
    }
    if (program_.labels.size() == static_cast<size_t>(limits_.maxLabels)) {
      report_.error(DiagCode::kTooManyLabels, token.range,
                    "more than " + std::to_string(limits_.maxLabels) + " labels (the limit of " +
                        std::string(profileName(options_.profile)) + ")");
    }
    // Addresses are 16-bit; past that many labels the program is long rejected, so stop storing.
    if (program_.labels.size() >= 0xFFFF) return;
    if (const RegisterInfo* reg = lookupRegister(name)) {
      report_.warning(DiagCode::kLabelShadowsRegister, token.range,
                      "label '" + std::string(written) + "' has the name of the register " + std::string(reg->name) +
                          "; unquoted references to it compile to the label's address");
    } else if (lookupOperator(name) != nullptr || parseNumber(name)) {
      report_.warning(DiagCode::kLabelShadowsRegister, token.range,
                      "label '" + std::string(written) +
                          "' can never be referenced: its name is read as an operator or a number first");
    }
    byName_.emplace(std::move(name), LabelEntry{program_.labels.size(), false});
    program_.labels.push_back(Label{std::string(written), 0, token.range});
  }

  void defineLabel(const Token& token) {
    const std::string_view written = token.text.substr(0, token.text.size() - 1);
    if (written.empty()) return;
    auto found = byName_.find(upperAscii(written));
    if (found == byName_.end()) return;
    LabelEntry& entry = found->second;
    Label& label = program_.labels[entry.labelIndex];
    // A duplicate definition was reported in pass 1; only the first one names an address.
    if (entry.defined || label.range != token.range) return;
    entry.defined = true;
    label.address = static_cast<uint16_t>(std::min<size_t>(address_, 0xFFFF));
  }

  void directive(const Token& token) {
    const std::string text = trim(token.text);
    program_.directives.push_back(Directive{text, token.range});
    // The Mac assembler removes all blanks and lower-cases a directive before comparing it.
    std::string squeezed;
    for (char c : text) {
      if (c != ' ' && c != '\t') squeezed.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
    }
    if (squeezed == "nostowarnings") {
      program_.stoWarnings = false;
    } else if (squeezed == "stowarnings") {
      program_.stoWarnings = true;
    } else if (squeezed.rfind("hardware", 0) == 0) {
      Diagnostics local;
      if (parseHardwareDirective(token.text, {token.range.begin + 3, token.range.end}, program_.hardware, local)) {
        program_.hardwareDeclared = true;
        hardwareFromDirective_ = true;
      }
      report_.merge(local);
    } else if (squeezed.rfind("team", 0) == 0) {
      teamDirective(text, token.range);
    } else {
      report_.warning(
          DiagCode::kUnknownDirective, token.range,
          "unknown assembler directive '#!!" + text + "' (ignored; known: nostowarnings, stowarnings, hardware, team)");
    }
  }

  // `#!!team NAME` (a Chronon directive, docs/robotalk-hardware.md): the name is the rest of the line,
  // after optional blanks or a colon; team names compare case-insensitively.
  void teamDirective(std::string_view text, SourceRange range) {
    text.remove_prefix(4);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == ':')) text.remove_prefix(1);
    if (text.empty()) {
      report_.error(DiagCode::kHardwareDirective, range, "'#!!team' needs a team name, e.g. '#!!team Pack'");
      return;
    }
    program_.team = upperAscii(text);
  }

  void word(const Token& token) {
    const std::string name = upperAscii(token.text);
    if (const OperatorInfo* op = lookupOperator(name); op != nullptr && !op->has(kInternal)) {
      checkProfile(op->name, op->since, op->flags, token.range);
      emit(static_cast<int16_t>(op->op), Origin::kOperator, token.range);
      return;
    }
    if (auto number = parseNumber(name)) {
      literal(*number, token);
      return;
    }
    if (auto label = byName_.find(name); label != byName_.end()) {
      fixups_.push_back({address_, label->second.labelIndex});
      emit(0, Origin::kLabelReference, token.range);
      return;
    }
    if (const size_t quote = quoteLength(token.text); quote != 0) {
      const std::string base = upperAscii(token.text.substr(0, token.text.size() - quote));
      if (const RegisterInfo* reg = lookupRegister(base)) {
        checkProfile(reg->name, reg->since, reg->flags, token.range);
        emit(static_cast<int16_t>(reg->quotedCode()), Origin::kQuotedRegister, token.range);
      } else {
        report_.error(DiagCode::kQuotedNonRegister, token.range,
                      std::string(token.text) + " quotes " + base + ", which is not a register");
      }
      return;
    }
    if (const RegisterInfo* reg = lookupRegister(name)) {
      checkProfile(reg->name, reg->since, reg->flags, token.range);
      if (!reg->readable()) {
        // The Mac assembler compiles every unquoted register to REG' RECALL (codevar); reading a
        // write-only register gives 0, which is almost never what was meant.
        if (Diagnostic* d = report_.warning(DiagCode::kReadOfWriteOnly, token.range,
                                            std::string(reg->name) + " cannot be read; unquoted it compiles to " +
                                                std::string(reg->name) + "' RECALL, which pushes 0")) {
          d->fixes.push_back(Fix{"quote the register", {TextEdit{{token.range.end, token.range.end}, "'"}}});
        }
      }
      emit(static_cast<int16_t>(reg->quotedCode()), Origin::kRegisterRead, token.range);
      emit(static_cast<int16_t>(Op::Recall), Origin::kImplicitRecall, token.range);
      return;
    }
    std::string message = "unknown token '" + std::string(token.text) + "'";
    if (name == "END") {
      message += ": END is appended by the assembler and cannot be written";
    } else {
      message += " (not an operator, number, label or register)";
    }
    report_.error(DiagCode::kUnknownToken, token.range, std::move(message));
  }

  void literal(long long value, const Token& token) {
    if (value >= -kMaxLiteral && value <= kMaxLiteral) {
      emit(static_cast<int16_t>(value), Origin::kLiteral, token.range);
      return;
    }
    // RoboWar 5.21: "you can now code with numbers (20330 20344 20000 ...)": a numeric token from
    // 20000 up is stored as a raw object-code word.
    if (value >= kFirstOperatorCode && value <= 32767) {
      const auto raw = static_cast<int16_t>(value);
      const WordKind kind = classify(raw);
      emit(raw,
           kind == WordKind::kOperator   ? Origin::kOperator
           : kind == WordKind::kRegister ? Origin::kQuotedRegister
                                         : Origin::kLiteral,
           token.range);
      return;
    }
    report_.error(DiagCode::kNumberOutOfRange, token.range,
                  "number " + std::string(token.text) + " is outside -" + std::to_string(kMaxLiteral) + ".." +
                      std::to_string(kMaxLiteral));
  }

  void checkProfile(std::string_view name, uint16_t since, uint32_t flags, SourceRange range) {
    if (since > limits_.version) {
      report_.error(DiagCode::kWordNotInProfile, range,
                    std::string(name) + " is not part of " + std::string(profileName(options_.profile)) +
                        " (it appeared in RoboWar " + versionText(since, flags) + ")");
    }
    if ((flags & kUndocumented) != 0) {
      report_.warning(DiagCode::kUndocumentedWord, range,
                      std::string(name) + " is undocumented (Mac only) and banned under the official rules");
    }
  }

  void emit(int16_t word, Origin origin, SourceRange range) {
    ++address_;
    // Past the profile's limit the program is rejected anyway; stop storing words so that a huge
    // file cannot use memory without bound, but keep resolving tokens to report every error.
    if (program_.code.size() < static_cast<size_t>(limits_.maxInstructions) + 1) {
      program_.code.push_back(Instruction{word, origin, range});
    }
  }

  void patchLabels() {
    for (const auto& [at, labelIndex] : fixups_) {
      if (at < program_.code.size()) {
        program_.code[at].word = static_cast<int16_t>(program_.labels[labelIndex].address);
      }
    }
  }

  void checkLimits(SourceRange endRange) {
    if (address_ > static_cast<size_t>(limits_.maxInstructions)) {
      SourceRange where = endRange;
      if (program_.code.size() > static_cast<size_t>(limits_.maxInstructions)) {
        where = program_.code[static_cast<size_t>(limits_.maxInstructions)].range;
      }
      report_.error(DiagCode::kTooManyInstructions, where,
                    "the program compiles to " + std::to_string(address_) + " words; " +
                        std::string(profileName(options_.profile)) + " allows " +
                        std::to_string(limits_.maxInstructions) + " including the final END");
    }
  }

  /// JSRoboWar's porter put the hardware in the first `{ }` comment; read it when no directive did.
  void hardwareFromHeader(SourceRange comment) {
    robowar::RobotHardware hardware = program_.hardware;
    if (!parseHardwareHeader(file_.slice(comment), hardware)) return;
    program_.hardware = hardware;
    program_.hardwareDeclared = true;
    report_.add(DiagCode::kHardwareDirective, Severity::kNote, {comment.begin, comment.begin + 1},
                "hardware read from the header comment: " + robowar::describe(hardware));
  }

  const SourceFile& file_;
  const CompileOptions& options_;
  const ProfileLimits limits_;
  Program& program_;
  Reporter report_;
  std::unordered_map<std::string, LabelEntry> byName_;
  std::vector<std::pair<size_t, size_t>> fixups_;
  size_t address_ = 0;
  bool hardwareFromDirective_ = false;
};

}  // namespace

CompileResult compile(const SourceFile& file, const CompileOptions& options) {
  CompileResult result;
  Assembler assembler(file, options, result);
  assembler.run();
  return result;
}

std::string programNameFromPath(std::string_view path) {
  const size_t slash = path.find_last_of("/\\");
  std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const size_t dot = base.find_last_of('.');
  if (dot != std::string_view::npos && dot > 0) base = base.substr(0, dot);
  return std::string(base);
}

}  // namespace chronon::robotalk
