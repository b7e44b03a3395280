#pragma once
// SVG text, written element by element: every attribute value and text escaped, coordinates with
// one decimal, so that the same chart is the same bytes. The output is well-formed XML, fit to
// stand inline in an HTML page or alone in a .svg file.
#include <string>
#include <string_view>

namespace hwbench::chart {

/// `text` with &, <, >, " and ' as XML character references, fit for text and attribute values.
std::string escape_xml(std::string_view text);

/// A coordinate or length with one decimal ("12.5", "0.0"; never "-0.0").
std::string coordinate(double value);

/// A figure exactly: the shortest decimal that reads back as the same double (fmt's "{}").
std::string exact(double value);

/// The colour-blind-safe palette of Okabe and Ito (2008), black left out (axes and text use
/// it): blue, orange, bluish green, vermillion, reddish purple, sky blue, yellow. Series take
/// them in that order, round the list.
std::string_view palette_colour(std::size_t index);
/// How many colours palette_colour() goes through before it starts again.
std::size_t palette_size();

/// An SVG document being written: open() then elements, then close().
class SvgWriter {
 public:
  /// The <svg> element, `width` × `height` user units (its viewBox), with `label` as its
  /// accessible name (role="img", aria-label) and its first <title>.
  void open(double width, double height, std::string_view label);
  /// </svg>.
  void close();
  /// An element with no children: `<name attributes/>`; `attributes` is written as given
  /// (values escaped by the caller, as attr() does).
  void empty(std::string_view name, std::string_view attributes);
  /// An element whose only child is a <title> with `title` (the tooltip every mark has).
  void titled(std::string_view name, std::string_view attributes, std::string_view title);
  /// A <text> element with `text` (escaped) at (x, y); with a `title` (a label cut to fit, in full) when one is given.
  void text(double x, double y, std::string_view text, std::string_view attributes = "", std::string_view title = "");
  /// Opens a <g> group with `attributes`; end_group() closes it.
  void group(std::string_view attributes);
  void end_group();
  /// The text written so far.
  const std::string& str() const { return out_; }

 private:
  std::string out_;
};

/// ` name="value"` with the value escaped.
std::string attr(std::string_view name, std::string_view value);
/// ` name="coordinate(value)"`.
std::string attr(std::string_view name, double value);

}  // namespace hwbench::chart
