#include "churchill/view.h"

#include <fmt/format.h>

#include "churchill/explain.h"
#include "churchill/i18n_names.h"
#include "churchill/rules.h"
#include "core/text_layout.h"

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
Message msg(std::string key) { return Message{std::move(key), {}, {}, {}}; }

// Where an issue stands, as a message ("board.pos_*"): the words of issue_position.
Message position_message(const IssueState& is) {
  if (is.where == IssueWhere::Display) return msg("board.pos_display");
  if (is.where == IssueWhere::Removed) return msg("board.pos_removed");
  if (is.track == kCenter) return msg("board.pos_centre");
  const std::string power = power_key(static_cast<Power>(is.track));
  if (is.space >= kChair) return msg("board.pos_chair").name("power", power);
  return msg("board.pos_space").name("power", power).with("space", std::to_string(is.space));
}

std::string front_position(const Game& g, const State& s, std::size_t f) {
  const Front& front = g.data().fronts[f];
  if (s.front[front_at(f)] < 0) return front.name.substr(0, front.name.find(" Front")) + " Theater box";
  return g.data().spaces[front.track[static_cast<std::size_t>(s.front[front_at(f)])].space].name;
}

nlohmann::json origin_json(const Origin& o) { return {{"provenance", provenance_name(o.provenance)}, {"source", o.source}}; }

// The card of a play in the Meeting: a staff card's id, or "leader".
std::string play_card(const Data& d, const Play& p) {
  return p.leader || p.card == kNone ? "leader" : d.staff[power_at(p.seat)][p.card].id;
}
std::string play_card_name(const Data& d, const State& s, const Play& p) {
  if (p.leader || p.card == kNone) return d.leaders[s.leaders[power_at(p.seat)].card].name;
  return d.staff[power_at(p.seat)][p.card].name;
}

// 5.22-5.24: the advance being resolved, while someone may still debate it: who plays what on which
// issue with which value, and where the issue stands if nobody debates. An advance moves its issue
// at once (5.22) unless it would capture it (5.23): then the issue waits where it is, and the values
// are compared after the debate.
// Whether an advance waits for a debate, and if so whether it would capture its issue (5.23).
std::optional<bool> pending_capture(const State& s) {
  if (s.steps.empty() || s.advance.seat < 0 || s.advance.issue == kNone) return std::nullopt;
  const StepId top = s.steps.top().id;
  const bool debating = top == StepId::DebateOffer || top == StepId::ChiefIssue || top == StepId::ChiefRoll || top == StepId::HealthRoll ||
                        top == StepId::ParanoiaRoll || top == StepId::PurgeRoll;
  if (!debating) return std::nullopt;
  for (std::size_t i = s.steps.size(); i-- > 0;)
    if (s.steps[i].id == StepId::ResolvePlay) return s.steps[i].as<step::ResolvePlay>().capture_pending;
  return std::nullopt;
}

core::i18n::Message where_message(const IssueState& is) {
  using core::i18n::Message;
  if (is.track == kCenter) return Message{"log.where_centre", {}, {}, {}};
  const std::string power = power_key(static_cast<Power>(is.track));
  if (is.space >= kChair) return Message{"log.where_chair", {}, {}, {}}.name("power", power);
  return Message{"log.where_space", {}, {}, {}}.name("power", power).with("space", std::to_string(is.space));
}

}  // namespace

std::optional<core::i18n::Message> pending_message(const Game& g, const State& s) {
  const std::optional<bool> capture = pending_capture(s);
  if (!capture) return std::nullopt;
  const Data& d = g.data();
  const Play& adv = s.advance;
  const std::string card = adv.leader || adv.card == kNone ? leader_key(d, s.leaders[power_at(adv.seat)].card)
                                                           : staff_key(d, static_cast<Power>(adv.seat), adv.card);
  return core::i18n::Message{*capture ? "board.pending_capture" : "board.pending_moved", {}, {}, {}}
      .name("power", power_key(static_cast<Power>(adv.seat)))
      .name("card", card + ".name")
      .with("value", std::to_string(adv.value))
      .name("issue", issue_key(d, adv.issue) + ".name")
      .with("where", where_message(s.issues[adv.issue]));
}

