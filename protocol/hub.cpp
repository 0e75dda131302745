#include "protocol/hub.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/core/text.hpp"
#include "eval/builtin_weights.hpp"
#include "protocol/hub_game_view.hpp"
#include "protocol/hub_line.hpp"
#include "protocol/hub_options.hpp"
#include "protocol/hub_session.hpp"

#ifndef DAMIER_VERSION
#define DAMIER_VERSION "0"
#endif

namespace damier::hub {

namespace {

constexpr std::size_t MaxLineLength = std::size_t{1} << 20;

// Protocol lines out, from the loop and the search thread, one at a time; and
// the optional log of everything in and out.
class Output {
public:
    explicit Output(std::ostream& out) : out_(out) {}

    void write(const std::string& line) {
        std::lock_guard lock(mutex_);
        write_locked(line);
    }
    // Runs `before` and writes under one lock (the search clears its busy flag
    // before its `done` can reach the GUI).
    template <class F>
    void write_after(F&& before, const std::string& line) {
        std::lock_guard lock(mutex_);
        before();
        write_locked(line);
    }
    void log_input(const std::string& line) {
        std::lock_guard lock(mutex_);
        log("< ", line);
    }
    // Opens (or closes, for "") the log file; returns "" or the error.
    std::string open_log(const std::string& path) {
        std::lock_guard lock(mutex_);
        if (path.empty()) {
            log_.reset();
            return {};
        }
        auto file = std::make_unique<std::ofstream>(path, std::ios::app);
        if (!*file) return "cannot open the log file " + quoted(path);
        log_ = std::move(file);
        return {};
    }

private:
    void write_locked(const std::string& line) {
        out_ << line << '\n' << std::flush;
        log("> ", line);
    }
    void log(const char* direction, const std::string& line) {
        if (!log_) return;
        const double t = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
        char stamp[32];
        std::snprintf(stamp, sizeof stamp, "%.3f ", t);
        *log_ << stamp << direction << line.substr(0, 4096) << '\n' << std::flush;
    }

    std::ostream& out_;
    std::mutex mutex_;
    std::unique_ptr<std::ofstream> log_;
};

// `level` values as the GUI sent them (seconds, Hub semantics).
struct HubLevel {
    int depth = 0;
    std::uint64_t nodes = 0;
    double move_time = 0, time = 0, increment = 0;
    int moves = 0;
    bool fixed_time = false, clock = false, infinite = false;

    bool any() const { return depth || nodes || fixed_time || clock || infinite; }
};

class Engine {
public:
    explicit Engine(std::ostream& out) : out_(out) { rebuild_session(); }
    ~Engine() { stop_search(); }

    // Handles one input line; false once the engine must exit.
    bool handle(const std::string& text) {
        out_.log_input(text);
        auto parsed = parse_line(text);
        if (!parsed) {
            error(parsed.error());
            return true;
        }
        const Line& line = *parsed;
        const std::string& command = line.command;
        if (command == "quit") return false;
        if (command == "ping") {
            out_.write("pong");
            return true;
        }
        // stop and ponder-hit outside a search are ignored: the search may just
        // have ended on its own, and its `done` crossed them on the way.
        if (command == "stop") {
            stop_search();
            return true;
        }
        if (command == "ponder-hit") {
            control_.pondering.store(false);
            return true;
        }
        const Handler handler = handler_of(command);
        if (!handler) {
            error("unknown command " + quoted(command));
        } else if (searching_.load()) {
            error(command + " is not allowed during a search (only stop, ponder-hit, ping and quit are); the search "
                            "goes on");
        } else {
            join_search();
            (this->*handler)(line);
        }
        return true;
    }

    void error(const std::string& message) { out_.write(error_line(message)); }

    void stop_search() {
        control_.stop.store(true);
        join_search();
    }

private:
    // The commands taken between searches.
    using Handler = void (Engine::*)(const Line&);
    static Handler handler_of(const std::string& command) {
        static constexpr std::pair<std::string_view, Handler> table[] = {
            {"hub", &Engine::hub},           {"set-param", &Engine::set_param}, {"init", &Engine::init},
            {"pos", &Engine::position},      {"level", &Engine::level},         {"go", &Engine::go},
            {"new-game", &Engine::new_game}, {"show", &Engine::show},           {"moves", &Engine::moves},
            {"status", &Engine::status}};
        for (const auto& [name, handler] : table)
            if (name == command) return handler;
        return nullptr;
    }

