#include "chronon/arena/replay.h"

#include <zlib.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "chronon/jsonrpc/json_text.h"
#include "chronon/jsonrpc/transport.h"

namespace chronon::arena::replay {

#ifndef CHRONON_VERSION
#define CHRONON_VERSION "0.0.0"
#endif

std::string chrononVersion() { return CHRONON_VERSION; }

std::string contentHash(std::string_view bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ull;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return std::string("fnv1a64:") + text;
}

namespace {

// Text that JSON can carry as a string: valid UTF-8. Robots from old Macs are often Mac Roman or
// Latin-1, so anything else goes into the header as base64 and verify gets the exact bytes back.
bool isUtf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t extra = 0;
    if (c < 0x80) {
      if (c == 0 && i + 1 < s.size()) return false;
      ++i;
      continue;
    }
    if ((c & 0xE0) == 0xC0 && c >= 0xC2) {
      extra = 1;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2;
    } else if ((c & 0xF8) == 0xF0 && c <= 0xF4) {
      extra = 3;
    } else {
      return false;
    }
    if (i + extra >= s.size()) return false;
    for (size_t k = 1; k <= extra; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    }
    i += extra + 1;
  }
  return true;
}

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void appendInt(std::string& out, int64_t v) {
  char buffer[24];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
  out.append(buffer, end);
}

}  // namespace

std::string stringField(const nlohmann::json& object, const char* key) {
  if (!object.is_object()) return {};
  const auto at = object.find(key);
  return at != object.end() && at->is_string() ? at->get<std::string>() : std::string();
}

nlohmann::json baseHeader(std::string_view game, std::string_view unit, const nlohmann::json& seed,
                          std::string_view engine, const std::vector<Entrant>& entrants) {
  nlohmann::json header = {{"format", "chronon-replay"},
                           {"version", kFormatVersion},
                           {"chronon", chrononVersion()},
                           {"game", game},
                           {"unit", unit},
                           {"seed", seed},
                           {"engine", engine}};
  nlohmann::json list = nlohmann::json::array();
  for (const Entrant& e : entrants) {
    nlohmann::json item = {
        {"name", e.name}, {"file", std::filesystem::path(e.path).filename().string()}, {"hash", contentHash(e.bytes)}};
    if (isUtf8(e.bytes)) {
      item["source"] = e.bytes;
    } else {
      item["sourceBase64"] = base64(e.bytes);
    }
    list.push_back(std::move(item));
  }
  header["entrants"] = std::move(list);
  return header;
}

nlohmann::json kindsJson(std::span<const Kind> kinds) {
  nlohmann::json out = nlohmann::json::array();
  for (const Kind& k : kinds) out.push_back({{"name", k.name}, {"fields", k.fields}, {"scale", k.scale}});
  return out;
}

Writer::Writer(LineSink sink, std::vector<Kind> kinds) : sink_(std::move(sink)), kinds_(std::move(kinds)) {}

void Writer::header(const nlohmann::json& header) { sink_(jsonrpc::jsonText(header)); }

void Writer::beginMoment(int64_t t) {
  t_ = t;
  moment_ = nlohmann::json::object();
  newText_.clear();
  updText_.clear();
  for (auto& [id, known] : entities_) known.seen = false;
}

void Writer::entity(uint32_t id, int kind, std::span<const int64_t> values) {
  auto [it, inserted] = entities_.try_emplace(id);
  Known& known = it->second;
  known.seen = true;
  if (inserted) {
    known.kind = kind;
    known.values.assign(values.begin(), values.end());
    order_.push_back(id);
    newText_ += newText_.empty() ? "[" : ",[";
    appendInt(newText_, id);
    newText_ += ',';
    appendInt(newText_, kind);
    for (const int64_t v : values) {
      newText_ += ',';
      appendInt(newText_, v);
    }
    newText_ += ']';
    return;
  }
  bool any = false;
  for (size_t i = 0; i < values.size() && i < known.values.size(); ++i) {
    if (known.values[i] == values[i]) continue;
    if (!any) {
      updText_ += updText_.empty() ? "[" : ",[";
      appendInt(updText_, id);
      any = true;
    }
    updText_ += ',';
    appendInt(updText_, static_cast<int64_t>(i));
    updText_ += ',';
    appendInt(updText_, values[i]);
    known.values[i] = values[i];
  }
  if (any) updText_ += ']';
}