namespace {

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
  if (s.debate.seat >= 0)
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
          base = d.leaders[s.leaders[power_at(seat)].card].value;
        else if (!d.staff[power_at(seat)][at(card)].chief_of_staff())
          base = d.staff[power_at(seat)][at(card)].value;
      }
      if (event == rules::Event::IssueMoved && !moved) {
        IssueState where{};
        where.where = IssueWhere::Table;
        where.track = static_cast<std::int8_t>(e.args[1]);
        where.space = static_cast<std::int8_t>(e.args[2]);
        moved = {position_message(s.issues[at(e.args[0])]), position_message(where)};
      }
    }
    if (value < 0) {
      // 5.25: a Chief of Staff committed, his value still to be rolled (and, for an advance, the
      // issue still to be chosen).
      if (!next.steps.empty() && next.steps.top().id == StepId::ChiefRoll)
        notes[g.action_to_string(s, seat, a)] =
            msg(next.steps.top().as<step::ChiefRoll>().debate ? "note.chief_debate" : "note.chief_advance");
      continue;
    }
    // Other hands are hidden in an observation, so the copy never offers them a debate: an advance
    // says where its issue goes if nobody debates it.
    // A debate needs a staff card (even a Leader's discards one, 5.24): with none in other hands, no "if".
    bool others_hold_cards = false;
    for (int p = 0; p < kPowers; ++p) others_hold_cards = others_hold_cards || (p != seat && s.cards_in_hand(p) > 0);
    const bool advance = (top == StepId::MeetingTurn || top == StepId::ChiefIssue) && others_hold_cards;
    // "value 3+2 = 5": the printed value and what attributes, Paranoia or a lesser choice change.
    Message note = base < 0 || base == value ? msg("note.value").with("value", std::to_string(value))
                                             : msg("note.value_changed")
                                                   .with("base", std::to_string(base))
                                                   .with("change", fmt::format("{:+}", value - base))
                                                   .with("value", std::to_string(value));
    if (!moved && next.advance.seat == seat && next.advance.issue != kNone) {  // 5.23: a capture waits
      IssueState to = next.issues[next.advance.issue];
      rules::move_toward(to, seat, next.advance.value, next.advance.stop_at_center);
      moved = {position_message(next.issues[next.advance.issue]), position_message(to)};
    }
    if (moved)
      note =
          msg(advance ? "note.moves_if_not_debated" : "note.moves").with("note", note).with("from", moved->first).with("to", moved->second);
    notes[g.action_to_string(s, seat, a)] = note;
  }
  return notes;
}

// 4.4 and 9.4 at the end: the case that applied, each power's scoring lines, and the winner in words.
// The text of a 9.4 line that scored (or of a Secret Agenda marker, 10.3).
Message score_line_text(const Data& d, const ScoreLine& l) {
  Message text = l.condition == "10.3" ? msg("end.secret_agenda_line") : Message::plain(l.condition);
  for (const VictoryCondition& v : d.victory)
    if (v.id == l.condition) text = msg(victory_key(v) + ".text");
  return text;
}

// "UK 23, US 31, USSR 40": a power's totals as a message.
Message totals_message(const std::array<int, kPowers>& v) {
  Message totals = msg("end.totals");
  for (int p = 0; p < kPowers; ++p)
    totals.name(fmt::format("power{}", p), power_key(static_cast<Power>(p))).with(fmt::format("vp{}", p), std::to_string(v[at(p)]));
  return totals;
}

// 4.43: the totals after the adjustment, when neither Axis power surrendered (else none).
std::optional<Message> adjusted_message(const Game& g, const State& s, const std::array<int, kPowers>& v) {
  if (g.end_case(s, v) != EndCase::GlobalHegemon) return std::nullopt;
  return msg("end.adjusted_totals").with("totals", totals_message(hegemon_adjusted(v)));
}

