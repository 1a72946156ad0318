// Restores one environment variable, when the test ends, as the test found
// it (the start-up choices of nn/openblas_core.hpp and
// nn/openmp_wait_policy.hpp write the process's environment).
#pragma once

#include <cstdlib>
#include <string>
#include <utility>

namespace nonolab::nn {

class SavedEnv {
  public:
    explicit SavedEnv(std::string name) : name_(std::move(name)) {
        const char* was = std::getenv(name_.c_str());
        was_set_ = was != nullptr;
        if (was) value_ = was;
    }
    ~SavedEnv() {
        if (was_set_)
            setenv(name_.c_str(), value_.c_str(), 1);
        else
            unsetenv(name_.c_str());
    }
    SavedEnv(const SavedEnv&) = delete;
    SavedEnv& operator=(const SavedEnv&) = delete;

  private:
    std::string name_;
    bool was_set_ = false;
    std::string value_;
};

}  // namespace nonolab::nn
