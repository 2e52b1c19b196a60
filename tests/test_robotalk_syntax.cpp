// The RoboTalk syntax tree: node kinds, ranges, resolution, addresses, label occurrences, lookups
// at an offset, the node cap on junk, and lowering equal to compile() on the whole corpus.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_syntax.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace chronon;
using namespace chronon::robotalk;

namespace {

using chronon::test::readFile;

/// "kind text" for every node, to compare a whole tree at once.
std::vector<std::string> describeNodes(const SourceFile& file, const SyntaxTree& tree) {
  std::vector<std::string> out;
  for (const SyntaxNode& node : tree.nodes) {
    out.push_back(std::string(nodeKindName(node.kind)) + " " + std::string(file.slice(node.range)));
  }
  return out;
}

size_t countCode(const Diagnostics& d, DiagCode code) {
  size_t n = 0;
  for (const Diagnostic& x : d.all()) n += x.code == code ? 1 : 0;
  return n;
}

std::vector<DiagCode> codesOf(const Diagnostics& d) {
  std::vector<DiagCode> out;
  for (const Diagnostic& x : d.all()) out.push_back(x.code);
  return out;
}

/// The words a tree stands for, computed from the nodes' resolved fields alone (independently of
/// lower()), checking on the way that every word node's address follows from the ones before it.
std::vector<int16_t> wordsFromNodes(const SyntaxTree& tree) {
  std::vector<int16_t> words;
  for (const SyntaxNode& node : tree.nodes) {
    if (node.wordCount == 0) continue;
    REQUIRE(node.address == words.size());
    switch (node.kind) {
      case NodeKind::kOperator: words.push_back(static_cast<int16_t>(node.op->op)); break;
      case NodeKind::kNumber: words.push_back(static_cast<int16_t>(node.value)); break;
      case NodeKind::kLabelReference:
        REQUIRE(node.value == tree.labels[node.label].address);
        words.push_back(static_cast<int16_t>(node.value));
        break;
      case NodeKind::kQuotedRegister: words.push_back(static_cast<int16_t>(node.reg->quotedCode())); break;
      case NodeKind::kRegisterRead:
        words.push_back(static_cast<int16_t>(node.reg->quotedCode()));
        words.push_back(static_cast<int16_t>(Op::Recall));
        break;
      case NodeKind::kLabelDefinition:
      case NodeKind::kDirective:
      case NodeKind::kBlockComment:
      case NodeKind::kLineComment:
      case NodeKind::kUnknown: FAIL("a node of kind " << nodeKindName(node.kind) << " produced words"); break;
    }
  }
  words.push_back(static_cast<int16_t>(Op::End));
  return words;
}

constexpr int16_t w(Op op) { return static_cast<int16_t>(op); }
int16_t q(Reg reg) { return static_cast<int16_t>(info(reg).quotedCode()); }

}  // namespace

