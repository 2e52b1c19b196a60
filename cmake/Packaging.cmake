# The installation's documents and the Debian package (`cpack -G DEB`, or the `package` target).
# Each folder installs its own files (cli/: chronon, its man pages and completion; vm/jit/: the JIT's
# library; stdlib/: the bundled robots; editors/: the VS Code extension); docs/install.md lists the
# layout. Configure after cmake/setup.sh, which installs dpkg-dev (dpkg-shlibdeps) for the package.

install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Debian's policy wants the licence as /usr/share/doc/PACKAGE/copyright.
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)

set(CPACK_PACKAGE_NAME chronon)
set(CPACK_PACKAGE_VENDOR "The Chronon authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "toolchain for RoboTalk (RoboWar), Grobocode (Grobots) and the Robbie Language")
set(CPACK_PACKAGE_DESCRIPTION
    "Chronon compiles, checks, runs and debugs robots of the classic robot-battle games: RoboWar's\n"
    "RoboTalk, Grobots' Grobocode and the Robbie Language. It plays battles and tournaments with an\n"
    "interpreter or an LLVM JIT, writes replays with a battle viewer, and serves a language server,\n"
    "a debug adapter and a REPL; the VS Code extension is in /usr/share/chronon.")
set(CPACK_PACKAGE_CONTACT "The Chronon authors <chronon@users.invalid>")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# The build is RelWithDebInfo: the package carries the code without its debug information.
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Dependencies are read from the binaries by dpkg-shlibdeps, as Debian's policy asks; the JIT's
# library is loaded with dlopen, so it is read as a file of its own.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The completion script (share/bash-completion) is read by bash-completion when it is installed.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bash-completion")
include(CPack)
