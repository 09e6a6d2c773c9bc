# libcudart.so.13: the CUDA runtime API (src/runtime/cudart) over the
# smsim_runtime layer. The API files need the CUDA headers, so they are kept
# out of the static layer and built only where the headers exist.

file(GLOB cudart_api_srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
get_target_property(runtime_layer_srcs smsim_runtime SOURCES)
list(REMOVE_ITEM runtime_layer_srcs ${cudart_api_srcs})
set_property(TARGET smsim_runtime PROPERTY SOURCES ${runtime_layer_srcs})
target_compile_definitions(smsim_runtime PRIVATE SMSIM_CONFIG_DIR="${SMSIM_CONFIG_DIR}")

find_path(SMSIM_CUDA_INCLUDE_DIR cuda_runtime_api.h
  HINTS $ENV{CUDA_HOME}/include /usr/local/cuda/include)
if(NOT SMSIM_CUDA_INCLUDE_DIR)
  message(STATUS "cuda_runtime_api.h not found: libcudart.so.13 (target cudart) is not built")
  return()
endif()

set(cudart_map ${CMAKE_CURRENT_LIST_DIR}/libcudart.map)
add_library(cudart SHARED ${cudart_api_srcs} ${CMAKE_CURRENT_LIST_DIR}/not_supported_stubs.c)
target_include_directories(cudart PRIVATE ${SMSIM_CUDA_INCLUDE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(cudart PRIVATE smsim::runtime smsim_warnings)
set_target_properties(cudart PROPERTIES
  OUTPUT_NAME cudart
  SOVERSION 13
  VERSION 13
  NO_SONAME OFF
  C_VISIBILITY_PRESET default
  CXX_VISIBILITY_PRESET default
  LINK_DEPENDS ${cudart_map})
target_link_options(cudart PRIVATE -Wl,--version-script=${cudart_map} -Wl,--no-undefined)
