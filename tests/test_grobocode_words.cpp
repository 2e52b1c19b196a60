#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/stdlib/grobocode_words.h"
#include "test_support.h"

using namespace chronon::grobocode;

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// The words the spec marks EXTRA (specs/grobots-language.md §2, "Counts").
const std::set<std::string> kSpecExtras = {"subswap",
                                           "roll",
                                           "v=",
                                           "v<>",
                                           "seek-location",
                                           "seek-moving-location",
                                           "restrict-position",
                                           "die",
                                           "messages",
                                           "send",
                                           "receive",
                                           "clear-messages",
                                           "skip-messages",
                                           "type-population",
                                           "autoconstruct",
                                           "balance-type",
                                           "fire-robot-sensor",
                                           "fire-food-sensor",
                                           "fire-shot-sensor",
                                           "next-robot",
                                           "next-food",
                                           "next-shot",
                                           "periodic-robot-sensor",
                                           "periodic-food-sensor",
                                           "periodic-shot-sensor",
                                           "fire-blaster",
                                           "fire-grenade",
                                           "lead-blaster",
                                           "lead-grenade",
                                           "set-force-field",
                                           "end"};

}  // namespace

TEST_CASE("the Grobocode tables hold every word of the spec", "[grobocode-words]") {
  CHECK(kPrimitiveCount == 142);
  CHECK(kHardwareScalarCount == 137);
  CHECK(kHardwareVectorCount == 16);
  CHECK(kCompileWordCount == 15);
  CHECK(findPrimitive(0)->name == "nop");
  CHECK(findPrimitive(141)->name == "end");
  CHECK(findPrimitive(142) == nullptr);
  CHECK(findPrimitive(-1) == nullptr);
  CHECK(findHardwareScalar(136)->name == "force-field-radius");
  CHECK(findHardwareScalar(137) == nullptr);
  CHECK(findHardwareVector(15)->name == "shot-position-overall");
  CHECK(findHardwareVector(16) == nullptr);

  std::set<std::string> extras;
  for (const auto& prim : kPrimitives) {
    if (prim.has(kExtra)) extras.insert(std::string(prim.name));
  }
  CHECK(extras == kSpecExtras);

  // Names are unique within each table, case-insensitively, and every entry is documented.
  std::set<std::string> names;
  for (const auto& prim : kPrimitives) {
    CHECK(names.insert(lower(prim.name)).second);
    CHECK_FALSE(prim.doc.empty());
  }
  names.clear();
  for (const auto& hw : kHardwareScalars) {
    CHECK(names.insert(lower(hw.name)).second);
    CHECK_FALSE(hw.doc.empty());
  }
  for (const auto& hw : kHardwareVectors) {
    CHECK(names.insert(lower(hw.name)).second);
    CHECK_FALSE(hw.doc.empty());
  }
}

TEST_CASE("Grobocode words are found by spelling, case-insensitively", "[grobocode-words]") {
  REQUIRE(lookupPrimitive("DROP") != nullptr);
  CHECK(lookupPrimitive("DROP")->prim == Prim::Drop);
  CHECK(lookupPrimitive("2swap")->index() == 8);
  CHECK(lookupPrimitive("Pi/2")->prim == Prim::HalfPi);
  CHECK(lookupPrimitive(">r")->index() == 20);
  CHECK(lookupPrimitive("subswap")->index() == 7);
  CHECK(lookupPrimitive("roll")->index() == 18);
  CHECK(lookupPrimitive("v<>")->index() == 87);
  CHECK(lookupPrimitive("ifev")->index() == 100);
  CHECK(lookupPrimitive("set-force-field")->index() == 140);
  // arctan2 is in the wiki list but not in the original (§2.3, §7 item 1).
  CHECK(lookupPrimitive("arctan2") == nullptr);
  CHECK(lookupPrimitive("") == nullptr);
  CHECK(lookupPrimitive("dro") == nullptr);

  CHECK(lookupHardwareScalar("robot-id")->index == 61);
  CHECK(lookupHardwareScalar("ROBOT-ID")->name == "robot-ID");
  CHECK(lookupHardwareScalar("max-armor")->index == 108);
  CHECK(lookupHardwareScalar("current-shot-result")->index == 104);
  CHECK(lookupHardwareScalar("position") == nullptr);
  CHECK(lookupHardwareVector("Position")->index == 1);
  CHECK(lookupHardwareVector("engine-velocity")->index == 3);

  CHECK(lookupCompileWord("AND-IF")->word == CompileWord::AndIf);
  CHECK(lookupCompileWord("c-nop")->word == CompileWord::CNop);
  CHECK(lookupCompileWord("endif") == nullptr);
  CHECK(namesEquivalent("Robot-Sensor-Range", "robot-sensor-range"));
  CHECK_FALSE(namesEquivalent("robot", "robots"));
}

