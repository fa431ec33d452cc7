#!/usr/bin/env bash
# Builds the image the Dockerfile starts from when no registry can be reached: Debian bookworm
# (debootstrap, minbase) with the project's own Node (the `node` dev dependency, so the same
# version `npm start` runs on) and the machine's npm, in the places the official `node` images
# use (/usr/local/bin). Needs root, debootstrap and podman, and `npm ci` run in the repository.
# Usage: container/base-image.sh TAG    then: podman build --build-arg BASE_IMAGE=TAG …
set -euo pipefail

tag=${1:?usage: container/base-image.sh TAG}
repo=$(cd "$(dirname "$0")/.." && pwd)
node=$repo/node_modules/node/bin/node
[ -x "$node" ] || { echo "base-image: $node is missing: run npm ci first" >&2; exit 1; }
npm_cli=$(readlink -f "$(command -v npm)")
npm_dir=$(dirname "$(dirname "$npm_cli")")
[ -f "$npm_dir/package.json" ] || { echo "base-image: cannot find npm's folder from $npm_cli" >&2; exit 1; }

rootfs=$(mktemp -d /tmp/pips-base-rootfs.XXXXXX)
trap 'rm -rf "$rootfs"' EXIT

debootstrap --variant=minbase bookworm "$rootfs" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >&2
install -m 0755 "$node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# What debootstrap downloaded is not needed to run anything.
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*

tar -C "$rootfs" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' - "$tag" >/dev/null
echo "$tag"