// 4.4: which case applied to the final totals and why the winner won.
Message end_why(const Game& g, const State& s, const std::array<int, kPowers>& v) {
  const EndCase end = g.end_case(s, v);
  const int most = *std::max_element(v.begin(), v.end()), fewest = *std::min_element(v.begin(), v.end());
  int top_count = 0;
  for (int t : v) top_count += t == most;
  Message why = msg("end.why_alliance");
  switch (end) {
    case EndCase::AllianceVictory: why = msg(top_count > 1 ? "end.why_alliance_tied" : "end.why_alliance"); break;
    case EndCase::BrokenAlliance: why = msg("end.why_broken_alliance"); break;
    case EndCase::GlobalHegemon:
      why = msg("end.why_global_hegemon")
                .with("surrenders", msg(s.surrendered[0]   ? "end.japan_did_not_surrender"
                                        : s.surrendered[1] ? "end.germany_did_not_surrender"
                                                           : "end.neither_surrendered"));
      break;
  }
  why.with("totals", totals_message(v))
      .with("most", std::to_string(most))
      .with("fewest", std::to_string(fewest))
      .with("difference", std::to_string(most - fewest));
  if (s.winner >= 0) why = msg("end.why_and_winner").with("why", why).name("power", power_key(static_cast<Power>(s.winner)));
  return why;
}

// 4.4's three cases by their catalogue keys (EndCase's order).
constexpr const char* kCaseKeys[] = {"board.case_alliance_victory", "board.case_broken_alliance", "board.case_global_hegemon"};

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
  for (std::size_t a = 0; a < 2; ++a)
    if (s.surrendered[a]) {
      const int axis = static_cast<int>(a);  // 4.4: Germany, Japan (the data's first two Axis powers)
      surrendered.push_back(d.axis[at(axis)].name);
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
  for (int p = 0; p < kPowers; ++p)
    for (const StaffCard& c : d.staff[power_at(p)])
      cards[c.id] = {{"id", c.id},
                     {"key", "staff." + c.id},
                     {"name", c.name},
                     {"office", c.office},
                     {"power", pname(p)},
                     {"kind", "staff"},
                     {"value", c.chief_of_staff() ? std::string("*") : std::to_string(c.value)},
                     {"text", c.text},
                     {"origin", origin_json(c.origin)}};
  for (const Leader& l : d.leaders)
    cards[l.id] = {{"id", l.id},
                   {"key", "leader." + l.id},
                   {"name", l.name},
                   {"office", "Leader"},
                   {"power", power_name(l.power)},
                   {"kind", "leader"},
                   {"value", std::to_string(l.value)},
                   {"text", l.text},
                   {"origin", origin_json(l.origin)}};
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
    for (std::uint8_t l : row) cells.push_back({{"id", d.locations[l].id}, {"name", d.locations[l].name}});
    rows.push_back(cells);
  }
  return {{"rows", rows}, {"origin", origin_json(d.polmil.origin)}};
}

