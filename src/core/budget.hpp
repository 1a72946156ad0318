// Budget: the wall-clock deadline and cancellation flag every long run honours.
//
// Solvers poll expired() from their main loop. Reading the clock costs tens of
// nanoseconds, so hot loops call it every few hundred steps, not every step.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>

namespace nonolab {

class Budget {
  public:
    using Clock = std::chrono::steady_clock;

    /// No time limit.
    Budget() = default;
    /// seconds <= 0 means no time limit.
    explicit Budget(double seconds, const std::atomic<bool>* cancel = nullptr)
        : cancel_(cancel), start_(Clock::now()) {
        if (seconds > 0) {
            limited_ = true;
            deadline_ = start_ + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(seconds));
        }
    }

    /// True once the deadline has passed or cancellation was requested.
    bool expired() const {
        if (cancel_ && cancel_->load(std::memory_order_relaxed)) return true;
        return limited_ && Clock::now() >= deadline_;
    }

    /// Seconds since construction.
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
    /// Seconds left before the deadline (at least a nanosecond once limited,
    /// so that passing it on keeps the run limited); 0 means no time limit.
    double remaining() const {
        if (!limited_) return 0;
        return std::max(1e-9, std::chrono::duration<double>(deadline_ - Clock::now()).count());
    }
    /// The cancellation flag given at construction, or nullptr.
    const std::atomic<bool>* cancel_flag() const { return cancel_; }

  private:
    bool limited_ = false;
    const std::atomic<bool>* cancel_ = nullptr;
    Clock::time_point start_ = Clock::now();
    Clock::time_point deadline_{};
};

}  // namespace nonolab
