#pragma once
// The occupancy calculator's three graphs: occupancy against threads per block, against
// registers per thread and against shared memory per block, each varying one input of
// the kernel and keeping the others, with the kernel's own point marked.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "arch/gpu_model.h"
#include "arch/occupancy.h"

namespace smsim::arch {

struct OccupancyPoint {
  std::int64_t x = 0;
  double occupancy = 0.0;  // 0..1; 0 where the kernel cannot launch
};

struct OccupancySeries {
  std::string id;       // "threads", "registers", "shared-memory": SVG ids derive from it
  std::string title;    // panel title
  std::string x_label;  // axis label
  std::vector<OccupancyPoint> points;  // ascending x
  OccupancyPoint current;
};

struct OccupancyCurves {
  std::string title;
  std::array<OccupancySeries, 3> series;
};

// `input` is the kernel's point; its shared memory is taken as static + dynamic.
OccupancyCurves occupancy_curves(const GpuModel& gpu, const OccupancyInput& input);

// A standalone SVG document. Each series is a <polyline id="series-ID"> and its point a
// <polygon id="current-point-ID"> (the calculator's red triangle).
std::string render_occupancy_svg(const OccupancyCurves& curves);

}  // namespace smsim::arch
