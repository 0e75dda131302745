#include "tools/match/tournament.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <filesystem>
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
#include "tools/match/journal.hpp"
#include "tools/match/live.hpp"
#include "tools/match/preflight.hpp"
#include "tools/match/records.hpp"
#include "tools/match/schedule.hpp"
#include "tools/match/standings.hpp"

namespace damier::match {

namespace {

std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) { interrupted.store(true); }

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
    // The journal: a run line first. An existing journal is continued only with
    // --resume and only when it is the journal of this same run.
    RunFields run = run_fields(s, new_run_id());
    std::vector<Finished> earlier;
    bool journal_has_run = false;
    if (!s.journal_path.empty()) {
        std::error_code size_error;
        const auto size = std::filesystem::file_size(s.journal_path, size_error);
        if (!size_error && size > 0) {
            if (!s.resume)
                return refuse(s.journal_path + " already holds a run: --resume continues it, or give another --journal");
            auto j = read_journal(s.journal_path);
            if (!j) return refuse("--resume: " + j.error());
            if (auto d = run_difference(j->run, run, true); !d.empty())
                return refuse("--resume: " + s.journal_path + " is the journal of another run (" + d + ")");
            run = j->run;  // the same run goes on under its id
            earlier = j->games;
            if (j->torn) {  // the game being written when the run stopped: played again
                std::filesystem::resize_file(s.journal_path, j->intact_size, size_error);
                if (size_error) return refuse("--resume: cannot cut the torn last line of " + s.journal_path);
            }
            journal_has_run = true;
        }
    }
    std::ofstream pdn, record, journal, json;
    for (auto error : {open_output(pdn, s.pdn_path, "--pdn"), open_output(record, s.record_path, "--record"),
                       open_output(journal, s.journal_path, "--journal"), open_output(json, s.json_path, "--json")})
        if (!error.empty()) return refuse(error);
    json.close();  // written whole at the end
    std::ofstream log, live;
    if (auto error = open_output(log, s.log_path, "--log"); !error.empty()) return refuse(error);
    if (auto error = open_output(live, s.live_path, "--live"); !error.empty()) return refuse(error);
    struct LogGuard {
        explicit LogGuard(std::ostream* l) { set_protocol_log(l); }
        ~LogGuard() { set_protocol_log(nullptr); }
    } log_guard(log.is_open() ? &log : nullptr);
    const auto rules = rule_params(s);
    if (auto error = check_engines(s.engines, rules, s.time.start_allowance()); !error.empty()) return refuse(error);
    // The referee's rules options: the Hub parameters after `variant`.
    const OptionValues rules_options(rules.begin() + 1, rules.end());
    if (journal.is_open() && !journal_has_run) journal << run_line(run) << '\n' << std::flush;

    std::vector<std::string> names;
    for (const auto& e : s.engines) names.push_back(e.name);
    Standings standings(names, s.seats(), s.sprt);
    std::vector<Task> tasks = schedule(s);
    std::set<int> done;
    for (const auto& f : earlier)
        if (done.insert(f.index).second) standings.add(f);
    if (s.resume) out << "Resumed: " << done.size() << " games already in " << s.journal_path << '\n';
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
            auto referee = make_referee(s.variant, rules_options, position);
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
                std::vector<std::string> seat_names;
                for (int e : task.seat_engines) seat_names.push_back(s.engines[static_cast<std::size_t>(e)].name);
                auto publish = [&](const Referee& ref) {
                    std::lock_guard lock(mutex);
                    live << live_line(task.index + 1, s.variant, rules_options, seat_names, ref) << '\n' << std::flush;
                };
                if (s.show_boards || live.is_open())
                    setup.on_move = [&](const Referee& ref, const std::string& move, const std::string& comment) {
                        if (live.is_open()) publish(ref);
                        if (!s.show_boards) return;
                        // Moves numbered as a score sheet numbers them, the board every 10 plies and at the end.
                        const int ply = ref.plies();
                        std::lock_guard lock(mutex);
                        out << (ply + 1) / 2 << (ply % 2 ? ". " : "... ") << move << " {" << comment << "}\n";
                        if (ply % 10 == 0 || ref.result() || ply >= s.max_plies) out << '\n' << ref.diagram() << '\n';
                        out << std::flush;
                    };
                if (live.is_open()) publish(**referee);
                play_game(**referee, seats, setup, r);
                if (live.is_open()) publish(**referee);  // the end, also when no move ended it
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

