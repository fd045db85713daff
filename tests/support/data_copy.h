// Tests of rejected data: a copy of a title's data set in a directory of the test's own, edited,
// then loaded to show the error that names file, entry and field.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>

#include "core/data_error.h"

namespace test_support {

class DataCopyTest : public ::testing::Test {
 protected:
  using Load = std::function<void(const std::filesystem::path&)>;

  // A copy of the data set in `source`, loaded by `load`; `name` names the directory.
  DataCopyTest(std::filesystem::path source, const std::string& name, Load load)
      : source_(std::move(source)),
        load_(std::move(load)),
        dir(std::filesystem::temp_directory_path() /
            (name + "-" + std::to_string(::getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name())) {}

  void SetUp() override {
    std::filesystem::create_directories(dir);
    for (const auto& f : std::filesystem::directory_iterator(source_)) std::filesystem::copy(f.path(), dir / f.path().filename());
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  // Changes one file of the copy.
  void edit(const char* file, const std::function<void(nlohmann::json&)>& change) {
    std::ifstream in(dir / file);
    nlohmann::json j = nlohmann::json::parse(in);
    change(j);
    std::ofstream(dir / file) << j.dump(1);
  }
  // The load error message, which must mention every fragment.
  void expect_error(std::initializer_list<std::string> fragments) {
    try {
      load_(dir);
      ADD_FAILURE() << "the data set loaded";
    } catch (const core::DataError& e) {
      for (const auto& f : fragments) EXPECT_NE(std::string(e.what()).find(f), std::string::npos) << e.what() << "\n  missing: " << f;
    }
  }

 private:
  std::filesystem::path source_;
  Load load_;

 protected:
  std::filesystem::path dir;
};

}  // namespace test_support
