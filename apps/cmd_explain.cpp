// nonolab explain: the logical deductions of each puzzle, step by step
// (exact/explain.hpp), as numbered sentences or, with --json, one JSON
// object per puzzle per line (explain_output.hpp). Exit status as solve's:
// 0 when logic solves every puzzle or stops on some, 1 when one has no
// solution, 3 on a time-out, 4 when an input cannot be read.
#include <algorithm>
#include <iostream>

#include "commands.hpp"
#include "core/error.hpp"
#include "explain_output.hpp"
#include "io/formats.hpp"
#include "option_flags.hpp"

namespace nonolab::cli {

namespace {

struct ExplainArgs {
    std::vector<std::string> files;
    std::string format;
    bool json = false;
    ParamMap flags;  ///< --no-probing, --timeout, --max-steps (the explain table)
};

int exit_for(Status s) {
    if (s == Status::contradiction) return kExitContradiction;
    if (s == Status::timeout) return kExitUnsolved;
    return kExitOk;
}

int run_explain(const ExplainArgs& a) {
    const exact::ExplainOptions options = exact::explain_option_table().parse(a.flags);
    int code = kExitOk;
    for (const std::string& file : a.files) {
        // One answer per puzzle of the file, an unreadable one included (as
        // the server's /api/explain): the others are explained all the same.
        std::vector<io::Entry> entries;
        try {
            entries = io::read_entries(file, a.format);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            code = std::max<int>(code, kExitUnreadable);
            continue;
        }
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const int index = static_cast<int>(i) + 1;
            if (!entries[i].puzzle) {
                if (a.json)
                    std::cout << nlohmann::json{{"source", file},
                                                {"index", index},
                                                {"name", entries[i].name},
                                                {"status", "error"},
                                                {"error", entries[i].error}}
                                     .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                              << "\n";
                std::cerr << "error: " << file << " #" << index << ": " << entries[i].error << "\n";
                code = std::max<int>(code, kExitUnreadable);
                continue;
            }
            const Puzzle& p = *entries[i].puzzle;
            try {
                const exact::Explanation e = exact::explain(p, options, &g_interrupted);
                if (a.json)
                    std::cout << explain_json(e, p, file, index).dump() << "\n";
                else
                    std::cout << explain_text(e, p, file, index);
                code = std::max(code, exit_for(e.status));
            } catch (const std::invalid_argument& e) {  // a palette too wide
                std::cerr << "error: " << file << " #" << index << ": " << e.what() << "\n";
                code = std::max<int>(code, kExitUnreadable);
            }
        }
    }
    return code;
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
