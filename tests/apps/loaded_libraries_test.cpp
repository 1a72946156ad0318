// A command loads only the shared libraries it uses. OpenCV,
// Open MPI and LibTorch live in plugins (core/plugin.hpp); these tests read
// the dynamic loader's own account of a real run (LD_DEBUG=files prints one
// "file=NAME [0]; needed by ..." or "...; dynamically loaded by ..." line per
// object it loads) and check that commands without pictures, MPI or networks
// never load them, that the commands that need them do, and that a missing
// plugin is a clear error naming it.
#include <cstdlib>
#include <regex>
#include <set>

#include "cli_fixture.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

/// The objects the loader opened during `args`, by file name ("libz.so.1").
class Loaded : public Cli {
  protected:
    std::set<std::string> loaded(const std::vector<std::string>& args,
                                 RunResult* result = nullptr) {
        ::setenv("LD_DEBUG", "files", 1);
        RunResult r = run(args);
        ::unsetenv("LD_DEBUG");
        std::set<std::string> files;
        const std::regex line(R"(file=(\S+) \[0\];\s+(needed|dynamically loaded) by)");
        for (const std::string& l : lines_of(r.err)) {
            std::smatch m;
            if (std::regex_search(l, m, line))
                files.insert(fs::path(m[1].str()).filename().string());
        }
        if (result) *result = std::move(r);
        return files;
    }
};

/// The first loaded object whose name contains one of `parts`, or "".
std::string any_of(const std::set<std::string>& files, const std::vector<std::string>& parts) {
    for (const auto& f : files)
        for (const auto& p : parts)
            if (f.find(p) != std::string::npos) return f;
    return "";
}

const std::vector<std::string> kHeavy = {
    "opencv", "libmpi", "open-pal", "open-rte", "hwloc",  "torch",   "c10", "openblas",
    "gdal",   "hdf5",   "httplib",  "libssl",   "brotli", "nonolab_"};  // the plugins themselves

TEST_F(Loaded, PlainCommandsLoadNoHeavyLibrary) {
    const std::vector<std::vector<std::string>> commands = {
        {"--version"},
        {"check", example("heart.non")},
        {"solve", "--json", example("cat.taai")},
        {"check", "--grade", example("sailboat.xml")},
        {"convert", example("heart.non"), tmp("heart.xml").string()},
        {"render", example("cat.taai"), "--solve", "--svg", tmp("cat.svg").string()},
        {"solve", "--method", "hs-c", "--seed", "3", "--timeout", "5", example("twins.clues")},
    };
    for (const auto& args : commands) {
        RunResult r;
        const std::set<std::string> files = loaded(args, &r);
        // The probe must see the loader at work at all: libc is always loaded.
        ASSERT_NE(any_of(files, {"libc.so"}), "") << r.command << "\n" << r.err.substr(0, 2000);
        EXPECT_EQ(any_of(files, kHeavy), "") << r.command;
        // Fewer than a dozen objects: libc, libgcc_s, libm on a first use, ...
        EXPECT_LT(files.size(), 12u) << r.command;
    }
}

// apps/lazy_libm.cpp: libm loads on the first call of one of its functions
// so a one-puzzle check maps no libm, and a command that does
// compute a power (the clue ink of a colour picture, io/render.cpp) loads
// it then and still draws.
TEST_F(Loaded, LibmLoadsOnlyWhenAFunctionOfItIsCalled) {
    EXPECT_EQ(any_of(loaded({"check", example("heart.non")}), {"libm.so"}), "");
    EXPECT_EQ(any_of(loaded({"--version"}), {"libm.so"}), "");
    RunResult r;
    const std::set<std::string> files =
        loaded({"render", example("duck.json"), "--solve", "--svg", tmp("duck.svg").string()}, &r);
    EXPECT_EQ(r.code, 0) << r.err.substr(0, 2000);
    EXPECT_NE(any_of(files, {"libm.so"}), "") << r.command;
    EXPECT_TRUE(fs::exists(tmp("duck.svg")));
}

