// The calculator's three graphs: the SVG must be well-formed XML holding the three
// series and the marked current point on each.

#include "arch/occupancy_graph.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "occupancy_test_support.h"
#include "test_database.h"

namespace smsim::arch {
namespace {

struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;
};

// A minimal XML reader: enough to check nesting and read elements and attributes.
// Returns false on malformed input.
bool parse_xml(const std::string& xml, std::vector<Element>& elements) {
  std::vector<std::size_t> open;
  std::size_t at = 0;
  while ((at = xml.find('<', at)) != std::string::npos) {
    const std::size_t end = xml.find('>', at);
    if (end == std::string::npos) return false;
    std::string tag = xml.substr(at + 1, end - at - 1);
    at = end + 1;
    // Text after this tag belongs to whatever element is open once the tag is handled.
    const auto add_text = [&] {
      const std::size_t text_end = xml.find('<', end);
      if (!open.empty() && text_end != std::string::npos) {
        elements[open.back()].text += xml.substr(end + 1, text_end - end - 1);
      }
    };
    if (tag.starts_with("?")) {
      add_text();
      continue;
    }
    if (tag.starts_with("/")) {
      if (open.empty() || elements[open.back()].name != tag.substr(1)) return false;
      open.pop_back();
      add_text();
      continue;
    }
    const bool self_closing = tag.ends_with("/");
    if (self_closing) tag.pop_back();
    Element element;
    std::istringstream in(tag);
    in >> element.name;
    std::size_t pos = element.name.size();
    while ((pos = tag.find('=', pos)) != std::string::npos) {
      std::size_t key_start = tag.rfind(' ', pos);
      const std::string key = tag.substr(key_start + 1, pos - key_start - 1);
      if (tag[pos + 1] != '"') return false;
      const std::size_t value_end = tag.find('"', pos + 2);
      if (value_end == std::string::npos) return false;
      element.attributes[key] = tag.substr(pos + 2, value_end - pos - 2);
      pos = value_end + 1;
    }
    elements.push_back(element);
    if (!self_closing) open.push_back(elements.size() - 1);
    add_text();
  }
  return open.empty();
}

const Element* by_id(const std::vector<Element>& elements, const std::string& id) {
  for (const auto& element : elements) {
    const auto found = element.attributes.find("id");
    if (found != element.attributes.end() && found->second == id) return &element;
  }
  return nullptr;
}

int count_points(const std::string& points) {
  std::istringstream in(points);
  std::string pair;
  int count = 0;
  while (in >> pair) ++count;
  return count;
}

TEST(OccupancyGraph, SvgHoldsThreeSeriesAndTheMarkedPoints) {
  const GpuModel& gpu = testing::gpu("c1060");
  const OccupancyInput input = testing::kernel(128, 25, 640);
  const std::string svg = render_occupancy_svg(occupancy_curves(gpu, input));

  std::vector<Element> elements;
  ASSERT_TRUE(parse_xml(svg, elements)) << svg.substr(0, 400);
  ASSERT_FALSE(elements.empty());
  EXPECT_EQ(elements.front().name, "svg");

  const std::map<std::string, std::string> current_x{
      {"threads", "128"}, {"registers", "25"}, {"shared-memory", "640"}};
  for (const auto& [id, x] : current_x) {
    SCOPED_TRACE(id);
    const Element* series = by_id(elements, "series-" + id);
    ASSERT_NE(series, nullptr);
    EXPECT_EQ(series->name, "polyline");
    EXPECT_GT(count_points(series->attributes.at("points")), 10);
    const Element* point = by_id(elements, "current-point-" + id);
    ASSERT_NE(point, nullptr);
    EXPECT_EQ(point->name, "polygon");
    EXPECT_EQ(point->attributes.at("data-x"), x);
    // The slides' CC 1.3 example: 50% occupancy.
    EXPECT_EQ(point->attributes.at("data-occupancy"), "0.5000");
    ASSERT_NE(by_id(elements, "panel-" + id), nullptr);
  }
  bool has_axis_label = false;
  for (const auto& element : elements) {
    if (element.text.find("Registers per thread") != std::string::npos) has_axis_label = true;
  }
  EXPECT_TRUE(has_axis_label);
}

TEST(OccupancyGraph, CurvesFollowTheCalculator) {
  const GpuModel& gpu = testing::gpu("c1060");
  const OccupancyCurves curves = occupancy_curves(gpu, testing::kernel(128, 25, 640));
  const auto& regs = curves.series[1];
  // Fewer registers can only raise occupancy; 10 registers per thread reach 100% on 1.3.
  for (std::size_t i = 1; i < regs.points.size(); ++i) {
    EXPECT_LE(regs.points[i].occupancy, regs.points[i - 1].occupancy) << regs.points[i].x;
  }
  EXPECT_DOUBLE_EQ(regs.points[9].occupancy, 1.0);
  EXPECT_EQ(regs.points[9].x, 10);
  // Above the 124-register limit nothing launches.
  EXPECT_EQ(regs.points.back().x, 124);
  const auto& threads = curves.series[0];
  EXPECT_EQ(threads.points.front().x, 32);
  EXPECT_EQ(threads.points.back().x, 512);
}

TEST(OccupancyGraph, TitleIsEscaped) {
  OccupancyCurves curves = occupancy_curves(testing::gpu("h100"), testing::kernel(256, 32, 0));
  curves.title = "a<b & \"c\"";
  std::vector<Element> elements;
  ASSERT_TRUE(parse_xml(render_occupancy_svg(curves), elements));
  EXPECT_NE(by_id(elements, "title")->text.find("a&lt;b &amp; &quot;c&quot;"), std::string::npos);
}

}  // namespace
}  // namespace smsim::arch
