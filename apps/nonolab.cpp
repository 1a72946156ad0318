// nonolab: the command-line front end. A thin layer: option parsing and
// printing here, all real work in the library under src/.
#include <csignal>
#include <iostream>

#include "commands.hpp"

#ifdef NONOLAB_TORCH_PLUGIN
#include "torch_plugin.hpp"
#endif

namespace nonolab::cli {
std::atomic<bool> g_interrupted{false};
}

namespace {
void on_interrupt(int) {
    // Second Ctrl-C: leave at once, the user means it.
    if (nonolab::cli::g_interrupted.exchange(true)) std::_Exit(130);
}
}  // namespace

int main(int argc, char** argv) {
    CLI::App app{
        "nonolab: nonogram (paint-by-number) toolkit.\n"
        "Solves puzzles with a complete exact solver that proves uniqueness or\n"
        "impossibility, converts between puzzle formats, and draws puzzles.\n"
        "Run 'nonolab SUBCOMMAND --help' for the options of each subcommand."};
#ifdef NONOLAB_TORCH_PLUGIN
    // Model files (--method ne*, ga-nn, train --evaluate) load through
    // LibTorch, in a plugin loaded on first use (torch_plugin.hpp: start-up).
    nonolab::cli::install_lazy_torch_loader();
#endif
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("nonolab 0.1.0"));
    int exit_code = nonolab::cli::kExitOk;
    nonolab::cli::add_solve(app, exit_code);
    nonolab::cli::add_check(app, exit_code);
    nonolab::cli::add_convert(app, exit_code);
    nonolab::cli::add_render(app, exit_code);
    nonolab::cli::add_formats(app, exit_code);
    nonolab::cli::add_generate(app, exit_code);
    nonolab::cli::add_bench(app, exit_code);
    nonolab::cli::add_experiment(app, exit_code);
    nonolab::cli::add_train(app, exit_code);
    // CLI11 answers a first word that is no subcommand with "A subcommand is
    // required", which hides the typo; name the word and the real ones instead.
    if (argc > 1 && argv[1][0] != '-') {
        const std::string word = argv[1];
        std::string names;
        bool known = false;
        for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
            known |= sub->get_name() == word;
            names += (names.empty() ? "" : ", ") + sub->get_name();
        }
        if (!known) {
            std::cerr << "error: unknown subcommand '" << word << "' (expected one of: " << names
                      << ")\nRun 'nonolab --help' for what each does.\n";
            return nonolab::cli::kExitUsage;
        }
    }
    std::signal(SIGINT, on_interrupt);
    try {
        app.parse(argc, argv);
    } catch (const CLI::Error& e) {
        // Help, version and --list-* end with code 0; anything else is a usage error.
        return app.exit(e) == 0 ? nonolab::cli::kExitOk : nonolab::cli::kExitUsage;
    }
    return exit_code;
}
