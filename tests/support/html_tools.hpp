#pragma once
// What the HTML report's tests need from outside: running a program (xmllint, chromium; found by
// real_tool.hpp's find_tool) with its output and errors in files, whatever its exit status,
// reading a PNG screenshot's pixels, and counting in markup. A test whose program is missing
// says so with skip.hpp's test::skip and checks nothing.
#include <sys/wait.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/temp_dir.hpp"

#ifdef HWBENCH_TESTS_WITH_ZLIB
#include <zlib.h>
#endif

namespace hwbench::test {

/// `text` quoted for /bin/sh.
inline std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// Runs `argv` with its standard output in `out_file` and its standard error in `err_file`;
/// returns its exit status (-1 when it did not exit normally).
inline int run_program(const std::vector<std::string>& argv, const std::string& out_file, const std::string& err_file) {
  std::string command;
  for (const auto& arg : argv) command += shell_quote(arg) + " ";
  command += "> " + shell_quote(out_file) + " 2> " + shell_quote(err_file) + " < /dev/null";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// How many times `needle` occurs in `text`.
inline std::size_t occurrences(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  return n;
}

/// The sum of the integers in every `attribute="N"` of `text`.
inline std::size_t sum_of_attribute(const std::string& text, const std::string& attribute) {
  const std::string key = attribute + "=\"";
  std::size_t sum = 0;
  for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1))
    sum += std::strtoull(text.c_str() + at + key.size(), nullptr, 10);
  return sum;
}

/// `text` with the five XML character references turned back into their characters.
inline std::string unescape_xml(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    bool replaced = false;
    for (const auto& [entity, c] :
         {std::pair<const char*, char>{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}}) {
      const std::string e(entity);
      if (text.compare(i, e.size(), e) == 0) {
        out += c;
        i += e.size() - 1;
        replaced = true;
        break;
      }
    }
    if (!replaced) out += text[i];
  }
  return out;
}

/// The text inside each `<pre class="CLASS">…</pre>` of `markup`, unescaped, in order. In a page's
/// source (`source`) a newline right after <pre> is not text, as an HTML parser reads it; in a
/// browser's serialized DOM it is.
inline std::vector<std::string> pre_texts(const std::string& markup, const std::string& css_class, bool source = true) {
  std::vector<std::string> out;
  const std::string open = "<pre class=\"" + css_class + "\">";
  for (std::size_t at = markup.find(open); at != std::string::npos; at = markup.find(open, at + 1)) {
    std::size_t from = at + open.size();
    if (source && markup.compare(from, 1, "\n") == 0) ++from;
    out.push_back(unescape_xml(markup.substr(from, markup.find("</pre>", from) - from)));
  }
  return out;
}

/// An 8-bit RGB or RGBA image's pixels as RGB triples.
struct Pixels {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> rgb;  ///< width × height × 3
  std::string error;              ///< why the file could not be read; "" when it was
};

#ifdef HWBENCH_TESTS_WITH_ZLIB
/// The pixels of the PNG file at `path` (8-bit truecolour, with or without alpha, not interlaced:
/// what chromium's --screenshot writes). Just enough of PNG to tell a blank page from a drawn one.
inline Pixels read_png(const std::string& path) {
  Pixels image;
  const std::string data = read_text(path);
  const auto u32 = [&](std::size_t at) {
    return (std::uint32_t(std::uint8_t(data[at])) << 24) | (std::uint32_t(std::uint8_t(data[at + 1])) << 16) |
           (std::uint32_t(std::uint8_t(data[at + 2])) << 8) | std::uint32_t(std::uint8_t(data[at + 3]));
  };
  if (data.size() < 33 || data.compare(1, 3, "PNG") != 0) {
    image.error = "not a PNG file";
    return image;
  }
  std::string compressed;
  int colour_type = -1, depth = 0, interlace = 0;
  for (std::size_t at = 8; at + 8 <= data.size();) {
    const std::uint32_t length = u32(at);
    const std::string type = data.substr(at + 4, 4);
    if (at + 12 + length > data.size()) break;
    if (type == "IHDR") {
      image.width = u32(at + 8);
      image.height = u32(at + 12);
      depth = std::uint8_t(data[at + 16]);
      colour_type = std::uint8_t(data[at + 17]);
      interlace = std::uint8_t(data[at + 20]);
    } else if (type == "IDAT") {
      compressed += data.substr(at + 8, length);
    }
    at += 12 + length;
  }
  const std::size_t channels = colour_type == 6 ? 4 : colour_type == 2 ? 3 : 0;
  if (channels == 0 || depth != 8 || interlace != 0) {
    image.error = "not an 8-bit truecolour PNG without interlacing";
    return image;
  }
  const std::size_t stride = image.width * channels;
  std::vector<std::uint8_t> raw((stride + 1) * image.height);
  uLongf size = raw.size();
  if (uncompress(raw.data(), &size, reinterpret_cast<const Bytef*>(compressed.data()), compressed.size()) != Z_OK ||
      size != raw.size()) {
    image.error = "the image data does not inflate to its size";
    return image;
  }
  // Undo each scanline's filter (PNG specification, section 9).
  std::vector<std::uint8_t> pixels(stride * image.height);
  for (std::size_t y = 0; y < image.height; ++y) {
    const std::uint8_t filter = raw[y * (stride + 1)];
    const std::uint8_t* in = &raw[y * (stride + 1) + 1];
    std::uint8_t* row = &pixels[y * stride];
    const std::uint8_t* up = y > 0 ? &pixels[(y - 1) * stride] : nullptr;
    for (std::size_t x = 0; x < stride; ++x) {
      const int a = x >= channels ? row[x - channels] : 0;
      const int b = up ? up[x] : 0;
      const int c = up && x >= channels ? up[x - channels] : 0;
      int predicted = 0;
      switch (filter) {
        case 1:
          predicted = a;
          break;
        case 2:
          predicted = b;
          break;
        case 3:
          predicted = (a + b) / 2;
          break;
        case 4: {
          const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default:
          break;
      }
      row[x] = static_cast<std::uint8_t>(in[x] + predicted);
    }
  }
  image.rgb.reserve(std::size_t(image.width) * image.height * 3);
  for (std::size_t i = 0; i < pixels.size(); i += channels)
    image.rgb.insert(image.rgb.end(), &pixels[i], &pixels[i] + 3);
  return image;
}
#endif

}  // namespace hwbench::test
