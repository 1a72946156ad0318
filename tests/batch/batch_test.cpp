#include "batch/batch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include "batch/mpi_backend.hpp"

namespace nonolab::batch {
namespace {

// Units that finish out of order: unit i sleeps longer the smaller (i % 7) is.
Batch sleepy_batch(std::uint64_t n, std::vector<std::atomic<int>>* runs = nullptr) {
    Batch b;
    b.size = n;
    b.run = [runs](std::uint64_t id, const std::atomic<bool>*) {
        if (runs) ++(*runs)[id];
        std::this_thread::sleep_for(std::chrono::microseconds(200 * (7 - id % 7)));
        return std::optional<UnitResult>({"unit " + std::to_string(id), id % 5 == 0, 0});
    };
    return b;
}

struct Collected {
    std::vector<std::uint64_t> ids;
    std::vector<std::string> texts;
};

Collected run_collect(Batch b, int threads, const std::atomic<bool>* cancel = nullptr) {
    Collected c;
    b.sink = [&](std::uint64_t id, const UnitResult& r) {
        c.ids.push_back(id);
        c.texts.push_back(r.text);
    };
    BatchOptions o;
    o.threads = threads;
    run_batch(b, o, cancel);
    return c;
}

TEST(Batch, ResultsReachTheSinkInIdOrderForAnyThreadCount) {
    const Collected one = run_collect(sleepy_batch(60), 1);
    ASSERT_EQ(one.ids.size(), 60u);
    for (std::uint64_t i = 0; i < 60; ++i) {
        EXPECT_EQ(one.ids[i], i);
        EXPECT_EQ(one.texts[i], "unit " + std::to_string(i));
    }
    for (int threads : {2, 3, 8, 0}) {
        const Collected many = run_collect(sleepy_batch(60), threads);
        EXPECT_EQ(many.ids, one.ids) << threads << " threads";
        EXPECT_EQ(many.texts, one.texts) << threads << " threads";
    }
}

TEST(Batch, ResumeSkipsRecordedUnitsAndRunsEveryOtherExactlyOnce) {
    std::vector<std::atomic<int>> runs(40);
    Batch b = sleepy_batch(40, &runs);
    b.skip.assign(40, false);
    for (std::uint64_t i = 0; i < 40; i += 3) b.skip[i] = true;
    BatchProgress last;
    b.on_progress = [&](const BatchProgress& p) { last = p; };
    const Collected c = run_collect(b, 4);
    std::vector<std::uint64_t> expected;
    for (std::uint64_t i = 0; i < 40; ++i) {
        EXPECT_EQ(runs[i].load(), b.skip[i] ? 0 : 1) << "unit " << i;
        if (!b.skip[i]) expected.push_back(i);
    }
    EXPECT_EQ(c.ids, expected);
    EXPECT_EQ(last.skipped, 14u);
    EXPECT_EQ(last.total, 26u);
    EXPECT_EQ(last.done, 26u);
}

TEST(Batch, AThrowingUnitIsRecordedAsAnErrorAndTheBatchGoesOn) {
    Batch b = sleepy_batch(12);
    const UnitFn inner = b.run;
    b.run = [inner](std::uint64_t id, const std::atomic<bool>* c) {
        if (id == 4) throw std::runtime_error("bad puzzle");
        return inner(id, c);
    };
    BatchOutcome outcome;
    Collected c;
    b.sink = [&](std::uint64_t id, const UnitResult& r) {
        c.ids.push_back(id);
        c.texts.push_back(r.text);
    };
    BatchOptions o;
    o.threads = 3;
    outcome = run_batch(b, o);
    ASSERT_EQ(c.ids.size(), 12u);
    EXPECT_EQ(c.texts[4], R"({"unit":4,"status":"error","error":"bad puzzle"})");
    EXPECT_EQ(c.texts[5], "unit 5");
    EXPECT_EQ(outcome.done, 12u);
    EXPECT_EQ(outcome.failures, 4u);  // units 0, 5, 10 (failed by design) and 4 (threw)

    b.on_throw = [](std::uint64_t id, const std::string& m) {
        return UnitResult{"custom " + std::to_string(id) + " " + m, true, 7};
    };
    c = {};
    run_batch(b, o);
    EXPECT_EQ(c.texts[4], "custom 4 bad puzzle");
}

TEST(Batch, TheDefaultErrorRecordSurvivesAMessageThatIsNotUtf8) {
    // An exception text may quote input bytes (here Latin-1 'è'); writing the
    // record must not throw in turn, where nothing is left to catch it.
    Batch b = sleepy_batch(3);
    b.run = [](std::uint64_t id, const std::atomic<bool>*) -> std::optional<UnitResult> {
        throw std::runtime_error("bad title 'Ald\xE8ge' in unit " + std::to_string(id));
    };
    const Collected c = run_collect(b, 2);
    ASSERT_EQ(c.texts.size(), 3u);
    EXPECT_EQ(c.texts[1],
              "{\"unit\":1,\"status\":\"error\",\"error\":\"bad title 'Ald\xEF\xBF\xBDge' in unit "
              "1\"}");
}

TEST(Batch, CancelStopsNewUnitsAndKeepsWholeResultsInOrder) {
    std::atomic<bool> stop{false};
    Batch b = sleepy_batch(200);
    b.on_progress = [&](const BatchProgress& p) {
        if (p.done == 10) stop = true;
    };
    const Collected c = run_collect(b, 2, &stop);
    EXPECT_GE(c.ids.size(), 9u);
    EXPECT_LT(c.ids.size(), 200u);
    for (std::size_t i = 1; i < c.ids.size(); ++i) EXPECT_LT(c.ids[i - 1], c.ids[i]);
}

TEST(Batch, OnResultSeesResultsInFinishingOrderAndCanStopTheBatch) {
    // Unit 0 holds its thread until on_result has seen unit 5, which the
    // sink cannot have (it waits for unit 0): so on_result runs before the
    // id order is restored. Raising the cancel flag there ends the batch.
    std::atomic<bool> stop{false}, saw_five{false};
    Batch b;
    b.size = 100;
    b.run = [&](std::uint64_t id, const std::atomic<bool>* cancel) -> std::optional<UnitResult> {
        if (id == 0) {
            for (int i = 0; i < 10000 && !cancel->load(); ++i)  // 10 s at most: never hangs
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            return std::nullopt;  // cut short
        }
        return UnitResult{"unit " + std::to_string(id), false, 0};
    };
    std::vector<std::uint64_t> arrived, sunk;
    b.on_result = [&](std::uint64_t id, const UnitResult&) {
        EXPECT_TRUE(sunk.empty());
        arrived.push_back(id);
        if (id == 5) saw_five = stop = true;
    };
    b.sink = [&](std::uint64_t id, const UnitResult&) { sunk.push_back(id); };
    BatchOptions o;
    o.threads = 2;
    const BatchOutcome out = run_batch(b, o, &stop);
    EXPECT_TRUE(saw_five);
    EXPECT_LT(arrived.size(), 100u);  // stopped early
    EXPECT_EQ(out.done, arrived.size());
    std::vector<std::uint64_t> sorted = arrived;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sunk, sorted);  // every arrival reaches the sink, in id order, unit 0 dropped
}

TEST(Batch, AFailingSinkStopsTheBatchAndItsErrorComesBack) {
    std::vector<std::atomic<int>> runs(100);
    Batch b = sleepy_batch(100, &runs);
    int calls = 0;
    b.sink = [&](std::uint64_t, const UnitResult&) {
        if (++calls == 3) throw std::runtime_error("disk full");
    };
    BatchOptions o;
    o.threads = 2;
    EXPECT_THROW(
        {
            try {
                run_batch(b, o);
            } catch (const std::runtime_error& e) {
                EXPECT_STREQ(e.what(), "disk full");
                throw;
            }
        },
        std::runtime_error);
    int ran = 0;
    for (auto& r : runs) ran += r.load();
    EXPECT_LT(ran, 100);
    EXPECT_EQ(calls, 3);
}

TEST(Batch, RefusesABatchItCannotRun) {
    Batch b;
    b.size = 3;
    EXPECT_THROW(run_batch(b, {}), std::invalid_argument);  // no unit function
    b = sleepy_batch(3);
    b.skip = {true};
    EXPECT_THROW(run_batch(b, {}), std::invalid_argument);  // skip list of the wrong size
    BatchOptions o;
    o.threads = -1;
    EXPECT_THROW(run_batch(sleepy_batch(3), o), std::invalid_argument);
}

TEST(Batch, ProgressLineShowsFailuresRateAndEta) {
    BatchProgress p;
    p.done = 10;
    p.total = 40;
    p.failures = 2;
    p.elapsed = 5;
    EXPECT_DOUBLE_EQ(p.rate(), 2.0);
    EXPECT_DOUBLE_EQ(p.eta(), 15.0);
    EXPECT_EQ(format_progress(p, "runs"), "2 failed  2.00 runs/s  ETA 15s");
    p.done = 40;
    EXPECT_EQ(format_progress(p), "2 failed  8.00 units/s");
    EXPECT_EQ(format_duration(187), "3m07s");
    EXPECT_EQ(format_duration(3 * 3600 + 120), "3h02m");
}

TEST(Batch, MpiIsJoinedOnlyWhenAskedOrUnderMpirunWithSeveralRanks) {
    const char* saved = std::getenv("OMPI_COMM_WORLD_SIZE");
    const std::string keep = saved ? saved : "";
    ::unsetenv("OMPI_COMM_WORLD_SIZE");
    EXPECT_FALSE(MpiSession::requested(false));
    EXPECT_TRUE(MpiSession::requested(true));
    ::setenv("OMPI_COMM_WORLD_SIZE", "1", 1);
    EXPECT_FALSE(MpiSession::requested(false));
    ::setenv("OMPI_COMM_WORLD_SIZE", "3", 1);
    EXPECT_TRUE(MpiSession::requested(false));
    if (saved)
        ::setenv("OMPI_COMM_WORLD_SIZE", keep.c_str(), 1);
    else
        ::unsetenv("OMPI_COMM_WORLD_SIZE");
#ifndef NONOLAB_HAVE_MPI
    EXPECT_FALSE(MpiSession::available());
    EXPECT_THROW(MpiSession{}, std::runtime_error);
#else
    EXPECT_TRUE(MpiSession::available());
#endif
}

}  // namespace
}  // namespace nonolab::batch
