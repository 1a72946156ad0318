// PhaseClock: wall time spent in one phase of the exact solver, summed over
// every entry into it (`nonolab bench` shows the share of
// line solving, probing and CaDiCaL so the next bottleneck is visible).
//
// One steady_clock read at each end of a timed scope. The scopes are whole
// propagations, probing passes and SAT calls, each at least one line solve
// (about a microsecond on 25x25), so the two reads (~20 ns each through the
// vDSO) stay near 1% even in probing's tight loop; docs/results/exact.md
// has the measurement.
#pragma once

#include <chrono>

namespace nonolab::exact {

/// Adds the time from its construction to its destruction to `total` (seconds).
class PhaseClock {
  public:
    explicit PhaseClock(double& total) : total_(total), start_(Clock::now()) {}
    ~PhaseClock() { total_ += std::chrono::duration<double>(Clock::now() - start_).count(); }
    PhaseClock(const PhaseClock&) = delete;
    PhaseClock& operator=(const PhaseClock&) = delete;

  private:
    using Clock = std::chrono::steady_clock;
    double& total_;
    Clock::time_point start_;
};

}  // namespace nonolab::exact
