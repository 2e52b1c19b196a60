// The .RWR reader (specs/robowar.md §9; RoboWar 5 ChooseIcon/DraftingBoard.frm, RoboWarX WinRoboWar5.cs).

#include "chronon/compiler/robotalk_rwr.h"

#include <fstream>

#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_object_code.h"

namespace chronon::robotalk {
namespace {

uint16_t u16(std::string_view b, size_t at) {
  return static_cast<uint16_t>(static_cast<unsigned char>(b[at]) | (static_cast<unsigned char>(b[at + 1]) << 8));
}

int64_t i32(std::string_view b, size_t at) {
  const uint32_t v = static_cast<uint32_t>(static_cast<unsigned char>(b[at])) |
                     (static_cast<uint32_t>(static_cast<unsigned char>(b[at + 1])) << 8) |
                     (static_cast<uint32_t>(static_cast<unsigned char>(b[at + 2])) << 16) |
                     (static_cast<uint32_t>(static_cast<unsigned char>(b[at + 3])) << 24);
  return static_cast<int32_t>(v);
}

}  // namespace

std::optional<RwrFile> parseRwr(std::string_view bytes, std::string name, Diagnostics& diagnostics) {
  const auto fail = [&](uint32_t at, std::string message) {
    diagnostics.error(DiagCode::kRwrMalformed, {at, at}, "malformed .RWR file '" + name + "': " + message);
    return std::nullopt;
  };
  if (bytes.size() < kRwrHeaderSize) {
    return fail(
        0, "only " + std::to_string(bytes.size()) + " bytes; the header alone has " + std::to_string(kRwrHeaderSize));
  }
  RwrFile rwr;
  rwr.name = name;
  robowar::RobotHardware& hw = rwr.hardware;
  hw.energyMax = u16(bytes, 0);
  hw.damageMax = u16(bytes, 2);
  hw.shieldMax = u16(bytes, 4);
  hw.cpu = static_cast<unsigned char>(bytes[6]);
  hw.noNegativeEnergy = bytes[7] != 0;
  rwr.turret = static_cast<unsigned char>(bytes[8]);
  const int bullets = static_cast<unsigned char>(bytes[9]);
  if (!robowar::storeSells(robowar::StoreItem::kEnergy, hw.energyMax))
    return fail(0, "energy " + std::to_string(hw.energyMax) + " is not sold");
  if (!robowar::storeSells(robowar::StoreItem::kDamage, hw.damageMax))
    return fail(2, "damage " + std::to_string(hw.damageMax) + " is not sold");
  if (!robowar::storeSells(robowar::StoreItem::kShield, hw.shieldMax))
    return fail(4, "shield " + std::to_string(hw.shieldMax) + " is not sold");
  if (!robowar::storeSells(robowar::StoreItem::kCpu, hw.cpu))
    return fail(6, "processor speed " + std::to_string(hw.cpu) + " is not sold");
  switch (bullets) {
    case 0: hw.bullets = robowar::BulletType::kRubber; break;
    case 1: hw.bullets = robowar::BulletType::kNormal; break;
    case 2: hw.bullets = robowar::BulletType::kExplosive; break;
    default: return fail(9, "bullet type " + std::to_string(bullets) + " (expected 0, 1 or 2)");
  }
  hw.missiles = bytes[10] != 0;
  hw.tacNukes = bytes[11] != 0;
  hw.hellbores = bytes[12] != 0;
  hw.mines = bytes[13] != 0;
  hw.stunners = bytes[14] != 0;
  hw.drones = bytes[15] != 0;
  hw.lasers = bytes[16] != 0;
  hw.probes = bytes[17] != 0;
  rwr.locked = bytes[139] != 0;
  rwr.cRobot = bytes[140] != 0;
  // Both starts are 1-based (VB6 Get #f, pos); the code runs up to the source text.
  const int64_t codeStart = i32(bytes, 111);
  const int64_t textStart = i32(bytes, 115);
  const auto size = static_cast<int64_t>(bytes.size());
  if (codeStart < static_cast<int64_t>(kRwrHeaderSize) + 1 || codeStart > size + 1) {
    return fail(111, "machine-code start " + std::to_string(codeStart) + " is outside the file (" +
                         std::to_string(size) + " bytes)");
  }
  if (textStart < codeStart || textStart > size + 1) {
    return fail(115, "source-text start " + std::to_string(textStart) + " is outside " + std::to_string(codeStart) +
                         ".." + std::to_string(size + 1));
  }
  const int64_t codeBytes = textStart - codeStart;
  if (codeBytes % 2 != 0)
    return fail(111, "the machine code has an odd length (" + std::to_string(codeBytes) + " bytes)");
  if (codeBytes == 0) return fail(111, "the machine code is empty (it should end with END)");
  rwr.code.reserve(static_cast<size_t>(codeBytes / 2));
  for (int64_t at = codeStart - 1; at < textStart - 1; at += 2) {
    rwr.code.push_back(static_cast<int16_t>(u16(bytes, static_cast<size_t>(at))));
  }
  rwr.source = std::string(bytes.substr(static_cast<size_t>(textStart - 1)));
  return rwr;
}

std::optional<RwrFile> readRwrFile(const std::string& path, Diagnostics& diagnostics) {
  const std::optional<std::string> bytes = readFileBytes(path, kMaxRwrBytes, ".RWR files", diagnostics);
  if (!bytes) return std::nullopt;
  return parseRwr(*bytes, programNameFromPath(path), diagnostics);
}

bool isRwrPath(std::string_view path) {
  if (path.size() < 4) return false;
  std::string ext(path.substr(path.size() - 4));
  for (char& c : ext) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return ext == ".RWR";
}

Program programFromRwr(const RwrFile& rwr) {
  Program program = programFromWords(rwr.code, rwr.name);
  program.hardware = rwr.hardware;
  program.hardwareDeclared = true;
  return program;
}

}  // namespace chronon::robotalk
