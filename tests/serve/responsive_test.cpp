// The server stays responsive: with long solves in
// flight, a check that line logic settles is answered at once; long solves
// wait in a bounded FIFO queue that answers 503 when full; a client sees
// where its request stands and can cancel it; Ctrl-C/SIGTERM stops cleanly
// with long solves running and waiting. Real `nonolab serve` processes on
// loopback; every wait is bounded.
//
// The hard puzzle is 20-Dom, generated here (gen::ndom): line logic decides
// none of its cells and proving it unique takes about 35 s on the machine of
// docs/results/exact.md, so each check of it runs to the solve timeout.
#include <algorithm>
#include <atomic>
#include <nlohmann/json.hpp>
#include <thread>

#include "gen/ndom.hpp"
#include "io/formats.hpp"
#include "server_process.hpp"

namespace nonolab {
namespace {

using nlohmann::json;
using serve_test::example_text;
using serve_test::ServerProcess;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

const std::string& hard_puzzle() {
    static const std::string text = io::write_puzzles({gen::ndom(20)}, "non");
    return text;
}

// One request on its own thread: its answer and how long it took.
struct Pending {
    int status = 0;  ///< 0 until answered (or when the connection failed)
    std::string body;
    double seconds = 0;
    std::thread thread;

    Pending(const ServerProcess& s, std::string path, std::string body_text) {
        thread = std::thread([this, &s, path = std::move(path), b = std::move(body_text)] {
            auto c = s.client();
            const auto t0 = Clock::now();
            auto r = c.Post(path.c_str(), b, "text/plain");
            seconds = since(t0);
            if (r) {
                body = r->body;
                status = r->status;
            }
        });
    }
    ~Pending() {
        if (thread.joinable()) thread.join();
    }
    void join() {
        if (thread.joinable()) thread.join();
    }
};

json get_json(const ServerProcess& s, const std::string& path) {
    auto c = s.client();
    auto r = c.Get(path.c_str());
    if (!r) return json();
    return json::parse(r->body, nullptr, false);
}

int post_status(const ServerProcess& s, const std::string& path) {
    auto c = s.client();
    auto r = c.Post(path.c_str(), "", "text/plain");
    return r ? r->status : 0;
}

// Polls GET /api/status until the queue shows `running` and `queued` (at most 20 s).
bool wait_for_load(const ServerProcess& s, int running, int queued) {
    const auto until = Clock::now() + std::chrono::seconds(20);
    while (Clock::now() < until) {
        const json j = get_json(s, "/api/status");
        if (j.is_object() && j["running"] == running && j["queued"] == queued) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

// A check cut short by its time or a cancel: `timeout`, or `solved` once it
// has found 20-Dom's one solution but not yet proven that no other fits.
bool cut_short(const std::string& body) {
    const json j = json::parse(body, nullptr, false);
    if (!j.is_object() || !j.contains("results")) return false;
    const json& status = j["results"][0]["status"];
    return status == "timeout" || status == "solved";
}

std::string hard_check(const std::string& id) {
    return "/api/check?format=non" + (id.empty() ? "" : "&id=" + id);
}

TEST(Responsive, EasyChecksAreAnsweredAtOnceWithEightHardOnesInFlight) {
    // The defaults (2 slots, 8 waiting), with a solve timeout that outlasts the measurement.
    ServerProcess server({"--solve-timeout", "20"});
    std::vector<std::unique_ptr<Pending>> hard;
    for (int i = 0; i < 8; ++i)
        hard.push_back(std::make_unique<Pending>(server, hard_check("hard" + std::to_string(i)),
                                                 hard_puzzle()));
    ASSERT_TRUE(wait_for_load(server, 2, 6)) << get_json(server, "/api/status").dump();

    // 30 checks at once of a puzzle line logic solves, each on its own connection.
    constexpr int kEasy = 30;
    const std::string heart = example_text("heart.non");
    std::vector<double> seconds(kEasy, -1);
    std::atomic<int> ready{0}, failed{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> easy;
    for (int i = 0; i < kEasy; ++i)
        easy.emplace_back([&, i] {
            auto c = server.client();
            ++ready;
            while (!go) std::this_thread::yield();
            const auto t0 = Clock::now();
            auto r = c.Post("/api/check", heart, "text/plain");
            seconds[i] = since(t0);
            if (!r || r->status != 200 || r->body.find("\"unique\"") == std::string::npos) ++failed;
        });
    while (ready < kEasy) std::this_thread::yield();
    go = true;
    for (auto& t : easy) t.join();
    EXPECT_EQ(failed, 0);
    // Still 8 hard ones in flight: the easy ones did not wait for them.
    const json load = get_json(server, "/api/status");
    EXPECT_EQ(load["running"], 2) << load.dump();
    EXPECT_EQ(load["queued"], 6) << load.dump();

    std::sort(seconds.begin(), seconds.end());
    const double median = (seconds[kEasy / 2 - 1] + seconds[kEasy / 2]) / 2;
    std::printf("30 easy checks with 8 hard in flight: median %.1f ms, max %.1f ms, min %.1f ms\n",
                median * 1e3, seconds.back() * 1e3, seconds.front() * 1e3);
    EXPECT_LT(median, 0.050);
    EXPECT_LT(seconds.back(), 0.500);

    // Cancel them all: the running ones answer what they have, the queued ones 409.
    // The queued ones first: cancelling a running one would hand its slot on.
    std::vector<std::string> running;
    for (int i = 0; i < 8; ++i) {
        const std::string id = "hard" + std::to_string(i);
        if (get_json(server, "/api/status?id=" + id)["state"] == "running")
            running.push_back(id);
        else
            EXPECT_EQ(post_status(server, "/api/cancel?id=" + id), 200);
    }
    EXPECT_EQ(running.size(), 2u);
    for (const std::string& id : running)
        EXPECT_EQ(post_status(server, "/api/cancel?id=" + id), 200);
    int timeouts = 0, cancelled = 0;
    for (auto& h : hard) {
        h->join();
        if (h->status == 200) {
            EXPECT_TRUE(cut_short(h->body)) << h->body;
            ++timeouts;
        } else {
            EXPECT_EQ(h->status, 409) << h->body;
            ++cancelled;
        }
        EXPECT_LT(h->seconds, 15) << "a cancelled solve went on";
    }
    EXPECT_EQ(timeouts, 2);
    EXPECT_EQ(cancelled, 6);
    EXPECT_EQ(server.stop(), 0) << server.stderr_text();
}

TEST(Responsive, QueueStatusFullAndCancel) {
    ServerProcess server({"--max-solves", "1", "--max-queue", "1", "--solve-timeout", "30"});
    Pending a(server, hard_check("a"), hard_puzzle());
    ASSERT_TRUE(wait_for_load(server, 1, 0));
    Pending b(server, hard_check("b"), hard_puzzle());
    ASSERT_TRUE(wait_for_load(server, 1, 1));

    // Where each stands.
    const json sa = get_json(server, "/api/status?id=a");
    EXPECT_EQ(sa["state"], "running") << sa.dump();
    EXPECT_EQ(sa["position"], 0);
    const json sb = get_json(server, "/api/status?id=b");
    EXPECT_EQ(sb["state"], "queued") << sb.dump();
    EXPECT_EQ(sb["position"], 1);
    EXPECT_GE(sb["elapsed"].get<double>(), 0.0);
    EXPECT_EQ(get_json(server, "/api/status?id=nobody")["error"].is_string(), true);

    {  // The queue is full: a third long solve is refused at once, after its quick attempt.
        auto c = server.client();
        const auto t0 = Clock::now();
        auto r = c.Post(hard_check("").c_str(), hard_puzzle(), "text/plain");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 503) << r->body;
        EXPECT_NE(json::parse(r->body)["error"].get<std::string>().find("busy"), std::string::npos);
        EXPECT_LT(since(t0), 5);
        // An id already under way, and a malformed one.
        EXPECT_EQ(c.Post(hard_check("a").c_str(), hard_puzzle(), "text/plain")->status, 409);
        EXPECT_EQ(c.Post("/api/check?id=no%20spaces", hard_puzzle(), "text/plain")->status, 400);
        EXPECT_EQ(c.Post("/api/cancel?id=nobody", "", "text/plain")->status, 404);
        EXPECT_EQ(c.Post("/api/cancel", "", "text/plain")->status, 400);
        EXPECT_EQ(c.Get("/api/cancel?id=a")->status, 405);
    }

    // Cancelling the waiting one: 409 at once, and the running one goes on.
    auto t0 = Clock::now();
    EXPECT_EQ(post_status(server, "/api/cancel?id=b"), 200);
    b.join();
    EXPECT_EQ(b.status, 409) << b.body;
    EXPECT_LT(since(t0), 2);
    EXPECT_TRUE(wait_for_load(server, 1, 0));
    // Cancelling the running one: it answers at once (cut short), long before its 30 s.
    t0 = Clock::now();
    EXPECT_EQ(post_status(server, "/api/cancel?id=a"), 200);
    a.join();
    ASSERT_EQ(a.status, 200) << a.body;
    EXPECT_TRUE(cut_short(a.body)) << a.body;
    EXPECT_LT(since(t0), 5);
    EXPECT_TRUE(wait_for_load(server, 0, 0));
    EXPECT_EQ(server.stop(), 0) << server.stderr_text();
}

TEST(Responsive, ALongSolveNeverOutlivesItsTimeout) {
    ServerProcess server({"--solve-timeout", "2"});
    Pending h(server, hard_check(""), hard_puzzle());
    h.join();
    ASSERT_EQ(h.status, 200) << h.body;
    EXPECT_TRUE(cut_short(h.body)) << h.body;
    EXPECT_GT(h.seconds, 1.5);
    EXPECT_LT(h.seconds, 4);  // the quick attempt and the slot's share one budget
    EXPECT_EQ(server.stop(), 0) << server.stderr_text();
}

TEST(Responsive, SigtermStopsCleanlyWithLongSolvesRunningAndWaiting) {
    ServerProcess server({"--max-solves", "2", "--solve-timeout", "60"});
    std::vector<std::unique_ptr<Pending>> hard;
    for (int i = 0; i < 4; ++i)
        hard.push_back(std::make_unique<Pending>(server, hard_check(""), hard_puzzle()));
    ASSERT_TRUE(wait_for_load(server, 2, 2));
    const auto t0 = Clock::now();
    EXPECT_EQ(server.stop(), 0) << server.stderr_text();
    EXPECT_LT(since(t0), 10);
    int timeouts = 0, refused = 0;
    for (auto& h : hard) {
        h->join();
        if (h->status == 200) {
            EXPECT_TRUE(cut_short(h->body)) << h->body;
            ++timeouts;
        } else if (h->status == 503) {
            EXPECT_NE(h->body.find("stopping"), std::string::npos) << h->body;
            ++refused;
        }
    }
    EXPECT_EQ(timeouts, 2);
    EXPECT_EQ(refused, 2);
}

}  // namespace
}  // namespace nonolab
