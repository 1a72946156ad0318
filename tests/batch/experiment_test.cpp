// The experiment harness on a fake seeded method (fake_method.hpp): unit ids
// and seeds, determinism whatever the thread count, output in unit-id order,
// resume by unit key, cancellation, and up-front errors.
#include "batch/experiment.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

#include "core/rng.hpp"
#include "fake_method.hpp"

namespace nonolab::batch {
namespace {

using testing::fake_lookup;
using testing::tiny_puzzle;

std::vector<PuzzleRef> tiny_puzzles(int n) {
    std::vector<PuzzleRef> out;
    for (int i = 0; i < n; ++i) {
        const Puzzle p = tiny_puzzle(i);
        out.push_back({"tiny.txt", i + 1, p.info().title, i < 2 ? "small" : "",
                       std::make_shared<const Puzzle>(p)});
    }
    return out;
}

ExperimentOptions fake_options() {
    ExperimentOptions o;
    o.methods = {{"fake", {}}, {"fake", {{"fill", "0.6"}}}};
    o.trials = 5;
    o.master_seed = 42;
    o.threads = 1;
    return o;
}

// The records as JSON lines with the one field allowed to vary zeroed.
std::vector<std::string> lines_without_seconds(std::vector<RunRecord> records) {
    std::vector<std::string> out;
    for (RunRecord& r : records) {
        r.seconds = 0;
        out.push_back(to_json_line(r));
    }
    return out;
}

TEST(Experiment, UnitsAreEnumeratedPuzzleMethodTrialWithDerivedSeeds) {
    const ExperimentOptions o = fake_options();
    const auto units = enumerate_units(3, o);
    ASSERT_EQ(units.size(), 3u * 2u * 5u);
    std::set<std::uint64_t> seeds;
    for (std::size_t i = 0; i < units.size(); ++i) {
        const WorkUnit& u = units[i];
        EXPECT_EQ(u.id, i);
        EXPECT_EQ(u.id, (u.puzzle * 2 + u.method) * 5 + static_cast<std::uint64_t>(u.trial - 1));
        EXPECT_LT(u.puzzle, 3u);
        EXPECT_LT(u.method, 2u);
        EXPECT_GE(u.trial, 1);
        EXPECT_LE(u.trial, 5);
        EXPECT_EQ(u.seed, nonolab::derive_seed(42, u.id));
        seeds.insert(u.seed);
    }
    EXPECT_EQ(seeds.size(), units.size()) << "every run must get its own seed";
    EXPECT_EQ(unit_count(3, o), units.size());
    ExperimentOptions other = o;
    other.master_seed = 43;
    EXPECT_NE(enumerate_units(3, other)[0].seed, units[0].seed);
}

TEST(Experiment, RecordsCarryDistinctSeedsAndWhatTheMethodDid) {
    const auto puzzles = tiny_puzzles(3);
    ExperimentOptions o = fake_options();
    const auto records = run_experiment(puzzles, o, {}, fake_lookup);
    ASSERT_EQ(records.size(), 30u);
    std::set<std::uint64_t> seeds;
    int solved = 0, unsolved = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const RunRecord& r = records[i];
        EXPECT_EQ(r.unit, i);
        seeds.insert(r.seed);
        EXPECT_EQ(r.seed, nonolab::derive_seed(42, r.unit));
        EXPECT_EQ(r.source, "tiny.txt");
        EXPECT_EQ(r.width, 3);
        EXPECT_GE(r.iterations, 1);
        EXPECT_LE(r.iterations, 200);
        EXPECT_EQ(r.method, "fake");
        EXPECT_EQ(r.params.size(), r.unit % 10 >= 5 ? 1u : 0u);
        EXPECT_EQ(r.solved(), r.status == Status::solved);
        if (r.solved()) {
            EXPECT_EQ(r.best_error, 0);
            ++solved;
        } else {
            EXPECT_EQ(r.status, Status::unsolved);
            EXPECT_GT(r.best_error, 0);
            EXPECT_EQ(r.iterations, 200);
            ++unsolved;
        }
        // The recorded seed reproduces the run on its own.
        nonolab::RunControl ctl;
        ctl.seed = r.seed;
        const auto again = testing::fake_method().run(
            *puzzles[static_cast<std::size_t>(r.index - 1)].puzzle, r.params, ctl);
        EXPECT_EQ(again.evaluations, r.iterations);
    }
    EXPECT_EQ(seeds.size(), 30u);
    // The fake method is a coin flip per run on these puzzles; both outcomes must show.
    EXPECT_GT(solved, 0);
    EXPECT_GT(unsolved, 0);
}

TEST(Experiment, SameOutputWhateverTheThreadCount) {
    const auto puzzles = tiny_puzzles(3);
    ExperimentOptions o = fake_options();
    o.methods[0].params["delay_us"] = "3000";  // shuffle finishing order
    o.curve_every = 16;
    std::vector<std::vector<std::string>> outputs;
    for (int threads : {1, 2, 4, 7}) {
        o.threads = threads;
        std::vector<RunRecord> streamed;
        ExperimentHooks hooks;
        hooks.on_record = [&](const RunRecord& r) { streamed.push_back(r); };
        const auto records = run_experiment(puzzles, o, hooks, fake_lookup);
        EXPECT_EQ(lines_without_seconds(streamed), lines_without_seconds(records));
        outputs.push_back(lines_without_seconds(records));
    }
    for (std::size_t i = 1; i < outputs.size(); ++i) EXPECT_EQ(outputs[i], outputs[0]);
    EXPECT_NE(outputs[0][0].find("\"curve\""), std::string::npos);
}

TEST(Experiment, RecordsArriveInUnitOrderThoughUnitsFinishOutOfOrder) {
    const auto puzzles = tiny_puzzles(2);
    ExperimentOptions o = fake_options();
    o.methods = {{"fake", {{"delay_us", "5000"}}}};
    o.trials = 12;
    o.threads = 4;
    std::vector<std::uint64_t> emitted;
    std::size_t last_done = 0;
    ExperimentHooks hooks;
    hooks.on_record = [&](const RunRecord& r) { emitted.push_back(r.unit); };
    hooks.on_progress = [&](const ExperimentProgress& p) {
        EXPECT_EQ(p.done, last_done + 1);
        EXPECT_EQ(p.total, 24u);
        last_done = p.done;
    };
    run_experiment(puzzles, o, hooks, fake_lookup);
    ASSERT_EQ(emitted.size(), 24u);
    for (std::size_t i = 0; i < emitted.size(); ++i) EXPECT_EQ(emitted[i], i);
    EXPECT_EQ(last_done, 24u);
}

TEST(Experiment, SkippedKeysAreNotRunAndTheRestMatchAFullRun) {
    const auto puzzles = tiny_puzzles(2);
    ExperimentOptions o = fake_options();
    const auto full = run_experiment(puzzles, o, {}, fake_lookup);
    UnitKeySet skip;
    for (const RunRecord& r : full)
        if (r.unit % 3 == 0) skip.insert(unit_key(r));
    o.threads = 2;
    ExperimentProgress seen;
    ExperimentHooks hooks;
    hooks.on_progress = [&](const ExperimentProgress& p) { seen = p; };
    const auto rest = run_experiment(puzzles, o, hooks, fake_lookup, nullptr, skip);
    EXPECT_EQ(seen.skipped, skip.size());
    EXPECT_EQ(rest.size(), full.size() - skip.size());
    for (const RunRecord& r : rest) {
        EXPECT_NE(r.unit % 3, 0u);
        RunRecord a = r, b = full[r.unit];
        a.seconds = b.seconds = 0;
        EXPECT_EQ(to_json_line(a), to_json_line(b));
    }
}

TEST(Experiment, UnitKeySeparatesEveryIdentifyingField) {
    RunRecord base;
    base.source = "a.non";
    base.index = 1;
    base.method = "hs-c";
    base.params = {{"hms", "30"}};
    base.trial = 1;
    base.seed = 5;
    const std::string k = unit_key(base);
    const std::vector<std::function<void(RunRecord&)>> changes = {
        [](RunRecord& r) { r.source = "b.non"; }, [](RunRecord& r) { r.index = 2; },
        [](RunRecord& r) { r.method = "hs-b"; },  [](RunRecord& r) { r.params["hms"] = "31"; },
        [](RunRecord& r) { r.params.clear(); },   [](RunRecord& r) { r.trial = 2; },
        [](RunRecord& r) { r.seed = 6; },         [](RunRecord& r) { r.max_evaluations = 1000; },
        [](RunRecord& r) { r.timeout = 2.5; },    [](RunRecord& r) { r.curve_every = 100; },
    };
    for (std::size_t i = 0; i < changes.size(); ++i) {
        RunRecord r = base;
        changes[i](r);
        EXPECT_NE(unit_key(r), k) << "change " << i;
    }
    // The outcome is not part of the identity.
    RunRecord done = base;
    done.status = Status::solved;
    done.iterations = 77;
    done.seconds = 3;
    done.unit = 12;
    EXPECT_EQ(unit_key(done), k);
}

TEST(Experiment, PlannedKeysMatchTheRecordsRunUnitMakes) {
    const auto puzzles = tiny_puzzles(2);
    ExperimentOptions o = fake_options();
    o.max_evaluations = 50;
    o.curve_every = 10;
    const auto units = enumerate_units(puzzles.size(), o);
    const auto records = run_experiment(puzzles, o, {}, fake_lookup);
    ASSERT_EQ(records.size(), units.size());
    for (std::size_t i = 0; i < units.size(); ++i) {
        const WorkUnit& u = units[i];
        EXPECT_EQ(unit_key(u, puzzles[u.puzzle], o.methods[u.method], o), unit_key(records[i]));
        EXPECT_EQ(records[i].max_evaluations, 50);
        EXPECT_EQ(records[i].curve_every, 10);
    }
}

TEST(Experiment, CancelledBeforeStartRecordsNothing) {
    const auto puzzles = tiny_puzzles(2);
    const std::atomic<bool> stop{true};
    int calls = 0;
    ExperimentHooks hooks;
    hooks.on_record = [&](const RunRecord&) { ++calls; };
    const auto records = run_experiment(puzzles, fake_options(), hooks, fake_lookup, &stop);
    EXPECT_TRUE(records.empty());
    EXPECT_EQ(calls, 0);
}

TEST(Experiment, CancelMidwayKeepsOnlyWholeRunsInOrder) {
    const auto puzzles = tiny_puzzles(3);
    ExperimentOptions o = fake_options();
    o.methods = {{"fake", {{"delay_us", "2000"}}}};
    o.trials = 20;
    o.threads = 2;
    std::atomic<bool> stop{false};
    std::vector<std::uint64_t> units;
    ExperimentHooks hooks;
    hooks.on_record = [&](const RunRecord& r) { units.push_back(r.unit); };
    hooks.on_progress = [&](const ExperimentProgress& p) {
        if (p.done == 10) stop = true;
    };
    const auto records = run_experiment(puzzles, o, hooks, fake_lookup, &stop);
    EXPECT_GE(records.size(), 10u);
    EXPECT_LT(records.size(), 60u);
    for (std::size_t i = 1; i < units.size(); ++i) EXPECT_LT(units[i - 1], units[i]);
    for (const RunRecord& r : records) EXPECT_NE(r.status, Status::timeout);
}

TEST(Experiment, AFailingWriterStopsThePoolAndItsErrorComesBack) {
    const auto puzzles = tiny_puzzles(3);
    ExperimentOptions o = fake_options();
    o.threads = 3;
    int calls = 0;
    ExperimentHooks hooks;
    hooks.on_record = [&](const RunRecord&) {
        if (++calls == 3) throw std::runtime_error("disk full");
    };
    try {
        run_experiment(puzzles, o, hooks, fake_lookup);
        FAIL() << "the writer's error was swallowed";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "disk full");
    }
    EXPECT_EQ(calls, 3);
}