    void hub(const Line&) {
        out_.write(std::string("id name=Damier version=") + DAMIER_VERSION + " author=\"the Damier authors\"");
        for (const auto& line : options_.param_lines()) out_.write(line);
        out_.write("wait");
    }

    void new_game(const Line&) { session_->forget_searches(); }

    void set_param(const Line& line) {
        auto name = line.value("name");
        auto value = line.value("value");
        if (!name || name->empty()) return error("missing name");
        if (!value) return error("missing value for " + quoted(*name));
        const OptionSpec* spec = options_.find(*name);
        if (!spec) return error("unknown parameter " + quoted(*name));
        const std::string before = options_.text(*name);
        if (auto problem = options_.set(*name, *value); !problem.empty()) return error(problem);
        if (*name == "log-file") {
            if (auto problem = out_.open_log(*value); !problem.empty()) {
                options_.set(*name, before);
                return error(problem);
            }
        }
        // Read at once, so that a bad file is reported now; read again at init.
        if (*name == "eval-file") {
            if (auto problem = load_eval_file(); !problem.empty()) {
                options_.set(*name, before);
                return error(problem + "; eval-file unchanged");
            }
        }
        if (*name == "pattern-file") {
            if (auto problem = load_pattern_file(); !problem.empty()) {
                options_.set(*name, before);
                return error(problem + "; pattern-file unchanged");
            }
            if (auto problem = session_->set_patterns(pattern_file_); !problem.empty()) error(problem);
        }
        if (spec->scope == OptionScope::Rules && options_.text(*name) != before) rebuild_session();
    }

    // A change of rules starts from the new rules' start position.
    void rebuild_session() {
        std::string warning;
        auto made = make_session(options_, table_, warning);
        if (!made) return error(made.error());  // unreachable: the options were checked
        session_ = std::move(made.value());
        view_.reset(options_);
        session_->set_weights(eval_file_ ? &*eval_file_ : nullptr);
        if (auto problem = session_->set_patterns(pattern_file_); !problem.empty()) warning += problem;
        table_.table.clear();  // the old game's entries are of no use
        level_ = {};
        if (!warning.empty()) error(warning);
    }

    void init(const Line&) {
        if (auto problem = load_eval_file(); !problem.empty()) error(problem + "; the weights in use are kept");
        if (auto problem = load_pattern_file(); !problem.empty()) error(problem + "; the pattern table in use is kept");
        else if (auto mismatch = session_->set_patterns(pattern_file_); !mismatch.empty()) error(mismatch);
        if (auto problem = session_->set_egdb_path(options_.text("egdb-path")); !problem.empty())
            error(problem + "; playing on without them");
        if (auto problem = session_->prepare(hash_mebibytes()); !problem.empty()) error(problem);
        out_.write("ready");
    }

    // Reads the eval-file option's file (none: the built-in weights) into the
    // session; on an error the weights in use stay.
    std::string load_eval_file() {
        const std::string& path = options_.text("eval-file");
        if (path.empty()) {
            eval_file_.reset();
        } else {
            auto file = eval::load_eval_file(path);
            if (!file) return file.error();
            eval_file_ = std::move(file.value());
        }
        session_->set_weights(eval_file_ ? &*eval_file_ : nullptr);
        return {};
    }

    // Reads the pattern-file option's file (none: the built-in table); on an
    // error the table read before stays. The caller hands it to the session.
    std::string load_pattern_file() {
        const std::string& path = options_.text("pattern-file");
        if (path.empty()) {
            pattern_file_.reset();
            return {};
        }
        auto file = eval::draughts::load_patterns(path);
        if (!file) return file.error();
        pattern_file_ = std::make_shared<const eval::draughts::PatternFile>(std::move(file.value()));
        return {};
    }

    std::size_t hash_mebibytes() const { return static_cast<std::size_t>(options_.integer("hash")); }

    void position(const Line& line) {
        level_ = {};
        if (auto problem = session_->set_position(line); !problem.empty()) error(problem);
        view_.set_position(line);
    }

