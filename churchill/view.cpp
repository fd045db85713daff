#include "churchill/view.h"

#include <fmt/format.h>

#include "churchill/explain.h"
#include "churchill/rules.h"

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

std::string where_text(const IssueState& is) {
  if (is.track == kCenter) return "the centre";
  if (is.space >= kChair) return pname(is.track) + "'s chair (captured)";
  return fmt::format("{} {}", pname(is.track), is.space);
}

nlohmann::json origin_json(const Origin& o) {
  return {{"provenance", provenance_name(o.provenance)}, {"source", o.source}};
}

// The card of a play in the Meeting: a staff card's id, or "leader".
std::string play_card(const Data& d, const Play& p) {
  return p.leader || p.card == kNone ? "leader" : d.staff[at(p.seat)][p.card].id;
}
std::string play_card_name(const Data& d, const State& s, const Play& p) {
  if (p.leader || p.card == kNone) return d.leaders[s.leaders[at(p.seat)].card].name;
  return d.staff[at(p.seat)][p.card].name;
}

// 5.22-5.24: the advance being resolved, while someone may still debate it: who plays what on which
// issue with which value, and where the issue stands if nobody debates. An advance moves its issue
// at once (5.22) unless it would capture it (5.23): then the issue waits where it is, and the values
// are compared after the debate.
nlohmann::json pending_json(const Game& g, const State& s) {
  if (s.steps.empty() || s.advance.seat < 0 || s.advance.issue == kNone) return nullptr;
  const StepId top = s.steps.top().id;
  const bool debating = top == StepId::DebateOffer || top == StepId::ChiefIssue || top == StepId::ChiefRoll ||
                        top == StepId::HealthRoll || top == StepId::ParanoiaRoll || top == StepId::PurgeRoll;
  if (!debating) return nullptr;
  bool capture = false, resolving = false;
  for (std::size_t i = s.steps.size(); i-- > 0;)
    if (s.steps[i].id == StepId::ResolvePlay) {
      capture = s.steps[i].as<Resolve>().capture_pending;
      resolving = true;
      break;
    }
  if (!resolving) return nullptr;
  const Data& d = g.data();
  const Play& adv = s.advance;
  const IssueState& now = s.issues[adv.issue];
  IssueState to = now;
  if (capture) rules::move_toward(to, adv.seat, adv.value, adv.stop_at_center);
  const std::string card = play_card_name(d, s, adv), issue = d.issues[adv.issue].name;
  nlohmann::json j = {{"power", pname(adv.seat)}, {"card", play_card(d, adv)}, {"card_name", card},
                      {"issue", d.issues[adv.issue].id}, {"issue_name", issue}, {"value", adv.value}, {"capture", capture},
                      {"from", capture ? nlohmann::json(issue_position(now)) : nlohmann::json(nullptr)}, {"to", issue_position(to)},
                      {"text", capture ? fmt::format("{} plays {} ({}) on {}, which would reach its chair from {}: a debate's value "
                                                     "is subtracted first (5.23)", pname(adv.seat), card, adv.value, issue, where_text(now))
                                       : fmt::format("{} plays {} ({}) on {}, which moved to {}: a debate moves it from there "
                                                     "toward the debater (5.24)", pname(adv.seat), card, adv.value, issue, where_text(now))}};
  if (s.debate.seat >= 0)
    j["debate"] = {{"power", pname(s.debate.seat)}, {"card", play_card(d, s.debate)}, {"card_name", play_card_name(d, s, s.debate)},
                   {"value", s.debate.value}};
  return j;
}

