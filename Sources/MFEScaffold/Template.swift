import MFECore

/// One file of a template: a path relative to the template folder, which may hold Mustache
/// tags (`Sources/{{name}}/{{name}}Builder.swift.mustache`), and its text.
package struct TemplateFile: Sendable, Equatable {
    /// The path inside the template folder, `/`-separated.
    package var path: String
    /// The file's text: a Mustache template when `path` ends in `.mustache`, else copied as is.
    package var contents: String

    /// Creates a template file.
    package init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }

    /// Whether the file is rendered with Mustache (its name ends in `.mustache`).
    package var isMustache: Bool { path.hasSuffix(Self.mustacheExtension) }

    /// The suffix marking files rendered with Mustache.
    package static let mustacheExtension = ".mustache"
}

/// A template: a folder of files under `Templates/` (built in) or a team's `--templates DIR`,
/// with a `template.yml` describing it.
package struct Template: Sendable, Equatable {
    /// The folder name, e.g. `feature`.
    package var name: String
    /// `description:` from `template.yml`: one line shown by `mfe templates`.
    package var summary: String
    /// The files to render, sorted by path; `template.yml` itself is not among them.
    package var files: [TemplateFile]

    /// Creates a template.
    package init(name: String, summary: String, files: [TemplateFile]) {
        self.name = name
        self.summary = summary
        self.files = files.sorted { $0.path < $1.path }
    }

    /// The file in a template folder that describes it.
    package static let descriptionFileName = "template.yml"
}

/// The templates mfe knows by name.
package enum TemplateName {
    /// A product µFeature: `X`, `XInterface`, `XTesting`, `XTests`, `XExample`.
    package static let feature = "feature"
    /// A foundation µFeature: `X`, `XTesting`, `XTests`, optionally `XExample`.
    package static let foundation = "foundation"
    /// A product µFeature whose UI hosts web content, with a JSON message bridge.
    package static let web = "web"
    /// A workspace's own files: `mfe.yml`, README, `.gitignore`, CI workflow.
    package static let workspace = "workspace"
    /// A workspace's shell app: composition root, router and app executable.
    package static let shell = "shell"
    /// Files the Feed Me example adds on top of the package templates.
    package static let feedMe = "feedme"
}

