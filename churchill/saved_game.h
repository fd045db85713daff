// A game kept in a save file: load (with every check), act, and write back atomically.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "churchill/view.h"
#include "core/save.h"

namespace churchill {

class SavedGame {
 public:
  // Loads and replays; throws core::SaveError / DataError with a clear message.
  SavedGame(const Data& data, const std::filesystem::path& path);
  // A game from its record: a new game of a scenario (9.x) when it has no actions, else replayed
  // (and its state hash checked, if it has one).
  SavedGame(const Data& data, core::SaveFile meta);

  Game& game() { return *game_; }
  Session& session() { return *session_; }
  const core::SaveFile& meta() const { return meta_; }
  // The controller of a seat: "human", "bot:random".
  std::string controller(core::Seat seat) const;

  // What `seat` (nullopt: a spectator) may see (core::seat_view).
  nlohmann::json view(std::optional<core::Seat> seat, int log_tail) const;
  // The choice of the bot in `seat` (its controller is "bot:..."), from a random stream fixed by the
  // seed and the game's length, so that playing a save in several steps plays the same game.
  core::Action bot_action(core::Seat seat);
  // Lets chance and the bot seats play until a human seat must act or the game ends; the number of
  // actions applied.
  int run_bots();

  void write(const std::filesystem::path& path);
  // The string forms of the actions so far; only those taken since the last call are converted.
  const std::vector<core::SavedAction>& actions() { return texts_->update(session_->history()); }
  // The record as it stands: the metadata with the actions so far and the current state hash.
  core::SaveFile snapshot();
  // The scenario's setup with the save's options, before any action.
  State initial() const;

 private:
  const Scenario& scenario(const Data& data) const;
  core::SaveFile meta_;
  std::unique_ptr<Game> game_;
  std::unique_ptr<Session> session_;
  std::unique_ptr<core::ActionTexts<Game>> texts_;
};

}  // namespace churchill
