// Progress line for long batch runs: redrawn in place on stderr, and only
// when stderr is a terminal, so logs and --json output on stdout stay clean.
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace nonolab::cli {

class Progress {
  public:
    /// Shown only for batches of more than one puzzle on a terminal.
    explicit Progress(long total) : total_(total), enabled_(total > 1 && isatty(fileno(stderr))) {}
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
    long total_;
    bool enabled_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point last_{};
};

}  // namespace nonolab::cli
