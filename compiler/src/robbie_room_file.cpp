// The room-file grammar: lines of blank-separated fields, `;` comments (as in RL itself). A PEGTL
// grammar splits lines and fields; each entry then checks its fields.

#include "chronon/compiler/robbie_room_file.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <tao/pegtl.hpp>

namespace chronon::robbie {

namespace {

namespace pegtl = tao::pegtl;

struct Field {
  std::string_view text;
  SourceRange range;
};
struct FieldLine {
  std::vector<Field> fields;
  SourceRange range;
};

struct blank : pegtl::one<' ', '\t', '\v', '\f'> {};
struct terminator : pegtl::sor<pegtl::string<'\r', '\n'>, pegtl::one<'\r', '\n'>> {};
struct comment : pegtl::seq<pegtl::one<';'>, pegtl::star<pegtl::not_one<'\r', '\n'>>> {};
struct field : pegtl::plus<pegtl::not_one<' ', '\t', '\v', '\f', '\r', '\n', ';'>> {};
struct line
    : pegtl::seq<pegtl::star<pegtl::sor<pegtl::plus<blank>, comment, field>>, pegtl::sor<terminator, pegtl::eof>> {};
struct file : pegtl::until<pegtl::eof, line> {};

struct State {
  std::vector<FieldLine> lines;
  FieldLine current;
  const char* base = nullptr;
};

template <typename Rule>
struct action : pegtl::nothing<Rule> {};
template <>
struct action<field> {
  template <typename Input>
  static void apply(const Input& in, State& state) {
    const auto begin = static_cast<uint32_t>(in.begin() - state.base);
    state.current.fields.push_back(
        Field{std::string_view(in.begin(), in.size()), SourceRange{begin, begin + static_cast<uint32_t>(in.size())}});
  }
};
template <>
struct action<line> {
  template <typename Input>
  static void apply(const Input& /*in*/, State& state) {
    if (!state.current.fields.empty()) {
      state.current.range =
          SourceRange{state.current.fields.front().range.begin, state.current.fields.back().range.end};
      state.lines.push_back(std::move(state.current));
    }
    state.current = FieldLine{};
  }
};

// A decimal number: an optional '-', digits, and an optional fraction. Exponents, hex and the like are
// rejected so that "1e999" or "nan" cannot smuggle in absurd values.
std::optional<double> decimal(std::string_view text) {
  size_t i = text.size() > 0 && text[0] == '-' ? 1 : 0;
  size_t digits = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    size_t fraction = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++fraction;
    if (fraction == 0) return std::nullopt;
  }
  if (digits == 0 || i != text.size() || digits > 12) return std::nullopt;
  return std::strtod(std::string(text).c_str(), nullptr);
}

class RoomParser {
 public:
  RoomParser(Diagnostics& diagnostics) : diagnostics_(diagnostics) {}

  std::optional<RoomSpec> parse(const SourceFile& file) {
    State state;
    state.base = file.text().data();
    pegtl::memory_input<pegtl::tracking_mode::lazy> in(file.text().data(), file.text().size(), "room");
    // Every byte sequence matches `file`, so the parse cannot fail.
    (void)pegtl::parse<robbie::file, action>(in, state);
    for (const FieldLine& l : state.lines) entry(l);
    const size_t errorsBefore = errors_;
    if (!roomRange_ && errors_ == 0) {
      error(DiagCode::kRlRoomSyntax, SourceRange{0, 0}, "the room file has no 'room WIDTH HEIGHT' line");
    }
    if (errors_ == errorsBefore && roomRange_) place();
    if (errors_ > 0) return std::nullopt;
    return spec_;
  }

 private:
  void error(DiagCode code, SourceRange range, std::string message) {
    diagnostics_.error(code, range, std::move(message));
    ++errors_;
  }

  bool arity(const FieldLine& l, size_t want, std::string_view form) {
    if (l.fields.size() == want) return true;
    error(DiagCode::kRlRoomSyntax, l.range,
          "expected '" + std::string(form) + "' (" + std::to_string(want - 1) +
              " values after the entry word), found " + std::to_string(l.fields.size() - 1));
    return false;
  }

