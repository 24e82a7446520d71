import Foundation
import MFECore
import MFEManifest
import Testing

@testable import MFECompose

/// Which dependencies SwiftPM 6.3.1 follows, and how it spells a package's location.
@Suite("SwiftPM's dependency and spelling rules")
struct DependencyRulesTests {
    static let here = SourceLocation(file: "Package.swift", line: 1, column: 1)

    static func dependency(_ name: String, traits: [PackageDependency.Trait] = [.defaults]) -> PackageDependency {
        PackageDependency(.sourceControl(url: "https://example.com/\(name).git", requirement: .range(lowerBound: Version(1, 0, 0), upperBound: Version(2, 0, 0))), traits: traits, location: here)
    }

    static func uses(_ package: String, traits: [String]? = nil) -> TargetDependency {
        TargetDependency(.product(name: package, package: package), traits: traits, location: here)
    }

    /// Lib uses A; the executable Tool uses B through its helper target; Tests use C; nothing
    /// uses D; E is used only when trait Extra is on (when the package declares traits).
    static func manifest(tools: ToolsVersion = ToolsVersion(6, 0), traits: [PackageTrait] = []) -> PackageManifest {
        PackageManifest(
            name: "Library",
            toolsVersion: tools,
            dependencies: ["A", "B", "C", "D", "E"].map { dependency($0) },
            targets: [
                Target(name: "Lib", dependencies: [uses("A"), uses("E", traits: traits.isEmpty ? nil : ["Extra"])], location: here),
                Target(name: "Tool", kind: .executable, dependencies: [TargetDependency(.byName("ToolHelper"), location: here)], location: here),
                Target(name: "ToolHelper", dependencies: [uses("B")], location: here),
                Target(name: "LibTests", kind: .test, dependencies: [uses("C")], location: here),
            ],
            products: [Product(name: "Lib", kind: .library, targets: ["Lib"], location: here), Product(name: "tool", kind: .executable, targets: ["Tool"], location: here)],
            traits: traits,
            manifestPath: "Package.swift"
        )
    }

    func followed(_ manifest: PackageManifest, isRoot: Bool, traits: Set<String> = ["default"]) -> [String] {
        DependencyRules.requiredDependencies(of: manifest, isRoot: isRoot, enabledTraits: traits, baseDirectory: "/").map(\.location.identity)
    }

    @Test func aDependencyFollowsWhatEveryProductUsesExecutablesIncluded() {
        #expect(followed(Self.manifest(), isRoot: false) == ["a", "b", "e"])
    }

    @Test func theRootAndOldManifestsFollowEveryDeclaredDependency() {
        #expect(followed(Self.manifest(), isRoot: true) == ["a", "b", "c", "d", "e"])
        #expect(followed(Self.manifest(tools: ToolsVersion(5, 1)), isRoot: false) == ["a", "b", "c", "d", "e"])
    }

    @Test func traitConditionsApplyWhenThePackageDeclaresTraits() {
        let traits = [PackageTrait(name: "default", enabledTraits: []), PackageTrait(name: "Extra")]
        #expect(followed(Self.manifest(traits: traits), isRoot: false) == ["a", "b"])
        #expect(followed(Self.manifest(traits: traits), isRoot: false, traits: ["Extra"]) == ["a", "b", "e"])
        let defaultOn = [PackageTrait(name: "default", enabledTraits: ["Extra"]), PackageTrait(name: "Extra")]
        #expect(followed(Self.manifest(traits: defaultOn), isRoot: false) == ["a", "b", "e"])
        // The root: a dependency only trait-guarded targets use is left out while the trait is off.
        #expect(followed(Self.manifest(traits: traits), isRoot: true) == ["a", "b", "c", "d"])
    }

    static func canonical(_ location: String) -> String {
        let canonical = PinSpelling.canonical(location)
        return canonical.description + " " + (canonical.scheme ?? "-")
    }

    @Test func canonicalLocationsIgnoreCaseGitAndUserButKeepTheScheme() {
        #expect(Self.canonical("git@github.com:apple/swift-log.git") == "github.com/apple/swift-log ssh")
        #expect(Self.canonical("https://github.com/Apple/Swift-Log") == "github.com/apple/swift-log https")
        #expect(Self.canonical("ssh://git@github.com:22/apple/swift-log.git") == "github.com/apple/swift-log ssh")
        #expect(Self.canonical("/tmp/Env") == "/tmp/env file")
    }

    @Test func thePinIsSpelledAsSwiftPMSpellsIt() {
        let plain = PackageLocation(kind: .remoteSourceControl, location: "https://github.com/apple/swift-algorithms")
        let dotGit = PackageLocation(kind: .remoteSourceControl, location: "https://github.com/apple/swift-algorithms.git")
        let ssh = PackageLocation(kind: .remoteSourceControl, location: "git@github.com:apple/swift-algorithms.git")
        // Same scheme: the resolver's container, made for the first dependent decided.
        #expect(PinSpelling.location(resolver: plain, spellings: [plain, dotGit], declaredByRoot: false) == plain)
        #expect(PinSpelling.location(resolver: dotGit, spellings: [plain, dotGit], declaredByRoot: false) == dotGit)
        // Different schemes: the greatest string.
        #expect(PinSpelling.location(resolver: ssh, spellings: [ssh, dotGit], declaredByRoot: false) == dotGit)
        #expect(PinSpelling.location(resolver: dotGit, spellings: [ssh, dotGit], declaredByRoot: false) == dotGit)
        // The root's own spelling wins.
        #expect(PinSpelling.location(resolver: ssh, spellings: [ssh, dotGit], declaredByRoot: true) == ssh)
    }
}
