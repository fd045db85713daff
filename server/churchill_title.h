// Everything of the server that knows it serves Churchill, in one place (the rest of server/ holds
// games as records, seats by name and actions as text): reading a new game's body, a seat's view,
// a game's entry in the list, the board's layout.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "churchill/saved_game.h"

namespace server::title {

// {"scenario": "...", "options": [...], "seats": {"UK": "human", ...}} checked field by field (ApiError
// 400), any other field rejected; the record gets a 128-bit seed from the OS. `seating` ("public" or
// "invitation") is read by the lobby, not here.
core::SaveFile parse_create(const churchill::Data& data, const nlohmann::json& body);

// The seat names in order ("UK", "US", "USSR") and the seat a name stands for.
int seats();
std::string seat_name(int seat);
std::optional<int> seat_from_name(const std::string& name);

// The view of a seat (nullopt: a spectator): what the seat may see, never another seat's secrets.
nlohmann::json view(churchill::SavedGame& game, std::optional<int> seat);
// The public facts of a game for the list of games: scenario, phase, conference, terminal, winner.
nlohmann::json summary(churchill::SavedGame& game);
bool terminal(churchill::SavedGame& game);
std::string state_hash(churchill::SavedGame& game);
// Plays chance and the bots until a human must act; throws ApiError for an action that is not legal now.
void act(churchill::SavedGame& game, int seat, const std::string& action);
nlohmann::json board(const churchill::Data& data);

}  // namespace server::title