TEST_CASE("bare names resolve in the order of §4.2", "[grobocode-words]") {
  CHECK(resolveBuiltin("if").which == Builtin::Which::kCompileWord);
  CHECK(resolveBuiltin("speed").which == Builtin::Which::kHardwareScalar);
  CHECK(resolveBuiltin("speed").hardware == &info(HwScalar::Speed));
  CHECK(resolveBuiltin("velocity").which == Builtin::Which::kHardwareVector);
  CHECK(resolveBuiltin("Drop").which == Builtin::Which::kPrimitive);
  CHECK(resolveBuiltin("Drop").primitive == &info(Prim::Drop));
  CHECK(resolveBuiltin("arctan2").which == Builtin::Which::kNone);
  CHECK(resolveBuiltin("5").which == Builtin::Which::kNone);

  // No built-in name is in two tables, so the order only matters against user symbols.
  std::map<std::string, int> seen;
  for (const auto& word : kCompileWords) ++seen[lower(word.name)];
  for (const auto& prim : kPrimitives) ++seen[lower(prim.name)];
  for (const auto& hw : kHardwareScalars) ++seen[lower(hw.name)];
  for (const auto& hw : kHardwareVectors) ++seen[lower(hw.name)];
  for (const auto& [name, count] : seen) {
    INFO(name);
    CHECK(count == 1);
  }

  CHECK(resolveHardwareWrite("engine-velocity") == &info(HwVector::EngineVelocity));
  CHECK(resolveHardwareWrite("engine-power") == &info(HwScalar::EnginePower));
  CHECK(resolveHardwareWrite("drop") == nullptr);
}

