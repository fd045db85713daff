// A game kept in a save file: load (with every check), act, and write back atomically.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "churchill/view.h"
#include "core/save.h"

namespace cli {

class SavedGame {
 public:
  // Loads and replays; throws core::SaveError / churchill::DataError with a clear message.
  SavedGame(const churchill::Data& data, const std::filesystem::path& path);
  // A new game of a scenario (9.x).
  SavedGame(const churchill::Data& data, core::SaveFile meta);

  churchill::Game& game() { return *game_; }
  churchill::Session& session() { return *session_; }
  const core::SaveFile& meta() const { return meta_; }
  // The controller of a seat: "human", "bot:random".
  std::string controller(core::Seat seat) const;

  void write(const std::filesystem::path& path);
  // The scenario's setup with the save's options, before any action.
  churchill::State initial() const;

 private:
  const churchill::Scenario& scenario(const churchill::Data& data) const;
  core::SaveFile meta_;
  std::unique_ptr<churchill::Game> game_;
  std::unique_ptr<churchill::Session> session_;
};

}  // namespace cli
