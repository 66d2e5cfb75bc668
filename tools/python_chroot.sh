#!/usr/bin/env bash
# Makes a Debian chroot holding another CPython, idempotently, for building and
# testing the wheel of that version (docs/wheel.md, "Python versions"): a
# Debian release ships one CPython, so other versions come from other suites
# of Debian's archive, which set-up reaches anyway (no current suite has 3.12).
#   tools/python_chroot.sh trixie 3.13   # Debian 13: CPython 3.13
#   tools/python_chroot.sh sid 3.14      # Debian unstable: CPython 3.14
#   tools/python_chroot.sh 3.13          # the suite the wheels use for 3.13
# Prints the chroot's path. A second run does nothing: the chroot is complete
# when its stamp file exists (a failed debootstrap is started over).
set -euo pipefail

usage="usage: tools/python_chroot.sh [SUITE] PYTHON_VERSION"
if [[ $# -eq 1 ]]; then
  version=$1
  case "$version" in
    3.11) suite=bookworm ;;  # Debian 12's (for a Debian 13 machine)
    3.13) suite=trixie ;;    # Debian 13's
    3.14) suite=sid ;;
    *)
      echo "python_chroot: no Debian suite is chosen for CPython $version (3.11, 3.13, 3.14);" \
        "build its wheel with a venv of that interpreter instead" \
        "(make wheel VENV=... PYTHON=python$version WHEEL_PYTHONS=$version)" >&2
      exit 2
      ;;
  esac
else
  suite=${1:?$usage}
  version=${2:?$usage}
fi
root=${CHROOT_DIR:-$HOME/.cache/parallel_pool/chroots}/$suite-python$version
stamp=$root/.parallel_pool-complete

if [[ ! -f "$stamp" ]]; then
  command -v debootstrap >/dev/null || {
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
  }
  rm -rf --one-file-system "$root"  # never through a mount left inside
  mkdir -p "$root"
  echo "python_chroot: debootstrap $suite (python$version) into $root" >&2
  packages="python$version,python$version-venv,python$version-dev,ca-certificates"
  # debootstrap resolves no dependency of an --include'd package: Debian 12's
  # venv needs python3.11-distutils, which python3-distutils provides.
  [[ "$version" != 3.11 ]] || packages+=",python3-distutils,python3-lib2to3"
  debootstrap --variant=minbase --include="$packages" \
    "$suite" "$root" >"$root.log" 2>&1 || { tail -20 "$root.log" >&2; exit 1; }
  # sid's Release file outlives the archive snapshot's validity window.
  echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99parallel-pool"
  touch "$stamp"
fi
# pip inside reaches the index with the host's resolver and CA bundle.
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
# What the wheel test needs there beyond Python: EGL and Mesa's software
# renderer (MuJoCo's offscreen rendering), as the host's set-up installs.
runtime="libegl1 libegl-mesa0 libgl1-mesa-dri"
# shellcheck disable=SC2086  # the package names are words
if ! chroot "$root" dpkg -s $runtime >/dev/null 2>&1; then
  chroot "$root" apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -qq --no-install-recommends $runtime >/dev/null
fi
echo "$root"
