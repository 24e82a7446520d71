import Foundation
import MFECore

/// Turns the interpreter's records of ProjectDescription values into the definitions the
/// graph reads: what the graph needs must be known, else its refusal is reported.
struct TuistValueReader {
    /// The `Project.swift` or `Workspace.swift` (absolute).
    let manifestPath: String
    /// The Tuist root `.relativeToRoot` starts from (absolute).
    let root: String

    var manifestDirectory: String { (manifestPath as NSString).deletingLastPathComponent }

    func project(_ record: MRecord) throws -> TuistProjectDefinition {
        let location = record.location ?? SourceLocation(file: manifestPath, line: 1, column: 1)
        let name = try string(record["name"], "the project's 'name:'", at: location)
        var result = TuistProjectDefinition(name: name, manifestPath: manifestPath, location: location)
        for value in try list(record["targets"], "the project's 'targets:'", at: location) {
            result.targets.append(try target(value, at: location))
        }
        for value in try list(record["packages"], "the project's 'packages:'", at: location) {
            if let reference = try package(value, at: location) { result.packages.append(reference) }
        }
        return result
    }

    func workspace(_ record: MRecord) throws -> TuistWorkspaceDefinition {
        let location = record.location ?? SourceLocation(file: manifestPath, line: 1, column: 1)
        let name = try string(record["name"], "the workspace's 'name:'", at: location)
        var projects: [String] = []
        for value in try list(record["projects"], "the workspace's 'projects:'", at: location) {
            projects.append(PathUtilities.relative(try path(value, at: location), to: manifestDirectory))
        }
        return TuistWorkspaceDefinition(name: name, projects: projects, location: location)
    }

    // MARK: - Targets

    private func target(_ value: MValue, at outer: SourceLocation) throws -> TuistTarget {
        let record = try self.record(value, "a target", at: outer)
        let location = record.location ?? outer
        let name = try string(record["name"], "the target's 'name:'", at: location)
        let product: String
        switch record["product"] {
        case nil, .null?: product = "app"
        case .record(let kind)? where kind.kase != nil: product = kind.kase!
        case .unknown(let refusal)?: throw refusal
        default: throw TuistReadError.unexpected(what: "the 'product:' of '\(name)'", expected: "a 'Product' case", at: location)
        }
        var productName: String?
        if case .string(let text)? = record["productName"] { productName = text }
        var result = TuistTarget(name: name, product: product, productName: productName, location: location)
        for entry in try list(record["dependencies"], "the 'dependencies:' of '\(name)'", at: location) {
            if let dependency = try dependency(entry, at: location) { result.dependencies.append(dependency) }
        }
        result.sources = try globs(record["sources"], at: location).map { PathUtilities.absolute($0, relativeTo: manifestDirectory) }
        if result.sources.isEmpty, let folders = record["buildableFolders"] {
            result.sources = try globs(folders, at: location).map { PathUtilities.join(PathUtilities.absolute($0, relativeTo: manifestDirectory), "**") }
        }
        return result
    }

    private func dependency(_ value: MValue, at outer: SourceLocation) throws -> TuistDependency? {
        let record = try self.record(value, "a target dependency", at: outer)
        let location = record.location ?? outer
        let condition = try self.condition(record["condition"])
        func name(_ key: String) throws -> String { try string(record[key] ?? record["_0"], "the dependency's '\(key):'", at: location) }
        switch record.kase ?? "" {
        case "target":
            if case .record(let target)? = record["_0"], target.type == "Target" {
                return TuistDependency(.target(try string(target["name"], "the target's 'name:'", at: location)), condition: condition, location: location)
            }
            return TuistDependency(.target(try name("name")), condition: condition, location: location)
        case "project":
            let folder = try path(record["path"] ?? .null, at: location)
            return TuistDependency(.project(target: try name("target"), path: folder), condition: condition, location: location)
        case "external": return TuistDependency(.external(try name("name")), condition: condition, location: location)
        case "package": return TuistDependency(.package(product: try name("product")), condition: condition, location: location)
        case "sdk": return TuistDependency(.sdk(try name("name")), condition: condition, location: location)
        case "macro": return TuistDependency(.macro(try name("name")), condition: condition, location: location)
        case "framework", "xcframework", "library":
            return TuistDependency(.binary(kind: record.kase!, path: try path(record["path"] ?? .null, at: location)), condition: condition, location: location)
        case "":
            throw TuistReadError.unexpected(what: "a value in 'dependencies:'", expected: "a 'TargetDependency'", at: location)
        default: return TuistDependency(.other(record.kase!), condition: condition, location: location)
        }
    }

    /// `.when([.ios, .macos])`: the platform filters, sorted; nil without a condition.
    private func condition(_ value: MValue?) throws -> [String]? {
        guard let value, !value.isNone else { return nil }
        if case .unknown(let refusal) = value { throw refusal }
        guard case .record(let record) = value else { return nil }
        var names: [String] = []
        func collect(_ value: MValue) {
            switch value {
            case .record(let filter) where filter.kase != nil && filter.fields.isEmpty: names.append(filter.kase!)
            case .array(let items), .set(let items): items.forEach(collect)
            case .record(let inner): inner.fields.values.forEach(collect)
            default: break
            }
        }
        record.fields.values.forEach(collect)
        return Array(Set(names)).sorted()
    }

