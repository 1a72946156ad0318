// nonolab explain: the logical deductions of each puzzle, step by step
// (exact/explain.hpp), as numbered sentences or, with --json, one JSON
// object per puzzle per line (batch/explain_output.hpp). Exit status as solve's:
// 0 when logic solves every puzzle or stops on some, 1 when one has no
// solution, 3 on a time-out, 4 when an input cannot be read.
#include <algorithm>
#include <iostream>

#include "batch/explain_output.hpp"
#include "commands.hpp"
#include "core/error.hpp"
#include "io/formats.hpp"
#include "option_flags.hpp"
#include "puzzle_files.hpp"

namespace nonolab::cli {

namespace {

struct ExplainArgs {
    std::vector<std::string> files;
    std::string format;
    bool json = false;
    ParamMap flags;  ///< --no-probing, --timeout, --max-steps (the explain table)
};

int explain_exit_for(Status s) {
    if (s == Status::contradiction) return kExitContradiction;
    if (s == Status::timeout) return kExitUnsolved;
    return kExitOk;
}

int run_explain(const ExplainArgs& a) {
    const exact::ExplainOptions options = exact::explain_option_table().parse(a.flags);
    // One answer per puzzle of each file, an unreadable one included (as
    // the server's /api/explain): the others are explained all the same.
    return for_each_puzzle(
        a.files, a.format, a.json, [&](const std::string& file, int index, const io::Entry& entry) {
            const Puzzle& p = *entry.puzzle;
            try {
                const exact::Explanation e = exact::explain(p, options, &g_interrupted);
                if (a.json)
                    std::cout << batch::explain_json(e, p, file, index).dump() << "\n";
                else
                    std::cout << batch::explain_text(e, p, file, index);
                return static_cast<int>(explain_exit_for(e.status));
            } catch (const std::invalid_argument& e) {  // a palette too wide
                std::cerr << "error: " << file << " #" << index << ": " << e.what() << "\n";
                return static_cast<int>(kExitUnreadable);
            }
        });
}

}  // namespace

void add_explain(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<ExplainArgs>();
    CLI::App* sub = app.add_subcommand(
        "explain",
        "Show the logical deductions that solve a puzzle, step by step, until logic stops.\n"
        "Each step is one row or column solved alone (which cells every placement of its\n"
        "clue agrees on), or, when lines stall, a probe (a value of one cell that leaves\n"
        "some line with no placement). The same steps as the server's /api/explain.\n"
        "Example: nonolab explain examples/heart.non");
    sub->add_option("files", args->files, "Puzzle files")->required()->check(CLI::ExistingFile);
    sub->add_option("--format", args->format, "Input format (default: detect)");
    sub->add_flag("--json", args->json,
                  "One JSON object per puzzle per line: status, steps (kind, line, index, "
                  "cells, reason; indices 0-based) and the grid where logic stopped");
    add_option_flags(sub, exact::explain_option_table(), args->flags, {}, "");
    sub->callback([args, &exit_code] { exit_code = run_explain(*args); });
}

}  // namespace nonolab::cli
