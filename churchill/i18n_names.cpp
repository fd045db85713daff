// Names of the data set in the reader's language, by catalogue key (docs/i18n.md).
#include "churchill/i18n_names.h"

#include <fmt/format.h>

#include <algorithm>

namespace churchill {

namespace {

template <class V>
bool valid(const V& v, int i) {
  return i >= 0 && at(i) < v.size();
}

}  // namespace

std::string power_key(Power p) { return fmt::format("power.{}", power_name(p)); }
std::string leader_key(const Data& d, LeaderId leader) { return "leader." + d.leaders[leader].id; }
std::string staff_key(const Data& d, Power p, int card) { return "staff." + d.staff[p][staff_at(card)].id; }
std::string conference_key(int number) { return fmt::format("conference.{}", number); }
std::string issue_key(const Data& d, int issue) { return "issue." + d.issues[issue_at(issue)].id; }
std::string theater_key(const Data& d, TheaterId theater) { return "theater." + d.theaters[theater].id; }
std::string axis_key(const Data& d, AxisId axis) { return "axis." + d.axis[axis].id; }
std::string space_key(const Data& d, SpaceId space) { return "space." + d.spaces[space].id; }
std::string front_key(const Data& d, FrontId front) { return "front." + d.fronts[front].id; }
std::string location_key(const Data& d, LocationId location) { return "location." + d.locations[location].id; }
std::string a_bomb_key(const Data& d, int space) { return "a_bomb." + d.a_bomb[at(space)].id; }
std::string global_issue_key(const Data& d, GlobalIssueId global_issue) { return "global_issue." + d.global_issues[global_issue].id; }
std::string scenario_key(const Scenario& s) { return "scenario." + s.id; }
std::string victory_key(const VictoryCondition& v) { return "victory." + v.id; }
std::string reserve_key(ReserveKind k) { return fmt::format("reserve.{}", reserve_kind_name(k)); }

std::vector<std::string> entity_name_keys(const Data& d) {
  std::vector<std::string> keys;
  auto add = [&](std::string base) { keys.push_back(std::move(base) + ".name"); };
  for (LeaderId l : d.leaders.ids()) add(leader_key(d, l));
  for (Power p : kAllPowers)
    for (int c = 0; valid(d.staff[p], c); ++c) add(staff_key(d, p, c));
  for (const Conference& c : d.conferences) add(conference_key(c.number));
  for (int i = 0; valid(d.issues, i); ++i) add(issue_key(d, i));
  for (TheaterId t : d.theaters.ids()) add(theater_key(d, t));
  for (AxisId a : d.axis.ids()) add(axis_key(d, a));
  for (SpaceId sp : d.spaces.ids()) add(space_key(d, sp));
  for (FrontId f : d.fronts.ids()) add(front_key(d, f));
  for (LocationId l : d.locations.ids()) add(location_key(d, l));
  for (int i = 0; valid(d.a_bomb, i); ++i) add(a_bomb_key(d, i));
  for (GlobalIssueId g : d.global_issues.ids()) add(global_issue_key(d, g));
  for (const Scenario& s : d.scenarios) add(scenario_key(s));
  return keys;
}

core::i18n::Catalogues load_catalogues(const std::filesystem::path& data_dir) {
  return core::i18n::Catalogues::load(core::i18n::default_catalogue_dir(data_dir));
}

Names::Names(const Data& data, const core::i18n::Catalogues& catalogues, std::string language)
    : data_(data), catalogues_(catalogues), language_(std::move(language)) {}

std::string Names::power(int p) const { return p >= 0 && p < kPowers ? tr(power_key(power_at(p))) : "-"; }
std::string Names::leader(LeaderId leader) const { return name(leader_key(data_, leader)); }
std::string Names::leader_surname(LeaderId leader) const { return tr(leader_key(data_, leader) + ".surname"); }
std::string Names::leader_text(LeaderId leader) const { return tr(leader_key(data_, leader) + ".text"); }
std::string Names::staff(Power p, int card) const { return name(staff_key(data_, p, card)); }
std::string Names::staff_office(Power p, int card) const { return tr(staff_key(data_, p, card) + ".office"); }
std::string Names::staff_text(Power p, int card) const { return tr(staff_key(data_, p, card) + ".text"); }
std::string Names::conference(int number) const { return name(conference_key(number)); }
// Two issues of one name (US Production) keep the number their ids and commands end with: "US Production 2".
std::string issue_number(const Data& d, int issue) {
  const Issue& is = d.issues[issue_at(issue)];
  const auto same = std::count_if(d.issues.begin(), d.issues.end(), [&](const Issue& o) { return o.name == is.name; });
  const auto dash = is.id.rfind('-');
  if (same < 2 || dash == std::string::npos) return "";
  return is.id.substr(dash + 1);
}
std::string Names::issue(int issue) const { return name(issue_key(data_, issue)); }
std::string Names::theater(TheaterId theater) const { return name(theater_key(data_, theater)); }
std::string Names::axis(AxisId axis) const { return name(axis_key(data_, axis)); }
std::string Names::space(SpaceId space) const { return name(space_key(data_, space)); }
std::string Names::front(FrontId front) const { return name(front_key(data_, front)); }
std::string Names::location(LocationId location) const { return name(location_key(data_, location)); }
std::string Names::a_bomb(int space) const { return name(a_bomb_key(data_, space)); }
std::string Names::global_issue(GlobalIssueId global_issue) const { return name(global_issue_key(data_, global_issue)); }
std::string Names::reserve(ReserveKind k) const { return tr(reserve_key(k)); }

std::string Names::band_title(ConferenceCardId card, Band band) const {
  const ConferenceCard& c = data_.conference_cards[card];
  const std::string key = fmt::format("conference_card.{}.{}.title", c.id, band_name(band));
  return catalogues_.contains(language_, key) ? tr(key) : c.bands[at(static_cast<int>(band))].title;
}

std::string Names::band_text(ConferenceCardId card, Band band) const {
  const ConferenceCard& c = data_.conference_cards[card];
  const std::string key = fmt::format("conference_card.{}.{}.text", c.id, band_name(band));
  return catalogues_.contains(language_, key) ? tr(key) : c.bands[at(static_cast<int>(band))].text;
}

}  // namespace churchill
