// Every file of the shared benchmark corpus either loads or is refused with a
// specific ParseError / UnsupportedError that names the file. Nothing else may
// escape. Which files are refused is printed, not asserted: most readers are
// still being written in parallel.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>

#include "core/error.hpp"
#include "io/formats.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

struct FolderCount {
    int loaded = 0;
    int puzzles = 0;
    int refused = 0;      // ParseError
    int unsupported = 0;  // UnsupportedError
};

TEST(Corpus, EveryBenchmarkFileLoadsOrIsRefusedClearly) {
    const fs::path root = fs::path(NONOLAB_SHARED_DIR) / "benchmarks";
    if (!fs::is_directory(root)) GTEST_SKIP() << "benchmark folder absent: " << root;
    constexpr std::uintmax_t kMaxBytes = 20u << 20;

    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(root))
        if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());

    std::map<std::string, FolderCount> folders;
    std::vector<std::string> refusals;
    int skipped = 0;
    for (const fs::path& file : files) {
        if (fs::file_size(file) > kMaxBytes) {
            ++skipped;
            continue;
        }
        const std::string path = file.string();
        const std::string folder = fs::relative(file.parent_path(), root).string();
        FolderCount& count = folders[folder];
        try {
            const auto puzzles = read_puzzles(path);
            EXPECT_GE(puzzles.size(), 1u) << path;
            ++count.loaded;
            count.puzzles += static_cast<int>(puzzles.size());
        } catch (const ParseError& e) {
            const bool unsupported = dynamic_cast<const UnsupportedError*>(&e) != nullptr;
            ++(unsupported ? count.unsupported : count.refused);
            EXPECT_FALSE(e.message().empty()) << path;
            EXPECT_NE(std::string(e.what()).find(path), std::string::npos)
                << "the message does not name the file: " << e.what();
            refusals.push_back(std::string(unsupported ? "unsupported " : "refused     ") +
                               e.what());
        } catch (const std::exception& e) {
            ADD_FAILURE() << path << ": unexpected exception: " << e.what();
        } catch (...) {
            ADD_FAILURE() << path << ": unexpected non-standard exception";
        }
    }

    int loaded = 0, puzzles = 0, refused = 0;
    std::cout << "corpus: loaded / refused (parse) / unsupported, per folder\n";
    for (const auto& [folder, c] : folders) {
        std::cout << "  " << folder << ": " << c.loaded << " (" << c.puzzles << " puzzles) / "
                  << c.refused << " / " << c.unsupported << "\n";
        loaded += c.loaded, puzzles += c.puzzles, refused += c.refused + c.unsupported;
    }
    std::cout << "corpus total: " << loaded << " files loaded (" << puzzles << " puzzles), "
              << refused << " refused, " << skipped << " skipped (over 20 MB)\n";
    std::cout << "refused files:\n";
    for (const std::string& r : refusals) std::cout << "  " << r.substr(0, 300) << "\n";
}

}  // namespace
}  // namespace nonolab::io