TEST_F(Loaded, RenderPngLoadsOpenCvThroughItsPlugin) {
#ifndef NONOLAB_HAVE_OPENCV
    GTEST_SKIP() << "built without OpenCV";
#endif
    RunResult r;
    const std::set<std::string> files =
        loaded({"render", example("heart.non"), "--solve", "--png", tmp("h.png").string()}, &r);
    EXPECT_EQ(r.code, 0) << r.err.substr(0, 2000);
    EXPECT_NE(any_of(files, {"libnonolab_image_plugin.so"}), "");
    EXPECT_NE(any_of(files, {"libopencv_imgcodecs"}), "");
    EXPECT_EQ(any_of(files, {"torch", "libmpi", "libnonolab_mpi_plugin"}), "");
}

TEST_F(Loaded, MissingImagePluginIsAClearError) {
    const std::string missing = tmp("no-such-plugin.so").string();
    ::setenv("NONOLAB_IMAGE_PLUGIN", missing.c_str(), 1);
    const RunResult png = run({"render", example("heart.non"), "--png", tmp("h.png").string()});
    const RunResult fig = run({"generate", "--figures", "2", "--size", "5", "-o", "-"});
    ::unsetenv("NONOLAB_IMAGE_PLUGIN");
    EXPECT_EXIT_CODE(png, 2);
    EXPECT_NE(png.err.find("cannot load the OpenCV image plugin " + missing), std::string::npos)
        << png.err;
    EXPECT_FALSE(fs::exists(tmp("h.png")));
    EXPECT_NE(fig.code, 0);
    EXPECT_NE(fig.err.find("cannot load the OpenCV image plugin " + missing), std::string::npos)
        << fig.err;
}

TEST_F(Loaded, MissingServePluginIsAClearError) {
    // (That `serve` does load it is checked in tests/serve, on a running server.)
    const std::string missing = tmp("no-such-plugin.so").string();
    ::setenv("NONOLAB_SERVE_PLUGIN", missing.c_str(), 1);
    const RunResult r = run({"serve", "--port", "0"});
    ::unsetenv("NONOLAB_SERVE_PLUGIN");
    EXPECT_EXIT_CODE(r, 2);
    EXPECT_NE(r.err.find("cannot load the HTTP server plugin " + missing), std::string::npos)
        << r.err;
}

TEST_F(Loaded, MissingMpiPluginIsAClearError) {
    const std::string missing = tmp("no-such-plugin.so").string();
    ::setenv("NONOLAB_MPI_PLUGIN", missing.c_str(), 1);
    const RunResult r = run({"experiment", example("cat.taai"), "-m", "exact", "--mpi"});
    ::unsetenv("NONOLAB_MPI_PLUGIN");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("cannot load the Open MPI plugin " + missing), std::string::npos) << r.err;
}

TEST_F(Loaded, NetworkMethodLoadsLibTorchThroughItsPlugin) {
#ifndef NONOLAB_HAVE_TORCH
    GTEST_SKIP() << "built without LibTorch";
#endif
    const std::string data = NONOLAB_SHARED_DIR "/benchmarks/dataset/nonodataset/10x10";
    if (!fs::exists(data)) GTEST_SKIP() << "no NonoDataset in ../shared";
    RunResult r;
    const std::set<std::string> files =
        loaded({"solve", "--method", "nehpfi", "--json", "nonodataset:10x10/test@1"}, &r);
    EXPECT_EQ(r.code, 0) << r.err.substr(0, 2000);
    EXPECT_NE(any_of(files, {"libnonolab_torch_plugin.so"}), "");
    EXPECT_NE(any_of(files, {"libtorch"}), "");
    // Debian's LibTorch itself needs OpenCV; our other plugins stay out.
    EXPECT_EQ(any_of(files, {"libnonolab_image_plugin", "libnonolab_mpi_plugin"}), "");
}

}  // namespace
}  // namespace nonolab