TEST_CASE("primitive effects, costs and flags follow the spec", "[grobocode-words]") {
  for (const auto& prim : kPrimitives) {
    INFO(prim.name);
    CHECK(prim.cost == 1);  // §5.2 item 6: every instruction costs one cycle.
    CHECK(prim.parsed.valid);
    CHECK(prim.returnParsed.valid);
  }
  const auto cells = [](Prim prim) {
    const Effect& effect = info(prim).parsed;
    return std::pair{effect.popCells(), effect.pushCells()};
  };
  CHECK(cells(Prim::Drop) == std::pair{1, 0});
  CHECK(cells(Prim::TwoOver) == std::pair{4, 6});
  CHECK(cells(Prim::Rot) == std::pair{3, 3});
  CHECK(cells(Prim::Stack) == std::pair{0, 1});
  CHECK(cells(Prim::Ifeg) == std::pair{3, 0});
  CHECK(cells(Prim::InRange) == std::pair{5, 1});
  CHECK(cells(Prim::RectToPolar) == std::pair{2, 2});
  CHECK(cells(Prim::Project) == std::pair{4, 2});
  CHECK(cells(Prim::VsDivide) == std::pair{3, 2});
  CHECK(cells(Prim::Vstore) == std::pair{3, 0});
  CHECK(cells(Prim::Vread) == std::pair{1, 2});
  CHECK(cells(Prim::RestrictPosition) == std::pair{3, 2});
  CHECK(cells(Prim::SeekMovingLocation) == std::pair{4, 0});
  CHECK(cells(Prim::FireGrenade) == std::pair{2, 0});
  CHECK(cells(Prim::PeriodicShotSensor) == std::pair{1, 1});

  CHECK(info(Prim::Ifev).parsed.inputs[0] == Kind::kBoolean);
  CHECK(info(Prim::Jump).parsed.inputs[0] == Kind::kAddress);
  CHECK(info(Prim::Dot).parsed.inputs[1] == Kind::kVector);
  CHECK(info(Prim::Dot).parsed.outputs[0] == Kind::kNumber);
  CHECK(info(Prim::Less).parsed.outputs[0] == Kind::kBoolean);

  // Return-stack effects (§2.1, §2.2).
  CHECK(info(Prim::ToR).returnParsed.pushCells() == 1);
  CHECK(info(Prim::RFrom).returnParsed.popCells() == 1);
  CHECK(info(Prim::Rdrop).returnParsed.popCells() == 1);
  CHECK(info(Prim::Call).returnParsed.pushCells() == 1);
  CHECK(info(Prim::Return).returnParsed.popCells() == 1);
  CHECK(info(Prim::Ifr).has(kConditional | kReturnStack));
  CHECK(info(Prim::Ifec).has(kCall));
  CHECK_FALSE(info(Prim::Ifec).has(kConditional));  // it always calls one of the two addresses
  CHECK(info(Prim::Add).returnEffect.empty());

  // Run-time-dependent effects.
  for (Prim prim : {Prim::Dropn, Prim::Pick, Prim::Send, Prim::Receive}) {
    CHECK(info(prim).has(kDynamicEffect));
    CHECK(info(prim).parsed.variable);
  }
  CHECK_FALSE(info(Prim::Swap).has(kDynamicEffect));

  CHECK(info(Prim::Jump).has(kBranch | kTerminator));
  CHECK(info(Prim::Return).has(kTerminator));
  CHECK(info(Prim::End).has(kTerminator));
  CHECK_FALSE(info(Prim::Call).has(kTerminator));
  CHECK_FALSE(info(Prim::Ifg).has(kTerminator));
  CHECK(info(Prim::Sync).has(kSuspend));
  CHECK(info(Prim::PeriodicRobotSensor).has(kSuspend));  // it syncs when it fires (§2.7)
  CHECK(info(Prim::Random).has(kRandom));
  CHECK(info(Prim::Vload).has(kMemory | kVector));
  CHECK(info(Prim::Add).has(kPure));
  CHECK_FALSE(info(Prim::Store).has(kExtra));  // the memory words are in the wiki list
  CHECK(info(Prim::Roll).has(kExtra | kUnimplemented));
  CHECK(info(Prim::Subswap).has(kExtra | kUnimplemented));
}

TEST_CASE("Grobocode's stack shuffles are read from their effects", "[grobocode-words]") {
  const auto from = [](const chronon::Shuffle& s) {
    return std::vector<int>(s.from.begin(), s.from.begin() + s.pushes);
  };
  // Exactly the fixed-effect stack words are shuffles; `stack` pushes a count and is not one.
  std::vector<std::string> shuffles;
  for (const PrimitiveInfo& p : kPrimitives)
    if (shuffleOf(p.prim).valid) shuffles.emplace_back(p.name);
  CHECK(shuffles == std::vector<std::string>{"drop", "2drop", "nip", "swap", "2swap", "rot", "rrot", "dup", "2dup",
                                             "tuck", "over", "2over"});
  CHECK(from(shuffleOf(Prim::Rot)) == std::vector<int>{1, 2, 0});
  CHECK(from(shuffleOf(Prim::TwoOver)) == std::vector<int>{0, 1, 2, 3, 0, 1});
  CHECK(shuffleOf(Prim::TwoDup).copies);
  CHECK_FALSE(shuffleOf(Prim::Stack).valid);
  CHECK_FALSE(shuffleOf(Prim::Pick).valid);
}

