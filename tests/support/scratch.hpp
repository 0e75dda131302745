// Scratch files and folders of a test, under GoogleTest's temporary folder: a fresh
// path per test and name, removed when the test passes and kept when it fails, so
// that repeated runs do not fill the temporary folder and a failure can be looked at.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace damier::test {

namespace scratch_detail {

inline std::vector<std::filesystem::path>& paths() {
    static std::vector<std::filesystem::path> made;
    return made;
}

class Cleaner : public ::testing::EmptyTestEventListener {
    void OnTestEnd(const ::testing::TestInfo& info) override {
        if (info.result()->Passed())
            for (const auto& path : paths()) {
                std::error_code ignored;
                std::filesystem::remove_all(path, ignored);
            }
        paths().clear();
    }
};

// One cleaner per test program, whichever test file includes this first.
inline const bool cleaner_installed = [] {
    ::testing::UnitTest::GetInstance()->listeners().Append(new Cleaner);
    return true;
}();

}  // namespace scratch_detail

// TempDir/<suite>_<pid>_<test>_<name>, nothing there yet.
inline std::string scratch_path(const std::string& name) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const auto path = std::filesystem::path(::testing::TempDir()) /
                      (std::string(info->test_suite_name()) + "_" + std::to_string(::getpid()) + "_" + info->name() +
                       "_" + name);
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
    scratch_detail::paths().push_back(path);
    return path.string();
}

}  // namespace damier::test
