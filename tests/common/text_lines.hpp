// Splits multi-line text output (board diagrams) into lines for assertions.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace damier::testing_support {

// The lines of `text`, which must end with a newline.
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
        lines.push_back(text.substr(start, end - start));
    EXPECT_EQ(start, text.size()) << "the text must end with a newline";
    return lines;
}

}  // namespace damier::testing_support
