// The Grobots side reader (specs/grobots-language.md §6, §4.6, §4.7): tags, sections, hardware
// lines and code, with the original's error messages and its way of continuing after them.

#include <algorithm>
#include <array>
#include <climits>
#include <optional>

#include "chronon/compiler/language.h"
#include "grobocode_internal.h"

namespace chronon::grobocode {

uint32_t originalLine(const SourceFile& file, uint32_t offset) {
  const std::string_view text = file.text();
  const size_t end = std::min<size_t>(offset, text.size());
  uint32_t line = 1;
  for (size_t i = 0; i < end; ++i) {
    if (text[i] == '\r' || text[i] == '\n') ++line;
  }
  return line;
}

std::string originalReport(const SourceFile& file, const Diagnostic& diagnostic) {
  std::string out = "Error loading side: " + diagnostic.message;
  if (diagnostic.code != DiagCode::kGbUnfinishedSide) {
    out += " at line " + std::to_string(originalLine(file, diagnostic.range.begin));
  }
  return out;
}

namespace {

using detail::BrainBuilder;
using detail::Line;
using detail::Token;

// Where the reader is: the level (before the side, at side level, inside a type, after the end) and
// the kind of content lines expected.
enum class Level : uint8_t { kNone, kSide, kType, kEnd };
enum class Section : uint8_t { kText, kHardware, kCode };

// The tags of §6.2, exactly 15.
enum class Tag : uint8_t {
  kSide,
  kAuthor,
  kDate,
  kComment,
  kColor,
  kSeed,
  kType,
  kDecoration,
  kHardware,
  kCode,
  kStart,
  kVar,
  kVector,
  kConst,
  kEnd,
};

struct TagName {
  std::string_view name;
  Tag tag;
};
constexpr std::array kTags{
    TagName{"side", Tag::kSide},       TagName{"author", Tag::kAuthor},         TagName{"date", Tag::kDate},
    TagName{"comment", Tag::kComment}, TagName{"color", Tag::kColor},           TagName{"seed", Tag::kSeed},
    TagName{"type", Tag::kType},       TagName{"decoration", Tag::kDecoration}, TagName{"hardware", Tag::kHardware},
    TagName{"code", Tag::kCode},       TagName{"start", Tag::kStart},           TagName{"var", Tag::kVar},
    TagName{"vector", Tag::kVector},   TagName{"const", Tag::kConst},           TagName{"end", Tag::kEnd},
};

constexpr std::array<std::string_view, 11> kShapes{"none", "dot",   "circle", "square", "triangle", "cross",
                                                   "x",    "hline", "vline",  "slash",  "backslash"};

std::optional<Color> parseColor(const Token& token) {
  const std::string_view t = token.text;
  if (t.size() != 3 && t.size() != 6) return std::nullopt;
  uint32_t value = 0;
  for (const char c : t) {
    int digit = 0;
    if (c >= '0' && c <= '9')
      digit = c - '0';
    else if (c >= 'a' && c <= 'f')
      digit = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      digit = c - 'A' + 10;
    else
      return std::nullopt;
    value = value * 16 + static_cast<uint32_t>(digit);
    if (t.size() == 3) value = value * 16 + static_cast<uint32_t>(digit);
  }
  return Color{value, token.range};
}

// ParseInteger (§1.7, §6.3): an optional sign and digits, no '.'; the value as the literal parser
// accumulates it.
std::optional<int32_t> parseInteger(std::string_view text) {
  if (text.find('.') != std::string_view::npos) return std::nullopt;
  const auto literal = grobots::parseLiteral(text);
  if (!literal.ok()) return std::nullopt;
  return literal.value().raw() >> grobots::Fixed::kFractionBits;
}

class Reader {
 public:
  Reader(const SourceFile& file, SideResult& result) : file_(file), result_(result) {}

  void run() {
    for (const Line& line : detail::splitLines(file_.text())) readLine(line);
    if (level_ != Level::kEnd) {
      const auto end = static_cast<uint32_t>(file_.text().size());
      result_.diagnostics.error(DiagCode::kGbUnfinishedSide, SourceRange{end, end},
                                "tried to get unfinished side from SideReader - was #end missing?");
    }
  }

 private:
  Diagnostics& diags() { return result_.diagnostics; }
  Side& side() { return result_.side; }

