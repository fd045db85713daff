// The display text of an action in the reader's language, from the action.* messages. The action's
// string form (Game::action_to_string) stays the language-neutral command that saves and `act` use.
#include <fmt/format.h>

#include "churchill/actions.h"
#include "churchill/game.h"
#include "churchill/i18n_names.h"

namespace churchill {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

class ActionWording {
 public:
  ActionWording(const Names& n, const State& s, core::Seat seat) : n_(n), d_(n.data()), s_(s), seat_(seat) {}

  std::string card(int i) const { return n_.staff(static_cast<Power>(seat_), i); }
  std::string flags(std::uint8_t f) const {
    std::string out;
    if (const int v = reduced_value(f)) out += " " + n_.tr("action.flag_value", {{"value", std::to_string(v)}});
    if (f & kStopAtCenter) out += " " + n_.tr("action.flag_stop");
    return out;
  }
  std::string source(int b) const {
    static constexpr const char* kKeys[] = {"", "action.source_europe", "action.source_pacific", "action.source_either", "action.source_any"};
    const int i = b % 5;
    return i == 0 ? std::string() : " " + n_.tr(kKeys[i]);
  }

  std::string chance(core::Action a) const {
    if (s_.steps.empty()) return n_.tr("action.unknown", {{"code", fmt::format("{:08x}", a)}});
    const int v = arg_a(a);
    const Step& top = s_.steps.top();
    switch (top.id) {
      case StepId::RevealConference: {
        const ConferenceCard& c = d_.conference_cards[at(v)];
        return n_.tr("action.chance_card", {{"title", n_.conference(c.conference)}, {"version", std::string(1, c.version)}});
      }
      case StepId::Deal: return n_.tr("action.chance_deal", {{"card", n_.staff(static_cast<Power>(top.a), v)}});
      case StepId::PolMilRoll: return n_.tr("action.chance_polmil", {{"red", std::to_string(v / 8)}, {"blue", std::to_string(v % 8)}});
      case StepId::SplitRoll: return n_.tr("action.chance_front", {{"front", n_.front(v)}});
      case StepId::SecretAgendaDeal:
        return n_.tr("action.chance_marker", {{"location", n_.location(d_.secret_agenda[at(v)].location)}});
      default: return n_.tr("action.chance_roll", {{"value", std::to_string(v)}});
    }
  }

  std::string text(core::Action a) const {
    if (seat_ == core::kChance) return chance(a);
    const int x = arg_a(a), y = arg_b(a);
    const std::uint8_t f = arg_c(a);
    switch (kind_of(a)) {
      case Act::AgendaCard: return n_.tr("action.agenda_card", {{"card", card(x)}});
      case Act::TieBreak: return n_.tr("action.tie_break");
      case Act::NoTieBreak: return n_.tr("action.no_tie_break");
      case Act::Winner: return n_.tr("action.winner", {{"power", n_.power(x)}});
      case Act::Select: return n_.tr("action.select", {{"issue", n_.issue(x)}});
      case Act::Advance: return n_.tr("action.advance", {{"issue", n_.issue(y)}, {"card", card(x)}, {"flags", flags(f)}});
      case Act::AdvanceLeader: return n_.tr("action.advance_leader", {{"issue", n_.issue(y)}, {"card", card(x)}, {"flags", flags(f)}});
      case Act::AdvanceChief: return n_.tr("action.advance_chief", {{"card", card(x)}});
      case Act::ChiefIssue: return n_.tr("action.chief_issue", {{"issue", n_.issue(y)}, {"flags", flags(f)}});
      case Act::ChiefDebate: return n_.tr("action.chief_debate", {{"flags", flags(f)}});
      case Act::Decline: return n_.tr("action.decline");
      case Act::Debate: return n_.tr("action.debate", {{"card", card(x)}, {"flags", flags(f)}});
      case Act::DebateLeader: return n_.tr("action.debate_leader", {{"card", card(x)}, {"flags", flags(f)}});
      case Act::DebateChief: return n_.tr("action.debate_chief", {{"card", card(x)}});
      case Act::NoDebate: return n_.tr("action.no_debate");
      case Act::Pass: return n_.tr("action.pass");
      case Act::Discard: return n_.tr("action.discard", {{"card", card(x)}});
      case Act::PlaceDirected: return n_.tr("action.place_directed", {{"issue", n_.issue(x)}, {"front", n_.front(y)}});
      case Act::Offensive: return n_.tr("action.offensive", {{"front", n_.front(x)}, {"source", source(y)}});
      case Act::Naval: return n_.tr("action.naval", {{"theater", n_.theater(x)}, {"source", source(y)}});
      case Act::Activate: return n_.tr("action.activate", {{"issue", n_.issue(x)}});
      case Act::ABombModifier: return n_.tr("action.a_bomb");
      case Act::Leadership: return n_.tr(x == 0 ? "action.leadership_europe" : "action.leadership_pacific", {{"power", n_.power(y)}});
      case Act::MoveGlobal: return n_.tr("action.move_global", {{"global_issue", n_.global_issue(x)}});
      case Act::PlaceFirst: return n_.tr("action.place_first", {{"power", n_.power(x)}});
      case Act::PlaceNetwork: return n_.tr("action.place_network", {{"location", n_.location(x)}});
      case Act::RemoveNetwork: return n_.tr("action.remove_network", {{"location", n_.location(x)}});
      case Act::PlaceAlignment: return n_.tr("action.place_alignment", {{"location", n_.location(x)}});
      case Act::RemoveAlignment: return n_.tr("action.remove_alignment", {{"location", n_.location(x)}});
      default: return n_.tr("action.unknown", {{"code", fmt::format("{:08x}", a)}});
    }
  }

 private:
  const Names& n_;
  const Data& d_;
  const State& s_;
  core::Seat seat_;
};

}  // namespace

std::string action_text(const Names& names, const State& s, core::Seat seat, core::Action a) {
  return ActionWording(names, s, seat).text(a);
}

}  // namespace churchill