    EngineUse use;
    int played = 0;  // games of this run, not resumed ones: the pace for the ETA
    const auto started = Clock::now();
    std::unique_lock lock(mutex);
    for (;;) {
        wake.wait(lock, [&] { return !finished.empty() || workers_left == 0; });
        if (finished.empty() && workers_left == 0) break;
        GameRecord r = std::move(finished.front());
        finished.pop_front();
        Finished f{field(run, "id"), r.index, r.set, r.rotation, {}, r.end.places, r.end.reason};
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
        if (s.show_boards)  // the demo: one game, one result line, no statistics
            out << "Result: " << outcome << " (" << r.end.reason << ") after " << r.moves.size() << " plies\n";
        else
            out << "Game " << standings.games() << " of " << total << " (" << who << ", opening " << r.opening_name
                << "): " << outcome << " (" << r.end.reason << ")\n";
        for (const auto& fault : r.faults) out << "  fault: " << fault << '\n';
        if (journal.is_open()) journal << journal_line(f) << '\n' << std::flush;
        if (pdn.is_open()) pdn << pdn_text(s, r) << std::flush;
        if (record.is_open()) record << halma_record_text(s, r, *halma_rules) << std::flush;
        for (std::size_t seat = 0; seat < f.seat_names.size(); ++seat)
            if (seat < r.seat_moves.size())
                use.add(f.seat_names[seat], r.seat_moves[seat], r.seat_seconds[seat], static_cast<int>(r.moves.size()));
        ++played;
        // Every 10 games while games remain (the final table ends with the same lines).
        if (!s.show_boards && standings.games() % 10 == 0 && static_cast<std::size_t>(standings.games()) < total) {
            const double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
            const auto left = total - static_cast<std::size_t>(standings.games());
            out << "Progress: " << standings.games() << " of " << total << " games, elapsed " << clock_text(elapsed)
                << ", ETA " << clock_text(elapsed / played * static_cast<double>(left)) << '\n';
            standings.print_progress(out);
        }
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
    if (s.show_boards) return 0;
    out << "\nFinal standings after " << standings.games() << " games\n";
    standings.print_table(out);
    if (played > 0) {
        out << "\nTime and length of this run's " << played << " games, elapsed "
            << clock_text(std::chrono::duration<double>(Clock::now() - started).count()) << '\n';
        use.print(out);
    }
    if (!s.json_path.empty()) {
        std::ofstream summary(s.json_path);
        summary << standings.json();
        if (!summary.flush()) return refuse("writing " + s.json_path + " failed");
    }
    for (auto [file, path] : {std::pair{&pdn, &s.pdn_path}, {&record, &s.record_path}, {&journal, &s.journal_path}})
        if (file->is_open() && !file->flush()) return refuse("writing " + *path + " failed: some games are missing");
    return 0;
}

int merge_journals(const std::vector<std::string>& paths, const std::optional<SprtParameters>& sprt, std::ostream& out,
                   std::ostream& err) {
    auto refuse = [&](const std::string& why) {
        err << "damier-match: --merge: " << why << '\n' << std::flush;
        return 2;
    };
    std::vector<Journal> journals;
    for (const auto& path : paths) {
        auto j = read_journal(path);
        if (!j) return refuse(j.error());
        if (auto d = run_difference(journals.empty() ? j->run : journals[0].run, j->run, false); !d.empty())
            return refuse(paths[0] + " and " + path + " are journals of different runs (" + d + ")");
        journals.push_back(*j);
    }
    // Games by their key, the run's id and the game's number: the shards of a run
    // hold different games, repeats of a run (other ids) add theirs, and the same
    // game met twice (a journal given twice) counts once.
    std::map<std::pair<std::string, int>, Finished> games;
    for (std::size_t i = 0; i < journals.size(); ++i)
        for (const auto& g : journals[i].games) {
            auto [it, added] = games.emplace(std::pair{g.run, g.index}, g);
            if (!added && (it->second.seat_names != g.seat_names || it->second.places != g.places))
                return refuse(paths[i] + " disagrees with an earlier journal on game " + std::to_string(g.index + 1) +
                              " of run " + g.run);
        }
    // The engines in the order of the run line: the first is the one the match is about.
    const RunFields& run = journals[0].run;
    std::vector<std::string> names;
    for (int e = 1; e <= std::atoi(field(run, "engines").c_str()); ++e) names.push_back(field(run, "engine" + std::to_string(e)));
    Standings standings(names, std::atoi(field(run, "seats").c_str()), sprt);
    for (const auto& [key, g] : games) standings.add(g);
    out << "Merged " << games.size() << " games from " << paths.size() << " journals (" << field(run, "variant") << ", "
        << field(run, "tc") << ")\n";
    standings.print_table(out);
    // The same words as a run's stop, for a script watching shards that still play.
    if (auto decision = standings.sprt(); decision && decision->decision != SprtDecision::Continue)
        out << "SPRT decided: " << (decision->decision == SprtDecision::AcceptH1 ? "H1 accepted" : "H0 accepted") << '\n';
    return 0;
}

}  // namespace damier::match
