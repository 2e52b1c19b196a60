#pragma once
// The RoboTalk disassembler: object code → text. A listing with addresses, words and labels, and a
// source mode that prints RoboTalk which re-assembles to the same words (as the corpus's
// rw5-win/disassembled/ files do).

#include <cstdint>
#include <map>
#include <string>

#include "chronon/compiler/robotalk.h"

namespace chronon::robotalk {

/// What the disassembler prints.
enum class DisasmMode : uint8_t {
  kListing,  ///< One word per line: `00012  20104  JUMP`, with `NAME:` lines at label addresses.
  kSource,   ///< RoboTalk text with `#@n` address comments; re-assembling it gives the same words.
};

/// The labels to print, by address. When `program` has labels (compiled from source) their names
/// are used (the first whose name can be referenced, i.e. is no operator or number). Otherwise
/// labels are recovered from the code: a literal in 0..size-1 that is the target operand of JUMP,
/// CALL, IF, IFG, IFE, IFEG, RTI or SETINT gets a label `L<address>`.
std::map<uint16_t, std::string> labelNames(const Program& program);

/// Disassembles `program` in `mode`. In kSource mode the trailing END is left out (the assembler
/// appends it); words that RoboTalk cannot spell (literals below -19999) are printed as numbers with
/// a `#` comment saying they will not re-assemble. Returns the text, every line ending in '\n'.
std::string disassemble(const Program& program, DisasmMode mode);

}  // namespace chronon::robotalk
