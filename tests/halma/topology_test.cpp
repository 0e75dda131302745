// The board numbering and camps are a fixed interface: checked cell by cell
// against the table of the rules page.
#include <gtest/gtest.h>

#include <vector>

#include "engine/halma/topology.hpp"

using namespace damier;
using namespace damier::halma;

namespace {

std::vector<int> cells_of(u128 set) {
    std::vector<int> out;
    while (set) out.push_back(pop_lowest(set) + 1);
    return out;
}

}  // namespace

TEST(halma_topology, RowLengths) {
    std::vector<int> lengths(17, 0);
    for (int c = 0; c < CellCount; ++c) ++lengths[static_cast<std::size_t>(topology.r[c] + 8)];
    EXPECT_EQ(lengths, (std::vector<int>{1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1}));
    EXPECT_EQ(popcount(topology.hexagon), 61);
    EXPECT_EQ(popcount(topology.all), 121);
}

TEST(halma_topology, CampsMatchTheRulesPage) {
    EXPECT_EQ(cells_of(topology.point[0]), (std::vector<int>{112, 113, 114, 115, 116, 117, 118, 119, 120, 121}));
    EXPECT_EQ(cells_of(topology.point[1]), (std::vector<int>{66, 76, 77, 87, 88, 89, 99, 100, 101, 102}));
    EXPECT_EQ(cells_of(topology.point[2]), (std::vector<int>{11, 12, 13, 14, 24, 25, 26, 36, 37, 47}));
    EXPECT_EQ(cells_of(topology.point[3]), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
    EXPECT_EQ(cells_of(topology.point[4]), (std::vector<int>{20, 21, 22, 23, 33, 34, 35, 45, 46, 56}));
    EXPECT_EQ(cells_of(topology.point[5]), (std::vector<int>{75, 85, 86, 96, 97, 98, 108, 109, 110, 111}));
    std::vector<int> tips;
    for (int t : topology.tip) tips.push_back(t + 1);
    EXPECT_EQ(tips, (std::vector<int>{121, 99, 11, 1, 23, 111}));
}

TEST(halma_topology, DiamondCampsAddTheHexagonEdge) {
    EXPECT_EQ(cells_of(topology.diamond[3]), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 16, 17, 18, 19}));
    for (int camp = 0; camp < CampCount; ++camp) {
        EXPECT_EQ(popcount(topology.diamond[camp]), 15);
        // Neighbouring camps share exactly one hexagon corner.
        EXPECT_EQ(popcount(topology.diamond[camp] & topology.diamond[(camp + 1) % 6]), 1);
        EXPECT_EQ(topology.diamond[camp] & topology.diamond[(camp + 2) % 6], u128{0});
    }
}

TEST(halma_topology, NeighboursOfSomeCells) {
    EXPECT_EQ(cells_of(topology.neighbours[0]), (std::vector<int>{2, 3}));
    EXPECT_EQ(cells_of(topology.neighbours[60]), (std::vector<int>{51, 52, 60, 62, 70, 71}));
    EXPECT_EQ(cells_of(topology.neighbours[10]), (std::vector<int>{12, 24}));
    EXPECT_EQ(cells_of(topology.neighbours[14]), (std::vector<int>{7, 14, 16, 27, 28}));
    // Tip to tip of neighbouring camps goes round through the hexagon.
    EXPECT_EQ(topology.distance[0][10], 8);
    EXPECT_EQ(topology.distance[0][120], 16);
}
