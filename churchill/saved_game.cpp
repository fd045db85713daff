#include "churchill/saved_game.h"

#include "churchill/bots.h"
#include "core/session_match.h"

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
  const State start = initial();
  session_ = std::make_unique<Session>(core::load_session(*game_, start, meta_));
  texts_ = std::make_unique<core::ActionTexts<Game>>(*game_, start);
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

nlohmann::json SavedGame::view(std::optional<core::Seat> seat, int log_tail) const {
  return core::seat_view(*game_, *session_, meta_, seat, log_tail);
}

core::Action SavedGame::bot_action(core::Seat seat) {
  auto bot = make_bot(controller(seat).substr(4));
  std::uint64_t mix = meta_.seed.digest() ^ (0x9e3779b97f4a7c15ULL * (session_->history().size() + 1));
  core::Rng rng(core::splitmix64(mix));
  return bot->choose(*game_, observe(session_->state(), seat), seat, rng);
}

int SavedGame::run_bots() {
  int applied = 0;
  while (session_->node_kind() != core::NodeKind::Terminal) {
    if (session_->node_kind() == core::NodeKind::Chance) {
      session_->sample_chance();
    } else {
      const core::SeatMask seats = game_->acting_seats(session_->state());
      core::Seat bot = -1;
      for (core::Seat p = 0; p < kPowers && bot < 0; ++p)
        if ((seats & core::seat_bit(p)) && is_bot_controller(controller(p))) bot = p;
      if (bot < 0) break;
      session_->act(bot, bot_action(bot));
    }
    ++applied;
  }
  return applied;
}

std::string SavedGame::controller(core::Seat seat) const {
  const std::string name = game_->seat_name(seat);
  for (const auto& [s, c] : meta_.seats)
    if (s == name) return c;
  return "human";
}

core::SaveFile SavedGame::snapshot() {
  core::SaveFile f = meta_;
  f.engine_version = CHURCHILL_ENGINE_VERSION;
  f.data_hash = game_->data().hash;
  f.actions = actions();
  f.state_hash = core::to_hex(game_->hash(session_->state()));
  return f;
}

void SavedGame::write(const std::filesystem::path& path) {
  meta_ = snapshot();
  core::write_file_atomic(path, core::save_to_json(meta_));
}

}  // namespace churchill
