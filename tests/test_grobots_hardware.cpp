// Tests for stdlib's Grobots hardware cost and mass (specs/grobots-world.md §4, §4.1; check values
// from specs/grobots-language.md Appendix A).

#include <catch2/catch.hpp>

#include "chronon/stdlib/grobots_hardware.h"

using namespace chronon::grobots;

namespace {
Fixed n(int value) { return Fixed::fromRaw(value * Fixed::kOneRaw); }

// A spec with every default except the chassis, so a single component can be priced on its own.
HardwareCost priced(const HardwareSpec& spec) {
  const Checked<HardwareCost> cost = hardwareCost(spec);
  REQUIRE(cost.ok());
  return cost.value();
}
}  // namespace

TEST_CASE("Blaster figures match Appendix A's check", "[grobots-hardware]") {
  const GunSpec blaster{n(10), n(10), 20};
  const GunFigures figures = blasterFigures(blaster);
  CHECK(figures.speed.raw() == 1325);
  CHECK(figures.lifetime == 31);
  CHECK(figures.firingCost.raw() == 12637);

  // The blaster's own cost is what it adds to the combat term (the totals also differ by cooling).
  HardwareSpec armed;
  armed.blaster = blaster;
  CHECK(priced(armed).combat - priced(HardwareSpec{}).combat == 502600);
}

TEST_CASE("Sensor 10 3 costs 38 and weighs raw 1090", "[grobots-hardware]") {
  SensorSpec sensor{true, n(10), 3};
  CHECK(sensorFiringCost(sensor).raw() == 2048);
  HardwareSpec with;
  with.sensors[static_cast<int>(SensorKind::kFood)] = sensor;
  const HardwareSpec without;
  // Without cooling the difference would be exactly 155648 (38.0); cooling adds the square term, so
  // check it through the formula: H = base 20 + battery 0.1 + armor 1 (+ 38).
  const HardwareCost a = priced(with);
  const HardwareCost b = priced(without);
  const int64_t base = 81920 + 409 + 4096;
  const auto cooling = [](int64_t h) {
    const int64_t c = static_cast<int64_t>(static_cast<double>(h) * 0.0071);
    return (c * c) >> 12;
  };
  const auto coolingMass = [&](int64_t h) { return static_cast<int64_t>(static_cast<double>(cooling(h)) * 0.02); };
  CHECK(b.cost == base + cooling(base));
  CHECK(a.cost == base + 155648 + cooling(base + 155648));
  CHECK(a.mass - b.mass == 1090 + coolingMass(base + 155648) - coolingMass(base));
}

TEST_CASE("Undeclared sensors and zero-damage guns cost nothing", "[grobots-hardware]") {
  HardwareSpec spec;
  spec.blaster = GunSpec{Fixed(), n(100), 1};
  spec.grenades = GunSpec{Fixed(), n(100), 1};
  spec.sensors[0] = SensorSpec{false, n(100), 5};
  CHECK(priced(spec).cost == priced(HardwareSpec{}).cost);
  CHECK(priced(spec).mass == priced(HardwareSpec{}).mass);
}

TEST_CASE("Cooling grows with the square of hardware cost", "[grobots-hardware]") {
  // H = 1000 gives about +50 and H = 3000 about +454 (grobots-world.md §4).
  HardwareSpec spec;
  spec.armor = Fixed::fromRaw((1000 - 20) * 4096 - 409);
  CHECK(priced(spec).cost / 4096 == 1050);
  spec.armor = Fixed::fromRaw((3000 - 20) * 4096 - 409);
  CHECK(priced(spec).cost / 4096 == 3453);  // 21.3² = 453.69, floored
}

TEST_CASE("Absurd hardware overflows; a negative processor is unreasonable", "[grobots-hardware]") {
  HardwareSpec food;  // corpus food.gb: solar-cells 250, constructor 5000, energy 10000 0
  food.solarCells = n(250);
  food.constructor = n(5000);
  food.maxEnergy = n(10000);
  const Checked<HardwareCost> cost = hardwareCost(food);
  REQUIRE_FALSE(cost.ok());
  CHECK(cost.error() == NumberError::kOverflow);
  CHECK(typeCost(food, 0, 0).error() == TypeCostError::kOverflow);

  HardwareSpec negative;
  negative.processorSpeed = -100;
  const auto t = typeCost(negative, 0, 0);
  REQUIRE_FALSE(t.ok());
  CHECK(t.error() == TypeCostError::kUnreasonable);
  CHECK(message(t.error()) == "a computed value such as mass or cost was not reasonable");

  // Type totals add initial energy and the brain (raw 1269 for `1 if 2 else 3 then`, §4.8).
  HardwareSpec plain;
  plain.initialEnergy = n(1);
  const auto total = typeCost(plain, 1269, 12);
  REQUIRE(total.ok());
  CHECK(total.value().cost == total.value().hardware.cost + 4096 + 1269);
  CHECK(total.value().mass == total.value().hardware.mass + 12);
}

TEST_CASE("Grenade figures use the fixed-point reference range", "[grobots-hardware]") {
  const GunFigures g = grenadeFigures(GunSpec{n(30), n(50), 40});
  // (50 / 250)^0.35 = 0.5697... -> raw 2332 after truncating 0.2 to raw 819 first.
  CHECK(g.speed.raw() == 2332);
  CHECK(g.lifetime == 88);
  // (30 + 0.3) x (0.132 + 50 x 0.0095) with quantised constants.
  CHECK(g.firingCost.raw() == ((30 * 4096 + 1228) * (540 + ((50 * 4096 * 39) >> 12))) >> 12);
}

TEST_CASE("Costs print rounded like the original's logs", "[grobots-hardware]") {
  CHECK(formatRaw(1843 * 4096, 0) == "1843");
  CHECK(formatRaw(4096 * 41 + 2458, 1) == "41.6");
  CHECK(formatRaw(2047, 0) == "0");
  CHECK(formatRaw(2048, 0) == "1");
  CHECK(formatRaw(-2048, 0) == "-1");
  CHECK(formatRaw(0, 1) == "0.0");
}
