// What the lobby's tests share: a store that fails on command, the server's titles, a fixture with a
// fresh database per test, and the lobby's workers run by hand.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <exception>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>

#include "server/lobby.h"
#include "tests/support/titles.h"

namespace test_support {

// The HTTP status a lobby call would answer: the ApiError's (its code into *code), else 200.
inline int status_of(const std::function<void()>& call, std::string* code = nullptr) {
  try {
    call();
  } catch (const server::ApiError& e) {
    if (code) *code = e.code();
    return e.status();
  }
  return 200;
}

// The SQLite store, but commit() throws while `fail` is set (a full disk, a lost lock, an I/O error),
// or commits and then throws CommitUnknown while `lose_answer` is (a connection lost after COMMIT).
class FailingStore : public server::Store {
 public:
  explicit FailingStore(const std::string& path) : real_(path) {}
  bool fail = false, lose_answer = false;
  int commits = 0;
  std::vector<server::StoredGame> load_unfinished() override { return real_.load_unfinished(); }
  std::optional<server::StoredGame> load(const std::string& id) override { return real_.load(id); }
  Summaries finished_summaries(const std::string& after, std::size_t limit) override { return real_.finished_summaries(after, limit); }
  std::vector<std::string> game_ids() override { return real_.game_ids(); }
  std::vector<std::string> commit(const std::vector<server::GameWrite>& batch) override {
    if (fail) throw server::StoreError("injected failure");
    ++commits;
    auto conflicts = real_.commit(batch);
    if (lose_answer) throw server::CommitUnknown("injected loss of the commit's answer");
    return conflicts;
  }
  std::pair<std::size_t, std::size_t> games_held(const std::string& address, const std::string& network) override {
    return real_.games_held(address, network);
  }

 private:
  server::SqliteStore real_;
};

class LobbyOverFailingStore : public ::testing::Test {
 protected:
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("churchill-lobby-test-" + std::to_string(::getpid()) + "-" +
                                                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
  void SetUp() override { std::filesystem::create_directories(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }
  std::string path() const { return (dir / "games.db").string(); }
  // A public training game with 'Bots as US and USSR, its UK seat claimed and stored: {id, UK's token}.
  static std::pair<std::string, std::string> game_with_uk_claimed(server::Lobby& lobby) {
    const std::string id =
        lobby.create(nlohmann::json{{"seating", "public"}, {"seats", {{"US", "bot:rulebook"}, {"USSR", "bot:rulebook"}}}})["id"];
    lobby.commit_now();
    const std::string token = lobby.claim(id, "UK", nlohmann::json::object());
    lobby.commit_now();
    return {id, token};
  }
};

// The lobby's workers run by hand: jobs wait until the test runs them, each on this thread as a
// worker would, then its answer as the server's thread would, then the commit of what it staged.
struct Jobs {
  std::deque<server::Job> queue;
  void attach(server::Lobby& lobby) {
    lobby.offload([this](server::Job job) { queue.push_back(std::move(job)); });
  }
  void run_one(server::Lobby& lobby) {
    server::Job job = std::move(queue.front());
    queue.pop_front();
    const auto then = job.work();
    then();
    lobby.commit_now();
  }
  // Runs jobs until none is left (at most `limit`); how many ran.
  int run_all(server::Lobby& lobby, int limit = 100000) {
    int n = 0;
    while (!queue.empty() && n < limit) run_one(lobby), ++n;
    return n;
  }
  // What `call` gives once the game it waits for is ready, asked again as a server's request would be
  // (Lobby::when_ready); that game's jobs run meanwhile, in order.
  template <class F>
  auto when_ready(server::Lobby& lobby, F&& call) -> decltype(call()) {
    try {
      return call();
    } catch (const server::NotReady& wait) {
      std::optional<std::decay_t<decltype(call())>> result;
      std::exception_ptr error;
      bool done = false;
      lobby.when_ready(wait.id, [&] {
        try {
          result.emplace(when_ready(lobby, call));
        } catch (...) {
          error = std::current_exception();
        }
        done = true;
      });
      for (int jobs = 0; !done && jobs < 1000; ++jobs) {
        const auto its = std::find_if(queue.begin(), queue.end(), [&](const server::Job& j) { return j.game == wait.id; });
        if (its == queue.end()) break;
        std::rotate(queue.begin(), its, its + 1);
        run_one(lobby);
      }
      if (!done) throw;
      if (error) std::rethrow_exception(error);
      return std::move(*result);
    }
  }
};

}  // namespace test_support
