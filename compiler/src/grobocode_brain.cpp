// The Grobocode brain compiler: token resolution (specs/grobots-language.md §4.2), symbol tables
// (§4.3), encoding (§4.4), compile-time words (§4.5) and the end-of-brain check (§4.7, §4.8).

#include <cmath>

#include "grobocode_internal.h"

namespace chronon::grobocode {

uint16_t encode(InstructionType type, int index) {
  // The original adds the index to the shifted type without checking its range (§4.4); unsigned
  // arithmetic reproduces the spill into the type field and the 16-bit truncation.
  const uint32_t word = (static_cast<uint32_t>(type) << kInstructionIndexBits) + static_cast<uint32_t>(index);
  return static_cast<uint16_t>(word & 0xFFFFu);
}

int32_t Program::startAddress() const {
  if (!startLabel) return 0;
  const int32_t address = labels[static_cast<size_t>(*startLabel)].address;
  return address < 0 ? 0 : address;
}

namespace {
int32_t truncateToRaw(double value) { return static_cast<int32_t>(std::trunc(value * grobots::Fixed::kOneRaw)); }
}  // namespace

int32_t Program::costRaw() const {
  const double cost = 0.02 * static_cast<double>(instructions.size()) + 0.03 * static_cast<double>(constants.size()) +
                      0.1 * static_cast<double>(variables.size()) + 0.2 * static_cast<double>(vectors.size()) +
                      0.02 * static_cast<double>(labels.size());
  return truncateToRaw(cost);
}

int32_t Program::massRaw() const {
  const double mass =
      0.02 * 0.01 * static_cast<double>(instructions.size()) + 0.03 * 0.01 * static_cast<double>(constants.size()) +
      0.1 * 0.01 * static_cast<double>(variables.size()) + 0.2 * 0.01 * static_cast<double>(vectors.size()) +
      0.02 * 0.01 * static_cast<double>(labels.size());
  return truncateToRaw(mass);
}

namespace detail {

int BrainBuilder::newGensym(std::string_view prefix, SourceRange range) {
  ++brain.gensymCounter;
  std::string name(prefix);
  name += std::to_string(brain.gensymCounter);
  brain.labels.push_back(Label{std::move(name), -1, true, range});
  return static_cast<int>(brain.labels.size() - 1);
}

int BrainBuilder::labelNamed(std::string_view name, SourceRange range) {
  const auto [it, inserted] = labels.emplace(lowered(name), static_cast<int>(brain.labels.size()));
  if (inserted) brain.labels.push_back(Label{std::string(name), -1, false, range});
  return it->second;
}

void BrainBuilder::emit(InstructionType type, int index, SourceRange range, uint32_t line, Diagnostics& diagnostics) {
  if (index >= (1 << kInstructionIndexBits) && !spillReported) {
    spillReported = true;
    diagnostics.warning(DiagCode::kGbIndexSpill, range,
                        "table index " + std::to_string(index) +
                            " does not fit in 12 bits; the original silently miscompiles this instruction");
  }
  brain.instructions.push_back(Instruction{encode(type, index), range, static_cast<uint16_t>(line & 0xFFFFu)});
}

bool BrainBuilder::popStack(int& label, SourceRange range, Diagnostics& diagnostics) {
  if (!peekStack(label, range, diagnostics)) return false;
  brain.compileStack.pop_back();
  return true;
}

bool BrainBuilder::peekStack(int& label, SourceRange range, Diagnostics& diagnostics) {
  if (brain.compileStack.empty()) {
    diagnostics.error(DiagCode::kGbCompileStackUnderflow, range, "stack underflow");
    return false;
  }
  label = brain.compileStack.back();
  return true;
}

bool BrainBuilder::runCompileWord(CompileWord word, SourceRange range, uint32_t line, Diagnostics& diagnostics) {
  const auto here = [this] { return static_cast<int32_t>(brain.instructions.size()); };
  const auto resolve = [&](int label) { brain.labels[static_cast<size_t>(label)].address = here(); };
  const auto branch = [&](int label, Prim prim) {
    emit(InstructionType::kLabelRead, label, range, line, diagnostics);
    emit(InstructionType::kPrimitive, static_cast<int>(prim), range, line, diagnostics);
  };
  int s = 0;
  int e = 0;
  // Each case is the expansion of §4.5's table, in the same order of pops, pushes and emits.
  switch (word) {
    case CompileWord::If:
      s = newGensym("if-skip-g", range);
      branch(s, Prim::Nifg);
      brain.compileStack.push_back(s);
      return true;
    case CompileWord::Nif:
      s = newGensym("nif-skip-g", range);
      branch(s, Prim::Ifg);
      brain.compileStack.push_back(s);
      return true;
    case CompileWord::Else:
      e = newGensym("else-skip-g", range);
      branch(e, Prim::Jump);
      if (!popStack(s, range, diagnostics)) return false;
      resolve(s);
      brain.compileStack.push_back(e);
      return true;
    case CompileWord::Then:
      if (!popStack(s, range, diagnostics)) return false;
      resolve(s);
      return true;
    case CompileWord::AndIf:
      if (!peekStack(s, range, diagnostics)) return false;
      branch(s, Prim::Nifg);
      return true;
    case CompileWord::AndNif:
      if (!peekStack(s, range, diagnostics)) return false;
      branch(s, Prim::Ifg);
      return true;
    case CompileWord::Celse:
      if (!popStack(s, range, diagnostics)) return false;
      if (!peekStack(e, range, diagnostics)) return false;
      branch(e, Prim::Jump);
      resolve(s);
      return true;
    case CompileWord::Do:
      s = newGensym("loop-start-g", range);
      resolve(s);
      brain.compileStack.push_back(s);
      return true;
    case CompileWord::Loop:
      if (!popStack(e, range, diagnostics)) return false;
      if (!popStack(s, range, diagnostics)) return false;
      branch(s, Prim::Jump);
      resolve(e);
      return true;
    case CompileWord::Forever:
      if (!popStack(s, range, diagnostics)) return false;
      branch(s, Prim::Jump);
      return true;
    case CompileWord::While:
      e = newGensym("loop-end-g", range);
      brain.compileStack.push_back(e);
      branch(e, Prim::Nifg);
      return true;
    case CompileWord::Until:
      e = newGensym("loop-end-g", range);
      brain.compileStack.push_back(e);
      branch(e, Prim::Ifg);
      return true;
    case CompileWord::WhileLoop:
      if (!popStack(s, range, diagnostics)) return false;
      branch(s, Prim::Ifg);
      return true;
    case CompileWord::UntilLoop:
      if (!popStack(s, range, diagnostics)) return false;
      branch(s, Prim::Nifg);
      return true;
    case CompileWord::CNop: return true;
  }
  return true;
}

void BrainBuilder::record(UseKind kind, SourceRange range) {
  if (uses != nullptr) uses->push_back(SymbolUse{kind, range, scope});
}

bool BrainBuilder::compileToken(const Token& token, uint32_t line, Diagnostics& diagnostics) {
  const std::string_view text = token.text;
  const SourceRange range = token.range;
  const auto undefined = [&](std::string_view name) {
    record(UseKind::kUndefined, range);
    diagnostics.error(DiagCode::kGbUndefinedSymbol, range, "undefined symbol: " + std::string(name));
    return false;
  };
  if (text.size() >= 2) {
    const std::string_view name = text.substr(0, text.size() - 1);
    switch (text.back()) {
      case '!': {
        const std::string key = lowered(name);
        if (const auto it = variables.find(key); it != variables.end()) {
          record(UseKind::kVariableWrite, range);
          emit(InstructionType::kVariableWrite, it->second, range, line, diagnostics);
          return true;
        }
        if (const auto it = vectors.find(key); it != vectors.end()) {
          record(UseKind::kVectorWrite, range);
          emit(InstructionType::kVectorWrite, it->second, range, line, diagnostics);
          return true;
        }
        if (const HardwareInfo* hw = lookupHardwareScalar(name)) {
          record(UseKind::kHardwareWrite, range);
          emit(InstructionType::kHardwareWrite, hw->index, range, line, diagnostics);
          return true;
        }
        if (const HardwareInfo* hw = lookupHardwareVector(name)) {
          record(UseKind::kHardwareWrite, range);
          emit(InstructionType::kHardwareVectorWrite, hw->index, range, line, diagnostics);
          return true;
        }
        return undefined(name);
      }
      case ':': {
        record(UseKind::kLabelDefinition, range);
        const auto [it, inserted] = labels.emplace(lowered(name), static_cast<int>(brain.labels.size()));
        if (inserted) {
          brain.labels.push_back(
              Label{std::string(name), static_cast<int32_t>(brain.instructions.size()), false, range});
          return true;
        }
        Label& label = brain.labels[static_cast<size_t>(it->second)];
        if (label.address >= 0 && !redefineLabels) {
          diagnostics.error(DiagCode::kGbDuplicateSymbol, range, "duplicate symbol: " + std::string(name));
          return false;
        }
        label.address = static_cast<int32_t>(brain.instructions.size());
        return true;
      }
      case '&':
        record(UseKind::kLabelAddress, range);
        emit(InstructionType::kLabelRead, labelNamed(name, range), range, line, diagnostics);
        return true;
      case '^':
        record(UseKind::kLabelCall, range);
        emit(InstructionType::kLabelCall, labelNamed(name, range), range, line, diagnostics);
        return true;
      default: break;
    }
  }
  // A bare name: the first of §4.2's nine steps that knows it wins.
  const std::string key = lowered(text);
  if (const auto it = constants.find(key); it != constants.end()) {
    // A repeated literal finds the constant its first use made (§4.3); it is still a literal.
    record(grobots::parseLiteral(text).ok() ? UseKind::kLiteral : UseKind::kConstantRead, range);
    emit(InstructionType::kConstantRead, it->second, range, line, diagnostics);
    return true;
  }
  if (const auto it = variables.find(key); it != variables.end()) {
    record(UseKind::kVariableRead, range);
    emit(InstructionType::kVariableRead, it->second, range, line, diagnostics);
    return true;
  }
  if (const auto it = vectors.find(key); it != vectors.end()) {
    record(UseKind::kVectorRead, range);
    emit(InstructionType::kVectorRead, it->second, range, line, diagnostics);
    return true;
  }
  if (const auto it = labels.find(key); it != labels.end()) {
    record(UseKind::kLabelCall, range);
    emit(InstructionType::kLabelCall, it->second, range, line, diagnostics);
    return true;
  }
  const Builtin builtin = resolveBuiltin(text);
  switch (builtin.which) {
    case Builtin::Which::kCompileWord:
      record(UseKind::kCompileWord, range);
      return runCompileWord(builtin.compileWord->word, range, line, diagnostics);
    case Builtin::Which::kHardwareScalar:
      record(UseKind::kHardwareRead, range);
      emit(InstructionType::kHardwareRead, builtin.hardware->index, range, line, diagnostics);
      return true;
    case Builtin::Which::kHardwareVector:
      record(UseKind::kHardwareRead, range);
      emit(InstructionType::kHardwareVectorRead, builtin.hardware->index, range, line, diagnostics);
      return true;
    case Builtin::Which::kPrimitive:
      record(UseKind::kPrimitive, range);
      emit(InstructionType::kPrimitive, builtin.primitive->index(), range, line, diagnostics);
      return true;
    case Builtin::Which::kNone: break;
  }
  const auto literal = grobots::parseLiteral(text);
  if (!literal.ok()) return undefined(text);
  // A literal is a constant named by its token text (§4.3); step 1 above already reuses an entry
  // with the same name, so reaching here always makes a new one.
  record(UseKind::kLiteral, range);
  addConstant(text, literal.value(), range);
  emit(InstructionType::kConstantRead, static_cast<int>(brain.constants.size() - 1), range, line, diagnostics);
  return true;
}

void BrainBuilder::addVariable(std::string_view name, grobots::Fixed initial, SourceRange range) {
  variables.emplace(lowered(name), static_cast<int>(brain.variables.size()));
  brain.variables.push_back(Variable{std::string(name), initial, range});
}

void BrainBuilder::addVector(std::string_view name, grobots::Fixed x, grobots::Fixed y, SourceRange range) {
  vectors.emplace(lowered(name), static_cast<int>(brain.vectors.size()));
  brain.vectors.push_back(VectorVariable{std::string(name), x, y, range});
}

void BrainBuilder::addConstant(std::string_view name, grobots::Fixed value, SourceRange range) {
  constants.emplace(lowered(name), static_cast<int>(brain.constants.size()));
  brain.constants.push_back(Constant{std::string(name), value, range});
}

void BrainBuilder::startAtLabel(std::string_view name, SourceRange range) {
  brain.startLabel = labelNamed(name, range);
}

void BrainBuilder::startHere(SourceRange range) {
  const int label = newGensym("start", range);
  brain.labels[static_cast<size_t>(label)].address = static_cast<int32_t>(brain.instructions.size());
  brain.startLabel = label;
}

bool BrainBuilder::checkOnce(SourceRange at, Diagnostics& diagnostics) {
  if (!brain.compileStack.empty()) {
    diagnostics.error(DiagCode::kGbCompileStackLeft, at,
                      "item left on compile-time stack (unmatched compile-time word)");
    return false;
  }
  for (const Label& label : brain.labels) {
    if (label.address < 0) {
      Diagnostic& d =
          diagnostics.error(DiagCode::kGbUnresolvedForward, at, "unresolved forward symbol definition: " + label.name);
      d.notes.push_back(DiagNote{"first referenced here", label.range, true});
      return false;
    }
  }
  brain.instructions.push_back(Instruction{encode(InstructionType::kPrimitive, static_cast<int>(Prim::End)),
                                           SourceRange{at.begin, at.begin}, kSentinelLine});
  return true;
}

bool BrainBuilder::finish(SourceRange at, Diagnostics& diagnostics) {
  // Once in the side reader and once more in SetBrain (§4.8): two sentinels.
  return checkOnce(at, diagnostics) && checkOnce(at, diagnostics);
}

}  // namespace detail
}  // namespace chronon::grobocode
