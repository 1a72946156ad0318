// Long calls from Python: run the work without the GIL, so other Python
// threads run meanwhile (two solves in two threads use two cores), and
// still honour Ctrl-C.
//
// Why a watcher: Python runs signal handlers (the one that raises
// KeyboardInterrupt) only in the main thread, and only when that thread
// holds the GIL and calls PyErr_CheckSignals. A solve that released the GIL
// cannot call it. So the work runs on a worker thread, and the calling
// thread waits for it, waking every 50 ms to take the GIL briefly and run
// the handlers. When one raises, the watcher sets the cancel flag, which
// the work passes to the library's Budget (core/budget.hpp) exactly as the
// CLI's SIGINT handler does; the solver sees it at its next budget poll and
// returns, and the exception is raised in Python.
#pragma once

#include <atomic>
#include <functional>

namespace nonolab::python {

/// Runs work(cancel) on a worker thread with the GIL released; must be
/// called with the GIL held. When a Python signal handler raises while the
/// work runs (KeyboardInterrupt), `cancel` is set, the work is awaited, and
/// that exception is raised (py::error_already_set). An exception thrown by
/// the work is rethrown on the calling thread.
void run_interruptible(const std::function<void(const std::atomic<bool>* cancel)>& work);

}  // namespace nonolab::python
