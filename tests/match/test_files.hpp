// Files of the match runner's tests: a fresh path per test and name (the runner
// appends to its files), and a file's whole text.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace damier::match::test {

inline std::string temp_file(const std::string& name) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string path = ::testing::TempDir() + "/" + info->test_suite_name() + "_" + std::to_string(::getpid()) +
                             "_" + info->name() + "_" + name;
    std::filesystem::remove(path);
    return path;
}

inline std::string file_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace damier::match::test
