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
# (scripts/setup.sh and scripts/build_web.sh run it), checking each tarball
# against cmake/sat_engines.sha256.
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

# CaDiCaL: the library's files (all but the two front ends), as its
# makefile builds them, with the build.hpp its configure would write.
# (Not -DNBUILD: then version.cpp guesses, and 1.7.4's guess says 1.7.3.)
file(READ ${cadical_dir}/VERSION cadical_version)
string(STRIP "${cadical_version}" cadical_version)
file(GLOB cadical_sources ${cadical_dir}/src/*.cpp)
list(FILTER cadical_sources EXCLUDE REGEX "/(cadical|mobical)\\.cpp$")
set(cadical_build ${PROJECT_BINARY_DIR}/sat-engines/cadical)
file(MAKE_DIRECTORY ${cadical_build})
file(WRITE ${cadical_build}/build.hpp.new
     "#define VERSION \"${cadical_version}\"\n#define IDENTIFIER \"debian-trixie-source\"\n"
     "#define COMPILER \"${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}\"\n"
     "#define DATE \"\"\n#define FLAGS \"-O3 -DNDEBUG\"\n")
# Rewritten only when it changes, so a reconfigure does not rebuild CaDiCaL.
file(COPY_FILE ${cadical_build}/build.hpp.new ${cadical_build}/build.hpp ONLY_IF_DIFFERENT)
add_library(nonolab_cadical STATIC ${cadical_sources})
nonolab_sat_engine_target(nonolab_cadical)
target_include_directories(nonolab_cadical PRIVATE ${cadical_build})
target_include_directories(nonolab_cadical SYSTEM PUBLIC ${cadical_dir}/src)
if(EMSCRIPTEN)  # no messages nor statistics code in the page's engine
  target_compile_definitions(nonolab_cadical PRIVATE QUIET)
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
  file(MAKE_DIRECTORY ${kissat_build})
  file(WRITE ${kissat_build}/build.h.new
       "#define VERSION \"${kissat_version}\"\n#define COMPILER \"${CMAKE_C_COMPILER_ID} "
       "${CMAKE_C_COMPILER_VERSION} -O3 -DNDEBUG\"\n#define ID \"debian-trixie-source\"\n"
       "#define BUILD \"\"\n#define DIR \"\"\n")
  file(COPY_FILE ${kissat_build}/build.h.new ${kissat_build}/build.h ONLY_IF_DIFFERENT)
  add_library(nonolab_kissat STATIC ${kissat_sources})
  nonolab_sat_engine_target(nonolab_kissat)
  target_include_directories(nonolab_kissat PRIVATE ${kissat_build})
  target_include_directories(nonolab_kissat SYSTEM PUBLIC ${kissat_dir}/src)
  target_link_libraries(nonolab_kissat PUBLIC m)
endif()

# The engines' own front ends, for the tests: our CNF to `cadical` as the
# reference competitor (bench --vs cadical) and a model's decoding.
if(NONOLAB_TESTS AND NOT EMSCRIPTEN)
  add_executable(cadical ${cadical_dir}/src/cadical.cpp)
  nonolab_sat_engine_target(cadical)
  target_include_directories(cadical PRIVATE ${cadical_build})
  target_link_libraries(cadical PRIVATE nonolab_cadical)
  set_target_properties(cadical PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/sat-engines/bin)
  if(NONOLAB_KISSAT)
    add_executable(kissat ${kissat_app_sources})
    nonolab_sat_engine_target(kissat)
    target_include_directories(kissat PRIVATE ${kissat_build})
    target_link_libraries(kissat PRIVATE nonolab_kissat)
    set_target_properties(kissat PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/sat-engines/bin)
  endif()
endif()
