#pragma once
// The RoboTalk syntax tree: every token and comment of a robot, in source order, classified and
// resolved against the word table and the robot's labels. RoboTalk has no nesting beyond comments,
// so the tree is a flat ordered list of nodes plus a label table. compile() is parse() + lower();
// the language server reads the tree for hover, semantic tokens, go-to-definition and rename.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/compiler/source.h"
#include "chronon/stdlib/robotalk_words.h"
#include "chronon/stdlib/robowar_hardware.h"

namespace chronon::robotalk {

/// "No node": a node index that is absent (not stored, or not found).
inline constexpr uint32_t kNoNode = std::numeric_limits<uint32_t>::max();
/// "No label": a label index that is absent (a lone `:`, or past the label table's capacity).
inline constexpr uint32_t kNoLabel = std::numeric_limits<uint32_t>::max();

/// Most nodes a tree stores. A legal robot has at most 5000 instructions, so only junk gets near it;
/// past it parse() keeps resolving and counting (limits and diagnostics stay exact) but stores only
/// the nodes that lower() needs (words whose addresses the object code keeps, and directives up to
/// this many), and says so once (RT216). A tree thus holds at most 2 * kMaxSyntaxNodes + 5001 nodes.
inline constexpr size_t kMaxSyntaxNodes = 100000;

/// Characters of a label name the Mac assembler keeps (specs/robowar.md §3.1); longer labels that
/// agree in these get warning RT217.
inline constexpr size_t kMacLabelSignificant = 19;

/// What a syntax node is. Word kinds follow the resolution order of specs/robowar.md §3.2:
/// operator → number → label → register.
enum class NodeKind : uint8_t {
  kLabelDefinition,  ///< `name:` (the colon is part of the range); emits no word.
  kNumber,           ///< `[+-]?digits`; `value` holds it. One word: a literal (±19999) or, from 20000
                     ///< to 32767, a raw object-code word (RoboWar 5.21); otherwise RT201 and no word.
  kOperator,         ///< An operator name or synonym; `op` is set. One word.
  kQuotedRegister,   ///< `REG'` (ASCII or typographic quote); `reg` is set. One word.
  kRegisterRead,     ///< An unquoted register; `reg` is set. Two words: `REG'` and RECALL.
  kLabelReference,   ///< A label name; `label` is set and `value` is the label's address. One word.
  kDirective,        ///< A `#!!...` line (the range starts at `#!!`); emits no word.
  kBlockComment,     ///< A top-level `{ ... }` comment, braces included.
  kLineComment,      ///< A `# ...` comment to the end of its line.
  kUnknown,          ///< A word that resolves to nothing (RT200), or `NAME'` with no such register (RT207).
};

/// One node of the flat syntax tree.
struct SyntaxNode {
  NodeKind kind = NodeKind::kUnknown;
  SourceRange range;  ///< The exact bytes of the token or comment.
  /// The object-code address at this node: for a word, the address of its first word; for a
  /// label definition, the address it names; for comments and directives, the next word's address.
  uint32_t address = 0;
  uint8_t wordCount = 0;              ///< Object-code words this node produces (0, 1 or 2).
  bool glued = false;                 ///< A label definition glued to the next token (`start:y`, RT215).
  const OperatorInfo* op = nullptr;   ///< kOperator: the operator from the word table.
  const RegisterInfo* reg = nullptr;  ///< kQuotedRegister, kRegisterRead: the register.
  uint32_t label = kNoLabel;          ///< kLabelDefinition, kLabelReference: index into SyntaxTree::labels.
  int32_t value = 0;                  ///< kNumber: the number (saturated at ±10^9); kLabelReference: the address.
};

/// One label: where it is defined, the address it names and every stored reference to it.
struct SyntaxLabel {
  std::string name;                  ///< As written at the first definition, without the colon.
  SourceRange range;                 ///< The first definition token, colon included.
  uint32_t definition = kNoNode;     ///< Node index of the first definition (kNoNode when not stored).
  uint16_t address = 0;              ///< Instruction index it names.
  std::vector<uint32_t> references;  ///< Node indices of the references, in source order.
};

/// A parsed robot: the nodes in source order, the label table, what the directives declared, and
/// the diagnostics of lexing and name resolution (the same ones compile() reports).
struct SyntaxTree {
  std::vector<SyntaxNode> nodes;    ///< In source order (ranges ascending and disjoint).
  std::vector<SyntaxLabel> labels;  ///< In definition order; index == SyntaxNode::label.
  CompileOptions options;           ///< The options it was parsed with (the profile).
  robowar::RobotHardware hardware;  ///< From `#!!hardware` lines or a JSRoboWar header comment.
  bool hardwareDeclared = false;    ///< True when the source declared hardware.
  bool stoWarnings = true;          ///< False after `#!!nostowarnings`.
  std::string team;                 ///< From `#!!team NAME`, upper-cased; empty = no team.
  size_t nodeCount = 0;             ///< Nodes seen, including those not stored past kMaxSyntaxNodes.
  size_t wordCount = 0;             ///< Object-code words of the program without the trailing END.
  bool truncated = false;           ///< True when some nodes were not stored (RT216).
  Diagnostics diagnostics;
};

/// Parses `file` into a syntax tree (specs/robowar.md §3.1-3.3): lexes it with lex(), resolves
/// every word (operator → number → label → register; labels shadow registers), computes each word's
/// address and each label's address, and interprets `#!!` directives. Reports the lexical and name
/// diagnostics that compile() documents (RT200-RT215, RT300, RT301, RT408), plus RT216 (a note)
/// once when more than kMaxSyntaxNodes nodes were seen. Never fails; memory stays bounded by
/// kMaxSyntaxNodes nodes plus the nodes of at most the profile's instruction limit.
SyntaxTree parse(const SourceFile& file, const CompileOptions& options);

namespace detail {
/// parse() with the RT216 note optional: compile() leaves it out (`reportTruncation` false), since
/// its object code never depends on the node cap, so that its diagnostics do not either.
SyntaxTree parseTree(const SourceFile& file, const CompileOptions& options, bool reportTruncation);
}  // namespace detail

/// Lowers a tree made by parse(file, ...) to object code (specs/robowar.md §3.3): one word per
/// operator, number, quoted register and label reference, `REG' RECALL` for an unquoted register,
/// END appended; words past the profile's instruction limit + 1 are not stored. `file` gives the
/// program's name and the directive texts. Program::directives lists the stored directive nodes:
/// all of them unless the file has more than kMaxSyntaxNodes directives. The tree's diagnostics
/// are not copied.
Program lower(const SourceFile& file, const SyntaxTree& tree);

/// The node at byte `offset`: the one whose range contains it, else a word or label definition
/// ending exactly at `offset` (an editor's cursor just after a word). Returns kNoNode when none.
uint32_t nodeAt(const SyntaxTree& tree, uint32_t offset);

/// The label a node defines or references, or kNoLabel for any other node (or kNoNode).
uint32_t labelOf(const SyntaxTree& tree, uint32_t node);

/// Every stored occurrence of label `label`: its definitions (when `includeDefinitions`; duplicate
/// definitions too) and its references, as node indices in source order. Empty for kNoLabel.
std::vector<uint32_t> occurrencesOf(const SyntaxTree& tree, uint32_t label, bool includeDefinitions);

/// The label named `name` (case-insensitive, without the colon), or kNoLabel.
uint32_t findLabel(const SyntaxTree& tree, std::string_view name);

/// A short lower-case name of a node kind for tests and tools ("label-definition", "number", ...).
std::string_view nodeKindName(NodeKind kind);

}  // namespace chronon::robotalk