void Writer::event(std::string_view kind, uint32_t id, std::string_view text, uint32_t other) {
  nlohmann::json e = nlohmann::json::array({kind, id, text});
  if (other != 0) e.push_back(other);
  moment_["ev"].push_back(std::move(e));
}

void Writer::brain(uint32_t id, const nlohmann::json& state, bool complete) {
  auto [it, inserted] = brains_.try_emplace(id, nlohmann::json::object());
  nlohmann::json& last = it->second;
  nlohmann::json delta = nlohmann::json::object();
  for (const auto& [key, value] : state.items()) {
    if (key == "vars" && !inserted && !complete && last.contains("vars")) {
      nlohmann::json vars = nlohmann::json::object();
      nlohmann::json& lastVars = last["vars"];
      for (const auto& [name, v] : value.items()) {
        auto found = lastVars.find(name);
        if (found == lastVars.end() || *found != v) {
          vars[name] = v;
          lastVars[name] = v;
        }
      }
      if (!vars.empty()) delta["vars"] = std::move(vars);
      continue;
    }
    auto found = last.find(key);
    if (inserted || complete || found == last.end() || *found != value) {
      delta[key] = value;
      last[key] = value;
    }
  }
  if (delta.empty()) return;
  moment_["brain"].push_back(nlohmann::json::array({id, std::move(delta)}));
}

void Writer::stat(nlohmann::json value) { moment_["stat"] = std::move(value); }

void Writer::endMoment() {
  std::string del;
  size_t kept = 0;
  for (size_t i = 0; i < order_.size(); ++i) {
    const uint32_t id = order_[i];
    auto it = entities_.find(id);
    if (!it->second.seen) {
      if (!del.empty()) del += ',';
      appendInt(del, id);
      entities_.erase(it);
      brains_.erase(id);
      continue;
    }
    order_[kept++] = id;
  }
  order_.resize(kept);
  std::string line = "{\"t\":";
  appendInt(line, t_);
  if (!newText_.empty()) line += ",\"new\":[" + newText_ + "]";
  if (!updText_.empty()) line += ",\"upd\":[" + updText_ + "]";
  if (!del.empty()) line += ",\"del\":[" + del + "]";
  for (const char* key : {"ev", "brain", "stat"}) {
    auto it = moment_.find(key);
    if (it == moment_.end()) continue;
    line += ",\"";
    line += key;
    line += "\":";
    line += jsonrpc::jsonText(*it);
  }
  line += '}';
  sink_(line);
}

void Writer::end(nlohmann::json result) {
  result["t"] = t_;
  sink_(jsonrpc::jsonText(nlohmann::json{{"end", std::move(result)}}));
}

int64_t Writer::scaled(double value, int32_t scale) {
  const double v = value * scale;
  if (!std::isfinite(v)) return 0;
  if (v > 9.0e15) return static_cast<int64_t>(9.0e15);
  if (v < -9.0e15) return static_cast<int64_t>(-9.0e15);
  return static_cast<int64_t>(std::llround(v));
}

struct GzipBuffer::State {
  z_stream stream{};
};