TEST_CASE("syntax: every token and comment becomes a node with its exact range", "[syntax]") {
  const SourceFile file("t.rtk",
                        "#!!nostowarnings\n"
                        "{ a { nested } comment } top: 5 top' setint top jump\n"
                        "start:y aim' 20330 # line comment\n"
                        "bogus 99999 zz' : end 2*");
  const SyntaxTree tree = parse(file, CompileOptions{});
  CHECK(describeNodes(file, tree) == std::vector<std::string>{"directive #!!nostowarnings",
                                                              "block-comment { a { nested } comment }",
                                                              "label-definition top:",
                                                              "number 5",
                                                              "quoted-register top'",
                                                              "operator setint",
                                                              "label-reference top",
                                                              "operator jump",
                                                              "label-definition start:",
                                                              "register-read y",
                                                              "quoted-register aim'",
                                                              "number 20330",
                                                              "line-comment # line comment",
                                                              "unknown bogus",
                                                              "number 99999",
                                                              "unknown zz'",
                                                              "label-definition :",
                                                              "unknown end",
                                                              "number 2",
                                                              "operator *"});
  REQUIRE(tree.nodes.size() == 20);
  const auto& n = tree.nodes;
  CHECK(n[0].range == SourceRange{0, 16});
  CHECK(n[2].range == SourceRange{42, 46});
  // The label TOP shadows the register TOP when unquoted; TOP' is still the register.
  CHECK(n[2].label == 0);
  CHECK(n[4].reg == &info(Reg::Top));
  CHECK(n[5].op == &info(Op::Setint));
  CHECK(n[6].label == 0);
  CHECK(n[6].value == 0);
  CHECK(n[6].address == 3);
  // A glued label is split after the colon; the register after it reads as two words.
  CHECK(n[8].glued);
  CHECK(n[8].address == 5);
  CHECK(n[8].range.size() == 6);
  CHECK(n[9].reg == &info(Reg::Y));
  CHECK(n[9].wordCount == 2);
  CHECK(n[9].address == 5);
  CHECK(n[10].address == 7);
  CHECK(n[11].value == 20330);
  CHECK(n[11].wordCount == 1);
  CHECK(n[12].address == 9);
  // Errors produce no words and keep the address.
  CHECK(n[13].wordCount == 0);
  CHECK(n[14].value == 99999);
  CHECK(n[14].wordCount == 0);
  CHECK(n[16].label == kNoLabel);
  CHECK(n[18].address == 9);
  CHECK(n[19].address == 10);
  CHECK(tree.wordCount == 11);
  CHECK_FALSE(tree.stoWarnings);
  REQUIRE(tree.labels.size() == 2);
  CHECK(tree.labels[0].name == "top");
  CHECK(tree.labels[0].definition == 2);
  CHECK(tree.labels[0].references == std::vector<uint32_t>{6});
  CHECK(tree.labels[1].name == "start");
  CHECK(tree.labels[1].address == 5);
  // The same diagnostics as compile(): glued label, shadowing, unknown, out of range, quote, lone ':'.
  const CompileResult compiled = compile(file, CompileOptions{});
  CHECK(codesOf(tree.diagnostics) == codesOf(compiled.diagnostics));
  CHECK(countCode(tree.diagnostics, DiagCode::kLabelShadowsRegister) == 1);
  CHECK(countCode(tree.diagnostics, DiagCode::kGluedLabel) == 1);
  CHECK(countCode(tree.diagnostics, DiagCode::kUnknownToken) == 2);
  CHECK(countCode(tree.diagnostics, DiagCode::kQuotedNonRegister) == 1);
  CHECK(countCode(tree.diagnostics, DiagCode::kNumberOutOfRange) == 1);
  CHECK(countCode(tree.diagnostics, DiagCode::kEmptyLabel) == 1);
  // The words of the nodes and of the lowering agree.
  const std::vector<int16_t> expected{5,           q(Reg::Top), w(Op::Setint),   0,
                                      w(Op::Jump), q(Reg::Y),   w(Op::Recall),   q(Reg::Aim),
                                      q(Reg::Aim), 2,           w(Op::Multiply), w(Op::End)};
  CHECK(wordsFromNodes(tree) == expected);
  CHECK(lower(file, tree).words() == expected);
  CHECK(compiled.program.words() == expected);
}

TEST_CASE("syntax: directives, hardware and duplicate labels", "[syntax]") {
  const SourceFile file("t.rtk", "#!!hardware cpu 30\n#!!team Pack\nloop: loop jump LOOP: 1\n#!!frob\n");
  const SyntaxTree tree = parse(file, CompileOptions{});
  CHECK(describeNodes(file, tree) == std::vector<std::string>{"directive #!!hardware cpu 30", "directive #!!team Pack",
                                                              "label-definition loop:", "label-reference loop",
                                                              "operator jump", "label-definition LOOP:", "number 1",
                                                              "directive #!!frob"});
  CHECK(tree.hardwareDeclared);
  CHECK(tree.hardware.cpu == 30);
  CHECK(tree.team == "PACK");
  CHECK(countCode(tree.diagnostics, DiagCode::kDuplicateLabel) == 1);
  CHECK(countCode(tree.diagnostics, DiagCode::kUnknownDirective) == 1);
  // The duplicate definition points at the label it repeats, but only the first names the address.
  REQUIRE(tree.labels.size() == 1);
  CHECK(tree.nodes[5].label == 0);
  CHECK(tree.labels[0].definition == 2);
  CHECK(tree.labels[0].address == 0);
  CHECK(tree.nodes[5].address == 2);
  const Program program = lower(file, tree);
  REQUIRE(program.directives.size() == 3);
  CHECK(program.directives[0].text == "hardware cpu 30");
  CHECK(program.team == "PACK");
  CHECK(program.words() == std::vector<int16_t>{0, w(Op::Jump), 1, w(Op::End)});
}

