// A real `nonolab serve --port 0` for the HTTP tests: started as a child
// process on a free loopback port (read back from its "listening on" line),
// stopped with SIGTERM, and its memory read from /proc.
#pragma once

#include <gtest/gtest.h>
#include <httplib.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <regex>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace nonolab::serve_test {

class ServerProcess {
  public:
    /// `env`: "NAME=VALUE" pairs added to the server's environment.
    explicit ServerProcess(std::vector<std::string> flags, std::vector<std::string> env = {}) {
        std::vector<std::string> args = {NONOLAB_BINARY, "serve", "--port", "0"};
        args.insert(args.end(), flags.begin(), flags.end());
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        int fds[2];
        if (::pipe(fds) != 0) throw std::runtime_error("pipe");
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
        posix_spawn_file_actions_addclose(&actions, fds[0]);
        std::vector<char*> envp;
        for (auto& e : env) envp.push_back(e.data());
        for (char** e = environ; *e; ++e) envp.push_back(*e);
        envp.push_back(nullptr);
        if (posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), envp.data()) != 0)
            throw std::runtime_error("cannot start " + args[0]);
        posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        err_ = fds[0];
        const std::regex listening(R"(listening on http://127\.0\.0\.1:(\d+))");
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (std::chrono::steady_clock::now() < until) {
            std::smatch m;
            if (std::regex_search(stderr_, m, listening)) {
                port_ = std::stoi(m[1]);
                return;
            }
            if (!read_some(200)) break;
        }
        throw std::runtime_error("the server did not say where it listens: " + stderr_);
    }
    ~ServerProcess() {
        if (pid_ > 0) stop();
        if (err_ >= 0) ::close(err_);
    }

    int port() const { return port_; }
    httplib::Client client(int read_timeout = 60) const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(read_timeout, 0);
        c.set_connection_timeout(5, 0);
        return c;
    }

    /// Resident memory of the server in KiB (VmRSS).
    long rss_kib() const {
        std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
        std::string line;
        while (std::getline(in, line))
            if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
        return -1;
    }

    bool alive() const { return pid_ > 0 && ::waitpid(pid_, nullptr, WNOHANG) == 0; }

    /// SIGTERM, then its exit code (-1 when it had to be killed after 20 s).
    int stop() {
        ::kill(pid_, SIGTERM);
        int status = 0;
        for (int i = 0; i < 200; ++i) {
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                while (read_some(10)) {
                }
                return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
        return -1;
    }

    const std::string& stderr_text() const { return stderr_; }

  private:
    bool read_some(int ms) {
        pollfd p{err_, POLLIN, 0};
        if (::poll(&p, 1, ms) <= 0) return true;  // nothing yet
        char buf[4096];
        const ssize_t n = ::read(err_, buf, sizeof buf);
        if (n <= 0) return false;
        stderr_.append(buf, static_cast<std::size_t>(n));
        return true;
    }

    pid_t pid_ = -1;
    int err_ = -1;
    int port_ = 0;
    std::string stderr_;
};

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

inline std::string example_text(const std::string& name) {
    return read_text(std::string(NONOLAB_SOURCE_DIR) + "/examples/" + name);
}

}  // namespace nonolab::serve_test
