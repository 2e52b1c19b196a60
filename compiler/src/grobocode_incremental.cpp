// Incremental Grobocode compilation: the side compiler's BrainBuilder fed one fragment at a time
// (specs/grobots-language.md §4), for the REPL.

#include "chronon/compiler/grobocode_incremental.h"

#include <optional>
#include <string>
#include <vector>

#include "grobocode_internal.h"

namespace chronon::grobocode {

struct IncrementalBrain::Impl {
  detail::BrainBuilder builder;
};

IncrementalBrain::IncrementalBrain() : impl_(std::make_unique<Impl>()) {}

IncrementalBrain::IncrementalBrain(const Program& brain) : impl_(std::make_unique<Impl>()) {
  detail::BrainBuilder& b = impl_->builder;
  b.brain = brain;
  b.brain.compileStack.clear();
  // The first entry of each name wins, as in the side compiler's lookup (§4.3).
  for (size_t i = 0; i < brain.constants.size(); ++i)
    b.constants.emplace(detail::lowered(brain.constants[i].name), static_cast<int>(i));
  for (size_t i = 0; i < brain.variables.size(); ++i)
    b.variables.emplace(detail::lowered(brain.variables[i].name), static_cast<int>(i));
  for (size_t i = 0; i < brain.vectors.size(); ++i)
    b.vectors.emplace(detail::lowered(brain.vectors[i].name), static_cast<int>(i));
  for (size_t i = 0; i < brain.labels.size(); ++i) {
    if (!brain.labels[i].gensym) b.labels.emplace(detail::lowered(brain.labels[i].name), static_cast<int>(i));
  }
}

IncrementalBrain::~IncrementalBrain() = default;
IncrementalBrain::IncrementalBrain(const IncrementalBrain& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
IncrementalBrain& IncrementalBrain::operator=(const IncrementalBrain& other) {
  if (this != &other) impl_ = std::make_unique<Impl>(*other.impl_);
  return *this;
}
IncrementalBrain::IncrementalBrain(IncrementalBrain&&) noexcept = default;
IncrementalBrain& IncrementalBrain::operator=(IncrementalBrain&&) noexcept = default;

namespace {

// Reads the optional number arguments of a tag; reports GB607 on the first that is no literal.
bool parseNumbers(const std::vector<detail::Token>& tokens, size_t from, size_t count,
                  std::vector<grobots::Fixed>& values, Diagnostics& diagnostics) {
  for (size_t i = from; i < tokens.size() && i < from + count; ++i) {
    const auto literal = grobots::parseLiteral(tokens[i].text);
    if (!literal.ok()) {
      diagnostics.error(DiagCode::kGbInvalidElementArgument, tokens[i].range, "invalid or forbidden element argument");
      return false;
    }
    values.push_back(literal.value());
  }
  return true;
}

// `#var`, `#vector` and `#const` (§4.3). A repeated name updates the existing entry so that the
// REPL can redefine it; the side compiler instead adds a shadowed duplicate.
void readTag(detail::BrainBuilder& b, const detail::Line& line, Diagnostics& diagnostics) {
  const detail::Token& tag = line.tokens.front();
  const std::string name = detail::lowered(tag.text.substr(1));
  const auto missing = [&] {
    diagnostics.error(DiagCode::kGbMissingElementArgument, SourceRange{tag.range.end, tag.range.end},
                      "missing element argument");
  };
  if (name != "var" && name != "vector" && name != "const") {
    diagnostics.error(DiagCode::kGbInvalidElementType, tag.range, "invalid element type");
    return;
  }
  if (line.tokens.size() < 2) {
    missing();
    return;
  }
  const std::string_view symbol = line.tokens[1].text;
  const std::string key = detail::lowered(symbol);
  std::vector<grobots::Fixed> values;
  if (name == "var") {
    if (!parseNumbers(line.tokens, 2, 1, values, diagnostics)) return;
    const grobots::Fixed initial = values.empty() ? grobots::Fixed{} : values[0];
    if (const auto it = b.variables.find(key); it != b.variables.end()) {
      b.brain.variables[static_cast<size_t>(it->second)].initial = initial;
    } else {
      b.addVariable(symbol, initial, line.content);
    }
    return;
  }
  if (name == "vector") {
    if (line.tokens.size() == 3) {
      diagnostics.error(DiagCode::kGbMissingElementArgument, line.tokens[2].range, "missing element argument");
      return;
    }
    if (!parseNumbers(line.tokens, 2, 2, values, diagnostics)) return;
    const grobots::Fixed x = values.size() == 2 ? values[0] : grobots::Fixed{};
    const grobots::Fixed y = values.size() == 2 ? values[1] : grobots::Fixed{};
    if (const auto it = b.vectors.find(key); it != b.vectors.end()) {
      VectorVariable& v = b.brain.vectors[static_cast<size_t>(it->second)];
      v.x = x;
      v.y = y;
    } else {
      b.addVector(symbol, x, y, line.content);
    }
    return;
  }
  if (line.tokens.size() < 3) {
    missing();
    return;
  }
  if (!parseNumbers(line.tokens, 2, 1, values, diagnostics)) return;
  if (const auto it = b.constants.find(key); it != b.constants.end()) {
    b.brain.constants[static_cast<size_t>(it->second)].value = values[0];
  } else {
    b.addConstant(symbol, values[0], line.content);
  }
}

}  // namespace

void IncrementalBrain::compile(const SourceFile& file, Diagnostics& diagnostics, bool redefineLabels) {
  detail::BrainBuilder& b = impl_->builder;
  b.redefineLabels = redefineLabels;
  for (const detail::Line& line : detail::splitLines(file.text())) {
    if (line.tokens.empty()) continue;
    if (line.tokens.front().text.front() == '#') {
      readTag(b, line, diagnostics);
      continue;
    }
    for (const detail::Token& token : line.tokens) {
      if (!b.compileToken(token, line.number, diagnostics)) break;
    }
  }
  b.redefineLabels = false;
}

int32_t IncrementalBrain::appendEnd(SourceRange at) {
  Program& brain = impl_->builder.brain;
  brain.instructions.push_back(
      Instruction{encode(InstructionType::kPrimitive, static_cast<int>(Prim::End)), at, kSentinelLine});
  return static_cast<int32_t>(brain.instructions.size() - 1);
}

size_t IncrementalBrain::openConstructs() const { return impl_->builder.brain.compileStack.size(); }

const Program& IncrementalBrain::brain() const { return impl_->builder.brain; }

}  // namespace chronon::grobocode
