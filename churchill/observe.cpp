// What a seat knows of a game of Churchill, and arrangements of what it does not (for search).
//
// Hidden from a seat: the other seats' hands and face-down agenda cards (5.13), which of a power's
// unplayed cards are in its hand and which are still undealt, and the other seats' Secret Agenda
// markers (10.2) until the game ends. Public: how many cards each hand holds, the cards each power
// has played or lost (so the pool of its unplayed cards), and everything on the board.

#include "churchill/bots.h"
#include "churchill/rules.h"

namespace churchill {

namespace {

// The Secret Agenda markers a power holds.
MarkerSet markers_of(const State& s, Power p) {
  MarkerSet held;
  for (MarkerId m : s.secret_agenda[p])
    if (m != kNoMarker) held.set(m);
  return held;
}

// Picks `n` of the cards of `pool` at random.
StaffSet pick(StaffSet pool, int n, core::Rng& rng) {
  StaffSet chosen;
  for (; n > 0 && pool.any(); --n) {
    const StaffId card = pool.nth(rng.below(static_cast<std::uint32_t>(pool.count())));
    chosen.set(card);
    pool.reset(card);
  }
  return chosen;
}

bool agenda_face_down(const State& s) { return !s.steps.empty() && s.steps.top().id == StepId::AgendaPlay; }

}  // namespace

// Each other power's hand, undealt cards and face-down agenda card become one public pool (its
// unplayed cards, kept in `draw`) with the hand's size in `hidden_hand`; the face-down card reads 0
// ("played"). Secret Agenda markers stay hidden until the end. An observation observed again is
// unchanged: a hand hidden already keeps its size, and its face-down card is in the pool already.
State observe(const State& s, core::Seat seat) {
  State v = s;
  const bool over = s.steps.empty();
  MarkerSet markers_seen;
  for (Power p : kAllPowers) {
    if (index(p) == seat || over) {
      markers_seen |= markers_of(s, p);
      continue;
    }
    const bool hidden_already = v.hidden_hand[p] > 0;  // a face-down card is played from a dealt hand of 7
    StaffSet pool = v.hand[p] | v.draw[p];
    if (agenda_face_down(v) && v.agenda_card[p] != kNoStaff && !hidden_already) {
      pool.set(v.agenda_card[p]);
      v.agenda_card[p] = StaffId{};  // "played", whatever the card
    }
    add_to(v.hidden_hand[p], v.hand[p].count());
    v.hand[p] = {};
    v.draw[p] = pool;
    v.secret_agenda[p].fill(kNoMarker);
  }
  v.agenda_markers_drawn = markers_seen;
  return v;
}

State Game::observe(const State& s, core::Seat seat) const { return churchill::observe(s, seat); }

// Deals each other power's pool again at random: its face-down agenda card, then its hand, the rest
// undealt; and draws its Secret Agenda markers from those no one the seat knows of holds.
State Game::resample_hidden(const State& v, core::Seat seat, core::Rng& rng) const {
  State s = v;
  if (s.steps.empty()) return s;  // the end: nothing is hidden any more
  MarkerSet drawn = v.agenda_markers_drawn;
  const auto markers = data_->secret_agenda.ids();
  for (Power p : kAllPowers) {
    if (index(p) == seat) continue;
    StaffSet pool = v.draw[p];
    if (agenda_face_down(v) && v.agenda_card[p] != kNoStaff) {
      const StaffId card = pick(pool, 1, rng).nth(0);
      s.agenda_card[p] = card;
      pool.reset(card);
    }
    s.hand[p] = pick(pool, v.hidden_hand[p], rng);
    s.draw[p] = pool.without(s.hand[p]);
    s.hidden_hand[p] = 0;
  }
  for (Power p : kAllPowers) {
    if (index(p) == seat) continue;
    // As many markers as the power holds in the real game: the variant deals three (10.2); a
    // power still being dealt holds as many as it has drawn, which the step says.
    int held = 0;
    if (s.secret_agenda_variant) {
      held = 3;
      for (std::size_t i = 0; i < s.steps.size(); ++i)
        if (s.steps[i].id == StepId::SecretAgendaDeal && s.steps[i].as<step::SecretAgendaDeal>().power == p)
          held = 3 - s.steps[i].as<step::SecretAgendaDeal>().left;
    }
    s.secret_agenda[p].fill(kNoMarker);
    for (int k = 0; k < held; ++k) {
      std::uint32_t left = 0;
      for (MarkerId m : markers) left += !drawn.test(m);
      std::uint32_t n = rng.below(left);
      for (MarkerId m : markers) {
        if (drawn.test(m)) continue;
        if (n-- == 0) {
          s.secret_agenda[p][at(k)] = m;
          drawn.set(m);
          break;
        }
      }
    }
  }
  s.agenda_markers_drawn = drawn;
  return s;
}

core::SeatMask Game::winners(const State& s) const { return s.winner != kNoPower ? core::seat_bit(index(s.winner)) : 0; }

}  // namespace churchill
