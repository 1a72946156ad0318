// Status: the verdict vocabulary shared by every method, exactly as
// docs/interface.md defines it.
#pragma once

#include <string_view>

namespace nonolab {

enum class Status {
    unique,         ///< exactly one solution, proven by exhausting the search
    multiple,       ///< two or more solutions found
    solved,         ///< one found; uniqueness not asked for or not proven
    contradiction,  ///< no solution, proven by exhausting the search
    timeout,        ///< the budget ran out before any verdict
    unsolved,       ///< a heuristic method reached its iteration limit
    error,          ///< the input could not be read or solved
};

constexpr std::string_view to_string(Status s) {
    switch (s) {
        case Status::unique:
            return "unique";
        case Status::multiple:
            return "multiple";
        case Status::solved:
            return "solved";
        case Status::contradiction:
            return "contradiction";
        case Status::timeout:
            return "timeout";
        case Status::unsolved:
            return "unsolved";
        case Status::error:
            return "error";
    }
    return "error";
}

}  // namespace nonolab
