// The view's words as messages, shared by the JSON view and the terminal board (view_words.h), and
// the game's words of its phase, log and actions.
#include "churchill/view_words.h"

#include <fmt/format.h>

#include <algorithm>

#include "churchill/i18n_names.h"
#include "churchill/rules.h"
#include "churchill/view.h"

namespace churchill {

using core::i18n::Message;

// Where an issue stands, as a message ("board.pos_*"): the words of issue_position.
Message position_message(const IssueState& is) {
  if (is.where == IssueWhere::Display) return key("board.pos_display");
  if (is.where == IssueWhere::Removed) return key("board.pos_removed");
  if (is.track == kCenter) return key("board.pos_centre");
  const std::string power = power_key(is.track);
  if (is.space >= kChair) return key("board.pos_chair").name("power", power);
  return key("board.pos_space").name("power", power).with("space", std::to_string(is.space));
}

std::optional<bool> pending_capture(const State& s) {
  if (s.steps.empty() || !s.advance.made() || s.advance.issue == kNoIssue) return std::nullopt;
  const StepId top = s.steps.top().id;
  const bool debating = top == StepId::DebateOffer || top == StepId::ChiefIssue || top == StepId::ChiefRoll || top == StepId::HealthRoll ||
                        top == StepId::ParanoiaRoll || top == StepId::PurgeRoll;
  if (!debating) return std::nullopt;
  for (std::size_t i = s.steps.size(); i-- > 0;)
    if (s.steps[i].id == StepId::ResolvePlay) return s.steps[i].as<step::ResolvePlay>().capture_pending;
  return std::nullopt;
}

namespace {

// Where the issue of a waiting advance stands ("log.where_*").
Message where_message(const IssueState& is) {
  if (is.track == kCenter) return key("log.where_centre");
  const std::string power = power_key(is.track);
  if (is.space >= kChair) return key("log.where_chair").name("power", power);
  return key("log.where_space").name("power", power).with("space", std::to_string(is.space));
}

}  // namespace

// 5.22-5.24: the advance being resolved, while someone may still debate it: who plays what on which
// issue with which value, and where the issue stands if nobody debates. An advance moves its issue
// at once (5.22) unless it would capture it (5.23): then the issue waits where it is, and the values
// are compared after the debate.
std::optional<Message> pending_message(const Game& g, const State& s) {
  const std::optional<bool> capture = pending_capture(s);
  if (!capture) return std::nullopt;
  const Data& d = g.data();
  const Play& adv = s.advance;
  const std::string card =
      adv.leader || adv.card == kNoStaff ? leader_key(d, s.leaders[adv.seat].card) : staff_key(d, adv.seat, index(adv.card));
  return key(*capture ? "board.pending_capture" : "board.pending_moved")
      .name("power", power_key(adv.seat))
      .name("card", card + ".name")
      .with("value", std::to_string(adv.value))
      .name("issue", issue_key(d, index(adv.issue)) + ".name")
      .with("where", where_message(s.issues[adv.issue]));
}

namespace {

// "UK 23, US 31, USSR 40": a power's totals as a message.
Message totals_message(const std::array<int, kPowers>& v) {
  Message totals = key("end.totals");
  for (int p = 0; p < kPowers; ++p)
    totals.name(fmt::format("power{}", p), power_key(power_at(p))).with(fmt::format("vp{}", p), std::to_string(v[at(p)]));
  return totals;
}

}  // namespace

// The text of a 9.4 line that scored (or of a Secret Agenda marker, 10.3).
Message score_line_text(const Data& d, const ScoreLine& l) {
  Message text = l.condition == "10.3" ? key("end.secret_agenda_line") : Message::plain(l.condition);
  for (const VictoryCondition& v : d.victory)
    if (v.id == l.condition) text = key(victory_key(v) + ".text");
  return text;
}

// 4.43: the totals after the adjustment, when neither Axis power surrendered (else none).
std::optional<Message> adjusted_message(const Game& g, const State& s, const std::array<int, kPowers>& v) {
  if (g.end_case(s, v) != EndCase::GlobalHegemon) return std::nullopt;
  return key("end.adjusted_totals").with("totals", totals_message(hegemon_adjusted(v)));
}

// 4.4: which case applied to the final totals and why the winner won.
Message end_why(const Game& g, const State& s, const std::array<int, kPowers>& v) {
  const EndCase end = g.end_case(s, v);
  const int most = *std::max_element(v.begin(), v.end()), fewest = *std::min_element(v.begin(), v.end());
  int top_count = 0;
  for (int t : v) top_count += t == most;
  Message why = key("end.why_alliance");
  switch (end) {
    case EndCase::AllianceVictory: why = key(top_count > 1 ? "end.why_alliance_tied" : "end.why_alliance"); break;
    case EndCase::BrokenAlliance: why = key("end.why_broken_alliance"); break;
    case EndCase::GlobalHegemon:
      why = key("end.why_global_hegemon")
                .with("surrenders", key(s.surrendered[0]   ? "end.japan_did_not_surrender"
                                        : s.surrendered[1] ? "end.germany_did_not_surrender"
                                                           : "end.neither_surrendered"));
      break;
  }
  why.with("totals", totals_message(v))
      .with("most", std::to_string(most))
      .with("fewest", std::to_string(fewest))
      .with("difference", std::to_string(most - fewest));
  if (s.winner != kNoPower) why = key("end.why_and_winner").with("why", why).name("power", power_key(s.winner));
  return why;
}

core::i18n::Message Game::phase_message(const State& s) const { return churchill::phase_message(*this, s); }
core::i18n::Message Game::log_message(const core::LogEntry& e) const { return churchill::log_message(*data_, e); }
// The log in English, from the catalogue like every other language.
std::string Game::describe(const core::LogEntry& e) const { return catalogues().render(core::i18n::kFallbackLanguage, log_message(e)); }
core::i18n::Message Game::action_message(const State& s, core::Seat seat, core::Action a) const {
  return churchill::action_message(*data_, s, seat, a);
}

}  // namespace churchill
