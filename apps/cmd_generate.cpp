// nonolab generate: make puzzles. For now the n-Dom benchmark family; the
// dataset generators of the neural-network issue (noise boards, figures,
// images, reflections) are to join this subcommand as further options.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "gen/ndom.hpp"
#include "io/formats.hpp"
#include "io/text.hpp"

namespace nonolab::cli {

namespace {

struct GenerateArgs {
    int ndom = 0;
    std::string out = "-";
    std::string to;
};

int run_generate(const GenerateArgs& a) {
    if (a.ndom <= 0) {
        std::cerr << "error: say what to generate, e.g. --ndom 12 (see --help)\n";
        return kExitUsage;
    }
    std::string to = a.to;
    if (to.empty()) {
        const size_t dot = a.out.find_last_of('.');
        const io::Format* f =
            dot == std::string::npos ? nullptr : io::find_format(a.out.substr(dot + 1));
        to = f && f->write ? f->name : "non";
    }
    return write_output(a.out, [&] { return io::write_puzzles({gen::ndom(a.ndom)}, to); });
}

}  // namespace

void add_generate(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<GenerateArgs>();
    CLI::App* sub = app.add_subcommand(
        "generate",
        "Generate puzzles.\n"
        "  --ndom N: the n-Dom family of Wolter's survey (9-Dom is webpbn #8098), a\n"
        "  (2N+1)-square puzzle with one solution that line solving cannot start.\n"
        "Examples:\n"
        "  nonolab generate --ndom 12 -o 12dom.non\n"
        "  nonolab generate --ndom 15 | nonolab check --format non /dev/stdin");
    sub->add_option("--ndom", args->ndom, "Generate the n-Dom puzzle for this N (1-200)")
        ->check(CLI::Range(1, 200));
    sub->add_option("-o,--output", args->out,
                    "Output file; '-' (the default) writes .non to stdout")
        ->capture_default_str();
    sub->add_option("--to", args->to, "Output format (default: from the extension, else non)");
    sub->callback([args, &exit_code] { exit_code = run_generate(*args); });
}

}  // namespace nonolab::cli
