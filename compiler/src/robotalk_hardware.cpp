// Hardware declarations in RoboTalk sources: `#!!hardware` directive lines (RoboWarX's
// `name: value` form and Chronon's compact form) and the JSRoboWar header comment. The syntax is
// documented in docs/robotalk-hardware.md.

#include <array>
#include <optional>

#include "chronon/compiler/robotalk_assembler.h"

namespace chronon::robotalk {
namespace {

using robowar::BulletType;
using robowar::RobotHardware;

/// A word of a directive line and its offset in the line.
struct Item {
  std::string_view text;
  size_t offset = 0;
};

/// Splits at blanks, commas and '='; `key:value` is split after the colon (the colon stays with the key).
bool isItemSeparator(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == '='; }

std::vector<Item> splitItems(std::string_view line) {
  std::vector<Item> items;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && isItemSeparator(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !isItemSeparator(line[i])) {
      ++i;
      if (line[i - 1] == ':') break;
    }
    if (i > start) items.push_back({line.substr(start, i - start), start});
  }
  return items;
}

std::optional<int> parseInt(std::string_view text) {
  if (text.empty() || text.size() > 6) return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

std::optional<bool> parseBool(std::string_view text) {
  const std::string t = lowerAscii(text);
  if (t == "true" || t == "yes" || t == "1") return true;
  if (t == "false" || t == "no" || t == "0") return false;
  return std::nullopt;
}

std::optional<BulletType> parseBullets(std::string_view text) {
  const std::string t = lowerAscii(text);
  if (t == "rubber") return BulletType::kRubber;
  if (t == "normal") return BulletType::kNormal;
  if (t == "explosive") return BulletType::kExplosive;
  return std::nullopt;
}

std::optional<robowar::StoreItem> numberKey(const std::string& key) {
  if (key == "energy" || key == "energymax") return robowar::StoreItem::kEnergy;
  if (key == "damage" || key == "damagemax") return robowar::StoreItem::kDamage;
  if (key == "shield" || key == "shieldmax" || key == "shields") return robowar::StoreItem::kShield;
  if (key == "cpu" || key == "processorspeed" || key == "processor") return robowar::StoreItem::kCpu;
  return std::nullopt;
}

void setNumber(RobotHardware& hw, robowar::StoreItem key, int value) {
  switch (key) {
    case robowar::StoreItem::kEnergy: hw.energyMax = value; break;
    case robowar::StoreItem::kDamage: hw.damageMax = value; break;
    case robowar::StoreItem::kShield: hw.shieldMax = value; break;
    case robowar::StoreItem::kCpu: hw.cpu = value; break;
  }
}

/// The flag named by `key` (compact names, their singulars, and RoboWarX's has*/…Flag names), or
/// nullptr. "all" is handled by the caller.
bool* flagFor(RobotHardware& hw, const std::string& key) {
  struct Name {
    const char* names[4];
    bool RobotHardware::*member;
  };
  static const Name kNames[] = {
      {{"missiles", "missile", "hasmissiles", nullptr}, &RobotHardware::missiles},
      {{"tacnukes", "tacnuke", "hastacnukes", "nukes"}, &RobotHardware::tacNukes},
      {{"hellbores", "hellbore", "hashellbores", nullptr}, &RobotHardware::hellbores},
      {{"mines", "mine", "hasmines", nullptr}, &RobotHardware::mines},
      {{"stunners", "stunner", "hasstunners", nullptr}, &RobotHardware::stunners},
      {{"drones", "drone", "hasdrones", nullptr}, &RobotHardware::drones},
      {{"lasers", "laser", "haslasers", nullptr}, &RobotHardware::lasers},
      {{"probes", "probe", "probeflag", "hasprobes"}, &RobotHardware::probes},
      {{"nonegenergy", "nonegativeenergy", nullptr, nullptr}, &RobotHardware::noNegativeEnergy},
  };
  for (const Name& n : kNames) {
    for (const char* name : n.names) {
      if (name != nullptr && key == name) return &(hw.*(n.member));
    }
  }
  return nullptr;
}

void setAllWeapons(RobotHardware& hw, bool value) {
  hw.missiles = hw.tacNukes = hw.hellbores = hw.mines = hw.stunners = hw.drones = hw.lasers = hw.probes = value;
}

/// RoboWarX's icon options have no effect on a battle; they are accepted and ignored.
bool isIconFlag(const std::string& key) {
  return key == "deathiconflag" || key == "collisioniconflag" || key == "shieldhiticonflag" || key == "hiticonflag" ||
         key == "shieldoniconflag";
}

}  // namespace

bool parseHardwareDirective(std::string_view text, SourceRange range, robowar::RobotHardware& hardware,
                            Diagnostics& diagnostics) {
  // `text` starts where `range` starts; sub-ranges of bad items are computed from offsets in it.
  const auto sub = [&](const Item& item) {
    const auto b = static_cast<uint32_t>(range.begin + item.offset);
    return SourceRange{b, static_cast<uint32_t>(b + item.text.size())};
  };
  std::vector<Item> items = splitItems(text);
  if (items.empty() || lowerAscii(items.front().text) != "hardware") {
    diagnostics.error(DiagCode::kHardwareDirective, range, "a hardware directive starts with '#!!hardware'");
    return false;
  }
  if (items.size() == 1) {
    diagnostics.error(DiagCode::kHardwareDirective, range,
                      "'#!!hardware' needs at least one item, e.g. '#!!hardware energy 100 cpu 15'");
    return false;
  }
  RobotHardware hw = hardware;
  bool ok = true;
  const auto fail = [&](SourceRange where, std::string message) {
    diagnostics.error(DiagCode::kHardwareDirective, where, std::move(message));
    ok = false;
  };
  for (size_t i = 1; i < items.size(); ++i) {
    const Item& item = items[i];
    std::string key = lowerAscii(item.text);
    if (!key.empty() && key.back() == ':') key.pop_back();
    const bool hasNext = i + 1 < items.size();
    if (auto number = numberKey(key)) {
      if (!hasNext) {
        fail(sub(item), "'" + std::string(item.text) + "' needs a value (" + robowar::storeChoices(*number) + ")");
        break;
      }
      const Item& value = items[++i];
      const auto parsed = parseInt(value.text);
      if (!parsed || !robowar::storeSells(*number, *parsed)) {
        fail(sub(value), "bad value '" + std::string(value.text) + "' for " + key + ": the Hardware Store sells " +
                             robowar::storeChoices(*number));
        continue;
      }
      setNumber(hw, *number, *parsed);
    } else if (key == "bullets" || key == "bullet" || key == "guntype" || key == "gun") {
      if (!hasNext) {
        fail(sub(item), "'" + std::string(item.text) + "' needs a value (rubber, normal or explosive)");
        break;
      }
      const Item& value = items[++i];
      const auto parsed = parseBullets(value.text);
      if (!parsed) {
        fail(sub(value), "bad bullet type '" + std::string(value.text) + "': use rubber, normal or explosive");
        continue;
      }
      hw.bullets = *parsed;
    } else if (bool* flag = flagFor(hw, key); flag != nullptr || key == "all" || isIconFlag(key)) {
      bool value = true;
      if (hasNext) {
        if (auto b = parseBool(items[i + 1].text)) {
          value = *b;
          ++i;
        }
      }
      if (flag != nullptr) {
        *flag = value;
      } else if (key == "all") {
        setAllWeapons(hw, value);
      }
    } else {
      fail(sub(item), "unknown hardware item '" + std::string(item.text) +
                          "' (see docs/robotalk-hardware.md: energy, damage, shield, cpu, bullets, missiles, tacnukes, "
                          "hellbores, mines, stunners, drones, lasers, probes, all)");
    }
  }
  if (ok) hardware = hw;
  return ok;
}

bool parseHardwareHeader(std::string_view commentText, robowar::RobotHardware& hardware) {
  size_t lineStart = 0;
  while (lineStart <= commentText.size()) {
    size_t lineEnd = commentText.find_first_of("\r\n", lineStart);
    if (lineEnd == std::string_view::npos) lineEnd = commentText.size();
    const std::string_view line = commentText.substr(lineStart, lineEnd - lineStart);
    lineStart = lineEnd + 1;
    if (lowerAscii(line).find("energy:") == std::string::npos) continue;
    RobotHardware hw = hardware;
    bool sawEnergy = false;
    size_t pos = 0;
    while (pos <= line.size()) {
      size_t comma = line.find(',', pos);
      if (comma == std::string_view::npos) comma = line.size();
      std::string entry = lowerAscii(line.substr(pos, comma - pos));
      pos = comma + 1;
      // Trim blanks and the comment's own braces.
      const size_t b = entry.find_first_not_of(" \t{}");
      const size_t e = entry.find_last_not_of(" \t{}");
      if (b == std::string::npos) continue;
      entry = entry.substr(b, e - b + 1);
      if (entry[0] == '+') {
        const std::string name = entry.substr(1);
        if (name == "all") {
          setAllWeapons(hw, true);
        } else if (bool* flag = flagFor(hw, name)) {
          *flag = true;
        }
        continue;
      }
      const size_t colon = entry.find(':');
      if (colon == std::string::npos) continue;
      std::string key = entry.substr(0, colon);
      std::string value = entry.substr(colon + 1);
      key.erase(key.find_last_not_of(" \t") + 1);
      value.erase(0, value.find_first_not_of(" \t"));
      if (auto number = numberKey(key)) {
        const auto parsed = parseInt(value);
        if (!parsed || !robowar::storeSells(*number, *parsed)) return false;
        setNumber(hw, *number, *parsed);
        if (*number == robowar::StoreItem::kEnergy) sawEnergy = true;
      } else if (key == "bullets") {
        const auto parsed = parseBullets(value);
        if (!parsed) return false;
        hw.bullets = *parsed;
      }
    }
    if (!sawEnergy) continue;
    hardware = hw;
    return true;
  }
  return false;
}

}  // namespace chronon::robotalk
