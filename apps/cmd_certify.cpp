// Certificates on the command line:
//   solve|check --certify DIR   for every "unique" and "contradiction" of the
//                               exact method, DIR/STEM.cnf and DIR/STEM.drat
//                               (exact/certify.hpp), checked at once by our
//                               own checker (core/drup_check.hpp);
//   nonolab check-proof CNF DRAT  the checker alone, on any such pair.
#include <filesystem>

#include "batch/run_record.hpp"
#include "certify.hpp"
#include "commands.hpp"
#include "core/drup_check.hpp"
#include "exact/certify.hpp"
#include "io/solution_rows.hpp"

namespace nonolab::cli {

namespace {

// "heart-1": the file's name without its extension, and the puzzle's number.
std::string stem_of(const batch::RunRecord& r) {
    std::string stem = std::filesystem::path(r.source).stem().string();
    for (char& c : stem)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
    return (stem.empty() ? "puzzle" : stem) + "-" + std::to_string(r.index);
}

}  // namespace

bool certify_record(const batch::RunRecord& r, const Puzzle& puzzle, const std::string& dir,
                    const std::string& engine) {
    if (r.status != Status::unique && r.status != Status::contradiction) return true;
    const std::string what = r.source + " #" + std::to_string(r.index);
    if (!r.reason.empty()) {  // proven by counting, not by search: there is nothing to check
        std::cerr << "certified " << what << " (contradiction) by its clues alone: " << r.reason
                  << "\n";
        return true;
    }
    try {
        std::vector<Grid> solutions;
        for (const auto& rows : r.solutions)
            solutions.push_back(io::grid_from_rows(rows, puzzle.palette()));
        const exact::Certificate c =
            exact::write_certificate(puzzle, solutions, dir, stem_of(r), engine);
        const ProofCheck check = check_drup_files(c.cnf_path, c.proof_path);
        if (!check.ok) {
            std::cerr << "certificate REJECTED for " << what << ": " << check.message << "\n";
            return false;
        }
        std::cerr << "certified " << what << " (" << to_string(r.status) << "): " << c.cnf_path
                  << " and " << c.proof_path << ", " << check.message << "\n";
        return true;
    } catch (const std::exception& e) {
        std::cerr << "certificate failed for " << what << ": " << e.what() << "\n";
        return false;
    }
}

void add_check_proof(CLI::App& app, int& exit_code) {
    auto files = std::make_shared<std::pair<std::string, std::string>>();
    CLI::App* sub = app.add_subcommand(
        "check-proof",
        "Check a DRAT proof of unsatisfiability against its CNF with nonolab's own\n"
        "checker (forward unit-propagation checking; it shares no code with the\n"
        "solver). solve --certify DIR writes such pairs for every unique and\n"
        "contradiction verdict. Exit status: 0 verified, 1 rejected, 4 unreadable.\n"
        "Example: nonolab check-proof certs/heart-1.cnf certs/heart-1.drat");
    sub->add_option("cnf", files->first, "DIMACS CNF")->required()->check(CLI::ExistingFile);
    sub->add_option("proof", files->second, "DRAT proof (text)")
        ->required()
        ->check(CLI::ExistingFile);
    sub->callback([files, &exit_code] {
        const ProofCheck r = check_drup_files(files->first, files->second);
        if (r.ok) {
            std::cout << r.message << "\n";
            exit_code = kExitOk;
        } else {
            std::cerr << "rejected: " << r.message << "\n";
            exit_code = kExitContradiction;
        }
    });
}

}  // namespace nonolab::cli
