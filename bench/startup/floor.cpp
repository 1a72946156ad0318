// The floor for one process on this machine (bench/startup/startup.py): the
// smallest C++ program that prints a line through iostream, linked like
// nonolab (libstdc++ statically). Nothing a C++ command-line program does
// can cost less than this.
#include <iostream>

int main() {
    std::cout << "floor\n";
}
