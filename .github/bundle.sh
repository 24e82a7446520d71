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
# MFE_BINARY=PATH packs that mfe (say a debug build, for tests) instead of building one.
#
# Packing also writes OUTPUT_DIR/mfe-plugins (and mfe-plugins.zip): a package whose plugins run
# the bundle's mfe through a binaryTarget, so a team adding them compiles nothing: the command
# plugins lint-graph, compose-shell and affected, and the build-tool plugins
# LintGraphBuildToolPlugin and LintGraphImportsBuildToolPlugin (sources: Sources/*Plugin). Its
# binaryTarget downloads the release's zip from MFE_RELEASE_URL (default mfe's GitHub releases)
# with the zip's checksum; MFE_PLUGINS_LOCAL=1 points it at a copy of the unpacked bundle
# instead (binaryTarget(path:)), to try the plugins before a release.
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
    local binary version
    if [ -n "${MFE_BINARY:-}" ]; then
        binary="$MFE_BINARY"
    else
        swift build "${flags[@]}"
        binary="$(swift build "${flags[@]}" --show-bin-path)/mfe"
    fi
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
    plugins "$version" "$(cut -d ' ' -f 1 "$output/mfe.artifactbundle.zip.sha256")"
    # Generated workflows pin this checksum once mfe knows it: the binary inside cannot.
    echo "to pin it in generated CI, add to GeneratedCI.bundleChecksums (Sources/MFEScaffold/Template.swift): \"$version\": \"$(cut -d ' ' -f 1 "$output/mfe.artifactbundle.zip.sha256")\","
}

# The plugins package of the bundle: the plugin sources as mfe's own package has them (links
# followed), and a binaryTarget named mfe, which is the tool name the plugins ask for.
plugins() {
    local version="$1" checksum="$2" package="$output/mfe-plugins" binary
    rm -rf "$package" "$package.zip"
    mkdir -p "$package/Plugins"
    local names=(LintGraphPlugin ComposeShellPlugin AffectedPlugin LintGraphBuildToolPlugin LintGraphImportsBuildToolPlugin)
    for name in "${names[@]}"; do
        cp -RL "Sources/$name" "$package/Plugins/$name"
    done
    if [ "${MFE_PLUGINS_LOCAL:-}" = 1 ]; then
        cp -R "$output/mfe.artifactbundle" "$package/mfe.artifactbundle"
        binary='.binaryTarget(name: "mfe", path: "mfe.artifactbundle")'
    else
        local url="${MFE_RELEASE_URL:-https://github.com/mfe-tools/mfe/releases/download}"
        binary=".binaryTarget(name: \"mfe\", url: \"${url%/}/$version/mfe.artifactbundle.zip\", checksum: \"$checksum\")"
    fi
    # The manifest takes its verbs, descriptions and permissions from mfe's own Package.swift,
    # which the plugin sources were written for.
    cat > "$package/Package.swift" <<SWIFT
// swift-tools-version: 6.0
// mfe $version's plugins on its release binary (written by mfe's .github/bundle.sh).
import PackageDescription

let package = Package(
    name: "mfe-plugins",
    products: [
        .plugin(name: "LintGraphPlugin", targets: ["LintGraphPlugin"]),
        .plugin(name: "ComposeShellPlugin", targets: ["ComposeShellPlugin"]),
        .plugin(name: "AffectedPlugin", targets: ["AffectedPlugin"]),
        .plugin(name: "LintGraphBuildToolPlugin", targets: ["LintGraphBuildToolPlugin"]),
        .plugin(name: "LintGraphImportsBuildToolPlugin", targets: ["LintGraphImportsBuildToolPlugin"]),
    ],
    targets: [
        $binary,
        .plugin(
            name: "LintGraphPlugin",
            capability: .command(
                intent: .custom(verb: "lint-graph", description: "Check the layered dependency graph of this package's folder with mfe lint-graph.")
            ),
            dependencies: ["mfe"],
            path: "Plugins/LintGraphPlugin"
        ),
        .plugin(
            name: "ComposeShellPlugin",
            capability: .command(
                intent: .custom(verb: "compose-shell", description: "Pin the MFE revisions the shell ships with mfe compose-shell (--check writes nothing)."),
                permissions: [
                    .writeToPackageDirectory(reason: "mfe compose-shell writes the pins to Package.resolved"),
                    .allowNetworkConnections(scope: .all(), reason: "mfe compose-shell fetches the MFEs' git repositories to resolve their versions"),
                ]
            ),
            dependencies: ["mfe"],
            path: "Plugins/ComposeShellPlugin"
        ),
        .plugin(
            name: "AffectedPlugin",
            capability: .command(
                intent: .custom(verb: "affected", description: "List the packages and targets a git change affects with mfe affected.")
            ),
            dependencies: ["mfe"],
            path: "Plugins/AffectedPlugin"
        ),
        .plugin(name: "LintGraphBuildToolPlugin", capability: .buildTool(), dependencies: ["mfe"], path: "Plugins/LintGraphBuildToolPlugin"),
        .plugin(name: "LintGraphImportsBuildToolPlugin", capability: .buildTool(), dependencies: ["mfe"], path: "Plugins/LintGraphImportsBuildToolPlugin"),
    ]
)
SWIFT
    (cd "$output" && find mfe-plugins | LC_ALL=C sort | zip -q -X -@ mfe-plugins.zip)
    echo "wrote the plugins package of mfe $version: $package (and mfe-plugins.zip)"
}

case "$mode" in
    variant) build_variant ;;
    pack) pack ;;
    all) build_variant; pack ;;
esac