  // A number in [low, high], or nullopt after reporting it.
  std::optional<double> number(const Field& f, double low, double high, std::string_view what) {
    const std::optional<double> value = decimal(f.text);
    if (!value) {
      error(DiagCode::kRlRoomNumber, f.range,
            "'" + std::string(f.text) + "' is not a number (" + std::string(what) +
                ": digits with an optional '-' and "
                "fraction)");
      return std::nullopt;
    }
    if (*value < low || *value > high) {
      char text[96];
      std::snprintf(text, sizeof text, " must be between %g and %g", low, high);
      error(DiagCode::kRlRoomNumber, f.range, std::string(what) + " " + std::string(f.text) + text);
      return std::nullopt;
    }
    return value;
  }
  std::optional<int64_t> integer(const Field& f, int64_t low, int64_t high, std::string_view what) {
    int64_t value = 0;
    const auto [ptr, ec] = std::from_chars(f.text.data(), f.text.data() + f.text.size(), value);
    if (ec == std::errc::result_out_of_range ||
        (ec == std::errc() && ptr == f.text.data() + f.text.size() && (value < low || value > high))) {
      error(DiagCode::kRlRoomNumber, f.range,
            std::string(what) + " " + std::string(f.text) + " must be between " + std::to_string(low) + " and " +
                std::to_string(high));
      return std::nullopt;
    }
    if (ec != std::errc() || ptr != f.text.data() + f.text.size()) {
      error(DiagCode::kRlRoomNumber, f.range,
            "'" + std::string(f.text) + "' is not a whole number (" + std::string(what) + ")");
      return std::nullopt;
    }
    return value;
  }

