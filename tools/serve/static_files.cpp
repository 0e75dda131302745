#include "tools/serve/static_files.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace damier::serve {

namespace {

std::string content_type_of(const std::string& name) {
    const auto dot = name.rfind('.');
    const std::string ext = dot == std::string::npos ? "" : name.substr(dot + 1);
    if (ext == "html") return "text/html; charset=utf-8";
    if (ext == "js") return "text/javascript; charset=utf-8";
    if (ext == "css") return "text/css; charset=utf-8";
    if (ext == "svg") return "image/svg+xml";
    if (ext == "png") return "image/png";
    return "application/octet-stream";
}

}  // namespace

std::string StaticFiles::load(const std::string& folder) {
    namespace fs = std::filesystem;
    std::error_code error;
    fs::directory_iterator it(folder, error), end;
    if (error) return "cannot read the web folder " + folder + ": " + error.message();
    for (; it != end; it.increment(error)) {
        if (error) return "cannot read the web folder " + folder + ": " + error.message();
        if (!it->is_regular_file() || it->is_symlink()) continue;
        std::ifstream in(it->path(), std::ios::binary);
        std::ostringstream body;
        body << in.rdbuf();
        const std::string name = it->path().filename().string();
        files_[name] = {content_type_of(name), body.str()};
    }
    if (!files_.count("index.html")) return "no index.html in the web folder " + folder;
    return {};
}

std::optional<StaticFile> StaticFiles::find(const std::string& path) const {
    if (path == "/") return find("/index.html");
    // One name right under the root: "/app.js". Anything with another '/' is refused.
    if (path.size() < 2 || path[0] != '/' || path.find('/', 1) != std::string::npos) return std::nullopt;
    auto it = files_.find(path.substr(1));
    if (it == files_.end()) return std::nullopt;
    return it->second;
}

}  // namespace damier::serve
