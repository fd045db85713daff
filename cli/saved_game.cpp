#include "cli/saved_game.h"

#include <fmt/format.h>

namespace cli {

const churchill::Scenario& SavedGame::scenario(const churchill::Data& data) const {
  const churchill::Scenario* sc = data.scenario(meta_.scenario);
  if (!sc) throw core::SaveError(fmt::format("unknown scenario \"{}\" (training, tournament or campaign)", meta_.scenario));
  return *sc;
}

// The options a save names: "secret-agenda" (10), "german-reserves" (the optional rule of 7.62).
churchill::State SavedGame::initial() const {
  churchill::Options options;
  for (const std::string& o : meta_.options) {
    if (o == "secret-agenda") options.secret_agenda = true;
    else if (o == "german-reserves") options.german_reserves = true;
    else throw core::SaveError(fmt::format("unknown option \"{}\" (secret-agenda, german-reserves)", o));
  }
  return game_->new_game(scenario(game_->data()), options);
}

SavedGame::SavedGame(const churchill::Data& data, core::SaveFile meta) : meta_(std::move(meta)) {
  game_ = std::make_unique<churchill::Game>(data);
  session_ = std::make_unique<churchill::Session>(*game_, initial(), meta_.seed);
}

SavedGame::SavedGame(const churchill::Data& data, const std::filesystem::path& path) {
  meta_ = core::save_from_json(core::read_file(path));
  if (meta_.game != "churchill") throw core::SaveError(fmt::format("{} is a save of \"{}\", not of Churchill", path.string(), meta_.game));
  if (meta_.data_hash != data.hash)
    throw core::SaveError(fmt::format("{} was saved with data set {}; this data set is {} (use the same data/churchill files)",
                                      path.string(), meta_.data_hash, data.hash));
  game_ = std::make_unique<churchill::Game>(data);
  session_ = std::make_unique<churchill::Session>(core::load_session(*game_, initial(), meta_));
}

std::string SavedGame::controller(core::Seat seat) const {
  const std::string name = game_->seat_name(seat);
  for (const auto& [s, c] : meta_.seats)
    if (s == name) return c;
  return "human";
}

void SavedGame::write(const std::filesystem::path& path) {
  meta_.engine_version = CHURCHILL_ENGINE_VERSION;
  meta_.data_hash = game_->data().hash;
  meta_.actions = core::saved_actions(*game_, initial(), session_->history());
  meta_.state_hash = core::to_hex(game_->hash(session_->state()));
  core::write_file_atomic(path, core::save_to_json(meta_));
}

}  // namespace cli