  void readLine(const Line& line) {
    if (line.tokens.empty()) return;
    if (line.tokens.front().text.front() == '#') {
      readTag(line);
      return;
    }
    if (level_ == Level::kNone || level_ == Level::kEnd) {
      diags().error(DiagCode::kGbContentNotAllowed, line.content, "content is not allowed here");
      return;
    }
    switch (section_) {
      case Section::kText: return;
      case Section::kHardware: readHardware(line); return;
      case Section::kCode:
        for (const Token& token : line.tokens) {
          if (!builder_->compileToken(token, line.number, diags())) return;
        }
        return;
    }
  }

  // The text after the tag word up to `;` or the end of line, leading blanks stripped, trailing
  // blanks kept (§6.1).
  std::string_view restOfLine(const Line& line, const Token& tagWord, SourceRange& range) const {
    uint32_t begin = tagWord.range.end;
    const std::string_view text = file_.text();
    while (begin < line.content.end &&
           (text[begin] == ' ' || text[begin] == '\t' || text[begin] == '\v' || text[begin] == '\f')) {
      ++begin;
    }
    range = SourceRange{begin, line.content.end};
    return file_.slice(range);
  }

  bool misplaced(const Token& tag) {
    diags().error(DiagCode::kGbMisplacedElement, tag.range, "an element appeared in an invalid place");
    return false;
  }
  bool missing(SourceRange range) {
    diags().error(DiagCode::kGbMissingElementArgument, range, "missing element argument");
    return false;
  }
  bool invalid(SourceRange range) {
    diags().error(DiagCode::kGbInvalidElementArgument, range, "invalid or forbidden element argument");
    return false;
  }
  // The number `arg` spells, or nullopt after reporting it invalid.
  std::optional<grobots::Fixed> literal(const Token& arg) {
    const auto value = grobots::parseLiteral(arg.text);
    if (value.ok()) return value.value();
    invalid(arg.range);
    return std::nullopt;
  }

