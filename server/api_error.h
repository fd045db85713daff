// An error for the client: an HTTP status (4xx, or 503 when storage failed) and a message, and for
// a stale action the current view.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace server {

class ApiError : public std::runtime_error {
 public:
  ApiError(int status, const std::string& message, nlohmann::json view = nullptr)
      : std::runtime_error(message), status_(status), view_(std::move(view)) {}
  int status() const { return status_; }
  const nlohmann::json& view() const { return view_; }

 private:
  int status_;
  nlohmann::json view_;
};

// Text made safe for a message: at most `max` characters, printable ASCII only (any other byte is
// shown as \xNN, and so are the quote and backslash when `quoted`), so that a message is always
// valid UTF-8 and one line.
inline std::string plain(std::string_view text, std::size_t max = 300, bool quoted = false) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < max; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f && !(quoted && (c == '"' || c == '\\'))) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += digits[c >> 4];
      out += digits[c & 15];
    }
  }
  if (text.size() > max) out += "...";
  return out;
}

// A client's text quoted in a message.
inline std::string printable(std::string_view text, std::size_t max = 40) { return "\"" + plain(text, max, true) + "\""; }

}  // namespace server
