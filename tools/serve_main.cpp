// damier-serve: the web board. Serves the static page of tools/serve/web and the
// JSON API of tools/serve/api.hpp on 127.0.0.1 (another address only when asked),
// with Hub engines started on demand.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include <httplib.h>
#include <CLI/CLI.hpp>

#include "engine/core/text.hpp"
#include "tools/serve/api.hpp"
#include "tools/serve/static_files.hpp"

#ifndef DAMIER_VERSION
#define DAMIER_VERSION "0"
#endif

namespace {

httplib::Server* running_server = nullptr;

void on_signal(int) {
    if (running_server) running_server->stop();
}

}  // namespace

int main(int argc, char** argv) {
    using namespace damier::serve;
    CLI::App app("damier-serve " DAMIER_VERSION ": a web board to play the rule sets of Damier and watch matches");
    std::string host = "127.0.0.1", engine = DAMIER_DEFAULT_ENGINE, web = DAMIER_WEB_DIR;
    int port = 8080;
    bool open_browser = false;
    ApiConfig config;
    app.add_option("--host", host, "address to listen on (another than 127.0.0.1 opens the board to the network)");
    app.add_option("--port", port, "port (0: any free port)")->check(CLI::Range(0, 65535));
    app.add_option("--engine", engine, "the Hub engine's command line, words split at blanks");
    app.add_option("--web", web, "the folder of the page's files");
    app.add_option("--max-games", config.max_games, "games kept at once")->check(CLI::Range(1, 1000));
    app.add_option("--max-engines", config.max_engines, "engine processes at once")->check(CLI::Range(1, 64));
    app.add_option("--watch", config.watch_path, "a damier-match --live file to show on the watch page");
    app.add_flag("--open", open_browser, "open the board in the desktop's browser");
    CLI11_PARSE(app, argc, argv);

    config.engine_command.clear();
    for (auto word : damier::split(engine, " "))
        if (!word.empty()) config.engine_command.emplace_back(word);
    if (config.engine_command.empty()) {
        std::cerr << "damier-serve: --engine needs a command\n";
        return 2;
    }
    StaticFiles files;
    if (auto error = files.load(web); !error.empty()) {
        std::cerr << "damier-serve: " << error << '\n';
        return 2;
    }

    Api api(config);
    httplib::Server server;
    server.new_task_queue = [] { return new httplib::ThreadPool(8); };
    server.set_payload_max_length(64 * 1024);
    auto api_handler = [&api](const httplib::Request& request, httplib::Response& response) {
        Reply reply = api.handle(request.method, request.path, request.body);
        response.status = reply.status;
        response.set_header("Cache-Control", "no-store");
        response.set_content(reply.body, reply.content_type.c_str());
    };
    server.Get(R"(/api/.*)", api_handler);
    server.Post(R"(/api/.*)", api_handler);
    server.Delete(R"(/api/.*)", api_handler);
    server.Get(R"(.*)", [&files](const httplib::Request& request, httplib::Response& response) {
        auto file = files.find(request.path);
        if (!file) {
            response.status = 404;
            response.set_content(R"({"error":"not found"})", "application/json");
            return;
        }
        response.set_content(file->body, file->content_type.c_str());
    });

    const int bound = port == 0 ? server.bind_to_any_port(host) : (server.bind_to_port(host, port) ? port : -1);
    if (bound < 0) {
        std::cerr << "damier-serve: cannot listen on " << host << ":" << port << '\n';
        return 2;
    }
    const std::string url = "http://" + host + ":" + std::to_string(bound) + "/";
    std::cout << "damier-serve: the board is at " << url << std::endl;
    if (open_browser) {
        const std::string command = "xdg-open '" + url + "' >/dev/null 2>&1 &";
        if (std::system(command.c_str()) != 0) std::cout << "damier-serve: open " << url << " in a browser\n";
    }
    running_server = &server;
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    server.listen_after_bind();
    running_server = nullptr;
    return 0;
}
