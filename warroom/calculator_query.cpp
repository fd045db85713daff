// The battle calculator's query from named text parameters, as the API's query string and the
// command line's options give them (warroom/calculator.h, odds_query).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <optional>
#include <sstream>

#include "core/session.h"
#include "warroom/calculator.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

[[noreturn]] void refuse(const std::string& message) { throw core::ActionError(message); }

bool same_text(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) { return std::tolower(x) == std::tolower(y); });
}

// A whole decimal number from `lo` to `hi`, or nullopt.
std::optional<long long> whole(std::string_view text, long long lo, long long hi) {
  long long v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi) return std::nullopt;
  return v;
}

// A decimal number from `lo` to `hi` (0.01, .5, 0), or nullopt.
std::optional<double> decimal(std::string_view text, double lo, double hi) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, std::chars_format::fixed);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !(v >= lo && v <= hi)) return std::nullopt;
  return v;
}

// Text quoted in a message: at most 40 characters, printable ASCII.
std::string shown(std::string_view text) {
  std::string out;
  for (unsigned char c : text.substr(0, 40)) out += c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '?';
  return out;
}

}  // namespace

RegionId region_named(const Game& g, std::string_view text) {
  for (const Region& r : g.data().regions)
    if (same_text(r.id, text) || same_text(r.name, text)) return r.rid;
  refuse(fmt::format("region: unknown region \"{}\" (a region id such as R1, or its name)", shown(text)));
}

std::vector<CommandRef> commands_named(const Game& g, std::string_view text) {
  std::vector<CommandRef> out;
  std::stringstream ss{std::string(text)};
  std::string item;
  while (std::getline(ss, item, ',')) {
    const auto colon = item.find(':');
    const auto n = colon == std::string::npos ? std::nullopt : nation_from_id(item.substr(0, colon));
    const auto number = colon == std::string::npos ? std::nullopt : whole(std::string_view(item).substr(colon + 1), 1, kMaxCommandNumber);
    if (!n || !number || g.seat_of(*n) < 0)
      refuse(fmt::format("with: \"{}\" is not a Command of this game as NATION:NUMBER (e.g. GER:12)", shown(item)));
    out.push_back({*n, static_cast<std::uint8_t>(*number)});
  }
  return out;
}

std::array<bool, kSides> rules_sides(const Game& g, const std::vector<std::string>& controllers) {
  std::array<bool, kSides> out{};
  std::array<bool, kSides> other{};
  for (core::Seat p = 0; p < g.seat_count() && p < static_cast<core::Seat>(controllers.size()); ++p)
    for (Nation n : kAllNations)
      if (g.seat_nations(p).test(n)) (controllers[at(p)] == "bot:rules" ? out : other)[at(side_of(n))] = true;
  for (int side = 0; side < kSides; ++side) out[at(side)] = out[at(side)] && !other[at(side)];
  return out;
}

OddsQuery odds_query(const Game& g, const core::Match::Parameters& parameters, int max_samples) {
  OddsQuery q;
  bool region = false;
  for (const auto& [name, value] : parameters) {
    if (name == "region") {
      q.region = region_named(g, value), region = true;
    } else if (name == "with") {
      q.moving_in = commands_named(g, value);
    } else if (name == "samples") {
      const auto n = whole(value, 100, max_samples);
      if (!n) refuse(fmt::format("samples: a number from 100 to {}", max_samples));
      q.samples = static_cast<int>(*n);
    } else if (name == "error") {
      const auto e = decimal(value, 0, 0.5);
      if (!e) refuse("error: a number from 0 to 0.5 (the win chance's standard error at which Monte Carlo stops; 0: all the samples)");
      q.error = *e;
    } else if (name == "seed") {
      const auto n = whole(value, 0, std::numeric_limits<long long>::max());
      if (!n) refuse("seed: a whole number from 0");
      q.seed = static_cast<std::uint64_t>(*n);
    } else if (name == "stances") {
      if (value != "best" && value != "rules") refuse("stances: \"best\" (each side's best) or \"rules\" (as bot:rules chooses)");
      q.search_stances = value == "best";
    } else {
      refuse(fmt::format("unknown parameter \"{}\" (region, with, samples, error, seed, stances)", shown(name)));
    }
  }
  if (!region) refuse("region: the region of the battle is needed (a region id such as R1, or its name)");
  return q;
}

}  // namespace warroom
