#!/usr/bin/env bash
# Runs the README's test command as a new user on a fresh Debian machine
# would: a fresh clone of this repository's HEAD in a fresh Debian chroot
# (debootstrap, minbase plus make, git and ca-certificates), empty caches, as
# root, nothing done by hand. `make fresh-debian-test` (SUITE=trixie: Debian
# 13, whose python3 is 3.13). Prints the wall time of `make test`; the log is
# in $WORK/make-test.log. Not part of `make test`: a cold run compiles
# everything (about an hour on 2 cores).
#   tools/fresh_debian_test.sh trixie [WORK]
set -euo pipefail

suite=${1:-trixie}
work=${2:-$HOME/.cache/parallel_pool/fresh-$suite}
repo=$(cd "$(dirname "$0")/.." && pwd)
root=$work/root

cleanup() {
  # Everything mounted under the chroot, deepest first (the wheel test's own
  # chroots mount their /proc inside it).
  { grep -o " $root/[^ ]*" /proc/mounts || true; } | sort -r | while read -r mount; do umount -l "$mount" || true; done
}
trap cleanup EXIT

cleanup
# Never delete through a mount (a bound /dev would take the host's with it).
if grep -q " $root/" /proc/mounts; then
  echo "fresh_debian_test: mounts under $root remain; not deleting it" >&2
  exit 1
fi
rm -rf --one-file-system "$work"
mkdir -p "$root"
command -v debootstrap >/dev/null || apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
echo "fresh_debian_test: debootstrap $suite into $root" >&2
debootstrap --variant=minbase --include=make,git,ca-certificates "$suite" "$root" >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log" >&2; exit 1; }
echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99parallel-pool"
# The machine's network, not the project: its resolver, its CA certificates
# (where a proxy signs the package index's, as here) and its pip settings.
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/usr/local/share/ca-certificates"
cp /etc/ssl/certs/ca-certificates.crt "$root/usr/local/share/ca-certificates/machine.crt"
chroot "$root" update-ca-certificates >/dev/null 2>&1
[[ ! -f /etc/pip.conf ]] || cp /etc/pip.conf "$root/etc/pip.conf"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --rbind /sys "$root/sys"
mount -t tmpfs tmpfs "$root/dev/shm"

git clone -q "$repo" "$root/root/parallel_pool"
echo "fresh_debian_test: make test in $suite (python3: $(chroot "$root" python3 --version 2>&1 || echo none))" >&2
start=$(date +%s)
status=0
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  LANG=C.UTF-8 /bin/bash -c 'cd /root/parallel_pool && make test' >"$work/make-test.log" 2>&1 || status=$?
echo "fresh_debian_test: make test exited $status after $(($(date +%s) - start)) s (log: $work/make-test.log)"
exit "$status"
