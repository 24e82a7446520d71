import Foundation
import MFECore
import MFEManifest
import Testing

@testable import MFEWorkspace

/// The exact text of workspace errors: messages are contract, so unit tests compare error
/// values and this table pins the prose of each kind once.
@Suite("workspace error messages")
struct WorkspaceErrorMessageTests {
    static func at(_ line: Int, _ column: Int) -> MFECore.SourceLocation { SourceLocation(file: "/w/mfe.yml", line: line, column: column) }
    static let product = LayerTable.Entry(glob: NameGlob("*Feature"), assignment: LayerAssignment(layer: .product, location: at(4, 13)))
    static let shell = LayerTable.Entry(glob: NameGlob("App*"), assignment: LayerAssignment(layer: .shell, location: at(5, 11)))
    static let nope = SourceLocation(file: "/w/App/Package.swift", line: 7, column: 20)

    static let cases: [(error: any InputError, text: String)] = [
        (
            WorkspaceError.configurationTooLarge(path: "/w/mfe.yml", bytes: 2_000_013),
            "'/w/mfe.yml' is 1 MiB; an mfe.yml is a few KB and mfe reads at most 1 MiB of it: check that this is the right file"
        ),
        (WorkspaceError.flowNestingTooDeep(at: at(3, 75)), "/w/mfe.yml:3:75: '[' and '{' nested deeper than 64 levels; an mfe.yml needs a few: flatten the lists"),
        (
            WorkspaceError.duplicateYAMLKey("path", others: ["url"], at: at(5, 3)),
            "/w/mfe.yml:5:3: 'path' appears twice in the same mapping (and 'url' too); YAML keys must be unique, so keep one and remove the other"
        ),
        (
            WorkspaceError.unknownKey("packges", in: "a workspace mfe.yml", allowed: ConfigurationParser.workspaceKeys, at: at(2, 1)),
            "/w/mfe.yml:2:1: unknown key 'packges' in a workspace mfe.yml; did you mean 'packages'?"
        ),
        (WorkspaceError.unknownKey("zzz", in: "'shell:'", allowed: ["path", "features"], at: at(2, 3)), "/w/mfe.yml:2:3: unknown key 'zzz' in 'shell:'; the keys are 'path', 'features'"),
        (WorkspaceError.notASingleValue(what: "'baseline:'", found: "a list", at: at(2, 11)), "/w/mfe.yml:2:11: 'baseline:' must be a single value, not a list"),
        (WorkspaceError.allowWithoutReason(at: at(3, 5)), "/w/mfe.yml:3:5: this 'allow:' entry has no 'reason:'; every accepted exception needs one, e.g. reason: \"migration tracked in FM-123\""),
        (WorkspaceError.emptyRoleSuffixes(role: .testing, at: at(3, 12)), "/w/mfe.yml:3:12: 'roles.testing:' is empty; list at least one suffix, or remove the key to keep the default ['Testing']"),
        (WorkspaceError.emptyRoleSuffixes(role: .source, at: at(3, 10)), "/w/mfe.yml:3:10: 'roles.source:' is empty; list at least one suffix, or remove the key to keep the default no suffix"),
        (
            WorkspaceError.suffixListedTwice("Client", role: .testing, earlier: .interface, earlierLine: 3, at: at(4, 20)),
            "/w/mfe.yml:4:20: the suffix 'Client' is listed under both 'roles.interface' (line 3) and 'roles.testing'; a suffix gives one role, keep it once"
        ),
        (
            WorkspaceError.suffixListedTwice("Mocks", role: .testing, earlier: .testing, earlierLine: 3, at: at(3, 20)),
            "/w/mfe.yml:3:20: the suffix 'Mocks' is listed twice under 'roles.testing' (line 3 and here); a suffix gives one role, keep it once"
        ),
        (
            WorkspaceError.defaultSuffixClaimed("Interface", role: .interface, claimedBy: .source, at: at(3, 1)),
            "/w/mfe.yml:3:1: the suffix 'Interface' is the default of 'roles.interface' but is listed under 'roles.source' here; also set 'roles.interface:' to say which suffixes it keeps"
        ),
        (
            WorkspaceError.shellFeatureRequirements(given: ["from", "exact"], at: at(4, 7)),
            "/w/mfe.yml:4:7: a 'shell.features:' entry needs exactly one of 'from:', 'exact:', 'upToNextMinor:', 'range:', 'branch:', 'revision:'; found 'from:', 'exact:'"
        ),
        (
            WorkspaceError.invalidPlatform(.entry("'platforms:'", .unknownPlatform("Android")), at: at(4, 5)),
            "/w/mfe.yml:4:5: 'platforms:': unknown platform 'Android'; SwiftPM supports iOS, macOS, macCatalyst, tvOS, watchOS, visionOS, driverKit"
        ),
        (
            WorkspaceError.invalidPlatform(.entry("'platforms:'", .givenTwice(platform: "iOS", first: "17", second: "16")), at: at(2, 21)),
            "/w/mfe.yml:2:21: 'platforms:': iOS is given twice ('17' and '16'); give each platform once"
        ),
        (
            WorkspaceError.invalidPlatform(.entry("'platforms:'", .tooOld(platform: "macOS", version: "10.15", minimum: "14")), at: at(2, 13)),
            "/w/mfe.yml:2:13: 'platforms:': macOS 10.15 is too old for the code mfe generates, which uses @Observable, @Bindable, ContentUnavailableView and onChange(of:initial:) (macOS 14 or later); use macOS 14 or later"
        ),
        (
            WorkspaceError.invalidPlatform(.entry("'platforms:'", .tooOld(platform: "driverKit", version: "18", minimum: "19")), at: at(2, 13)),
            "/w/mfe.yml:2:13: 'platforms:': driverKit 18 is older than swift-tools-version 6.0 supports; use driverKit 19 or later"
        ),
        (WorkspaceError.noSuchDirectory(path: "ws"), "'ws' does not exist; give the path of a workspace folder"),
        (
            WorkspaceError.noPackagesMatched(file: "/w/mfe.yml", globs: ["Features/*", "Shell"]),
            "/w/mfe.yml: no folder matched by 'packages:' ('Features/*', 'Shell') holds a Package.swift; fix the globs, or create a package with 'mfe create NAME'"
        ),
        (
            WorkspaceError.discoveryFailed(FileOperationError("list the folder", "/w/x", code: EACCES), root: "/w"),
            "cannot list the folder '/w/x': permission denied; check its permissions and those of its folders, or run mfe as a user who may use it (mfe was looking for packages under '/w'; run it in the workspace's own folder, or list the package folders under 'packages:' in its mfe.yml)"
        ),
        (
            WorkspaceError.shellPathNamesNoFolder("Shel", file: "/w/mfe.yml", at: at(9, 9)),
            "/w/mfe.yml:9:9: 'shell.path: Shel' names no folder; give the shell's folder relative to the workspace root (its package, or its Xcode app), or remove 'path:'"
        ),
        (
            WorkspaceError.shellPathNamesNoFolder("Shel", file: "/w/mfe.yml", at: nil),
            "/w/mfe.yml: 'shell.path: Shel' names no folder; give the shell's folder relative to the workspace root (its package, or its Xcode app), or remove 'path:'"
        ),
        (
            WorkspaceError.nestedWorkspace(directory: "Env", at: SourceLocation(file: "/w/Env/mfe.yml", line: 1, column: 1)),
            "/w/Env/mfe.yml:1:1: a nested workspace mfe.yml inside package 'Env'; a package's mfe.yml has 'feature:' and 'layer:'"
        ),
        (
            WorkspaceError.layerDisagreement(package: "Env", layer: .foundation, featureLayer: .product, featureLocation: SourceLocation(file: "/w/Env/mfe.yml", line: 2, column: 8), at: at(3, 17)),
            "/w/mfe.yml:3:17: 'Env' is in layer 'foundation' here but in layer 'product' in /w/Env/mfe.yml:2:8; remove it from 'layers:' or make the two agree"
        ),
        (
            WorkspaceError.globConflict(what: "feature 'AppFeature' (package 'App')", first: product, second: shell),
            "/w/mfe.yml:5:11: feature 'AppFeature' (package 'App') matches both '*Feature' under 'layers.product' (line 4) and 'App*' under 'layers.shell' (line 5); list it by name under one layer (an exact name beats a glob), or narrow one glob"
        ),
        (
            WorkspaceError.unmatchedLayerEntry(pattern: "HomeFeatur", layer: .product, hint: .nearest("HomeFeature"), at: at(4, 13)),
            "/w/mfe.yml:4:13: 'HomeFeatur' under 'layers.product' matches no package or feature of the workspace; did you mean 'HomeFeature'?"
        ),
        (
            WorkspaceError.unmatchedLayerEntry(pattern: "Zebra", layer: .foundation, hint: .names(["A", "B", "C", "D", "E", "F", "G", "H", "I"]), at: at(4, 16)),
            "/w/mfe.yml:4:16: 'Zebra' under 'layers.foundation' matches no package or feature of the workspace; the names are 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', … (globs may use '*' and '?')"
        ),
        (
            WorkspaceError.unmatchedLayerEntry(pattern: "SearchKit", layer: .product, hint: .targetOfOneFeaturePackage(package: "Search", hasOwnConfiguration: true), at: at(4, 13)),
            "/w/mfe.yml:4:13: 'SearchKit' under 'layers.product' matches no package or feature of the workspace: it names a target of package 'Search', which holds one feature (it has its own mfe.yml); list 'Search' instead"
        ),
        (
            WorkspaceError.unmatchedAllowName(key: "to", value: "Serch", hint: .nearest("Search"), at: at(6, 9)),
            "/w/mfe.yml:6:9: 'to: Serch' in an 'allow:' entry matches no package, feature or target of the workspace; did you mean 'Search'?"
        ),
        (
            WorkspaceError.unreachablePackage(UnreachablePathDependency(path: "../Nope", resolved: "/w/Nope", hasFolder: false, location: nope)),
            "/w/App/Package.swift:7:20: the package at '/w/Nope' cannot be accessed: '../Nope' names no folder, and SwiftPM refuses it too; fix the path, or leave this package out of the workspace by listing the others under 'packages:' in mfe.yml ('mfe init --adopt' writes one)"
        ),
        (
            WorkspaceError.unreachablePackage(UnreachablePathDependency(path: "../Nope", resolved: "/w/Nope", hasFolder: true, location: nope)),
            "/w/App/Package.swift:7:20: the package at '/w/Nope' cannot be accessed: the folder '../Nope' has no Package.swift, and SwiftPM refuses it too; fix the path, or leave this package out of the workspace by listing the others under 'packages:' in mfe.yml ('mfe init --adopt' writes one)"
        ),
        (
            WorkspaceError.productNotVended("Lb", package: "app", target: "App", vendor: "Lib", vended: ["Lib", "LibKit"], suggestion: " Did you mean 'Lib'?", at: nope),
            "/w/App/Package.swift:7:20: product 'Lb' required by package 'app' target 'App' not found in package 'Lib'. Did you mean 'Lib'? SwiftPM refuses it (it vends 'Lib', 'LibKit'): fix the name, or add the product to 'Lib'"
        ),
        (
            WorkspaceError.productNotVended("X", package: "app", target: "App", vendor: "Lib", vended: [], suggestion: "", at: nope),
            "/w/App/Package.swift:7:20: product 'X' required by package 'app' target 'App' not found in package 'Lib'. SwiftPM refuses it (it vends no products): fix the name, or add the product to 'Lib'"
        ),
        (
            WorkspaceError.unmatchedOwnerEntry(pattern: "Chekout", handle: "@acme/checkout", hint: .nearest("Checkout"), at: at(4, 23)),
            "/w/mfe.yml:4:23: 'Chekout' under 'owners.@acme/checkout' matches no package or feature of the workspace; did you mean 'Checkout'?"
        ),
        (
            PlatformError.entry("'--platform iOS'", .notAPlatform("iOS")),
            "'--platform iOS': 'iOS' is not a platform and version; write NAME:VERSION or NAME VERSION, e.g. 'iOS:17' or 'macOS 14' (platforms: iOS, macOS, macCatalyst, tvOS, watchOS, visionOS, driverKit)"
        ),
        (PlatformError.notAVersion("x", platform: "iOS", newestMajor: 18), "'x' is not a version of iOS; write numbers such as '18' or '18.2'"),
    ]

    @Test(arguments: cases.indices)
    func eachErrorSaysExactlyThis(index: Int) {
        #expect(Self.cases[index].error.localizedDescription == Self.cases[index].text)
    }
}
