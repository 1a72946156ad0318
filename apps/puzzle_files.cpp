#include "puzzle_files.hpp"

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "exit_codes.hpp"

namespace nonolab::cli {

void print_puzzle_error(bool json, const std::string& file, int index, const std::string& name,
                        const std::string& message) {
    if (json)
        std::cout << nlohmann::json{{"source", file},
                                    {"index", index},
                                    {"name", name},
                                    {"status", "error"},
                                    {"error", message}}
                         .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                  << "\n";
    std::cerr << "error: " << file << " #" << index << ": " << message << "\n";
}

int for_each_puzzle(
    const std::vector<std::string>& files, const std::string& format, bool json,
    const std::function<int(const std::string& file, int index, const io::Entry& entry)>& each) {
    int code = kExitOk;
    for (const std::string& file : files) {
        std::vector<io::Entry> entries;
        try {
            entries = io::read_entries(file, format);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            code = std::max<int>(code, kExitUnreadable);
            continue;
        }
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const int index = static_cast<int>(i) + 1;
            const io::Entry& entry = entries[i];
            if (!entry.puzzle) {
                print_puzzle_error(json, file, index, entry.name, entry.error);
                code = std::max<int>(code, kExitUnreadable);
                continue;
            }
            code = std::max(code, each(file, index, entry));
        }
    }
    return code;
}

}  // namespace nonolab::cli
