// The board as text for a terminal, in the reader's language (the "board.*" messages and the names
// of the catalogues). Every line fits in 80 columns, counted in characters, not bytes (Cyrillic).
#include <fmt/format.h>

#include <algorithm>

#include "churchill/i18n_names.h"
#include "churchill/view.h"
#include "churchill/view_words.h"
#include "core/text_layout.h"

namespace churchill {

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
  std::string power(Power p) const { return n_.power(index(p)); }
  // "UK", "ВБ": a power in a cell of the markers' columns.
  std::string short_power(Power p) const { return tr("board.power_short." + std::string(power_name(p))); }
  std::string tr(std::string_view key, const core::i18n::Args& args = {}) const { return n_.tr(key, args); }

  std::string position(const IssueState& is) const { return n_.render(position_message(is)); }

  std::string header() const {
    std::string out = s_.conference_card == kNoConferenceCard
                          ? tr("board.conference", {{"number", std::to_string(s_.conference)}})
                          : tr("board.conference_card", {{"number", std::to_string(s_.conference)},
                                                         {"title", n_.conference(d_.conference_cards[s_.conference_card].conference)},
                                                         {"version", std::string(1, d_.conference_cards[s_.conference_card].version)}});
    const auto& t = sheet_.total;
    out += fmt::format("\n{}: {} {} {} {} {} {}{}\n", tr(over_ ? "board.score_final" : "board.score_now"), power(0), t[0], power(1), t[1],
                       power(2), t[2], s_.secret_agenda_variant && !over_ ? " " + tr("board.secret_hidden") : "");
    const std::string outcome = tr(kCaseKeys[static_cast<int>(g_.end_case(s_, t))]);
    out +=
        "  " + outcome + (over_ || s_.secret_agenda_variant ? "" : ": " + tr("board.would_win", {{"power", power(g_.winner(s_))}})) + "\n";
    out += fmt::format("{}: {} {} {} {} {} {}{}\n", tr("board.conferences_won"), power(0), s_.conferences_won[Power::UK], power(1),
                       s_.conferences_won[Power::US], power(2), s_.conferences_won[Power::USSR],
                       s_.winner != kNoPower ? " | " + tr("board.winner", {{"power", power(s_.winner)}}) : "");
    std::string leaders = tr("board.leaders");
    for (Power p : kAllPowers) {
      const LeaderState& l = s_.leaders[p];
      const int cards = s_.cards_in_hand(p);
      leaders += fmt::format(" {} {}{} {}", power(p), n_.leader_surname(l.card),
                             l.active ? (l.stays_home ? " " + tr("board.home") : "") : " " + tr("board.inactive"),
                             tr("board.cards_short", {{"count", std::to_string(cards)}}));
    }
    const std::string legend = tr("board.cards_legend");  // beside the Leaders, else under them
    return out + leaders + (code_points(leaders) + 1 + code_points(legend) > 79 ? "\n    " : " ") + legend + "\n";
  }

  std::string table() const {
    std::vector<std::string> cells;
    for (IssueId i : d_.issues.ids())
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

  std::string front_position(FrontId f) const {
    if (s_.front[f] < 0) return tr("board.theater_box");
    return n_.space(d_.fronts[f].track[static_cast<std::size_t>(s_.front[f])].space);
  }

  std::string fronts() const {
    std::vector<std::string> cells;
    for (FrontId f : d_.fronts.ids())
      cells.push_back(fmt::format("{}{} +{} ⚓{}", pad(clip(n_.front(f), 33), 34), pad(clip(front_position(f), 23), 24), s_.offensive[f],
                                  s_.naval[d_.fronts[f].theater]));
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
    for (LocationId l : d_.locations.ids()) {
      if (s_.networks[l] == 0 && s_.alignment[l] == kNoPower) continue;
      std::string marks = s_.networks[l] ? short_power(s_.network_owner[l]) + std::to_string(s_.networks[l]) : "";
      if (s_.alignment[l] != kNoPower) marks += (marks.empty() ? "" : " ") + tr("board.pa_short") + "-" + short_power(s_.alignment[l]);
      cells.push_back(pad(clip(n_.location(l), 21), 22) + marks);
    }
    return tr("board.markers", {{"power", short_power(Power::UK)}}) + "\n" + columns(cells, 36, 2);
  }

  std::string tracks() const {
    std::string out =
        fmt::format("{}: {} | {}: {}\n{}\n{}:", tr("board.a_bomb"), n_.a_bomb(s_.a_bomb), tr("board.spy_ring"), n_.a_bomb(s_.spy_ring),
                    tr("board.leadership", {{"europe", power(s_.theater_leader[0])}, {"pacific", power(s_.theater_leader[1])}}),
                    tr("board.global_issues"));
    for (GlobalIssueId m : d_.global_issues.ids()) {
      const auto& gi = d_.global_issues[m];
      std::string pos = tr("board.neutral");
      for (int i = 0; i < 2; ++i)
        if (s_.global[m] == gi.powers[at(i)]) pos = tr(global_issue_key(d_, m) + ".advantage." + std::string(power_name(gi.powers[at(i)])));
      out += fmt::format("{} {}: {}", index(m) == 0 ? "" : ";", n_.global_issue(m), pos);  // each marker by name
    }
    return out + "\n";
  }

  // One card of the hand in lines of at most 80 columns: "  3 beaverbrook  +2 to value if Churchill
  // is still ..." (the id is what an action names) with "(r)" for a card the project reconstructed.
  std::string hand_line(Power p, StaffId c) const {
    const StaffCard& card = d_.staff[p][c];
    std::string text = n_.staff_text(p, index(c));
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
    for (Power p : kAllPowers) {
      out += "  " + tr("board.end_power", {{"power", power(p)}, {"vp", std::to_string(sheet_.total[core::index_of(p)])}}) + "\n";
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
    if (!seat_) return "";
    const Power me = power_at(*seat_);  // the seat's power
    if (s_.hand[me].none()) return "";
    std::string out = tr("board.hand", {{"power", power(*seat_)}}) + "\n";
    for (StaffId c : s_.hand[me]) out += hand_line(me, c);
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

std::string Game::board_text(const State& s, std::optional<core::Seat> seat) const { return churchill::board_text(*this, s, seat); }

std::string Game::board_text(const State& s, std::optional<core::Seat> seat, std::string_view language) const {
  const Names names(*data_, catalogues(), std::string(language));
  return core::fit_lines(BoardText(*this, s, seat, names).text(), 79);
}

}  // namespace churchill
