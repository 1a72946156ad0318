// The slow-solve queue without HTTP (apps/serve/solve_queue.hpp): arrival
// order, the bound, cancel while waiting, and stop.
#include "serve/solve_queue.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <thread>

namespace nonolab {
namespace {

using cli::serve::SolveQueue;

// Waits (at most 10 s) until the queue shows `queued` waiting.
bool wait_queued(const SolveQueue& q, int queued) {
    for (int i = 0; i < 1000; ++i) {
        if (q.load().queued == queued) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

TEST(SolveQueue, RunsInArrivalOrderAndRefusesWhenFull) {
    SolveQueue q(1, 3);
    std::atomic<bool> release{false};
    std::mutex m;
    std::vector<int> order;
    auto job = [&](int n) {
        return [&, n] {
            while (n == 0 && !release) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            std::lock_guard<std::mutex> lock(m);
            order.push_back(n);
        };
    };
    std::vector<std::thread> callers;
    std::vector<SolveQueue::Outcome> outcomes(5, SolveQueue::Outcome::stopping);
    std::vector<std::function<void()>> jobs;
    for (int n = 0; n < 5; ++n) jobs.push_back(job(n));
    for (int n = 0; n < 4; ++n) {  // job 0 takes the slot, 1 to 3 wait in this order
        callers.emplace_back([&, n] {
            auto t = q.enter("job" + std::to_string(n));
            outcomes[n] = q.run(*t, jobs[n]);
            q.leave(t);
        });
        if (n == 0)
            for (int i = 0; i < 1000 && q.load().running == 0; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
        ASSERT_TRUE(wait_queued(q, n));
    }
    auto extra = q.enter("");
    EXPECT_EQ(q.run(*extra, jobs[4]), SolveQueue::Outcome::full);
    q.leave(extra);
    EXPECT_EQ(q.enter("job2"), nullptr);  // its id is taken
    SolveQueue::View v;
    ASSERT_TRUE(q.view("job2", v));
    EXPECT_EQ(v.state, SolveQueue::State::queued);
    EXPECT_EQ(v.position, 2);
    ASSERT_TRUE(q.view("job0", v));
    EXPECT_EQ(v.state, SolveQueue::State::running);
    EXPECT_TRUE(q.cancel("job2"));  // leaves the queue without running
    release = true;
    for (auto& t : callers) t.join();
    EXPECT_EQ(order, (std::vector<int>{0, 1, 3}));
    EXPECT_EQ(outcomes[2], SolveQueue::Outcome::cancelled);
    EXPECT_EQ(outcomes[3], SolveQueue::Outcome::done);
    EXPECT_EQ(q.load().requests, 0);
}

TEST(SolveQueue, StopCancelsRunningAndRefusesWaiting) {
    SolveQueue q(1, 4);
    auto running = q.enter("r");
    const std::atomic<bool>& flag = running->cancel;
    const std::function<void()> spin = [&] {
        while (!flag) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    const std::function<void()> nothing = [] {};
    SolveQueue::Outcome first{}, second{};
    std::thread a([&] { first = q.run(*running, spin); });
    for (int i = 0; i < 1000 && q.load().running == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    auto waiting = q.enter("w");
    std::thread b([&] { second = q.run(*waiting, nothing); });
    ASSERT_TRUE(wait_queued(q, 1));
    q.stop();
    a.join();
    b.join();
    EXPECT_EQ(first, SolveQueue::Outcome::done);  // it saw its flag and ended
    EXPECT_EQ(second, SolveQueue::Outcome::stopping);
    EXPECT_TRUE(q.enter("late")->cancel);  // born cancelled
}

}  // namespace
}  // namespace nonolab
