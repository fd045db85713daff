// The view of a seat as JSON (view.h): the board as structure, the seat's hand, the advance waiting
// for a debate, what the Meeting's actions would do, the end of the game; and the card faces.
#include "churchill/view.h"

#include <fmt/format.h>

#include "churchill/explain.h"
#include "churchill/i18n_names.h"
#include "churchill/rules.h"
#include "churchill/view_words.h"

namespace churchill {

namespace {

std::string pname(Power p) { return std::string(power_name(p)); }
std::string pname(int p) { return pname(power_at(p)); }

std::string issue_position(const IssueState& is) {
  if (is.where == IssueWhere::Display) return "display";
  if (is.where == IssueWhere::Removed) return "removed";
  if (is.track == kCenter) return "centre";
  if (is.space >= kChair) return pname(is.track) + " chair";
  return fmt::format("{} {}", pname(is.track), is.space);
}

// The same as structure, for clients (the view's "places" and the pending advance's "from_place" and
// "to_place"): {"where": "centre" | "track" | "chair" | "display" | "removed", "power", "space"}.
nlohmann::json issue_place(const IssueState& is) {
  if (is.where == IssueWhere::Display) return {{"where", "display"}};
  if (is.where == IssueWhere::Removed) return {{"where", "removed"}};
  if (is.track == kCenter) return {{"where", "centre"}};
  if (is.space >= kChair) return {{"where", "chair"}, {"power", pname(is.track)}};
  return {{"where", "track"}, {"power", pname(is.track)}, {"space", is.space}};
}

using core::i18n::Message;

std::string front_position(const Game& g, const State& s, FrontId f) {
  const Front& front = g.data().fronts[f];
  if (s.front[f] < 0) return front.name.substr(0, front.name.find(" Front")) + " Theater box";
  return g.data().spaces[front.track[static_cast<std::size_t>(s.front[f])].space].name;
}

nlohmann::json origin_json(const Origin& o) { return {{"provenance", provenance_name(o.provenance)}, {"source", o.source}}; }

// The card of a play in the Meeting: a staff card's id, or "leader".
std::string play_card(const Data& d, const Play& p) { return p.leader || p.card == kNoStaff ? "leader" : d.staff[p.seat][p.card].id; }
std::string play_card_name(const Data& d, const State& s, const Play& p) {
  if (p.leader || p.card == kNoStaff) return d.leaders[s.leaders[p.seat].card].name;
  return d.staff[p.seat][p.card].name;
}

nlohmann::json pending_json(const Game& g, const State& s) {
  const std::optional<core::i18n::Message> message = pending_message(g, s);
  if (!message) return nullptr;
  const bool capture = *pending_capture(s);
  const Data& d = g.data();
  const Play& adv = s.advance;
  const IssueState& now = s.issues[adv.issue];
  IssueState to = now;
  if (capture) rules::move_toward(to, adv.seat, adv.value, adv.stop_at_center);
  const std::string card = play_card_name(d, s, adv), issue = d.issues[adv.issue].name;
  nlohmann::json j = {{"power", pname(adv.seat)},
                      {"card", play_card(d, adv)},
                      {"card_name", card},
                      {"issue", d.issues[adv.issue].id},
                      {"issue_name", issue},
                      {"value", adv.value},
                      {"capture", capture},
                      {"from", capture ? nlohmann::json(issue_position(now)) : nlohmann::json(nullptr)},
                      {"to", issue_position(to)},
                      {"from_place", capture ? issue_place(now) : nlohmann::json(nullptr)},
                      {"to_place", issue_place(to)},
                      {"text", g.catalogues().render(core::i18n::kFallbackLanguage, *message)},
                      {"message", core::i18n::to_json(*message)}};
  if (s.debate.made())
    j["debate"] = {{"power", pname(s.debate.seat)},
                   {"card", play_card(d, s.debate)},
                   {"card_name", play_card_name(d, s, s.debate)},
                   {"value", s.debate.value}};
  return j;
}

// What a Meeting action would do, found by applying it to a copy of the seat's observation (the
// rules decide, nothing is re-derived here): the card's value with its attributes, and where the
// issue goes ("value 5: UK 2 → UK 6", or "value 5: centre → UK 5 if not debated"), or that a Chief
// of Staff's value is a die roll (5.25), as messages.
std::map<std::string, Message> action_notes(const Game& g, const State& s, core::Seat seat) {
  std::map<std::string, Message> notes;
  if (s.steps.empty()) return notes;
  const StepId top = s.steps.top().id;
  if (top != StepId::MeetingTurn && top != StepId::DebateOffer && top != StepId::ChiefIssue) return notes;
  if (!(g.acting_seats(s) & core::seat_bit(seat))) return notes;
  const Power me = power_at(seat);  // the acting seat's power
  core::ActionList legal;
  g.legal_actions(s, seat, legal);
  for (core::Action a : legal) {
    State next = s;
    core::LogBuffer log;
    g.apply(next, seat, a, &log);
    int value = -1, base = -1;
    std::optional<std::pair<Message, Message>> moved;
    for (const core::LogEntry& e : log.entries()) {
      const auto event = static_cast<rules::Event>(e.event);
      if ((event == rules::Event::Played || event == rules::Event::Debated) && e.seat == seat) {
        value = event == rules::Event::Played ? e.args[3] : e.args[2];
        const int card = e.args[1];  // -1: the Leader
        const Data& d = g.data();
        if (card < 0)
          base = d.leaders[s.leaders[me].card].value;
        else if (const StaffCard& played = d.staff[me][staff_at(card)]; !played.chief_of_staff())  // the log's argument
          base = played.value;
      }
      if (event == rules::Event::IssueMoved && !moved) {
        IssueState where{};
        where.where = IssueWhere::Table;
        where.track = power_or_none(e.args[1]);  // the log's track, -1 the centre
        where.space = static_cast<std::int8_t>(e.args[2]);
        moved = {position_message(s.issues[issue_at(e.args[0])]), position_message(where)};
      }
    }
    if (value < 0) {
      // 5.25: a Chief of Staff committed, his value still to be rolled (and, for an advance, the
      // issue still to be chosen).
      if (!next.steps.empty() && next.steps.top().id == StepId::ChiefRoll)
        notes[g.action_to_string(s, seat, a)] =
            key(next.steps.top().as<step::ChiefRoll>().debate ? "note.chief_debate" : "note.chief_advance");
      continue;
    }
    // Other hands are hidden in an observation, so the copy never offers them a debate: an advance
    // says where its issue goes if nobody debates it.
    // A debate needs a staff card (even a Leader's discards one, 5.24): with none in other hands, no "if".
    bool others_hold_cards = false;
    for (Power p : kAllPowers) others_hold_cards = others_hold_cards || (index(p) != seat && s.cards_in_hand(p) > 0);
    const bool advance = (top == StepId::MeetingTurn || top == StepId::ChiefIssue) && others_hold_cards;
    // "value 3+2 = 5": the printed value and what attributes, Paranoia or a lesser choice change.
    Message note = base < 0 || base == value ? key("note.value").with("value", std::to_string(value))
                                             : key("note.value_changed")
                                                   .with("base", std::to_string(base))
                                                   .with("change", fmt::format("{:+}", value - base))
                                                   .with("value", std::to_string(value));
    if (!moved && next.advance.seat == me && next.advance.issue != kNoIssue) {  // 5.23: a capture waits
      IssueState to = next.issues[next.advance.issue];
      rules::move_toward(to, me, next.advance.value, next.advance.stop_at_center);
      moved = {position_message(next.issues[next.advance.issue]), position_message(to)};
    }
    if (moved)
      note =
          key(advance ? "note.moves_if_not_debated" : "note.moves").with("note", note).with("from", moved->first).with("to", moved->second);
    notes[g.action_to_string(s, seat, a)] = note;
  }
  return notes;
}

// The "rule" argument of a phase line ("6.4"), or "".
std::string phase_rule(const Message& phase) {
  for (const Message::Arg& a : phase.args)
    if (a.name == "rule") return a.value.text;
  return "";
}

nlohmann::json end_json(const Game& g, const State& s, const ScoreSheet& sheet) {
  const Data& d = g.data();
  nlohmann::json lines = nlohmann::json::array();
  for (const ScoreLine& l : sheet.lines) {
    const Message text = score_line_text(d, l);
    lines.push_back({{"condition", l.condition},
                     {"power", pname(l.power)},
                     {"vp", l.vp},
                     {"text", g.catalogues().render(core::i18n::kFallbackLanguage, text)},
                     {"message", core::i18n::to_json(text)}});
  }
  const EndCase end = g.end_case(s, sheet.total);
  const Message why = end_why(g, s, sheet.total);
  const auto adjusted = adjusted_message(g, s, sheet.total);
  nlohmann::json surrendered = nlohmann::json::array(), surrendered_keys = nlohmann::json::array();
  for (int r = 0; r < 2; ++r)
    if (s.surrendered[at(r)]) {
      const AxisId axis = surrendered_axis(r);
      surrendered.push_back(d.axis[axis].name);
      surrendered_keys.push_back(axis_key(d, axis) + ".name");
    }
  return {{"case", end_case_name(end)},
          {"case_key", kCaseKeys[static_cast<int>(end)]},
          {"lines", lines},
          {"surrendered", surrendered},
          {"surrendered_keys", surrendered_keys},
          {"why", g.catalogues().render(core::i18n::kFallbackLanguage, why)},
          {"why_message", core::i18n::to_json(why)},
          // 4.43: the totals the winner is chosen by, when neither or one Axis power surrendered
          {"adjusted_message", adjusted ? core::i18n::to_json(*adjusted) : nlohmann::json(nullptr)}};
}

}  // namespace

nlohmann::json cards_json(const Data& d) {
  nlohmann::json cards = nlohmann::json::object();
  for (Power p : kAllPowers)
    for (const StaffCard& c : d.staff[p])
      cards[c.id] = {{"id", c.id},         {"key", "staff." + c.id},
                     {"name", c.name},     {"surname", c.surname},
                     {"office", c.office}, {"power", pname(p)},
                     {"kind", "staff"},    {"value", c.chief_of_staff() ? std::string("*") : std::to_string(c.value)},
                     {"text", c.text},     {"origin", origin_json(c.origin)}};
  for (const Leader& l : d.leaders)
    cards[l.id] = {{"id", l.id},         {"key", "leader." + l.id},        {"name", l.name},   {"surname", l.surname},
                   {"office", "Leader"}, {"power", power_name(l.power)},   {"kind", "leader"}, {"value", std::to_string(l.value)},
                   {"text", l.text},     {"origin", origin_json(l.origin)}};
  return cards;
}

nlohmann::json conference_cards_json(const Data& d) {
  nlohmann::json cards = nlohmann::json::object();
  for (const ConferenceCard& c : d.conference_cards) {
    nlohmann::json bands = nlohmann::json::array();
    bool polmil = false;
    for (int b = 0; b < kBands; ++b) {
      const ConferenceBand& band = c.bands[at(b)];
      if (band.title.empty() && band.text.empty()) continue;
      for (const Effect& e : band.effects) polmil = polmil || e.type == EffectType::PolMil;
      const std::string colour(band_name(static_cast<Band>(b)));
      bands.push_back(
          {{"band", colour}, {"key", fmt::format("conference_card.{}.{}", c.id, colour)}, {"title", band.title}, {"text", band.text}});
    }
    cards[c.id] = {{"id", c.id},
                   {"key", conference_key(c.conference)},
                   {"name", fmt::format("{} {}", c.title, c.version)},
                   {"version", std::string(1, c.version)},
                   {"conference", c.conference},
                   {"date", c.date},
                   {"bands", bands},
                   {"polmil", polmil},
                   {"origin", origin_json(c.origin)}};
  }
  return cards;
}

nlohmann::json polmil_table_json(const Data& d) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : d.polmil.cells) {
    nlohmann::json cells = nlohmann::json::array();
    for (LocationId l : row) cells.push_back({{"id", d.locations[l].id}, {"name", d.locations[l].name}});
    rows.push_back(cells);
  }
  return {{"rows", rows}, {"origin", origin_json(d.polmil.origin)}};
}

