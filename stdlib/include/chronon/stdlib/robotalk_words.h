#pragma once
// The RoboTalk word table: every operator and register of RoboWar, declared once in
// robotalk_operators.def and robotalk_registers.def and exposed here as constexpr arrays and lookups.
// The assembler, checker, bytecode, interpreter, arena, disassembler and editor features read it.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "chronon/stdlib/stack_effect.h"

namespace chronon::robotalk {

/// Flags of an operator or register. Bits combine with `|`.
enum WordFlag : uint32_t {
  kNone = 0,
  kPure = 1u << 0,              ///< Arithmetic or logic on numbers only; no side effect.
  kStack = 1u << 1,             ///< Rearranges the stack.
  kBranch = 1u << 2,            ///< Transfers control to an address taken from the stack.
  kTerminator = 1u << 3,        ///< Control never falls through to the next instruction.
  kDynamicEffect = 1u << 4,     ///< The stack effect depends on run-time values (ROLL, IF, DROPALL).
  kVariable = 1u << 5,          ///< Takes a variable reference (a quoted register) on top.
  kCosmetic = 1u << 6,          ///< Icons, sounds, PRINT, DEBUG: no effect on the battle; free.
  kSuspend = 1u << 7,           ///< Ends the robot's chronon (SYNC).
  kInterrupt = 1u << 8,         ///< Manages interrupts.
  kUndocumented = 1u << 9,      ///< Undocumented; banned under the official rules.
  kMacOnly = 1u << 10,          ///< Known to the Mac assembler only.
  kWindowsOnly = 1u << 11,      ///< Added by RoboWar 5 for Windows.
  kInternal = 1u << 12,         ///< Emitted by the assembler, not written by players (END).
  kInterruptSource = 1u << 13,  ///< A register whose name selects an interrupt for SETINT/SETPARAM.
  kWeapon = 1u << 14,           ///< Writing it fires or lays a weapon.
  kMove = 1u << 15,             ///< Writing it moves the robot (MOVEX/MOVEY; the move-and-shoot rule).
  kUserVariable = 1u << 16,     ///< A user variable (A-W and Z): it lives in the brain, not the arena.
  kCall = 1u << 17,             ///< A branch that leaves its return address on the stack (CALL, IF, IFE).
  kTwoTargets = 1u << 18,       ///< A branch with two addresses on the stack, one taken by the flag below.
};

/// What a program may do with a register.
enum class Access : uint8_t {
  kRead,           ///< Readable; writes are silently ignored by the original.
  kWrite,          ///< Writable; reads give 0.
  kReadWrite,      ///< Readable and writable.
  kInterruptOnly,  ///< Only an interrupt name for SETINT/SETPARAM (TOP, BOT, LEFT, RIGHT).
};

/// Hardware Store items that a register write may need (specs/robowar.md §7, Hardware Store).
enum class Hardware : uint8_t {
  kNone,
  kMissile,
  kTacNuke,
  kHellbore,
  kMine,
  kStunner,
  kDrone,
  kLaser,
  kProbe,
};

/// One-line description of a hardware item for diagnostics, e.g. "missiles".
std::string_view hardwareName(Hardware hardware);

/// Operator identifiers, in code order; the value of each is its object-code word (20000-20164).
enum class Op : uint16_t {
#define ROBOTALK_OPERATOR(id, code, name, synonyms, effect, cost, since, flags, doc) id = code,
#include "chronon/stdlib/robotalk_operators.def"
#undef ROBOTALK_OPERATOR
};

/// Register identifiers; the value of each is its register index (quoted code = 20300 + index).
enum class Reg : uint8_t {
#define ROBOTALK_REGISTER(id, index, name, synonyms, access, since, flags, hardware, unit, doc) id = index,
#include "chronon/stdlib/robotalk_registers.def"
#undef ROBOTALK_REGISTER
};

/// The first operator code, 20000.
inline constexpr uint16_t kFirstOperatorCode = 20000;
/// The last operator code, 20164 (ARCSIN).
inline constexpr uint16_t kLastOperatorCode = 20164;
/// Code of a quoted register: kRegisterBase + index (specs/robowar.md §3.3).
inline constexpr uint16_t kRegisterBase = 20300;
/// Largest literal magnitude the assembler accepts and arithmetic may produce (specs/robowar.md §3.3).
inline constexpr int kMaxLiteral = 19999;

/// Capacity of the data stack in cells (specs/robowar.md §3.3, "Stack 100 items"); pushing past it
/// kills the robot.
inline constexpr int kStackCells = 100;

/// A stack effect in counts: how many cells an operator pops and pushes when its effect is static.
struct StackCounts {
  int pops = 0;    ///< Cells removed from the top.
  int pushes = 0;  ///< Cells added on top.
};

/// Counts the cells of a stack effect text such as "n1 n2 -- sum" at compile time.
/// Returns pops and pushes; "..." counts as zero (a dynamic effect).
constexpr StackCounts countEffect(std::string_view effect) {
  StackCounts counts;
  scanEffect(effect, [&](std::string_view, bool afterDashes) { (afterDashes ? counts.pushes : counts.pops) += 1; });
  return counts;
}

/// Everything known about one operator.
struct OperatorInfo {
  Op op;                      ///< Identifier; its value is the object-code word.
  std::string_view name;      ///< Canonical spelling, upper case (STORE, not STO).
  std::string_view synonyms;  ///< Other spellings, space-separated, upper case ("STO").
  std::string_view effect;    ///< Stack effect text, top on the right ("x r --").
  StackCounts counts;         ///< Pops and pushes derived from `effect`.
  uint8_t cost;               ///< Cycles charged by the original interpreter.
  uint16_t since;             ///< First version (major*100 + minor*10 + patch).
  uint32_t flags;             ///< WordFlag bits.
  std::string_view doc;       ///< One-line description.

