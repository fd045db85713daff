#include "core/text_layout.h"

#include <algorithm>

namespace core {

namespace {

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xc0) == 0x80; }

}  // namespace

std::size_t code_points(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return !continuation_byte(c); }));
}

std::size_t columns_of(std::string_view text) {
  std::size_t escapes = 0;
  for (std::size_t at = text.find("\033["); at != std::string_view::npos; at = text.find("\033[", at + 1)) {
    const std::size_t end = text.find_first_not_of("0123456789;", at + 2);
    if (end == std::string_view::npos) break;
    escapes += end - at + 1;
  }
  return code_points(text) - escapes;
}

std::string clip(std::string_view text, std::size_t cols) {
  if (code_points(text) <= cols) return std::string(text);
  std::size_t kept = 0, i = 0;
  for (; i < text.size(); ++i)
    if (!continuation_byte(text[i]) && kept++ == cols - 3) break;
  return std::string(text.substr(0, i)) + "...";
}

std::string pad(std::string_view text, std::size_t cols) {
  const std::size_t w = code_points(text);
  return std::string(text) + std::string(w >= cols ? 0 : cols - w, ' ');
}

std::string wrap(std::string_view line, std::size_t width, std::size_t indent) {
  std::size_t start = std::min(line.find_first_not_of(' '), line.size());
  std::string out, current(line.substr(0, start));  // the first line keeps its indentation
  bool has_word = false;
  while (start < line.size()) {
    const std::size_t end = std::min(line.find(' ', start), line.size());
    const std::string_view word = line.substr(start, end - start);
    if (has_word && columns_of(current) + 1 + columns_of(word) > width) {
      out += current + "\n";
      current = std::string(indent, ' ');
      has_word = false;
    }
    if (has_word) current += ' ';
    current += word;
    has_word = has_word || !word.empty();
    start = end + 1;
  }
  return out + current + "\n";
}

std::string fit_lines(std::string_view text, std::size_t width, std::size_t indent) {
  std::string out;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    out += columns_of(line) > width ? wrap(line, width, indent) : std::string(line) + "\n";
    start = end + 1;
  }
  return out;
}

}  // namespace core
