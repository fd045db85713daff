// `PROGRAM rules SECTION [--lang L]`: a rulebook section in the language of an edition (cli/rules_text.h).
#include <fmt/format.h>

#include <cstdio>
#include <stdexcept>

#include "cli/kit.h"
#include "cli/rules_text.h"
#include "core/i18n.h"

namespace cli {

std::string rules_language(const std::filesystem::path& dir, std::string_view title, std::string_view flag) {
  std::vector<std::string> available = core::rulebook_languages(dir, title);
  if (available.empty()) available.emplace_back(core::i18n::kFallbackLanguage);
  return core::i18n::choose_language(flag, core::i18n::Environment::from_process(), available);
}

void add_rules_command(CLI::App& app, Kit& kit, int& exit_code) {
  struct Options {
    std::string section, lang;
  };
  auto o = std::make_shared<Options>();
  CLI::App* rules = app.add_subcommand("rules", "Print a section of the rulebook, in English, Italian or Russian");
  rules->add_option("section", o->section, "The rule number, e.g. 5.24, 4.23.1 or 7.0 (a whole chapter)")->required();
  rules->add_option("--lang", o->lang, "The edition's language: en, it or ru (default: LC_ALL, LC_MESSAGES, LANG, else en)");
  rules->callback([&kit, &exit_code, o] {
    const auto request = parse_rules_request(o->section);
    if (!request || !request->language.empty())
      throw std::invalid_argument(fmt::format("\"{}\" is not a rule number such as 5.24", o->section));
    const std::filesystem::path dir = core::default_rules_dir(kit.default_data);
    const std::string lang = rules_language(dir, kit.program, o->lang);
    const core::RulesText r = core::rules_text(dir, kit.program, request->section, lang);
    if (!r.found) throw std::runtime_error(r.text.substr(0, r.text.size() - 1));
    std::fputs(r.text.c_str(), stdout);
    exit_code = 0;
  });
}

}  // namespace cli
