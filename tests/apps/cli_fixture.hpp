// Shared by the CLI test files: runs the real nonolab binary (NONOLAB_BINARY)
// through the shell in a scratch folder, capturing exit status, stdout and
// stderr. Include it in a test file inside namespace nonolab { namespace { }}.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/picture.hpp"
#include "exact/exact_solver.hpp"
#include "io/formats.hpp"

namespace nonolab::cli_test {

namespace fs = std::filesystem;

inline const std::string kBinary = NONOLAB_BINARY;
inline const std::string kExamples = NONOLAB_SOURCE_DIR "/examples";

inline std::string example(const std::string& name) {
    return kExamples + "/" + name;
}

inline std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline void spit(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

// Single-quotes one argument for /bin/sh.
inline std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

struct RunResult {
    int code = -1;    ///< exit status; 128 + signal if the program was killed
    std::string out;  ///< stdout
    std::string err;  ///< stderr
    std::string command;
};

/// The first line of a run's stdout as JSON (--json output).
inline nlohmann::json first_json(const RunResult& r) {
    return nlohmann::json::parse(lines_of(r.out).at(0));
}

// Every test gets its own scratch folder, removed afterwards.
class Cli : public ::testing::Test {
  protected:
    void SetUp() override {
        static std::atomic<int> counter{0};
        dir_ = fs::temp_directory_path() /
               ("nonolab_cli_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }

    fs::path tmp(const std::string& name) const { return dir_ / name; }

    RunResult run(const std::vector<std::string>& args) const {
        RunResult r;
        const fs::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
        r.command = shell_quote(kBinary);
        for (const std::string& a : args) r.command += " " + shell_quote(a);
        const std::string full =
            r.command + " >" + shell_quote(out.string()) + " 2>" + shell_quote(err.string());
        const int status = std::system(full.c_str());
        if (status != -1 && WIFEXITED(status))
            r.code = WEXITSTATUS(status);
        else if (status != -1 && WIFSIGNALED(status))
            r.code = 128 + WTERMSIG(status);
        r.out = slurp(out);
        r.err = slurp(err);
        return r;
    }

    // A random 25x25 board (seeded, 35% black) whose puzzle the exact solver
    // cannot finish within one branch node, written as a TAAI file. The
    // solver itself picks the seed, so the file is guaranteed to need search.
    fs::path hard_taai() const {
        for (unsigned seed = 1; seed <= 200; ++seed) {
            std::mt19937 rng(seed);
            Grid g(25, 25, kEmpty);
            for (Cell& c : g.cells()) c = rng() % 100 < 35 ? kFilled : kEmpty;
            const Puzzle p = puzzle_from_picture(g);
            exact::ExactOptions opt;
            opt.node_limit = 1;
            if (exact::solve_exact(p, opt).status != Status::timeout) continue;
            const fs::path path = dir_ / "hard.taai";
            spit(path, io::write_puzzles({p}, "taai"));
            return path;
        }
        ADD_FAILURE() << "no random 25x25 board needed more than one branch node";
        return {};
    }

    fs::path dir_;
};

// Evaluates `result` once (it is often a run(...) call).
#define EXPECT_EXIT_CODE(result, expected)                                               \
    do {                                                                                 \
        const RunResult& run_ = (result);                                                \
        EXPECT_EQ(run_.code, (expected)) << "command: " << run_.command << "\nstdout:\n" \
                                         << run_.out << "\nstderr:\n"                    \
                                         << run_.err;                                    \
    } while (0)

}  // namespace nonolab::cli_test
