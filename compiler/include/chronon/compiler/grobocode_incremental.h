#pragma once
// Incremental Grobocode compilation for interactive use (the REPL): a brain that grows fragment by
// fragment with the side compiler's own token rules (specs/grobots-language.md §4.2-§4.5), so that
// labels, variables and constants defined by one fragment are found by the next.

#include <cstdint>
#include <memory>
#include <string_view>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/source.h"

namespace chronon::grobocode {

/// A brain under construction that accepts code one fragment at a time. Copying it copies the brain
/// and its lookup tables, which is how a caller tries a fragment and rolls it back.
class IncrementalBrain {
 public:
  /// An empty brain: no instructions, no symbols.
  IncrementalBrain();
  /// Continues `brain` (for example a type's brain from a side file, sentinels included): its
  /// symbols are found by name and new code is appended after its last instruction.
  explicit IncrementalBrain(const Program& brain);
  ~IncrementalBrain();
  /// A deep copy: the brain and its lookup tables (a trial compile works on a copy).
  IncrementalBrain(const IncrementalBrain& other);
  /// Replaces this brain with a deep copy of `other`.
  IncrementalBrain& operator=(const IncrementalBrain& other);
  /// Takes `other`'s brain; `other` may only be assigned to or destroyed afterwards.
  IncrementalBrain(IncrementalBrain&& other) noexcept;
  /// Takes `other`'s brain; `other` may only be assigned to or destroyed afterwards.
  IncrementalBrain& operator=(IncrementalBrain&& other) noexcept;

  /// Compiles every line of `file` and appends its instructions. Lines are split and tokens resolved
  /// as in a side's `#code` section (§4.1, §4.2); `#var`, `#vector` and `#const` tags declare symbols
  /// as in §4.3 (a repeated name updates the existing entry's initial value instead of adding one, so
  /// that a REPL can redefine them); other tags are GB605. With `redefineLabels`, a label declared
  /// again moves to the new address instead of being GB601, and every call through it follows (calls
  /// go through the label table, §4.4). Errors are the side compiler's (GB600-GB607); after an error
  /// the rest of that line is skipped (§4.7). Compile-time words may stay open at the end: see
  /// `openConstructs`. Diagnostics' ranges are offsets into `file`.
  void compile(const SourceFile& file, Diagnostics& diagnostics, bool redefineLabels);
  /// Appends one `end` instruction (the sentinel of §4.8) at `at`, so that running past the code
  /// stops with "fell off end". Returns its address.
  int32_t appendEnd(SourceRange at);
  /// Number of compile-time words still waiting for their closing word (`if` without `then`, §4.5).
  size_t openConstructs() const;
  /// The brain so far.
  const Program& brain() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace chronon::grobocode