  void readTag(const Line& line) {
    const Token& first = line.tokens.front();
    size_t wordIndex = 0;
    Token word = first;
    if (first.text.size() == 1) {
      // "# side" also works (§6.1).
      if (line.tokens.size() < 2) {
        diags().error(DiagCode::kGbEmptyTag, first.range, "# but no token - huh?");
        return;
      }
      wordIndex = 1;
      word = line.tokens[1];
    } else {
      word.text.remove_prefix(1);
      word.range.begin += 1;
    }
    std::optional<Tag> tag;
    for (const TagName& t : kTags) {
      if (namesEquivalent(t.name, word.text)) tag = t.tag;
    }
    result_.uses.push_back(SymbolUse{UseKind::kTag, SourceRange{first.range.begin, word.range.end}, scope()});
    if (!tag) {
      diags().error(DiagCode::kGbInvalidElementType, word.range, "invalid element type");
      return;
    }
    if (level_ == Level::kEnd) {
      diags().error(DiagCode::kGbContentNotAllowed, line.content, "content is not allowed here");
      return;
    }
    if (level_ == Level::kNone && *tag != Tag::kSide) {
      misplaced(word);
      return;
    }
    const std::vector<Token> args(line.tokens.begin() + static_cast<std::ptrdiff_t>(wordIndex + 1), line.tokens.end());
    SourceRange restRange;
    const std::string_view rest = restOfLine(line, word, restRange);
    const SourceRange argsRange = args.empty() ? SourceRange{word.range.end, word.range.end}
                                               : SourceRange{args.front().range.begin, args.back().range.end};
    // Each check below reports what is wrong (and the tag is then dropped, §4.7) or returns true.
    const auto placed = [&](bool ok) { return ok || misplaced(word); };
    const auto hasArgs = [&](size_t count) { return args.size() >= count || missing(argsRange); };
    const auto hasRest = [&] { return !rest.empty() || missing(restRange); };
    switch (*tag) {
      case Tag::kSide:
        if (!placed(level_ == Level::kNone) || !hasRest()) return;
        side().name = std::string(rest);
        level_ = Level::kSide;
        section_ = Section::kText;
        return;
      case Tag::kAuthor:
        if (level_ == Level::kSide) {
          if (!hasRest()) return;
          side().author = std::string(rest);
        }
        section_ = Section::kText;
        return;
      case Tag::kDate: return;
      case Tag::kComment: section_ = Section::kText; return;
      case Tag::kColor: {
        if (!hasArgs(1)) return;
        const std::optional<Color> color = parseColor(args.front());
        if (!color) {
          invalid(args.front().range);
          return;
        }
        if (level_ == Level::kType)
          side().types.back().color = color;
        else
          side().color = color;
        return;
      }
      case Tag::kSeed: {
        if (!placed(level_ == Level::kSide) || !hasArgs(1)) return;
        std::vector<int> seeds;
        for (const Token& arg : args) {
          const std::optional<int32_t> id = parseInteger(arg.text);
          if (!id) {
            invalid(arg.range);
            return;
          }
          seeds.push_back(*id);
        }
        side().seeds = std::move(seeds);
        return;
      }
      case Tag::kType:
        if (!finishType(word) || !hasRest()) return;
        side().types.push_back(Type{});
        side().types.back().name = std::string(rest);
        side().types.back().range = line.content;
        level_ = Level::kType;
        section_ = Section::kText;
        builder_ = nullptr;
        return;
      case Tag::kDecoration: {
        if (!placed(level_ == Level::kType) || !hasArgs(2)) return;
        const std::optional<Color> color = parseColor(args[0]);
        if (!color) {
          invalid(args[0].range);
          return;
        }
        const std::string shape = detail::lowered(args[1].text);
        bool known = false;
        for (const std::string_view s : kShapes) known = known || s == shape;
        if (!known) {
          invalid(args[1].range);
          return;
        }
        side().types.back().decorationColor = color;
        side().types.back().decorationShape = shape;
        return;
      }
      case Tag::kHardware:
        if (!placed(level_ == Level::kType)) return;
        section_ = Section::kHardware;
        return;
      case Tag::kCode:
        startCode(word);
        section_ = Section::kCode;
        return;
      case Tag::kStart:
        if (!placed(section_ == Section::kCode)) return;
        if (args.empty())
          builder_->startHere(word.range);
        else {
          result_.uses.push_back(SymbolUse{UseKind::kStartLabel, args.front().range, scope()});
          builder_->startAtLabel(args.front().text, args.front().range);
        }
        return;
      case Tag::kVar: {
        if (!placed(section_ == Section::kCode) || !hasArgs(1)) return;
        grobots::Fixed initial;
        if (args.size() >= 2) {
          const std::optional<grobots::Fixed> value = literal(args[1]);
          if (!value) return;
          initial = *value;
        }
        result_.uses.push_back(SymbolUse{UseKind::kVariableDeclaration, args[0].range, scope()});
        builder_->addVariable(args[0].text, initial, line.content);
        return;
      }
      case Tag::kVector: {
        if (!placed(section_ == Section::kCode) || !hasArgs(1)) return;
        grobots::Fixed x;
        grobots::Fixed y;
        if (args.size() == 2) {
          missing(SourceRange{args[1].range.end, args[1].range.end});
          return;
        }
        if (args.size() >= 3) {
          const std::optional<grobots::Fixed> xv = literal(args[1]);
          if (!xv) return;
          const std::optional<grobots::Fixed> yv = literal(args[2]);
          if (!yv) return;
          x = *xv;
          y = *yv;
        }
        result_.uses.push_back(SymbolUse{UseKind::kVectorDeclaration, args[0].range, scope()});
        builder_->addVector(args[0].text, x, y, line.content);
        return;
      }
      case Tag::kConst: {
        if (!placed(section_ == Section::kCode) || !hasArgs(2)) return;
        const std::optional<grobots::Fixed> value = literal(args[1]);
        if (!value) return;
        result_.uses.push_back(SymbolUse{UseKind::kConstantDeclaration, args[0].range, scope()});
        builder_->addConstant(args[0].text, *value, line.content);
        return;
      }
      case Tag::kEnd:
        if (!finishType(word)) return;
        level_ = Level::kEnd;
        section_ = Section::kText;
        side().complete = true;
        return;
    }
  }

