# The SAT engines, CaDiCaL 1.7.4 and Kissat 4.0.2, compiled from their
# upstream sources (Debian 13's .orig tarballs) in one place for every
# build: the native executable, its plugins and the Python module, and the
# WebAssembly engine (cmake/wasm.cmake). Debian 12 ships CaDiCaL 1.5.3,
# which lacks the external-propagator interface (IPASIR-UP, CaDiCaL 1.6.0
# on), and no Kissat; building both here also means the .deb needs no
# libcadical1 and every front end runs the same engine.
#
# NONOLAB_SAT_DEPS names the folder that holds the unpacked sources,
# cadical-1.7.4/ and kissat-4.0.2/; scripts/fetch_sat_engines.sh writes it
# (scripts/setup.sh and scripts/build_web.sh run it, and so does this file
# when they are missing), checking each tarball against
# cmake/sat_engines.sha256.
#
# Targets made here:
#   nonolab_cadical   CaDiCaL's library files, static (with NONOLAB_CADICAL)
#   nonolab_kissat    Kissat's library files, static C (with NONOLAB_KISSAT)
#   cadical, kissat   their own front ends (native builds with the tests):
#                     what the tests run as competitors and proof writers
set(NONOLAB_SAT_DEPS "${PROJECT_BINARY_DIR}/sat-deps" CACHE PATH
    "Folder of the unpacked CaDiCaL and Kissat sources (scripts/fetch_sat_engines.sh writes it)")
option(NONOLAB_KISSAT "Build Kissat (from NONOLAB_SAT_DEPS) as a racing engine of the exact solver" ON)
if(EMSCRIPTEN)
  # One thread in the page: Kissat would only race CaDiCaL, and there is no
  # second core to race on (the engine runs in one web worker).
  set(NONOLAB_KISSAT OFF)
endif()
if(NOT NONOLAB_CADICAL)
  set(NONOLAB_KISSAT OFF)  # the portfolio lives in the CaDiCaL back end
  return()
endif()

set(cadical_dir ${NONOLAB_SAT_DEPS}/cadical-1.7.4)
set(kissat_dir ${NONOLAB_SAT_DEPS}/kissat-4.0.2)
# A configure that did not come through scripts/setup.sh (pip's build of the
# Python module, a plain `cmake -S . -B DIR`) fetches the sources itself.
if(NOT EXISTS ${cadical_dir}/.unpacked OR NOT EXISTS ${kissat_dir}/.unpacked)
  message(STATUS "Fetching the CaDiCaL and Kissat sources into ${NONOLAB_SAT_DEPS}")
  execute_process(COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/fetch_sat_engines.sh ${NONOLAB_SAT_DEPS}
                  RESULT_VARIABLE fetched)
endif()
foreach(dir ${cadical_dir} ${kissat_dir})
  if(NOT EXISTS ${dir}/.unpacked)
    message(FATAL_ERROR "${dir} not found: run scripts/fetch_sat_engines.sh ${NONOLAB_SAT_DEPS} "
                        "(scripts/setup.sh does), or configure with -DNONOLAB_CADICAL=OFF "
                        "(no CaDiCaL: the exact solver searches without clause learning)")
  endif()
endforeach()

# What every engine target shares: optimised whatever the build type, no
# warnings (not our code), position-independent (the plugins and the Python
# module are shared objects), and none of the fuzzer's or sanitizers'
# instrumentation: those test our code, and the engines' authors test
# theirs.
function(nonolab_sat_engine_target target)
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(NONOLAB_FUZZ OR NONOLAB_SANITIZE)
    set_property(TARGET ${target} PROPERTY COMPILE_OPTIONS "")
    set_property(TARGET ${target} PROPERTY LINK_OPTIONS "")
  endif()
  target_compile_options(${target} PRIVATE -O3 -w)
  target_compile_definitions(${target} PRIVATE NDEBUG)
  if(NONOLAB_STARTUP_ORDER)  # lld places each function by apps/startup_order.txt
    target_compile_options(${target} PRIVATE -ffunction-sections)
  endif()
endfunction()

