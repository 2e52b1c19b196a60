#include "chronon/stdlib/robotalk_words.h"

#include <cctype>
#include <cstdio>

#include "chronon/stdlib/word_lists.h"

namespace chronon::robotalk {
namespace {

// The tables are declared in code and index order so that lookups by code are direct; these checks
// make a misplaced or duplicated entry a build error rather than a wrong lookup.
constexpr bool operatorsSorted() {
  for (size_t i = 1; i < kOperators.size(); ++i) {
    if (static_cast<uint16_t>(kOperators[i - 1].op) >= static_cast<uint16_t>(kOperators[i].op)) return false;
  }
  return true;
}
static_assert(operatorsSorted(), "robotalk_operators.def must be in strictly increasing code order");
static_assert(static_cast<uint16_t>(kOperators.front().op) == kFirstOperatorCode);
static_assert(static_cast<uint16_t>(kOperators.back().op) == kLastOperatorCode);
// 20000-20007 and 20100-20164: the complete operator set of specs/robowar.md §4.
static_assert(kOperators.size() == 8 + 65, "every RoboTalk operator 20000-20007 and 20100-20164 is declared");

constexpr bool registersDense() {
  for (size_t i = 0; i < kRegisters.size(); ++i) {
    if (static_cast<size_t>(kRegisters[i].reg) != i) return false;
  }
  return true;
}
static_assert(registersDense(), "robotalk_registers.def must list indices 0, 1, 2, ... in order");
static_assert(kRegisters.size() == 69, "every RoboTalk register 0-68 (A..MEGANUKE) is declared");
static_assert(kRegisterBase + kRegisterCount < 20400, "quoted registers stay within 20300-20399");

constexpr bool effectsConsistent() {
  // A dynamic effect must say so with "..." or a variable-pop flag; a static one must count cleanly.
  for (const auto& op : kOperators) {
    if (op.effect.find("--") == std::string_view::npos) return false;
  }
  return true;
}
static_assert(effectsConsistent(), "every operator effect has the form 'inputs -- outputs'");

// The branch classes agree with the effects they describe: a call leaves its return address (a') or
// has a dynamic effect (IF calls only when its flag is set); a two-target branch takes a1 and a2 and
// never falls through.
constexpr bool branchClassesConsistent() {
  for (const auto& op : kOperators) {
    if ((op.has(kCall) || op.has(kTwoTargets)) && !op.has(kBranch)) return false;
    if (op.has(kCall) && !op.effect.ends_with("a'") && !op.has(kDynamicEffect)) return false;
    if (op.has(kTwoTargets) && (op.effect.find("a1 a2 --") == std::string_view::npos || !op.has(kTerminator)))
      return false;
  }
  return true;
}
static_assert(branchClassesConsistent(), "kCall and kTwoTargets operators are branches with matching effects");
static_assert(countEffect("n1 n2 -- sum").pops == 2 && countEffect("n1 n2 -- sum").pushes == 1);
static_assert(countEffect("... x n -- ...").pops == 2 && countEffect("... --").pops == 0);

// The word lists that switches expand hold exactly the words the flags give them.
#define CHRONON_LISTED_OP(name) Op::name,
constexpr Op kSilentListed[] = {CHRONON_ROBOTALK_SILENT_OPERATORS(CHRONON_LISTED_OP)};
constexpr Op kPureListed[] = {CHRONON_ROBOTALK_PURE_OPERATORS(CHRONON_LISTED_OP)};
constexpr Op kBranchListed[] = {CHRONON_ROBOTALK_BRANCH_OPERATORS(CHRONON_LISTED_OP)};
#undef CHRONON_LISTED_OP
static_assert(listsExactly(
                  kSilentListed, kOperators, [](const OperatorInfo& op) { return op.op; },
                  [](const OperatorInfo& op) { return (op.flags & kCosmetic) != 0 && op.effect == "--"; }),
              "CHRONON_ROBOTALK_SILENT_OPERATORS and the operator table's flags name different operators");
static_assert(listsExactly(
                  kPureListed, kOperators, [](const OperatorInfo& op) { return op.op; },
                  [](const OperatorInfo& op) { return (op.flags & kPure) != 0; }),
              "CHRONON_ROBOTALK_PURE_OPERATORS and the operator table's flags name different operators");
static_assert(listsExactly(
                  kBranchListed, kOperators, [](const OperatorInfo& op) { return op.op; },
                  [](const OperatorInfo& op) { return (op.flags & kBranch) != 0 && (op.flags & kInterrupt) == 0; }),
              "CHRONON_ROBOTALK_BRANCH_OPERATORS and the operator table's flags name different operators");
#define CHRONON_LISTED_REG(name) Reg::name,
constexpr Reg kUserVariablesListed[] = {CHRONON_ROBOTALK_USER_VARIABLES(CHRONON_LISTED_REG)};
#undef CHRONON_LISTED_REG
static_assert(listsExactly(
                  kUserVariablesListed, kRegisters, [](const RegisterInfo& r) { return r.reg; },
                  [](const RegisterInfo& r) { return (r.flags & kUserVariable) != 0; }),
              "CHRONON_ROBOTALK_USER_VARIABLES and the register table's flags name different registers");
// kUserVariableMask agrees with the flags too, for every register.
constexpr bool userVariableMaskMatchesFlags() {
  for (const auto& r : kRegisters) {
    if (((r.flags & kUserVariable) != 0) != isUserVariable(static_cast<int>(r.reg))) return false;
  }
  return true;
}
static_assert(userVariableMaskMatchesFlags(), "kUserVariableMask and the register table's flags disagree");

// Upper-cases ASCII letters; RoboTalk is case-insensitive and the tables are upper case.
bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

// True when `spelling` is the canonical name or one of the space-separated synonyms.
bool spelledAs(std::string_view name, std::string_view synonyms, std::string_view spelling) {
  if (equalsIgnoreCase(name, spelling)) return true;
  while (!synonyms.empty()) {
    const size_t space = synonyms.find(' ');
    const std::string_view one = synonyms.substr(0, space);
    if (equalsIgnoreCase(one, spelling)) return true;
    if (space == std::string_view::npos) break;
    synonyms.remove_prefix(space + 1);
  }
  return false;
}

}  // namespace

std::string upperAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

std::string lowerAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string_view hardwareName(Hardware hardware) {
  switch (hardware) {
    case Hardware::kNone: return "nothing";
    case Hardware::kMissile: return "missiles";
    case Hardware::kTacNuke: return "TacNukes";
    case Hardware::kHellbore: return "hellbores";
    case Hardware::kMine: return "mines";
    case Hardware::kStunner: return "stunners";
    case Hardware::kDrone: return "drones";
    case Hardware::kLaser: return "lasers";
    case Hardware::kProbe: return "probes";
  }
  return "nothing";
}

const OperatorInfo* findOperator(uint16_t code) {
  if (code >= kFirstOperatorCode && code <= 20007) return &kOperators[code - kFirstOperatorCode];
  if (code >= 20100 && code <= kLastOperatorCode) return &kOperators[8 + (code - 20100)];
  return nullptr;
}

const OperatorInfo& info(Op op) { return *findOperator(static_cast<uint16_t>(op)); }

const RegisterInfo& info(Reg reg) { return kRegisters[static_cast<size_t>(reg)]; }

const RegisterInfo* findRegister(int index) {
  if (index < 0 || index >= kRegisterCount) return nullptr;
  return &kRegisters[static_cast<size_t>(index)];
}

const OperatorInfo* lookupOperator(std::string_view spelling) {
  for (const auto& op : kOperators) {
    if (spelledAs(op.name, op.synonyms, spelling)) return &op;
  }
  return nullptr;
}

const RegisterInfo* lookupRegister(std::string_view spelling) {
  for (const auto& reg : kRegisters) {
    if (spelledAs(reg.name, reg.synonyms, spelling)) return &reg;
  }
  return nullptr;
}

ProfileLimits limits(Profile profile) {
  switch (profile) {
    case Profile::kRoboWar15: return {500, 100, 151};
    case Profile::kRoboWar5: return {5000, 400, 540};
  }
  return {5000, 400, 540};
}

std::string_view profileName(Profile profile) {
  switch (profile) {
    case Profile::kRoboWar15: return "robowar-1.5";
    case Profile::kRoboWar5: return "robowar-5";
  }
  return "robowar-5";
}

std::optional<Profile> parseProfile(std::string_view name) {
  if (name == "robowar-1.5") return Profile::kRoboWar15;
  if (name == "robowar-5") return Profile::kRoboWar5;
  return std::nullopt;
}

bool availableIn(const OperatorInfo& op, Profile profile) { return op.since <= limits(profile).version; }

bool availableIn(const RegisterInfo& reg, Profile profile) { return reg.since <= limits(profile).version; }

std::string_view formatVersion(uint16_t since, uint32_t flags, std::array<char, 16>& out) {
  int n = 0;
  if ((flags & kWindowsOnly) != 0) {
    n = std::snprintf(out.data(), out.size(), "%d.%02d", since / 100, since % 100);
  } else if (since % 10 != 0) {
    n = std::snprintf(out.data(), out.size(), "%d.%d.%d", since / 100, (since / 10) % 10, since % 10);
  } else {
    n = std::snprintf(out.data(), out.size(), "%d.%d", since / 100, (since / 10) % 10);
  }
  return std::string_view(out.data(), n > 0 ? static_cast<size_t>(n) : 0);
}

}  // namespace chronon::robotalk
