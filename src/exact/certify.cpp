#include "exact/certify.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "exact/cadical_setup.hpp"
#include "exact/cnf_encoding.hpp"
#include "exact/colour_cnf.hpp"
#include "exact/kissat_search.hpp"

namespace nonolab::exact {

#ifdef NONOLAB_HAVE_CADICAL

namespace {

// The puzzle's CNF with every cell open and a clause "differs from S in some
// cell" per solution S.
Cnf blocked_cnf(const Puzzle& p, const std::vector<Grid>& solutions) {
    const int cells = p.width() * p.height();
    if (p.black_and_white()) {
        Cnf cnf = encode_cnf(p, nullptr);
        for (const Grid& s : solutions) {
            std::vector<int> clause;
            for (int i = 0; i < cells; ++i)
                clause.push_back(s.cells()[i] == kFilled ? -(i + 1) : i + 1);  // cell_var
            cnf.clauses.push_back(clause);
        }
        return cnf;
    }
    const int colours = static_cast<int>(p.palette().size());
    const std::uint64_t all = colours == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << colours) - 1;
    ColourCnf x = encode_colour_cnf(p, std::vector<std::uint64_t>(cells, all));
    for (const Grid& s : solutions) {
        std::vector<int> clause;
        for (int i = 0; i < cells; ++i) clause.push_back(-x.literal(i, s.cells()[i]));
        x.cnf.clauses.push_back(clause);
    }
    return std::move(x.cnf);
}

void rename_into_place(const std::string& tmp, const std::string& path) {
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw std::runtime_error("cannot write " + path + ": " + ec.message());
}

// 10, 20 or 0 from CaDiCaL run on `cnf`, its DRAT proof written to `path`.
int cadical_proof(const Cnf& cnf, const std::string& path) {
    CaDiCaL::Solver solver;
    solver.set("quiet", 1);
    solver.set("binary", 0);  // text DRAT, what core/drup_check.hpp reads
    if (!solver.trace_proof(path.c_str())) throw std::runtime_error("cannot write " + path);
    for (const auto& clause : cnf.clauses) {
        for (int lit : clause) solver.add(lit);
        solver.add(0);
    }
    const int result = solver.solve();
    solver.close_proof_trace();
    return result;
}

// The same from Kissat (kissat_search.hpp), which writes text DRAT too.
int kissat_proof(const Cnf& cnf, const std::string& path) {
    std::FILE* out = std::fopen(path.c_str(), "w");
    if (!out) throw std::runtime_error("cannot write " + path);
    KissatSetup setup;
    setup.proof = out;
    int result = 0;
    try {
        result = kissat_solve(cnf, {}, setup, Budget(), nullptr, nullptr);
    } catch (...) {
        std::fclose(out);
        throw;
    }
    if (std::fclose(out) != 0) throw std::runtime_error("cannot write " + path);
    return result;
}

}  // namespace

Certificate write_certificate(const Puzzle& puzzle, const std::vector<Grid>& solutions,
                              const std::string& dir, const std::string& stem,
                              const std::string& engine) {
    if (engine != "cadical" && engine != "kissat")
        throw std::invalid_argument("unknown proof engine '" + engine +
                                    "' (expected cadical or kissat)");
    if (engine == "kissat" && !kissat_available())
        throw std::logic_error("this nonolab was built without Kissat (NONOLAB_KISSAT=OFF)");
    const Cnf cnf = blocked_cnf(puzzle, solutions);
    Certificate c;
    c.cnf_path = (std::filesystem::path(dir) / (stem + ".cnf")).string();
    c.proof_path = (std::filesystem::path(dir) / (stem + ".drat")).string();
    c.variables = cnf.num_vars;
    c.clauses = static_cast<int>(cnf.clauses.size());
    std::filesystem::create_directories(dir);
    {
        std::ofstream out(c.cnf_path + ".tmp");
        write_dimacs(out, cnf);
        if (!out.flush()) throw std::runtime_error("cannot write " + c.cnf_path);
    }
    const std::string tmp = c.proof_path + ".tmp";
    const int result = engine == "kissat" ? kissat_proof(cnf, tmp) : cadical_proof(cnf, tmp);
    if (result != 20) {
        std::filesystem::remove(c.cnf_path + ".tmp");
        std::filesystem::remove(c.proof_path + ".tmp");
        const std::string name = engine == "kissat" ? "Kissat" : "CaDiCaL";
        throw std::runtime_error(
            name + (result == 10 ? " found a solution the verdict excludes" : " gave no answer"));
    }
    rename_into_place(c.cnf_path + ".tmp", c.cnf_path);
    rename_into_place(c.proof_path + ".tmp", c.proof_path);
    return c;
}

#else

Certificate write_certificate(const Puzzle&, const std::vector<Grid>&, const std::string&,
                              const std::string&, const std::string&) {
    throw std::logic_error("--certify needs CaDiCaL (this build has NONOLAB_CADICAL=OFF)");
}

#endif

}  // namespace nonolab::exact
