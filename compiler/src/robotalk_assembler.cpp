// The RoboTalk assembler: a parsed syntax tree → the object code of the original RoboWar assembler,
// word for word (specs/robowar.md §3.3-3.4). Parsing, name resolution and
// every diagnostic are in robotalk_syntax.cpp; lowering only writes the words the nodes stand for.

#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_syntax.h"

namespace chronon::robotalk {
namespace {

/// Appends object-code words up to the profile's limit + 1: past it the program is rejected
/// anyway (RT300), and stopping keeps a huge file from using memory without bound.
class Writer {
 public:
  Writer(Program& program, size_t capacity) : program_(program), capacity_(capacity) {}

  void emit(int16_t word, Origin origin, SourceRange range) {
    if (program_.code.size() < capacity_) program_.code.push_back(Instruction{word, origin, range});
  }

 private:
  Program& program_;
  size_t capacity_;
};

/// The origin of a numeric token's word: a literal, or for RoboWar 5.21's "code with numbers"
/// (20000 and up) whatever the raw word decodes to.
Origin numberOrigin(int16_t word) {
  if (word >= -kMaxLiteral && word <= kMaxLiteral) return Origin::kLiteral;
  switch (classify(word)) {
    case WordKind::kOperator: return Origin::kOperator;
    case WordKind::kRegister: return Origin::kQuotedRegister;
    case WordKind::kNumber: return Origin::kLiteral;
  }
  return Origin::kLiteral;
}

}  // namespace

Program lower(const SourceFile& file, const SyntaxTree& tree) {
  Program program;
  program.name = programNameFromPath(file.name());
  Writer out(program, static_cast<size_t>(limits(tree.options.profile).maxInstructions) + 1);
  for (const SyntaxNode& node : tree.nodes) {
    switch (node.kind) {
      case NodeKind::kOperator: out.emit(static_cast<int16_t>(node.op->op), Origin::kOperator, node.range); break;
      case NodeKind::kNumber:
        if (node.wordCount != 0) {
          const auto word = static_cast<int16_t>(node.value);
          out.emit(word, numberOrigin(word), node.range);
        }
        break;
      case NodeKind::kLabelReference:
        out.emit(static_cast<int16_t>(tree.labels[node.label].address), Origin::kLabelReference, node.range);
        break;
      case NodeKind::kQuotedRegister:
        out.emit(static_cast<int16_t>(node.reg->quotedCode()), Origin::kQuotedRegister, node.range);
        break;
      case NodeKind::kRegisterRead:
        out.emit(static_cast<int16_t>(node.reg->quotedCode()), Origin::kRegisterRead, node.range);
        out.emit(static_cast<int16_t>(Op::Recall), Origin::kImplicitRecall, node.range);
        break;
      case NodeKind::kDirective:
        program.directives.push_back(Directive{std::string(trimBlanks(file.slice(node.range).substr(3))), node.range});
        break;
      case NodeKind::kLabelDefinition:
      case NodeKind::kBlockComment:
      case NodeKind::kLineComment:
      case NodeKind::kUnknown: break;
    }
  }
  const auto end = static_cast<uint32_t>(file.text().size());
  out.emit(static_cast<int16_t>(Op::End), Origin::kImplicitEnd, {end, end});
  program.labels.reserve(tree.labels.size());
  for (const SyntaxLabel& label : tree.labels) program.labels.push_back(Label{label.name, label.address, label.range});
  program.hardware = tree.hardware;
  program.hardwareDeclared = tree.hardwareDeclared;
  program.stoWarnings = tree.stoWarnings;
  program.team = tree.team;
  return program;
}

CompileResult compile(const SourceFile& file, const CompileOptions& options) {
  SyntaxTree tree = detail::parseTree(file, options, false);
  CompileResult result;
  result.program = lower(file, tree);
  result.diagnostics = std::move(tree.diagnostics);
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
