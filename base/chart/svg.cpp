#include "base/chart/svg.hpp"

#include <array>
#include <cmath>

#include <fmt/format.h>

namespace hwbench::chart {

std::string escape_xml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string coordinate(double value) {
  std::string text = fmt::format("{:.1f}", value);
  if (text == "-0.0") text = "0.0";
  return text;
}

std::string exact(double value) { return fmt::format("{}", value); }

namespace {

constexpr std::array<std::string_view, 7> okabe_ito = {"#0072B2", "#E69F00", "#009E73", "#D55E00",
                                                       "#CC79A7", "#56B4E9", "#F0E442"};

}  // namespace

std::string_view palette_colour(std::size_t index) { return okabe_ito[index % okabe_ito.size()]; }
std::size_t palette_size() { return okabe_ito.size(); }

std::string attr(std::string_view name, std::string_view value) {
  return fmt::format(" {}=\"{}\"", name, escape_xml(value));
}

std::string attr(std::string_view name, double value) { return fmt::format(" {}=\"{}\"", name, coordinate(value)); }

void SvgWriter::open(double width, double height, std::string_view label) {
  out_ += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 {} {}\" width=\"{}\" role=\"img\"{}>",
      coordinate(width), coordinate(height), coordinate(width), attr("aria-label", label));
  out_ += fmt::format("<title>{}</title>\n", escape_xml(label));
}

void SvgWriter::close() { out_ += "</svg>\n"; }

void SvgWriter::empty(std::string_view name, std::string_view attributes) {
  out_ += fmt::format("<{}{}/>\n", name, attributes);
}

void SvgWriter::titled(std::string_view name, std::string_view attributes, std::string_view title) {
  out_ += fmt::format("<{}{}><title>{}</title></{}>\n", name, attributes, escape_xml(title), name);
}

void SvgWriter::text(double x, double y, std::string_view text, std::string_view attributes, std::string_view title) {
  const std::string tooltip = title.empty() ? "" : fmt::format("<title>{}</title>", escape_xml(title));
  out_ += fmt::format("<text{}{}{}>{}{}</text>\n", attr("x", x), attr("y", y), attributes, escape_xml(text), tooltip);
}

void SvgWriter::group(std::string_view attributes) { out_ += fmt::format("<g{}>\n", attributes); }

void SvgWriter::end_group() { out_ += "</g>\n"; }

}  // namespace hwbench::chart