TEST(Experiment, UnknownMethodAndBadParamsFailBeforeAnyRun) {
    const auto puzzles = tiny_puzzles(1);
    ExperimentOptions o = fake_options();
    o.methods = {{"nope", {}}};
    try {
        run_experiment(puzzles, o, {}, fake_lookup);
        FAIL() << "unknown method accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("nope"), std::string::npos);
        // Typed, so that front ends add their hint without reading the text.
        const auto* typed = dynamic_cast<const UnknownMethod*>(&e);
        ASSERT_NE(typed, nullptr);
        EXPECT_EQ(typed->name(), "nope");
    }
    o.methods = {{"fake", {{"colour", "blue"}}}};
    int calls = 0;
    ExperimentHooks hooks;
    hooks.on_record = [&](const RunRecord&) { ++calls; };
    try {
        run_experiment(puzzles, o, hooks, fake_lookup);
        FAIL() << "unknown parameter accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("colour"), std::string::npos) << e.what();
    }
    o.methods = {{"fake", {{"fill", "2"}}}};
    EXPECT_THROW(run_experiment(puzzles, o, hooks, fake_lookup), std::invalid_argument);
    EXPECT_EQ(calls, 0);
    o = fake_options();
    o.trials = 0;
    EXPECT_THROW(run_experiment(puzzles, o, {}, fake_lookup), std::invalid_argument);
}

