// The exact solver's command-line extras: --grade, --logic-only, --engine.
#include <nlohmann/json.hpp>

#include "built_engines.hpp"
#include "cli_fixture.hpp"
#include "core/verify.hpp"
#include "exact/sat_search.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

TEST_F(Cli, CheckGradeReportsStagesAndShares) {
    RunResult r = run({"check", "--grade", "--json", example("cat.taai")});
    EXPECT_EXIT_CODE(r, 0);
    nlohmann::json j = first_json(r);
    EXPECT_EQ(j["status"], "unique");
    EXPECT_EQ(j["stats"]["grade"], "probing");
    const double total = j["stats"]["line_share"].get<double>() +
                         j["stats"]["probe_share"].get<double>() +
                         j["stats"]["search_share"].get<double>();
    EXPECT_NEAR(total, 1.0, 1e-9);
    r = run({"check", "--grade", example("twins.clues")});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_NE(r.out.find("grade search"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("nodes"), std::string::npos) << r.out;
}

TEST_F(Cli, LogicOnlyPrintsThePartialGrid) {
    RunResult r = run({"solve", "--logic-only", "--ascii", example("twins.clues")});
    EXPECT_EXIT_CODE(r, 3);  // logic stalls: unsolved
    EXPECT_NE(r.out.find("unsolved"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find('?'), std::string::npos) << r.out;
    r = run({"solve", "--logic-only", "--json", example("twins.clues")});
    nlohmann::json j = first_json(r);
    EXPECT_EQ(j["status"], "unsolved");
    EXPECT_TRUE(j["solutions"].empty());
    ASSERT_EQ(j["stats"]["partial"].size(), 6u);
    // Where logic suffices, the completed grid is a proof of uniqueness.
    r = run({"solve", "--logic-only", "--json", example("heart.non")});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_EQ(first_json(r)["status"], "unique");
    EXPECT_EXIT_CODE(run({"solve", "--logic-only", "--method", "nope", example("heart.non")}), 2);
}

TEST_F(Cli, EveryEngineGivesTheSameVerdicts) {
    for (const char* engine : {"auto", "search", "sat"}) {
        for (const char* ex : {"twins.clues", "cat.taai", "impossible.nin"}) {
            RunResult r = run({"check", "--json", "--engine", engine, example(ex)});
            const std::string want = std::string(ex) == "twins.clues" ? "multiple"
                                     : std::string(ex) == "cat.taai"  ? "unique"
                                                                      : "contradiction";
            EXPECT_EQ(first_json(r)["status"], want) << engine << " " << ex;
        }
    }
    EXPECT_EXIT_CODE(run({"check", "--engine", "magic", example("heart.non")}), 2);
}

TEST_F(Cli, SatBackEndOptionsKeepTheVerdicts) {
    // CaDiCaL's configuration and options, and probing, are speed knobs
    // only: the proven verdicts must not move.
    const std::vector<std::vector<std::string>> variants = {
        {"--sat-config", "default", "--sat-phase", "0"},
        {"--sat-option", "chrono=1", "--sat-option", "elim=0"},
        {"--no-probing"},
        {"--no-probing", "--engine", "search"}};
    for (const auto& extra : variants) {
        for (const char* ex : {"twins.clues", "cat.taai", "impossible.nin"}) {
            std::vector<std::string> args = {"check", "--json"};
            args.insert(args.end(), extra.begin(), extra.end());
            args.push_back(example(ex));
            const std::string want = std::string(ex) == "twins.clues" ? "multiple"
                                     : std::string(ex) == "cat.taai"  ? "unique"
                                                                      : "contradiction";
            EXPECT_EQ(first_json(run(args))["status"], want) << extra.front() << " " << ex;
        }
    }
    if (exact::sat_available()) {  // only CaDiCaL knows its option names
        RunResult r = run({"check", "--sat-option", "nosuchoption=1", example("heart.non")});
        EXPECT_EXIT_CODE(r, 2);
        EXPECT_NE(r.err.find("nosuchoption"), std::string::npos) << r.err;
    }
    EXPECT_EXIT_CODE(run({"check", "--sat-option", "elim", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({"check", "--sat-option", "elim=x", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({"check", "--sat-config", "ladder", example("heart.non")}), 2);
    // The flags of removed knobs (docs/results/exact.md, "Removed options")
    // are refused, not ignored.
    for (const char* gone : {"--sat-encoding=automaton", "--sat-after=3", "--probe-scope=near",
                             "--quick-line-exits", "--cube-after=1", "--sat-chrono=1"})
        EXPECT_EXIT_CODE(run({"check", gone, example("heart.non")}), 2);  // names the command
    // A bad choice names the choices.
    RunResult bad = run({"check", "--engine", "nearby", example("heart.non")});
    EXPECT_EXIT_CODE(bad, 2);
    EXPECT_NE(bad.err.find("expected auto, search or sat, got 'nearby'"), std::string::npos)
        << bad.err;
    EXPECT_EQ(
        first_json(run({"check", "--json", "--engine", "SEARCH", example("cat.taai")}))["status"],
        "unique");  // choices ignore case
}

TEST_F(Cli, ConvertToDimacsCnf) {
    const fs::path cnf = tmp("cat.cnf");
    EXPECT_EXIT_CODE(run({"convert", example("cat.taai"), cnf.string()}), 0);
    std::istringstream in(slurp(cnf));
    std::string p, kind;
    int vars = 0, clauses = 0;
    in >> p >> kind >> vars >> clauses;
    EXPECT_EQ(p + kind, "pcnf");
    EXPECT_GT(vars, 15 * 15);
    EXPECT_GT(clauses, 0);
    // With the cadical executable present, its model must decode to the solution.
    put_built_engines_on_path();
    if (std::system("command -v cadical >/dev/null 2>&1") != 0) GTEST_SKIP() << "no cadical";
    const fs::path model = tmp("model.txt");
    std::system(
        ("cadical -q " + shell_quote(cnf.string()) + " > " + shell_quote(model.string())).c_str());
    std::istringstream m(slurp(model));
    std::string tok;
    Grid g(15, 15, kEmpty);
    bool sat = false;
    while (m >> tok) {
        if (tok == "SATISFIABLE") sat = true;
        if (tok == "s" || tok == "v" || tok == "SATISFIABLE") continue;
        const int lit = std::stoi(tok);
        if (lit > 0 && lit <= 15 * 15) g.cells()[lit - 1] = kFilled;
    }
    ASSERT_TRUE(sat);
    EXPECT_TRUE(verify(io::read_puzzles(example("cat.taai")).at(0), g));
    EXPECT_EXIT_CODE(run({"convert", example("cat.taai"), tmp("x.out").string(), "--to", "cnf"}),
                     0);
    // The automaton encoding has more auxiliary variables than the default.
    const fs::path automaton = tmp("cat-automaton.cnf");
    EXPECT_EXIT_CODE(
        run({"convert", "--encoding", "automaton", example("cat.taai"), automaton.string()}), 0);
    std::istringstream ain(slurp(automaton));
    int avars = 0;
    ain >> p >> kind >> avars;
    EXPECT_GT(avars, vars);
}

TEST_F(Cli, GenerateNDom) {
    const fs::path out = tmp("5dom.non");
    EXPECT_EXIT_CODE(run({"generate", "--ndom", "5", "-o", out.string()}), 0);
    RunResult r = run({"check", "--json", out.string()});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_EQ(first_json(r)["status"], "unique");
    EXPECT_EQ(first_json(r)["width"], 11);
    EXPECT_EXIT_CODE(run({"generate"}), 2);
    EXPECT_EXIT_CODE(run({"generate", "--ndom", "0"}), 2);
}

TEST_F(Cli, BenchPrintsRowsAndCsv) {
    const fs::path csv = tmp("rows.csv");
    RunResult r = run({"bench", "ndom:3-5", "--mode", "unique", "--csv", csv.string()});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_NE(r.out.find("ndom:3-5"), std::string::npos) << r.out;
    EXPECT_NE(slurp(csv).find("\"ndom:3-5\",\"nonolab\",3,3,"), std::string::npos) << slurp(csv);
    EXPECT_EXIT_CODE(run({"bench", "no-such-set"}), 2);
    EXPECT_EXIT_CODE(run({"bench", "ndom:3", "--vs", "true"}), 2);  // no {cnf}/{non}
    EXPECT_EXIT_CODE(run({"bench", "ndom:3", "--mode", "fast"}), 2);
    // The exact method's parameters: another engine; the bench's own keys,
    // unknown keys and items without '=' are refused.
    r = run({"bench", "ndom:3-5", "--mode", "unique", "--param", "engine=search"});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_NE(r.out.find("ndom:3-5"), std::string::npos) << r.out;
    for (const char* bad : {"solutions=1", "nosuch=1", "engine", "engine=magic"}) {
        SCOPED_TRACE(bad);
        EXPECT_EXIT_CODE(run({"bench", "ndom:3", "--param", bad}), 2);
    }
}

TEST_F(Cli, CertifyWritesProofsThatCheckProofAccepts) {
    const fs::path dir = tmp("certs");
    const RunResult r =
        run({"check", "--certify", dir.string(), example("heart.non"), example("impossible.nin"),
             example("twins.clues"), example("cat.taai")});
    EXPECT_EXIT_CODE(r, 1);  // impossible.nin: a contradiction
    EXPECT_NE(r.err.find("certified " + example("heart.non") + " #1 (unique)"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("(contradiction)"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "twins-1.cnf"));  // "multiple" rests on two solutions, not UNSAT
    for (const char* stem : {"heart-1", "impossible-1"}) {
        const RunResult c = run({"check-proof", (dir / (std::string(stem) + ".cnf")).string(),
                                 (dir / (std::string(stem) + ".drat")).string()});
        EXPECT_EXIT_CODE(c, 0);
        EXPECT_NE(c.out.find("verified"), std::string::npos) << c.out;
    }
    // The cat's CNF needs lemmas (the heart's falls to unit propagation
    // alone, so an empty proof is a proof there); bad usage is refused.
    spit(tmp("empty.drat"), "");
    const RunResult bad =
        run({"check-proof", (dir / "cat-1.cnf").string(), tmp("empty.drat").string()});
    EXPECT_EXIT_CODE(bad, 1);
    EXPECT_NE(bad.err.find("rejected"), std::string::npos);
    EXPECT_EXIT_CODE(
        run({"solve", "--certify", dir.string(), "--method", "hs-c", example("heart.non")}), 2);
}

}  // namespace
}  // namespace nonolab
