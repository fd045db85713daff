// The titles of the server (`churchill serve`), in its order (Churchill first: a new game's default),
// for the tests that go through every title alike. Needs CHURCHILL_TEST_DATA_DIR.
#pragma once

#include "churchill/title.h"
#include "core/title.h"
#include "hills/title.h"
#include "warroom/data.h"
#include "warroom/title.h"

namespace test_support {

inline const core::Titles& titles() {
  static const core::Titles t = [] {
    core::Titles all;
    all.add(churchill::make_title(CHURCHILL_TEST_DATA_DIR));
    all.add(warroom::make_title(warroom::default_data_dir()));
    all.add(hills::make_title());
    return all;
  }();
  return t;
}

}  // namespace test_support