# The build header an engine's configure would write (FILE, from the
# CONTENT given), rewritten only when it changes, so that a reconfigure
# does not rebuild the engine.
function(nonolab_sat_engine_header file content)
  get_filename_component(dir ${file} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  file(WRITE ${file}.new "${content}")
  file(COPY_FILE ${file}.new ${file} ONLY_IF_DIFFERENT)
endfunction()

# CaDiCaL: the library's files (all but the two front ends), as its
# makefile builds them, with the build.hpp its configure would write.
# (Not -DNBUILD: then version.cpp guesses, and 1.7.4's guess says 1.7.3.)
# The version is the release's (the tarball's name): rel-1.7.4's own VERSION
# file still says 1.7.3.
set(cadical_version 1.7.4)
file(GLOB cadical_sources ${cadical_dir}/src/*.cpp)
list(FILTER cadical_sources EXCLUDE REGEX "/(cadical|mobical)\\.cpp$")
set(cadical_build ${PROJECT_BINARY_DIR}/sat-engines/cadical)
nonolab_sat_engine_header(${cadical_build}/build.hpp
  "#define VERSION \"${cadical_version}\"\n#define IDENTIFIER \"debian-trixie-source\"\n\
#define COMPILER \"${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}\"\n\
#define DATE \"\"\n#define FLAGS \"-O3 -DNDEBUG\"\n")
add_library(nonolab_cadical STATIC ${cadical_sources})
nonolab_sat_engine_target(nonolab_cadical)
# Users see the public header only, through a folder of its own: the
# source folder's other headers (random.hpp, file.hpp, ...) would shadow
# same-named ones of ours.
set(sat_include ${PROJECT_BINARY_DIR}/sat-engines/include)
file(MAKE_DIRECTORY ${sat_include})
file(COPY_FILE ${cadical_dir}/src/cadical.hpp ${sat_include}/cadical.hpp ONLY_IF_DIFFERENT)
target_include_directories(nonolab_cadical PRIVATE ${cadical_build} ${cadical_dir}/src)
target_include_directories(nonolab_cadical SYSTEM PUBLIC ${sat_include})
if(EMSCRIPTEN)  # no messages nor statistics code in the page's engine
  target_compile_definitions(nonolab_cadical PRIVATE QUIET)
endif()
# The unity build (NONOLAB_UNITY) halves CaDiCaL's compile time, which the
# first build of scripts/run.sh waits for. Three files define a helper of
# the same name as another file does; they compile on their own.
if(NONOLAB_UNITY)
  set_target_properties(nonolab_cadical PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  set_source_files_properties(${cadical_dir}/src/internal.cpp ${cadical_dir}/src/lratbuilder.cpp
                              ${cadical_dir}/src/probe.cpp
                              PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endif()

if(NONOLAB_KISSAT)
  # Kissat: its library files (its makefile's LIBSRC: all but main.c and
  # the four files of the application), and the build.h its configure
  # writes; the default configuration (proofs and options in).
  enable_language(C)
  file(READ ${kissat_dir}/VERSION kissat_version)
  string(STRIP "${kissat_version}" kissat_version)
  file(GLOB kissat_sources ${kissat_dir}/src/*.c)
  set(kissat_app_regex "/(main|application|handle|parse|witness)\\.c$")
  set(kissat_app_sources ${kissat_sources})
  list(FILTER kissat_sources EXCLUDE REGEX "${kissat_app_regex}")
  list(FILTER kissat_app_sources INCLUDE REGEX "${kissat_app_regex}")
  set(kissat_build ${PROJECT_BINARY_DIR}/sat-engines/kissat)
  nonolab_sat_engine_header(${kissat_build}/build.h
    "#define VERSION \"${kissat_version}\"\n\
#define COMPILER \"${CMAKE_C_COMPILER_ID} ${CMAKE_C_COMPILER_VERSION} -O3 -DNDEBUG\"\n\
#define ID \"debian-trixie-source\"\n#define BUILD \"\"\n#define DIR \"\"\n")
  # With our proof-trace glue, which needs Kissat's internal headers
  # (src/exact/kissat_proof_trace.h says why).
  add_library(nonolab_kissat STATIC ${kissat_sources}
              ${PROJECT_SOURCE_DIR}/src/exact/kissat_proof_trace.c)
  nonolab_sat_engine_target(nonolab_kissat)
  file(COPY_FILE ${kissat_dir}/src/kissat.h ${sat_include}/kissat.h ONLY_IF_DIFFERENT)
  target_include_directories(nonolab_kissat PRIVATE ${kissat_build} ${kissat_dir}/src)
  target_include_directories(nonolab_kissat SYSTEM PUBLIC ${sat_include})
  target_link_libraries(nonolab_kissat PUBLIC m)
endif()

# The engines' own front ends, for the tests: our CNF to `cadical` as the
# reference competitor (bench --vs cadical) and a model's decoding.
if(NONOLAB_TESTS AND NOT EMSCRIPTEN)
  add_executable(cadical ${cadical_dir}/src/cadical.cpp)
  nonolab_sat_engine_target(cadical)
  target_include_directories(cadical PRIVATE ${cadical_build} ${cadical_dir}/src)
  target_link_libraries(cadical PRIVATE nonolab_cadical)
  set_target_properties(cadical PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/sat-engines/bin)
  if(NONOLAB_KISSAT)
    add_executable(kissat ${kissat_app_sources})
    nonolab_sat_engine_target(kissat)
    target_include_directories(kissat PRIVATE ${kissat_build} ${kissat_dir}/src)
    target_link_libraries(kissat PRIVATE nonolab_kissat)
    set_target_properties(kissat PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/sat-engines/bin)
  endif()
endif()
