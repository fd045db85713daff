#include "churchill/view.h"

#include <fmt/format.h>

namespace churchill {

namespace {

std::string pname(int p) { return std::string(power_name(static_cast<Power>(p))); }

std::string issue_position(const IssueState& is) {
  if (is.where == IssueWhere::Display) return "display";
  if (is.where == IssueWhere::Removed) return "removed";
  if (is.track == kCenter) return "centre";
  if (is.space >= kChair) return pname(is.track) + " chair";
  return fmt::format("{} {}", pname(is.track), is.space);
}

std::string front_position(const Game& g, const State& s, std::size_t f) {
  const Front& front = g.data().fronts[f];
  if (s.front[f] < 0) return front.name.substr(0, front.name.find(" Front")) + " Theater box";
  return g.data().spaces[front.track[static_cast<std::size_t>(s.front[f])].space].name;
}

}  // namespace

nlohmann::json view_json(const Game& g, const State& s, std::optional<core::Seat> seat) {
  const Data& d = g.data();
  nlohmann::json j;
  j["conference"] = s.conference;
  j["conference_card"] = s.conference_card == kNone ? nlohmann::json(nullptr) : nlohmann::json(d.conference_cards[s.conference_card].id);
  nlohmann::json hand = nlohmann::json::array();
  if (seat)
    for (int c = 0; c < 32; ++c)
      if (s.hand[static_cast<std::size_t>(*seat)] & (1u << c)) hand.push_back(d.staff[static_cast<std::size_t>(*seat)][static_cast<std::size_t>(c)].id);
  j["hand"] = hand;
  nlohmann::json issues = nlohmann::json::object();
  for (std::size_t i = 0; i < d.issues.size(); ++i) issues[d.issues[i].id] = issue_position(s.issues[i]);
  j["issues"] = issues;
  nlohmann::json fronts = nlohmann::json::object();
  for (std::size_t f = 0; f < d.fronts.size(); ++f) {
    int reserves = 0;
    for (auto r : s.reserves_on_front[f]) reserves += r;
    nlohmann::json directed = nlohmann::json::array();
    for (int p = 0; p < kPowers; ++p)
      if (s.directed_front[static_cast<std::size_t>(p)] == f) directed.push_back(pname(p));
    fronts[d.fronts[f].id] = {{"position", front_position(g, s, f)}, {"offensive", s.offensive[f]}, {"reserves", reserves},
                              {"directed", directed}};
  }
  j["fronts"] = fronts;
  nlohmann::json naval = nlohmann::json::object();
  for (std::size_t t = 0; t < d.theaters.size(); ++t) naval[d.theaters[t].id] = s.naval[t];
  j["naval"] = naval;
  nlohmann::json reserves = nlohmann::json::object();  // 7.61: still in the game, by kind
  for (int k = 0; k < kReserveKinds; ++k)
    reserves[std::string(reserve_kind_name(static_cast<ReserveKind>(k)))] = g.reserves_in_game(s, static_cast<ReserveKind>(k));
  j["axis_reserves"] = reserves;
  nlohmann::json global = nlohmann::json::object();
  for (std::size_t m = 0; m < d.global_issues.size(); ++m) {
    std::string pos = "neutral";
    for (int i = 0; i < 2; ++i)
      if (s.global[m] == static_cast<std::uint8_t>(d.global_issues[m].powers[static_cast<std::size_t>(i)]))
        pos = d.global_issues[m].advantage[static_cast<std::size_t>(i)];
    global[d.global_issues[m].name] = pos;
  }
  j["tracks"] = {{"a_bomb", d.a_bomb[static_cast<std::size_t>(s.a_bomb)].name},
                 {"spy_ring", d.a_bomb[static_cast<std::size_t>(s.spy_ring)].name},
                 {"leadership", {{"Europe", pname(s.theater_leader[0])}, {"Pacific", pname(s.theater_leader[1])}}},
                 {"global", global},
                 {"surrendered", {{"Germany", s.surrendered[0]}, {"Japan", s.surrendered[1]}}}};
  nlohmann::json locations = nlohmann::json::object();
  for (std::size_t l = 0; l < d.locations.size(); ++l)
    locations[d.locations[l].id] = {{"networks", s.networks[l]},
                                    {"network_owner", s.network_owner[l] == kNone ? nlohmann::json(nullptr) : nlohmann::json(pname(s.network_owner[l]))},
                                    {"alignment", s.alignment[l] == kNone ? nlohmann::json(nullptr) : nlohmann::json(pname(s.alignment[l]))}};
  j["locations"] = locations;
  nlohmann::json leaders = nlohmann::json::object();
  for (int p = 0; p < kPowers; ++p) {
    const LeaderState& l = s.leaders[static_cast<std::size_t>(p)];
    leaders[pname(p)] = {{"leader", d.leaders[l.card].id}, {"active", l.active}, {"stays_home", l.stays_home},
                         {"cards_in_hand", __builtin_popcount(s.hand[static_cast<std::size_t>(p)]) + s.hidden_hand[static_cast<std::size_t>(p)]},
                         {"production", s.production[static_cast<std::size_t>(p)]},
                         {"conferences_won", s.conferences_won[static_cast<std::size_t>(p)]}};
  }
  j["powers"] = leaders;
  const bool over = g.node_kind(s) == core::NodeKind::Terminal;
  j["winner"] = s.winner >= 0 ? nlohmann::json(pname(s.winner)) : nlohmann::json(nullptr);
  const ScoreSheet sheet = g.score(s, over);  // Secret Agenda markers count once revealed (10.2)
  nlohmann::json scores = nlohmann::json::object();
  for (int p = 0; p < kPowers; ++p) scores[pname(p)] = sheet.total[static_cast<std::size_t>(p)];
  j["scores"] = scores;
  // VPs are a final tally (4.4); during play they are the tally if the game ended now (9.63, 9.73).
  j["score_label"] = over ? "final" : "if the game ended now";
  j["score_case"] = end_case_name(g.end_case(s, sheet.total));
  nlohmann::json agenda = nlohmann::json::object();
  for (int p = 0; p < kPowers && s.secret_agenda_variant; ++p) {
    if (!over && (!seat || *seat != p)) continue;  // nobody sees another seat's markers before the end
    nlohmann::json markers = nlohmann::json::array();
    for (std::uint8_t m : s.secret_agenda[static_cast<std::size_t>(p)])
      if (m != kNone) markers.push_back(d.locations[d.secret_agenda[m].location].id);
    agenda[pname(p)] = markers;
  }
  j["secret_agenda"] = agenda;
  return j;
}

std::string Game::phase_text(const State& s) const { return churchill::phase_text(*this, s); }
nlohmann::json Game::view_json(const State& s, std::optional<core::Seat> seat) const { return churchill::view_json(*this, s, seat); }
std::string Game::board_text(const State& s, std::optional<core::Seat> seat) const { return churchill::board_text(*this, s, seat); }

// Lays out cells of `width` characters, `per_line` to a line.
static std::string columns(const std::vector<std::string>& cells, std::size_t width, std::size_t per_line) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    out += fmt::format("  {:<{}}", cells[i], width);
    if ((i + 1) % per_line == 0 || i + 1 == cells.size()) {
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += "\n";
    }
  }
  return out;
}

