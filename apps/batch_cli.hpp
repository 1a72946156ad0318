// What every batch command (solve, bench, experiment; generate's dataset
// shards next) shares on the command line: --threads and --mpi, joining an
// MPI job, and keeping ranks other than 0 silent.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "batch/mpi_backend.hpp"
#include "batch/record_file.hpp"

namespace nonolab::cli {

/// The --mpi flag's help, the same on every batch command.
inline const char* const kMpiHelp =
    "Run across the ranks of an Open MPI job (mpirun -np K nonolab ...): rank 0 deals "
    "units to every rank and writes all output, the same as one process. Implied under "
    "mpirun with more than one rank";

/// Adds --out FILE and --resume FILE to a batch subcommand (solve,
/// experiment): one JSON line per run (batch/run_record.hpp), and the runs
/// of a results file skipped and appended to (batch/resume.hpp). `out_note`
/// ends --out's help.
inline void add_results_flags(CLI::App* sub, std::string& out, std::string& resume,
                              const std::string& out_note) {
    sub->add_option("--out,-o", out,
                    "Write one JSON line per run to this file, in run order, each line flushed "
                    "whole, so a killed run leaves whole lines only" +
                        out_note);
    sub->add_option("--resume", resume,
                    "Skip the runs already in this results file (the same file, puzzle, method, "
                    "parameters and seed) and append the rest to it (or to --out)");
}

/// Adds --mpi to a batch subcommand.
inline void add_mpi_flag(CLI::App* sub, bool& flag) {
    sub->add_flag("--mpi", flag, kMpiHelp);
}

/// Joins the MPI job when --mpi is given or mpirun started more than one
/// rank; null otherwise (a normal run never touches MPI). On ranks other
/// than 0, stdout and stderr are pointed at /dev/null: rank 0 reports
/// everything. Throws std::runtime_error when MPI is wanted but unavailable.
inline std::unique_ptr<batch::MpiSession> join_mpi(bool flag) {
    if (!batch::MpiSession::requested(flag)) return nullptr;
    auto session = std::make_unique<batch::MpiSession>();
    if (!session->leader()) {
        std::cout.flush();
        std::cerr.flush();
        const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (null >= 0) {
            ::dup2(null, STDOUT_FILENO);
            ::dup2(null, STDERR_FILENO);
            ::close(null);
        }
    }
    return session;
}

/// join_mpi at a command's entry: on failure prints "error: ..." to stderr
/// and returns false (the command then exits with kExitUsage).
inline bool join_mpi_or_report(bool flag, std::unique_ptr<batch::MpiSession>& session) {
    try {
        session = join_mpi(flag);
        return true;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return false;
    }
}

/// Writes one record of a batch (a JSON line, or a block of text when
/// `line` is false) to `file`, or to stdout when `file` is null. When the
/// write fails (a full disk, ...) the record goes to stderr instead, after
/// "error: could not write the result of <what> to <file>: <why>; here it
/// is:", so no result is lost without a trace; then std::runtime_error is
/// thrown to stop the batch, since the next records would fail the same
/// way. Its message counts the `written` records before this one and, for
/// a file, says how to finish the run with --resume.
inline void write_record(batch::RecordFile* file, const std::string& text, bool line,
                         const std::string& what, std::size_t written) {
    const std::string where = file ? file->path() : "standard output";
    try {
        if (file) {
            file->write_line(text);
        } else {
            std::cout << text << (line ? "\n" : "") << std::flush;
            if (!std::cout) throw std::runtime_error(std::strerror(errno));
        }
    } catch (const std::exception& e) {
        std::cerr << "error: could not write the result of " << what << " to " << where << ": "
                  << e.what() << "; here it is:\n"
                  << text << (line ? "\n" : "") << std::flush;
        throw std::runtime_error(
            "stopped after a failed write to " + where + " (" + std::to_string(written) +
            " results written before it)" +
            (file ? "; make room, then rerun with --resume " + where + " to finish" : ""));
    }
}

/// True on the process that writes output: rank 0, or any process without MPI.
inline bool is_leader(const std::unique_ptr<batch::MpiSession>& session) {
    return !session || session->leader();
}

}  // namespace nonolab::cli
