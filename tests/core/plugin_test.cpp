// core/plugin: the naming convention of nonolab's plugins, written once in
// nonolab_plugin(), must match the build (the targets CMake makes) and the
// set-up script (the parts `scripts/setup.sh --with` knows), or a missing
// plugin's message would send the user to a file or a command that does
// not exist.
#include "core/plugin.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace nonolab {
namespace {

std::string source_file(const std::string& relative) {
    std::ifstream in(std::string(NONOLAB_SOURCE_DIR) + "/" + relative);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(Plugin, SpecFollowsTheNamingConvention) {
    const PluginSpec s = nonolab_plugin("mpi", "the Open MPI plugin", "libopenmpi-dev");
    EXPECT_EQ(s.file, "libnonolab_mpi_plugin.so");
    EXPECT_EQ(s.env, "NONOLAB_MPI_PLUGIN");
    EXPECT_EQ(s.entry, "nonolab_mpi_plugin_api");
    EXPECT_EQ(s.what, "the Open MPI plugin");
    EXPECT_EQ(s.build,
              "`bash scripts/setup.sh --with mpi` (which installs Debian's libopenmpi-dev)");
}

TEST(Plugin, EveryPartIsATargetAndASetUpPart) {
    const std::string cmake =
        source_file("src/CMakeLists.txt") + source_file("apps/CMakeLists.txt");
    // The parts `scripts/setup.sh --with` takes: its line all_parts=(a b ...).
    const std::string script = source_file("scripts/setup.sh");
    const std::size_t at = script.find("all_parts=(");
    ASSERT_NE(at, std::string::npos);
    const std::string setup = " " + script.substr(at + 11, script.find(')', at) - at - 11) + " ";
    ASSERT_FALSE(cmake.empty());
    ASSERT_FALSE(setup.empty());
    for (const std::string part : {"image", "mpi", "serve", "torch"}) {
        const PluginSpec s = nonolab_plugin(part, "x", "y");
        // The target nonolab_PART_plugin builds libnonolab_PART_plugin.so.
        EXPECT_NE(cmake.find("add_library(" + s.file.substr(3, s.file.size() - 6) + " MODULE"),
                  std::string::npos)
            << s.file;
        EXPECT_NE(s.build.find("--with " + part + "`"), std::string::npos);
        EXPECT_NE(setup.find(" " + part + " "), std::string::npos) << part << " in" << setup;
    }
}

TEST(Plugin, MissingPluginMessageNamesTheFileTheVariableAndTheCommand) {
    PluginSpec s = nonolab_plugin("image", "the OpenCV image plugin", "libopencv-dev");
    s.env = "NONOLAB_TEST_NO_SUCH_PLUGIN";
    ::setenv(s.env.c_str(), "/nonexistent/libnonolab_image_plugin.so", 1);
    try {
        load_plugin_entry(s);
        ADD_FAILURE() << "loaded a plugin that does not exist";
    } catch (const std::runtime_error& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("cannot load the OpenCV image plugin /nonexistent/"), std::string::npos)
            << m;
        EXPECT_NE(m.find("scripts/setup.sh --with image"), std::string::npos) << m;
        EXPECT_NE(m.find("NONOLAB_TEST_NO_SUCH_PLUGIN"), std::string::npos) << m;
    }
    ::unsetenv(s.env.c_str());
}

}  // namespace
}  // namespace nonolab
