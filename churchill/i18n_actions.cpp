// The display text of an action in the reader's language, from the action.* messages (names as
// catalogue keys, worded by the reader's side). The action's string form (Game::action_to_string)
// stays the language-neutral command that saves and `act` use.
#include <fmt/format.h>

#include "churchill/actions.h"
#include "churchill/game.h"
#include "churchill/i18n_names.h"

namespace churchill {

namespace {

using core::i18n::Message;

// A message with its arguments, as a catalogue lookup names them.
Message tr(std::string k, const std::vector<std::pair<std::string, Message>>& args = {}) {
  Message m = key(std::move(k));
  for (const auto& [name, value] : args) m.with(name, value);
  return m;
}

class ActionWording {
 public:
  ActionWording(const Data& d, const State& s, core::Seat seat) : d_(d), s_(s), seat_(seat) {}

  Message card(int i) const { return nm(staff_key(d_, power_at(seat_), i)); }  // the acting seat's deck
  Message power(int p) const { return key(power_key(power_at(p))); }           // an action's power
  // " (value 3)", " (stops in the centre)": each flag after a space ("action.after" with nothing before).
  static Message after(Message before, Message m) { return tr("action.after", {{"before", std::move(before)}, {"after", std::move(m)}}); }
  Message flags(std::uint8_t f) const {
    Message out = Message::plain("");
    if (const int v = reduced_value(f)) out = after(out, tr("action.flag_value", {{"value", num(v)}}));
    if (f & kStopAtCenter) out = after(out, key("action.flag_stop"));
    return out;
  }
  Message source(int b) const {
    static constexpr const char* kKeys[] = {"", "action.source_europe", "action.source_pacific", "action.source_either",
                                            "action.source_any"};
    const int i = b % 5;
    return i == 0 ? Message::plain("") : after(Message::plain(""), key(kKeys[i]));
  }

  Message chance(core::Action a) const {
    if (s_.steps.empty()) return tr("action.unknown", {{"code", Message::plain(fmt::format("{:08x}", a))}});
    const int v = arg_a(a);
    const Step& top = s_.steps.top();
    switch (top.id) {
      case StepId::RevealConference: {
        const ConferenceCard& c = d_.conference_cards[conference_card_at(v)];
        return tr("action.chance_card",
                  {{"title", nm(conference_key(c.conference))}, {"version", Message::plain(std::string(1, c.version))}});
      }
      case StepId::Deal: return tr("action.chance_deal", {{"card", nm(staff_key(d_, top.as<step::Deal>().power, v))}});
      case StepId::PolMilRoll: return tr("action.chance_polmil", {{"red", num(v / 8)}, {"blue", num(v % 8)}});
      case StepId::SplitRoll: return tr("action.chance_front", {{"front", nm(front_key(d_, front_at(v)))}});
      case StepId::SecretAgendaDeal:
        return tr("action.chance_marker", {{"location", nm(location_key(d_, d_.secret_agenda[marker_at(v)].location))}});
      default: return tr("action.chance_roll", {{"value", num(v)}});
    }
  }

  Message text(core::Action a) const {
    if (seat_ == core::kChance) return chance(a);
    const int x = arg_a(a), y = arg_b(a);
    const std::uint8_t f = arg_c(a);
    switch (kind_of(a)) {
      case Act::AgendaCard: return tr("action.agenda_card", {{"card", card(x)}});
      case Act::TieBreak: return tr("action.tie_break");
      case Act::NoTieBreak: return tr("action.no_tie_break");
      case Act::Winner: return tr("action.winner", {{"power", power(x)}});
      case Act::Select: return tr("action.select", {{"issue", nm(issue_key(d_, x))}});
      case Act::Advance: return tr("action.advance", {{"issue", nm(issue_key(d_, y))}, {"card", card(x)}, {"flags", flags(f)}});
      case Act::AdvanceLeader:
        return tr("action.advance_leader", {{"issue", nm(issue_key(d_, y))}, {"card", card(x)}, {"flags", flags(f)}});
      case Act::AdvanceChief: return tr("action.advance_chief", {{"card", card(x)}});
      case Act::ChiefIssue: return tr("action.chief_issue", {{"issue", nm(issue_key(d_, y))}, {"flags", flags(f)}});
      case Act::ChiefDebate: return tr("action.chief_debate", {{"flags", flags(f)}});
      case Act::Decline: return tr("action.decline");
      case Act::Debate: return tr("action.debate", {{"card", card(x)}, {"flags", flags(f)}});
      case Act::DebateLeader: return tr("action.debate_leader", {{"card", card(x)}, {"flags", flags(f)}});
      case Act::DebateChief: return tr("action.debate_chief", {{"card", card(x)}});
      case Act::NoDebate: return tr("action.no_debate");
      case Act::Pass: return tr("action.pass");
      case Act::Discard: return tr("action.discard", {{"card", card(x)}});
      case Act::PlaceDirected:
        return tr("action.place_directed", {{"issue", nm(issue_key(d_, x))}, {"front", nm(front_key(d_, front_at(y)))}});
      case Act::Offensive: return tr("action.offensive", {{"front", nm(front_key(d_, front_at(x)))}, {"source", source(y)}});
      case Act::Naval: return tr("action.naval", {{"theater", nm(theater_key(d_, theater_at(x)))}, {"source", source(y)}});
      case Act::Activate: return tr("action.activate", {{"issue", nm(issue_key(d_, x))}});
      case Act::ABombModifier: return tr("action.a_bomb");
      case Act::Leadership: return tr(x == 0 ? "action.leadership_europe" : "action.leadership_pacific", {{"power", power(y)}});
      case Act::MoveGlobal: return tr("action.move_global", {{"global_issue", nm(global_issue_key(d_, global_issue_at(x)))}});
      case Act::PlaceFirst: return tr("action.place_first", {{"power", power(x)}});
      case Act::PlaceNetwork: return tr("action.place_network", {{"location", nm(location_key(d_, location_at(x)))}});
      case Act::RemoveNetwork: return tr("action.remove_network", {{"location", nm(location_key(d_, location_at(x)))}});
      case Act::PlaceAlignment: return tr("action.place_alignment", {{"location", nm(location_key(d_, location_at(x)))}});
      case Act::RemoveAlignment: return tr("action.remove_alignment", {{"location", nm(location_key(d_, location_at(x)))}});
      default: return tr("action.unknown", {{"code", Message::plain(fmt::format("{:08x}", a))}});
    }
  }

 private:
  const Data& d_;
  const State& s_;
  core::Seat seat_;
};

}  // namespace

Message action_message(const Data& d, const State& s, core::Seat seat, core::Action a) { return ActionWording(d, s, seat).text(a); }

std::string action_text(const Names& names, const State& s, core::Seat seat, core::Action a) {
  return names.render(action_message(names.data(), s, seat, a));
}

}  // namespace churchill
