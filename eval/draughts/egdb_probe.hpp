// What the search takes from the endgame databases: a score for a database
// position and the root moves that keep its value.
//
// The search probes positions with fewer pieces than its root (after a
// capture). A database win scores KnownWin (search/score.hpp) plus the evaluation, held
// within EgdbProgress: below mate scores, so a mate the search sees is preferred,
// and graded by the evaluation, so that among won positions the search heads for
// captures and promotions (more material), which is how a win is converted.
// The databases ignore the draw rules' counters; the search applies them before
// it probes (Searchable::drawn), so a win the counters would spoil is found
// drawn where the search reaches the limit.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "engine/draughts/movegen.hpp"
#include "engine/egdb/database.hpp"
#include "search/score.hpp"

namespace damier::eval::draughts {

inline constexpr search::Score EgdbProgress = 1000;

template <damier::draughts::RuleSet R>
using EgdbTables = std::shared_ptr<const egdb::Database<R>>;

// The score of p for its side to move, when p is in the databases and not over
// (a side without pieces is left to the search's own mate scores).
template <damier::draughts::RuleSet R>
std::optional<search::Score> egdb_score(const egdb::Database<R>& db,
                                        const damier::draughts::Position<typename R::board>& p, search::Score eval) {
    if (!p.mine() || !p.theirs()) return std::nullopt;
    const auto v = db.probe(p);
    if (!v) return std::nullopt;
    if (*v == egdb::Wdl::Draw) return 0;
    const search::Score progress = std::clamp(eval, -EgdbProgress, EgdbProgress);
    return (*v == egdb::Wdl::Win ? search::KnownWin : -search::KnownWin) + progress;
}

// Keeps the root moves that reach the best database value (a win kept, or a
// draw held); the list is unchanged when the root is not in the databases.
template <damier::draughts::RuleSet R>
void egdb_filter_root(const egdb::Database<R>& db, const damier::draughts::Position<typename R::board>& p,
                      damier::draughts::MoveList<typename R::board>& moves) {
    if (!db.probe(p) || moves.size() < 2) return;
    // The opponent's value after each move, ranked from our side: their loss first.
    auto rank = [&](const auto& m) {
        const auto v = db.probe(p.after(m));  // the last piece taken: their loss
        return !v ? 1 : *v == egdb::Wdl::Loss ? 0 : *v == egdb::Wdl::Draw ? 1 : 2;
    };
    std::vector<int> ranks;
    for (const auto& m : moves) ranks.push_back(rank(m));
    const int best = *std::min_element(ranks.begin(), ranks.end());
    std::size_t kept = 0;
    for (std::size_t i = 0; i < moves.size(); ++i)
        if (ranks[i] == best) moves[kept++] = moves[i];
    moves.truncate(kept);
}

}  // namespace damier::eval::draughts
