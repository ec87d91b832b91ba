# The Debian package a host installs (docs/DEPLOY.md): after the project's own build (scripts/setup.sh
# builds build/tonk and the page in web/dist),
#     cpack --config build/CPackConfig.cmake -B build/package
# writes build/package/tonk_VERSION_amd64.deb with
#     /usr/bin/tonk                          the program
#     /usr/share/tonk/web/                   the browser page (tonk serve's default --static when installed)
#     /lib/systemd/system/tonk-serve.service the service (deploy/tonk-serve.service)
#     /etc/tonk/serve.toml                   its settings, a conffile (deploy/serve.toml)
#     /usr/share/doc/tonk/                   README.md, DEPLOY.md, SCALING.md
#     /usr/share/doc/tonk/examples/          DEPLOY.md's proxy configurations, as in deploy/ (Caddyfile,
#                                            nginx/tonk), for a host who installs without a clone
# and maintainer scripts (deploy/debian/) that make the tonk user and /var/lib/tonk. These install
# rules are a component of their own, `package`, left out of a plain `cmake --install` (which installs
# the library for find_package(tonk)); tests/package/deb_test.sh builds, installs and removes it.
# The program is built for this machine's CPU unless configured with -DTONK_NATIVE=OFF (a package for
# other machines).
set(TONK_PAGE_DIR ${PROJECT_SOURCE_DIR}/web/dist CACHE PATH
    "The built browser page the package installs (scripts/setup.sh builds web/dist)")

install(CODE "
  if(NOT EXISTS \"${TONK_PAGE_DIR}/index.html\")
    message(FATAL_ERROR \"tonk: the package needs the built page in ${TONK_PAGE_DIR}: run scripts/setup.sh \"
                        \"(or, in web/, npm ci and node node_modules/vite/bin/vite.js build)\")
  endif()"
  COMPONENT package EXCLUDE_FROM_ALL)
install(TARGETS tonk_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT package EXCLUDE_FROM_ALL)
install(DIRECTORY ${TONK_PAGE_DIR}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/tonk/web COMPONENT package EXCLUDE_FROM_ALL)
# Debian 12 keeps packaged units in /lib/systemd/system (dpkg does not see /usr/lib as the same place).
install(FILES ${PROJECT_SOURCE_DIR}/deploy/tonk-serve.service DESTINATION /lib/systemd/system
        COMPONENT package EXCLUDE_FROM_ALL)
install(FILES ${PROJECT_SOURCE_DIR}/deploy/serve.toml DESTINATION /etc/tonk COMPONENT package EXCLUDE_FROM_ALL)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/docs/DEPLOY.md ${PROJECT_SOURCE_DIR}/docs/SCALING.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT package EXCLUDE_FROM_ALL)
# A package built on one machine is installed on another, with no clone there: DEPLOY.md's proxy
# steps copy these.
install(FILES ${PROJECT_SOURCE_DIR}/deploy/Caddyfile DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples
        COMPONENT package EXCLUDE_FROM_ALL)
install(FILES ${PROJECT_SOURCE_DIR}/deploy/nginx/tonk DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples/nginx
        COMPONENT package EXCLUDE_FROM_ALL)

# cpack runs the `preinstall` target first, which builds every target (the tests, the benchmarks)
# unless installing is told not to: the package needs tonk_cli alone, built before.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tonk)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Tonk card game: server, browser table and terminal player")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "tonk serve hosts tables of the card game Tonk (Tunk) for browsers, with provably fair deals; the\n"
    "package runs it as the tonk-serve service, its tables kept in /var/lib/tonk. The tonk program\n"
    "also plays at the terminal against bots and simulates hands.")
set(CPACK_PACKAGE_CONTACT "tonk maintainers <tonk@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_INSTALL_CMAKE_PROJECTS "${CMAKE_BINARY_DIR};tonk;package;/")  # the package component only
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # tonk_VERSION_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends from the libraries the program links (dpkg-shlibdeps)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "passwd")  # useradd, in postinst
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    ${PROJECT_SOURCE_DIR}/deploy/debian/conffiles ${PROJECT_SOURCE_DIR}/deploy/debian/postinst
    ${PROJECT_SOURCE_DIR}/deploy/debian/prerm ${PROJECT_SOURCE_DIR}/deploy/debian/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
include(CPack)