TEST_CASE("hardware words say what they need and whether they can be written", "[grobocode-words]") {
  int writable = 0;
  for (const auto& hw : kHardwareScalars) writable += hw.writable() ? 1 : 0;
  CHECK(writable == 29);  // §3.1: "29 scalars plus engine-velocity are writable"
  for (const auto& hw : kHardwareVectors) {
    INFO(hw.name);
    CHECK(hw.cells() == 2);
    CHECK(hw.writable() == (hw.name == "engine-velocity"));
  }

  CHECK(info(HwScalar::RobotSensorRange).component == Component::kRobotSensor);
  CHECK(info(HwScalar::ShotType).component == Component::kShotSensor);
  CHECK(info(HwScalar::GrenadesRadius).component == Component::kGrenades);
  CHECK(info(HwScalar::EnemySyphoned).component == Component::kEnemySyphon);
  CHECK(info(HwScalar::ChildId).component == Component::kConstructor);
  CHECK(info(HwScalar::Time).component == Component::kNone);
  CHECK(info(HwVector::EngineVelocity).component == Component::kEngine);
  CHECK(info(HwVector::Position).component == Component::kNone);
  CHECK(info(HwScalar::Time).readable());
  CHECK(info(HwScalar::Time).cells() == 1);
  CHECK(info(HwScalar::BlasterCooldown).unit == "frames");
  CHECK(info(HwScalar::RobotDirection).unit == "radians");

  // §3.1: writing a read-only variable and the five unlisted names fail differently.
  CHECK(writeError(info(HwScalar::Time)) == RuntimeError::kReadOnlyWrite);
  CHECK(writeError(info(HwScalar::EnginePower)) == RuntimeError::kNone);
  CHECK(writeError(info(HwScalar::ConstructorType)) == RuntimeError::kNone);
  std::set<std::string> unimplemented;
  for (const auto& hw : kHardwareScalars) {
    if (writeError(hw) == RuntimeError::kUnimplementedHardware) unimplemented.insert(std::string(hw.name));
  }
  for (const auto& hw : kHardwareVectors) {
    if (writeError(hw) == RuntimeError::kUnimplementedHardware) unimplemented.insert(std::string(hw.name));
  }
  CHECK(unimplemented == std::set<std::string>{"robot-flag", "shot-type", "robot-relative-position",
                                               "food-relative-position", "shot-relative-position"});

  // Hardware-oriented primitives (the "call" words) name the component they drive.
  CHECK(info(Prim::FireBlaster).component == Component::kBlaster);
  CHECK(info(Prim::LeadGrenade).component == Component::kGrenades);
  CHECK(info(Prim::SeekLocation).component == Component::kEngine);
  CHECK(info(Prim::NextFood).component == Component::kFoodSensor);
  CHECK(info(Prim::SetForceField).component == Component::kForceField);
  CHECK(info(Prim::Autoconstruct).component == Component::kConstructor);
  CHECK(info(Prim::Store).component == Component::kProcessor);  // local memory is the processor's
  CHECK(info(Prim::Write).component == Component::kNone);       // shared memory belongs to the side
  CHECK(info(Prim::Add).component == Component::kNone);

  // Component names are the #hardware spellings (§6.3) and round-trip.
  for (int i = 1; i < kComponentCount; ++i) {
    const auto component = static_cast<Component>(i);
    CHECK(lookupComponent(componentName(component)) == component);
  }
  CHECK(lookupComponent("Robot-Sensor") == Component::kRobotSensor);
  CHECK(lookupComponent("none") == std::nullopt);
  CHECK(lookupComponent("laser") == std::nullopt);
}

