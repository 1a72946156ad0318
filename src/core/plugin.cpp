#include "core/plugin.hpp"

#include <dlfcn.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace nonolab {

namespace {

namespace fs = std::filesystem;

/// The folder of the shared object (or executable) that holds this function.
fs::path folder_of_this_code() {
    Dl_info info{};
    if (!dladdr(reinterpret_cast<void*>(&folder_of_this_code), &info) || !info.dli_fname) return {};
    const fs::path p(info.dli_fname);
    return p.has_parent_path() && p.is_absolute() ? p.parent_path() : fs::path{};
}

void add_unique(std::vector<std::string>& out, const fs::path& dir, const std::string& file) {
    if (dir.empty()) return;
    const std::string p = (dir / file).string();
    for (const auto& q : out)
        if (q == p) return;
    out.push_back(p);
}

}  // namespace

PluginSpec nonolab_plugin(const std::string& part, std::string what, const std::string& packages) {
    std::string upper = part;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return {
        "libnonolab_" + part + "_plugin.so", "NONOLAB_" + upper + "_PLUGIN",
        "nonolab_" + part + "_plugin_api", std::move(what),
        "`bash scripts/setup.sh --with " + part + "` (which installs Debian's " + packages + ")"};
}

std::vector<std::string> plugin_candidates(const PluginSpec& spec) {
    if (const char* env = std::getenv(spec.env.c_str()); env && *env) return {env};
    std::vector<std::string> out;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) add_unique(out, exe.parent_path(), spec.file);
    add_unique(out, folder_of_this_code(), spec.file);
#ifdef NONOLAB_PLUGIN_BUILD_DIR
    add_unique(out, NONOLAB_PLUGIN_BUILD_DIR, spec.file);
#endif
    return out;
}

void* load_plugin_entry(const PluginSpec& spec) {
    const std::vector<std::string> paths = plugin_candidates(spec);
    std::string tried;
    for (const auto& path : paths) {
        tried += (tried.empty() ? "" : ", ") + path;
        std::error_code ec;
        if (!fs::exists(path, ec)) continue;  // the loader's "not found" says less than this
        // RTLD_LOCAL: a plugin's own copy of the nonolab library stays its own.
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle)  // found but broken: say why rather than look further
            throw std::runtime_error("cannot load " + spec.what + " " + path + ": " + dlerror() +
                                     " (rebuild nonolab, or set " + spec.env + ")");
        void* entry = dlsym(handle, spec.entry.c_str());
        if (!entry)
            throw std::runtime_error(path + " is not " + spec.what + " (it has no " + spec.entry +
                                     ")");
        return entry;
    }
    const std::string where =
        paths.size() == 1 ? paths[0] + ": no such file" : spec.file + ": not found in " + tried;
    throw std::runtime_error("cannot load " + spec.what + " " + where + ". It is built by " +
                             spec.build + "; set " + spec.env + " to its path if it was moved");
}

std::string plugin_version_error(const PluginSpec& spec, int found, int expected) {
    return spec.file + " was built from another nonolab version (plugin ABI " +
           std::to_string(found) + ", expected " + std::to_string(expected) +
           "); rebuild nonolab, or set " + spec.env + " to the matching plugin";
}

}  // namespace nonolab
