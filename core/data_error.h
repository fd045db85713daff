// The error of a data file that breaks a rule of its title's data docs.
#pragma once

#include <stdexcept>

namespace core {

// The message names file, entry and field ("warroom/map.json: regions[3] (id \"G1\"): field ...").
class DataError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace core
