#include "churchill/saved_game.h"

#include <fmt/format.h>

namespace churchill {

const Scenario& SavedGame::scenario(const Data& data) const {
  const Scenario* sc = data.scenario(meta_.scenario);
  if (!sc) throw core::SaveError(fmt::format("unknown scenario \"{}\" (training, tournament or campaign)", meta_.scenario));
  return *sc;
}

// The options a save names: "secret-agenda" (10), "german-reserves" (the optional rule of 7.62).
State SavedGame::initial() const {
  Options options;
  for (const std::string& o : meta_.options) {
    if (o == "secret-agenda") options.secret_agenda = true;
    else if (o == "german-reserves") options.german_reserves = true;
    else throw core::SaveError(fmt::format("unknown option \"{}\" (secret-agenda, german-reserves)", o));
  }
  return game_->new_game(scenario(game_->data()), options);
}

SavedGame::SavedGame(const Data& data, core::SaveFile meta) : meta_(std::move(meta)) {
  game_ = std::make_unique<Game>(data);
  session_ = std::make_unique<Session>(core::load_session(*game_, initial(), meta_));
}

namespace {
// A save file read and checked to be Churchill's, made with this data set.
core::SaveFile read_checked(const Data& data, const std::filesystem::path& path) {
  core::SaveFile meta = core::save_from_json(core::read_file(path));
  if (meta.game != "churchill") throw core::SaveError(fmt::format("{} is a save of \"{}\", not of Churchill", path.string(), meta.game));
  if (meta.data_hash != data.hash)
    throw core::SaveError(fmt::format("{} was saved with data set {}; this data set is {} (use the same data/churchill files)",
                                      path.string(), meta.data_hash, data.hash));
  return meta;
}
}  // namespace

SavedGame::SavedGame(const Data& data, const std::filesystem::path& path) : SavedGame(data, read_checked(data, path)) {}

std::string SavedGame::controller(core::Seat seat) const {
  const std::string name = game_->seat_name(seat);
  for (const auto& [s, c] : meta_.seats)
    if (s == name) return c;
  return "human";
}

core::SaveFile SavedGame::snapshot() const {
  core::SaveFile f = meta_;
  f.engine_version = CHURCHILL_ENGINE_VERSION;
  f.data_hash = game_->data().hash;
  f.actions = core::saved_actions(*game_, initial(), session_->history());
  f.state_hash = core::to_hex(game_->hash(session_->state()));
  return f;
}

void SavedGame::write(const std::filesystem::path& path) {
  meta_ = snapshot();
  core::write_file_atomic(path, core::save_to_json(meta_));
}

}  // namespace churchill
