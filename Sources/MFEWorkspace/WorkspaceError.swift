import MFECore
import MFEManifest

/// What stops a workspace from loading: its `mfe.yml` files (syntax, keys, values), finding its
/// packages (the path, `packages:` globs, the walk), its layers (`layers:`, `allow:`,
/// `shell.path:`) and the package references SwiftPM would refuse. Exit 2; the messages are
/// contract, byte for byte.
package enum WorkspaceError: LocatedError, Equatable {
    // MARK: mfe.yml as a file

    /// The file is larger than `ConfigurationParser.maximumBytes`.
    case configurationTooLarge(path: String, bytes: Int)
    /// The file is not UTF-8.
    case configurationNotUTF8(path: String)
    /// `[` and `{` nest deeper than `ConfigurationParser.maximumFlowDepth`.
    case flowNestingTooDeep(at: SourceLocation)
    /// The file holds no YAML document.
    case emptyConfiguration(at: SourceLocation)
    /// Yams found two equal keys in one mapping: `key`, and `others` also repeated.
    case duplicateYAMLKey(String, others: [String], at: SourceLocation)
    /// Yams could not scan, parse or compose the text: its context and problem.
    case malformedYAML(String, at: SourceLocation)
    /// Yams could not read the text as Unicode.
    case unreadableYAML(String, at: SourceLocation)
    /// Any other Yams error, as Yams describes it.
    case otherYAMLError(String, at: SourceLocation)

    // MARK: mfe.yml structure

    /// The top level has both `workspace:` and `feature:`.
    case workspaceAndFeature(at: SourceLocation)
    /// The top level has neither `workspace:` nor `feature:`.
    case neitherWorkspaceNorFeature(at: SourceLocation)
    /// `what` is not a mapping.
    case notAMapping(what: String, at: SourceLocation)
    /// `what` is not a list.
    case notAList(what: String, at: SourceLocation)
    /// `what` is a mapping, list, alias or empty value (`found`), not a scalar.
    case notASingleValue(what: String, found: String, at: SourceLocation)
    /// `key:` is missing in `what`.
    case missingKey(String, in: String, at: SourceLocation)
    /// `key:` is empty in `what`.
    case emptyValue(key: String, in: String, at: SourceLocation)
    /// `key` is not one of `allowed` in `what`.
    case unknownKey(String, in: String, allowed: [String], at: SourceLocation)
    /// `key:` appears twice in `what`.
    case repeatedKey(String, in: String, at: SourceLocation)
    /// A value that is no layer.
    case notALayer(String, at: SourceLocation)

    // MARK: mfe.yml values

    /// A feature's `mfe.yml` has no `layer:`.
    case missingLayer(at: SourceLocation)
    /// An empty name under `layers.LAYER:`.
    case emptyLayerName(layer: Layer, at: SourceLocation)
    /// `name` is listed under two layers: first under `first` on `firstLine`.
    case listedInTwoLayers(String, first: Layer, firstLine: Int, second: Layer, at: SourceLocation)
    /// An `allow:` entry without `reason:`.
    case allowWithoutReason(at: SourceLocation)
    /// An empty `reason:`.
    case emptyReason(at: SourceLocation)
    /// `loader:` names no manifest loader.
    case unknownLoader(String, at: SourceLocation)
    /// An `ignore:` glob that would ignore every file.
    case emptyIgnoreGlob(at: SourceLocation)
    /// A `platforms:` entry that is wrong.
    case invalidPlatform(PlatformError, at: SourceLocation)
    /// `roles.ROLE:` lists no suffix.
    case emptyRoleSuffixes(role: Role, at: SourceLocation)
    /// A `roles:` suffix that is not the end of a name.
    case notASuffix(String, role: Role, at: SourceLocation)
    /// `Tests` listed as a role suffix.
    case testsSuffix(role: Role, at: SourceLocation)
    /// A suffix listed twice: first under `earlier` on `earlierLine`.
    case suffixListedTwice(String, role: Role, earlier: Role, earlierLine: Int, at: SourceLocation)
    /// A default suffix of `role` (left out) listed under `claimedBy`.
    case defaultSuffixClaimed(String, role: Role, claimedBy: Role, at: SourceLocation)
    /// A `shell.features:` entry with `given` requirement keys instead of exactly one.
    case shellFeatureRequirements(given: [String], at: SourceLocation)
    /// An `owners:` key or `owner:` value that is no team handle.
    case notAnOwnerHandle(String, at: SourceLocation)
    /// `owners.HANDLE:` names nothing.
    case emptyOwnerList(handle: String, at: SourceLocation)
    /// A version of a `shell.features:` requirement that is no semantic version.
    case notASemanticVersion(String, at: SourceLocation)
    /// A `range:` that is no range.
    case notARange(String, at: SourceLocation)
    /// A `range:` whose upper bound is not above its lower bound.
    case emptyRange(String, at: SourceLocation)

    // MARK: finding the packages

    /// The workspace path is a file.
    case notADirectory(path: String)
    /// The workspace path does not exist.
    case noSuchDirectory(path: String)
    /// No folder matched by the `packages:` globs of `file` holds a `Package.swift`.
    case noPackagesMatched(file: String, globs: [String])
    /// No `Package.swift` below `path`.
    case noPackages(path: String)
    /// A `packages:` entry of `file` pointing outside the workspace.
    case packagesEntryOutside(file: String, glob: String)
    /// A `packages:` entry of `file` without wildcards naming a folder with no `Package.swift`.
    case packagesEntryWithoutPackage(file: String, glob: String)
    /// Walking the folders below `root` failed.
    case discoveryFailed(FileOperationError, root: String)
    /// A `projects:` entry (or `shell.project:`) that matches no `.xcodeproj` or `.xcworkspace`.
    case projectsEntryWithoutProject(String, key: String, at: SourceLocation)

    // MARK: layers and references

    /// `shell.path:` names no folder; located at the value, or else named by `file`.
    case shellPathNamesNoFolder(String, file: String, at: SourceLocation?)
    /// A workspace `mfe.yml` inside the package in `directory`.
    case nestedWorkspace(directory: String, at: SourceLocation)
    /// `layers:` (at the location) and `package`'s own `mfe.yml` disagree on its layer.
    case layerDisagreement(package: String, layer: Layer, featureLayer: Layer, featureLocation: SourceLocation, at: SourceLocation)
    /// Two globs under `layers:` put `what` in two layers.
    case globConflict(what: String, first: LayerTable.Entry, second: LayerTable.Entry)
    /// A `layers:` entry matching no package or feature.
    case unmatchedLayerEntry(pattern: String, layer: Layer, hint: UnmatchedNameHint, at: SourceLocation)
    /// An `allow:` name (`from` or `to`) matching no package, feature or target.
    case unmatchedAllowName(key: String, value: String, hint: UnmatchedNameHint, at: SourceLocation)
    /// An `owners:` name matching no package or feature.
    case unmatchedOwnerEntry(pattern: String, handle: String, hint: UnmatchedNameHint, at: SourceLocation)
    /// A `.package(path:)` entry naming no package.
    case unreachablePackage(UnreachablePathDependency)
    /// A by-name dependency that no target or product of the packages found by path answers.
    case productNotFound(String, package: String, target: String, suggestion: String, at: SourceLocation)
    /// A `.product(name:package:)` that the workspace package `vendor` does not vend.
    case productNotVended(String, package: String, target: String, vendor: String, vended: [String], suggestion: String, at: SourceLocation)

    package var location: SourceLocation? {
        switch self {
        case .configurationTooLarge, .configurationNotUTF8, .notADirectory, .noSuchDirectory, .noPackagesMatched, .noPackages,
            .packagesEntryOutside, .packagesEntryWithoutPackage, .discoveryFailed:
            return nil
        case .shellPathNamesNoFolder(_, _, let at):
            return at
        case .projectsEntryWithoutProject(_, _, let at):
            return at
        case .globConflict(_, _, let second):
            return second.assignment.location
        case .unreachablePackage(let dependency):
            return dependency.location
        case .flowNestingTooDeep(let at), .emptyConfiguration(let at), .duplicateYAMLKey(_, _, let at), .malformedYAML(_, let at),
            .unreadableYAML(_, let at), .otherYAMLError(_, let at), .workspaceAndFeature(let at), .neitherWorkspaceNorFeature(let at),
            .notAMapping(_, let at), .notAList(_, let at), .notASingleValue(_, _, let at), .missingKey(_, _, let at),
            .emptyValue(_, _, let at), .unknownKey(_, _, _, let at), .repeatedKey(_, _, let at), .notALayer(_, let at),
            .missingLayer(let at), .emptyLayerName(_, let at), .listedInTwoLayers(_, _, _, _, let at), .allowWithoutReason(let at),
            .emptyReason(let at), .unknownLoader(_, let at), .emptyIgnoreGlob(let at), .invalidPlatform(_, let at),
            .emptyRoleSuffixes(_, let at), .notASuffix(_, _, let at), .testsSuffix(_, let at), .suffixListedTwice(_, _, _, _, let at),
            .defaultSuffixClaimed(_, _, _, let at), .shellFeatureRequirements(_, let at), .notASemanticVersion(_, let at),
            .notARange(_, let at), .emptyRange(_, let at), .nestedWorkspace(_, let at), .layerDisagreement(_, _, _, _, let at),
            .unmatchedLayerEntry(_, _, _, let at), .unmatchedAllowName(_, _, _, let at),
            .notAnOwnerHandle(_, let at), .emptyOwnerList(_, let at), .unmatchedOwnerEntry(_, _, _, let at), .productNotFound(_, _, _, _, let at),
            .productNotVended(_, _, _, _, _, _, let at):
            return at
        }
    }

    package var message: String {
        switch self {
        case .configurationTooLarge(let path, let bytes):
            return "'\(path)' is \(bytes / 1_048_576) MiB; an mfe.yml is a few KB and mfe reads at most \(ConfigurationParser.maximumBytes / 1_048_576) MiB of it: check that this is the right file"
        case .configurationNotUTF8(let path):
            return "'\(path)' is not UTF-8 text; save it as UTF-8"
        case .flowNestingTooDeep:
            return "'[' and '{' nested deeper than \(ConfigurationParser.maximumFlowDepth) levels; an mfe.yml needs a few: flatten the lists"
        case .emptyConfiguration:
            return "'mfe.yml' is empty; write 'workspace: NAME' (a workspace root) or 'feature: NAME' and 'layer: product|foundation|shell' (a feature package)"
        case .duplicateYAMLKey(let key, let others, _):
            let also = others.isEmpty ? "" : " (and \(others.map { "'\($0)'" }.joined(separator: ", ")) too)"
            return "'\(key)' appears twice in the same mapping\(also); YAML keys must be unique, so keep one and remove the other"
        case .malformedYAML(let problem, _):
            return "malformed YAML: \(problem); fix the syntax at this line (indent with spaces, quote values containing ':' or '#')"
        case .unreadableYAML(let problem, _):
            return "unreadable YAML: \(problem); save the file as UTF-8"
        case .otherYAMLError(let description, _):
            return "malformed YAML: \(description)"
        case .workspaceAndFeature:
            return "mfe.yml has both 'workspace:' and 'feature:'; a workspace root's mfe.yml has 'workspace:', a feature package's has 'feature:' and 'layer:'"
        case .neitherWorkspaceNorFeature:
            return "mfe.yml has neither 'workspace:' nor 'feature:'; add 'workspace: NAME' at a workspace root, or 'feature: NAME' and 'layer: product|foundation|shell' in a feature package"
        case .notAMapping(let what, _):
            return "\(what) must be a mapping of 'key: value' lines"
        case .notAList(let what, _):
            return "\(what) must be a list ('- item' lines or '[a, b]')"
        case .notASingleValue(let what, let found, _):
            return "\(what) must be a single value, not \(found)"
        case .missingKey(let key, let what, _):
            return "'\(key):' is missing in \(what); add it"
        case .emptyValue(let key, let what, _):
            return "'\(key):' is empty in \(what); give it a value"
        case .unknownKey(let name, let what, let allowed, _):
            let suggestion = NearestName.nearest(to: name, among: allowed).map { "; did you mean '\($0)'?" } ?? "; the keys are \(allowed.map { "'\($0)'" }.joined(separator: ", "))"
            return "unknown key '\(name)' in \(what)\(suggestion)"
        case .repeatedKey(let name, let what, _):
            return "'\(name):' appears twice in \(what); keep one"
        case .notALayer(let text, _):
            return "'\(text)' is not a layer; use 'foundation', 'product' or 'shell'"
        case .missingLayer:
            return "'layer:' is missing; add 'layer: product', 'layer: foundation' or 'layer: shell'"
        case .emptyLayerName(let layer, _):
            return "an empty name under 'layers.\(layer.rawValue):'; write a package or feature name, or a glob such as '*Feature'"
        case .listedInTwoLayers(let name, let first, let firstLine, let second, _):
            return "'\(name)' is listed under both 'layers.\(first.rawValue)' (line \(firstLine)) and 'layers.\(second.rawValue)'; keep it under one"
        case .allowWithoutReason:
            return "this 'allow:' entry has no 'reason:'; every accepted exception needs one, e.g. reason: \"migration tracked in FM-123\""
        case .emptyReason:
            return "'reason:' is empty; say why the exception is accepted"
        case .unknownLoader(let value, _):
            return "'loader: \(value)' is not a manifest loader; write 'loader: static', 'loader: swiftpm' or 'loader: auto'"
        case .emptyIgnoreGlob:
            return "an empty 'ignore:' glob would ignore every file; write a glob of files whose changes affect nothing, e.g. \"**/*.md\" or docs/**"
        case .invalidPlatform(let problem, _):
            return problem.errorDescription ?? ""
        case .emptyRoleSuffixes(let role, _):
            let defaultText = RoleSuffixes.standard.suffixes(of: role).map { "'\($0)'" }.joined(separator: ", ")
            let defaultHint = defaultText.isEmpty ? "no suffix" : "[\(defaultText)]"
            return "'roles.\(role.rawValue):' is empty; list at least one suffix, or remove the key to keep the default \(defaultHint)"
        case .notASuffix(let suffix, let role, _):
            return "'\(suffix)' under 'roles.\(role.rawValue):' is not a name suffix; write the end of a target name, e.g. 'Mocks'"
        case .testsSuffix(let role, _):
            return "'Tests' under 'roles.\(role.rawValue):' would make every test target's stem ambiguous; test targets are always the tests role, so remove it"
        case .suffixListedTwice(let suffix, let role, let earlier, let earlierLine, _):
            let place =
                earlier == role ? "twice under 'roles.\(role.rawValue)' (line \(earlierLine) and here)" : "under both 'roles.\(earlier.rawValue)' (line \(earlierLine)) and 'roles.\(role.rawValue)'"
            return "the suffix '\(suffix)' is listed \(place); a suffix gives one role, keep it once"
        case .defaultSuffixClaimed(let suffix, let role, let claimedBy, _):
            return
                "the suffix '\(suffix)' is the default of 'roles.\(role.rawValue)' but is listed under 'roles.\(claimedBy.rawValue)' here; also set 'roles.\(role.rawValue):' to say which suffixes it keeps"
        case .shellFeatureRequirements(let given, _):
            let keys = ConfigurationParser.shellRequirementKeys.map { "'\($0):'" }.joined(separator: ", ")
            return "a 'shell.features:' entry needs exactly one of \(keys); found \(given.isEmpty ? "none" : given.map { "'\($0):'" }.joined(separator: ", "))"
        case .notASemanticVersion(let text, _):
            return "'\(text)' is not a semantic version; write it as MAJOR.MINOR.PATCH, e.g. '1.2.0'"
        case .notARange(let value, _):
            return "'range: \(value)' is not a range; write \"1.0.0..<2.0.0\" or \"1.0.0...1.4.0\""
        case .emptyRange(let value, _):
            return "the range '\(value)' is empty; its upper bound must be above its lower bound"
        case .notADirectory(let path):
            return "'\(path)' is not a directory; give the workspace folder"
        case .noSuchDirectory(let path):
            return "'\(path)' does not exist; give the path of a workspace folder"
        case .noPackagesMatched(let file, let globs):
            return "\(file): no folder matched by 'packages:' (\(globs.map { "'\($0)'" }.joined(separator: ", "))) holds a Package.swift; fix the globs, or create a package with 'mfe create NAME'"
        case .noPackages(let path):
            return "no Package.swift under '\(path)'; give the path of a workspace or package folder, or create a package with 'mfe create NAME'"
        case .packagesEntryOutside(let file, let glob):
            return "\(file): 'packages:' entry '\(glob)' points outside the workspace; list folders below the workspace root"
        case .packagesEntryWithoutPackage(let file, let glob):
            return "\(file): 'packages:' entry '\(glob)' has no Package.swift; create the package or remove the entry"
        case .projectsEntryWithoutProject(let glob, let key, _):
            return "'\(key)' entry '\(glob)' names no .xcodeproj or .xcworkspace folder nor XcodeGen spec; fix the path (relative to the workspace root) or remove the entry"
        case .discoveryFailed(let error, let root):
            return "\(error.localizedDescription) (mfe was looking for packages under '\(root)'; run it in the workspace's own folder, or list the package folders under 'packages:' in its mfe.yml)"
        case .shellPathNamesNoFolder(let path, let file, let at):
            return "\(at == nil ? "\(file): " : "")'shell.path: \(path)' names no folder; give the shell's folder relative to the workspace root (its package, or its Xcode app), or remove 'path:'"
        case .nestedWorkspace(let directory, _):
            return "a nested workspace mfe.yml inside package '\(directory)'; a package's mfe.yml has 'feature:' and 'layer:'"
        case .layerDisagreement(let package, let layer, let featureLayer, let featureLocation, _):
            return "'\(package)' is in layer '\(layer.rawValue)' here but in layer '\(featureLayer.rawValue)' in \(featureLocation); remove it from 'layers:' or make the two agree"
        case .globConflict(let what, let first, let second):
            return
                "\(what) matches both '\(first.glob.pattern)' under 'layers.\(first.assignment.layer.rawValue)' (line \(first.assignment.location.line)) and '\(second.glob.pattern)' under 'layers.\(second.assignment.layer.rawValue)' (line \(second.assignment.location.line)); list it by name under one layer (an exact name beats a glob), or narrow one glob"
        case .unmatchedLayerEntry(let pattern, let layer, let hint, _):
            return "'\(pattern)' under 'layers.\(layer.rawValue)' \(hint.text(kinds: "package or feature"))"
        case .unmatchedAllowName(let key, let value, let hint, _):
            return "'\(key): \(value)' in an 'allow:' entry \(hint.text(kinds: "package, feature or target"))"
        case .notAnOwnerHandle(let text, _):
            return "'\(text)' is not an owner; write a team handle such as '@acme/checkout', a user such as '@octocat', or an email address, as CODEOWNERS does"
        case .emptyOwnerList(let handle, _):
            return "'owners.\(handle):' names nothing; list the features, packages or globs the team owns, e.g. [Checkout*, Payments]"
        case .unmatchedOwnerEntry(let pattern, let handle, let hint, _):
            return "'\(pattern)' under 'owners.\(handle)' \(hint.text(kinds: "package or feature"))"
        case .unreachablePackage(let dependency):
            return
                "the package at '\(dependency.resolved)' cannot be accessed: \(dependency.reason), and SwiftPM refuses it too; fix the path, or leave this package out of the workspace by listing the others under 'packages:' in mfe.yml ('mfe init --adopt' writes one)"
        case .productNotFound(let name, let package, let target, let suggestion, _):
            return
                "product '\(name)' required by package '\(package)' target '\(target)' not found.\(suggestion) SwiftPM refuses it: declare the target, or depend on the package that vends the product"
        case .productNotVended(let name, let package, let target, let vendor, let vended, let suggestion, _):
            let listed = vended.isEmpty ? "it vends no products" : "it vends " + vended.map { "'\($0)'" }.joined(separator: ", ")
            return
                "product '\(name)' required by package '\(package)' target '\(target)' not found in package '\(vendor)'.\(suggestion) SwiftPM refuses it (\(listed)): fix the name, or add the product to '\(vendor)'"
        }
    }
}

/// What a `layers:` or `allow:` name that matches nothing may have meant.
package enum UnmatchedNameHint: Sendable, Equatable {
    /// It names a target of `package`, which holds one feature (by its own `mfe.yml`, or
    /// because `layers:` or `shell:` names it).
    case targetOfOneFeaturePackage(package: String, hasOwnConfiguration: Bool)
    /// The nearest name.
    case nearest(String)
    /// No name is near: the names there are, sorted.
    case names([String])

    /// The hint after the entry, for names of `kinds` (`package or feature`).
    func text(kinds: String) -> String {
        let matchesNothing = "matches no \(kinds) of the workspace"
        switch self {
        case .targetOfOneFeaturePackage(let package, let hasOwnConfiguration):
            return
                "\(matchesNothing): it names a target of package '\(package)', which holds one feature (\(hasOwnConfiguration ? "it has its own mfe.yml" : "'layers:' or 'shell:' names it")); list '\(package)' instead"
        case .nearest(let name):
            return "\(matchesNothing); did you mean '\(name)'?"
        case .names(let names):
            let listed = names.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
            return "\(matchesNothing); the names are \(listed)\(names.count > 8 ? ", …" : "") (globs may use '*' and '?')"
        }
    }
}
