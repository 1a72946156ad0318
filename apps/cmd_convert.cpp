// nonolab convert / formats: format conversion and the list of formats.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.hpp"
#include "core/error.hpp"
#include "exact/cnf_encoding.hpp"
#include "io/formats.hpp"
#include "io/text.hpp"

namespace nonolab::cli {

namespace {

struct ConvertArgs {
    std::string in, out, from, to;
    std::vector<int> indices;
    bool skip_unreadable = false;  ///< write the readable puzzles of a set with broken ones
    exact::LineEncoding encoding = exact::CnfOptions{}.encoding;  ///< --encoding, for CNF output
};

int run_convert(const ConvertArgs& a) {
    std::vector<io::Entry> entries;
    try {
        entries = io::read_entries(a.in, a.from);
    } catch (const ParseError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }
    std::vector<int> picked = a.indices;  // 1-based, in the order asked
    if (picked.empty())
        for (std::size_t k = 1; k <= entries.size(); ++k) picked.push_back(static_cast<int>(k));
    // A converted set with a hole would pass for the whole set, so an
    // unreadable puzzle stops the conversion (every one is named by its
    // index in IN) unless --skip-unreadable says to leave them out.
    std::vector<Puzzle> puzzles;
    std::string skipped;
    for (int k : picked) {
        if (k > static_cast<int>(entries.size())) {
            std::cerr << "error: " << a.in << " holds " << entries.size()
                      << " puzzle(s); there is no --index " << k << "\n";
            return kExitUsage;
        }
        const io::Entry& e = entries[static_cast<std::size_t>(k - 1)];
        if (e.puzzle)
            puzzles.push_back(*e.puzzle);
        else
            skipped += "\n  #" + std::to_string(k) + ": " + e.error;
    }
    const std::size_t bad = picked.size() - puzzles.size();
    if (!skipped.empty() && (!a.skip_unreadable || puzzles.empty())) {
        std::cerr << "error: " << bad << " of " << picked.size() << " puzzle(s) of " << a.in
                  << " cannot be read, so nothing was written"
                  << (puzzles.empty() ? "" : " (--skip-unreadable writes the others)") << ":"
                  << skipped << "\n";
        return kExitUnreadable;
    }
    if (!skipped.empty())
        std::cerr << "warning: left out " << bad << " unreadable puzzle(s) of " << a.in << ":"
                  << skipped << "\n";
    std::string to = a.to;
    // DIMACS CNF is not a puzzle format (it cannot be read back), so it is
    // not in the io registry; it comes from the exact solver's encoding and
    // lets any SAT solver be run on our puzzles (the `cadical` competitor).
    const bool cnf_out = to == "cnf" || (to.empty() && a.out.size() > 4 &&
                                         a.out.compare(a.out.size() - 4, 4, ".cnf") == 0);
    if (cnf_out) {
        if (puzzles.size() != 1) {
            std::cerr << "error: a CNF file holds one puzzle and " << a.in << " holds "
                      << puzzles.size() << "; pick one with --index\n";
            return kExitUsage;
        }
        const int rc = write_output(a.out, [&] {
            std::ostringstream os;
            exact::CnfOptions options;
            options.encoding = a.encoding;
            exact::write_dimacs(os, exact::encode_cnf(puzzles[0], nullptr, options));
            return os.str();
        });
        if (rc != kExitOk) return rc;
        if (a.out != "-")
            std::cerr << "wrote the CNF of 1 puzzle to " << a.out
                      << " (variables 1..W*H are the cells, row-major; true = filled)\n";
        return kExitOk;
    }
    if (to.empty()) {
        const size_t dot = a.out.find_last_of('.');
        const io::Format* f =
            dot == std::string::npos ? nullptr : io::find_format(a.out.substr(dot + 1));
        if (!f || !f->write) {
            std::cerr << "error: cannot tell the output format from '" << a.out
                      << "'; name one with --to (writable: ";
            bool first = true;
            for (const io::Format& g : io::formats())
                if (g.write) std::cerr << (first ? "" : ", ") << g.name, first = false;
            std::cerr << ")\n";
            return kExitUsage;
        }
        to = f->name;
    }
    const int rc = write_output(a.out, [&] { return io::write_puzzles(puzzles, to); });
    if (rc != kExitOk) return rc;
    if (a.out != "-")
        std::cerr << "wrote " << puzzles.size() << " puzzle(s) to " << a.out << " (" << to << ")\n";
    return kExitOk;
}

}  // namespace

void add_convert(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<ConvertArgs>();
    CLI::App* sub = app.add_subcommand(
        "convert",
        "Convert a puzzle file to another format, chosen by OUT's extension or --to.\n"
        "OUT ending in .cnf (or --to cnf) writes the puzzle as DIMACS CNF for any SAT\n"
        "solver: variables 1..W*H are the cells, row-major, true = filled.\n"
        "OUT may be '-' for standard output. The output file is written whole or not at\n"
        "all: when some puzzles of IN cannot be read, each is named (index, line, what\n"
        "was expected), nothing is written and the exit status is 4, unless\n"
        "--skip-unreadable asks to write the others. Run 'nonolab formats' for the\n"
        "formats that can be written.\n"
        "Example: nonolab convert examples/heart.non heart.xml");
    sub->add_option("in", args->in, "Input puzzle file")->required()->check(CLI::ExistingFile);
    sub->add_option("out", args->out, "Output file, or - for stdout")->required();
    sub->add_option("--from", args->from, "Input format (default: detect)");
    sub->add_option("--to", args->to, "Output format (default: from OUT's extension)");
    sub->add_option("--encoding", args->encoding,
                    "CNF output only: how each line becomes clauses: order (run starts; the "
                    "solver's default), automaton or both")
        ->transform(CLI::CheckedTransformer(exact::line_encoding_names(), CLI::ignore_case))
        ->default_str("order");
    sub->add_option("--index", args->indices,
                    "Convert only these puzzles (1-based; repeatable). Needed when a file of "
                    "several puzzles goes to a one-puzzle format")
        ->check(CLI::PositiveNumber);
    sub->add_flag("--skip-unreadable", args->skip_unreadable,
                  "Write the puzzles that can be read and list the others on stderr (exit 0), "
                  "instead of writing nothing (exit 4)");
    sub->callback([args, &exit_code] { exit_code = run_convert(*args); });
}

void add_formats(CLI::App& app, int& exit_code) {
    CLI::App* sub = app.add_subcommand("formats", "List the puzzle file formats nonolab knows");
    sub->callback([&exit_code] {
        // The name column is as wide as the longest name ("nonograms-org").
        int width = 4;
        for (const io::Format& f : io::formats())
            width = std::max(width, static_cast<int>(std::strlen(f.name)));
        std::printf("%-*s read write  extensions      description\n", width, "name");
        for (const io::Format& f : io::formats()) {
            std::string ext;
            for (const auto& e : f.extensions) ext += (ext.empty() ? "." : " .") + e;
            if (ext.empty()) ext = "(detected)";
            std::printf("%-*s %-4s %-6s %-15s %s\n", width, f.name, f.read ? "yes" : "-",
                        f.write ? "yes" : "-", ext.c_str(), f.description);
        }
        exit_code = kExitOk;
    });
}

}  // namespace nonolab::cli