GzipBuffer::GzipBuffer() : state_(new State) {
  // windowBits 15 + 16 asks zlib for the gzip wrapper instead of a bare zlib stream. Level 4: on a
  // top9 Grobots round level 6 spends three times as long for a file a tenth smaller, and the
  // compression was then half the time of a recorded round (docs/replay-format.md, "Sizes").
  deflateInit2(&state_->stream, 4, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

GzipBuffer::~GzipBuffer() {
  deflateEnd(&state_->stream);
  delete state_;
}

void GzipBuffer::deflateSome(std::string_view data, bool last) {
  z_stream& s = state_->stream;
  s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  s.avail_in = static_cast<uInt>(data.size());
  char chunk[1 << 16];
  int status = Z_OK;
  do {
    s.next_out = reinterpret_cast<Bytef*>(chunk);
    s.avail_out = sizeof chunk;
    status = deflate(&s, last ? Z_FINISH : Z_NO_FLUSH);
    out_.append(chunk, sizeof chunk - s.avail_out);
  } while (s.avail_out == 0 || (last && status != Z_STREAM_END));
}

void GzipBuffer::addLine(std::string_view line) {
  pending_.append(line);
  pending_ += '\n';
  if (pending_.size() >= (1u << 20)) {
    deflateSome(pending_, false);
    pending_.clear();
  }
}

std::string GzipBuffer::finish() {
  deflateSome(pending_, true);
  pending_.clear();
  return std::move(out_);
}

std::optional<std::vector<std::string>> readLines(std::string_view bytes, std::string& error) {
  if (bytes.empty()) {
    error = "the file is empty";
    return std::nullopt;
  }
  std::string text;
  bool truncated = false;
  if (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
      static_cast<unsigned char>(bytes[1]) == 0x8b) {
    z_stream s{};
    if (inflateInit2(&s, 15 + 16) != Z_OK) {
      error = "zlib could not start";
      return std::nullopt;
    }
    s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    s.avail_in = static_cast<uInt>(bytes.size());
    char chunk[1 << 16];
    int status = Z_OK;
    while (true) {
      s.next_out = reinterpret_cast<Bytef*>(chunk);
      s.avail_out = sizeof chunk;
      status = inflate(&s, Z_NO_FLUSH);
      text.append(chunk, sizeof chunk - s.avail_out);
      if (text.size() > kMaxTextBytes) {
        inflateEnd(&s);
        error = "the replay inflates to more than 4 GiB";
        return std::nullopt;
      }
      if (status == Z_STREAM_END) break;
      if (status == Z_BUF_ERROR && s.avail_in == 0) {
        truncated = true;
        break;
      }
      if (status != Z_OK) {
        inflateEnd(&s);
        error = std::string("the gzip stream is damaged (") + (s.msg != nullptr ? s.msg : "zlib error") + ")";
        return std::nullopt;
      }
    }
    inflateEnd(&s);
  } else if (bytes[0] == '{') {
    text.assign(bytes);
  } else {
    error = "not a Chronon replay (neither a gzip stream nor JSON lines)";
    return std::nullopt;
  }
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t newline = text.find('\n', start);
    const bool complete = newline != std::string::npos;
    if (!complete) newline = text.size();
    if (newline - start > kMaxLineBytes) {
      error = "line " + std::to_string(lines.size() + 1) + " is longer than 64 MiB";
      return std::nullopt;
    }
    // A line cut by truncation is dropped: only whole lines are read.
    if (complete || !truncated) lines.emplace_back(text, start, newline - start);
    start = newline + 1;
  }
  if (truncated) lines.emplace_back("\x01truncated");
  return lines;
}

std::optional<File> parse(std::string_view bytes, std::string& error) {
  std::optional<std::vector<std::string>> lines = readLines(bytes, error);
  if (!lines) return std::nullopt;
  File file;
  bool truncated = false;
  if (!lines->empty() && lines->back() == "\x01truncated") {
    lines->pop_back();
    truncated = true;
  }
  if (lines->empty()) {
    error = truncated ? "the replay is truncated within its header" : "the replay has no header";
    return std::nullopt;
  }
  for (size_t i = 0; i < lines->size(); ++i) {
    if (jsonrpc::nestsDeeperThan((*lines)[i], kMaxNestingDepth)) {
      error = "line " + std::to_string(i + 1) + " nests arrays and objects deeper than " +
              std::to_string(kMaxNestingDepth) + " levels";
      return std::nullopt;
    }
  }
  try {
    file.header = nlohmann::json::parse((*lines)[0]);
  } catch (const nlohmann::json::exception&) {
    error = "the first line is not a JSON header";
    return std::nullopt;
  }
  if (!file.header.is_object() || stringField(file.header, "format") != "chronon-replay") {
    error = "not a Chronon replay (the header's format is not \"chronon-replay\")";
    return std::nullopt;
  }
  const auto version = file.header.find("version");
  if (version == file.header.end() || !version->is_number_integer()) {
    error = "the header has no version";
    return std::nullopt;
  }
  if (version->get<int64_t>() != kFormatVersion) {
    error = "unsupported replay version " + jsonrpc::jsonText(*version) + " (this Chronon reads version " +
            std::to_string(kFormatVersion) + ")";
    return std::nullopt;
  }
  const std::string game = stringField(file.header, "game");
  if (game != "robowar" && game != "grobots" && game != "robbie") {
    error = "unknown game '" + game + "' in the header";
    return std::nullopt;
  }
  int64_t last = -1;
  for (size_t i = 1; i < lines->size(); ++i) {
    std::string& line = (*lines)[i];
    if (line.empty() && i + 1 == lines->size()) continue;
    nlohmann::json value;
    try {
      value = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception&) {
      error = "line " + std::to_string(i + 1) + " is not JSON";
      return std::nullopt;
    }
    if (!value.is_object()) {
      error = "line " + std::to_string(i + 1) + " is not an object";
      return std::nullopt;
    }
    if (value.contains("end")) {
      file.end = value["end"];
      if (i + 1 < lines->size() && !(i + 2 == lines->size() && (*lines)[i + 1].empty())) {
        error = "line " + std::to_string(i + 2) + " comes after the end line";
        return std::nullopt;
      }
      break;
    }
    const auto t = value.find("t");
    if (t == value.end() || !t->is_number_integer() || t->get<int64_t>() <= last) {
      error = "line " + std::to_string(i + 1) + ": moment numbers must increase";
      return std::nullopt;
    }
    last = t->get<int64_t>();
    file.moments.push_back(std::move(line));
  }
  if (truncated || !file.end) {
    file.warning = "the replay is truncated after moment " + std::to_string(last) + " (no end line)";
  }
  return file;
}

std::optional<File> readFile(const std::string& path, std::string& error) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) {
    error = path + ": cannot read (" + ec.message() + ")";
    return std::nullopt;
  }
  if (size > kMaxFileBytes) {
    error = path + ": larger than 1 GiB, the most a replay may be";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::string bytes(static_cast<size_t>(size), '\0');
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size))) {
    error = path + ": cannot read";
    return std::nullopt;
  }
  std::optional<File> file = parse(bytes, error);
  if (!file) error = path + ": " + error;
  return file;
}

