#include <fmt/format.h>

#include <algorithm>

#include "arch/occupancy_graph.h"

namespace smsim::arch {

namespace {

// Layout in SVG user units: three panels side by side.
constexpr double kPanelWidth = 400.0;
constexpr double kPanelHeight = 320.0;
constexpr double kTitleHeight = 40.0;
constexpr double kMarginLeft = 60.0;
constexpr double kMarginRight = 20.0;
constexpr double kMarginTop = 30.0;
constexpr double kMarginBottom = 50.0;
constexpr double kMarkerSize = 7.0;
constexpr int kYTicks = 4;  // 0, 25, 50, 75, 100 %
constexpr int kXTicks = 4;
constexpr double kPercent = 100.0;

std::string escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
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
      default:
        out.push_back(c);
    }
  }
  return out;
}

struct Plot {
  double left;
  double top;
  double width;
  double height;
  double x_max;

  double x(double value) const { return left + (x_max > 0 ? value / x_max : 0.0) * width; }
  double y(double occupancy) const { return top + (1.0 - occupancy) * height; }
};

void draw_axes(std::string& svg, const Plot& plot, const OccupancySeries& series) {
  const double bottom = plot.top + plot.height;
  svg += fmt::format(
      "<g class=\"axes\" stroke=\"#333\" stroke-width=\"1\">"
      "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\"/>"
      "<line x1=\"{0:.1f}\" y1=\"{2:.1f}\" x2=\"{3:.1f}\" y2=\"{2:.1f}\"/></g>\n",
      plot.left, plot.top, bottom, plot.left + plot.width);
  for (int i = 0; i <= kYTicks; ++i) {
    const double occupancy = static_cast<double>(i) / kYTicks;
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/>"
        "<text x=\"{3:.1f}\" y=\"{4:.1f}\" font-size=\"11\" text-anchor=\"end\">{5:.0f}%</text>\n",
        plot.left, plot.y(occupancy), plot.left + plot.width, plot.left - 6, plot.y(occupancy) + 4,
        occupancy * kPercent);
  }
  for (int i = 0; i <= kXTicks; ++i) {
    const double value = plot.x_max * i / kXTicks;
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"middle\">{:.0f}</text>\n",
        plot.x(value), bottom + 16, value);
  }
  svg += fmt::format(
      "<text class=\"x-label\" x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" "
      "text-anchor=\"middle\">{}</text>\n",
      plot.left + plot.width / 2, bottom + 36, escape(series.x_label));
  svg += fmt::format(
      "<text class=\"y-label\" x=\"{0:.1f}\" y=\"{1:.1f}\" font-size=\"12\" text-anchor=\"middle\" "
      "transform=\"rotate(-90 {0:.1f} {1:.1f})\">Multiprocessor warp occupancy (%)</text>\n",
      plot.left - 44, plot.top + plot.height / 2);
}

void draw_series(std::string& svg, const Plot& plot, const OccupancySeries& series) {
  std::string points;
  for (const auto& point : series.points) {
    points += fmt::format("{:.1f},{:.1f} ", plot.x(static_cast<double>(point.x)),
                          plot.y(point.occupancy));
  }
  svg += fmt::format(
      "<polyline id=\"series-{}\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"1.5\" "
      "points=\"{}\"/>\n",
      series.id, points);
  const double cx = plot.x(static_cast<double>(series.current.x));
  const double cy = plot.y(series.current.occupancy);
  svg += fmt::format(
      "<polygon id=\"current-point-{}\" fill=\"#d00\" data-x=\"{}\" data-occupancy=\"{:.4f}\" "
      "points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\"><title>{}: {}, occupancy "
      "{:.1f}%</title>"
      "</polygon>\n",
      series.id, series.current.x, series.current.occupancy, cx, cy - kMarkerSize, cx - kMarkerSize,
      cy + kMarkerSize, cx + kMarkerSize, cy + kMarkerSize, escape(series.x_label),
      series.current.x, series.current.occupancy * kPercent);
}

}  // namespace

std::string render_occupancy_svg(const OccupancyCurves& curves) {
  const double width = kPanelWidth * static_cast<double>(curves.series.size());
  const double height = kTitleHeight + kPanelHeight;
  std::string svg = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" height=\"{1:.0f}\" "
      "viewBox=\"0 0 {0:.0f} {1:.0f}\" font-family=\"sans-serif\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text id=\"title\" x=\"{2:.1f}\" y=\"26\" font-size=\"16\" text-anchor=\"middle\">"
      "Occupancy: {3}</text>\n",
      width, height, width / 2, escape(curves.title));
  for (std::size_t i = 0; i < curves.series.size(); ++i) {
    const auto& series = curves.series[i];
    double x_max = static_cast<double>(series.current.x);
    for (const auto& point : series.points) x_max = std::max(x_max, static_cast<double>(point.x));
    const Plot plot{kPanelWidth * static_cast<double>(i) + kMarginLeft, kTitleHeight + kMarginTop,
                    kPanelWidth - kMarginLeft - kMarginRight,
                    kPanelHeight - kMarginTop - kMarginBottom, x_max};
    svg += fmt::format("<g id=\"panel-{}\">\n", series.id);
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"13\" text-anchor=\"middle\">{}</text>\n",
        plot.left + plot.width / 2, plot.top - 10, escape(series.title));
    draw_axes(svg, plot, series);
    draw_series(svg, plot, series);
    svg += "</g>\n";
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace smsim::arch