/// What generated CI workflows pin: mfe's release bundle, by version and checksum, from a
/// repository's releases (no build of mfe); every action, by the commit of a release tag; and
/// the toolchains, by version.
package enum GeneratedCI {
    /// The release the workflows pin: the mfe that generated them.
    package static let mfeVersion = MFEKitVersion.current
    /// Where the workflows download mfe's release bundle from unless `mfe init
    /// --mfe-repository` names another repository (a fork, or a team's mirror).
    package static let mfeRepository = "https://github.com/mfe-tools/mfe"

    /// The SHA-256 of each released `mfe.artifactbundle.zip`, by version, as the release
    /// workflow printed it (`.github/bundle.sh --pack-only` prints the line to add here). A
    /// release's own binary cannot carry its bundle's checksum, as the binary is inside the
    /// bundle: every mfe built after the line is added pins it; the workflows of an mfe that
    /// does not know its own release's checksum leave `MFE_SHA256` empty, and install-mfe then
    /// checks the bundle against the release's own checksum file and warns until it is pinned.
    package static let bundleChecksums: [String: String] = [:]
    /// The SHA-256 the workflows pin for `mfeVersion`'s bundle, or empty when this mfe does not
    /// know it.
    package static var mfeSHA256: String { bundleChecksums[mfeVersion] ?? "" }

    /// An action pinned to the commit of one of its release tags: a tag can be moved, a commit
    /// cannot, and the tag in the comment says which release it is (and what Dependabot bumps).
    package struct PinnedAction: Sendable, Equatable {
        /// `OWNER/NAME`.
        package var name: String
        /// The release tag the commit is.
        package var tag: String
        /// The tag's commit, 40 hexadecimal digits.
        package var commit: String

        /// The `uses:` value: `actions/checkout@<commit> # v7.0.1`.
        package var uses: String { "\(name)@\(commit)  # \(tag)" }
    }

    /// `actions/checkout` v7.0.1.
    package static let checkout = PinnedAction(name: "actions/checkout", tag: "v7.0.1", commit: "3d3c42e5aac5ba805825da76410c181273ba90b1")
    /// `actions/cache` v5.0.5.
    package static let cache = PinnedAction(name: "actions/cache", tag: "v5.0.5", commit: "27d5ce7f107fe9357f9df03efb73ab90386fccae")
    /// The Swift of every job: the Linux jobs run in its official image, the macOS job uses the
    /// Xcode that ships it.
    package static let swiftVersion = "6.1.2"
    /// The official Swift image of the Linux build and test jobs.
    package static let swiftImage = "swift:\(swiftVersion)-noble"
    /// The Xcode of the macOS job (Swift `swiftVersion`), installed on `macOSRunner`.
    package static let xcodeVersion = "16.4"
    /// The GitHub-hosted runner of the macOS job.
    package static let macOSRunner = "macos-15"
    /// Where the macOS job runs the iOS apps' tests: a simulator `xcodeVersion` ships and
    /// `macOSRunner` has.
    package static let simulatorDestination = "platform=iOS Simulator,name=iPhone 16,OS=18.5"

    /// What the workflow templates see of all this.
    static var templateContext: [String: Any] {
        [
            "mfeVersion": mfeVersion, "mfeSHA256": mfeSHA256, "checkoutAction": checkout.uses, "cacheAction": cache.uses, "swiftVersion": swiftVersion,
            "swiftImage": swiftImage, "xcodeVersion": xcodeVersion, "macOSRunner": macOSRunner, "simulatorDestination": simulatorDestination,
        ]
    }

    /// The repository URL `--mfe-repository VALUE` names: `OWNER/NAME` on GitHub, or an
    /// `https://` URL (GitHub Enterprise) without a trailing slash or `.git`; nil for anything
    /// else, which would make the download fail on the first push.
    package static func repositoryURL(_ value: String) -> String? {
        func isName(_ part: Substring) -> Bool {
            !part.isEmpty && part != "." && part != ".." && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        }
        var url = value
        while url.hasSuffix("/") { url.removeLast() }
        if url.hasSuffix(".git") { url.removeLast(4) }
        if url.hasPrefix("https://") {
            let parts = url.dropFirst("https://".count).split(separator: "/", omittingEmptySubsequences: false)
            return parts.count >= 3 && parts.allSatisfy(isName) ? url : nil
        }
        let parts = url.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy(isName) ? "https://github.com/" + url : nil
    }
}

/// What a foundation package is for (`mfe create NAME --layer foundation --kind KIND`): the
/// foundation template writes the tool of that kind, its test double, tests and base
/// dependencies.
public enum FoundationKind: String, Sendable, Equatable, CaseIterable {
    /// `NAMELogging`, `PrintNAMELogger`, `RecordingNAMELogger` (the default).
    case logging
    /// `NAMEHTTPClient`, `URLSessionNAMEClient`, `StubNAMEClient`.
    case networking
    /// `NAMETheme` design tokens, a SwiftUI `NAMECard`, `NAMEThemeFixtures`.
    case ui

    /// The template variables selecting the kind's files and sections: `{{networking}}` true,
    /// `{{networkingSources}}` `Sources` and `{{networkingTests}}` `Tests` for the kind, and empty
    /// (so the files are skipped) for the others.
    var templateContext: [String: Any] {
        var context: [String: Any] = ["kind": rawValue]
        for kind in Self.allCases {
            context[kind.rawValue] = kind == self
            context[kind.rawValue + "Sources"] = kind == self ? "Sources" : ""
            context[kind.rawValue + "Tests"] = kind == self ? "Tests" : ""
        }
        return context
    }
}