// What a Meeting action would do, found by applying it to a copy of the seat's observation (the
// rules decide, nothing is re-derived here): the card's value with its attributes, and where the
// issue goes ("value 5: UK 2 → UK 6", or "value 5: centre → UK 5 unless debated").
nlohmann::json action_notes(const Game& g, const State& s, core::Seat seat) {
  nlohmann::json notes = nlohmann::json::object();
  if (s.steps.empty()) return notes;
  const StepId top = s.steps.top().id;
  if (top != StepId::MeetingTurn && top != StepId::DebateOffer && top != StepId::ChiefIssue) return notes;
  if (!(g.acting_seats(s) & core::seat_bit(seat))) return notes;
  core::ActionList legal;
  g.legal_actions(s, seat, legal);
  for (core::Action a : legal) {
    State next = s;
    core::LogBuffer log;
    g.apply(next, seat, a, &log);
    int value = -1, base = -1;
    std::string moved;
    for (const core::LogEntry& e : log.entries()) {
      const auto event = static_cast<rules::Event>(e.event);
      if ((event == rules::Event::Played || event == rules::Event::Debated) && e.seat == seat) {
        value = event == rules::Event::Played ? e.args[3] : e.args[2];
        const int card = e.args[1];  // -1: the Leader
        const Data& d = g.data();
        if (card < 0) base = d.leaders[s.leaders[at(seat)].card].value;
        else if (!d.staff[at(seat)][at(card)].chief_of_staff()) base = d.staff[at(seat)][at(card)].value;
      }
      if (event == rules::Event::IssueMoved && moved.empty()) {
        IssueState where{};
        where.where = IssueWhere::Table;
        where.track = static_cast<std::int8_t>(e.args[1]);
        where.space = static_cast<std::int8_t>(e.args[2]);
        moved = fmt::format("{} → {}", issue_position(s.issues[at(e.args[0])]), issue_position(where));
      }
    }
    if (value < 0) continue;
    // Other hands are hidden in an observation, so the copy never offers them a debate: an advance
    // says where its issue goes if nobody debates it.
    const bool advance = top == StepId::MeetingTurn || top == StepId::ChiefIssue;
    // "value 3+2 = 5": the printed value and what attributes, Paranoia or a lesser choice change.
    std::string note = base < 0 || base == value ? fmt::format("value {}", value)
                                                 : fmt::format("value {}{:+} = {}", base, value - base, value);
    if (moved.empty() && next.advance.seat == seat && next.advance.issue != kNone) {  // 5.23: a capture waits
      IssueState to = next.issues[next.advance.issue];
      rules::move_toward(to, seat, next.advance.value, next.advance.stop_at_center);
      moved = fmt::format("{} → {}", issue_position(next.issues[next.advance.issue]), issue_position(to));
    }
    if (!moved.empty()) note += ": " + moved + (advance ? " if not debated" : "");
    notes[g.action_to_string(s, seat, a)] = note;
  }
  return notes;
}

// 4.4 and 9.4 at the end: the case that applied, each power's scoring lines, and the winner in words.
nlohmann::json end_json(const Game& g, const State& s, const ScoreSheet& sheet) {
  const Data& d = g.data();
  nlohmann::json lines = nlohmann::json::array();
  for (const ScoreLine& l : sheet.lines) {
    std::string text = l.condition == "10.3" ? "Secret Agenda marker: your Political Alignment in its location (10.3)" : l.condition;
    for (const VictoryCondition& v : d.victory)
      if (v.id == l.condition) text = v.text;
    lines.push_back({{"condition", l.condition}, {"power", pname(l.power)}, {"vp", l.vp}, {"text", text}});
  }
  const auto& v = sheet.total;
  const EndCase end = g.end_case(s, v);
  const int most = *std::max_element(v.begin(), v.end()), fewest = *std::min_element(v.begin(), v.end());
  int top_count = 0;
  for (int t : v) top_count += t == most;
  std::string why;
  const std::string totals = fmt::format("UK {}, US {}, USSR {}", v[0], v[1], v[2]);
  switch (end) {
    case EndCase::AllianceVictory:
      why = fmt::format("Both Axis powers surrendered and the totals ({}) are within 20 of each other ({} − {} = {}): the highest total "
                        "wins{}.", totals, most, fewest, most - fewest, top_count > 1 ? "; it is tied, so 4.44 breaks the tie" : "");
      break;
    case EndCase::BrokenAlliance:
      why = fmt::format("Both Axis powers surrendered but the totals ({}) are more than 20 apart ({} − {} = {}): the leader wins only "
                        "with more VP than the other two together; otherwise the second highest wins (ties: 4.44).",
                        totals, most, fewest, most - fewest);
      break;
    case EndCase::GlobalHegemon:
      why = fmt::format("{} ({}), so the highest total loses 5 VP, the second 3 and the lowest gains 5 (4.43); then "
                        "the highest adjusted total wins (ties: 4.44).",
                        s.surrendered[0] ? "Japan did not surrender" : s.surrendered[1] ? "Germany did not surrender"
                                                                         : "Neither Germany nor Japan surrendered",
                        totals);
      break;
  }
  if (s.winner >= 0) why += fmt::format(" {} wins.", pname(s.winner));
  nlohmann::json surrendered = nlohmann::json::array();
  if (s.surrendered[0]) surrendered.push_back("Germany");
  if (s.surrendered[1]) surrendered.push_back("Japan");
  return {{"case", end_case_name(end)}, {"lines", lines}, {"surrendered", surrendered}, {"why", why}};
}

}  // namespace

