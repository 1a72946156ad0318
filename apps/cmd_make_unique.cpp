// nonolab make-unique: for each picture (a puzzle file with its solution
// picture: .non with a goal line, a picture format...), the fewest cell
// changes that make its puzzle reach the goal (exact/make_unique.hpp), as
// text or, with --json, one JSON object per puzzle per line (the same
// object as /api/make-unique, batch/make_unique_output.hpp). Exit status:
// 0 when every picture meets the goal, got a suggestion, or was searched to
// the end; 2 on a bad command line or --lock file; 3 when the budget ran out
// on some picture before any suggestion; 4 when an input cannot be read or
// gives no picture.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>

#include "batch/make_unique_output.hpp"
#include "commands.hpp"
#include "io/formats.hpp"
#include "option_flags.hpp"
#include "progress.hpp"
#include "puzzle_files.hpp"

namespace nonolab::cli {

namespace {

struct MakeUniqueArgs {
    std::vector<std::string> files;
    std::string format;
    std::string lock;
    bool json = false;
    ParamMap flags;  ///< the make-unique table's flags, --suggestions among them
};

int run_make_unique(const MakeUniqueArgs& a) {
    exact::MakeUniqueOptions options = exact::make_unique_option_table().parse(a.flags);
    if (!a.lock.empty()) {
        try {
            options.locked = batch::read_lock_file(a.lock);
        } catch (const std::invalid_argument& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kExitUsage;
        }
    }
    return for_each_puzzle(
        a.files, a.format, a.json, [&](const std::string& file, int index, const io::Entry& entry) {
            if (!entry.puzzle->info().goal) {
                print_puzzle_error(a.json, file, index, entry.name,
                                   "make-unique needs a picture, and the file gives none "
                                   "(a picture format, or a .non file with a goal line)");
                return static_cast<int>(kExitUnreadable);
            }
            const Puzzle& p = *entry.puzzle;
            // The search can take a while: a progress line on a terminal.
            std::unique_ptr<Progress> bar;
            const auto progress = [&](long done, long total) {
                if (!bar) bar = std::make_unique<Progress>(total);
                bar->update(done, file + " #" + std::to_string(index) + ": checking changes");
            };
            const auto start = std::chrono::steady_clock::now();
            exact::MakeUniqueResult m;
            try {
                m = exact::make_unique(*p.info().goal, p.palette(), options, &g_interrupted,
                                       progress);
            } catch (const std::invalid_argument& e) {  // a lock off the board, a wide palette
                bar.reset();
                print_puzzle_error(a.json, file, index, entry.name, e.what());
                return static_cast<int>(kExitUsage);
            }
            bar.reset();
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (a.json) {
                nlohmann::json j = {{"source", file}, {"index", index}, {"name", entry.name}};
                j.update(batch::make_unique_json(m, p, options.goal));
                j["seconds"] = seconds;
                std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                          << "\n";
            } else {
                std::cout << batch::make_unique_text(m, p, options.goal, file, index);
            }
            std::cout.flush();
            const bool ran_out = !m.goal_met && !m.complete && m.suggestions.empty();
            return static_cast<int>(ran_out ? kExitUnsolved : kExitOk);
        });
}

}  // namespace

void add_make_unique(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<MakeUniqueArgs>();
    CLI::App* sub = app.add_subcommand(
        "make-unique",
        "Suggest the fewest cell changes (1 to --max-changes) that make a picture's puzzle\n"
        "reach the goal: unique (one solution), logic (unique and solvable by line logic\n"
        "plus probing, no guessing) or line (line logic alone). Each suggestion is proven\n"
        "unique by the exact solver and graded before it is shown; ranked by fewest\n"
        "changes, then by how little they change the look (cost: 4-neighbours that differ\n"
        "from the new value). The input must hold the picture: a .non file with a goal\n"
        "line, or a picture format. Rows and columns in the text count from 1; in --json\n"
        "from 0 (as /api/make-unique).\n"
        "--lock FILE: cells never changed, one 'row col' pair per line, counted from 1\n"
        "(as '3 7' or '3,7'); '#' starts a comment; blank lines are skipped.\n"
        "Exit status: 0 every picture meets the goal, got a suggestion or was searched to\n"
        "the end; 2 bad command line or lock file; 3 the budget ran out on a picture before\n"
        "any suggestion; 4 an input could not be read or has no picture.\n"
        "Example: nonolab make-unique --goal logic --max-changes 3 --timeout 60 drawing.non");
    sub->add_option("files", args->files, "Puzzle files with pictures")
        ->required()
        ->check(CLI::ExistingFile);
    sub->add_option("--format", args->format, "Input format (default: detect)");
    sub->add_option("--lock", args->lock, "Cells never changed (format above)")
        ->check(CLI::ExistingFile);
    sub->add_flag("--json", args->json,
                  "One JSON object per puzzle per line: status, grade, goal_met, differ, "
                  "suggestions (changes, picture, grade, cost), candidates, checked, total, "
                  "complete, seconds");
    add_option_flags(sub, exact::make_unique_option_table(), args->flags, {"max_suggestions"}, "");
    sub->add_option_function<std::string>(
           "--suggestions",
           [args](const std::string& v) {
               try {
                   exact::make_unique_option_table().parse({{"max_suggestions", v}});
               } catch (const std::invalid_argument& e) {
                   throw CLI::ValidationError("--suggestions", e.what());
               }
               args->flags["max_suggestions"] = v;
           },
           "Stop once this many suggestions are found; an integer in [1, 100]")
        ->default_str(std::to_string(exact::MakeUniqueOptions{}.max_suggestions));
    sub->callback([args, &exit_code] { exit_code = run_make_unique(*args); });
}

}  // namespace nonolab::cli
