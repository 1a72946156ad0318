// The seed corpus of fuzz_readers (scripts/test.sh): every file under the
// given paths (folders recursively), each prefixed with the selector byte
// fuzz_readers.cpp reads first. The byte is the index of the format that
// reading the file would pick by its extension (io::detect_format), so the
// seed reaches the reader that understands it; a file whose extension names
// no format (.txt, a README) gets formats().size(), which fuzz_readers
// reads as "detect by content". It is built from the same io::formats()
// table as the fuzzer, so the indices cannot drift apart.
//
//   fuzz_seeds OUT_DIR MAX_LEN PATH...
//
// A seed longer than MAX_LEN (libFuzzer's -max_len) is cut to MAX_LEN bytes
// here, as libFuzzer would cut it on loading; the count is printed.
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "io/formats.hpp"

namespace fs = std::filesystem;
using namespace nonolab;

namespace {

unsigned char selector_for(const fs::path& file) {
    const auto& table = io::formats();
    std::string ext = file.extension().string();
    if (!ext.empty()) ext.erase(0, 1);
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    // As io::detect_format: .txt and .dat name no format, and are detected by content.
    if (ext != "txt" && ext != "dat")
        for (std::size_t i = 0; i < table.size(); ++i)
            for (const std::string& e : table[i].extensions)
                if (e == ext) return static_cast<unsigned char>(i);
    return static_cast<unsigned char>(table.size());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: fuzz_seeds OUT_DIR MAX_LEN PATH...\n");
        return 2;
    }
    const fs::path out = argv[1];
    const std::size_t max_len = std::strtoul(argv[2], nullptr, 10);
    if (max_len < 2 || io::formats().size() > 255) {
        std::fprintf(stderr, "fuzz_seeds: MAX_LEN must be at least 2, and formats fit a byte\n");
        return 2;
    }
    std::vector<fs::path> files;
    for (int i = 3; i < argc; ++i) {
        const fs::path p = argv[i];
        if (fs::is_directory(p)) {
            for (const auto& e : fs::recursive_directory_iterator(p))
                if (e.is_regular_file()) files.push_back(e.path());
        } else if (fs::is_regular_file(p)) {
            files.push_back(p);
        } else {
            std::fprintf(stderr, "fuzz_seeds: %s is neither a file nor a folder\n", argv[i]);
            return 1;
        }
    }
    std::size_t by_content = 0, cut = 0, n = 0;
    for (const fs::path& f : files) {
        std::ifstream in(f, std::ios::binary);
        std::string seed(1, static_cast<char>(selector_for(f)));
        seed.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        if (!in.good() && !in.eof()) {
            std::fprintf(stderr, "fuzz_seeds: cannot read %s\n", f.c_str());
            return 1;
        }
        if (static_cast<unsigned char>(seed[0]) == io::formats().size()) ++by_content;
        if (seed.size() > max_len) {
            seed.resize(max_len);
            ++cut;
        }
        std::ofstream(out / ("seed-" + std::to_string(++n)), std::ios::binary) << seed;
    }
    std::printf("fuzz_seeds: %zu seeds in %s (%zu by extension, %zu by content detection; "
                "%zu cut to %zu bytes)\n",
                n, out.c_str(), n - by_content, by_content, cut, max_len);
    return n ? 0 : 1;
}
