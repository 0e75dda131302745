// Standings of a tournament: every engine's games, average place and score; for
// a match of two engines in two-seat games also W/D/L from the first engine's
// side, the pentanomial pairs, Elo, LOS and the SPRT; as console text and JSON.
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "tools/match/journal.hpp"
#include "tools/match/stats.hpp"

namespace damier::match {

// Standings of every engine; for a two-engine, two-seat match also W/D/L from
// the first engine's side, the pentanomial pairs, Elo, LOS and the SPRT.
class Standings {
public:
    Standings(std::vector<std::string> names, int seats, std::optional<SprtParameters> sprt)
        : names_(std::move(names)), seats_(seats), head_to_head_(names_.size() == 2 && seats == 2), sprt_(sprt) {}

    void add(const Finished& f) {
        ++games_;
        std::vector<SeatPlace> seats;
        for (std::size_t i = 0; i < f.seat_names.size(); ++i) seats.push_back({f.seat_names[i], f.places[i]});
        table_.add_game(seats);
        if (!head_to_head_) return;
        Outcome first{};
        bool found = false;
        for (std::size_t i = 0; i < f.seat_names.size(); ++i)
            if (f.seat_names[i] == names_[0]) {
                first = f.places[i] < 1.5 ? Outcome::Win : f.places[i] > 1.5 ? Outcome::Loss : Outcome::Draw;
                found = true;
            }
        if (!found) return;
        // A pair is the two games of one opening set in one run (shards and repeats
        // of a run have their own ids, so their sets never pair across runs).
        const std::pair<std::string, int> key{f.run, f.set};
        if (auto it = pending_.find(key); it != pending_.end()) {
            paired_.add_pair(it->second, first);
            pending_.erase(it);
        } else {
            pending_[key] = first;
        }
    }

    int games() const { return games_; }
    MatchResults results() const {
        MatchResults r = paired_;
        for (const auto& [set, outcome] : pending_) r.add_game(outcome);
        return r;
    }
    std::optional<SprtResult> sprt() const {
        if (!head_to_head_ || !sprt_) return std::nullopt;
        return match::sprt(paired_.pairs, *sprt_);
    }

    // The match line, the pentanomial counts and the SPRT (two engines, two seats).
    void print_progress(std::ostream& out) const;

    // The table of every engine, best score first, then the match line.
    void print_table(std::ostream& out) const;
    // The summary for --json.
    std::string json() const;

private:
    std::vector<std::string> names_;
    int seats_;
    bool head_to_head_;
    std::optional<SprtParameters> sprt_;
    int games_ = 0;
    MultiPlayerTable table_;
    MatchResults paired_;
    std::map<std::pair<std::string, int>, Outcome> pending_;  // (run, set): the first game of a pair
};

// What each engine spent: its moves and their time, its games and their length,
// for the table at the end of a run.
class EngineUse {
public:
    void add(const std::string& engine, int moves, double seconds, int plies);
    void print(std::ostream& out) const;

private:
    struct Use {
        std::uint64_t games = 0, moves = 0, plies = 0;
        double seconds = 0;
    };
    std::map<std::string, Use> use_;
};

// Seconds as h:mm:ss.
std::string clock_text(double seconds);

}  // namespace damier::match
