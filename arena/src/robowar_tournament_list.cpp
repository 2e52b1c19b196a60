#include <algorithm>
#include <cctype>
#include <fstream>
#include <span>
#include <system_error>

#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/compiler/language.h"
#include "chronon/compiler/load.h"

namespace chronon::arena::robowar {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\f')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\f')) s.remove_suffix(1);
  return s;
}

// Splits on LF, CRLF and lone CR (classic Mac files end lines with CR).
std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      lines.push_back(text.substr(start, i - start));
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      start = i + 1;
    }
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

bool isWholeNumber(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool startsWithSave(std::string_view line) {
  if (line.size() < 4) return false;
  std::string head(line.substr(0, 4));
  for (char& c : head) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return head == "SAVE" && (line.size() == 4 || line[4] == ' ' || line[4] == '\t');
}

std::string lineError(size_t line, const std::string& message) {
  return "line " + std::to_string(line) + ": " + message;
}

// Folds a file or robot name for comparison: lower case, with space, '-' and '_' all alike.
std::string fold(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == ' ' || c == '-' || c == '_') {
      out.push_back('_');
    } else {
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
  }
  return out;
}

std::string lowerExtension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace

std::optional<TournamentList> parseTournamentList(std::string_view text, std::string& error) {
  if (looksBinary(text)) {
    error = "the tournament list is binary data, not text";
    return std::nullopt;
  }
  const std::vector<std::string_view> lines = splitLines(text);
  TournamentList list;
  size_t i = 0;
  // The SAVE line may only come first (after leading blank lines).
  while (i < lines.size() && trim(lines[i]).empty()) ++i;
  if (i < lines.size() && startsWithSave(trim(lines[i]))) {
    list.saveFile = std::string(trim(trim(lines[i]).substr(4)));
    if (list.saveFile.empty()) {
      error = lineError(i + 1, "SAVE needs a file name");
      return std::nullopt;
    }
    ++i;
  }
  while (i < lines.size()) {
    while (i < lines.size() && trim(lines[i]).empty()) ++i;
    if (i >= lines.size()) break;
    ListGroup group;
    group.line = static_cast<int>(i + 1);
    const std::string_view first = trim(lines[i]);
    if (isWholeNumber(first)) {
      if (first.size() > 6 || std::stoi(std::string(first)) < 1 || std::stoi(std::string(first)) > kMaxListCount) {
        error = lineError(i + 1, "the count must be a whole number from 1 to " + std::to_string(kMaxListCount) +
                                     ", got '" + std::string(first) + "'");
        return std::nullopt;
      }
      group.count = std::stoi(std::string(first));
      ++i;
    }
    for (; i < lines.size() && !trim(lines[i]).empty(); ++i) {
      const std::string_view name = trim(lines[i]);
      if (isWholeNumber(name)) {
        error = lineError(i + 1, "a count line must start its group (leave a blank line before it)");
        return std::nullopt;
      }
      if (startsWithSave(name)) {
        error = lineError(i + 1, "SAVE may only appear on the first line");
        return std::nullopt;
      }
      group.names.emplace_back(name);
    }
    if (group.names.size() < 2 || group.names.size() > static_cast<size_t>(kGroupSize)) {
      error =
          lineError(static_cast<size_t>(group.line), "a combat must involve from two to six robots, this group has " +
                                                         std::to_string(group.names.size()));
      return std::nullopt;
    }
    list.groups.push_back(std::move(group));
  }
  if (list.groups.empty()) {
    error = "the tournament list names no robots";
    return std::nullopt;
  }
  return list;
}

bool isRobotFileName(const std::filesystem::path& path) { return languageOf(path.string()) == LanguageId::kRoboTalk; }

bool looksLikeTournamentList(const std::filesystem::path& path) {
  const std::string ext = lowerExtension(path);
  if (ext == ".lst" || ext == ".list") return true;
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::string line;
  // Only the first few lines matter; a robot source does not start with SAVE.
  for (int n = 0; n < 64 && std::getline(in, line); ++n) {
    const std::string firstLine = line.substr(0, line.find('\r'));
    const std::string_view t = trim(firstLine);
    if (t.empty()) continue;
    return startsWithSave(t);
  }
  return false;
}

std::optional<std::filesystem::path> findRobotFile(const std::filesystem::path& folder, std::string_view name) {
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec)) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  const std::string wanted = fold(name);
  // The name as is first, then with each of RoboTalk's extensions in the registry's order.
  const std::span<const std::string_view> extensions = languageInfo(LanguageId::kRoboTalk).extensions;
  std::vector<std::string_view> suffixes{""};
  suffixes.insert(suffixes.end(), extensions.begin(), extensions.end());
  for (const std::string_view suffix : suffixes) {
    const std::string candidate = wanted + std::string(suffix);
    for (const std::filesystem::path& file : files) {
      if (fold(file.filename().string()) == candidate) return file;
    }
  }
  return std::nullopt;
}

}  // namespace chronon::arena::robowar
