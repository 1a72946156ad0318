// The subcommands of the nonolab command line. Each add_* registers one
// subcommand on the CLI11 app; the work itself lives in the library, so
// these files only translate options into library structs and print.
#pragma once

#include <CLI/CLI.hpp>
#include <atomic>
#include <iostream>
#include <string>

#include "exit_codes.hpp"
#include "io/nonodataset.hpp"
#include "io/text.hpp"

namespace nonolab::cli {

/// Set by SIGINT: long runs stop at the next check and report what they have.
extern std::atomic<bool> g_interrupted;

/// Writes `make()`'s text to `out` ('-' = stdout; a file is written whole or
/// not at all). Returns kExitOk, or kExitUnreadable after printing the error
/// (make() may throw, e.g. a puzzle the format cannot hold).
template <class Make>
int write_output(const std::string& out, Make&& make);

/// CLI11 check for puzzle inputs: an existing file or folder, or a NonoDataset
/// spec (nonodataset:10x10/test@1-300, pair:X.npz,Y.npz; src/io/nonodataset.hpp),
/// which io::read_puzzles / read_entries and batch::load_inputs understand.
inline CLI::Validator puzzle_source() {
    return CLI::Validator(
        [](std::string& s) -> std::string {
            if (io::is_dataset_spec(s)) return "";
            return CLI::ExistingPath(s);
        },
        "FILE|DATASET-SPEC", "puzzle source");
}

void add_solve(CLI::App& app, int& exit_code);
void add_check(CLI::App& app, int& exit_code);
void add_convert(CLI::App& app, int& exit_code);
void add_render(CLI::App& app, int& exit_code);
void add_formats(CLI::App& app, int& exit_code);
void add_generate(CLI::App& app, int& exit_code);
void add_bench(CLI::App& app, int& exit_code);
void add_experiment(CLI::App& app, int& exit_code);
void add_train(CLI::App& app, int& exit_code);
void add_check_proof(CLI::App& app, int& exit_code);
void add_explain(CLI::App& app, int& exit_code);
void add_serve(CLI::App& app, int& exit_code);
void add_make_unique(CLI::App& app, int& exit_code);

template <class Make>
int write_output(const std::string& out, Make&& make) {
    try {
        const std::string text = make();
        if (out == "-")
            std::cout << text;
        else
            io::write_file_atomic(out, text);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }
    return kExitOk;
}

}  // namespace nonolab::cli
