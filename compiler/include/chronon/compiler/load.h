#pragma once
// Reading source files with the checks that keep bad input harmless: unreadable files, files over
// kMaxSourceBytes and binary junk become diagnostics instead of crashes or unbounded memory.

#include <optional>
#include <string>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/source.h"

namespace chronon {

/// Reads `path` as raw bytes. Returns the file, or nullopt with an error in `diagnostics`
/// (RT100 unreadable, RT101 larger than kMaxSourceBytes, RT102 binary: NUL bytes or mostly control
/// characters). `diagnostics` is rendered against the returned placeholder in `failedFile`.
std::optional<SourceFile> loadSourceFile(const std::string& path, Diagnostics& diagnostics);

/// loadSourceFile's checks for `bytes` already read from `path` (a plan's or a replay's copy of a
/// file): the file named `path` holding them, or nullopt with RT101 (over kMaxSourceBytes) or RT102
/// (binary) in `diagnostics`, worded as loadSourceFile words them.
std::optional<SourceFile> sourceFromBytes(const std::string& path, std::string bytes, Diagnostics& diagnostics);

/// Reads all of `path` as raw bytes when it is a regular file of at most `maxBytes`. Returns the
/// bytes, or nullopt with an error in `diagnostics` (RT100 unreadable or a folder, RT101 larger than `maxBytes`;
/// `kind` names the file in the message, e.g. "source files" or ".RWR files").
std::optional<std::string> readFileBytes(const std::string& path, size_t maxBytes, std::string_view kind,
                                         Diagnostics& diagnostics);

/// True when `size` bytes of `path` are within `maxBytes`; otherwise false with RT101 in
/// `diagnostics`, worded as readFileBytes words it (`kind` names the file, e.g. ".RWR files").
bool withinSizeLimit(const std::string& path, unsigned long long size, size_t maxBytes, std::string_view kind,
                     Diagnostics& diagnostics);

/// `text` without leading blanks and tabs and without trailing blanks, tabs and CRs.
std::string_view trimBlanks(std::string_view text);

/// True when `text` looks like binary data rather than program text: it contains a NUL byte, or more
/// than 10% of its first 64 KiB are control characters other than tab, CR, LF and form feed.
bool looksBinary(std::string_view text);

}  // namespace chronon
