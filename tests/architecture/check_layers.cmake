# Scans every #include "folder/..." under SRC and fails when a file in one
# layer's folder includes a folder its layer may not use. TABLE is the file
# src/CMakeLists.txt generates: ALLOWED_<layer> for each layer in LAYERS.
#   cmake -DTABLE=build/layers/layers.cmake -DSRC=src -P check_layers.cmake
cmake_minimum_required(VERSION 3.22)
include(${TABLE})
get_filename_component(SRC "${SRC}" ABSOLUTE)
set(violations "")
set(checked 0)
foreach(layer ${LAYERS})
  file(GLOB_RECURSE files ${SRC}/${layer}/*.hpp ${SRC}/${layer}/*.cpp)
  foreach(file ${files})
    file(STRINGS ${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"[a-z_]+/")
    foreach(line ${lines})
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([a-z_]+)/.*" "\\1" folder "${line}")
      math(EXPR checked "${checked} + 1")
      # Includes of a layer's own subfolders (nn/torch/, gen/image/) start
      # with the layer's name and pass; anything else must be allowed.
      if(NOT folder IN_LIST ALLOWED_${layer})
        file(RELATIVE_PATH rel ${SRC} ${file})
        string(JOIN ", " allowed ${ALLOWED_${layer}})
        list(APPEND violations "  src/${rel}: ${line}  (layer '${layer}' may use ${allowed})")
      endif()
    endforeach()
  endforeach()
endforeach()
if(checked LESS 100)
  message(FATAL_ERROR "only ${checked} includes found under ${SRC}: wrong folder?")
endif()
if(violations)
  string(REPLACE ";" "\n" text "${violations}")
  message(FATAL_ERROR "upward includes (docs/architecture.md has the plan):\n${text}")
endif()
message(STATUS "${checked} includes checked, none goes up a layer")