namespace {

// A line cut to a length a terminal shows, for difference reports.
std::string excerpt(std::string_view line) {
  constexpr size_t kShown = 240;
  return line.size() <= kShown ? std::string(line) : std::string(line.substr(0, kShown)) + "...";
}

}  // namespace

Comparison compare(const File& recorded, const std::vector<std::string>& rerun) {
  Comparison c;
  if (rerun.empty()) {
    c.difference = "the fresh run wrote nothing";
    return c;
  }
  nlohmann::json expected = recorded.header;
  nlohmann::json actual = nlohmann::json::parse(rerun[0], nullptr, false);
  for (nlohmann::json* h : {&expected, &actual}) {
    if (h->is_object()) {
      h->erase("chronon");
      h->erase("engine");
    }
  }
  if (expected != actual) {
    c.difference = "the header differs from a fresh run's (rules, entrants or kinds)";
    return c;
  }
  size_t i = 0;
  for (; i < recorded.moments.size(); ++i) {
    if (i + 1 >= rerun.size() || rerun[i + 1].starts_with("{\"end\"")) {
      c.difference =
          "the fresh run ended before moment line " + std::to_string(i + 1) + ": " + excerpt(recorded.moments[i]);
      return c;
    }
    if (recorded.moments[i] != rerun[i + 1]) {
      c.difference = "moment line " + std::to_string(i + 1) + " differs\n  recorded: " + excerpt(recorded.moments[i]) +
                     "\n  re-run:   " + excerpt(rerun[i + 1]);
      return c;
    }
    ++c.moments;
  }
  if (!recorded.end) {
    c.difference = recorded.warning;
    return c;
  }
  if (i + 1 >= rerun.size()) {
    c.difference = "the fresh run has no end line";
    return c;
  }
  const nlohmann::json end = nlohmann::json::parse(rerun[i + 1], nullptr, false);
  if (!end.is_object() || !end.contains("end")) {
    c.difference = "the fresh run goes on after the recorded end: " + excerpt(rerun[i + 1]);
    return c;
  }
  if (end["end"] != *recorded.end) {
    c.difference =
        "the end line differs\n  recorded: " + excerpt(jsonrpc::jsonText(nlohmann::json{{"end", *recorded.end}})) +
        "\n  re-run:   " + excerpt(rerun[i + 1]);
    return c;
  }
  c.same = true;
  return c;
}

