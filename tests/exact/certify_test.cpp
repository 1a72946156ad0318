// Certificates (exact/certify.hpp) checked by our own checker
// (core/drup_check.hpp): the survey's unique puzzles, puzzles with no
// solution, colour puzzles, and corrupted certificates rejected.
#include "exact/certify.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/drup_check.hpp"
#include "core/picture.hpp"
#include "exact/exact_solver.hpp"
#include "exact/sat_search.hpp"
#include "io/formats.hpp"

namespace nonolab::exact {
namespace {

namespace fs = std::filesystem;

struct Scratch {
    fs::path dir = fs::temp_directory_path() / ("nonolab_certify_" + std::to_string(::getpid()));
    Scratch() { fs::create_directories(dir); }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
};

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Solves `p` (uniqueness mode), certifies its verdict and checks it.
ProofCheck certify(const Puzzle& p, const std::string& dir, const std::string& stem,
                   Certificate* out = nullptr) {
    const ExactResult r = solve_exact(p);
    EXPECT_TRUE(r.status == Status::unique || r.status == Status::contradiction) << stem;
    const Certificate c = write_certificate(p, r.solutions, dir, stem);
    if (out) *out = c;
    return check_drup_files(c.cnf_path, c.proof_path);
}

TEST(Certify, SurveyUniquePuzzlesAreCertified) {
    if (!sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    const std::string dir = NONOLAB_SHARED_DIR "/benchmarks/survey/simpson_non/";
    if (!fs::exists(dir)) GTEST_SKIP() << "no survey at " << dir;
    Scratch s;
    // Small to medium ones, some line-solvable, some needing search.
    for (const char* id : {"00001", "00006", "00023", "00027", "00065", "00436", "08098"}) {
        const Puzzle p = io::read_puzzles(dir + "webpbn-" + id + ".non").at(0);
        const ProofCheck r = certify(p, s.dir.string(), id);
        EXPECT_TRUE(r.ok) << id << ": " << r.message;
    }
}

TEST(Certify, PuzzlesWithoutSolutionAndColourPuzzlesAreCertified) {
    if (!sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    Scratch s;
    std::mt19937 rng(20);
    int none = 0;
    for (int trial = 0; trial < 30; ++trial) {  // two rows' clues swapped: often no solution
        Grid g(7, 6, kEmpty);
        for (Cell& c : g.cells()) c = rng() % 2 ? kFilled : kEmpty;
        std::vector<Clue> rows, cols;
        for (int r = 0; r < 6; ++r) rows.push_back(row_clue_of(g, r));
        for (int c = 0; c < 7; ++c) cols.push_back(column_clue_of(g, c));
        std::swap(rows[0], rows[3]);
        const Puzzle p(7, 6, rows, cols);
        const ExactResult r = solve_exact(p);
        if (r.status != Status::contradiction && r.status != Status::unique) continue;
        none += r.status == Status::contradiction;
        const ProofCheck c = certify(p, s.dir.string(), "swapped" + std::to_string(trial));
        EXPECT_TRUE(c.ok) << trial << ": " << c.message;
    }
    EXPECT_GT(none, 5);
    const Puzzle flower = io::read_puzzles(NONOLAB_SOURCE_DIR "/examples/flower_pot.non").at(0);
    const ProofCheck c = certify(flower, s.dir.string(), "flower");
    EXPECT_TRUE(c.ok) << c.message;
}

TEST(Certify, CorruptedCertificatesAreRejected) {
    if (!sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    Scratch s;
    const Puzzle p = io::read_puzzles(NONOLAB_SOURCE_DIR "/examples/cat.taai").at(0);
    Certificate c;
    ASSERT_TRUE(certify(p, s.dir.string(), "cat", &c).ok);
    const std::string cnf = slurp(c.cnf_path), proof = slurp(c.proof_path);
    auto check = [&](const std::string& a, const std::string& b) {
        std::istringstream x(a), y(b);
        return check_drup(x, y);
    };
    // 1. Without its blocking clause the CNF has a model (the solution): no
    //    proof may be accepted.
    std::istringstream in(cnf);
    std::string line, header, body, last;
    std::getline(in, header);
    int vars = 0, clauses = 0;
    std::sscanf(header.c_str(), "p cnf %d %d", &vars, &clauses);
    for (std::string l; std::getline(in, l);) {
        if (!last.empty()) body += last + "\n";
        last = l;
    }
    const std::string sat_cnf =
        "p cnf " + std::to_string(vars) + " " + std::to_string(clauses - 1) + "\n" + body;
    EXPECT_FALSE(check(sat_cnf, proof).ok);
    // 2. The proof cut before its end proves nothing.
    EXPECT_FALSE(check(cnf, proof.substr(0, proof.size() / 3)).ok);
    // 3. The first lemma (not a deletion) with its first literal's sign flipped.
    std::string flipped = proof;
    std::size_t at = 0;
    while (flipped[at] == 'd') at = flipped.find('\n', at) + 1;
    if (flipped[at] == '-')
        flipped.erase(at, 1);
    else
        flipped.insert(at, "-");
    EXPECT_FALSE(check(cnf, flipped).ok) << flipped.substr(0, 80);
}

}  // namespace
}  // namespace nonolab::exact