  void entry(const FieldLine& l) {
    const std::string_view word = l.fields[0].text;
    if (word == "room") {
      if (!arity(l, 3, "room WIDTH HEIGHT")) return;
      if (roomRange_) {
        error(DiagCode::kRlRoomDuplicate, l.range, "a second 'room' line (a room file describes one room)");
        return;
      }
      roomRange_ = l.range;
      const auto w = number(l.fields[1], 1, kMaxRoomSideCm, "the room's width (cm)");
      const auto h = number(l.fields[2], 1, kMaxRoomSideCm, "the room's height (cm)");
      if (w && h) {
        spec_.width = *w;
        spec_.height = *h;
      }
      return;
    }
    if (word == "robbie") {
      if (!arity(l, 4, "robbie X Y HEADING")) return;
      if (robbieRange_) {
        error(DiagCode::kRlRoomDuplicate, l.range, "a second 'robbie' line (there is one Robbie)");
        return;
      }
      robbieRange_ = l.range;
      const auto x = number(l.fields[1], 0, kMaxRoomSideCm, "Robbie's x (cm)");
      const auto y = number(l.fields[2], 0, kMaxRoomSideCm, "Robbie's y (cm)");
      const auto heading = integer(l.fields[3], -359, 359, "Robbie's heading (degrees)");
      if (x && y && heading) {
        spec_.robbieX = *x;
        spec_.robbieY = *y;
        spec_.heading = (*heading % 360 + 360) % 360;
      }
      return;
    }
    if (word == "obstacle" || word == "object") {
      if (spec_.obstacles.size() + spec_.objects.size() >= kMaxRoomEntries) {
        if (!tooMany_) {
          error(DiagCode::kRlRoomTooMany, l.range,
                "more than " + std::to_string(kMaxRoomEntries) + " obstacles and objects in one room");
        }
        tooMany_ = true;
        return;
      }
    }
    if (word == "obstacle") {
      if (!arity(l, 5, "obstacle X1 Y1 X2 Y2")) return;
      const auto x1 = number(l.fields[1], -kMaxRoomSideCm, kMaxRoomSideCm, "an obstacle corner's x (cm)");
      const auto y1 = number(l.fields[2], -kMaxRoomSideCm, kMaxRoomSideCm, "an obstacle corner's y (cm)");
      const auto x2 = number(l.fields[3], -kMaxRoomSideCm, kMaxRoomSideCm, "an obstacle corner's x (cm)");
      const auto y2 = number(l.fields[4], -kMaxRoomSideCm, kMaxRoomSideCm, "an obstacle corner's y (cm)");
      if (!x1 || !y1 || !x2 || !y2) return;
      if (*x1 == *x2 || *y1 == *y2) {
        error(DiagCode::kRlRoomNumber, l.range, "an obstacle needs two opposite corners with different x and y");
        return;
      }
      spec_.obstacles.push_back(
          RoomObstacle{std::min(*x1, *x2), std::min(*y1, *y2), std::max(*x1, *x2), std::max(*y1, *y2), l.range});
      return;
    }
    if (word == "object") {
      if (!arity(l, 5, "object NAME X Y GRAMS")) return;
      const Field& name = l.fields[1];
      bool goodName = name.text.size() <= 64;
      for (const char c : name.text) {
        goodName = goodName &&
                   ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_');
      }
      if (!goodName) {
        error(DiagCode::kRlRoomSyntax, name.range,
              "an object's name is 1 to 64 letters, digits, '-' and '_', not '" + std::string(name.text) + "'");
        return;
      }
      if (names_.count(std::string(name.text)) != 0) {
        error(DiagCode::kRlRoomDuplicate, name.range, "a second object named '" + std::string(name.text) + "'");
        return;
      }
      const auto x = number(l.fields[2], 0, kMaxRoomSideCm, "an object's x (cm)");
      const auto y = number(l.fields[3], 0, kMaxRoomSideCm, "an object's y (cm)");
      const auto grams = integer(l.fields[4], 0, kMaxObjectGrams, "an object's weight (g)");
      if (!x || !y || !grams) return;
      names_.emplace(std::string(name.text), spec_.objects.size());
      spec_.objects.push_back(RoomObject{std::string(name.text), *x, *y, *grams, l.range});
      return;
    }
    error(DiagCode::kRlRoomUnknownEntry, l.fields[0].range,
          "unknown room entry '" + std::string(word) + "' (room, robbie, obstacle or object)");
  }

  // Checks where Robbie and the objects are, once the room's size is known.
  void place() {
    if (!robbieRange_) {
      spec_.robbieX = spec_.width / 2;
      spec_.robbieY = spec_.height / 2;
    }
    const SourceRange robbie = robbieRange_.value_or(*roomRange_);
    if (spec_.robbieX > spec_.width || spec_.robbieY > spec_.height) {
      error(DiagCode::kRlRoomPlacement, robbie, "Robbie starts outside the room");
    }
    for (const RoomObstacle& o : spec_.obstacles) {
      if (spec_.robbieX > o.x1 && spec_.robbieX < o.x2 && spec_.robbieY > o.y1 && spec_.robbieY < o.y2) {
        Diagnostic& d = diagnostics_.error(DiagCode::kRlRoomPlacement, robbie, "Robbie starts inside an obstacle");
        d.notes.push_back(DiagNote{"the obstacle", o.range, true});
        ++errors_;
      }
    }
    for (const RoomObject& o : spec_.objects) {
      if (o.x > spec_.width || o.y > spec_.height) {
        error(DiagCode::kRlRoomPlacement, o.range, "object '" + o.name + "' lies outside the room");
      }
    }
  }

  Diagnostics& diagnostics_;
  RoomSpec spec_;
  size_t errors_ = 0;
  std::optional<SourceRange> roomRange_;
  std::optional<SourceRange> robbieRange_;
  std::map<std::string, size_t> names_;
  bool tooMany_ = false;
};

}  // namespace

std::optional<RoomSpec> parseRoomFile(const SourceFile& file, Diagnostics& diagnostics) {
  return RoomParser(diagnostics).parse(file);
}

}  // namespace chronon::robbie