TEST_CASE("compile-time words emit the instructions of §4.5", "[grobocode-words]") {
  CHECK(info(CompileWord::If).emits == Prim::Nifg);
  CHECK(info(CompileWord::Nif).emits == Prim::Ifg);
  CHECK(info(CompileWord::Else).emits == Prim::Jump);
  CHECK(info(CompileWord::Celse).emits == Prim::Jump);
  CHECK(info(CompileWord::Loop).emits == Prim::Jump);
  CHECK(info(CompileWord::Forever).emits == Prim::Jump);
  CHECK(info(CompileWord::While).emits == Prim::Nifg);
  CHECK(info(CompileWord::Until).emits == Prim::Ifg);
  CHECK(info(CompileWord::WhileLoop).emits == Prim::Ifg);
  CHECK(info(CompileWord::UntilLoop).emits == Prim::Nifg);
  CHECK(info(CompileWord::AndIf).emits == Prim::Nifg);
  CHECK(info(CompileWord::AndNif).emits == Prim::Ifg);
  CHECK_FALSE(info(CompileWord::Then).emits.has_value());
  CHECK_FALSE(info(CompileWord::Do).emits.has_value());
  CHECK_FALSE(info(CompileWord::CNop).emits.has_value());
  for (const auto& word : kCompileWords) {
    INFO(word.name);
    CHECK(word.has(kCompileTime));
    CHECK(word.instructions() == (word.emits ? 2 : 0));
  }
  CHECK(info(CompileWord::Forever).has(kTerminator));
  CHECK(info(CompileWord::While).has(kConditional));
  CHECK_FALSE(info(Prim::Ifg).has(kCompileTime));

  // Appendix B.3: "1 if 2 else 3 then" is 9 instructions: 3 literals, if and else (2 each), then (0)
  // and the two end sentinels.
  const int words = info(CompileWord::If).instructions() + info(CompileWord::Else).instructions() +
                    info(CompileWord::Then).instructions();
  CHECK(3 + words + 2 == 9);
  // "do 1 while-loop do 2 until-loop" is 8: two literals, two loop ends, two sentinels; do emits nothing.
  CHECK(2 + 2 * info(CompileWord::Do).instructions() + info(CompileWord::WhileLoop).instructions() +
            info(CompileWord::UntilLoop).instructions() + 2 ==
        8);
}

TEST_CASE("roll and subswap crash the brain as in the original", "[grobocode-words]") {
  // §2.1 (#7, #18), §5.3 and §7 item 8: both names compile but executing either raises "illegal or
  // unimplemented instruction"; nothing is popped or moved.
  std::vector<int32_t> stack = {1 * 4096, 2 * 4096, 3 * 4096, 4 * 4096, 5 * 4096, 2 * 4096};
  const std::vector<int32_t> before = stack;
  CHECK(roll(stack) == RuntimeError::kIllegalInstruction);
  CHECK(stack == before);
  CHECK(subswap(stack) == RuntimeError::kIllegalInstruction);
  CHECK(stack == before);
  std::vector<int32_t> empty;
  CHECK(roll(empty) == RuntimeError::kIllegalInstruction);  // not a stack underflow
  CHECK(subswap(empty) == RuntimeError::kIllegalInstruction);
  CHECK(empty.empty());
  CHECK(runtimeErrorMessage(roll(stack)) == "illegal or unimplemented instruction");
  CHECK(runtimeErrorMessage(RuntimeError::kReadOnlyWrite) == "tried to write a read-only variable");
  CHECK(runtimeErrorMessage(RuntimeError::kBadArgument) == "bad argument (no more detail available)");
  CHECK(runtimeErrorMessage(RuntimeError::kNone).empty());
}

namespace {

// A numeric literal by the grammar of §1.7: an optional sign first, digits, at most one '.', and at
// least one digit.
bool isLiteral(std::string_view token) {
  size_t i = (!token.empty() && (token[0] == '+' || token[0] == '-')) ? 1 : 0;
  int digits = 0;
  int dots = 0;
  for (; i < token.size(); ++i) {
    if (token[i] >= '0' && token[i] <= '9') {
      ++digits;
    } else if (token[i] == '.') {
      ++dots;
    } else {
      return false;
    }
  }
  return digits > 0 && dots <= 1;
}

// Splits a line at whitespace after dropping everything from the first ';' (§4.1).
std::vector<std::string> tokens(std::string line) {
  if (const size_t semicolon = line.find(';'); semicolon != std::string::npos) line.resize(semicolon);
  std::istringstream in(line);
  return {std::istream_iterator<std::string>(in), std::istream_iterator<std::string>()};
}

}  // namespace

