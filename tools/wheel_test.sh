#!/usr/bin/env bash
# Runs tests/wheel_test.py on the wheel of one CPython version in wheelhouse/
# (`make wheel-test` calls it once per version of WHEEL_PYTHONS):
#   tools/wheel_test.sh VENV_PYTHON 3.13
# VENV_PYTHON (the project venv's) runs pytest and the references. The wheel
# of its own version is installed into a venv of that interpreter; another
# version's into a venv made inside that version's Debian chroot
# (tools/python_chroot.sh), pytest's folders lying inside the chroot so that
# both sides see them at one path (tests/wheel_test.py, _chroot_launcher).
set -euo pipefail

venv_python=${1:?usage: tools/wheel_test.sh VENV_PYTHON VERSION}
version=${2:?usage: tools/wheel_test.sh VENV_PYTHON VERSION}
cd "$(dirname "$0")/.."

host_version=$("$venv_python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
echo "wheel_test: CPython $version" >&2
if [[ "$version" == "$host_version" ]]; then
  exec "$venv_python" -m pytest -q tests/wheel_test.py
fi
root=$(tools/python_chroot.sh "$version")
rm -rf "$root/tmp/wheel-test"
status=0
WHEEL_TEST_PYTHON=$version WHEEL_TEST_ROOT=$root \
  "$venv_python" -m pytest -q -p no:cacheprovider --basetemp="$root/tmp/wheel-test" tests/wheel_test.py || status=$?
rm -rf "$root/tmp/wheel-test"
exit $status
