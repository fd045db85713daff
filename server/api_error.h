// An error for the client: an HTTP status (4xx, 503 when storage failed, 504 when a commit's outcome
// is unknown), a code and a message in English and as a catalogue message, and for a stale action
// the current view.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace server {

// What an error is, for a program (stable: a client may branch on it) and for a reader: its message
// "server.error.<id>" of data/i18n, worded with `args` in the reader's language (docs/i18n.md).
struct ErrorCode {
  const char* id;
  nlohmann::json args = nlohmann::json::object();  // name -> text
};

class ApiError : public std::runtime_error {
 public:
  // `message` is the English text of the "error" field, for API clients that read no catalogue.
  ApiError(int status, const std::string& message, nlohmann::json view = nullptr)
      : std::runtime_error(message), status_(status), view_(std::move(view)) {}
  ApiError(int status, ErrorCode code, const std::string& message, nlohmann::json view = nullptr)
      : std::runtime_error(message), status_(status), code_(code.id), args_(std::move(code.args)), view_(std::move(view)) {}
  int status() const { return status_; }
  const nlohmann::json& view() const { return view_; }
  // The error's id; an error without one of its own takes its status's (status_code()).
  std::string code() const { return code_.empty() ? status_code(status_) : code_; }
  const nlohmann::json& args() const { return args_; }
  // The message as core::i18n::to_json gives it: {"key": "server.error.<code>", "args": {...}}.
  // An error with only its status's code has the English text as its "detail".
  nlohmann::json message() const {
    nlohmann::json m = {{"key", "server.error." + code()}};
    if (!args_.empty()) m["args"] = args_;
    if (code_.empty()) m["args"] = {{"detail", what()}};
    return m;
  }

  static std::string status_code(int status) {
    switch (status) {
      case 400: return "bad_request";
      case 401: return "unauthorized";
      case 403: return "forbidden";
      case 404: return "not_found";
      case 405: return "method_not_allowed";
      case 409: return "conflict";
      case 410: return "gone";
      case 413: return "too_large";
      case 414: return "url_too_long";
      case 415: return "unsupported_media_type";
      case 422: return "unprocessable";
      case 429: return "too_many_requests";
      case 431: return "headers_too_large";
      case 503: return "unavailable";
      default: return "internal";
    }
  }

 private:
  int status_;
  std::string code_;
  nlohmann::json args_ = nlohmann::json::object();
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