    void level(const Line& line) {
        HubLevel next = level_;
        auto number = [&](const char* name, double& out) -> std::string {
            auto text = line.value(name);
            if (!text) return {};
            char* end = nullptr;
            const double v = std::strtod(text->c_str(), &end);
            if (text->empty() || *end != '\0' || !(v >= 0) || v > 1e9)
                return std::string(name) + " takes seconds (a number from 0), got " + quoted(*text);
            out = v;
            return {};
        };
        auto whole = [&](const char* name, std::uint64_t low, std::uint64_t high, auto& out) -> std::string {
            auto text = line.value(name);
            if (!text) return {};
            auto v = parse_uint(*text);
            if (!v || *v < low || *v > high)
                return std::string(name) + " takes a whole number from " + std::to_string(low) + " to " +
                       std::to_string(high) + ", got " + quoted(*text);
            out = static_cast<std::remove_reference_t<decltype(out)>>(*v);
            return {};
        };
        for (const std::string& problem :
             {whole("depth", 1, search::MaxPly - 1, next.depth), whole("nodes", 1, std::uint64_t{1} << 62, next.nodes),
              whole("moves", 0, 100000, next.moves), number("move-time", next.move_time), number("time", next.time),
              number("inc", next.increment)}) {
            if (!problem.empty()) return error(problem + "; level unchanged");
        }
        if (line.has("time")) next.clock = true;
        if (line.has("move-time")) next.fixed_time = true;
        if ((line.has("moves") || line.has("inc")) && !next.clock)
            return error("moves and inc need time (the clock); level unchanged");
        if (line.has("infinite")) next.infinite = true;
        level_ = next;
    }

    void go(const Line& line) {
        GoMode mode = line.has("ponder") ? GoMode::Ponder : line.has("analyze") ? GoMode::Analyze : GoMode::Think;
        if (auto problem = session_->cannot_search(); !problem.empty()) return error(problem);
        if (auto problem = session_->prepare(hash_mebibytes()); !problem.empty()) return error(problem);
        SearchRequest request;
        request.mode = mode;
        request.threads = static_cast<int>(options_.integer("threads"));
        request.algorithm = *search::parse_multi_algorithm(options_.text("search"));
        request.algebraic = options_.text("notation") == "algebraic";
        search::Limits& limits = request.limits;
        limits.depth = level_.depth;
        limits.nodes = level_.nodes;
        // A zero time means "move at once", never "no limit".
        constexpr double least = 0.001;
        if (level_.fixed_time) limits.move_time = std::max(level_.move_time, least);
        if (level_.clock) {
            // Hub adds the increment before each move.
            limits.time = std::max(level_.time + level_.increment, least);
            limits.increment = level_.increment;
            limits.moves_to_go = level_.moves;
        }
        // No limit at all: search until stop, as the reference engine does.
        limits.infinite = level_.infinite || !level_.any();
        level_ = {};
        control_.stop.store(false);
        control_.pondering.store(mode == GoMode::Ponder);
        searching_.store(true);
        search_thread_ = std::jthread([this, request] { run_search(request); });
    }

    void run_search(const SearchRequest& request) {
        std::string done;
        try {
            done = done_line(
                session_->search(request, control_, [this](const SearchInfo& info) { out_.write(info_line(info)); }));
        } catch (const std::exception& e) {
            out_.write(error_line(std::string("search failed: ") + e.what()));
            done = "done move=none";
        }
        out_.write_after([this] { searching_.store(false); }, done);
    }

    void join_search() {
        if (search_thread_.joinable()) search_thread_.join();
    }

    void show(const Line&) {
        std::string text = session_->show();
        for (auto row : split(text, "\n"))
            if (!row.empty()) out_.write(std::string(row));
        out_.write("show-end");  // a GUI reads the diagram up to here
    }

    void moves(const Line&) {
        if (const AnyGame* game = view_.game()) out_.write(moves_line(*game));
    }

    void status(const Line&) {
        if (const AnyGame* game = view_.game()) out_.write(status_line(*game));
    }

    Output out_;
    Options options_;
    SharedTable table_;
    std::unique_ptr<Session> session_;
    GameView view_;  // the same game for `moves` and `status`, refereed by the rules library
    std::optional<eval::WeightsFile> eval_file_;  // the eval-file's weights, when one is set
    std::shared_ptr<const eval::draughts::PatternFile> pattern_file_;  // the pattern-file's table, when one is set
    HubLevel level_;
    search::Control control_;
    std::atomic<bool> searching_{false};
    std::jthread search_thread_;
};

}  // namespace

int run(std::istream& in, std::ostream& out) {
    Engine engine(out);
    std::string text;
    for (;;) {
        ReadStatus status = read_line(in, text, MaxLineLength);
        if (status == ReadStatus::End) break;
        if (status == ReadStatus::TooLong) {
            engine.error("line longer than " + std::to_string(MaxLineLength) + " characters; ignored");
            continue;
        }
        try {
            if (!engine.handle(text)) break;
        } catch (const std::exception& e) {
            engine.error(std::string("internal error: ") + e.what());
        }
    }
    engine.stop_search();
    return 0;
}

}  // namespace damier::hub
