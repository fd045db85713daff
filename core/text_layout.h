// Text laid out for a terminal, the one place that does it: widths are counted in characters (UTF-8
// code points, not bytes, so Cyrillic lines fit), and the colour codes of a styled line (ANSI
// "ESC[...m") take no width.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace core {

// The number of characters (UTF-8 code points) of `s`.
std::size_t code_points(std::string_view s);

// The columns `text` takes in a terminal: its characters less its colour codes.
std::size_t columns_of(std::string_view text);

// `text` cut to at most `cols` characters, "..." marking a cut; never inside a character.
std::string clip(std::string_view text, std::size_t cols);

// `text` followed by spaces to `cols` characters.
std::string pad(std::string_view text, std::size_t cols);

// One line broken at spaces into lines of at most `width` columns (a word longer than that stands
// alone), each after the first indented by `indent` spaces; the first keeps its own indentation.
// Every line ends with "\n".
std::string wrap(std::string_view line, std::size_t width, std::size_t indent);

// Each line of `text` wider than `width` wrapped (the rest indented by `indent`), the others as they
// are: a board laid out in columns is not touched where it fits.
std::string fit_lines(std::string_view text, std::size_t width, std::size_t indent = 4);

}  // namespace core