  // `#code`: at side level it opens (or continues) the common brain; in a type, the type's first
  // `#code` starts from a full copy of the common brain with a start gensym at its end (§4.6).
  void startCode(const Token& word) {
    if (level_ == Level::kSide) {
      if (!common_) {
        common_.emplace();
        common_->uses = &result_.uses;
      }
      builder_ = &*common_;
      return;
    }
    if (!typeBuilder_) {
      if (common_) {
        typeBuilder_.emplace(*common_);
        typeBuilder_->startHere(word.range);
      } else {
        typeBuilder_.emplace();
      }
      typeBuilder_->uses = &result_.uses;
      typeBuilder_->scope = scope();
    }
    builder_ = &*typeBuilder_;
  }

  // The SymbolUse::scope of what is read now: the current type's index, or -1 outside types.
  int scope() const { return level_ == Level::kType ? static_cast<int>(result_.side.types.size()) - 1 : -1; }

  // Finishes the current type at `#type` or `#end`: the brain checks, then the brain is attached.
  // A failed check leaves the old type current (§4.7).
  bool finishType(const Token& word) {
    if (level_ == Level::kSide && common_) side().common = common_->brain;
    if (level_ != Level::kType) return true;
    if (typeBuilder_) {
      if (!typeBuilder_->finish(word.range, diags())) return false;
      side().types.back().brain = std::move(typeBuilder_->brain);
      typeBuilder_.reset();
      // The brain is attached: until the next #code nothing may go to a builder. When the cost
      // below fails, the tag is aborted with the type current, and the lines after it are text
      // (code there has no brain to go to; the side has the cost error).
      builder_ = nullptr;
      section_ = Section::kText;
    }
    // The type's cost is computed when it is added to the side; an error there aborts the tag just
    // as a failed brain check does (specs/grobots-world.md §14).
    Type& type = side().types.back();
    const int64_t brainCost = type.brain ? type.brain->costRaw() : 0;
    const int64_t brainMass = type.brain ? type.brain->massRaw() : 0;
    const auto cost = grobots::typeCost(hardwareSpec(type), brainCost, brainMass);
    if (!cost.ok()) {
      const DiagCode code =
          cost.error() == grobots::TypeCostError::kOverflow ? DiagCode::kGbCostOverflow : DiagCode::kGbUnreasonableCost;
      diags().error(code, word.range, std::string(grobots::message(cost.error())));
      return false;
    }
    type.cost = cost.value();
    return true;
  }

  void readHardware(const Line& line) {
    const Token& name = line.tokens.front();
    const std::optional<Component> component = lookupComponent(name.text);
    if (!component || *component == Component::kNone) {
      diags().error(DiagCode::kGbUnknownHardware, name.range, "unknown hardware component");
      return;
    }
    result_.uses.push_back(SymbolUse{UseKind::kHardwareComponent, name.range, scope()});
    HardwareItem item{*component, {}, line.content};
    // Argument kinds per §6.3: 'N' number, 'I' integer; the count of required ones; defaults raw.
    struct Arg {
      char kind;
      bool required;
      int32_t fallback;
      int32_t minimum;  // INT32_MIN: no clamp.
    };
    constexpr int32_t kNoClamp = INT32_MIN;
    constexpr int32_t kOne = grobots::Fixed::kOneRaw;
    std::vector<Arg> spec;
    switch (*component) {
      case Component::kNone:
      case Component::kRadio: break;
      case Component::kProcessor: spec = {{'I', true, 0, kNoClamp}, {'I', false, 0, kNoClamp}}; break;
      case Component::kEngine:
      case Component::kConstructor:
      case Component::kSolarCells:
      case Component::kEater:
      case Component::kRepairRate:
      case Component::kShield:
      case Component::kBomb: spec = {{'N', true, 0, 0}}; break;
      case Component::kArmor: spec = {{'N', true, 0, kOne}}; break;
      case Component::kEnergy: spec = {{'N', true, 0, 0}, {'N', true, 0, 0}}; break;
      case Component::kRobotSensor:
      case Component::kFoodSensor:
      case Component::kShotSensor: spec = {{'N', true, 0, 0}, {'I', false, 1, 1}}; break;
      case Component::kBlaster:
      case Component::kGrenades: spec = {{'N', true, 0, 0}, {'N', true, 0, 0}, {'I', true, 0, 1}}; break;
      case Component::kForceField: spec = {{'N', true, 0, 0}, {'N', true, 0, 0}}; break;
      case Component::kSyphon:
      case Component::kEnemySyphon: spec = {{'N', true, 0, 0}, {'N', false, kOne, 0}}; break;
    }
    for (size_t i = 0; i < spec.size(); ++i) {
      const Arg& arg = spec[i];
      if (i + 1 >= line.tokens.size()) {
        if (arg.required) {
          diags().error(DiagCode::kGbMissingHardwareArgument, SourceRange{line.content.end, line.content.end},
                        "missing argument to a hardware component");
          return;
        }
        item.arguments.push_back(arg.fallback);
        continue;
      }
      const Token& token = line.tokens[i + 1];
      std::optional<int32_t> value;
      if (arg.kind == 'I') {
        value = parseInteger(token.text);
      } else if (const auto literal = grobots::parseLiteral(token.text); literal.ok()) {
        value = literal.value().raw();
      }
      if (!value) {
        diags().error(DiagCode::kGbBadHardwareArgument, token.range, "bad argument to a hardware component");
        return;
      }
      if (arg.minimum != kNoClamp && *value < arg.minimum) value = arg.minimum;
      item.arguments.push_back(*value);
    }
    // Initial energy is clamped to [0, max] (§6.3).
    if (*component == Component::kEnergy && item.arguments[1] > item.arguments[0])
      item.arguments[1] = item.arguments[0];
    side().types.back().hardware.push_back(std::move(item));
  }

