# The WebAssembly engine (issue 52): the layer libraries and the page's API
# (apps/wasm) built by Debian's emscripten, configured with
#   emcmake cmake -S . -B build/wasm -DNONOLAB_WASM_DEPS=DIR
# where DIR holds the unpacked Debian source packages of the compiled
# dependencies (scripts/setup.sh --with web fetches them with apt-get
# source): pugixml-* and zlib-*. CaDiCaL comes from the one place every
# build takes it (cmake/sat_engines.cmake, -DNONOLAB_SAT_DEPS=...). Emscripten's own ports
# download from the internet, which these machines cannot reach, so every
# dependency is compiled here from Debian's sources; the header-only ones
# (nlohmann-json, xxHash) come from Debian's /usr/include through a folder
# that holds only them (all of /usr/include would bring glibc's headers).
if(NOT NONOLAB_WASM_DEPS OR NOT IS_DIRECTORY "${NONOLAB_WASM_DEPS}")
  message(FATAL_ERROR "NONOLAB_WASM_DEPS must name the folder of the unpacked Debian sources "
                      "of pugixml and zlib (scripts/setup.sh --with web makes it)")
endif()
file(GLOB pugixml_dir LIST_DIRECTORIES true "${NONOLAB_WASM_DEPS}/pugixml-*")
file(GLOB zlib_dir LIST_DIRECTORIES true "${NONOLAB_WASM_DEPS}/zlib-*")
foreach(dep pugixml_dir zlib_dir)
  list(FILTER ${dep} EXCLUDE REGEX "\\.(tar|dsc|gz|xz|bz2)")
  if(NOT ${dep})
    message(FATAL_ERROR "${NONOLAB_WASM_DEPS} holds no ${dep}: run scripts/setup.sh --with web")
  endif()
endforeach()

# Exceptions carry every error to the page (a reader's "file:line: expected
# ..."), so they must work; WebAssembly's own exception handling costs
# nothing on the hot path, unlike emscripten's JavaScript emulation, and
# both Chromium and Node 20 have it.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)

# Header-only dependencies from Debian.
set(header_view ${PROJECT_BINARY_DIR}/debian-headers)
file(MAKE_DIRECTORY ${header_view})
foreach(h nlohmann xxhash.h)
  if(NOT EXISTS /usr/include/${h})
    message(FATAL_ERROR "/usr/include/${h} not found: install nlohmann-json3-dev libxxhash-dev")
  endif()
  file(CREATE_LINK /usr/include/${h} ${header_view}/${h} SYMBOLIC)
endforeach()
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE ${header_view})
set(XXHASH_INCLUDE_DIR ${header_view} CACHE PATH "" FORCE)

# pugixml 1.13 and zlib 1.2.13, as static libraries of their own sources.
add_library(pugixml_wasm STATIC ${pugixml_dir}/src/pugixml.cpp)
target_include_directories(pugixml_wasm SYSTEM PUBLIC ${pugixml_dir}/src)
add_library(pugixml::static ALIAS pugixml_wasm)
enable_language(C)
file(GLOB zlib_sources ${zlib_dir}/*.c)
list(FILTER zlib_sources EXCLUDE REGEX "/(gz[a-z]*|example|minigzip)\\.c$")
add_library(zlib_wasm STATIC ${zlib_sources})
target_include_directories(zlib_wasm SYSTEM PUBLIC ${zlib_dir})
target_compile_options(zlib_wasm PRIVATE -O2 -w)
add_library(ZLIB::ZLIB ALIAS zlib_wasm)

# What the browser has not: plugins (LibTorch, OpenCV, Open MPI, the HTTP
# server). The layers build without them, as on a machine lacking them.
set(NONOLAB_OPENCV OFF CACHE BOOL "" FORCE)
set(NONOLAB_HAVE_TORCH OFF)
