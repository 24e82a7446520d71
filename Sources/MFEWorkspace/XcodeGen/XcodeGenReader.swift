import Foundation
import MFECore
import MFEXcode
import Yams

/// Reads an XcodeGen spec (`project.yml`) statically into the project model Xcode projects
/// are read into, as `xcodegen generate` would lay the project out: `include:` merged
/// (nested, `relativePaths`, `:REPLACE`), multi-platform targets split per platform,
/// `targetTemplates:` merged with `${target_name}` and template attributes, then targets,
/// their dependencies, sources and the build settings that name modules and test hosts.
/// Every location is the YAML line that made the value. Nothing is generated or run.
package struct XcodeGenReader: Sendable {
    let fileSystem: any FileSystem

    /// Creates a reader.
    package init(fileSystem: any FileSystem = LocalFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// Reads the spec at `path` (absolute) and the specs it includes.
    package func read(specAt path: String) throws -> XcodeProject {
        let specPath = PathUtilities.normalize(fileSystem.absolute(path))
        let root = PathUtilities.normalize(specPath + "/..")
        var visited: Set<String> = []
        let spec = try load(specPath, pathBase: root, includeBase: root, includedAt: nil, visited: &visited)
        guard spec.entries != nil else { throw XcodeGenError.notAMapping(what: "the spec '\(specPath)'", at: spec.location) }
        guard let name = spec["name"]?.string, !name.isEmpty else {
            throw XcodeGenError.missingKey("name", in: "the spec '\(specPath)'", at: SourceLocation(file: specPath, line: 1, column: 1))
        }
        let targetEntries = try Self.resolveTargets(spec)
        let aggregateEntries = spec["aggregateTargets"]?.entries ?? []
        guard !targetEntries.isEmpty || !aggregateEntries.isEmpty else { throw XcodeGenError.noTargets(file: specPath) }

        var project = XcodeProject(path: specPath, pbxprojPath: specPath, name: name, rootDirectory: root, objectVersion: 77)
        let packageIndex = try readPackages(spec, into: &project)
        let projectReferences = Set((spec["projectReferences"]?.entries ?? []).map(\.key))
        let names = try targetEntries.map { try Self.targetName($0) } + aggregateEntries.map(\.key)
        let configuration = Self.configuration(of: spec)
        let entriesByName = Dictionary(zip(names, targetEntries).map { ($0, $1) }, uniquingKeysWith: { a, _ in a })
        for (entry, targetName) in zip(targetEntries, names) {
            var target = try readTarget(entry, name: targetName, names: Set(names), projectReferences: projectReferences, packages: packageIndex, root: root)
            var levels = try settingsLevels(spec: spec, target: entry.value, configuration: configuration)
            if target.productType == .unitTestBundle, !levels.contains(where: { $0.settings.contains { $0.key.hasPrefix("TEST_HOST") } }),
                let host = Self.automaticTestHost(of: target, entries: entriesByName)
            {
                levels[levels.count - 1].settings.insert(XcodeBuildSetting(key: "TEST_HOST", value: host), at: 0)
            }
            project.notes += target.resolveSettings(levels: levels, projectName: name, configuration: configuration, rootDirectory: root, file: specPath, fileSystem: fileSystem)
            project.targets.append(target)
        }
        Self.linkTransitively(&project.targets, entries: targetEntries, options: spec["options"])
        for entry in aggregateEntries {
            guard entry.value.entries != nil else { throw XcodeGenError.notAMapping(what: "aggregate target '\(entry.key)'", at: entry.location) }
            var target = XcodeTarget(name: entry.key, productType: .aggregate, location: entry.location)
            for item in entry.value["targets"]?.listOrSingle ?? [] {
                guard let other = item.string else { continue }
                try Self.refuseVariable(other, what: "aggregate target '\(entry.key)'", at: item.location)
                guard names.contains(other) else { throw XcodeGenError.unknownTarget(other, target: entry.key, at: item.location) }
                target.dependencies.append(XcodeTargetDependency(target: other, location: item.location))
            }
            for item in entry.value["buildToolPlugins"]?.listOrSingle ?? [] {
                guard let plugin = item["plugin"]?.string, let package = item["package"]?.string else { continue }
                guard let index = packageIndex[package] else { throw XcodeGenError.unknownPackage(package, target: entry.key, at: item.location) }
                target.packageProducts.append(XcodeProductDependency(product: plugin, package: index, location: item.location))
            }
            project.targets.append(target)
        }
        project.configuration = configuration
        return project
    }

    // MARK: - Files and includes

    /// The spec at `file` with its includes merged under it, as XcodeGen merges them: each
    /// include in order, then the file itself on top. A file already merged is skipped.
    func load(_ file: String, pathBase: String, includeBase: String, includedAt: SourceLocation?, visited: inout Set<String>) throws -> SpecNode {
        let empty = SpecNode(kind: .map([]), location: SourceLocation(file: file, line: 1, column: 1), pathBase: pathBase)
        guard visited.insert(file).inserted else { return empty }
        let text: String
        do {
            text = String(decoding: try fileSystem.contents(of: file), as: UTF8.self)
        } catch {
            throw XcodeGenError.unreadable(file: file, reason: "it cannot be read", at: includedAt)
        }
        let node: SpecNode
        do {
            guard let composed = try Yams.compose(yaml: text) else { return empty }
            node = SpecNode(composed, file: file, pathBase: pathBase)
        } catch let error as YamlError {
            // At the line of the YAML problem, as mfe.yml's are.
            throw ConfigurationParser.convert(error, file: file, yaml: text)
        }
        guard node.entries != nil else { throw XcodeGenError.notAMapping(what: "the spec '\(file)'", at: node.location) }
        var merged = empty
        for item in node["include"]?.listOrSingle ?? [] {
            let path: String
            var relativePaths = true
            if let text = item.string {
                path = text
            } else if item.entries != nil, let text = item["path"]?.string {
                path = text
                relativePaths = item["relativePaths"]?.bool ?? true
                if let enable = item["enable"] {
                    if let text = enable.string, let variable = SpecNode.unresolvedVariable(in: text) {
                        throw XcodeGenError.environmentVariable(variable, what: "the include '\(path)'", at: enable.location)
                    }
                    if enable.bool == false { continue }
                }
            } else {
                continue
            }
            try Self.refuseVariable(path, what: "the include '\(path)'", at: item.location)
            let resolved = PathUtilities.absolute(path, relativeTo: includeBase)
            guard fileSystem.exists(resolved) else { throw XcodeGenError.missingInclude(path, resolved: resolved, at: item.location) }
            let folder = PathUtilities.normalize(resolved + "/..")
            let included = try load(resolved, pathBase: relativePaths ? folder : pathBase, includeBase: relativePaths ? folder : includeBase, includedAt: item.location, visited: &visited)
            merged = included.merged(onto: merged)
        }
        return node.merged(onto: merged)
    }

    // MARK: - Targets

    /// The targets as XcodeGen resolves them: platforms split, templates merged, platforms
    /// split again (a template may bring `platform: [...]`), in the spec's order.
    static func resolveTargets(_ spec: SpecNode) throws -> [SpecNode.Entry] {
        guard let targets = spec["targets"] else { return [] }
        guard let entries = targets.entries else { throw XcodeGenError.notAMapping(what: "'targets:'", at: targets.location) }
        for entry in entries where entry.value.entries == nil {
            throw XcodeGenError.notAMapping(what: "target '\(entry.key)'", at: entry.location)
        }
        let templates = Dictionary((spec["targetTemplates"]?.entries ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        let split = entries.flatMap(splitPlatforms)
        return try split.map { try applyTemplates($0, templates: templates) }.flatMap(splitPlatforms)
    }

    /// One target per platform of a `platform: [iOS, tvOS]` target, named with the
    /// `platformPrefix`/`platformSuffix` (`_iOS` by default), `${platform}` expanded, and
    /// `PRODUCT_NAME` the unsuffixed name unless set, as XcodeGen does.
    static func splitPlatforms(_ entry: SpecNode.Entry) -> [SpecNode.Entry] {
        guard let platforms = entry.value["platform"]?.items else { return [entry] }
        return platforms.compactMap(\.string).map { platform in
            var target = entry.value.expanding(["platform": platform])
            target = target.setting("platform", to: .scalar(platform))
            let suffix = target["platformSuffix"]?.string ?? "_\(platform)"
            let prefix = target["platformPrefix"]?.string ?? ""
            var settings = target["settings"] ?? SpecNode(kind: .map([]), location: entry.location, pathBase: entry.value.pathBase)
            if settings.entries == nil { settings.kind = .map([]) }
            if settings["configs"] != nil || settings["groups"] != nil || settings["base"] != nil {
                var base = settings["base"] ?? SpecNode(kind: .map([]), location: settings.location, pathBase: settings.pathBase)
                if base.entries == nil { base.kind = .map([]) }
                if base["PRODUCT_NAME"] == nil { base = base.setting("PRODUCT_NAME", to: .scalar(entry.key)) }
                settings = settings.setting("base", to: base.kind)
            } else if settings["PRODUCT_NAME"] == nil {
                settings = settings.setting("PRODUCT_NAME", to: .scalar(entry.key))
            }
            target = target.setting("settings", to: settings.kind).setting("productName", to: .scalar(entry.key))
            return SpecNode.Entry(key: prefix + entry.key + suffix, location: entry.location, value: target)
        }
    }

    /// The target merged onto its templates (theirs first, nested ones before the template
    /// using them), then `${target_name}` and `templateAttributes` expanded.
    static func applyTemplates(_ entry: SpecNode.Entry, templates: [String: SpecNode]) throws -> SpecNode.Entry {
        var names: [String] = []
        var index = 0
        func collect(_ node: SpecNode, owner: String) throws {
            for item in node["templates"]?.listOrSingle ?? [] {
                guard let name = item.string, !names.contains(name) else { continue }
                guard let template = templates[name] else { throw XcodeGenError.unknownTemplate(name, target: owner, at: item.location) }
                names.insert(name, at: index)
                try collect(template, owner: owner)
                index += 1
            }
        }
        try collect(entry.value, owner: entry.key)
        guard !names.isEmpty else { return entry }
        var merged = SpecNode(kind: .map([]), location: entry.location, pathBase: entry.value.pathBase)
        for name in names {
            if let template = templates[name] { merged = template.merged(onto: merged) }
        }
        var value = entry.value.merged(onto: merged).expanding(["target_name": entry.key])
        var attributes: [String: String] = [:]
        for attribute in value["templateAttributes"]?.entries ?? [] {
            if let text = attribute.value.string { attributes[attribute.key] = text }
        }
        value = value.expanding(attributes)
        value.location = entry.value.location
        return SpecNode.Entry(key: entry.key, location: entry.location, value: value)
    }

    /// A target's name: its `name:` when set, else its key.
    static func targetName(_ entry: SpecNode.Entry) throws -> String {
        let name = entry.value["name"]?.string ?? entry.key
        try refuseVariable(name, what: "the target '\(name)'", at: entry.location)
        return name
    }

    /// The target `entry` as the model's target: type, dependencies and sources.
    func readTarget(
        _ entry: SpecNode.Entry, name: String, names: Set<String>, projectReferences: Set<String>, packages: [String: Int], root: String
    ) throws -> XcodeTarget {
        let value = entry.value
        let productType: XcodeProductType
        if let typeNode = value["type"], let type = typeNode.string, !type.isEmpty {
            try Self.refuseVariable(type, what: "the type of target '\(name)'", at: typeNode.location)
            productType = XcodeProductType(identifier: "com.apple.product-type." + type)
        } else if value["legacy"] != nil {
            // A `PBXLegacyTarget` (an external build tool) has no product type.
            productType = .other("")
        } else {
            throw XcodeGenError.missingKey("type", in: "target '\(name)'", at: entry.location)
        }
        var target = XcodeTarget(name: name, productType: productType, location: entry.location)
        let platform = value["platform"]?.string
        for item in value["dependencies"]?.listOrSingle ?? [] {
            guard item.entries != nil else { throw XcodeGenError.notAMapping(what: "a dependency of target '\(name)'", at: item.location) }
            // `platforms:` keeps a dependency of a multi-platform target to those platforms.
            if let platforms = item["platforms"]?.listOrSingle.compactMap(\.string), let platform, !platforms.contains(platform) { continue }
            if let reference = item["target"]?.string {
                try Self.refuseVariable(reference, what: "a dependency of target '\(name)'", at: item.location)
                if let slash = reference.firstIndex(of: "/"), projectReferences.contains(String(reference[..<slash])) {
                    target.dependencies.append(XcodeTargetDependency(target: String(reference[reference.index(after: slash)...]), project: String(reference[..<slash]), location: item.location))
                    continue
                }
                guard names.contains(reference) else { throw XcodeGenError.unknownTarget(reference, target: name, at: item.location) }
                target.dependencies.append(XcodeTargetDependency(target: reference, location: item.location))
            } else if let package = item["package"]?.string {
                try Self.refuseVariable(package, what: "a dependency of target '\(name)'", at: item.location)
                guard let index = packages[package] else { throw XcodeGenError.unknownPackage(package, target: name, at: item.location) }
                var products = (item["products"]?.listOrSingle ?? []).compactMap(\.string)
                if products.isEmpty { products = [item["product"]?.string ?? package] }
                for product in products {
                    try Self.refuseVariable(product, what: "a dependency of target '\(name)'", at: item.location)
                    target.packageProducts.append(XcodeProductDependency(product: product, package: index, location: item.location))
                }
            }
            // `framework`, `carthage`, `sdk` and `bundle` link prebuilt products: no edge.
        }
        // A build tool plug-in is a product of its package the target uses, as Xcode lists it.
        for item in value["buildToolPlugins"]?.listOrSingle ?? [] {
            guard let plugin = item["plugin"]?.string, let package = item["package"]?.string else { continue }
            guard let index = packages[package] else { throw XcodeGenError.unknownPackage(package, target: name, at: item.location) }
            target.packageProducts.append(XcodeProductDependency(product: plugin, package: index, location: item.location))
        }
        try readSources(value["sources"], of: name, into: &target, root: root)
        return target
    }

    /// With `transitivelyLinkDependencies` (the target's, else `options:`), a target also
    /// depends on what its target dependencies depend on, as XcodeGen writes it: through
    /// targets that do not embed their own (all but applications and test bundles), leaving
    /// out what a lower target embeds (`embed: true`). Each added edge is located at the
    /// top-level dependency that brought it.
    static func linkTransitively(_ targets: inout [XcodeTarget], entries: [SpecNode.Entry], options: SpecNode?) {
        let projectWide = options?["transitivelyLinkDependencies"]?.bool ?? false
        let original = targets
        let byName = Dictionary(original.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        // Whether each dependency says `embed: true`, in the order `readTarget` kept them.
        func embeds(_ index: Int) -> (targets: [Bool], products: [Bool]) {
            var targetFlags: [Bool] = []
            var productFlags: [Bool] = []
            let platform = entries[index].value["platform"]?.string
            for item in entries[index].value["dependencies"]?.listOrSingle ?? [] {
                if let platforms = item["platforms"]?.listOrSingle.compactMap(\.string), let platform, !platforms.contains(platform) { continue }
                let embed = item["embed"]?.bool == true
                if item["target"] != nil { targetFlags.append(embed) }
                if item["package"] != nil {
                    let count = max(1, (item["products"]?.listOrSingle ?? []).count)
                    productFlags += Array(repeating: embed, count: count)
                }
            }
            return (targetFlags, productFlags)
        }
        for index in original.indices where entries[index].value["transitivelyLinkDependencies"]?.bool ?? projectWide {
            var result = original[index]
            var seenTargets = Set(result.dependencies.map { "\($0.project ?? "")/\($0.target)" })
            var seenProducts = Set(result.packageProducts.map { "\($0.package ?? -1)/\($0.product)" })
            var visited: Set<String> = [result.name]
            var queue: [(index: Int, origin: SourceLocation)] = result.dependencies.filter { $0.project == nil }.compactMap { dependency in
                guard let other = byName[dependency.target], !Self.embedsItsDependencies(original[other].productType) else { return nil }
                return (other, dependency.location)
            }
            while !queue.isEmpty {
                let (current, origin) = queue.removeFirst()
                guard visited.insert(original[current].name).inserted else { continue }
                let flags = embeds(current)
                for (position, dependency) in original[current].dependencies.enumerated() where !(flags.targets.indices.contains(position) && flags.targets[position]) {
                    guard seenTargets.insert("\(dependency.project ?? "")/\(dependency.target)").inserted else { continue }
                    result.dependencies.append(XcodeTargetDependency(target: dependency.target, project: dependency.project, location: origin))
                    if dependency.project == nil, let other = byName[dependency.target], !Self.embedsItsDependencies(original[other].productType) {
                        queue.append((other, origin))
                    }
                }
                for (position, product) in original[current].packageProducts.enumerated() where !(flags.products.indices.contains(position) && flags.products[position]) {
                    guard seenProducts.insert("\(product.package ?? -1)/\(product.product)").inserted else { continue }
                    result.packageProducts.append(XcodeProductDependency(product: product.product, package: product.package, location: origin))
                }
            }
            targets[index] = result
        }
    }

    /// The `TEST_HOST` XcodeGen sets on a unit test bundle that sets none: the first
    /// application among its target dependencies, by its `productName` (the unsuffixed name of
    /// a multi-platform target).
    static func automaticTestHost(of target: XcodeTarget, entries: [String: SpecNode.Entry]) -> String? {
        for dependency in target.dependencies where dependency.project == nil {
            guard let entry = entries[dependency.target], let type = entry.value["type"]?.string,
                embedsItsDependencies(XcodeProductType(identifier: "com.apple.product-type." + type)), !XcodeProductType(identifier: "com.apple.product-type." + type).isTest
            else { continue }
            let product = entry.value["productName"]?.string ?? entry.value["name"]?.string ?? dependency.target
            return entry.value["platform"]?.string == "macOS" ? "$(BUILT_PRODUCTS_DIR)/\(product).app/Contents/MacOS/\(product)" : "$(BUILT_PRODUCTS_DIR)/\(product).app/\(product)"
        }
        return nil
    }

    /// Whether a target embeds its own dependencies (XcodeGen's `shouldEmbedDependencies`):
    /// applications of every kind (`.app` products: watch, iMessage, App Clip) and test bundles.
    static func embedsItsDependencies(_ type: XcodeProductType) -> Bool {
        if type == .application || type.isTest { return true }
        if case .other(let identifier) = type { return identifier.hasPrefix("com.apple.product-type.application") }
        return false
    }

    /// The target's `sources:`: folders (with `excludes` as excluded files, or `includes` as
    /// the files), files, and paths of other build phases (resources: owned, not compiled).
    func readSources(_ node: SpecNode?, of name: String, into target: inout XcodeTarget, root: String) throws {
        for item in node?.listOrSingle ?? [] {
            let pathNode = item.string != nil ? item : item["path"]
            guard let path = pathNode?.string else { continue }
            try Self.refuseVariable(path, what: "a source of target '\(name)'", at: pathNode?.location ?? item.location)
            let absolute = PathUtilities.absolute(path, relativeTo: item.pathBase)
            let relative = PathUtilities.relative(absolute, to: root)
            let phase = item["buildPhase"]?.string ?? item["buildPhase"]?.entries?.first?.key
            let isCompiled = (phase == nil || phase == "sources") && item["type"]?.string != "folder"
            guard isCompiled else {
                if !relative.hasSuffix(".swift") { target.files.append(relative) }
                continue
            }
            guard fileSystem.isDirectory(absolute) else {
                target.files.append(relative)
                continue
            }
            let excludes = (item["excludes"]?.listOrSingle ?? []).compactMap(\.string).map(PathGlob.init(exact:))
            let includes = (item["includes"]?.listOrSingle ?? []).compactMap(\.string).map(PathGlob.init(exact:))
            let below = (excludes.isEmpty && includes.isEmpty) ? [] : try fileSystem.filesBelow(absolute).sorted()
            if !includes.isEmpty {
                for file in below where Self.matches(file, includes) && !Self.matches(file, excludes) {
                    target.files.append(PathUtilities.relative(PathUtilities.join(absolute, file), to: root))
                }
                continue
            }
            target.folders.append(relative)
            for file in below where Self.matches(file, excludes) {
                target.excluded.append(PathUtilities.relative(PathUtilities.join(absolute, file), to: root))
            }
        }
    }

    /// Whether `file` (relative to a source folder) or a folder above it matches a glob, as
    /// XcodeGen's globs leave out whatever is inside an excluded folder.
    static func matches(_ file: String, _ globs: [PathGlob]) -> Bool {
        guard !globs.isEmpty else { return false }
        let parts = file.split(separator: "/")
        for end in parts.indices {
            let prefix = parts[...end].joined(separator: "/")
            if globs.contains(where: { $0.matches(prefix) }) { return true }
        }
        return false
    }

    // MARK: - Packages

    /// `packages:` (and the older `localPackages:`) as package references; returns each
    /// package's index by name, as dependencies name them.
    func readPackages(_ spec: SpecNode, into project: inout XcodeProject) throws -> [String: Int] {
        var index: [String: Int] = [:]
        if let packages = spec["packages"], packages.entries == nil, packages.kind != .null {
            throw XcodeGenError.notAMapping(what: "'packages:'", at: packages.location)
        }
        for entry in spec["packages"]?.entries ?? [] {
            let value = entry.value
            guard value.entries != nil else { throw XcodeGenError.notAMapping(what: "the package '\(entry.key)'", at: entry.location) }
            let kind: XcodePackageReference.Kind
            if let path = value["path"]?.string {
                try Self.refuseVariable(path, what: "the package '\(entry.key)'", at: entry.location)
                kind = .local(relativePath: Self.relativePath(PathUtilities.absolute(path, relativeTo: value.pathBase), from: project.rootDirectory))
            } else {
                let url: String
                if let github = value["github"]?.string {
                    url = "https://github.com/\(github)"
                } else if let text = value["url"]?.string {
                    url = text
                } else {
                    throw XcodeGenError.missingKey("url", in: "the package '\(entry.key)'", at: entry.location)
                }
                try Self.refuseVariable(url, what: "the package '\(entry.key)'", at: entry.location)
                kind = .remote(url: url, requirement: try Self.requirement(of: value, package: entry.key, at: entry.location))
            }
            index[entry.key] = project.packageReferences.count
            project.packageReferences.append(XcodePackageReference(kind: kind, location: entry.location))
        }
        for item in spec["localPackages"]?.listOrSingle ?? [] {
            guard let path = item.string else { continue }
            let absolute = PathUtilities.absolute(path, relativeTo: item.pathBase)
            index[(absolute as NSString).lastPathComponent] = project.packageReferences.count
            project.packageReferences.append(XcodePackageReference(kind: .local(relativePath: Self.relativePath(absolute, from: project.rootDirectory)), location: item.location))
        }
        for reference in project.packageReferences {
            guard case .local(let relativePath) = reference.kind else { continue }
            let resolved = PathUtilities.absolute(relativePath, relativeTo: project.rootDirectory)
            if !fileSystem.exists(PathUtilities.join(resolved, "Package.swift")) {
                throw XcodeError.missingPackageFolder(relativePath: relativePath, resolved: resolved, at: reference.location)
            }
        }
        return index
    }

    /// The requirement of a remote package, in XcodeGen's order of precedence.
    static func requirement(of value: SpecNode, package: String, at location: SourceLocation) throws -> XcodeRequirement {
        func version(_ key: String) throws -> String? {
            guard let node = value[key], let text = node.string else { return nil }
            try refuseVariable(text, what: "the package '\(package)'", at: node.location)
            var parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            // YAML reads `from: 1.2` as a number; XcodeGen pads it as a version.
            if parts.count < 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) { parts += Array(repeating: "0", count: 3 - parts.count) }
            return parts.joined(separator: ".")
        }
        if let exact = try version("exactVersion") ?? version("version") { return .exact(exact) }
        if let revision = value["revision"]?.string { return .revision(revision) }
        if let branch = value["branch"]?.string { return .branch(branch) }
        if let minimum = try version("minVersion"), let maximum = try version("maxVersion") { return .range(minimum, maximum) }
        if let minor = try version("minorVersion") { return .upToNextMinor(minor) }
        if let major = try version("majorVersion") ?? version("from") { return .upToNextMajor(major) }
        throw XcodeGenError.unknownRequirement(package: package, at: location)
    }

    /// `path` (absolute) relative to `base`, with `..` where needed.
    static func relativePath(_ path: String, from base: String) -> String {
        let from = PathUtilities.normalize(base).split(separator: "/")
        let to = PathUtilities.normalize(path).split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    // MARK: - Settings

    /// The configuration mfe reads: Debug when the spec has it (XcodeGen's default configs
    /// are Debug and Release), else the first debug-type config, else the first.
    static func configuration(of spec: SpecNode) -> String {
        guard let configs = spec["configs"]?.entries, !configs.isEmpty else { return "Debug" }
        if configs.contains(where: { $0.key == "Debug" }) { return "Debug" }
        return (configs.first { $0.value.string?.lowercased() == "debug" } ?? configs[0]).key
    }

    /// The levels of build settings of `target`, lowest first, as XcodeGen writes them into
    /// the project and Xcode applies them: the project's `.xcconfig` and settings, then the
    /// target's.
    func settingsLevels(spec: SpecNode, target: SpecNode, configuration: String) throws -> [XcodeSettingsLevel] {
        let groups = Dictionary((spec["settingGroups"]?.entries ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        func configFile(_ node: SpecNode?) -> String? {
            guard let entries = node?.entries, let entry = entries.first(where: { $0.key == configuration }), let path = entry.value.string else { return nil }
            return PathUtilities.absolute(path, relativeTo: entry.value.pathBase)
        }
        return [
            XcodeSettingsLevel(xcconfig: configFile(spec["configFiles"]), settings: Self.settings(spec["settings"], configuration: configuration, groups: groups, depth: 0)),
            XcodeSettingsLevel(xcconfig: configFile(target["configFiles"]), settings: Self.settings(target["settings"], configuration: configuration, groups: groups, depth: 0)),
        ]
    }

    /// The settings of a `settings:` value in `configuration`: a plain mapping, or `groups`,
    /// `base` and `configs` in that order, as XcodeGen merges them.
    static func settings(_ node: SpecNode?, configuration: String, groups: [String: SpecNode], depth: Int) -> [XcodeBuildSetting] {
        guard let node, let entries = node.entries, depth < 16 else { return [] }
        let isStructured = node["base"] != nil || node["configs"] != nil || node["groups"] != nil
        guard isStructured else { return plain(entries) }
        var result: [XcodeBuildSetting] = []
        for group in node["groups"]?.listOrSingle ?? [] {
            if let name = group.string, let value = groups[name] { result += settings(value, configuration: configuration, groups: groups, depth: depth + 1) }
        }
        result += plain(node["base"]?.entries ?? [])
        // XcodeGen applies a `configs` entry to every configuration whose name contains it.
        for entry in node["configs"]?.entries ?? [] where configuration.lowercased().contains(entry.key.lowercased()) {
            result += settings(entry.value, configuration: configuration, groups: groups, depth: depth + 1)
        }
        return result
    }

    /// Setting entries as build settings: lists joined by spaces, booleans as `YES`/`NO`.
    static func plain(_ entries: [SpecNode.Entry]) -> [XcodeBuildSetting] {
        entries.compactMap { entry in
            switch entry.value.kind {
            case .scalar(let text):
                switch text {
                case "true", "True", "TRUE", "yes": return XcodeBuildSetting(key: entry.key, value: "YES")
                case "false", "False", "FALSE", "no": return XcodeBuildSetting(key: entry.key, value: "NO")
                default: return XcodeBuildSetting(key: entry.key, value: text)
                }
            case .list(let items): return XcodeBuildSetting(key: entry.key, value: items.compactMap(\.string).joined(separator: " "))
            case .null: return XcodeBuildSetting(key: entry.key, value: "")
            case .map: return nil
            }
        }
    }

    /// A located refusal when `text` still holds `${…}`: only the environment could give it.
    static func refuseVariable(_ text: String, what: String, at location: SourceLocation) throws {
        if let variable = SpecNode.unresolvedVariable(in: text) { throw XcodeGenError.environmentVariable(variable, what: what, at: location) }
    }
}

extension SpecNode {
    /// The mapping with `key` set to `kind` (replacing the value, keeping its place).
    func setting(_ key: String, to kind: Kind) -> SpecNode {
        guard case .map(var entries) = self.kind else { return self }
        if let index = entries.lastIndex(where: { $0.key == key }) {
            entries[index].value.kind = kind
        } else {
            entries.append(Entry(key: key, location: location, value: SpecNode(kind: kind, location: location, pathBase: pathBase)))
        }
        var copy = self
        copy.kind = .map(entries)
        return copy
    }
}
