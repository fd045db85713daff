// The phase line in the reader's language: each step's catalogue key ("prompt.debate_offer") with
// its rule number and arguments. In English it reads exactly as phase_text (churchill/view.h).
#include <fmt/format.h>

#include "churchill/game.h"
#include "churchill/i18n_names.h"

namespace churchill {

std::string phase_text(const Names& n, const State& s) {
  if (s.steps.empty()) return n.tr("prompt.no_step");
  const Step& top = s.steps.top();
  auto with = [&](const char* key, const char* rule, core::i18n::Args args = {}) {
    args.emplace_back("rule", rule);
    return n.tr(key, args);
  };
  auto who = [&](int p) { return core::i18n::Args{{"power", n.power(p)}}; };
  switch (top.id) {
    case StepId::RevealConference: return with("prompt.reveal_conference", "5.11", {{"number", std::to_string(s.conference)}});
    case StepId::ConvoyRoll: case StepId::PolMilCount: case StepId::PolMilRoll: return with("prompt.conference_roll", "5.11");
    case StepId::Deal: return with("prompt.deal", "5.13");
    case StepId::AgendaPlay: return with("prompt.agenda_play", "5.13");
    case StepId::AgendaChiefRoll: return with("prompt.agenda_chief_roll", "5.25");
    case StepId::TieBreakOffer: return with("prompt.tie_break_offer", "4.5", who(top.a));
    case StepId::TieBreakChoose: return with("prompt.tie_break_choose", "4.5", who(top.a));
    case StepId::AgendaWinnerPlaces:
      return with("prompt.agenda_winner_places", "5.14", {{"power", n.power(top.a)}, {"space", std::to_string(top.b)}});
    case StepId::AgendaPairs: return with("prompt.agenda_pairs", "5.14", who(top.a));
    case StepId::MeetingTurn: return with("prompt.meeting_turn", "5.2", who(top.a));
    case StepId::ChiefRoll: return with("prompt.chief_roll", "5.25");
    case StepId::ChiefIssue:
      return top.b == 0 ? with("prompt.chief_issue", "5.25", who(top.a)) : with("prompt.chief_stop", "5.22", who(top.a));
    case StepId::DebateOffer: return with("prompt.debate_offer", "5.24", who(top.a));
    case StepId::HealthRoll: return with("prompt.health_roll", "3.31");
    case StepId::ParanoiaRoll: return n.tr("prompt.paranoia_roll");
    case StepId::PurgeRoll: return n.tr("prompt.purge_roll");
    case StepId::DirectedOffensives: return with("prompt.directed_offensives", "6.1", who(top.a));
    case StepId::Allocation: return with("prompt.allocation", "6.4", who(top.a));
    case StepId::TheaterLeadership: return with("prompt.theater_leadership", "6.9", who(top.a));
    case StepId::ABombRoll: return with("prompt.a_bomb_roll", "6.10");
    case StepId::GlobalIssue: return with("prompt.global_issue", "6.11", who(top.a));
    case StepId::PlacementOrder: return with("prompt.placement_order", "7.1");
    case StepId::PlaceNetworks:
      return with("prompt.place_networks", "7.1",
                  {{"power", n.power(top.a)}, {"count", std::to_string(s.to_place[static_cast<std::size_t>(top.a)])}});
    case StepId::PlaceAlignment:
      return with("prompt.place_alignment", "7.3",
                  {{"power", n.power(top.a)}, {"count", std::to_string(s.to_place[static_cast<std::size_t>(top.a)])}});
    case StepId::ReserveRoll: case StepId::SplitRoll: return with("prompt.reserve_roll", "7.6");
    case StepId::FrontRoll: return with("prompt.front_roll", "7.7", {{"front", n.front(top.a)}});
    case StepId::SecretAgendaDeal: return with("prompt.secret_agenda_deal", "10.2");
    case StepId::GameOver: return s.winner >= 0 ? n.tr("prompt.game_over_winner", who(s.winner)) : n.tr("prompt.game_over");
    default: return n.tr("prompt.resolving");
  }
}

}  // namespace churchill
