// What both databases' side stores (server/side_store.h) must do alike, run on each: accounts,
// sessions and their expiry, seats held by one account only, messages and mutes, and a game's seats
// held and messages going with the game.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "server/side_store.h"

namespace test_support {

// `game`: a stored game with a list entry; `erase` deletes it from the database.
inline void check_side_store(server::SideStore& s, const std::string& game, const std::function<void()>& erase) {
  const auto anna = s.add_account("anna", "Anna", "$argon2id$hash", 1);
  ASSERT_TRUE(anna.has_value());
  EXPECT_FALSE(s.add_account("anna", "ANNA", "$argon2id$other", 2).has_value());  // one account per name
  const auto boris = s.add_account("boris", "Boris", "$argon2id$b", 3);
  ASSERT_TRUE(boris.has_value());
  const auto read = s.account("anna");
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->name, "Anna");
  EXPECT_EQ(read->password_hash, "$argon2id$hash");
  EXPECT_FALSE(s.account("nobody").has_value());

  s.add_session("hash-1", *anna, 100, 10);
  s.add_session("hash-2", *anna, 100, 10);
  ASSERT_TRUE(s.session("hash-1", 50).has_value());
  EXPECT_EQ(s.session("hash-1", 50)->name, "Anna");
  EXPECT_FALSE(s.session("hash-1", 100).has_value());  // expired
  EXPECT_FALSE(s.session("hash-3", 50).has_value());
  EXPECT_EQ(s.end_sessions(*anna), 2u);
  EXPECT_FALSE(s.session("hash-2", 50).has_value());

  bool added = false;
  EXPECT_TRUE(s.hold_seat(*anna, game, "UK", "token-1", &added));
  EXPECT_TRUE(added);
  EXPECT_TRUE(s.hold_seat(*anna, game, "UK", "token-2", &added));  // again, with a newer token
  EXPECT_FALSE(added) << "held already";
  EXPECT_FALSE(s.hold_seat(*boris, game, "UK", "token-3", &added));
  EXPECT_FALSE(added);
  const auto held = s.held_seats(*anna);
  ASSERT_EQ(held.size(), 1u);
  EXPECT_EQ(held[0].token, "token-2");
  EXPECT_NE(held[0].summary.find(game), std::string::npos) << held[0].summary;
  EXPECT_TRUE(s.held_seats(*boris).empty());

  EXPECT_EQ(s.vacation(*anna).until, 0) << "none yet";  // docs/server.md, "Paces and clocks"
  s.set_vacation(*anna, {5000, 3, 2026});
  s.set_vacation(*anna, {6000, 4, 2026});
  EXPECT_EQ(s.vacation(*anna).until, 6000);
  EXPECT_EQ(s.vacation(*anna).used_days, 4);
  EXPECT_EQ(s.vacation(*anna).year, 2026);
  EXPECT_EQ(s.vacation(*boris).used_days, 0) << "each account its own";

  const std::string text = "Добрый вечер, <b>джентльмены</b>\n'; DROP TABLE chat; --";
  const std::int64_t first = s.add_message(game, {0, 1000, 7, "UK", "private", "USSR", text});
  EXPECT_GT(s.add_message(game, {0, 1001, 8, "US", "table", "", "hi"}), first);
  const auto said = s.messages(game);
  ASSERT_EQ(said.size(), 2u);
  EXPECT_EQ(said[0].text, text);
  EXPECT_EQ(said[0].step, 7);
  EXPECT_EQ(said[0].to, "USSR");
  EXPECT_EQ(said[1].channel, "table");
  s.set_mute(game, "UK", "US", true);
  s.set_mute(game, "UK", "US", true);
  ASSERT_EQ(s.mutes(game).size(), 1u);
  s.set_mute(game, "UK", "US", false);
  EXPECT_TRUE(s.mutes(game).empty());
  s.set_mute(game, "UK", "US", true);

  erase();
  EXPECT_TRUE(s.held_seats(*anna).empty());
  EXPECT_TRUE(s.messages(game).empty());
  EXPECT_TRUE(s.mutes(game).empty());
}

}  // namespace test_support
