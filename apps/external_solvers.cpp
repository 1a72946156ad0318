#include "external_solvers.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "exact/cnf_encoding.hpp"
#include "io/formats.hpp"

namespace nonolab::cli {

namespace {

namespace fs = std::filesystem;

// A fresh private folder under the system's temporary folder, removed when
// the holder goes.
class TempDir {
  public:
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "nonolab-bench-XXXXXX").string();
        if (!::mkdtemp(pattern.data()))
            throw std::system_error(errno, std::generic_category(),
                                    "cannot create a temporary folder for --vs");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string file(const std::string& name) const { return (path_ / name).string(); }

  private:
    fs::path path_;
};

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size())
        s.replace(at, from.size(), to);
    return s;
}

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// Runs `cmd` through the shell under the per-puzzle timeout, its output to
// `stdout_to`; returns its exit code, or -1 when it was killed or could not run.
int run_shell(std::string cmd, double timeout, const std::string& stdout_to) {
    if (timeout > 0) cmd = "timeout -k 1 " + std::to_string(timeout) + " sh -c " + shell_quote(cmd);
    cmd += " >" + shell_quote(stdout_to) + " 2>/dev/null";
    const int status = std::system(cmd.c_str());
    return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void write_cnf(const std::string& path, const exact::Cnf& cnf) {
    std::ofstream out(path);
    exact::write_dimacs(out, cnf);
}

// The reference competitor: our CNF fed to the `cadical` executable. In
// uniqueness mode it proves uniqueness the way our SAT engine does: read
// the model, add a clause blocking its cells, run again.
batch::CompetitorRun run_cadical(const Puzzle& p, int solutions, double timeout) {
    const TempDir dir;
    const std::string cnf_path = dir.file("p.cnf"), model = dir.file("model");
    exact::Cnf cnf = exact::encode_cnf(p);
    write_cnf(cnf_path, cnf);
    const auto t0 = std::chrono::steady_clock::now();
    int code = run_shell("cadical -q " + shell_quote(cnf_path), timeout, model);
    if (code == 10 && solutions >= 2) {
        std::vector<int> block;
        std::ifstream in(model);
        for (std::string tok; in >> tok;) {
            if (tok == "v" || tok == "s" || tok == "SATISFIABLE") continue;
            const int lit = std::atoi(tok.c_str());
            if (lit != 0 && std::abs(lit) <= p.width() * p.height()) block.push_back(-lit);
        }
        cnf.clauses.push_back(block);
        write_cnf(cnf_path, cnf);
        const int second = run_shell("cadical -q " + shell_quote(cnf_path), timeout, model);
        code = second == 10 || second == 20 ? 10 : -1;
    }
    return {code == 10 || code == 20, seconds_since(t0)};
}

// Any other command: the puzzle in the format its placeholder names.
batch::CompetitorRun run_command(const Puzzle& p, const std::string& vs, double timeout) {
    const TempDir dir;
    const bool cnf = vs.find("{cnf}") != std::string::npos;
    const std::string path = dir.file(cnf ? "puzzle.cnf" : "puzzle.non");
    if (cnf) {
        write_cnf(path, exact::encode_cnf(p));
    } else {
        std::ofstream(path) << io::write_puzzles({p}, "non");
    }
    const std::string cmd =
        replace_all(replace_all(vs, "{cnf}", shell_quote(path)), "{non}", shell_quote(path));
    const auto t0 = std::chrono::steady_clock::now();
    const int code = run_shell(cmd, timeout, "/dev/null");
    return {code == 0 || code == 10 || code == 20, seconds_since(t0)};
}

}  // namespace

bool valid_competitor(const std::string& vs) {
    return vs == "cadical" || vs.find("{cnf}") != std::string::npos ||
           vs.find("{non}") != std::string::npos;
}

batch::Competitor external_solver(const std::string& vs, int solutions, double timeout) {
    if (!valid_competitor(vs))
        throw std::invalid_argument(
            "--vs needs {cnf} or {non} where the puzzle file goes, e.g. "
            "--vs 'cadical -q {cnf}' (or just --vs cadical)");
    if (vs == "cadical") return [=](const Puzzle& p) { return run_cadical(p, solutions, timeout); };
    return [=](const Puzzle& p) { return run_command(p, vs, timeout); };
}

}  // namespace nonolab::cli
