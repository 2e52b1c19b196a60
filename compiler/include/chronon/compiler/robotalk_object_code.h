#pragma once
// The object-code text format of the corpus's golden files (corpus/robowar/rw5-win/bytecode/*.txt):
// `#` comment lines, then lines `00000: w w w ...` with the zero-padded index of the first word and
// 16 words per line. Writing and reading it, and a Program built from bare words.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/compiler/source.h"

namespace chronon::robotalk {

/// Words per line in the golden format.
inline constexpr size_t kObjectWordsPerLine = 16;

/// Writes `words` in the golden format: the comment line "# " + `origin`, the golden files' two
/// further comment lines (word count including the trailing END, and the format), then the words.
/// With `origin` = "Original compiled RoboTalk machine code extracted from <path>" the output is byte
/// for byte a corpus golden file. Every line ends in '\n'.
std::string writeObjectCode(const std::vector<int16_t>& words, std::string_view origin);

/// Object code read from text, and the problems found.
struct ObjectCodeResult {
  std::vector<int16_t> words;
  Diagnostics diagnostics;
};

/// Reads the golden format: blank lines and lines starting with `#` are skipped; every other line
/// must be `INDEX: word word ...` where INDEX equals the number of words read so far and each word
/// is an integer in -32768..32767. Errors (RT500 with the offending range): a line without `:`, a
/// wrong index, a bad or out-of-range word, more than 65535 words. Reading goes on after an error.
ObjectCodeResult readObjectCode(const SourceFile& file);

/// True when `text` looks like the object-code text format (its first non-comment, non-blank line
/// starts with digits and a colon), so tools can tell it from RoboTalk source.
bool looksLikeObjectCode(std::string_view text);

/// A Program made of bare object-code words (from a golden file or an .RWR): every instruction has
/// Origin::kObjectCode and an empty range; no labels; default hardware unless the caller sets it.
Program programFromWords(const std::vector<int16_t>& words, std::string name);

}  // namespace chronon::robotalk
