// Running a title's command from the tests: its exit status and all it printed.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace test_support {

struct Result {
  int status = 0;
  std::string out;  // standard output and standard error, as printed
};

// `binary args` through the shell.
inline Result run_command(const std::string& binary, const std::string& args) {
  Result r;
  FILE* p = ::popen((binary + " " + args + " 2>&1").c_str(), "r");
  if (!p) return {-1, "popen failed"};
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) r.out.append(buf, n);
  r.status = ::pclose(p);
  return r;
}

// A test of the command named by `env` (skipped when run outside ctest), in a directory of its own
// with a save file `save` there.
class CommandTest : public ::testing::Test {
 protected:
  CommandTest(const char* env, const std::string& name)
      : env_(env),
        dir(std::filesystem::temp_directory_path() /
            (name + "-" + std::to_string(::getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name())),
        save((dir / "game.json").string()) {}

  void SetUp() override {
    if (!std::getenv(env_)) GTEST_SKIP() << "run through ctest";
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  Result run(const std::string& args) const { return run_command(std::getenv(env_), args); }
  // The save's bytes, to show that a refused command changed nothing.
  std::string bytes() const {
    std::ifstream in(save);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  // `status --json`, as `seat` sees it ("" for a spectator).
  nlohmann::json view(const std::string& seat) const {
    return nlohmann::json::parse(run("status " + save + (seat.empty() ? "" : " --as " + seat) + " --json").out);
  }

 private:
  const char* env_;

 protected:
  std::filesystem::path dir;
  std::string save;
};

}  // namespace test_support