std::string board_text(const Game& g, const State& s, std::optional<core::Seat> seat) {
  const Data& d = g.data();
  const bool over = g.node_kind(s) == core::NodeKind::Terminal;
  const ScoreSheet sheet = g.score(s, over);
  std::string out = fmt::format("Conference {}{} — {}\n", s.conference,
                                s.conference_card == kNone ? "" : " " + d.conference_cards[s.conference_card].title + " " +
                                                                      d.conference_cards[s.conference_card].version,
                                phase_text(g, s));
  out += fmt::format("{} ({}): UK {} US {} USSR {}{} | Conferences won UK {} US {} USSR {}{}\n",
                     over ? "Final score" : "Score if the game ended now", end_case_name(g.end_case(s, sheet.total)),
                     sheet.total[0], sheet.total[1], sheet.total[2], s.secret_agenda_variant && !over ? " (Secret Agendas hidden)" : "",
                     s.conferences_won[0], s.conferences_won[1], s.conferences_won[2], s.winner >= 0 ? " | Winner: " + pname(s.winner) : "");
  std::string leaders = "Leaders:";
  for (int p = 0; p < kPowers; ++p) {
    const LeaderState& l = s.leaders[static_cast<std::size_t>(p)];
    const int cards = __builtin_popcount(s.hand[static_cast<std::size_t>(p)]) + s.hidden_hand[static_cast<std::size_t>(p)];
    const std::string& full = d.leaders[l.card].name;  // "Sir Winston Churchill": the surname is enough here
    leaders += fmt::format("  {} {}{} ({} cards)", pname(p), full.substr(full.rfind(' ') + 1),
                           l.active ? (l.stays_home ? " stays home" : "") : " inactive", cards);
  }
  out += leaders + "\n";
  std::vector<std::string> cells;
  for (std::size_t i = 0; i < d.issues.size(); ++i)
    if (s.issues[i].where == IssueWhere::Table) cells.push_back(fmt::format("{:<27}{:>9}", d.issues[i].name, issue_position(s.issues[i])));
  out += "Conference table:\n" + (cells.empty() ? std::string("  (no issues)\n") : columns(cells, 36, 3));
  cells.clear();
  for (std::size_t f = 0; f < d.fronts.size(); ++f)
    cells.push_back(fmt::format("{:<24}{:<20} off {} nav {}", d.fronts[f].name, front_position(g, s, f), s.offensive[f],
                                s.naval[d.fronts[f].theater]));
  cells.push_back(fmt::format("{:<24}{:<20} nav {}", "Arctic", "", s.naval[g.known().arctic]));
  out += "Fronts:\n" + columns(cells, 56, 2);
  out += fmt::format("Axis reserves in the game: German armies {}, Italian army {}, U-boats {}, Japanese armies {}, IJN {}\n",
                     g.reserves_in_game(s, ReserveKind::GermanArmy), g.reserves_in_game(s, ReserveKind::ItalianArmy),
                     g.reserves_in_game(s, ReserveKind::GermanNavy), g.reserves_in_game(s, ReserveKind::JapaneseArmy),
                     g.reserves_in_game(s, ReserveKind::Ijn));
  cells.clear();
  for (std::size_t l = 0; l < d.locations.size(); ++l) {
    if (s.networks[l] == 0 && s.alignment[l] == kNone) continue;
    std::string markers = s.networks[l] ? pname(s.network_owner[l]) + std::to_string(s.networks[l]) : "";
    if (s.alignment[l] != kNone) markers += (markers.empty() ? "PA-" : " PA-") + pname(s.alignment[l]);
    cells.push_back(d.locations[l].name + " " + markers);
  }
  out += "Networks and alignments:\n" + columns(cells, 27, 4);
  out += fmt::format("A-Bomb {} | Spy ring {} | Leadership Europe {}, Pacific {} | Global:", d.a_bomb[static_cast<std::size_t>(s.a_bomb)].name,
                     d.a_bomb[static_cast<std::size_t>(s.spy_ring)].name, pname(s.theater_leader[0]), pname(s.theater_leader[1]));
  for (std::size_t m = 0; m < d.global_issues.size(); ++m) {
    const auto& gi = d.global_issues[m];
    std::string pos = "neutral";
    for (int i = 0; i < 2; ++i)
      if (s.global[m] == static_cast<std::uint8_t>(gi.powers[static_cast<std::size_t>(i)])) pos = gi.advantage[static_cast<std::size_t>(i)];
    out += fmt::format(" {}", pos);
  }
  out += "\n";
  if (seat) {
    std::string hand = pname(*seat) + " hand:";
    for (int c = 0; c < 32; ++c)
      if (s.hand[static_cast<std::size_t>(*seat)] & (1u << c)) {
        const StaffCard& card = d.staff[static_cast<std::size_t>(*seat)][static_cast<std::size_t>(c)];
        hand += fmt::format(" {}({})", card.id, card.chief_of_staff() ? std::string("*") : std::to_string(card.value));
      }
    out += hand + "\n";
  }
  return out;
}

}  // namespace churchill
