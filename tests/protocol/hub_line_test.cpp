// The Hub line reader and writer, and the parameter table, without a process.
#include <gtest/gtest.h>

#include <sstream>

#include "protocol/hub_line.hpp"
#include "protocol/hub_options.hpp"

namespace damier::hub {
namespace {

TEST(HubLine, SplitsCommandPairsQuotesAndFlags) {
    auto line = parse_line("  pos   pos=Wbbe moves=\"32-28 19-23\"\tstart  empty=\"\" ");
    ASSERT_TRUE(line) << line.error();
    EXPECT_EQ(line->command, "pos");
    ASSERT_EQ(line->pairs.size(), 4u);
    EXPECT_EQ(line->value("pos"), "Wbbe");
    EXPECT_EQ(line->value("moves"), "32-28 19-23");
    EXPECT_TRUE(line->has("start"));
    EXPECT_EQ(line->value("start"), "");
    EXPECT_EQ(line->value("empty"), "");
    EXPECT_FALSE(line->has("level"));
}

TEST(HubLine, TheLastOfARepeatedNameCounts) {
    auto line = parse_line("level depth=3 depth=5");
    ASSERT_TRUE(line);
    EXPECT_EQ(line->value("depth"), "5");
}

TEST(HubLine, RefusesMalformedLinesWithOneLineErrors) {
    for (const char* bad : {"", "   ", "=x", "\"go\"", "pos=W", "go =think", "pos moves=\"32-28", "set-param name=\"a\"b",
                            "go\x01think", "level depth=3=4"}) {
        auto line = parse_line(bad);
        EXPECT_FALSE(line) << "accepted: " << bad;
        if (!line) {
            EXPECT_FALSE(line.error().empty());
            EXPECT_EQ(line.error().find('\n'), std::string::npos);
        }
    }
}

TEST(HubLine, FormatsValuesWithTheQuotingTheSpecAsks) {
    EXPECT_EQ(format_value("32-28"), "32-28");
    EXPECT_EQ(format_value(""), "\"\"");
    EXPECT_EQ(format_value("32-28 19-23"), "\"32-28 19-23\"");
    EXPECT_EQ(format_value("a=b"), "\"a=b\"");
    EXPECT_EQ(format_value("say \"hi\""), "\"say 'hi'\"");
    EXPECT_EQ(error_line("bad \"thing\"\nhere"), "error message=\"bad 'thing' here\"");
    EXPECT_LT(error_line(std::string(5000, 'x')).size(), 400u);
}

TEST(HubLine, ReadsLinesStripsCarriageReturnsAndSkipsOverlongLines) {
    std::istringstream in("hub\r\n" + std::string(100, 'x') + "\nping\nlast");
    std::string line;
    EXPECT_EQ(read_line(in, line, 50), ReadStatus::Line);
    EXPECT_EQ(line, "hub");
    EXPECT_EQ(read_line(in, line, 50), ReadStatus::TooLong);
    EXPECT_EQ(read_line(in, line, 50), ReadStatus::Line);
    EXPECT_EQ(line, "ping");
    EXPECT_EQ(read_line(in, line, 50), ReadStatus::Line);
    EXPECT_EQ(line, "last");
    EXPECT_EQ(read_line(in, line, 50), ReadStatus::End);
}

TEST(HubOptions, ParamLinesDeclareEveryOptionWithItsType) {
    Options options;
    auto lines = options.param_lines();
    ASSERT_EQ(lines.size(), Options::specs().size());
    EXPECT_EQ(lines[0],
              "param name=variant value=international type=enum values=\"international brazilian canadian russian "
              "czech american spanish italian chinese diamond\"");
    bool hash = false, log = false;
    for (const auto& l : lines) {
        auto parsed = parse_line(l);
        ASSERT_TRUE(parsed) << l;
        EXPECT_EQ(parsed->command, "param");
        hash = hash || l == "param name=hash value=64 type=int min=1 max=65536";
        log = log || l == "param name=log-file value=\"\" type=string";
    }
    EXPECT_TRUE(hash);
    EXPECT_TRUE(log);
}

TEST(HubOptions, ChecksAndNormalisesValues) {
    Options options;
    EXPECT_EQ(options.set("variant", "Normal"), "");
    EXPECT_EQ(options.text("variant"), "international");
    EXPECT_EQ(options.set("variant", "english"), "");
    EXPECT_EQ(options.text("variant"), "american");
    EXPECT_EQ(options.set("variant", "checkers"), "");
    EXPECT_EQ(options.text("variant"), "american");
    EXPECT_EQ(options.set("variant", "standard"), "");
    EXPECT_EQ(options.text("variant"), "international");
    EXPECT_NE(options.set("variant", "frisian"), "");
    EXPECT_NE(options.set("variant", "chinese diamond"), "");
    EXPECT_EQ(options.text("variant"), "international");

    EXPECT_EQ(options.set("ponder", "1"), "");
    EXPECT_TRUE(options.flag("ponder"));
    EXPECT_EQ(options.set("ponder", "off"), "");
    EXPECT_FALSE(options.flag("ponder"));
    EXPECT_NE(options.set("ponder", "maybe"), "");

    EXPECT_EQ(options.set("threads", "4"), "");
    EXPECT_EQ(options.integer("threads"), 4);
    for (const char* bad : {"0", "257", "-1", "2.5", "", "99999999999999999999999"})
        EXPECT_NE(options.set("threads", bad), "") << bad;
    EXPECT_EQ(options.integer("threads"), 4);

    EXPECT_NE(options.set("no-such-option", "1"), "");
    EXPECT_EQ(options.set("log-file", "some file.log"), "");
    EXPECT_EQ(options.text("log-file"), "some file.log");
}

}  // namespace
}  // namespace damier::hub
