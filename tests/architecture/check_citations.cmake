# Fails when code cites what a reader of a clone cannot open:
#  - a tracker number ("issue N", "issues N", "issue #N") in the code folders:
#    the comment should give the reason, not a pointer to a discussion;
#  - the folder beside the checkout (../shared/{docs,papers}) in any
#    of them or in the documentation (docs/notebook, dated history, aside):
#    the project's conventions are docs/interface.md, papers are cited by
#    their authors and title. (../shared/benchmarks stays: tests read it and
#    skip without it.)
#   cmake -DROOT=. -P tests/architecture/check_citations.cmake
cmake_minimum_required(VERSION 3.22)
get_filename_component(ROOT "${ROOT}" ABSOLUTE)
set(code_folders src apps web python tests scripts bench cmake .ci)
set(patterns "")
foreach(folder ${code_folders})
  list(APPEND patterns ${ROOT}/${folder}/*)
endforeach()
file(GLOB_RECURSE code LIST_DIRECTORIES false ${patterns})
file(GLOB top LIST_DIRECTORIES false ${ROOT}/*.txt ${ROOT}/*.md ${ROOT}/*.toml ${ROOT}/*.json)
file(GLOB_RECURSE docs LIST_DIRECTORIES false ${ROOT}/docs/*.md)
list(FILTER docs EXCLUDE REGEX "/docs/notebook/")
list(APPEND code ${top})
# Only text that people read: sources, scripts, build files, documents.
list(FILTER code INCLUDE REGEX "(\\.(c|cc|cpp|h|hpp|py|pyi|js|mjs|ts|html|css|sh|cmake|txt|md|toml|json|in)|/run)$")
list(FILTER code EXCLUDE REGEX "/(__pycache__|node_modules)/")

# CMake's regular expressions know no case-insensitive flag nor \b.
set(tracker "(^|[^A-Za-z])[Ii][Ss][Ss][Uu][Ee][Ss]?[ \t]*#?[0-9]")
set(beside "\\.\\./shared/(docs|papers)")
set(problems "")
set(scanned 0)
foreach(file ${code} ${docs})
  file(RELATIVE_PATH rel ${ROOT} ${file})
  math(EXPR scanned "${scanned} + 1")
  set(regex "${beside}")
  if(file IN_LIST code)
    set(regex "${tracker}|${beside}")
  endif()
  file(STRINGS ${file} hits REGEX "${regex}")
  foreach(hit ${hits})
    string(STRIP "${hit}" hit)
    list(APPEND problems "  ${rel}: ${hit}")
  endforeach()
endforeach()
if(scanned LESS 100)
  message(FATAL_ERROR "only ${scanned} files found under ${ROOT}: wrong folder?")
endif()
if(problems)
  string(JOIN "\n" text ${problems})
  message(FATAL_ERROR "citations a reader of a clone cannot follow (write the reason, "
                      "or docs/interface.md, or the paper's authors and title):\n${text}")
endif()
message(STATUS "${scanned} files cite no tracker number and nothing beside the checkout")