  /// True when every flag bit in `mask` is set.
  constexpr bool has(uint32_t mask) const { return (flags & mask) == mask; }
};

/// Everything known about one register.
struct RegisterInfo {
  Reg reg;                    ///< Identifier; its value is the register index.
  std::string_view name;      ///< Canonical spelling, upper case.
  std::string_view synonyms;  ///< Other spellings, space-separated ("BOTTOM" for BOT).
  Access access;              ///< Readable, writable, both, or an interrupt name only.
  uint16_t since;             ///< First version (major*100 + minor*10 + patch).
  uint32_t flags;             ///< WordFlag bits.
  Hardware hardware;          ///< Hardware a write needs, or Hardware::kNone.
  std::string_view unit;      ///< Unit of the value ("degrees", "energy", ...), may be empty.
  std::string_view doc;       ///< One-line description.

  /// True when an unquoted use reads the register (REG' RECALL).
  constexpr bool readable() const { return access == Access::kRead || access == Access::kReadWrite; }
  /// True when a STORE into the register has an effect in the original.
  constexpr bool writable() const { return access == Access::kWrite || access == Access::kReadWrite; }
  /// True when every flag bit in `mask` is set.
  constexpr bool has(uint32_t mask) const { return (flags & mask) == mask; }
  /// The object-code word of the quoted register, 20300 + index.
  constexpr uint16_t quotedCode() const { return static_cast<uint16_t>(kRegisterBase + static_cast<uint16_t>(reg)); }
};

namespace detail {
inline constexpr Access kRead = Access::kRead;
inline constexpr Access kWrite = Access::kWrite;
inline constexpr Access kReadWrite = Access::kReadWrite;
inline constexpr Access kInterruptOnly = Access::kInterruptOnly;
}  // namespace detail

/// Every operator, in code order.
inline constexpr auto kOperators = [] {
  using namespace detail;
  return std::array{
#define ROBOTALK_OPERATOR(id, code, name, synonyms, effect, cost, since, flags, doc) \
  OperatorInfo{Op::id, name, synonyms, effect, countEffect(effect), cost, since, flags, doc},
#include "chronon/stdlib/robotalk_operators.def"
#undef ROBOTALK_OPERATOR
  };
}();

/// Every register, in index order (index == position).
inline constexpr auto kRegisters = [] {
  using namespace detail;
  using Hw = Hardware;
  return std::array{
#define ROBOTALK_REGISTER(id, index, name, synonyms, access, since, flags, hardware, unit, doc) \
  RegisterInfo{Reg::id, name, synonyms, access, since, flags, Hw::hardware, unit, doc},
#include "chronon/stdlib/robotalk_registers.def"
#undef ROBOTALK_REGISTER
  };
}();

/// The pure operators (every operator flagged kPure: arithmetic, comparisons and logic on numbers),
/// which the checker treats alike; robotalk_words.cpp checks the list against the flags.
#define CHRONON_ROBOTALK_PURE_OPERATORS(X) \
  X(Add)                                   \
  X(Subtract)                              \
  X(Multiply)                              \
  X(Divide)                                \
  X(Greater)                               \
  X(Less)                                  \
  X(Equal)                                 \
  X(NotEqual)                              \
  X(And)                                   \
  X(Or)                                    \
  X(Xor)                                   \
  X(Mod)                                   \
  X(Chs)                                   \
  X(Not)                                   \
  X(Arctan)                                \
  X(Abs)                                   \
  X(Sin)                                   \
  X(Cos)                                   \
  X(Tan)                                   \
  X(Sqrt)                                  \
  X(Dist)                                  \
  X(Max)                                   \
  X(Min)                                   \
  X(Arccos)                                \
  X(Arcsin)

/// The cosmetic operators that take and leave nothing (the icons, the sounds and DEBUG): every
/// operator flagged kCosmetic except PRINT, which needs a cell to show. The interpreter, the checker
/// and the JIT planner expand it into their case labels; robotalk_words.cpp checks it against the
/// flags.
#define CHRONON_ROBOTALK_SILENT_OPERATORS(X) \
  X(Icon0)                                   \
  X(Icon1)                                   \
  X(Icon2)                                   \
  X(Icon3)                                   \
  X(Icon4)                                   \
  X(Icon5)                                   \
  X(Icon6)                                   \
  X(Icon7)                                   \
  X(Icon8)                                   \
  X(Icon9)                                   \
  X(Debug)                                   \
  X(Snd0)                                    \
  X(Snd1)                                    \
  X(Snd2)                                    \
  X(Snd3)                                    \
  X(Snd4)                                    \
  X(Snd5)                                    \
  X(Snd6)                                    \
  X(Snd7)                                    \
  X(Snd8)                                    \
  X(Snd9)

/// The branch operators a program jumps, calls and tests with (every operator flagged kBranch but
/// RTI, which returns from an interrupt): JUMP, CALL, IF, IFE, IFG, IFEG. What each does is read
/// from its flags: kCall (it leaves a return address), kTwoTargets (two addresses, one taken by the
/// flag below them), kTerminator without kTwoTargets (it always jumps), and otherwise a flag below
/// one address. The JIT planner expands it into its case labels; robotalk_words.cpp checks it
/// against the flags.
#define CHRONON_ROBOTALK_BRANCH_OPERATORS(X) X(Jump) X(Call) X(If) X(Ife) X(Ifg) X(Ifeg)

/// Number of registers, 69 (A..Z through MEGANUKE).
inline constexpr int kRegisterCount = static_cast<int>(kRegisters.size());

/// The user variables, A-W and Z (every register flagged kUserVariable; X and Y are the robot's
/// position): the arena's register switches expand it into their case labels, and
/// robotalk_words.cpp checks it against the flags.
#define CHRONON_ROBOTALK_USER_VARIABLES(X) \
  X(A)                                     \
  X(B)                                     \
  X(C)                                     \
  X(D)                                     \
  X(E)                                     \
  X(F)                                     \
  X(G)                                     \
  X(H)                                     \
  X(I)                                     \
  X(J)                                     \
  X(K)                                     \
  X(L)                                     \
  X(M)                                     \
  X(N)                                     \
  X(O)                                     \
  X(P)                                     \
  X(Q)                                     \
  X(R)                                     \
  X(S)                                     \
  X(T)                                     \
  X(U)                                     \
  X(V)                                     \
  X(W)                                     \
  X(Z)

/// Bit i set when register i is a user variable (kUserVariable); every user variable's index is
/// below 64 (checked in robotalk_words.cpp).
inline constexpr uint64_t kUserVariableMask = [] {
  uint64_t mask = 0;
  for (const RegisterInfo& r : kRegisters) {
    const auto index = static_cast<unsigned>(r.reg);
    if ((r.flags & kUserVariable) != 0 && index < 64) mask |= uint64_t{1} << index;
  }
  return mask;
}();

/// True when `index` is a register index whose register is a user variable (A-W, Z), which lives
/// in the brain rather than the arena; false for any other index, out of range included.
constexpr bool isUserVariable(int index) {
  return static_cast<unsigned>(index) < 64 && ((kUserVariableMask >> static_cast<unsigned>(index)) & 1) != 0;
}

/// The operator with object-code word `code`, or nullptr when `code` is not an operator.
const OperatorInfo* findOperator(uint16_t code);
/// The operator information for `op` (never null).
const OperatorInfo& info(Op op);
/// The register information for `reg` (never null).
const RegisterInfo& info(Reg reg);
/// The register at `index` (0-68), or nullptr when out of range.
const RegisterInfo* findRegister(int index);

/// `text` with ASCII letters upper-cased and every other byte kept: RoboTalk is case-insensitive
/// (specs/robowar.md §3.1) and the tables are upper case; sources may hold MacRoman or CP1252 bytes.
std::string upperAscii(std::string_view text);
/// `text` with ASCII letters lower-cased and every other byte kept.
std::string lowerAscii(std::string_view text);

/// Looks up an operator by spelling, case-insensitively, synonyms included ("sto" finds STORE).
/// Returns nullptr when the spelling is not an operator.
const OperatorInfo* lookupOperator(std::string_view spelling);
/// Looks up a register by spelling, case-insensitively, synonyms included ("bottom" finds BOT).
/// Returns nullptr when the spelling is not a register.
const RegisterInfo* lookupRegister(std::string_view spelling);

/// A compatibility profile: which words exist and which limits hold.
enum class Profile : uint8_t {
  kRoboWar15,  ///< RoboWar 1.5 (1990 manual): 1.x operators and registers, 500 instructions, 100 labels.
  kRoboWar5,   ///< RoboWar 4.5.2 / 5.x (default): every word, 5000 instructions, 400 labels.
};

/// Limits of a profile (specs/robowar.md §3.3; seeds/robowar-1.5-manual.txt "Limits").
struct ProfileLimits {
  int maxInstructions;  ///< Object-code words including RECALLs and the trailing END.
  int maxLabels;        ///< Label definitions.
  uint16_t version;     ///< Words with `since` above this are unknown to the profile.
};

/// The limits of `profile`.
ProfileLimits limits(Profile profile);
/// The profile's command-line name: "robowar-1.5" or "robowar-5".
std::string_view profileName(Profile profile);
/// Parses a profile name as written on the command line; nullopt when unknown.
std::optional<Profile> parseProfile(std::string_view name);
/// True when the operator exists in `profile`.
bool availableIn(const OperatorInfo& op, Profile profile);
/// True when the register exists in `profile`.
bool availableIn(const RegisterInfo& reg, Profile profile);
/// Formats a version number such as 213 as "2.1.3" and 534 as "5.34" (Windows) into `out`.
std::string_view formatVersion(uint16_t since, uint32_t flags, std::array<char, 16>& out);

}  // namespace chronon::robotalk
