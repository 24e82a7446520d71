import Foundation
import MFECore
import MFEManifest
import Yams

/// Parses `mfe.yml` files (both forms) with Yams, keeping line and column of every value so
/// that unknown keys and bad values are reported with file and line, never ignored.
package struct ConfigurationParser: Sendable {
    /// Creates a parser.
    package init() {}

    /// Parses the `mfe.yml` text `yaml` read from `file`.
    package func parse(_ yaml: String, file: String) throws -> ConfigurationFile {
        if let (line, column) = Self.firstExcessiveFlowNesting(in: yaml) {
            throw WorkspaceError.flowNestingTooDeep(at: SourceLocation(file: file, line: line, column: column))
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else {
                throw WorkspaceError.emptyConfiguration(at: SourceLocation(file: file, line: 1, column: 1))
            }
            root = node
        } catch let error as YamlError {
            throw Self.convert(error, file: file, yaml: yaml)
        }
        let reader = NodeReader(file: file)
        let mapping = try reader.mapping(root, what: "the top level of mfe.yml")
        let keys = Set(mapping.keys.compactMap(\.string))
        if keys.contains("workspace") && keys.contains("feature") {
            throw WorkspaceError.workspaceAndFeature(at: reader.location(of: root))
        }
        if keys.contains("workspace") {
            return .workspace(try parseWorkspace(mapping, reader: reader))
        }
        if keys.contains("feature") {
            return .feature(try parseFeature(mapping, reader: reader))
        }
        throw WorkspaceError.neitherWorkspaceNorFeature(at: reader.location(of: root))
    }

    /// Reads and parses the `mfe.yml` at `path`.
    package func parseFile(at path: String, fileSystem: any FileSystem = LocalFileSystem()) throws -> ConfigurationFile {
        let data = try fileSystem.contents(of: path)
        // The YAML node tree costs about twenty times the text: a 100 MB file grew to 2.3 GB.
        guard data.count <= Self.maximumBytes else {
            throw WorkspaceError.configurationTooLarge(path: path, bytes: data.count)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw WorkspaceError.configurationNotUTF8(path: path)
        }
        return try parse(text, file: path)
    }

    /// The largest `mfe.yml` read: 1 MiB, hundreds of times a real one.
    static let maximumBytes = 1 << 20
    /// The deepest nesting of flow collections (`[`, `{`) read.
    static let maximumFlowDepth = 64
    /// The keys of a workspace `mfe.yml`.
    static let workspaceKeys = ["workspace", "packages", "layers", "roles", "allow", "baseline", "shell", "loader", "ignore", "platforms", "owners", "projects"]
    /// The keys of a `shell.features:` entry's requirement, one of which it gives.
    static let shellRequirementKeys = ["from", "exact", "upToNextMinor", "range", "branch", "revision"]

    /// Where flow collections first nest deeper than `maximumFlowDepth` (line, column), skipping
    /// quoted scalars and comments; nil when they never do. Checked before the YAML parser,
    /// whose node tree recurses once per level.
    static func firstExcessiveFlowNesting(in yaml: String) -> (line: Int, column: Int)? {
        var depth = 0
        var line = 1
        var column = 0
        var quote: UInt8?
        var inComment = false
        var previous: UInt8 = 0x0A
        for byte in yaml.utf8 {
            column += 1
            defer { previous = byte }
            if byte == 0x0A {
                line += 1
                column = 0
                inComment = false
                continue
            }
            if inComment { continue }
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case 0x23 where previous == 0x20 || previous == 0x09 || previous == 0x0A: inComment = true
            case 0x22, 0x27: quote = byte
            case 0x5B, 0x7B:
                depth += 1
                if depth > maximumFlowDepth { return (line, column) }
            case 0x5D, 0x7D: depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    private func parseFeature(_ mapping: Node.Mapping, reader: NodeReader) throws -> FeatureConfiguration {
        try reader.checkKeys(mapping, allowed: ["feature", "layer", "owner"], in: "a feature's mfe.yml")
        let feature = try reader.requiredString(mapping, "feature", in: "a feature's mfe.yml")
        guard let layerNode = mapping["layer"] else {
            throw WorkspaceError.missingLayer(at: reader.location(of: mapping))
        }
        let layer = try reader.layer(layerNode)
        var configuration = FeatureConfiguration(feature: feature, layer: layer, file: reader.file, layerLocation: reader.location(of: layerNode))
        if let owner = mapping["owner"], !reader.isNull(owner) {
            // A string or a list, as CODEOWNERS lists one or more owners per path.
            let nodes: [Node]
            if case .sequence = owner { nodes = try reader.sequence(owner, what: "'owner:'") } else { nodes = [owner] }
            configuration.owners = try nodes.map { try reader.handle($0, what: "'owner:'") }
        }
        return configuration
    }

    private func parseWorkspace(_ mapping: Node.Mapping, reader: NodeReader) throws -> WorkspaceConfiguration {
        try reader.checkKeys(mapping, allowed: Self.workspaceKeys, in: "a workspace mfe.yml")
        var configuration = WorkspaceConfiguration(name: try reader.requiredString(mapping, "workspace", in: "a workspace mfe.yml"), file: reader.file)
        if let packages = mapping["packages"], !reader.isNull(packages) {
            configuration.packages = try reader.sequence(packages, what: "'packages:'").map { try reader.string($0, what: "a 'packages:' glob") }
        }
        if let projects = mapping["projects"], !reader.isNull(projects) {
            for node in try reader.sequence(projects, what: "'projects:'") {
                configuration.projects.append(try reader.string(node, what: "a 'projects:' glob of .xcodeproj or .xcworkspace paths"))
                configuration.projectLocations.append(reader.location(of: node))
            }
        }
        if let layers = mapping["layers"], !reader.isNull(layers) {
            let layerMapping = try reader.mapping(layers, what: "'layers:'")
            for (key, value) in layerMapping {
                let layer = try reader.layer(key)
                guard !reader.isNull(value) else { continue }
                for nameNode in try reader.sequence(value, what: "'layers.\(layer.rawValue):'") {
                    let name = try reader.string(nameNode, what: "a package or feature name under 'layers.\(layer.rawValue):'")
                    if name.trimmingCharacters(in: .whitespaces).isEmpty {
                        throw WorkspaceError.emptyLayerName(layer: layer, at: reader.location(of: nameNode))
                    }
                    if let earlier = configuration.layers[name] {
                        throw WorkspaceError.listedInTwoLayers(name, first: earlier.layer, firstLine: earlier.location.line, second: layer, at: reader.location(of: nameNode))
                    }
                    configuration.layers[name] = LayerAssignment(layer: layer, location: reader.location(of: nameNode))
                }
            }
        }
        if let roles = mapping["roles"], !reader.isNull(roles) {
            configuration.roles = try parseRoles(roles, reader: reader)
        }
        if let allow = mapping["allow"], !reader.isNull(allow) {
            for entry in try reader.sequence(allow, what: "'allow:'") {
                let entryMapping = try reader.mapping(entry, what: "an 'allow:' entry")
                try reader.checkKeys(entryMapping, allowed: ["rule", "from", "to", "reason"], in: "an 'allow:' entry")
                let rule = try reader.requiredString(entryMapping, "rule", in: "an 'allow:' entry")
                let from = try reader.requiredString(entryMapping, "from", in: "an 'allow:' entry")
                let to = try reader.requiredString(entryMapping, "to", in: "an 'allow:' entry")
                guard let reasonNode = entryMapping["reason"] else {
                    throw WorkspaceError.allowWithoutReason(at: reader.location(of: entry))
                }
                let reason = try reader.string(reasonNode, what: "'reason:'")
                if reason.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw WorkspaceError.emptyReason(at: reader.location(of: reasonNode))
                }
                configuration.allow.append(
                    AllowEntry(
                        rule: rule, from: from, to: to, reason: reason, location: reader.location(of: entry),
                        fromLocation: entryMapping["from"].map { reader.location(of: $0) }, toLocation: entryMapping["to"].map { reader.location(of: $0) }
                    ))
            }
        }
        if let baseline = mapping["baseline"], !reader.isNull(baseline) {
            configuration.baseline = try reader.string(baseline, what: "'baseline:'")
        }
        if let loader = mapping["loader"], !reader.isNull(loader) {
            let value = try reader.string(loader, what: "'loader:'")
            guard let kind = ManifestLoaderKind(rawValue: value) else {
                throw WorkspaceError.unknownLoader(value, at: reader.location(of: loader))
            }
            configuration.loader = kind
            configuration.loaderLocation = reader.location(of: loader)
        }
        if let ignore = mapping["ignore"], !reader.isNull(ignore) {
            configuration.ignore = try reader.sequence(ignore, what: "'ignore:'").map { node in
                let glob = try reader.string(node, what: "an 'ignore:' glob")
                if glob.trimmingCharacters(in: .whitespaces).isEmpty || glob.trimmingCharacters(in: CharacterSet(charactersIn: "/")).isEmpty {
                    throw WorkspaceError.emptyIgnoreGlob(at: reader.location(of: node))
                }
                return glob
            }
        }
        if let platforms = mapping["platforms"], !reader.isNull(platforms) {
            var parsed: [PlatformRequirement] = []
            for node in try reader.sequence(platforms, what: "'platforms:'") {
                let text = try reader.string(node, what: "a 'platforms:' entry (e.g. iOS 17)")
                let result = PlatformRequirement.parse(parsed.map(\.yamlEntry) + [text]) { _ in "'platforms:'" }
                if let problem = result.problems.first {
                    throw WorkspaceError.invalidPlatform(problem, at: reader.location(of: node))
                }
                parsed = result.platforms
            }
            configuration.platforms = parsed
        }
        if let owners = mapping["owners"], !reader.isNull(owners) {
            configuration.owners = try parseOwners(owners, reader: reader)
        }
        if let shell = mapping["shell"], !reader.isNull(shell) {
            let shellMapping = try reader.mapping(shell, what: "'shell:'")
            try reader.checkKeys(shellMapping, allowed: ["path", "features", "project"], in: "'shell:'")
            var shellConfiguration = ShellConfiguration()
            if let path = shellMapping["path"], !reader.isNull(path) {
                shellConfiguration.path = try reader.string(path, what: "'shell.path:'")
                shellConfiguration.pathLocation = reader.location(of: path)
            }
            if let project = shellMapping["project"], !reader.isNull(project) {
                shellConfiguration.project = try reader.string(project, what: "'shell.project:'")
                shellConfiguration.projectLocation = reader.location(of: project)
            }
            if let features = shellMapping["features"], !reader.isNull(features) {
                shellConfiguration.features = try reader.sequence(features, what: "'shell.features:'").map { try parseShellFeature($0, reader: reader) }
            }
            configuration.shell = shellConfiguration
        }
        return configuration
    }

    /// `owners:`: a mapping of team handle to the features, packages or globs it owns (a name
    /// or a list of them).
    private func parseOwners(_ node: Node, reader: NodeReader) throws -> [OwnerEntry] {
        var entries: [OwnerEntry] = []
        for (key, value) in try reader.mapping(node, what: "'owners:'") {
            let handle = try reader.handle(key, what: "a key under 'owners:'")
            guard !reader.isNull(value) else { throw WorkspaceError.emptyOwnerList(handle: handle, at: reader.location(of: key)) }
            let items: [Node]
            if case .sequence = value { items = try reader.sequence(value, what: "'owners.\(handle):'") } else { items = [value] }
            if items.isEmpty { throw WorkspaceError.emptyOwnerList(handle: handle, at: reader.location(of: value)) }
            for item in items {
                let name = try reader.string(item, what: "a feature, package or glob under 'owners.\(handle):'")
                if name.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw WorkspaceError.emptyOwnerList(handle: handle, at: reader.location(of: item))
                }
                entries.append(OwnerEntry(handle: handle, glob: NameGlob(name), location: reader.location(of: item)))
            }
        }
        return entries
    }

    /// `roles:`: a mapping of role (`interface`, `testing`, `example`, `source`) to a
    /// non-empty list of suffixes; a role left out keeps its default, and one suffix may
    /// name only one role.
    private func parseRoles(_ node: Node, reader: NodeReader) throws -> RoleSuffixes {
        let mapping = try reader.mapping(node, what: "'roles:'")
        let keys: [Role] = [.interface, .testing, .example, .source]
        try reader.checkKeys(mapping, allowed: keys.map(\.rawValue), in: "'roles:' (the role suffixes)")
        var roles = RoleSuffixes.standard
        var seen: [String: (role: Role, line: Int)] = [:]
        for role in keys {
            guard let value = mapping[role.rawValue] else { continue }
            guard !reader.isNull(value) else {
                throw WorkspaceError.emptyRoleSuffixes(role: role, at: reader.location(of: value))
            }
            let items = try reader.sequence(value, what: "'roles.\(role.rawValue):'")
            if items.isEmpty {
                throw WorkspaceError.emptyRoleSuffixes(role: role, at: reader.location(of: value))
            }
            var suffixes: [String] = []
            for item in items {
                let suffix = try reader.string(item, what: "a suffix under 'roles.\(role.rawValue):'")
                let location = reader.location(of: item)
                guard !suffix.isEmpty, suffix.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                    throw WorkspaceError.notASuffix(suffix, role: role, at: location)
                }
                if suffix == RoleSuffixes.testsSuffix {
                    throw WorkspaceError.testsSuffix(role: role, at: location)
                }
                if let earlier = seen[suffix] {
                    throw WorkspaceError.suffixListedTwice(suffix, role: role, earlier: earlier.role, earlierLine: earlier.line, at: location)
                }
                seen[suffix] = (role, location.line)
                suffixes.append(suffix)
            }
            switch role {
            case .interface: roles.interface = suffixes
            case .testing: roles.testing = suffixes
            case .example: roles.example = suffixes
            case .source, .tests: roles.source = suffixes
            }
        }
        // A default suffix kept for one role must not be claimed by another.
        for role in keys where mapping[role.rawValue] == nil {
            for suffix in roles.suffixes(of: role) {
                if let claimed = seen[suffix] {
                    throw WorkspaceError.defaultSuffixClaimed(suffix, role: role, claimedBy: claimed.role, at: SourceLocation(file: reader.file, line: claimed.line, column: 1))
                }
            }
        }
        return roles
    }

    private func parseShellFeature(_ node: Node, reader: NodeReader) throws -> ShellFeature {
        let mapping = try reader.mapping(node, what: "a 'shell.features:' entry")
        let requirementKeys = Self.shellRequirementKeys
        try reader.checkKeys(mapping, allowed: ["url"] + requirementKeys, in: "a 'shell.features:' entry")
        let url = try reader.requiredString(mapping, "url", in: "a 'shell.features:' entry")
        let given = requirementKeys.filter { mapping[$0] != nil }
        guard given.count == 1, let key = given.first, let valueNode = mapping[key] else {
            throw WorkspaceError.shellFeatureRequirements(given: given, at: reader.location(of: node))
        }
        let value = try reader.string(valueNode, what: "'\(key):'")
        func version(_ text: String) throws -> Version {
            guard let version = Version(text) else {
                throw WorkspaceError.notASemanticVersion(text, at: reader.location(of: valueNode))
            }
            return version
        }
        let requirement: Requirement
        switch key {
        case "from": requirement = .upToNextMajor(from: try version(value))
        case "exact": requirement = .exact(try version(value))
        case "upToNextMinor": requirement = .upToNextMinor(from: try version(value))
        case "branch": requirement = .branch(value)
        case "revision": requirement = .revision(value)
        default:
            if let range = value.range(of: "..<") {
                let lower = try version(String(value[..<range.lowerBound]).trimmingCharacters(in: .whitespaces))
                let upper = try version(String(value[range.upperBound...]).trimmingCharacters(in: .whitespaces))
                requirement = .range(lowerBound: lower, upperBound: upper)
            } else if let range = value.range(of: "...") {
                let lower = try version(String(value[..<range.lowerBound]).trimmingCharacters(in: .whitespaces))
                let upper = try version(String(value[range.upperBound...]).trimmingCharacters(in: .whitespaces))
                requirement = .range(lowerBound: lower, upperBound: upper.nextPatch)
            } else {
                throw WorkspaceError.notARange(value, at: reader.location(of: valueNode))
            }
        }
        if case .range(let lower, let upper) = requirement, !(lower < upper) {
            throw WorkspaceError.emptyRange(value, at: reader.location(of: valueNode))
        }
        return ShellFeature(url: url, requirement: requirement, location: reader.location(of: node))
    }

    static func convert(_ error: YamlError, file: String, yaml: String = "") -> WorkspaceError {
        switch error {
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.sorted().first ?? ""
            let mark = duplicateKeyMark(key, in: yaml, mappingAt: context.mark) ?? (line: context.mark.line, column: context.mark.column)
            return .duplicateYAMLKey(key, others: Array(duplicates.sorted().dropFirst()), at: SourceLocation(file: file, line: mark.line, column: mark.column))
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _), .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text) " } ?? ""
            return .malformedYAML("\(detail)\(problem)", at: SourceLocation(file: file, line: mark.line, column: mark.column))
        case .reader(let problem, _, _, _):
            return .unreadableYAML(problem, at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return .otherYAMLError("\(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
}

extension ConfigurationParser {
    /// The line and column of the second `key:` of the block mapping that starts at `start`
    /// (Yams names the duplicated key and the mapping, not the line of the repeat): the
    /// mapping's keys are the lines indented exactly as its first one, up to the first line
    /// indented less.
    static func duplicateKeyMark(_ key: String, in yaml: String, mappingAt start: Mark) -> (line: Int, column: Int)? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let indentation = max(start.column - 1, 0)
        var seen = false
        var index = max(start.line - 1, 0)
        while index < lines.count {
            let line = lines[index]
            let body = line.drop { $0 == " " }
            let column = line.count - body.count
            var keyColumn = column
            var text = Substring(body)
            if index == start.line - 1, column < indentation, text.hasPrefix("- ") {
                // The mapping is an item of a block sequence: `- key: value`.
                text = text.dropFirst(2).drop { $0 == " " }
                keyColumn = line.count - text.count
            }
            if !text.isEmpty, !text.hasPrefix("#") {
                if index > start.line - 1 && column < indentation { break }
                if keyColumn == indentation, text.hasPrefix(key), text.dropFirst(key.count).drop(while: { $0 == " " }).hasPrefix(":") {
                    if seen { return (index + 1, keyColumn + 1) }
                    seen = true
                }
            }
            index += 1
        }
        return nil
    }
}