namespace {

// Why the seat has so few options, as a message ("board.options_why": the reason and its rule): the
// action it names by its display text, the Leader and the power by their names.
Message why_message(const Game& g, const State& s, core::Seat seat, const OptionsWhy& why) {
  Message reason = key(why.key);
  for (const auto& arg : why.args) {  // not a structured binding: the lambdas below use both (Clang 14)
    const std::string &name = arg.first, &value = arg.second;
    const auto action = name == "action" ? g.action_from_string(s, seat, value) : std::nullopt;
    const auto leader = [&]() -> std::optional<LeaderId> {
      for (LeaderId l : g.data().leaders.ids())
        if (g.data().leaders[l].name == value) return l;
      return std::nullopt;
    }();
    if (action)
      reason.with(name, g.action_message(s, seat, *action));
    else if (name == "leader" && leader)
      reason.name(name, leader_key(g.data(), *leader) + ".name");
    else if (const auto power = power_from_name(value); name == "advancer" && power)
      reason.name(name, power_key(*power));
    else if (const auto loc =
                 std::find_if(g.data().locations.begin(), g.data().locations.end(), [&](const Location& l) { return l.name == value; });
             name.rfind("location", 0) == 0 && loc != g.data().locations.end())
      reason.name(name, location_key(g.data(), g.data().location(loc->id)) + ".name");
    else
      reason.with(name, value);
  }
  return key("board.options_why").with("reason", reason).with("rule", why.rule);
}

}  // namespace

