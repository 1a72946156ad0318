// nonolab: the command-line front end. A thin layer: option parsing and
// printing here, all real work in the library under src/.
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string_view>

#include "batch/image_plugin.hpp"
#include "commands.hpp"
#include "nn/openblas_core.hpp"
#include "nn/openmp_wait_policy.hpp"
#include "option_flags.hpp"
#include "torch_plugin.hpp"

namespace nonolab::cli {
std::atomic<bool> g_interrupted{false};
}

namespace {
void on_interrupt(int) {
    // Second Ctrl-C: leave at once, the user means it.
    if (nonolab::cli::g_interrupted.exchange(true)) std::_Exit(130);
}
void report_docs_built() {
    std::fprintf(stderr, "option docs built: %llu\n",
                 static_cast<unsigned long long>(nonolab::option_docs_built()));
}
}  // namespace

/// Every subcommand, in the order `nonolab --help` lists them.
struct Command {
    const char* name;
    void (*add)(CLI::App& app, int& exit_code);
};
constexpr Command kCommands[] = {
    {"solve", nonolab::cli::add_solve},
    {"check", nonolab::cli::add_check},
    {"convert", nonolab::cli::add_convert},
    {"render", nonolab::cli::add_render},
    {"formats", nonolab::cli::add_formats},
    {"generate", nonolab::cli::add_generate},
    {"bench", nonolab::cli::add_bench},
    {"experiment", nonolab::cli::add_experiment},
    {"train", nonolab::cli::add_train},
    {"check-proof", nonolab::cli::add_check_proof},
    {"explain", nonolab::cli::add_explain},
    {"serve", nonolab::cli::add_serve},
    {"make-unique", nonolab::cli::add_make_unique},
};

// The one project version, project() in the top-level CMakeLists.txt.
constexpr const char* kVersion = "nonolab " NONOLAB_PROJECT_VERSION;

int main(int argc, char** argv) {
    // NONOLAB_REPORT_DOCS=1: say at exit how often option documentation was
    // built (tests/apps/startup_test.cpp: a plain run builds none).
    if (const char* report = std::getenv("NONOLAB_REPORT_DOCS"); report && *report == '1')
        std::atexit(report_docs_built);
    // `nonolab --version` alone answers before any set-up: CLI11 ends a
    // version flag by throwing, and with the set-up that cost 122 k
    // instructions and 0.06 of the 0.14 ms the run took above a bare
    // process (docs/results/startup.md). Elsewhere on a command
    // line the flag goes through CLI11 as usual, with the same text.
    if (argc == 2 && std::string_view(argv[1]) == "--version") {
        std::puts(kVersion);
        return nonolab::cli::kExitOk;
    }
    CLI::App app{
        "nonolab: nonogram (paint-by-number) toolkit.\n"
        "Solves puzzles with a complete exact solver that proves uniqueness or\n"
        "impossibility, converts between puzzle formats, and draws puzzles.\n"
        "Run 'nonolab SUBCOMMAND --help' for the options of each subcommand."};
    // Model files (--method ne*, ga-nn, train --evaluate) load through
    // LibTorch, in a plugin loaded on first use (torch_plugin.hpp: start-up);
    // a build without it says which set-up command adds it.
    nonolab::cli::install_lazy_torch_loader();
    // The OpenBLAS kernels under LibTorch (nn/openblas_core.hpp), chosen now,
    // while one thread runs: setenv is not thread-safe, and the plugin may
    // first load from a solver thread (which then finds the choice made).
    nonolab::nn::choose_openblas_core();
    // Likewise LibTorch's OpenMP threads sleep while OpenBLAS's work
    // (nn/openmp_wait_policy.hpp).
    nonolab::nn::choose_openmp_wait_policy();
    // PNG puzzles decode through OpenCV, in a plugin loaded on first use too.
    nonolab::batch::install_lazy_image_decoder();
    nonolab::cli::command_words().assign(argv + std::min(argc, 1), argv + argc);
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string(kVersion));
    int exit_code = nonolab::cli::kExitOk;
    // Setting up a subcommand's flags costs CLI11 a few hundred thousand
    // instructions, about a fifth of a one-puzzle `check`
    // (docs/results/startup.md). A run needs only its own subcommand, so when
    // the first word names one, only that one is set up; `nonolab --help`,
    // a typo and anything else set up all of them. --version needs none.
    const std::string first = argc > 1 ? argv[1] : "";
    bool named = false;
    for (const auto& c : kCommands) named |= first == c.name;
    for (const auto& c : kCommands)
        if (first == c.name || (!named && first != "--version")) c.add(app, exit_code);
    // CLI11 answers a first word that is no subcommand with "A subcommand is
    // required", which hides the typo; name the word and the real ones instead.
    if (!named && argc > 1 && argv[1][0] != '-') {
        std::string names;
        for (const auto& c : kCommands) names += (names.empty() ? "" : ", ") + std::string(c.name);
        std::cerr << "error: unknown subcommand '" << first << "' (expected one of: " << names
                  << ")\nRun 'nonolab --help' for what each does.\n";
        return nonolab::cli::kExitUsage;
    }
    std::signal(SIGINT, on_interrupt);
    try {
        app.parse(argc, argv);
    } catch (const CLI::Error& e) {
        // The flags' descriptions are written only for the help that shows them.
        if (dynamic_cast<const CLI::CallForHelp*>(&e) ||
            dynamic_cast<const CLI::CallForAllHelp*>(&e))
            nonolab::cli::describe_flags();
        // Help, version and --list-* end with code 0; anything else is a usage error.
        return app.exit(e) == 0 ? nonolab::cli::kExitOk : nonolab::cli::kExitUsage;
    }
    return exit_code;
}