/// Typed access to Yams nodes with located errors.
private struct NodeReader {
    let file: String

    func location(of node: Node) -> SourceLocation {
        let mark = node.mark
        return SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    func location(of mapping: Node.Mapping) -> SourceLocation {
        SourceLocation(file: file, line: mapping.mark?.line ?? 1, column: mapping.mark?.column ?? 1)
    }

    func isNull(_ node: Node) -> Bool {
        if case .scalar(let scalar) = node, scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) {
            return true
        }
        return false
    }

    func mapping(_ node: Node, what: String) throws -> Node.Mapping {
        guard case .mapping(let mapping) = node else {
            throw WorkspaceError.notAMapping(what: what, at: location(of: node))
        }
        return mapping
    }

    func sequence(_ node: Node, what: String) throws -> [Node] {
        guard case .sequence(let sequence) = node else {
            throw WorkspaceError.notAList(what: what, at: location(of: node))
        }
        return Array(sequence)
    }

    func string(_ node: Node, what: String) throws -> String {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            throw WorkspaceError.notASingleValue(what: what, found: describe(node), at: location(of: node))
        }
        return scalar.string
    }

    func requiredString(_ mapping: Node.Mapping, _ key: String, in what: String) throws -> String {
        guard let node = mapping[key] else {
            throw WorkspaceError.missingKey(key, in: what, at: location(of: mapping))
        }
        let value = try string(node, what: "'\(key):'")
        if value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw WorkspaceError.emptyValue(key: key, in: what, at: location(of: node))
        }
        return value
    }

    /// A team handle as CODEOWNERS accepts it: `@user`, `@org/team` or an email address,
    /// without spaces.
    func handle(_ node: Node, what: String) throws -> String {
        let text = try string(node, what: what)
        let isHandle = text.hasPrefix("@") && text.count > 1 && !text.dropFirst().hasPrefix("/") && !text.hasSuffix("/")
        let isEmail = !text.hasPrefix("@") && text.split(separator: "@", omittingEmptySubsequences: false).count == 2 && !text.hasSuffix("@")
        guard isHandle || isEmail, !text.contains(where: \.isWhitespace), !text.contains("#") else {
            throw WorkspaceError.notAnOwnerHandle(text, at: location(of: node))
        }
        return text
    }

    func layer(_ node: Node) throws -> Layer {
        let text = try string(node, what: "a layer")
        guard let layer = Layer(rawValue: text) else {
            throw WorkspaceError.notALayer(text, at: location(of: node))
        }
        return layer
    }

    func checkKeys(_ mapping: Node.Mapping, allowed: [String], in what: String) throws {
        var seen: Set<String> = []
        for key in mapping.keys {
            let name = try string(key, what: "a key")
            guard allowed.contains(name) else {
                throw WorkspaceError.unknownKey(name, in: what, allowed: allowed, at: location(of: key))
            }
            guard seen.insert(name).inserted else {
                throw WorkspaceError.repeatedKey(name, in: what, at: location(of: key))
            }
        }
    }

    private func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar: return "an empty value"
        }
    }
}