    // MARK: - Packages

    private func package(_ value: MValue, at outer: SourceLocation) throws -> TuistPackageReference? {
        let record = try self.record(value, "a package", at: outer)
        let location = record.location ?? outer
        if let url = record["url"] {
            let text = try string(url, "the package's 'url:'", at: location)
            let requirement = try self.requirement(record, at: location)
            return TuistPackageReference(.remote(url: text, requirement: requirement), location: location)
        }
        if let folder = record["path"] ?? record["_0"] {
            return TuistPackageReference(.local(path: try path(folder, at: location)), location: location)
        }
        return nil
    }

    private func requirement(_ record: MRecord, at location: SourceLocation) throws -> Requirement {
        func version(_ value: MValue?) throws -> Version {
            let text = try string(value, "the package's version", at: location)
            guard let version = Version(text) else { throw TuistReadError.unexpected(what: "'\(text)'", expected: "a semantic version", at: location) }
            return version
        }
        if let from = record["from"] { return .upToNextMajor(from: try version(from)) }
        if let exact = record["exact"] { return .exact(try version(exact)) }
        let written = record["requirement"] ?? record["_1"]
        guard case .record(let requirement)? = written else {
            if case .unknown(let refusal)? = written { throw refusal }
            throw TuistReadError.unexpected(what: "the package's requirement", expected: "a 'Package.Requirement'", at: location)
        }
        let value = requirement["from"] ?? requirement["_0"]
        switch requirement.kase ?? "" {
        case "upToNextMajor": return .upToNextMajor(from: try version(value))
        case "upToNextMinor": return .upToNextMinor(from: try version(value))
        case "exact": return .exact(try version(value))
        case "branch": return .branch(try string(value, "the package's branch", at: location))
        case "revision": return .revision(try string(value, "the package's revision", at: location))
        case "range": return .range(lowerBound: try version(requirement["from"]), upperBound: try version(requirement["to"]))
        default: throw TuistReadError.unexpected(what: "the package's requirement", expected: "a 'Package.Requirement'", at: location)
        }
    }

    // MARK: - Paths and globs

    /// A `Path` (a string literal, `.relativeToRoot`, `.relativeToManifest`,
    /// `.relativeToCurrentFile`), absolute.
    func path(_ value: MValue, at location: SourceLocation) throws -> String {
        switch value {
        case .string(let text):
            if text.hasPrefix("//") { return PathUtilities.absolute(String(text.dropFirst(2)), relativeTo: root) }
            return PathUtilities.absolute(text, relativeTo: manifestDirectory)
        case .record(let record):
            let text = try string(record["_0"] ?? record["path"] ?? record["pathString"], "the path", at: record.location ?? location)
            switch record.kase {
            case "relativeToRoot": return PathUtilities.absolute(text, relativeTo: root)
            case "relativeToCurrentFile":
                let file = record.location?.file ?? manifestPath
                return PathUtilities.absolute(text, relativeTo: (file as NSString).deletingLastPathComponent)
            default: return try path(.string(text), at: location)
            }
        case .unknown(let refusal): throw refusal
        default: throw TuistReadError.unexpected(what: "the value", expected: "a 'Path'", at: location)
        }
    }

    /// The globs of a `SourceFilesList` (strings, `.glob(…)`, `SourceFilesList(globs:)`,
    /// `.paths([…])`), relative to the manifest's folder.
    private func globs(_ value: MValue?, at location: SourceLocation) throws -> [String] {
        guard let value else { return [] }
        switch value {
        case .null: return []
        case .string(let text): return [text]
        case .array(let items), .set(let items): return try items.flatMap { try globs($0, at: location) }
        case .record(let record):
            if record.type == "Path" || ["relativeToRoot", "relativeToManifest", "relativeToCurrentFile"].contains(record.kase ?? "") {
                return [PathUtilities.relative(try path(value, at: location), to: manifestDirectory)]
            }
            for key in ["globs", "_0", "pattern", "paths"] {
                if let inner = record[key] { return try globs(inner, at: record.location ?? location) }
            }
            return []
        case .unknown(let refusal): throw refusal
        default: return []
        }
    }

    // MARK: - Values

    private func record(_ value: MValue, _ what: String, at location: SourceLocation) throws -> MRecord {
        switch value {
        case .record(let record): return record
        case .unknown(let refusal): throw refusal
        default: throw TuistReadError.unexpected(what: "a value", expected: what, at: location)
        }
    }

    private func string(_ value: MValue?, _ what: String, at location: SourceLocation) throws -> String {
        switch value {
        case .string(let text)?: return text
        case .unknown(let refusal)?: throw refusal
        default: throw TuistReadError.unexpected(what: what, expected: "a string", at: location)
        }
    }

    private func list(_ value: MValue?, _ what: String, at location: SourceLocation) throws -> [MValue] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?, .set(let items)?: return items
        case .unknown(let refusal)?: throw refusal
        default: throw TuistReadError.unexpected(what: what, expected: "a list", at: location)
        }
    }
}