TEST_CASE("every built-in word used by the Grobots corpus is in the table", "[grobocode-words][corpus]") {
  const auto dir = chronon::test::sharedDir() / "corpus" / "grobots";
  if (!std::filesystem::is_directory(dir)) {
    WARN("skipped: ../shared/corpus/grobots is absent (" << dir << ")");
    return;
  }
  std::map<std::string, std::set<std::string>> unknown;  // per file: names neither built in nor declared
  std::set<std::string> usedPrimitives;
  int files = 0;
  int builtins = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".gb") continue;
    const std::string file = entry.path().filename().string();
    std::ifstream in(entry.path(), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (char& c : text) {
      if (c == '\r') c = '\n';  // each \r or \n ends a line (§6.1)
    }
    // First pass: every user symbol of the file (variables, vectors, constants, labels). Symbols are
    // per type (§4.6), but a whole-file set is enough to tell user names from built-in ones.
    std::set<std::string> user;
    std::vector<std::pair<bool, std::vector<std::string>>> lines;  // (in a #code section, tokens)
    bool inCode = false;
    std::istringstream lineStream(text);
    for (std::string line; std::getline(lineStream, line);) {
      std::vector<std::string> words = tokens(line);
      if (words.empty()) continue;
      if (words[0][0] == '#') {
        std::string tag = lower(words[0].size() > 1 ? words[0].substr(1) : (words.size() > 1 ? words[1] : ""));
        const size_t nameAt = words[0].size() > 1 ? 1 : 2;
        if ((tag == "var" || tag == "vector" || tag == "const") && words.size() > nameAt) {
          user.insert(lower(words[nameAt]));
        } else if (tag == "code") {
          inCode = true;
        } else if (tag != "start") {
          inCode = false;
        }
        continue;
      }
      for (const std::string& word : words) {
        if (word.size() >= 2 && word.back() == ':') user.insert(lower(word.substr(0, word.size() - 1)));
      }
      lines.emplace_back(inCode, std::move(words));
    }
    ++files;
    for (const auto& [code, words] : lines) {
      if (!code) continue;
      for (const std::string& word : words) {
        const char suffix = word.size() >= 2 ? word.back() : '\0';
        if (suffix == ':' || suffix == '&' || suffix == '^' || isLiteral(word)) continue;
        if (suffix == '!') {
          const std::string name = word.substr(0, word.size() - 1);
          if (user.count(lower(name)) == 0 && resolveHardwareWrite(name) == nullptr) unknown[file].insert(lower(name));
          continue;
        }
        if (user.count(lower(word)) != 0) continue;
        const Builtin builtin = resolveBuiltin(word);
        if (builtin.which == Builtin::Which::kNone) {
          unknown[file].insert(lower(word));
        } else {
          ++builtins;
          if (builtin.primitive != nullptr) usedPrimitives.insert(std::string(builtin.primitive->name));
        }
      }
    }
  }
  REQUIRE(files > 100);
  CHECK(builtins > 10000);
  // The extras are real: robots use them although the wiki list lacks them.
  for (const char* extra : {"fire-robot-sensor", "next-robot", "seek-location", "fire-blaster", "send", "receive"}) {
    INFO(extra);
    CHECK(usedPrimitives.count(extra) == 1);
  }
  // The original's own load results (corpus/grobots/ORIGINAL_RESULTS.tsv): a side it loaded without
  // errors uses no name outside the table, and every "undefined symbol: X" it reported is unknown here.
  std::ifstream results(dir / "ORIGINAL_RESULTS.tsv");
  REQUIRE(results.good());
  int cleanFiles = 0;
  int undefinedReported = 0;
  std::string row;
  std::getline(results, row);  // header
  while (std::getline(results, row)) {
    std::vector<std::string> columns;
    std::istringstream fields(row);
    for (std::string column; std::getline(fields, column, '\t');) columns.push_back(column);
    if (columns.size() < 7) continue;
    const std::string& file = columns[0];
    INFO(file);
    if (columns[1].rfind("accepted", 0) == 0 && columns[5] == "0") {
      ++cleanFiles;
      std::string names;
      for (const std::string& name : unknown[file]) names += name + " ";
      INFO("names neither built in nor declared: " << names);
      CHECK(unknown[file].empty());
    }
    const std::string marker = "undefined symbol: ";
    for (size_t at = columns[6].find(marker); at != std::string::npos; at = columns[6].find(marker, at + 1)) {
      const size_t start = at + marker.size();
      const std::string name = columns[6].substr(start, columns[6].find(' ', start) - start);
      INFO(name);
      ++undefinedReported;
      CHECK(resolveBuiltin(name).which == Builtin::Which::kNone);
      CHECK(unknown[file].count(lower(name)) == 1);
    }
  }
  CHECK(cleanFiles > 300);
  CHECK(undefinedReported > 0);
}