TEST(Experiment, MaxEvaluationsAndTimeoutReachTheMethod) {
    const auto puzzles = tiny_puzzles(1);
    ExperimentOptions o = fake_options();
    o.methods = {{"fake", {{"fill", "0"}}}};  // never solves: always runs to its limit
    o.max_evaluations = 37;
    o.trials = 2;
    for (const RunRecord& r : run_experiment(puzzles, o, {}, fake_lookup)) {
        EXPECT_EQ(r.iterations, 37);
        EXPECT_EQ(r.status, Status::unsolved);
    }
    o.max_evaluations = 2'000'000'000;
    o.timeout = 0.05;
    for (const RunRecord& r : run_experiment(puzzles, o, {}, fake_lookup)) {
        EXPECT_EQ(r.status, Status::timeout);
        EXPECT_FALSE(r.solved());
        EXPECT_LT(r.iterations, 2'000'000'000);
    }
}

TEST(Experiment, JsonLineRoundTrip) {
    RunRecord r;
    r.unit = 17;
    r.source = "bench/hs-suite/mine.non";
    r.index = 2;
    r.name = "mine \"quoted\"";
    r.group = "Group I";
    r.width = 5;
    r.height = 6;
    r.method = "hs-c+";
    r.params = {{"hms", "30"}, {"par", "0.7"}};
    r.trial = 10;
    r.seed = 18'446'744'073'709'551'615ull;  // the largest seed survives JSON
    r.max_evaluations = 1'000'000;
    r.timeout = 2.5;
    r.curve_every = 500;
    r.status = Status::timeout;
    r.iterations = 123456789012;
    r.seconds = 1.25;
    r.best_error = 4;
    r.error = "";
    r.stats = {{"fixed_cells", 21}, {"ratio", 0.5}};
    r.curve = {{0, 40}, {1000, 12}, {1500, 4}};
    const std::string line = to_json_line(r);
    EXPECT_EQ(line.find('\n'), std::string::npos);
    const RunRecord back = parse_json_line(line);
    EXPECT_EQ(to_json_line(back), line);
    EXPECT_EQ(back.seed, r.seed);
    EXPECT_EQ(back.status, Status::timeout);
    ASSERT_EQ(back.curve.size(), 3u);
    EXPECT_EQ(back.curve[2].evaluation, 1500);
    EXPECT_EQ(back.curve[2].best_error, 4);
    EXPECT_EQ(unit_key(back), unit_key(r));
    // The documented field names are what scripts read: the interface's
    // JSON line (docs/interface.md), then what identifies the run.
    const auto j = nlohmann::json::parse(line);
    for (const char* key : {"source", "index", "name", "width", "height", "method", "status",
                            "seconds", "solutions", "stats", "params", "trial", "seed", "curve"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["stats"]["evaluations"], 123456789012);
    EXPECT_EQ(j["stats"]["best_error"], 4);
    EXPECT_EQ(j["stats"]["fixed_cells"], 21);

    r.status = Status::error;
    r.error = "bad \\ thing";
    r.curve.clear();
    EXPECT_EQ(to_json_line(parse_json_line(to_json_line(r))), to_json_line(r));
}

TEST(Experiment, MalformedJsonLinesAreRefusedWithTheField) {
    RunRecord r;
    r.source = "x";
    r.method = "m";
    r.status = Status::solved;
    std::string line = to_json_line(r);
    EXPECT_THROW(parse_json_line("{"), std::invalid_argument);
    EXPECT_THROW(parse_json_line("[1,2]"), std::invalid_argument);
    const auto without = [&](const std::string& key) {
        auto j = nlohmann::json::parse(line);
        j.erase(key);
        return j.dump();
    };
    try {
        parse_json_line(without("seed"));
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("seed"), std::string::npos);
    }
    auto j = nlohmann::json::parse(line);
    j["status"] = "great";
    EXPECT_THROW(parse_json_line(j.dump()), std::invalid_argument);
    j = nlohmann::json::parse(line);
    j["trial"] = "one";
    EXPECT_THROW(parse_json_line(j.dump()), std::invalid_argument);
}

TEST(Experiment, PuzzleLabel) {
    const auto p = tiny_puzzles(1)[0];
    EXPECT_EQ(puzzle_label(p), "tiny0 (3x3)");
    PuzzleRef unnamed = p;
    unnamed.name = "";
    unnamed.source = "some/dir/set.taai";
    unnamed.index = 31;
    EXPECT_EQ(puzzle_label(unnamed), "set.taai#31 (3x3)");
}

}  // namespace
}  // namespace nonolab::batch
