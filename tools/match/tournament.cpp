#include "tools/match/tournament.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "engine/core/text.hpp"
#include "protocol/hub_line.hpp"
#include "tools/match/pdn.hpp"
#include "tools/match/preflight.hpp"

namespace damier::match {

namespace {

std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) { interrupted.store(true); }

struct Task {
    int index = 0, set = 0, rotation = 0;
    const Opening* opening = nullptr;  // null: the start position
    std::vector<int> seat_engines;
};

// Every way to fill `seats` seats from the engines, each as a sorted list.
std::vector<std::vector<int>> pairings(int engines, int seats, bool gauntlet) {
    std::vector<std::vector<int>> out;
    const int first = gauntlet ? 1 : 0, needed = gauntlet ? seats - 1 : seats;
    const int pool = engines - first;
    if (pool < needed) {  // fewer engines than seats: they take turns filling them
        std::vector<int> p;
        if (gauntlet) p.push_back(0);
        for (int i = 0; static_cast<int>(p.size()) < seats; ++i) p.push_back(first + i % std::max(pool, 1));
        out.push_back(p);
        return out;
    }
    std::vector<bool> chosen(static_cast<std::size_t>(pool), false);
    std::fill(chosen.begin(), chosen.begin() + needed, true);
    do {
        std::vector<int> p;
        if (gauntlet) p.push_back(0);
        for (int i = 0; i < pool; ++i)
            if (chosen[static_cast<std::size_t>(i)]) p.push_back(first + i);
        out.push_back(p);
    } while (std::prev_permutation(chosen.begin(), chosen.end()));
    return out;
}

std::vector<Task> schedule(const MatchSettings& s) {
    std::vector<Task> tasks;
    const int seats = s.seats();
    const auto groups = pairings(static_cast<int>(s.engines.size()), seats, s.gauntlet);
    int set = 0, index = 0;
    for (int round = 0; round < s.rounds; ++round) {
        for (const auto& group : groups) {
            const Opening* opening =
                s.openings.empty() ? nullptr : &s.openings[static_cast<std::size_t>(set) % s.openings.size()];
            // Each engine of the group plays each seat once (a colour-swapped pair for two seats).
            for (int rotation = 0; rotation < seats; ++rotation) {
                Task t{index++, set, rotation, opening, {}};
                for (int seat = 0; seat < seats; ++seat)
                    t.seat_engines.push_back(group[static_cast<std::size_t>((seat + rotation) % seats)]);
                if (set % s.shard_count == s.shard_index) tasks.push_back(t);
            }
            ++set;
        }
    }
    return tasks;
}

std::vector<std::pair<std::string, std::string>> rule_params(const MatchSettings& s) {
    std::vector<std::pair<std::string, std::string>> rules{{"variant", s.variant}};
    if (!s.is_halma()) {
        if (s.nocapture) rules.emplace_back("nocapture", "true");
        return rules;
    }
    const auto& h = s.halma;
    auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
    rules.insert(rules.end(), {{"players", std::to_string(h.players)},
                               {"anti-blocking", flag(h.anti_blocking)},
                               {"play-to-end", flag(h.play_to_end)},
                               {"move-limit", std::to_string(h.move_limit)},
                               {"stagnation", std::to_string(h.stagnation)},
                               {"goal-lock", flag(h.goal_lock)},
                               {"swap", flag(h.swap)}});
    return rules;
}

std::string format_place(double p) {
    char text[16];
    std::snprintf(text, sizeof text, "%g", p);
    return text;
}

std::string today() {
    std::time_t now = std::time(nullptr);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", std::localtime(&now));
    return text;
}

// A finished game as the statistics need it (from this run or a journal).
struct Finished {
    int index = 0, set = 0, rotation = 0;
    std::vector<std::string> seat_names;
    std::vector<double> places;
    std::string reason;
};

std::string journal_line(const Finished& f) {
    std::string line = "game index=" + std::to_string(f.index) + " set=" + std::to_string(f.set) +
                       " rotation=" + std::to_string(f.rotation);
    std::string places;
    for (std::size_t i = 0; i < f.seat_names.size(); ++i) {
        line += " seat" + std::to_string(i + 1) + "=" + hub::format_value(f.seat_names[i]);
        places += (places.empty() ? "" : " ") + format_place(f.places[i]);
    }
    return line + " places=" + hub::format_value(places) + " reason=" + hub::format_value(f.reason);
}

Result<Finished> parse_journal_line(const std::string& text) {
    auto line = hub::parse_line(text);
    if (!line || line->command != "game") return failure<Finished>("not a journal line");
    Finished f;
    auto number = [&](const char* name) { return parse_uint(line->value(name).value_or("")); };
    auto index = number("index"), set = number("set"), rotation = number("rotation");
    if (!index || !set || !rotation) return failure<Finished>("journal line without index, set or rotation");
    f.index = static_cast<int>(*index);
    f.set = static_cast<int>(*set);
    f.rotation = static_cast<int>(*rotation);
    for (int seat = 1; auto name = line->value("seat" + std::to_string(seat)); ++seat) f.seat_names.push_back(*name);
    const std::string places = line->value("places").value_or("");
    for (auto p : split(places, " ")) {
        char* end = nullptr;
        std::string s(p);
        const double v = std::strtod(s.c_str(), &end);
        if (s.empty() || *end) return failure<Finished>("bad places in the journal");
        f.places.push_back(v);
    }
    if (f.places.size() != f.seat_names.size() || f.places.size() < 2)
        return failure<Finished>("places and seats differ in the journal");
    f.reason = line->value("reason").value_or("");
    return f;
}

// Standings of every engine; for a two-engine, two-seat match also W/D/L from
// the first engine's side, the pentanomial pairs, Elo, LOS and the SPRT.
class Standings {
public:
    Standings(std::vector<std::string> names, int seats, std::optional<SprtParameters> sprt)
        : names_(std::move(names)), head_to_head_(names_.size() == 2 && seats == 2), sprt_(sprt) {}

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
        if (auto it = pending_.find(f.set); it != pending_.end()) {
            paired_.add_pair(it->second, first);
            pending_.erase(it);
        } else {
            pending_[f.set] = first;
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

    void print_progress(std::ostream& out) const {
        if (head_to_head_) {
            out << "Score of " << names_[0] << " vs " << names_[1] << ": " << format_progress(results()) << '\n';
            if (auto s = sprt()) out << "SPRT: " << format_sprt(*s, *sprt_) << '\n';
        }
    }

    void print_table(std::ostream& out) const {
        out << "Rank  Engine                     Games  Avg place  Score\n";
        std::vector<std::pair<std::string, MultiPlayerRecord>> rows(table_.records().begin(), table_.records().end());
        std::sort(rows.begin(), rows.end(),
                  [](const auto& a, const auto& b) { return a.second.average_score() > b.second.average_score(); });
        int rank = 0;
        for (const auto& [name, r] : rows) {
            char line[160];
            std::snprintf(line, sizeof line, "%4d  %-25.25s %6llu  %9.3f  %5.1f%%\n", ++rank, name.c_str(),
                          static_cast<unsigned long long>(r.games), r.average_place(), 100 * r.average_score());
            out << line;
        }
        print_progress(out);
    }

    std::string json() const {
        std::ostringstream j;
        j << "{\"games\":" << games_ << ",\"engines\":[";
        bool first = true;
        for (const auto& [name, r] : table_.records()) {
            j << (first ? "" : ",") << "{\"name\":\"" << escaped(name) << "\",\"games\":" << r.games
              << ",\"average_place\":" << number(r.average_place()) << ",\"average_score\":" << number(r.average_score())
              << "}";
            first = false;
        }
        j << "]";
        if (head_to_head_) {
            const MatchResults r = results();
            const EloEstimate elo = trinomial_elo(r), pelo = pentanomial_elo(paired_.pairs);
            j << ",\"match\":{\"engine\":\"" << escaped(names_[0]) << "\",\"opponent\":\"" << escaped(names_[1])
              << "\",\"wins\":" << r.wins << ",\"draws\":" << r.draws << ",\"losses\":" << r.losses
              << ",\"pentanomial\":[";
            for (std::size_t i = 0; i < 5; ++i) j << (i ? "," : "") << paired_.pairs[i];
            j << "],\"elo\":" << number(elo.elo) << ",\"elo_margin\":" << number(elo.margin)
              << ",\"pentanomial_elo\":" << number(pelo.elo) << ",\"pentanomial_elo_margin\":" << number(pelo.margin)
              << ",\"los\":" << number(likelihood_of_superiority(r)) << ",\"draw_ratio\":" << number(draw_ratio(r));
            if (auto s = sprt()) {
                const char* decision = s->decision == SprtDecision::AcceptH1   ? "H1"
                                       : s->decision == SprtDecision::AcceptH0 ? "H0"
                                                                               : "continue";
                j << ",\"sprt\":{\"elo0\":" << sprt_->elo0 << ",\"elo1\":" << sprt_->elo1 << ",\"alpha\":" << sprt_->alpha
                  << ",\"beta\":" << sprt_->beta << ",\"llr\":" << number(s->llr) << ",\"lower\":" << number(s->lower)
                  << ",\"upper\":" << number(s->upper) << ",\"decision\":\"" << decision << "\"}";
            }
            j << "}";
        }
        j << "}\n";
        return j.str();
    }

private:
    static std::string number(double v) {
        if (!std::isfinite(v)) return "null";
        char text[32];
        std::snprintf(text, sizeof text, "%.6g", v);
        return text;
    }
    static std::string escaped(const std::string& s) {
        std::string out;
        for (char c : s) {
            if (c == '"' || c == '\\') out += '\\';
            if (static_cast<unsigned char>(c) >= 32) out += c;
        }
        return out;
    }

    std::vector<std::string> names_;
    bool head_to_head_;
    std::optional<SprtParameters> sprt_;
    int games_ = 0;
    MultiPlayerTable table_;
    MatchResults paired_;
    std::map<int, Outcome> pending_;
};

std::string pdn_text(const MatchSettings& s, const GameRecord& r) {
    PdnGame g;
    const auto& white = s.engines[static_cast<std::size_t>(r.seat_engines[0])].name;
    const auto& black = s.engines[static_cast<std::size_t>(r.seat_engines[1])].name;
    const int white_points = r.end.places[0] < 1.5 ? 2 : r.end.places[0] > 1.5 ? 0 : 1;
    g.tags = {{"Event", "damier-match"},
              {"Site", "?"},
              {"Date", today()},
              {"Round", std::to_string(r.set + 1) + "." + std::to_string(r.rotation + 1)},
              {"White", white},
              {"Black", black},
              {"Result", pdn_result(s.variant, white_points)},
              {"GameType", pdn_game_type(s.variant)},
              {"FEN", r.opening_text},
              {"Opening", r.opening_name},
              {"TimeControl", s.time.describe()},
              {"Termination", r.end.reason}};
    g.moves = r.moves;
    g.comments = r.comments;
    g.result = pdn_result(s.variant, white_points);
    g.black_moves_first_in_fen = r.opening_mid_move;
    return write_pdn(g);
}

// A Chinese checkers game record: PDN-like tags, then the moves with comments.
std::string halma_record_text(const MatchSettings& s, const GameRecord& r, const halma::Rules& rules) {
    std::string seats, result;
    for (std::size_t i = 0; i < r.seat_engines.size(); ++i) {
        const std::string camp = std::to_string(rules.seat(static_cast<int>(i)) + 1);
        seats += (i ? " " : "") + camp + ":" + s.engines[static_cast<std::size_t>(r.seat_engines[i])].name;
        result += (i ? " " : "") + camp + ":" + format_place(r.end.places[i]);
    }
    std::string text = "[Game \"" + std::to_string(r.index + 1) + "\"]\n[Variant \"" + s.variant + "\"]\n[Players \"" +
                       std::to_string(s.halma.players) + "\"]\n[Seats \"" + seats + "\"]\n[Opening \"" + r.opening_text +
                       "\"]\n[Places \"" + result + "\"]\n[Termination \"" + r.end.reason + "\"]\n";
    std::string line;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        std::string token = r.moves[i] + " {" + r.comments[i] + "}";
        if (line.size() + token.size() > 78) {
            text += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + token;
    }
    return text + line + "\n\n";
}

}  // namespace

int run_tournament(const MatchSettings& s, std::ostream& out, std::ostream& err) {
    // Everything that can be known to fail is refused before the first game.
    auto refuse = [&](const std::string& why) {
        err << "damier-match: " << why << '\n' << std::flush;
        return 2;
    };
    if (auto error = check_settings(s); !error.empty()) return refuse(error);
    std::optional<halma::Rules> halma_rules;
    if (s.is_halma()) {
        auto r = halma::Rules::make(s.halma);
        if (!r) return refuse(r.error());
        halma_rules = *r;
    }
    std::ofstream pdn, record, journal, json;
    for (auto error : {open_output(pdn, s.pdn_path, "--pdn"), open_output(record, s.record_path, "--record"),
                       open_output(journal, s.journal_path, "--journal"), open_output(json, s.json_path, "--json")})
        if (!error.empty()) return refuse(error);
    json.close();  // written whole at the end
    const auto rules = rule_params(s);
    if (auto error = check_engines(s.engines, rules); !error.empty()) return refuse(error);

    std::vector<std::string> names;
    for (const auto& e : s.engines) names.push_back(e.name);
    Standings standings(names, s.seats(), s.sprt);
    std::vector<Task> tasks = schedule(s);
    std::set<int> done;
    if (s.resume) {
        std::ifstream in(s.journal_path);
        std::string text;
        while (std::getline(in, text)) {
            if (auto f = parse_journal_line(text)) {
                if (done.insert(f->index).second) standings.add(*f);
            }
        }
        out << "Resumed: " << done.size() << " games already in " << s.journal_path << '\n';
    }
    if (s.game_limit > 0 && tasks.size() > static_cast<std::size_t>(s.game_limit))
        tasks.resize(static_cast<std::size_t>(s.game_limit));
    std::erase_if(tasks, [&](const Task& t) { return done.count(t.index) > 0; });
    const std::size_t total = tasks.size() + done.size();
    out << "Playing " << tasks.size() << " games (" << s.variant << ", " << s.time.describe() << ", concurrency "
        << s.concurrency << ")\n";

    interrupted.store(false);
    std::signal(SIGINT, on_interrupt);
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<GameRecord> finished;
    std::size_t next = 0;
    int workers_left = std::max(1, std::min<int>(s.concurrency, static_cast<int>(tasks.size())));
    bool stop = false;

    auto worker = [&] {
        std::map<int, std::unique_ptr<HubEngine>> engines;  // this worker's processes
        for (;;) {
            Task task;
            {
                std::lock_guard lock(mutex);
                if (stop || interrupted.load() || next >= tasks.size()) break;
                task = tasks[next++];
            }
            GameRecord r;
            r.index = task.index;
            r.set = task.set;
            r.rotation = task.rotation;
            r.seat_engines = task.seat_engines;
            r.opening_name = task.opening ? task.opening->name : "start";
            const std::string position = task.opening ? task.opening->position : "";
            auto referee = s.is_halma() ? make_halma_referee(s.halma, position)
                                        : make_draughts_referee(s.variant, s.nocapture, position);
            if (!referee) {
                r.end = GameEnd{std::vector<double>(task.seat_engines.size(), 1.5), "bad opening: " + referee.error()};
            } else {
                std::vector<HubEngine*> seats;
                for (int e : task.seat_engines) {
                    auto& slot = engines[e];
                    if (!slot) slot = std::make_unique<HubEngine>(s.engines[static_cast<std::size_t>(e)]);
                    seats.push_back(slot.get());
                }
                for (auto& [e, engine] : engines)
                    if (engine->running() && !engine->new_game(std::chrono::seconds(5)).empty()) engine->quit();
                GameSetup setup{&s.time, &s.adjudication, s.max_plies, rules, {}};
                if (s.show_boards)
                    setup.on_move = [&](const Referee& ref, const std::string& move) {
                        std::lock_guard lock(mutex);
                        out << "\n" << ref.plies() << ". " << move << "\n" << ref.diagram() << std::flush;
                    };
                play_game(**referee, seats, setup, r);
            }
            std::lock_guard lock(mutex);
            finished.push_back(std::move(r));
            wake.notify_all();
        }
        for (auto& [e, engine] : engines) engine->quit();
        std::lock_guard lock(mutex);
        --workers_left;
        wake.notify_all();
    };
    std::vector<std::jthread> pool;
    const int worker_count = workers_left;
    for (int i = 0; i < worker_count; ++i) pool.emplace_back(worker);

    std::unique_lock lock(mutex);
    for (;;) {
        wake.wait(lock, [&] { return !finished.empty() || workers_left == 0; });
        if (finished.empty() && workers_left == 0) break;
        GameRecord r = std::move(finished.front());
        finished.pop_front();
        Finished f{r.index, r.set, r.rotation, {}, r.end.places, r.end.reason};
        for (int e : r.seat_engines) f.seat_names.push_back(s.engines[static_cast<std::size_t>(e)].name);
        standings.add(f);
        std::string who, places;
        for (std::size_t i = 0; i < f.seat_names.size(); ++i) {
            who += (i ? " vs " : "") + f.seat_names[i];
            places += (i ? "-" : "") + format_place(f.places[i]);
        }
        // Draughts games read as a result; Chinese checkers games as the seats' places.
        std::string outcome = "places " + places;
        if (!halma_rules)
            outcome = f.places[0] == f.places[1] ? "draw" : f.seat_names[f.places[0] < f.places[1] ? 0 : 1] + " wins";
        out << "Game " << standings.games() << " of " << total << " (" << who << ", opening " << r.opening_name
            << "): " << outcome << " (" << r.end.reason << ")\n";
        for (const auto& fault : r.faults) out << "  fault: " << fault << '\n';
        if (journal.is_open()) journal << journal_line(f) << '\n' << std::flush;
        if (pdn.is_open()) pdn << pdn_text(s, r) << std::flush;
        if (record.is_open()) record << halma_record_text(s, r, *halma_rules) << std::flush;
        if (standings.games() % 10 == 0 || workers_left == 0) standings.print_progress(out);
        if (auto decision = standings.sprt(); decision && decision->decision != SprtDecision::Continue && !stop) {
            out << "SPRT decided: " << (decision->decision == SprtDecision::AcceptH1 ? "H1 accepted" : "H0 accepted")
                << "; finishing the games in progress\n";
            stop = true;
        }
        out << std::flush;
    }
    lock.unlock();
    pool.clear();
    if (interrupted.load()) out << "Interrupted: the journal lets --resume finish the run\n";
    out << "\nFinal standings after " << standings.games() << " games\n";
    standings.print_table(out);
    if (!s.json_path.empty()) {
        std::ofstream summary(s.json_path);
        summary << standings.json();
        if (!summary.flush()) return refuse("writing " + s.json_path + " failed");
    }
    for (auto [file, path] : {std::pair{&pdn, &s.pdn_path}, {&record, &s.record_path}, {&journal, &s.journal_path}})
        if (file->is_open() && !file->flush()) return refuse("writing " + *path + " failed: some games are missing");
    return 0;
}

int merge_journals(const std::vector<std::string>& paths, const std::optional<SprtParameters>& sprt, std::ostream& out) {
    std::vector<Finished> games;
    std::vector<std::string> names;
    int seats = 2;
    for (const auto& path : paths) {
        std::ifstream in(path);
        if (!in) {
            out << "error: cannot read " << path << '\n';
            return 2;
        }
        std::string text;
        while (std::getline(in, text)) {
            auto f = parse_journal_line(text);
            if (!f) continue;
            seats = static_cast<int>(f->seat_names.size());
            games.push_back(*f);
        }
    }
    // The same game in two journals (a resumed shard) counts once. The engines in
    // the order of the schedule's first game: the first is the one the match is about.
    std::sort(games.begin(), games.end(), [](const Finished& a, const Finished& b) { return a.index < b.index; });
    games.erase(std::unique(games.begin(), games.end(), [](const Finished& a, const Finished& b) { return a.index == b.index; }),
                games.end());
    for (const auto& g : games)
        for (const auto& n : g.seat_names)
            if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    Standings standings(names, seats, sprt);
    for (const auto& g : games) standings.add(g);
    out << "Merged " << games.size() << " games from " << paths.size() << " journals\n";
    standings.print_table(out);
    return games.empty() ? 2 : 0;
}

}  // namespace damier::match
