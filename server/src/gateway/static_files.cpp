#include "gateway/static_files.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>

namespace croupier::gateway {

namespace {

bool safe_path(const std::string& p) {
  if (p.empty() || p.front() != '/') return false;
  if (p.find('\0') != std::string::npos || p.find('\\') != std::string::npos) return false;
  size_t start = 1;
  while (start <= p.size()) {
    size_t end = p.find('/', start);
    std::string_view seg = std::string_view(p).substr(
        start, end == std::string::npos ? std::string::npos : end - start);
    if (seg == ".." || seg == ".") return false;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return true;
}

struct FileInfo {
  uint64_t size;
  int64_t mtime;
};

std::optional<FileInfo> regular_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return FileInfo{static_cast<uint64_t>(st.st_size), static_cast<int64_t>(st.st_mtime)};
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Whether Accept-Encoding lists `coding` (or *) with a non-zero quality.
bool accepts(const Request& req, std::string_view coding) {
  auto it = req.find(http::field::accept_encoding);
  if (it == req.end()) return false;
  std::string_view list = it->value();
  while (!list.empty()) {
    auto comma = list.find(',');
    std::string_view entry = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    auto semi = entry.find(';');
    std::string_view name = trim(entry.substr(0, semi));
    if (name != coding && name != "*") continue;
    if (semi == std::string_view::npos) return true;
    auto q = entry.find("q=", semi);
    if (q == std::string_view::npos) return true;
    return std::strtod(std::string(trim(entry.substr(q + 2))).c_str(), nullptr) > 0;
  }
  return false;
}

}  // namespace

std::string_view content_type_for(std::string_view path) {
  auto dot = path.rfind('.');
  std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "json" || ext == "map") return "application/json; charset=utf-8";
  if (ext == "xml") return "application/xml; charset=utf-8";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "png") return "image/png";
  if (ext == "jpg" || ext == "jpeg") return "image/jpeg";
  if (ext == "webp") return "image/webp";
  if (ext == "gif") return "image/gif";
  if (ext == "ico") return "image/x-icon";
  if (ext == "woff2") return "font/woff2";
  if (ext == "woff") return "font/woff";
  if (ext == "ttf") return "font/ttf";
  if (ext == "mp3") return "audio/mpeg";
  if (ext == "ogg") return "audio/ogg";
  if (ext == "wav") return "audio/wav";
  if (ext == "mp4") return "video/mp4";
  if (ext == "webm") return "video/webm";
  if (ext == "m3u8") return "application/vnd.apple.mpegurl";
  if (ext == "ts") return "video/mp2t";
  if (ext == "txt") return "text/plain; charset=utf-8";
  if (ext == "wasm") return "application/wasm";
  return "application/octet-stream";
}

bool is_hashed_asset(std::string_view p) {
  if (p.rfind("/assets/", 0) != 0) return false;
  auto slash = p.rfind('/');
  std::string_view name = p.substr(slash + 1);
  auto dot = name.find('.');
  std::string_view stem = name.substr(0, dot);
  auto dash = stem.rfind('-');
  if (dash == std::string_view::npos) return false;
  std::string_view hash = stem.substr(dash + 1);
  return hash.size() >= 8 && std::all_of(hash.begin(), hash.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
         });
}

std::optional<Reply> serve_file(const Request& req, const std::string& root,
                                const std::string& url_path) {
  if (!safe_path(url_path) || root.empty()) return std::nullopt;
  std::string path = root + url_path;
  if (path.back() == '/') path += "index.html";
  auto info = regular_file(path);
  if (!info) return std::nullopt;

  // The type of the file asked for, not of its .br or .gz neighbour served instead.
  const std::string type(content_type_for(path));
  const std::string etag =
      "W/\"" + std::to_string(info->size) + "-" + std::to_string(info->mtime) + "\"";
  const bool immutable = is_hashed_asset(url_path);
  auto set_common = [&](auto& h) {
    h.set(http::field::content_type, type);
    h.set(http::field::etag, etag);
    h.set(http::field::vary, "Accept-Encoding");
    h.set(http::field::cache_control,
          immutable ? "public, max-age=31536000, immutable" : "no-cache");
  };
  if (auto inm = req.find(http::field::if_none_match); inm != req.end() && inm->value() == etag) {
    StringReply r{http::status::not_modified, req.version()};
    set_common(r);
    r.keep_alive(req.keep_alive());
    return Reply{std::move(r)};
  }

  std::string encoding;
  for (auto [coding, suffix] : {std::pair{"br", ".br"}, std::pair{"gzip", ".gz"}}) {
    if (accepts(req, coding) && regular_file(path + suffix)) {
      encoding = coding;
      path += suffix;
      break;
    }
  }
  boost::beast::error_code ec;
  http::file_body::value_type body;
  body.open(path.c_str(), boost::beast::file_mode::scan, ec);
  if (ec) return std::nullopt;
  FileReply r{std::piecewise_construct, std::make_tuple(std::move(body)),
              std::make_tuple(http::status::ok, req.version())};
  set_common(r);
  if (!encoding.empty()) r.set(http::field::content_encoding, encoding);
  r.keep_alive(req.keep_alive());
  r.prepare_payload();
  return Reply{std::move(r)};
}

}  // namespace croupier::gateway
