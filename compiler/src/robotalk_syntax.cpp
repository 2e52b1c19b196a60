// The RoboTalk parser: tokens → a flat syntax tree with every word resolved (specs/robowar.md
// §3.1-3.3). Two streaming lexing passes: the first collects label names (so
// that labels can shadow registers, as in the original), the second classifies each token, gives
// it its address and records label addresses; label references get their values at the end.

#include <algorithm>
#include <array>
#include <iterator>
#include <limits>
#include <optional>
#include <unordered_map>

#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_syntax.h"

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
  uint32_t labelIndex = 0;  ///< Index into SyntaxTree::labels.
  bool defined = false;     ///< Set when pass 2 reaches the definition.
};

class Parser {
 public:
  Parser(const SourceFile& file, const CompileOptions& options, SyntaxTree& tree, bool reportTruncation)
      : file_(file),
        options_(options),
        limits_(limits(options.profile)),
        tree_(tree),
        report_(tree.diagnostics),
        reportTruncation_(reportTruncation) {}

  void run() {
    tree_.options = options_;
    // Two lexing passes instead of a stored token list: pass 1 finds the label names (labels shadow
    // registers, so resolution needs them all), pass 2 classifies the tokens. Neither stores tokens,
    // so memory does not grow with the number of tokens in a huge file.
    uint32_t firstToken = static_cast<uint32_t>(file_.text().size());
    const LexResult lexed = lex(file_, [&](const Token& token) {
      firstToken = std::min(firstToken, token.range.begin);
      if (token.kind == TokenKind::kLabelDef) collectLabel(token);
    });
    report_.merge(lexed.diagnostics);
    // Comments are not tokens; they come from pass 1 and are merged into the node list in order.
    blockComments_ = &lexed.blockComments;
    lineComments_ = &lexed.lineComments;
    lex(file_, [&](const Token& token) {
      addCommentsBefore(token.range.begin);
      reportUnknown(&token);
      switch (token.kind) {
        case TokenKind::kDirective: directive(token); break;
        case TokenKind::kLabelDef: defineLabel(token); break;
        case TokenKind::kWord: word(token); break;
      }
    });
    reportUnknown(nullptr);
    addCommentsBefore(std::numeric_limits<uint32_t>::max());
    // Comments whose ranges the lexer did not keep (past kMaxCommentRanges) still count as nodes seen.
    tree_.nodeCount += lexed.droppedComments;
    if (lexed.droppedComments != 0)
      markTruncated({static_cast<uint32_t>(file_.text().size()), static_cast<uint32_t>(file_.text().size())});
    tree_.wordCount = address_;
    const SourceRange endRange{static_cast<uint32_t>(file_.text().size()), static_cast<uint32_t>(file_.text().size())};
    advance(1, endRange);  // The END the assembler appends.
    resolveReferences();
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
        d->notes.push_back({"first defined here", tree_.labels[found->second.labelIndex].range, true});
      }
      return;
    }
    if (tree_.labels.size() == static_cast<size_t>(limits_.maxLabels)) {
      report_.error(DiagCode::kTooManyLabels, token.range,
                    "more than " + std::to_string(limits_.maxLabels) + " labels (the limit of " +
                        std::string(profileName(options_.profile)) + ")");
    }
    // Addresses are 16-bit; past that many labels the program is long rejected, so stop storing.
    if (tree_.labels.size() >= 0xFFFF) return;
    if (const RegisterInfo* reg = lookupRegister(name)) {
      report_.warning(DiagCode::kLabelShadowsRegister, token.range,
                      "label '" + std::string(written) + "' has the name of the register " + std::string(reg->name) +
                          "; unquoted references to it compile to the label's address");
    } else if (lookupOperator(name) != nullptr || parseNumber(name)) {
      report_.warning(DiagCode::kLabelShadowsRegister, token.range,
                      "label '" + std::string(written) +
                          "' can never be referenced: its name is read as an operator or a number first");
    }
    // The Mac assembler keeps only the first 19 characters of a label and RoboWar 5 keeps them all
    // (specs/robowar.md §3.1), so two labels that differ only later are one label on the Mac.
    if (name.size() > kMacLabelSignificant) {
      auto [it, added] =
          byMacPrefix_.emplace(name.substr(0, kMacLabelSignificant), static_cast<uint32_t>(tree_.labels.size()));
      if (!added) {
        if (Diagnostic* d =
                report_.warning(DiagCode::kMacLabelCollision, token.range,
                                "label '" + std::string(written) + "' matches an earlier label in its first " +
                                    std::to_string(kMacLabelSignificant) +
                                    " characters: the Mac RoboWar assembler would treat them as one label")) {
          d->notes.push_back({"the earlier label", tree_.labels[it->second].range, true});
        }
      }
    }
    byName_.emplace(std::move(name), LabelEntry{static_cast<uint32_t>(tree_.labels.size()), false});
    SyntaxLabel label;
    label.name = std::string(written);
    label.range = token.range;
    tree_.labels.push_back(std::move(label));
  }

  /// Adds the comments that start before `offset` as nodes, in source order.
  void addCommentsBefore(uint32_t offset) {
    while (true) {
      const bool haveBlock = nextBlock_ < blockComments_->size() && (*blockComments_)[nextBlock_].begin < offset;
      const bool haveLine = nextLine_ < lineComments_->size() && (*lineComments_)[nextLine_].begin < offset;
      if (!haveBlock && !haveLine) return;
      SyntaxNode node;
      node.address = static_cast<uint32_t>(address_);
      if (haveBlock && (!haveLine || (*blockComments_)[nextBlock_].begin < (*lineComments_)[nextLine_].begin)) {
        node.kind = NodeKind::kBlockComment;
        node.range = (*blockComments_)[nextBlock_++];
      } else {
        node.kind = NodeKind::kLineComment;
        node.range = (*lineComments_)[nextLine_++];
      }
      store(node);
    }
  }

  /// Stores `node` unless the tree is full; returns its index or kNoNode. Past kMaxSyntaxNodes a
  /// node is still stored when lower() needs it (a word whose address the object code keeps, or one
  /// of the first kMaxSyntaxNodes directives), so that compile() = parse() + lower() does not depend
  /// on the cap for any robot with fewer directives than that.
  uint32_t store(const SyntaxNode& node) {
    ++tree_.nodeCount;
    const bool keepsCode = node.wordCount > 0 && node.address < storedWordLimit();
    const bool keepsDirective = node.kind == NodeKind::kDirective && directives_ < kMaxSyntaxNodes;
    if (node.kind == NodeKind::kDirective) ++directives_;
    if (tree_.nodes.size() < kMaxSyntaxNodes || keepsCode || keepsDirective) {
      tree_.nodes.push_back(node);
      return static_cast<uint32_t>(tree_.nodes.size() - 1);
    }
    markTruncated(node.range);
    return kNoNode;
  }

  /// Records, once, that the tree holds fewer nodes than the source has (RT216 at `at`).
  void markTruncated(SourceRange at) {
    if (tree_.truncated) return;
    tree_.truncated = true;
    if (reportTruncation_) {
      report_.add(DiagCode::kSyntaxTreeTruncated, Severity::kNote, at,
                  "more than " + std::to_string(kMaxSyntaxNodes) +
                      " tokens and comments; the syntax tree stops here (the object code is complete)");
    }
  }

  void defineLabel(const Token& token) {
    const std::string_view written = token.text.substr(0, token.text.size() - 1);
    SyntaxNode node;
    node.kind = NodeKind::kLabelDefinition;
    node.range = token.range;
    node.address = static_cast<uint32_t>(address_);
    node.glued = token.glued;
    if (!written.empty()) {
      if (auto found = byName_.find(upperAscii(written)); found != byName_.end()) {
        LabelEntry& entry = found->second;
        SyntaxLabel& label = tree_.labels[entry.labelIndex];
        node.label = entry.labelIndex;
        // A duplicate definition was reported in pass 1; only the first one names an address.
        if (!entry.defined && label.range == token.range) {
          entry.defined = true;
          label.address = static_cast<uint16_t>(std::min<size_t>(address_, 0xFFFF));
          label.definition = store(node);
          return;
        }
      }
    }
    store(node);
  }

  void directive(const Token& token) {
    SyntaxNode node;
    node.kind = NodeKind::kDirective;
    node.range = token.range;
    node.address = static_cast<uint32_t>(address_);
    store(node);
    const std::string text(trimBlanks(token.text));
    // The Mac assembler removes all blanks and lower-cases a directive before comparing it.
    std::string squeezed;
    for (char c : text) {
      if (c != ' ' && c != '\t') squeezed.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
    }
    if (squeezed == "nostowarnings") {
      tree_.stoWarnings = false;
    } else if (squeezed == "stowarnings") {
      tree_.stoWarnings = true;
    } else if (squeezed.rfind("hardware", 0) == 0) {
      Diagnostics local;
      if (parseHardwareDirective(token.text, {token.range.begin + 3, token.range.end}, tree_.hardware, local)) {
        tree_.hardwareDeclared = true;
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
    tree_.team = upperAscii(text);
  }

  void word(const Token& token) {
    SyntaxNode node;
    node.range = token.range;
    node.address = static_cast<uint32_t>(address_);
    const std::string name = upperAscii(token.text);
    if (const OperatorInfo* op = lookupOperator(name); op != nullptr && !op->has(kInternal)) {
      checkProfile(op->name, op->since, op->flags, token.range);
      node.kind = NodeKind::kOperator;
      node.op = op;
      emit(node, 1);
      return;
    }
    if (auto number = parseNumber(name)) {
      node.kind = NodeKind::kNumber;
      node.value = static_cast<int32_t>(*number);
      literal(node, token);
      return;
    }
    if (auto label = byName_.find(name); label != byName_.end()) {
      node.kind = NodeKind::kLabelReference;
      node.label = label->second.labelIndex;
      if (const uint32_t index = emit(node, 1); index != kNoNode) {
        tree_.labels[node.label].references.push_back(index);
      }
      return;
    }
    if (const size_t quote = quoteLength(token.text); quote != 0) {
      const std::string base = upperAscii(token.text.substr(0, token.text.size() - quote));
      if (const RegisterInfo* reg = lookupRegister(base)) {
        checkProfile(reg->name, reg->since, reg->flags, token.range);
        node.kind = NodeKind::kQuotedRegister;
        node.reg = reg;
        emit(node, 1);
      } else {
        report_.error(DiagCode::kQuotedNonRegister, token.range,
                      std::string(token.text) + " quotes " + base + ", which is not a register");
        node.kind = NodeKind::kUnknown;
        store(node);
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
      node.kind = NodeKind::kRegisterRead;
      node.reg = reg;
      emit(node, 2);
      return;
    }
    node.kind = NodeKind::kUnknown;
    if (name != "END" && looksLikeName(token.text)) {
      // What it is depends on the next token (reportUnknown): before a branch it is a label.
      unknown_ = UnknownWord{token.range, std::string(token.text)};
      store(node);
      return;
    }
    std::string message = "unknown token '" + std::string(token.text) + "'";
    if (name == "END") {
      message += ": END is appended by the assembler and cannot be written";
    } else {
      message += " (not an operator, number, label or register)";
    }
    report_.error(DiagCode::kUnknownToken, token.range, std::move(message));
    store(node);
  }

  /// True for a word spelt like a label name: a letter or `_`, then letters, digits and `_`.
  static bool looksLikeName(std::string_view text) {
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
    if (text.empty() || !letter(text.front())) return false;
    for (const char c : text) {
      if (!letter(c) && !(c >= '0' && c <= '9')) return false;
    }
    return true;
  }

  /// Reports the unknown name word() kept back, now that `next` (the token after it, nullptr at
  /// the end) is known: before a branch operator (`go_up jump`, `sub call`) it is a label that is
  /// never defined (RT205, with a fix that defines it at the end of the file); otherwise an
  /// unknown token (RT200). Both are errors, as the original's assembler refuses both.
  void reportUnknown(const Token* next) {
    if (!unknown_) return;
    const UnknownWord word = std::move(*unknown_);
    unknown_.reset();
    const OperatorInfo* op =
        next != nullptr && next->kind == TokenKind::kWord ? lookupOperator(upperAscii(next->text)) : nullptr;
    if (op != nullptr && op->has(kBranch) && !op->has(kInternal)) {
      if (Diagnostic* d = report_.error(
              DiagCode::kUndefinedLabel, word.range,
              "label '" + word.text + "' is never defined (" + std::string(op->name) + " needs an address)")) {
        const auto end = static_cast<uint32_t>(file_.text().size());
        const bool newline = end == 0 || file_.text().back() == '\n';
        d->fixes.push_back(
            Fix{"create label '" + word.text + ":' at the end of the file",
                {TextEdit{SourceRange{end, end}, std::string(newline ? "" : "\n") + word.text + ":\n"}}});
      }
      return;
    }
    report_.error(DiagCode::kUnknownToken, word.range,
                  "unknown token '" + word.text + "' (not an operator, number, label or register)");
  }

  void literal(SyntaxNode& node, const Token& token) {
    // RoboWar 5.21: "you can now code with numbers (20330 20344 20000 ...)": a numeric token from
    // 20000 up is stored as a raw object-code word.
    if ((node.value >= -kMaxLiteral && node.value <= kMaxLiteral) ||
        (node.value >= kFirstOperatorCode && node.value <= 32767)) {
      emit(node, 1);
      return;
    }
    report_.error(DiagCode::kNumberOutOfRange, token.range,
                  "number " + std::string(token.text) + " is outside -" + std::to_string(kMaxLiteral) + ".." +
                      std::to_string(kMaxLiteral));
    store(node);
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

  /// Stores a word node that produces `count` object-code words and moves the address past them.
  uint32_t emit(SyntaxNode& node, uint8_t count) {
    node.wordCount = count;
    const uint32_t index = store(node);
    advance(count, node.range);
    return index;
  }

  /// Moves the address past `count` words from `range`, remembering which range holds the first
  /// word past the profile's limit (where RT300 points).
  void advance(size_t count, SourceRange range) {
    for (size_t i = 0; i < count; ++i) {
      if (address_ == static_cast<size_t>(limits_.maxInstructions)) {
        limitRange_ = range;
        haveLimitRange_ = true;
      }
      ++address_;
    }
  }

  /// Words at addresses from here on are not kept by lower() (the program is rejected anyway).
  size_t storedWordLimit() const { return static_cast<size_t>(limits_.maxInstructions) + 1; }

  void resolveReferences() {
    for (SyntaxLabel& label : tree_.labels) {
      for (const uint32_t reference : label.references) tree_.nodes[reference].value = label.address;
    }
  }

  void checkLimits(SourceRange endRange) {
    if (address_ > static_cast<size_t>(limits_.maxInstructions)) {
      const SourceRange where = haveLimitRange_ ? limitRange_ : endRange;
      report_.error(DiagCode::kTooManyInstructions, where,
                    "the program compiles to " + std::to_string(address_) + " words; " +
                        std::string(profileName(options_.profile)) + " allows " +
                        std::to_string(limits_.maxInstructions) + " including the final END");
    }
  }

  /// JSRoboWar's porter put the hardware in the first `{ }` comment; read it when no directive did.
  void hardwareFromHeader(SourceRange comment) {
    robowar::RobotHardware hardware = tree_.hardware;
    if (!parseHardwareHeader(file_.slice(comment), hardware)) return;
    tree_.hardware = hardware;
    tree_.hardwareDeclared = true;
    report_.add(DiagCode::kHardwareDirective, Severity::kNote, {comment.begin, comment.begin + 1},
                "hardware read from the header comment: " + robowar::describe(hardware));
  }

  const SourceFile& file_;
  const CompileOptions& options_;
  const ProfileLimits limits_;
  SyntaxTree& tree_;
  Reporter report_;
  const bool reportTruncation_;
  std::unordered_map<std::string, LabelEntry> byName_;
  std::unordered_map<std::string, uint32_t> byMacPrefix_;  // First 19 characters → label index.
  const std::vector<SourceRange>* blockComments_ = nullptr;
  const std::vector<SourceRange>* lineComments_ = nullptr;
  size_t nextBlock_ = 0;
  size_t nextLine_ = 0;
  size_t directives_ = 0;
  size_t address_ = 0;
  /// An unknown name word() has not reported yet (reportUnknown).
  struct UnknownWord {
    SourceRange range;
    std::string text;
  };
  std::optional<UnknownWord> unknown_;
  SourceRange limitRange_;
  bool haveLimitRange_ = false;
  bool hardwareFromDirective_ = false;
};

bool isWordOrLabel(NodeKind kind) {
  switch (kind) {
    case NodeKind::kLabelDefinition:
    case NodeKind::kNumber:
    case NodeKind::kOperator:
    case NodeKind::kQuotedRegister:
    case NodeKind::kRegisterRead:
    case NodeKind::kLabelReference:
    case NodeKind::kUnknown: return true;
    case NodeKind::kDirective:
    case NodeKind::kBlockComment:
    case NodeKind::kLineComment: return false;
  }
  return false;
}

}  // namespace

namespace detail {
SyntaxTree parseTree(const SourceFile& file, const CompileOptions& options, bool reportTruncation) {
  SyntaxTree tree;
  Parser parser(file, options, tree, reportTruncation);
  parser.run();
  return tree;
}
}  // namespace detail

SyntaxTree parse(const SourceFile& file, const CompileOptions& options) {
  return detail::parseTree(file, options, true);
}

uint32_t nodeAt(const SyntaxTree& tree, uint32_t offset) {
  const auto& nodes = tree.nodes;
  // Nodes are in source order with disjoint ranges: find the first node ending after `offset`.
  auto it = std::upper_bound(nodes.begin(), nodes.end(), offset,
                             [](uint32_t at, const SyntaxNode& node) { return at < node.range.end; });
  if (it != nodes.end() && it->range.begin <= offset) return static_cast<uint32_t>(it - nodes.begin());
  if (it != nodes.begin()) {
    const auto before = std::prev(it);
    if (before->range.end == offset && isWordOrLabel(before->kind))
      return static_cast<uint32_t>(before - nodes.begin());
  }
  return kNoNode;
}

uint32_t labelOf(const SyntaxTree& tree, uint32_t node) {
  if (node >= tree.nodes.size()) return kNoLabel;
  const SyntaxNode& n = tree.nodes[node];
  switch (n.kind) {
    case NodeKind::kLabelDefinition:
    case NodeKind::kLabelReference: return n.label;
    case NodeKind::kNumber:
    case NodeKind::kOperator:
    case NodeKind::kQuotedRegister:
    case NodeKind::kRegisterRead:
    case NodeKind::kDirective:
    case NodeKind::kBlockComment:
    case NodeKind::kLineComment:
    case NodeKind::kUnknown: return kNoLabel;
  }
  return kNoLabel;
}

std::vector<uint32_t> occurrencesOf(const SyntaxTree& tree, uint32_t label, bool includeDefinitions) {
  std::vector<uint32_t> out;
  if (label >= tree.labels.size()) return out;
  const SyntaxLabel& entry = tree.labels[label];
  if (!includeDefinitions) return entry.references;
  // Duplicate definitions are not in the label table; find them among the nodes.
  for (uint32_t i = 0; i < tree.nodes.size(); ++i) {
    const SyntaxNode& node = tree.nodes[i];
    if (node.kind == NodeKind::kLabelDefinition && node.label == label) out.push_back(i);
  }
  std::vector<uint32_t> merged;
  merged.reserve(out.size() + entry.references.size());
  std::merge(out.begin(), out.end(), entry.references.begin(), entry.references.end(), std::back_inserter(merged));
  return merged;
}

uint32_t findLabel(const SyntaxTree& tree, std::string_view name) {
  const std::string key = upperAscii(name);
  for (uint32_t i = 0; i < tree.labels.size(); ++i) {
    if (upperAscii(tree.labels[i].name) == key) return i;
  }
  return kNoLabel;
}

std::string_view nodeKindName(NodeKind kind) {
  switch (kind) {
    case NodeKind::kLabelDefinition: return "label-definition";
    case NodeKind::kNumber: return "number";
    case NodeKind::kOperator: return "operator";
    case NodeKind::kQuotedRegister: return "quoted-register";
    case NodeKind::kRegisterRead: return "register-read";
    case NodeKind::kLabelReference: return "label-reference";
    case NodeKind::kDirective: return "directive";
    case NodeKind::kBlockComment: return "block-comment";
    case NodeKind::kLineComment: return "line-comment";
    case NodeKind::kUnknown: return "unknown";
  }
  return "unknown";
}

}  // namespace chronon::robotalk
