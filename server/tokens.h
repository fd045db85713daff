// Seat tokens: random secrets given once to the player who claims a seat; only their SHA-256 is kept.
#pragma once

#include <string>
#include <string_view>

namespace server {

std::string new_token();                                 // 64 hex characters from the OS's entropy
std::string new_id();                                    // a game id: 12 hex characters
std::string hash_token(std::string_view token);          // SHA-256, hex
bool same_hash(std::string_view a, std::string_view b);  // constant-time comparison

}  // namespace server