TEST_CASE("syntax: the node at an offset", "[syntax]") {
  //                              0123456789012345678901234
  const SourceFile file("t.rtk", "a: 12 range { c }  aim'");
  const SyntaxTree tree = parse(file, CompileOptions{});
  REQUIRE(tree.nodes.size() == 5);
  CHECK(nodeAt(tree, 0) == 0);
  CHECK(nodeAt(tree, 1) == 0);
  CHECK(nodeAt(tree, 2) == 0);  // Just after "a:": the cursor touches the label.
  CHECK(nodeAt(tree, 3) == 1);
  CHECK(nodeAt(tree, 4) == 1);
  CHECK(nodeAt(tree, 6) == 2);
  CHECK(nodeAt(tree, 11) == 2);  // Just after "range".
  CHECK(nodeAt(tree, 12) == 3);
  CHECK(nodeAt(tree, 14) == 3);
  CHECK(nodeAt(tree, 17) == kNoNode);  // After a comment, in blanks: nothing.
  CHECK(nodeAt(tree, 19) == 4);
  CHECK(nodeAt(tree, 23) == 4);
  CHECK(nodeAt(tree, 24) == kNoNode);
  CHECK(tree.nodes[2].kind == NodeKind::kRegisterRead);
  CHECK(tree.nodes[2].reg == &info(Reg::Range));
  CHECK(nodeAt(parse(SourceFile("e", ""), CompileOptions{}), 0) == kNoNode);
}

TEST_CASE("syntax: occurrences of a label", "[syntax]") {
  const SourceFile file("t.rtk", "Go jump back: go GO' go: back 1 + jump back:");
  const SyntaxTree tree = parse(file, CompileOptions{});
  const uint32_t go = findLabel(tree, "gO");
  const uint32_t back = findLabel(tree, "BACK");
  REQUIRE(go != kNoLabel);
  REQUIRE(back != kNoLabel);
  CHECK(findLabel(tree, "nowhere") == kNoLabel);
  auto texts = [&](const std::vector<uint32_t>& nodes) {
    std::vector<std::string> out;
    for (uint32_t i : nodes) out.emplace_back(file.slice(tree.nodes[i].range));
    return out;
  };
  // GO' is not a label reference: quoting is for registers, so it is an error and no occurrence.
  CHECK(texts(occurrencesOf(tree, go, true)) == std::vector<std::string>{"Go", "go", "go:"});
  CHECK(texts(occurrencesOf(tree, go, false)) == std::vector<std::string>{"Go", "go"});
  CHECK(texts(occurrencesOf(tree, back, true)) == std::vector<std::string>{"back:", "back", "back:"});
  CHECK(occurrencesOf(tree, kNoLabel, true).empty());
  const uint32_t use = nodeAt(tree, 0);
  CHECK(labelOf(tree, use) == go);
  CHECK(labelOf(tree, nodeAt(tree, 3)) == kNoLabel);
  CHECK(labelOf(tree, kNoNode) == kNoLabel);
  CHECK(tree.labels[go].address == 3);
  CHECK(tree.labels[back].address == 2);
  CHECK(tree.nodes[use].value == 3);
  CHECK(lower(file, tree).words() ==
        std::vector<int16_t>{3, w(Op::Jump), 3, 2, 1, w(Op::Add), w(Op::Jump), w(Op::End)});
}

TEST_CASE("syntax: junk stops storing nodes at the cap, the object code stays exact", "[syntax][badinput]") {
  std::string comments;
  for (size_t i = 0; i < kMaxSyntaxNodes + 50000; ++i) comments += "{c} ";
  comments += "x: 1 x jump #!!nostowarnings\nrange";
  const SourceFile file("t.rtk", comments);
  const SyntaxTree tree = parse(file, CompileOptions{});
  CHECK(tree.truncated);
  CHECK(tree.nodeCount == kMaxSyntaxNodes + 50000 + 6);
  // Past the cap only what lowering needs is kept: the words and the directive.
  CHECK(tree.nodes.size() == kMaxSyntaxNodes + 5);
  CHECK(countCode(tree.diagnostics, DiagCode::kSyntaxTreeTruncated) == 1);
  CHECK_FALSE(tree.diagnostics.hasErrors());
  CHECK_FALSE(tree.stoWarnings);
  const CompileResult compiled = compile(file, CompileOptions{});
  CHECK(countCode(compiled.diagnostics, DiagCode::kSyntaxTreeTruncated) == 0);
  const std::vector<int16_t> expected{1, 0, w(Op::Jump), q(Reg::Range), w(Op::Recall), w(Op::End)};
  CHECK(compiled.program.words() == expected);
  CHECK(lower(file, tree).words() == expected);
  CHECK(lower(file, tree).directives.size() == 1);
  // The label's definition node was past the cap, so it has no node, but the label still resolves.
  REQUIRE(tree.labels.size() == 1);
  CHECK(tree.labels[0].definition == kNoNode);
  CHECK(tree.labels[0].references.size() == 1);

  std::string huge;
  while (huge.size() < 10u * 1024u * 1024u) huge += "blah 1 2 + aim' sto { c } # x\n";
  const SyntaxTree big = parse(SourceFile("h.rtk", huge), CompileOptions{});
  CHECK(big.truncated);
  CHECK(big.nodeCount > 2000000);
  CHECK(big.nodes.size() <= 2 * kMaxSyntaxNodes + 5001);
  CHECK(big.diagnostics.all().size() <= kMaxDiagnostics + 1);
  CHECK(big.diagnostics.hasErrors());
  CHECK(big.wordCount > 5000);
}