nlohmann::json view_json(const Game& g, const State& s, std::optional<core::Seat> seat) {
  const Data& d = g.data();
  nlohmann::json j;
  j["conference"] = s.conference;
  j["conference_card"] =
      s.conference_card == kNoConferenceCard ? nlohmann::json(nullptr) : nlohmann::json(d.conference_cards[s.conference_card].id);
  nlohmann::json hand = nlohmann::json::array();
  if (seat) {
    const Power me = power_at(*seat);  // the seat's power
    for (StaffId c : s.hand[me]) hand.push_back(d.staff[me][c].id);
  }
  j["hand"] = hand;
  nlohmann::json issues = nlohmann::json::object(), places = nlohmann::json::object();
  for (IssueId i : d.issues.ids()) {
    issues[d.issues[i].id] = issue_position(s.issues[i]);
    places[d.issues[i].id] = issue_place(s.issues[i]);
  }
  j["issues"] = issues;
  j["places"] = places;
  nlohmann::json fronts = nlohmann::json::object();
  for (FrontId f : d.fronts.ids()) {
    int reserves = 0;
    for (auto r : s.reserves_on_front[f]) reserves += r;
    nlohmann::json directed = nlohmann::json::array();
    for (Power p : kAllPowers)
      if (s.directed_front[p] == f) directed.push_back(pname(p));
    // 6.21, 6.22: the entry space waits for its conditional issue (D-Day, Manchuria).
    const int entry = s.front[f] + 1;
    const bool blocked =
        entry < static_cast<int>(d.fronts[f].track.size()) && rules::barred_by_conditional(g.known(), s, d.fronts[f], entry);
    const nlohmann::json position_id = s.front[f] < 0
                                           ? nlohmann::json(nullptr)
                                           : nlohmann::json(d.spaces[d.fronts[f].track[static_cast<std::size_t>(s.front[f])].space].id);
    fronts[d.fronts[f].id] = {
        {"position", front_position(g, s, f)},
        {"position_id", position_id},
        {"offensive", s.offensive[f]},
        {"reserves", reserves},
        {"directed", directed},
        {"blocked",
         blocked ? nlohmann::json(d.fronts[f].track[at(entry)].space == g.known().normandy ? "6.21" : "6.22") : nlohmann::json(nullptr)}};
  }
  j["fronts"] = fronts;
  nlohmann::json naval = nlohmann::json::object();
  for (TheaterId t : d.theaters.ids()) naval[d.theaters[t].id] = s.naval[t];
  j["naval"] = naval;
  nlohmann::json reserves = nlohmann::json::object();  // 7.61: still in the game, by kind
  for (int k = 0; k < kReserveKinds; ++k)
    reserves[std::string(reserve_kind_name(static_cast<ReserveKind>(k)))] = g.reserves_in_game(s, static_cast<ReserveKind>(k));
  j["axis_reserves"] = reserves;
  nlohmann::json global = nlohmann::json::object(), global_ids = nlohmann::json::object();
  for (GlobalIssueId m : d.global_issues.ids()) {
    std::string pos = "neutral";
    nlohmann::json advantage = nullptr;  // the power whose advantage position it is in
    for (int i = 0; i < 2; ++i)
      if (s.global[m] == d.global_issues[m].powers[static_cast<std::size_t>(i)]) {
        pos = d.global_issues[m].advantage[static_cast<std::size_t>(i)];
        advantage = power_name(d.global_issues[m].powers[static_cast<std::size_t>(i)]);
      }
    global[d.global_issues[m].name] = pos;
    global_ids[d.global_issues[m].id] = advantage;
  }
  j["tracks"] = {{"a_bomb", d.a_bomb[static_cast<std::size_t>(s.a_bomb)].name},
                 {"spy_ring", d.a_bomb[static_cast<std::size_t>(s.spy_ring)].name},
                 {"leadership", {{"Europe", pname(s.theater_leader[0])}, {"Pacific", pname(s.theater_leader[1])}}},
                 {"global", global},
                 {"surrendered", {{"Germany", s.surrendered[0]}, {"Japan", s.surrendered[1]}}},
                 // the same by id, for clients that name them in the reader's language (docs/i18n.md)
                 {"ids",
                  {{"a_bomb", d.a_bomb[static_cast<std::size_t>(s.a_bomb)].id},
                   {"spy_ring", d.a_bomb[static_cast<std::size_t>(s.spy_ring)].id},
                   {"global", global_ids}}}};
  nlohmann::json locations = nlohmann::json::object();
  for (LocationId l : d.locations.ids())
    locations[d.locations[l].id] = {
        {"networks", s.networks[l]},
        {"network_owner", s.network_owner[l] == kNoPower ? nlohmann::json(nullptr) : nlohmann::json(pname(s.network_owner[l]))},
        {"alignment", s.alignment[l] == kNoPower ? nlohmann::json(nullptr) : nlohmann::json(pname(s.alignment[l]))}};
  j["locations"] = locations;
  nlohmann::json leaders = nlohmann::json::object();
  for (Power p : kAllPowers) {
    const LeaderState& l = s.leaders[p];
    leaders[pname(p)] = {{"leader", d.leaders[l.card].id},
                         {"active", l.active},
                         {"stays_home", l.stays_home},
                         {"cards_in_hand", s.cards_in_hand(p)},
                         {"production", s.production[p]},
                         // 6.9, 5.22: support markers still to place that cost no production, by
                         // where they may go (State::support_bonus's buckets)
                         {"bonus_support",
                          {{"europe", s.support_bonus[p][0]},
                           {"pacific", s.support_bonus[p][1]},
                           {"either", s.support_bonus[p][2]},
                           {"any_front_offensive", s.support_bonus[p][3]}}},
                         {"networks_to_place", s.networks_gained[p]},
                         {"alignment_to_place", s.alignment_gained[p]},
                         {"conferences_won", s.conferences_won[p]}};
  }
  j["powers"] = leaders;
  const bool over = g.node_kind(s) == core::NodeKind::Terminal;
  j["winner"] = s.winner != kNoPower ? nlohmann::json(pname(s.winner)) : nlohmann::json(nullptr);
  const ScoreSheet sheet = g.score(s, over);  // Secret Agenda markers count once revealed (10.2)
  nlohmann::json scores = nlohmann::json::object();
  for (int p = 0; p < kPowers; ++p) scores[pname(p)] = sheet.total[static_cast<std::size_t>(p)];
  j["scores"] = scores;
  // VPs are a final tally (4.4); during play they are the tally if the game ended now (9.63, 9.73).
  j["score_label"] = over ? "final" : "if the game ended now";
  j["score_case"] = end_case_name(g.end_case(s, sheet.total));
  j["score_case_key"] = kCaseKeys[static_cast<int>(g.end_case(s, sheet.total))];
  // The rule number of the step being played (the phase line's): a client tells the Decision
  // Segment (6.x) and the placements (7.1, 7.3) by it.
  j["phase_rule"] = phase_rule(g.phase_message(s));
  // 4.4 on the current board: who would win now (not while hidden Secret Agendas could change it).
  j["winner_if_ended_now"] = !over && !s.secret_agenda_variant ? nlohmann::json(pname(g.winner(s))) : nlohmann::json(nullptr);
  nlohmann::json agenda = nlohmann::json::object();
  for (Power p : kAllPowers) {
    if (!s.secret_agenda_variant) break;
    if (!over && (!seat || *seat != index(p))) continue;  // nobody sees another seat's markers before the end
    nlohmann::json markers = nlohmann::json::array();
    for (MarkerId m : s.secret_agenda[p])
      if (m != kNoMarker) markers.push_back(d.locations[d.secret_agenda[m].location].id);
    agenda[pname(p)] = markers;
  }
  j["secret_agenda"] = agenda;
  j["pending"] = pending_json(g, s);
  nlohmann::json notes = nlohmann::json::object(), note_messages = nlohmann::json::object();
  if (seat)
    for (const auto& [action, note] : action_notes(g, s, *seat)) {
      notes[action] = g.catalogues().render(core::i18n::kFallbackLanguage, note);
      note_messages[action] = core::i18n::to_json(note);
    }
  j["action_notes"] = notes;
  j["action_note_messages"] = note_messages;
  // Why the seat has so few options (explain.h): {"text", "key", "rule", "args"}, or null; and as
  // the message every reader words (options_why_message).
  const auto why = seat ? why_few_options(g, s, *seat) : std::nullopt;
  j["options_why"] = nullptr;
  j["options_why_message"] = nullptr;
  if (why) {
    nlohmann::json args = nlohmann::json::object();
    for (const auto& [name, value] : why->args) args[name] = value;
    j["options_why"] = {{"text", why->text}, {"key", why->key}, {"rule", why->rule}, {"args", args}};
    j["options_why_message"] = core::i18n::to_json(why_message(g, s, *seat, *why));
  }
  if (over) j["end"] = end_json(g, s, sheet);
  return j;
}

std::string Game::phase_text(const State& s) const { return churchill::phase_text(*this, s); }
nlohmann::json Game::view_json(const State& s, std::optional<core::Seat> seat) const { return churchill::view_json(*this, s, seat); }

}  // namespace churchill