std::string htmlEscape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string base64(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const uint32_t v = static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])) << 16 |
                       static_cast<uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8 |
                       static_cast<unsigned char>(bytes[i + 2]);
    out += kBase64[v >> 18];
    out += kBase64[(v >> 12) & 63];
    out += kBase64[(v >> 6) & 63];
    out += kBase64[v & 63];
  }
  if (i < bytes.size()) {
    uint32_t v = static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (i + 1 < bytes.size()) v |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += kBase64[v >> 18];
    out += kBase64[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kBase64[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::string entrantTitle(const nlohmann::json& header) {
  std::string title;
  const auto entrants = header.find("entrants");
  if (entrants == header.end() || !entrants->is_array()) return title;
  for (const nlohmann::json& e : *entrants) {
    const std::string name = stringField(e, "name");
    title += (title.empty() ? "" : " vs ") + (name.empty() ? std::string("?") : name);
  }
  return title;
}

std::optional<std::vector<Entrant>> entrantFiles(const nlohmann::json& header, std::string& error) {
  const auto entrants = header.find("entrants");
  if (!header.is_object() || entrants == header.end() || !entrants->is_array() || entrants->empty()) {
    error = "the header lists no entrants";
    return std::nullopt;
  }
  std::vector<Entrant> files;
  for (size_t i = 0; i < entrants->size(); ++i) {
    const nlohmann::json& e = (*entrants)[i];
    const std::string which = "entrant " + std::to_string(i + 1);
    if (!e.is_object()) {
      error = which + " is not an object";
      return std::nullopt;
    }
    Entrant file;
    const auto source = e.find("source");
    const auto encoded = e.find("sourceBase64");
    if (source != e.end() && source->is_string()) {
      file.bytes = source->get<std::string>();
    } else if (encoded != e.end() && encoded->is_string()) {
      std::optional<std::string> decoded = unbase64(encoded->get<std::string>());
      if (!decoded) {
        error = which + " has a damaged sourceBase64";
        return std::nullopt;
      }
      file.bytes = std::move(*decoded);
    } else {
      error = which + " has no source";
      return std::nullopt;
    }
    if (stringField(e, "hash") != contentHash(file.bytes)) {
      error = which + "'s source does not match its hash";
      return std::nullopt;
    }
    file.name = stringField(e, "name");
    file.path = std::filesystem::path(stringField(e, "file")).filename().string();
    if (file.path.empty() || file.path == "." || file.path == "..") file.path = "entrant";
    files.push_back(std::move(file));
  }
  return files;
}

std::optional<std::string> unbase64(std::string_view text) {
  std::string out;
  uint32_t bits = 0;
  int count = 0;
  for (const char c : text) {
    if (c == '=' || c == '\n' || c == '\r') continue;
    const char* p = std::char_traits<char>::find(kBase64, 64, c);
    if (p == nullptr) return std::nullopt;
    bits = bits << 6 | static_cast<uint32_t>(p - kBase64);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out += static_cast<char>((bits >> count) & 0xFF);
    }
  }
  return out;
}

}  // namespace chronon::arena::replay
