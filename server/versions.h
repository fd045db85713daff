// The versions a game's views carry (docs/server.md, "Versions"). A seat's version counts the changes
// it can see: every public change, and its own secret entries (Match::Changes), never another seat's
// -- so neither the number nor the moment of another seat's secret entries shows (War Room's "TOP
// SECRET" sheets, Churchill's agenda cards, Three Hills' orders). The spectators' version counts the
// public changes. An action names the version of the view it was chosen on; it is accepted from that
// version on as long as the seat's choices have not changed since -- by its own action, or by a
// barrier (a die, a reveal, another seat's turn) -- so another seat's entries never make it stale,
// and a request sent twice is never applied twice.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/title.h"

namespace server {

class SeatVersions {
 public:
  SeatVersions() = default;
  // `text` as text() wrote it, or "" for a game stored before seat versions (its one version counted
  // every change: the public one starts from it, so no seat's version goes back).
  SeatVersions(const std::string& text, int seats, std::uint64_t stored) : own_(static_cast<std::size_t>(seats)) {
    std::vector<std::uint64_t> numbers;
    for (std::size_t at = 0; at < text.size();) {
      std::uint64_t n = 0;
      const auto [end, error] = std::from_chars(text.data() + at, text.data() + text.size(), n);
      if (error != std::errc()) break;
      numbers.push_back(n);
      at = static_cast<std::size_t>(end - text.data()) + 1;
    }
    if (numbers.size() != own_.size() + 1) numbers.assign(own_.size() + 1, 0), numbers[0] = stored;
    open_ = numbers[0];
    std::copy(numbers.begin() + 1, numbers.end(), own_.begin());
    for (std::size_t s = 0; s < own_.size(); ++s) since_.push_back(of(static_cast<int>(s)));
  }

  // The version of a seat's view (nullopt: the spectators').
  std::uint64_t of(std::optional<int> seat) const { return open_ + (seat ? own_[static_cast<std::size_t>(*seat)] : 0); }
  // An action of `seat` chosen on its view of `version` may be made now.
  bool accepts(int seat, std::uint64_t version) const { return version >= since_[static_cast<std::size_t>(seat)] && version <= of(seat); }
  // Whose views a change made new: everyone's (`open`), or the seats of `secret` only.
  struct Seen {
    bool open = false;
    core::SeatMask secret = 0;
    bool sees(std::optional<int> seat) const { return open || (seat && (secret & core::seat_bit(static_cast<core::Seat>(*seat)))); }
  };
  Seen apply(const core::MatchRecord::Changes& c) {
    open_ += c.open;
    for (std::size_t s = 0; s < own_.size(); ++s) {
      const core::SeatMask bit = core::seat_bit(static_cast<core::Seat>(s));
      if (c.secret & bit) ++own_[s];
      if (c.barrier || (c.acted & bit)) since_[s] = of(static_cast<int>(s));
    }
    return {c.open > 0, c.secret};
  }
  // "open,own0,own1,..." for the store.
  std::string text() const {
    std::string out = std::to_string(open_);
    for (std::uint64_t n : own_) out += "," + std::to_string(n);
    return out;
  }

 private:
  std::uint64_t open_ = 0;
  std::vector<std::uint64_t> own_;    // by seat: its secret changes
  std::vector<std::uint64_t> since_;  // by seat: its version when its choices last changed
};

}  // namespace server
