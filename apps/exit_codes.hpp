// The exit codes of the command line, apart from commands.hpp so that a file
// that needs only them does not include CLI11 (whose validator objects every
// including file builds at start-up).
#pragma once

namespace nonolab::cli {

/// Exit codes of solve/check, as docs/interface.md fixes them.
enum Exit : int {
    kExitOk = 0,             ///< every puzzle solved (unique, multiple or solved)
    kExitContradiction = 1,  ///< some puzzle proven to have no solution
    kExitUsage = 2,          ///< bad command line
    kExitUnsolved = 3,       ///< some puzzle timed out or stayed unsolved
    kExitUnreadable = 4,     ///< some input could not be read
};

}  // namespace nonolab::cli