  const SourceFile& file_;
  SideResult& result_;
  Level level_ = Level::kNone;
  Section section_ = Section::kText;
  std::optional<BrainBuilder> common_;
  std::optional<BrainBuilder> typeBuilder_;
  BrainBuilder* builder_ = nullptr;  ///< Where code goes; set whenever section_ is kCode.
};

}  // namespace

SideResult compileSide(const SourceFile& file) {
  SideResult result;
  Reader reader(file, result);
  reader.run();
  return result;
}

std::string describe(const Program& brain, const Instruction& instruction) {
  const auto index = static_cast<size_t>(instruction.index());
  const auto unknown = [&] { return "?" + std::to_string(instruction.type()) + ":" + std::to_string(index); };
  // Types 12 to 15 are illegal instructions (§4.4), which no enumerator names.
  if (instruction.type() > static_cast<int>(InstructionType::kHardwareVectorWrite)) return unknown();
  switch (static_cast<InstructionType>(instruction.type())) {
    case InstructionType::kPrimitive: {
      const PrimitiveInfo* p = findPrimitive(static_cast<int>(index));
      return p ? std::string(p->name) : unknown();
    }
    case InstructionType::kConstantRead:
      return index < brain.constants.size() ? brain.constants[index].name : unknown();
    case InstructionType::kVariableRead:
      return index < brain.variables.size() ? brain.variables[index].name : unknown();
    case InstructionType::kVariableWrite:
      return index < brain.variables.size() ? brain.variables[index].name + "!" : unknown();
    case InstructionType::kVectorRead: return index < brain.vectors.size() ? brain.vectors[index].name : unknown();
    case InstructionType::kVectorWrite:
      return index < brain.vectors.size() ? brain.vectors[index].name + "!" : unknown();
    case InstructionType::kLabelRead: return index < brain.labels.size() ? brain.labels[index].name + "&" : unknown();
    case InstructionType::kLabelCall: return index < brain.labels.size() ? brain.labels[index].name + "^" : unknown();
    case InstructionType::kHardwareRead: {
      const HardwareInfo* h = findHardwareScalar(static_cast<int>(index));
      return h ? std::string(h->name) : unknown();
    }
    case InstructionType::kHardwareWrite: {
      const HardwareInfo* h = findHardwareScalar(static_cast<int>(index));
      return h ? std::string(h->name) + "!" : unknown();
    }
    case InstructionType::kHardwareVectorRead: {
      const HardwareInfo* h = findHardwareVector(static_cast<int>(index));
      return h ? std::string(h->name) : unknown();
    }
    case InstructionType::kHardwareVectorWrite: {
      const HardwareInfo* h = findHardwareVector(static_cast<int>(index));
      return h ? std::string(h->name) + "!" : unknown();
    }
  }
  return unknown();
}

bool isSideFileName(const std::filesystem::path& path) { return languageOf(path.string()) == LanguageId::kGrobocode; }

}  // namespace chronon::grobocode
