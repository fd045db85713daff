// Names of the data vocabulary, and lookups by id.
#include <algorithm>
#include <array>

#include "churchill/data.h"

namespace churchill {

std::string_view power_name(Power p) {
  static constexpr std::array<std::string_view, kPowers> kNames = {"UK", "US", "USSR"};
  return kNames[static_cast<std::size_t>(p)];
}

std::optional<Power> power_from_name(std::string_view name) {
  for (Power p : kAllPowers)
    if (power_name(p) == name) return p;
  return std::nullopt;
}

std::string_view provenance_name(Provenance p) {
  static constexpr std::array<std::string_view, kProvenances> kNames = {"rulebook", "rulebook-it", "rulebook-ru", "reconstructed"};
  return kNames[static_cast<std::size_t>(p)];
}

std::string_view issue_kind_name(IssueKind k) {
  static constexpr std::array<std::string_view, kIssueKinds> kNames = {
      "pol-mil",      "production",   "directed-offensive", "theater-leadership", "a-bomb-research",
      "global-issue", "second-front", "ussr-declares-war",  "strategic-materials"};
  return kNames[static_cast<std::size_t>(k)];
}

std::string_view effect_type_name(EffectType t) {
  static constexpr std::array<std::string_view, 17> kNames = {"modifier",
                                                              "gain_networks",
                                                              "gain_alignment",
                                                              "place_naval",
                                                              "place_offensive",
                                                              "health_roll",
                                                              "purge_roll",
                                                              "paranoia",
                                                              "less_than_full_value",
                                                              "undebatable",
                                                              "mandate_production",
                                                              "production",
                                                              "place_issue",
                                                              "leader_restriction",
                                                              "axis_reserve",
                                                              "polmil",
                                                              "convoy"};
  return kNames[static_cast<std::size_t>(t)];
}

std::string_view reserve_kind_name(ReserveKind k) {
  static constexpr std::array<std::string_view, kReserveKinds> kNames = {"german-army", "italian-army", "german-navy", "japanese-army",
                                                                         "ijn"};
  return kNames[static_cast<std::size_t>(k)];
}

std::string_view band_name(Band b) {
  static constexpr std::array<std::string_view, kBands> kNames = {"green", "red", "blue", "gray", "white"};
  return kNames[static_cast<std::size_t>(b)];
}

namespace {
template <class V>
std::uint8_t index_of(const V& entries, std::string_view id) {
  const auto it = std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.id == id; });
  return it == entries.end() ? kNone : static_cast<std::uint8_t>(it - entries.begin());
}
}  // namespace

TheaterId Data::theater(std::string_view id) const { return TheaterId{index_of(theaters, id)}; }
FrontId Data::front(std::string_view id) const { return FrontId{index_of(fronts, id)}; }
SpaceId Data::space(std::string_view id) const { return SpaceId{index_of(spaces, id)}; }
LocationId Data::location(std::string_view id) const { return LocationId{index_of(locations, id)}; }
IssueId Data::issue(std::string_view id) const { return IssueId{index_of(issues, id)}; }
LeaderId Data::leader(std::string_view id) const { return LeaderId{index_of(leaders, id)}; }
ConferenceCardId Data::conference_card(std::string_view id) const { return ConferenceCardId{index_of(conference_cards, id)}; }
const Scenario* Data::scenario(std::string_view id) const {
  const std::uint8_t i = index_of(scenarios, id);
  return i == kNone ? nullptr : &scenarios[i];
}

}  // namespace churchill