TEST_CASE("syntax: the instruction limit counts every word, stored or not", "[syntax]") {
  std::string text;
  for (int i = 0; i < 600; ++i) text += "range ";
  const SourceFile file("t.rtk", text);
  const SyntaxTree tree = parse(file, CompileOptions{Profile::kRoboWar15});
  CHECK(tree.wordCount == 1200);
  CHECK(tree.nodes.back().address == 1198);
  REQUIRE(countCode(tree.diagnostics, DiagCode::kTooManyInstructions) == 1);
  const CompileResult compiled = compile(file, CompileOptions{Profile::kRoboWar15});
  CHECK(codesOf(compiled.diagnostics) == codesOf(tree.diagnostics));
  // The diagnostic points at the token holding word 500 (node 250, words 500-501), and the stored
  // code stops one word past the limit.
  for (const Diagnostic& d : tree.diagnostics.all()) {
    if (d.code == DiagCode::kTooManyInstructions) CHECK(d.range == tree.nodes[250].range);
  }
  CHECK(lower(file, tree).code.size() == 501);
  CHECK(compiled.program.code.size() == 501);
}

TEST_CASE("syntax: on every corpus robot the tree's words are compile()'s words", "[syntax][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  const fs::path root = test::sharedDir() / "corpus" / "robowar";
  size_t checked = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".txt") continue;
    const std::string rel = fs::relative(entry.path(), root).generic_string();
    if (rel.rfind("dialects/", 0) == 0 || rel.find("bytecode/") != std::string::npos ||
        rel.find(".header.txt") != std::string::npos) {
      continue;
    }
    INFO(rel);
    const SourceFile file(rel, readFile(entry.path()));
    const SyntaxTree tree = parse(file, CompileOptions{});
    const CompileResult compiled = compile(file, CompileOptions{});
    REQUIRE_FALSE(compiled.diagnostics.hasErrors());
    CHECK_FALSE(tree.truncated);
    CHECK(codesOf(tree.diagnostics) == codesOf(compiled.diagnostics));
    CHECK(wordsFromNodes(tree) == compiled.program.words());
    const Program lowered = lower(file, tree);
    REQUIRE(lowered.code.size() == compiled.program.code.size());
    for (size_t i = 0; i < lowered.code.size(); ++i) {
      CHECK(lowered.code[i].origin == compiled.program.code[i].origin);
      CHECK(lowered.code[i].range == compiled.program.code[i].range);
    }
    // Nodes are in order and disjoint, every label has its definition node, every reference
    // points back to its label, and unknown words do not occur in a robot that compiles.
    for (size_t i = 1; i < tree.nodes.size(); ++i) CHECK(tree.nodes[i - 1].range.end <= tree.nodes[i].range.begin);
    for (uint32_t l = 0; l < tree.labels.size(); ++l) {
      REQUIRE(tree.labels[l].definition < tree.nodes.size());
      CHECK(tree.nodes[tree.labels[l].definition].label == l);
      for (uint32_t r : tree.labels[l].references) CHECK(labelOf(tree, r) == l);
    }
    for (const SyntaxNode& node : tree.nodes) CHECK(node.kind != NodeKind::kUnknown);
    ++checked;
  }
  CHECK(checked >= 30);
}

TEST_CASE("syntax: labels equal in their first 19 characters warn (one label on the Mac)", "[syntax]") {
  const SourceFile file("t.rtk", "averyveryverylonglabel_one: averyveryverylonglabel_two: short: 1");
  const SyntaxTree tree = parse(file, CompileOptions{});
  CHECK(countCode(tree.diagnostics, DiagCode::kMacLabelCollision) == 1);
  CHECK_FALSE(tree.diagnostics.hasErrors());
  const SourceFile distinct("t.rtk", "averyveryverylonglabel_one: bverylonglabelxxxxxxxx: 1");
  CHECK(countCode(parse(distinct, CompileOptions{}).diagnostics, DiagCode::kMacLabelCollision) == 0);
}