namespace {

// Why the seat has so few options, as a message ("board.options_why": the reason and its rule): the
// action it names by its display text, the Leader and the power by their names.
Message why_message(const Game& g, const State& s, core::Seat seat, const OptionsWhy& why) {
  Message reason = msg(why.key);
  for (const auto& arg : why.args) {  // not a structured binding: the lambdas below use both (Clang 14)
    const std::string &name = arg.first, &value = arg.second;
    const auto action = name == "action" ? g.action_from_string(s, seat, value) : std::nullopt;
    const auto leader = std::find_if(g.data().leaders.begin(), g.data().leaders.end(), [&](const Leader& l) { return l.name == value; });
    if (action)
      reason.with(name, g.action_message(s, seat, *action));
    else if (name == "leader" && leader != g.data().leaders.end())
      reason.name(name, leader_key(g.data(), static_cast<int>(leader - g.data().leaders.begin())) + ".name");
    else if (const auto power = power_from_name(value); name == "advancer" && power)
      reason.name(name, power_key(*power));
    else if (const auto loc =
                 std::find_if(g.data().locations.begin(), g.data().locations.end(), [&](const Location& l) { return l.name == value; });
             name.rfind("location", 0) == 0 && loc != g.data().locations.end())
      reason.name(name, location_key(g.data(), static_cast<int>(loc - g.data().locations.begin())) + ".name");
    else
      reason.with(name, value);
  }
  return msg("board.options_why").with("reason", reason).with("rule", why.rule);
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
      if (s.hand[power_at(*seat)] & (1u << c)) hand.push_back(d.staff[power_at(*seat)][static_cast<std::size_t>(c)].id);
  j["hand"] = hand;
  nlohmann::json issues = nlohmann::json::object(), places = nlohmann::json::object();
  for (std::size_t i = 0; i < d.issues.size(); ++i) {
    issues[d.issues[i].id] = issue_position(s.issues[i]);
    places[d.issues[i].id] = issue_place(s.issues[i]);
  }
  j["issues"] = issues;
  j["places"] = places;
  nlohmann::json fronts = nlohmann::json::object();
  for (std::size_t f = 0; f < d.fronts.size(); ++f) {
    int reserves = 0;
    for (auto r : s.reserves_on_front[front_at(f)]) reserves += r;
    nlohmann::json directed = nlohmann::json::array();
    for (int p = 0; p < kPowers; ++p)
      if (s.directed_front[power_at(p)] == f) directed.push_back(pname(p));
    // 6.21, 6.22: the entry space waits for its conditional issue (D-Day, Manchuria).
    const int entry = s.front[front_at(f)] + 1;
    const bool blocked =
        entry < static_cast<int>(d.fronts[f].track.size()) && rules::barred_by_conditional(g.known(), s, d.fronts[f], entry);
    const nlohmann::json position_id =
        s.front[front_at(f)] < 0 ? nlohmann::json(nullptr)
                                 : nlohmann::json(d.spaces[d.fronts[f].track[static_cast<std::size_t>(s.front[front_at(f)])].space].id);
    fronts[d.fronts[f].id] = {
        {"position", front_position(g, s, f)},
        {"position_id", position_id},
        {"offensive", s.offensive[front_at(f)]},
        {"reserves", reserves},
        {"directed", directed},
        {"blocked",
         blocked ? nlohmann::json(d.fronts[f].track[at(entry)].space == g.known().normandy ? "6.21" : "6.22") : nlohmann::json(nullptr)}};
  }
  j["fronts"] = fronts;
  nlohmann::json naval = nlohmann::json::object();
  for (std::size_t t = 0; t < d.theaters.size(); ++t) naval[d.theaters[t].id] = s.naval[t];
  j["naval"] = naval;
  nlohmann::json reserves = nlohmann::json::object();  // 7.61: still in the game, by kind
  for (int k = 0; k < kReserveKinds; ++k)
    reserves[std::string(reserve_kind_name(static_cast<ReserveKind>(k)))] = g.reserves_in_game(s, static_cast<ReserveKind>(k));
  j["axis_reserves"] = reserves;
  nlohmann::json global = nlohmann::json::object(), global_ids = nlohmann::json::object();
  for (std::size_t m = 0; m < d.global_issues.size(); ++m) {
    std::string pos = "neutral";
    nlohmann::json advantage = nullptr;  // the power whose advantage position it is in
    for (int i = 0; i < 2; ++i)
      if (s.global[m] == static_cast<std::uint8_t>(d.global_issues[m].powers[static_cast<std::size_t>(i)])) {
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
  for (std::size_t l = 0; l < d.locations.size(); ++l)
    locations[d.locations[l].id] = {
        {"networks", s.networks[l]},
        {"network_owner", s.network_owner[l] == kNone ? nlohmann::json(nullptr) : nlohmann::json(pname(s.network_owner[l]))},
        {"alignment", s.alignment[l] == kNone ? nlohmann::json(nullptr) : nlohmann::json(pname(s.alignment[l]))}};
  j["locations"] = locations;
  nlohmann::json leaders = nlohmann::json::object();
  for (int p = 0; p < kPowers; ++p) {
    const LeaderState& l = s.leaders[power_at(p)];
    leaders[pname(p)] = {{"leader", d.leaders[l.card].id},
                         {"active", l.active},
                         {"stays_home", l.stays_home},
                         {"cards_in_hand", s.cards_in_hand(p)},
                         {"production", s.production[power_at(p)]},
                         // 6.9, 5.22: support markers still to place that cost no production, by
                         // where they may go (State::support_bonus's buckets)
                         {"bonus_support",
                          {{"europe", s.support_bonus[power_at(p)][0]},
                           {"pacific", s.support_bonus[power_at(p)][1]},
                           {"either", s.support_bonus[power_at(p)][2]},
                           {"any_front_offensive", s.support_bonus[power_at(p)][3]}}},
                         {"networks_to_place", s.networks_gained[power_at(p)]},
                         {"alignment_to_place", s.alignment_gained[power_at(p)]},
                         {"conferences_won", s.conferences_won[power_at(p)]}};
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
  j["score_case_key"] = kCaseKeys[static_cast<int>(g.end_case(s, sheet.total))];
  // The rule number of the step being played (the phase line's): a client tells the Decision
  // Segment (6.x) and the placements (7.1, 7.3) by it.
  j["phase_rule"] = phase_rule(g.phase_message(s));
  // 4.4 on the current board: who would win now (not while hidden Secret Agendas could change it).
  j["winner_if_ended_now"] = !over && !s.secret_agenda_variant ? nlohmann::json(pname(g.winner(s))) : nlohmann::json(nullptr);
  nlohmann::json agenda = nlohmann::json::object();
  for (int p = 0; p < kPowers && s.secret_agenda_variant; ++p) {
    if (!over && (!seat || *seat != p)) continue;  // nobody sees another seat's markers before the end
    nlohmann::json markers = nlohmann::json::array();
    for (std::uint8_t m : s.secret_agenda[power_at(p)])
      if (m != kNone) markers.push_back(d.locations[d.secret_agenda[m].location].id);
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
std::string Game::board_text(const State& s, std::optional<core::Seat> seat) const { return churchill::board_text(*this, s, seat); }

// ---------------------------------------------------------------------------------------------
// The board as text for a terminal, in the reader's language (the "board.*" messages and the names
// of the catalogues). Every line fits in 80 columns, counted in characters, not bytes (Cyrillic).

namespace {

using core::clip;
using core::code_points;
using core::pad;

// Lays out cells of `width` characters, `per_line` to a line.
std::string columns(const std::vector<std::string>& cells, std::size_t width, std::size_t per_line) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    out += "  " + pad(cells[i], width);
    if ((i + 1) % per_line == 0 || i + 1 == cells.size()) {
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += "\n";
    }
  }
  return out;
}

// A line longer than 79 characters broken at spaces, the rest indented by `indent`.
std::string fit_line(const std::string& line, std::size_t indent) { return core::wrap(line, 79, indent); }

class BoardText {
 public:
  BoardText(const Game& g, const State& s, std::optional<core::Seat> seat, const Names& n)
      : g_(g), d_(g.data()), s_(s), seat_(seat), n_(n), over_(g.node_kind(s) == core::NodeKind::Terminal), sheet_(g.score(s, over_)) {}

  std::string text() const { return header() + table() + fronts() + reserves() + markers() + tracks() + hand() + end(); }

 private:
  std::string power(int p) const { return n_.power(p); }
  // "UK", "ВБ": a power in a cell of the markers' columns.
  std::string short_power(int p) const { return tr("board.power_short." + std::string(power_name(static_cast<Power>(p)))); }
  std::string tr(std::string_view key, const core::i18n::Args& args = {}) const { return n_.tr(key, args); }

  std::string position(const IssueState& is) const { return n_.render(position_message(is)); }

  std::string header() const {
    std::string out = s_.conference_card == kNone
                          ? tr("board.conference", {{"number", std::to_string(s_.conference)}})
                          : tr("board.conference_card", {{"number", std::to_string(s_.conference)},
                                                         {"title", n_.conference(d_.conference_cards[s_.conference_card].conference)},
                                                         {"version", std::string(1, d_.conference_cards[s_.conference_card].version)}});
    const auto& t = sheet_.total;
    out += fmt::format("\n{}: {} {} {} {} {} {}{}\n", tr(over_ ? "board.score_final" : "board.score_now"), power(0), t[0], power(1), t[1],
                       power(2), t[2], s_.secret_agenda_variant && !over_ ? " " + tr("board.secret_hidden") : "");
    static constexpr const char* kCases[] = {"board.case_alliance_victory", "board.case_broken_alliance", "board.case_global_hegemon"};
    const std::string outcome = tr(kCases[static_cast<int>(g_.end_case(s_, t))]);
    out +=
        "  " + outcome + (over_ || s_.secret_agenda_variant ? "" : ": " + tr("board.would_win", {{"power", power(g_.winner(s_))}})) + "\n";
    out += fmt::format("{}: {} {} {} {} {} {}{}\n", tr("board.conferences_won"), power(0), s_.conferences_won[Power::UK], power(1),
                       s_.conferences_won[Power::US], power(2), s_.conferences_won[Power::USSR],
                       s_.winner >= 0 ? " | " + tr("board.winner", {{"power", power(s_.winner)}}) : "");
    std::string leaders = tr("board.leaders");
    for (int p = 0; p < kPowers; ++p) {
      const LeaderState& l = s_.leaders[power_at(p)];
      const int cards = s_.cards_in_hand(p);
      const std::string full = n_.leader(l.card);  // "Sir Winston Churchill": the surname is enough here
      leaders += fmt::format(" {} {}{} {}", power(p), full.substr(full.rfind(' ') + 1),
                             l.active ? (l.stays_home ? " " + tr("board.home") : "") : " " + tr("board.inactive"),
                             tr("board.cards_short", {{"count", std::to_string(cards)}}));
    }
    const std::string legend = tr("board.cards_legend");  // beside the Leaders, else under them
    return out + leaders + (code_points(leaders) + 1 + code_points(legend) > 79 ? "\n    " : " ") + legend + "\n";
  }

  std::string table() const {
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < d_.issues.size(); ++i)
      if (s_.issues[i].where == IssueWhere::Table) {
        const std::string where = position(s_.issues[i]);
        const std::string number = issue_number(d_, static_cast<int>(i));  // "US Production 2", as its commands
        const std::string name = n_.issue(static_cast<int>(i)) + (number.empty() ? "" : " " + number);
        cells.push_back(pad(clip(name, 35 - code_points(where)), 36 - code_points(where)) + where);
      }
    std::string out = tr("board.table") + "\n" + (cells.empty() ? "  " + tr("board.no_issues") + "\n" : columns(cells, 36, 2));
    if (const auto m = pending_message(g_, s_)) out += tr("board.being_debated") + " " + n_.render(*m) + "\n";
    return out;
  }

  std::string front_position(std::size_t f) const {
    if (s_.front[front_at(f)] < 0) return tr("board.theater_box");
    return n_.space(d_.fronts[f].track[static_cast<std::size_t>(s_.front[front_at(f)])].space);
  }

  std::string fronts() const {
    std::vector<std::string> cells;
    for (std::size_t f = 0; f < d_.fronts.size(); ++f)
      cells.push_back(fmt::format("{}{} +{} ⚓{}", pad(clip(n_.front(static_cast<int>(f)), 33), 34), pad(clip(front_position(f), 23), 24),
                                  s_.offensive[front_at(f)], s_.naval[d_.fronts[f].theater]));
    cells.push_back(fmt::format("{}{}    ⚓{}", pad(clip(n_.theater(g_.known().arctic), 33), 34), pad("", 24), s_.naval[g_.known().arctic]));
    return tr("board.fronts") + "\n" + columns(cells, 38, 1);
  }

  std::string reserves() const {
    std::string out = tr("board.axis_reserves") + ":";
    for (int k = 0; k < kReserveKinds; ++k)
      out += fmt::format("{} {} {}", k ? "," : "", n_.reserve(static_cast<ReserveKind>(k)),
                         g_.reserves_in_game(s_, static_cast<ReserveKind>(k)));
    return out + "\n";
  }

  std::string markers() const {
    std::vector<std::string> cells;
    for (std::size_t l = 0; l < d_.locations.size(); ++l) {
      if (s_.networks[l] == 0 && s_.alignment[l] == kNone) continue;
      std::string marks = s_.networks[l] ? short_power(s_.network_owner[l]) + std::to_string(s_.networks[l]) : "";
      if (s_.alignment[l] != kNone) marks += (marks.empty() ? "" : " ") + tr("board.pa_short") + "-" + short_power(s_.alignment[l]);
      cells.push_back(pad(clip(n_.location(static_cast<int>(l)), 21), 22) + marks);
    }
    return tr("board.markers", {{"power", short_power(0)}}) + "\n" + columns(cells, 36, 2);
  }

  std::string tracks() const {
    std::string out =
        fmt::format("{}: {} | {}: {}\n{}\n{}:", tr("board.a_bomb"), n_.a_bomb(s_.a_bomb), tr("board.spy_ring"), n_.a_bomb(s_.spy_ring),
                    tr("board.leadership", {{"europe", power(s_.theater_leader[0])}, {"pacific", power(s_.theater_leader[1])}}),
                    tr("board.global_issues"));
    for (std::size_t m = 0; m < d_.global_issues.size(); ++m) {
      const auto& gi = d_.global_issues[m];
      std::string pos = tr("board.neutral");
      for (int i = 0; i < 2; ++i)
        if (s_.global[m] == static_cast<std::uint8_t>(gi.powers[at(i)]))
          pos = tr(global_issue_key(d_, static_cast<int>(m)) + ".advantage." + std::string(power_name(gi.powers[at(i)])));
      out += fmt::format("{} {}: {}", m == 0 ? "" : ";", n_.global_issue(static_cast<int>(m)), pos);  // each marker by name
    }
    return out + "\n";
  }

  // One card of the hand in lines of at most 80 columns: "  3 beaverbrook  +2 to value if Churchill
  // is still ..." (the id is what an action names) with "(r)" for a card the project reconstructed.
  std::string hand_line(Power p, int c) const {
    const StaffCard& card = d_.staff[p][at(c)];
    std::string text = n_.staff_text(p, c);
    if (const std::size_t colon = text.find(": "); colon != std::string::npos && colon < 24)
      text = text.substr(colon + 2);  // "Attribute: "
    const std::string mark = card.origin.provenance == Provenance::Reconstructed ? " (r)" : "";
    const std::string line =
        fmt::format("  {} {} {}", card.chief_of_staff() ? std::string("*") : std::to_string(card.value), pad(card.id, 12), text);
    return fit_line(line + mark, 18);  // whole: wrapped under the text, never cut
  }

  // The end of the game (4.4): every line that scored, by power (a condition met several times is one
  // line, "A x4"), the 4.43 adjusted totals where they decide, and why the winner won.
  std::string end() const {
    if (!over_) return "";
    std::string out = "\n" + tr("board.end_heading") + "\n";
    for (int p = 0; p < kPowers; ++p) {
      out += "  " + tr("board.end_power", {{"power", power(p)}, {"vp", std::to_string(sheet_.total[at(p)])}}) + "\n";
      std::vector<std::pair<const ScoreLine*, std::pair<int, int>>> rows;  // line, (times, VP)
      for (const ScoreLine& l : sheet_.lines) {
        if (l.power != p) continue;
        auto row = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.first->condition == l.condition; });
        if (row == rows.end()) row = rows.insert(rows.end(), {&l, {0, 0}});
        ++row->second.first;
        row->second.second += l.vp;
      }
      for (const auto& [l, n] : rows) {  // "     36  A x12  3 VP per country ...", the text's lines under its first
        const std::string head = fmt::format("    {:>3}  {}{}", n.second, l->condition, n.first > 1 ? fmt::format(" x{}", n.first) : "");
        out += fit_line(pad(head, 17) + " " + n_.render(score_line_text(d_, *l)), 18);
      }
      if (rows.empty()) out += "    " + tr("board.end_no_vp") + "\n";
    }
    if (const auto adjusted = adjusted_message(g_, s_, sheet_.total)) out += n_.render(*adjusted) + "\n";
    return out + tr("board.end_why") + ": " + n_.render(end_why(g_, s_, sheet_.total)) + "\n";
  }

  std::string hand() const {
    if (!seat_ || !s_.hand[power_at(*seat_)]) return "";
    std::string out = tr("board.hand", {{"power", power(*seat_)}}) + "\n";
    for (int c = 0; c < 32; ++c)
      if (s_.hand[power_at(*seat_)] & (1u << c)) out += hand_line(static_cast<Power>(*seat_), c);
    return out;
  }

  const Game& g_;
  const Data& d_;
  const State& s_;
  std::optional<core::Seat> seat_;
  const Names& n_;
  bool over_;
  ScoreSheet sheet_;
};

}  // namespace

std::string board_text(const Game& g, const State& s, std::optional<core::Seat> seat) {
  return g.board_text(s, seat, core::i18n::kFallbackLanguage);
}

std::string Game::board_text(const State& s, std::optional<core::Seat> seat, std::string_view language) const {
  const Names names(*data_, catalogues(), std::string(language));
  return core::fit_lines(BoardText(*this, s, seat, names).text(), 79);
}

core::i18n::Message Game::phase_message(const State& s) const { return churchill::phase_message(*this, s); }
core::i18n::Message Game::log_message(const core::LogEntry& e) const { return churchill::log_message(*data_, e); }
// The log in English, from the catalogue like every other language.
std::string Game::describe(const core::LogEntry& e) const { return catalogues().render(core::i18n::kFallbackLanguage, log_message(e)); }
core::i18n::Message Game::action_message(const State& s, core::Seat seat, core::Action a) const {
  return churchill::action_message(*data_, s, seat, a);
}

}  // namespace churchill
