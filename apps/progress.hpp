// Progress line for long batch runs: redrawn in place on stderr, and only
// when stderr is a terminal, so logs and --json output on stdout stay clean.
// Under mpirun rank 0's stderr is a pipe to mpirun even when mpirun runs on
// a terminal: NONOLAB_PROGRESS=1 (mpirun -x NONOLAB_PROGRESS=1) forces the
// line on, NONOLAB_PROGRESS=0 off. Other ranks never show it (their stderr
// is /dev/null, apps/batch_cli.hpp).
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace nonolab::cli {

class Progress {
  public:
    /// Shown only for batches of more than one puzzle on a terminal.
    explicit Progress(long total) : total_(total), enabled_(total > 1 && wanted()) {}
    ~Progress() { clear(); }

    /// Redraws "[done/total] <summary> <elapsed>s", at most ten times a second.
    void update(long done, const std::string& summary) {
        if (!enabled_) return;
        const auto now = std::chrono::steady_clock::now();
        if (done < total_ && now - last_ < std::chrono::milliseconds(100)) return;
        last_ = now;
        const double secs = std::chrono::duration<double>(now - start_).count();
        std::fprintf(stderr, "\r\x1b[K[%ld/%ld] %s  %.1fs", done, total_, summary.c_str(), secs);
        std::fflush(stderr);
        shown_ = true;
    }

    /// Erases the line (before printing something else to the terminal).
    void clear() {
        if (!shown_) return;
        std::fprintf(stderr, "\r\x1b[K");
        std::fflush(stderr);
        shown_ = false;
    }

  private:
    static bool wanted() {
        const char* env = std::getenv("NONOLAB_PROGRESS");
        if (env && *env) return std::string(env) != "0";
        return isatty(fileno(stderr));
    }

    long total_;
    bool enabled_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point last_{};
};

}  // namespace nonolab::cli