nlohmann::json cards_json(const Data& d) {
  nlohmann::json cards = nlohmann::json::object();
  for (int p = 0; p < kPowers; ++p)
    for (const StaffCard& c : d.staff[at(p)])
      cards[c.id] = {{"id", c.id}, {"name", c.name}, {"office", c.office}, {"power", pname(p)}, {"kind", "staff"},
                     {"value", c.chief_of_staff() ? std::string("*") : std::to_string(c.value)}, {"text", c.text},
                     {"origin", origin_json(c.origin)}};
  for (const Leader& l : d.leaders)
    cards[l.id] = {{"id", l.id}, {"name", l.name}, {"office", "Leader"}, {"power", power_name(l.power)}, {"kind", "leader"},
                   {"value", std::to_string(l.value)}, {"text", l.text}, {"origin", origin_json(l.origin)}};
  return cards;
}

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
    // 6.21, 6.22: the entry space waits for its conditional issue (D-Day, Manchuria).
    const int entry = s.front[f] + 1;
    const bool blocked = entry < static_cast<int>(d.fronts[f].track.size()) && rules::barred_by_conditional(g.known(), s, d.fronts[f], entry);
    fronts[d.fronts[f].id] = {{"position", front_position(g, s, f)}, {"offensive", s.offensive[f]}, {"reserves", reserves},
                              {"directed", directed},
                              {"blocked", blocked ? nlohmann::json(d.fronts[f].track[at(entry)].space == g.known().normandy ? "6.21" : "6.22")
                                                  : nlohmann::json(nullptr)}};
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
                         // 6.9, 5.22: support markers still to place that cost no production, by
                         // where they may go (State::support_bonus's buckets)
                         {"bonus_support", {{"europe", s.support_bonus[at(p)][0]}, {"pacific", s.support_bonus[at(p)][1]},
                                            {"either", s.support_bonus[at(p)][2]}, {"any_front_offensive", s.support_bonus[at(p)][3]}}},
                         {"networks_to_place", s.networks_gained[at(p)]},
                         {"alignment_to_place", s.alignment_gained[at(p)]},
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
  // 4.4 on the current board: who would win now (not while hidden Secret Agendas could change it).
  j["winner_if_ended_now"] = !over && !s.secret_agenda_variant ? nlohmann::json(pname(g.winner(s))) : nlohmann::json(nullptr);
  nlohmann::json agenda = nlohmann::json::object();
  for (int p = 0; p < kPowers && s.secret_agenda_variant; ++p) {
    if (!over && (!seat || *seat != p)) continue;  // nobody sees another seat's markers before the end
    nlohmann::json markers = nlohmann::json::array();
    for (std::uint8_t m : s.secret_agenda[static_cast<std::size_t>(p)])
      if (m != kNone) markers.push_back(d.locations[d.secret_agenda[m].location].id);
    agenda[pname(p)] = markers;
  }
  j["secret_agenda"] = agenda;
  j["pending"] = pending_json(g, s);
  j["action_notes"] = seat ? action_notes(g, s, *seat) : nlohmann::json::object();
  // Why the seat has so few options (explain.h): {"text", "key", "rule", "args"}, or null.
  const auto why = seat ? why_few_options(g, s, *seat) : std::nullopt;
  j["options_why"] = nullptr;
  if (why) {
    nlohmann::json args = nlohmann::json::object();
    for (const auto& [name, value] : why->args) args[name] = value;
    j["options_why"] = {{"text", why->text}, {"key", why->key}, {"rule", why->rule}, {"args", args}};
  }
  if (over) j["end"] = end_json(g, s, sheet);
  return j;
}

std::string Game::phase_text(const State& s) const { return churchill::phase_text(*this, s); }
nlohmann::json Game::view_json(const State& s, std::optional<core::Seat> seat) const { return churchill::view_json(*this, s, seat); }
std::string Game::board_text(const State& s, std::optional<core::Seat> seat) const { return churchill::board_text(*this, s, seat); }

