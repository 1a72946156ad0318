#include "io/npz.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/error.hpp"
#include "io/formats.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

// The start of a zip archive whose first member is "arr_0.npy" (a local file
// header: signature, 22 bytes of fields, name length 9, extra length 0).
std::string fake_npz(const std::string& member = "arr_0.npy") {
    std::string s("PK\x03\x04", 4);
    s += std::string(22, '\0');
    s += static_cast<char>(member.size());
    s += '\0';
    s += std::string(2, '\0');
    s += member;
    s += "\x93NUMPY";
    return s;
}

TEST(Npz, RefusesArchivesWithDirections) {
    try {
        read_npz(fake_npz(), "x_test_dataset.npz");
        ADD_FAILURE() << "expected UnsupportedError";
    } catch (const UnsupportedError& e) {
        EXPECT_NE(e.message().find("NumPy .npz archive"), std::string::npos) << e.what();
        EXPECT_NE(e.message().find("arr_0.npy"), std::string::npos) << e.what();
        EXPECT_NE(e.message().find("dataset/taai_style"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("x_test_dataset.npz"), std::string::npos);
    }
    EXPECT_THROW(read_npz(fake_npz("picture.png"), "other.npz"), UnsupportedError);
    EXPECT_THROW(read_puzzles_text(fake_npz(), "a.npz"), UnsupportedError);
}

TEST(Npz, NotAZipIsAParseError) {
    try {
        read_npz("3 1\n2\n", "fake.npz");
        ADD_FAILURE() << "expected ParseError";
    } catch (const UnsupportedError&) {
        ADD_FAILURE() << "not a zip: a plain ParseError is expected";
    } catch (const ParseError& e) {
        EXPECT_EQ(e.line(), 0);
        EXPECT_NE(e.message().find("expected a NumPy .npz archive"), std::string::npos);
    }
    // Truncated headers never read out of bounds.
    const std::string full = fake_npz();
    for (size_t n = 0; n < full.size(); ++n)
        EXPECT_THROW(read_npz(full.substr(0, n), "cut"), ParseError);
}

TEST(Npz, Sniff) {
    EXPECT_EQ(sniff_npz(fake_npz()), 100);
    EXPECT_EQ(sniff_npz(fake_npz("word/document.xml")), 0);
    EXPECT_EQ(sniff_npz("P1\n1 1\n1\n"), 0);
}

TEST(Npz, RefusesNonoDatasetFiles) {
    const fs::path dir = fs::path(NONOLAB_SHARED_DIR) / "benchmarks/dataset/nonodataset";
    if (!fs::is_directory(dir)) GTEST_SKIP() << "benchmark folder absent: " << dir;
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        if (entry.path().extension() != ".npz" || entry.file_size() > (20u << 20)) continue;
        ++files;
        EXPECT_THROW(read_puzzles(entry.path().string()), UnsupportedError) << entry.path();
    }
    EXPECT_GT(files, 0);
}

}  // namespace
}  // namespace nonolab::io
