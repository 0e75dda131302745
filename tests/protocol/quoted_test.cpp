// The quoting of user input in one-line error messages (engine/core/text.hpp).
#include <gtest/gtest.h>

#include <string>

#include "engine/core/text.hpp"

namespace damier {
namespace {

TEST(Quoted, ShortTextIsQuotedWhole) {
    EXPECT_EQ(damier::quoted(""), "''");
    EXPECT_EQ(damier::quoted("go think"), "'go think'");
    const std::string sixty(60, 'x');
    EXPECT_EQ(damier::quoted(sixty), "'" + sixty + "'");
}

TEST(Quoted, UnprintableCharactersAreShownAsQuestionMarks) {
    EXPECT_EQ(damier::quoted(std::string("a\tb\x01\xff", 5) + "c"), "'a?b??c'");
}

TEST(Quoted, LongTextKeepsItsStartAndItsEnd) {
    // A long path still names its file; a long protocol line still names its command.
    const std::string path = "/home/someone/" + std::string(100, 'd') + "/selfplay-gen13-seed46.pos";
    const std::string shown = damier::quoted(path);
    EXPECT_EQ(shown.size(), 2u + 20 + 3 + 40);
    EXPECT_EQ(shown.substr(0, 21), "'/home/someone/dddddd");
    EXPECT_EQ(shown.substr(21, 3), "...");
    EXPECT_NE(shown.find("selfplay-gen13-seed46.pos'"), std::string::npos) << shown;
    EXPECT_EQ(damier::quoted("pos pos=" + std::string(80, 'w')).substr(0, 9), "'pos pos=");
}

}  // namespace
}  // namespace damier