// One card of the hand in at most 80 columns: "  3 beaverbrook  +2 to value if Churchill is still..."
// with "(r)" for a card the project reconstructed.
static std::string hand_line(const StaffCard& card) {
  std::string text = card.text;
  if (text.rfind("Attribute: ", 0) == 0) text = text.substr(11);
  const std::string mark = card.origin.provenance == Provenance::Reconstructed ? " (r)" : "";
  std::string line = fmt::format("  {} {:<12} {}", card.chief_of_staff() ? std::string("*") : std::to_string(card.value), card.id, text);
  const std::size_t room = 79 - mark.size();
  if (line.size() > room) line = line.substr(0, room - 3) + "...";
  return line + mark + "\n";
}

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
  // Every line fits in 80 columns (a phone's terminal, a small window).
  const Data& d = g.data();
  const bool over = g.node_kind(s) == core::NodeKind::Terminal;
  const ScoreSheet sheet = g.score(s, over);
  std::string out = fmt::format("Conference {}{}\n", s.conference,
                                s.conference_card == kNone ? "" : ": " + d.conference_cards[s.conference_card].title + " " +
                                                                      d.conference_cards[s.conference_card].version);
  out += fmt::format("{}: UK {} US {} USSR {}{}\n  {}{}\n", over ? "Final score" : "Score if the game ended now", sheet.total[0],
                     sheet.total[1], sheet.total[2], s.secret_agenda_variant && !over ? " (Secret Agendas hidden)" : "",
                     end_case_name(g.end_case(s, sheet.total)),
                     over || s.secret_agenda_variant ? "" : ": " + pname(g.winner(s)) + " would win");
  out += fmt::format("Conferences won: UK {} US {} USSR {}{}\n", s.conferences_won[0], s.conferences_won[1], s.conferences_won[2],
                     s.winner >= 0 ? " | Winner: " + pname(s.winner) : "");
  std::string leaders = "Leaders:";
  for (int p = 0; p < kPowers; ++p) {
    const LeaderState& l = s.leaders[static_cast<std::size_t>(p)];
    const int cards = __builtin_popcount(s.hand[static_cast<std::size_t>(p)]) + s.hidden_hand[static_cast<std::size_t>(p)];
    const std::string& full = d.leaders[l.card].name;  // "Sir Winston Churchill": the surname is enough here
    leaders += fmt::format(" {} {}{} {}c", pname(p), full.substr(full.rfind(' ') + 1),
                           l.active ? (l.stays_home ? " (home)" : "") : " (used)", cards);
  }
  out += leaders + "\n";
  std::vector<std::string> cells;
  for (std::size_t i = 0; i < d.issues.size(); ++i)
    if (s.issues[i].where == IssueWhere::Table) cells.push_back(fmt::format("{:<26}{:>10}", d.issues[i].name, issue_position(s.issues[i])));
  out += "Conference table:\n" + (cells.empty() ? std::string("  (no issues)\n") : columns(cells, 36, 2));
  if (const nlohmann::json pending = pending_json(g, s); !pending.is_null())
    out += fmt::format("Being debated: {}\n", pending["text"].get<std::string>());
  cells.clear();
  for (std::size_t f = 0; f < d.fronts.size(); ++f) {
    const std::string& name = d.fronts[f].name;
    cells.push_back(fmt::format("{:<18}{:<20} +{} ⚓{}", name.substr(0, name.find(" Front")), front_position(g, s, f), s.offensive[f],
                                s.naval[d.fronts[f].theater]));
  }
  cells.push_back(fmt::format("{:<18}{:<20}    ⚓{}", "Arctic", "", s.naval[g.known().arctic]));
  out += "Fronts (position, +offensive support, ⚓naval support):\n" + columns(cells, 38, 1);
  out += fmt::format("Axis reserves: German armies {}, Italian {}, U-boats {}, Japanese {}, IJN {}\n",
                     g.reserves_in_game(s, ReserveKind::GermanArmy), g.reserves_in_game(s, ReserveKind::ItalianArmy),
                     g.reserves_in_game(s, ReserveKind::GermanNavy), g.reserves_in_game(s, ReserveKind::JapaneseArmy),
                     g.reserves_in_game(s, ReserveKind::Ijn));
  cells.clear();
  for (std::size_t l = 0; l < d.locations.size(); ++l) {
    if (s.networks[l] == 0 && s.alignment[l] == kNone) continue;
    std::string markers = s.networks[l] ? pname(s.network_owner[l]) + std::to_string(s.networks[l]) : "";
    if (s.alignment[l] != kNone) markers += (markers.empty() ? "PA-" : " PA-") + pname(s.alignment[l]);
    cells.push_back(fmt::format("{:<22}{}", d.locations[l].name, markers));
  }
  out += "Networks (UK2: two UK networks) and Political Alignment (PA):\n" + columns(cells, 36, 2);
  out += fmt::format("A-Bomb {} | Spy ring {}\nLeadership Europe {}, Pacific {}\nGlobal Issues:", d.a_bomb[static_cast<std::size_t>(s.a_bomb)].name,
                     d.a_bomb[static_cast<std::size_t>(s.spy_ring)].name, pname(s.theater_leader[0]), pname(s.theater_leader[1]));
  for (std::size_t m = 0; m < d.global_issues.size(); ++m) {
    const auto& gi = d.global_issues[m];
    std::string pos = "neutral";
    for (int i = 0; i < 2; ++i)
      if (s.global[m] == static_cast<std::uint8_t>(gi.powers[static_cast<std::size_t>(i)])) pos = gi.advantage[static_cast<std::size_t>(i)];
    out += fmt::format("{} {}", m == 0 ? "" : ",", pos);
  }
  out += "\n";
  if (seat && s.hand[static_cast<std::size_t>(*seat)]) {
    out += pname(*seat) + " hand: value, card, what it does ((r) reconstructed; card NAME shows one)\n";
    for (int c = 0; c < 32; ++c)
      if (s.hand[static_cast<std::size_t>(*seat)] & (1u << c)) out += hand_line(d.staff[static_cast<std::size_t>(*seat)][static_cast<std::size_t>(c)]);
  }
  return out;
}

}  // namespace churchill
