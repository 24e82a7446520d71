#!/usr/bin/env bash
# Builds mfe for this machine and packs it as a SwiftPM artifact bundle (info.json schema 1.0,
# one variant per platform, chosen by target triple), so people and CI install a binary
# instead of compiling swift-syntax: on Linux a release build with the Swift runtime and
# Foundation linked statically (no Swift runtime beside it: `ldd` lists only libc, libm,
# libstdc++ and libgcc_s), on macOS one universal binary for arm64 and x86_64.
#
#   .github/bundle.sh [--variant-only | --pack-only] [OUTPUT_DIR]     (default .build/bundle)
#
# With no option it builds this machine's variant into OUTPUT_DIR/variants and packs every
# variant found there into OUTPUT_DIR/mfe.artifactbundle.zip with its SHA-256 checksum file
# mfe.artifactbundle.zip.sha256 (`sha256sum -c` format). The release workflow builds each
# platform's variant in its own job (--variant-only) and packs them together (--pack-only).
# The build is the one .ci/run makes (same flags), so in CI it only relinks if anything.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=all
case "${1:-}" in
    --variant-only) mode=variant; shift ;;
    --pack-only) mode=pack; shift ;;
    -*) echo "usage: .github/bundle.sh [--variant-only | --pack-only] [OUTPUT_DIR]" >&2; exit 64 ;;
esac
output="${1:-.build/bundle}"
mkdir -p "$output/variants"
output="$(cd "$output" && pwd)"

build_variant() {
    local flags name triples
    case "$(uname -s)" in
        Linux)
            flags=(-c release --product mfe --static-swift-stdlib)
            name="linux-$(uname -m)"
            triples="$(uname -m)-unknown-linux-gnu"
            ;;
        Darwin)
            flags=(-c release --product mfe --arch arm64 --arch x86_64)
            name="macos"
            triples="arm64-apple-macosx x86_64-apple-macosx"
            ;;
        *) echo "error: no bundle variant for $(uname -s); build on Linux or macOS" >&2; exit 2 ;;
    esac
    swift build "${flags[@]}"
    local binary version
    binary="$(swift build "${flags[@]}" --show-bin-path)/mfe"
    # `mfe --version` prints "VERSION (commit …)": the bundle's version is mfe's own.
    version="$("$binary" --version | cut -d' ' -f1)"
    rm -rf "$output/variants/$name"
    mkdir -p "$output/variants/$name/bin"
    cp "$binary" "$output/variants/$name/bin/mfe"
    strip "$output/variants/$name/bin/mfe" 2>/dev/null || true
    echo "$triples" > "$output/variants/$name.triples"
    echo "$version" > "$output/variants/$name.version"
    echo "built mfe $version for $triples: $output/variants/$name/bin/mfe"
}

pack() {
    local names=() name version=""
    for file in "$output"/variants/*.version; do
        [ -e "$file" ] || continue
        name="$(basename "$file" .version)"
        names+=("$name")
        if [ -n "$version" ] && [ "$version" != "$(cat "$file")" ]; then
            echo "error: variant $name is mfe $(cat "$file"), another is $version; build every variant from one commit" >&2
            exit 2
        fi
        version="$(cat "$file")"
    done
    if [ ${#names[@]} -eq 0 ]; then
        echo "error: no variants in $output/variants; run .github/bundle.sh --variant-only $output first" >&2
        exit 2
    fi
    local bundle="$output/mfe.artifactbundle"
    rm -rf "$bundle" "$bundle.zip" "$bundle.zip.sha256"
    mkdir -p "$bundle"
    local variants="" separator=""
    for name in "${names[@]}"; do
        cp -R "$output/variants/$name" "$bundle/mfe-$version-$name"
        local triples
        triples="$(tr ' ' '\n' < "$output/variants/$name.triples" | sed '/^$/d; s/.*/"&"/' | paste -sd, - | sed 's/,/, /g')"
        variants+="$separator        {\"path\": \"mfe-$version-$name/bin/mfe\", \"supportedTriples\": [$triples]}"
        separator=$',\n'
    done
    cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "mfe": {
      "version": "$version",
      "type": "executable",
      "variants": [
$variants
      ]
    }
  }
}
JSON
    # Sorted entries and no extra attributes, so the same binaries give the same archive.
    (cd "$output" && find mfe.artifactbundle | LC_ALL=C sort | zip -q -X -@ mfe.artifactbundle.zip)
    (cd "$output" && sha256sum mfe.artifactbundle.zip > mfe.artifactbundle.zip.sha256 2>/dev/null \
        || shasum -a 256 mfe.artifactbundle.zip > mfe.artifactbundle.zip.sha256)
    echo "packed mfe $version (${names[*]}): $output/mfe.artifactbundle.zip ($(wc -c < "$output/mfe.artifactbundle.zip") bytes)"
    cat "$output/mfe.artifactbundle.zip.sha256"
    # Generated workflows pin this checksum once mfe knows it: the binary inside cannot.
    echo "to pin it in generated CI, add to GeneratedCI.bundleChecksums (Sources/MFEScaffold/Template.swift): \"$version\": \"$(cut -d ' ' -f 1 "$output/mfe.artifactbundle.zip.sha256")\","
}

case "$mode" in
    variant) build_variant ;;
    pack) pack ;;
    all) build_variant; pack ;;
esac
