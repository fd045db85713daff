// The phase line in the reader's language: the step table's message (game.cpp), worded.
#include "churchill/game.h"
#include "churchill/i18n_names.h"
#include "churchill/view.h"

namespace churchill {

std::string phase_text(const Names& n, const Game& g, const State& s) { return n.render(phase_message(g, s)); }

}  // namespace churchill
