#include "interruptible.hpp"

#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

namespace nonolab::python {

namespace py = pybind11;

namespace {

// How often the waiting thread runs Python's signal handlers: Ctrl-C is
// honoured within this (plus the solver's own budget poll, well under it).
constexpr auto kSignalPoll = std::chrono::milliseconds(50);

// A Python error taken out of the thread state while the GIL is dropped
// again, and put back before raising.
struct PendingError {
    PyObject* type = nullptr;
    PyObject* value = nullptr;
    PyObject* trace = nullptr;
    bool set() const { return type != nullptr; }
};

}  // namespace

void run_interruptible(const std::function<void(const std::atomic<bool>* cancel)>& work) {
    std::atomic<bool> cancel{false};
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::exception_ptr failure;
    PendingError pending;

    std::thread worker([&] {
        try {
            work(&cancel);
        } catch (...) {
            failure = std::current_exception();
        }
        std::lock_guard<std::mutex> lock(mutex);
        done = true;
        finished.notify_all();
    });
    {
        py::gil_scoped_release release;
        std::unique_lock<std::mutex> lock(mutex);
        while (!finished.wait_for(lock, kSignalPoll, [&] { return done; })) {
            if (pending.set()) continue;  // already cancelled: just wait for the work
            lock.unlock();
            {
                py::gil_scoped_acquire gil;
                if (PyErr_CheckSignals() != 0) {
                    PyErr_Fetch(&pending.type, &pending.value, &pending.trace);
                    cancel = true;
                }
            }
            lock.lock();
        }
    }
    worker.join();
    if (pending.set()) {
        PyErr_Restore(pending.type, pending.value, pending.trace);
        throw py::error_already_set();
    }
    if (failure) std::rethrow_exception(failure);
}

}  // namespace nonolab::python
