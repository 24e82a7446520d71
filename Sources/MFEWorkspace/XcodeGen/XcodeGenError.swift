import MFECore

/// What stops mfe from reading an XcodeGen spec as `xcodegen generate` would: a file that is
/// missing or not YAML, a key XcodeGen requires, a name nothing defines, or a value only the
/// environment XcodeGen runs in could give. Exit 2, at the YAML line.
package enum XcodeGenError: LocatedError, Equatable {
    /// The spec (or an included one) cannot be read or is not YAML: `reason` says why.
    case unreadable(file: String, reason: String, at: SourceLocation?)
    /// A value that must be a mapping (the spec, a target, a package) is something else.
    case notAMapping(what: String, at: SourceLocation)
    /// A key XcodeGen requires is missing.
    case missingKey(String, in: String, at: SourceLocation)
    /// An `include:` entry names a file that is not there.
    case missingInclude(String, resolved: String, at: SourceLocation)
    /// `${name}` is left after templates and platforms: only the environment could give it.
    case environmentVariable(String, what: String, at: SourceLocation)
    /// A target lists a template `targetTemplates:` does not define.
    case unknownTemplate(String, target: String, at: SourceLocation)
    /// A dependency names a target the spec does not define.
    case unknownTarget(String, target: String, at: SourceLocation)
    /// A dependency names a package `packages:` does not define.
    case unknownPackage(String, target: String, at: SourceLocation)
    /// A package has no version requirement XcodeGen reads.
    case unknownRequirement(package: String, at: SourceLocation)
    /// A package's version is no semantic version.
    case invalidVersion(String, package: String, at: SourceLocation)
    /// The spec defines no targets.
    case noTargets(file: String)

    package var location: SourceLocation? {
        switch self {
        case .unreadable(_, _, let at): return at
        case .notAMapping(_, let at), .missingKey(_, _, let at), .missingInclude(_, _, let at), .environmentVariable(_, _, let at), .unknownTemplate(_, _, let at),
            .unknownTarget(_, _, let at), .unknownPackage(_, _, let at), .unknownRequirement(_, let at), .invalidVersion(_, _, let at):
            return at
        case .noTargets: return nil
        }
    }

    package var message: String {
        switch self {
        case .unreadable(let file, let reason, _):
            return "'\(file)' cannot be read as an XcodeGen spec (\(reason)); fix the YAML or leave the spec out of 'projects:'"
        case .notAMapping(let what, _):
            return "\(what) must be a mapping of keys to values, as XcodeGen reads it; fix the spec"
        case .missingKey(let key, let what, _):
            return "\(what) has no '\(key):', which XcodeGen requires; add it"
        case .missingInclude(let path, let resolved, _):
            return "the include '\(path)' points at '\(resolved)', which does not exist; fix the path or restore the file"
        case .environmentVariable(let name, let what, _):
            return
                "\(what) uses '${\(name)}', which only the environment xcodegen runs in can give; mfe reads specs statically: write the value, or use a target template attribute"
        case .unknownTemplate(let name, let target, _):
            return "target '\(target)' uses the template '\(name)', which 'targetTemplates:' does not define; define it or fix the name"
        case .unknownTarget(let name, let target, _):
            return "target '\(target)' depends on the target '\(name)', which the spec does not define; fix the name or add the target"
        case .unknownPackage(let name, let target, _):
            return "target '\(target)' depends on the package '\(name)', which 'packages:' does not define; add it under 'packages:'"
        case .unknownRequirement(let package, _):
            return
                "the package '\(package)' has no version requirement XcodeGen reads; give 'from:', 'majorVersion:', 'minorVersion:', 'exactVersion:', 'minVersion:' with 'maxVersion:', 'branch:', 'revision:' or 'path:'"
        case .invalidVersion(let version, let package, _):
            return "the package '\(package)' requires the version '\(version)', which is no semantic version (major.minor.patch); fix it"
        case .noTargets(let file):
            return "'\(file)' defines no targets; add one under 'targets:', or leave the spec out of 'projects:'"
        }
    }
}
