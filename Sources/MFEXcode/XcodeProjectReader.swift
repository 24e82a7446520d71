import Foundation
import MFECore

/// Reads an `.xcodeproj` statically: its `project.pbxproj` is an OpenStep property list, which
/// Foundation's `PropertyListSerialization` parses on Linux and macOS alike, so no Xcode is
/// needed. Lines come from a scan of the text (`PBXLines`), since the property list reader
/// keeps none. Every reference the project makes must resolve: a half-read project would be a
/// silent subset of the graph.
package struct XcodeProjectReader: Sendable {
    let fileSystem: any FileSystem

    /// Creates a reader.
    package init(fileSystem: any FileSystem = LocalFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// Reads the project at `path` (an `.xcodeproj` folder), checking that its local package
    /// references point at packages.
    package func read(projectAt path: String) throws -> XcodeProject {
        let project = fileSystem.absolute(path)
        let pbxproj = PathUtilities.join(project, "project.pbxproj")
        guard fileSystem.exists(pbxproj) else { throw XcodeError.noProjectFile(project: path) }
        let data = try fileSystem.contents(of: pbxproj)
        let value = try Self.parse(data, projectPath: project, pbxprojPath: PathUtilities.join(path, "project.pbxproj"), fileSystem: fileSystem)
        var problems: [XcodeError] = []
        for reference in value.packageReferences {
            guard case .local(let relativePath) = reference.kind else { continue }
            let resolved = PathUtilities.absolute(relativePath, relativeTo: value.rootDirectory)
            if !fileSystem.exists(PathUtilities.join(resolved, "Package.swift")) {
                problems.append(.missingPackageFolder(relativePath: relativePath, resolved: resolved, at: reference.location))
            }
        }
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw InputErrors(problems) }
        var kept = value
        // A folder reference is a package only when it holds a manifest (others are assets).
        kept.packageFolders = value.packageFolders.filter { fileSystem.exists(PathUtilities.join(PathUtilities.join(value.rootDirectory, $0.path), "Package.swift")) }
        return kept
    }

    /// Parses the bytes of a `project.pbxproj`; `projectPath` is the absolute `.xcodeproj`
    /// folder, `pbxprojPath` the file as messages name it. The `.xcconfig` files the build
    /// configurations name are read from `fileSystem`; without one, only the settings the
    /// file itself holds count, with a note.
    package static func parse(_ data: Data, projectPath: String, pbxprojPath: String, fileSystem: (any FileSystem)? = nil) throws -> XcodeProject {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            // Foundation names the wrong line for a conflict marker (line 1): find it.
            let text = String(decoding: data, as: UTF8.self)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let marker = ["<<<<<<<", ">>>>>>>", "|||||||"].compactMap { line.range(of: $0) }.first ?? (line.hasPrefix("=======") ? line.range(of: "=======") : nil)
                guard let marker else { continue }
                throw XcodeError.mergeConflict(marker: String(line[marker.lowerBound...].prefix(40)), at: SourceLocation(file: pbxprojPath, line: index + 1, column: 1))
            }
            let start = text.drop { $0.isWhitespace }
            if !start.hasPrefix("<?xml"), !start.hasPrefix("bplist"), let (line, expected) = PBXSyntax.firstError(in: text) {
                throw XcodeError.syntaxError(expected: expected, at: SourceLocation(file: pbxprojPath, line: line, column: 1))
            }
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "it does not parse"
            throw XcodeError.notAPropertyList(file: pbxprojPath, reason: reason.prefix(1).lowercased() + reason.dropFirst())
        }
        return try parse(data, propertyList: plist, projectPath: projectPath, pbxprojPath: pbxprojPath, fileSystem: fileSystem)
    }

    /// `parse(_:projectPath:pbxprojPath:fileSystem:)` of bytes already read as the property
    /// list `plist`, for callers that read its objects too; without `lines`, every location is
    /// line 1 (the scan for lines is a third of the work, and comparing needs none).
    static func parse(_ data: Data, propertyList plist: Any, projectPath: String, pbxprojPath: String, fileSystem: (any FileSystem)? = nil, lines: Bool = true) throws -> XcodeProject {
        guard let top = plist as? [String: Any] else { throw XcodeError.notAPropertyList(file: pbxprojPath, reason: "its top level is not a dictionary") }
        guard let objects = top["objects"] as? [String: Any] else { throw XcodeError.notAProject(file: pbxprojPath, missing: "objects") }
        guard let rootID = top["rootObject"] as? String, let root = objects[rootID] as? [String: Any], root["isa"] as? String == "PBXProject" else {
            throw XcodeError.notAProject(file: pbxprojPath, missing: "rootObject")
        }
        var reader = PBXObjects(objects: objects, lines: PBXLines(text: lines ? String(decoding: data, as: UTF8.self) : "", objectIDs: lines ? Set(objects.keys) : []), file: pbxprojPath)
        let projectFolder = (projectPath as NSString).deletingLastPathComponent
        let projectDirPath = root["projectDirPath"] as? String ?? ""
        let rootDirectory = projectDirPath.isEmpty ? projectFolder : PathUtilities.absolute(projectDirPath, relativeTo: projectFolder)
        let name = ((projectPath as NSString).lastPathComponent as NSString).deletingPathExtension
        reader.settings = BuildSettingsContext(
            fileSystem: fileSystem, projectName: name, rootDirectory: rootDirectory, projectConfigurations: root["buildConfigurationList"] as? String)

        if let mainGroup = root["mainGroup"] as? String { try reader.computePaths(from: mainGroup) }

        var references: [XcodePackageReference] = []
        var referenceIndex: [String: Int] = [:]
        // Xcode resolves the package of every product a target links, also one a merge left
        // out of `packageReferences`: those follow, in the order of the file.
        let listed = root["packageReferences"] as? [String] ?? []
        let unlisted = Set(objects.keys).subtracting(listed).filter { id in
            let isa = (objects[id] as? [String: Any])?["isa"] as? String
            return isa == "XCRemoteSwiftPackageReference" || isa == "XCLocalSwiftPackageReference"
        }
        for id in listed + unlisted.sorted(by: { (reader.lines.definitions[$0] ?? 0, $0) < (reader.lines.definitions[$1] ?? 0, $1) }) {
            let object = try reader.object(id, referencedAs: "a package reference", from: rootID, key: "packageReferences")
            let location = reader.lines.definition(of: id, file: pbxprojPath)
            switch object["isa"] as? String {
            case "XCRemoteSwiftPackageReference":
                guard let url = object["repositoryURL"] as? String else { throw XcodeError.missingKey("repositoryURL", object: "the package reference '\(id)'", at: location) }
                let requirement = try Self.requirement(object["requirement"] as? [String: Any] ?? [:], url: url, at: location)
                referenceIndex[id] = references.count
                references.append(XcodePackageReference(kind: .remote(url: url, requirement: requirement), location: location))
            case "XCLocalSwiftPackageReference":
                guard let relativePath = object["relativePath"] as? String else { throw XcodeError.missingKey("relativePath", object: "the package reference '\(id)'", at: location) }
                referenceIndex[id] = references.count
                references.append(XcodePackageReference(kind: .local(relativePath: relativePath), location: location))
            default:
                continue
            }
        }

        var targets: [XcodeTarget] = []
        var targetNames: [String: String] = [:]
        for id in root["targets"] as? [String] ?? [] {
            let object = try reader.object(id, referencedAs: "a target", from: rootID, key: "targets")
            guard let name = object["name"] as? String else { throw XcodeError.missingKey("name", object: "the target '\(id)'", at: reader.lines.definition(of: id, file: pbxprojPath)) }
            targetNames[id] = name
        }
        // A target that links another's product in its frameworks phase depends on it, as
        // Xcode's implicit dependencies find.
        var products: [String: String] = [:]
        for (id, name) in targetNames {
            if let product = (objects[id] as? [String: Any])?["productReference"] as? String { products[product] = name }
        }
        for id in root["targets"] as? [String] ?? [] {
            targets.append(try reader.target(id, names: targetNames, products: products, packageIndex: referenceIndex, projectPath: projectPath, rootDirectory: rootDirectory))
        }
        guard !targets.isEmpty else { throw XcodeError.noTargets(file: pbxprojPath) }
        reader.addSynchronizedMembership(to: &targets, ids: root["targets"] as? [String] ?? [])
        var project = XcodeProject(
            path: projectPath, pbxprojPath: pbxprojPath, name: name, rootDirectory: rootDirectory,
            objectVersion: Int(top["objectVersion"] as? String ?? "") ?? 0, compatibilityVersion: root["compatibilityVersion"] as? String,
            targets: targets, packageReferences: references, packageFolders: reader.packageFolders
        )
        project.configuration = reader.settings.chosenConfiguration
        var seenNotes: Set<String> = []
        project.notes = reader.notes.filter { seenNotes.insert($0).inserted }
        return project
    }

    /// The requirement of a remote reference, as Xcode writes its `kind`.
    static func requirement(_ object: [String: Any], url: String, at location: SourceLocation) throws -> XcodeRequirement {
        let kind = object["kind"] as? String ?? ""
        func value(_ key: String) throws -> String {
            guard let text = object[key] as? String else { throw XcodeError.missingKey(key, object: "the requirement of '\(url)'", at: location) }
            return text
        }
        switch kind {
        case "upToNextMajorVersion": return .upToNextMajor(try value("minimumVersion"))
        case "upToNextMinorVersion": return .upToNextMinor(try value("minimumVersion"))
        case "exactVersion": return .exact(try value("version"))
        case "versionRange": return .range(try value("minimumVersion"), try value("maximumVersion"))
        case "branch": return .branch(try value("branch"))
        case "revision": return .revision(try value("revision"))
        default: throw XcodeError.unknownRequirement(url: url, kind: kind, at: location)
        }
    }
}

/// The objects of a `project.pbxproj` with the lookups the reader needs, and the paths of its
/// groups and file references (relative to the project's root folder).
struct PBXObjects {
    let objects: [String: Any]
    let lines: PBXLines
    let file: String
    /// Object identifier → path relative to the project's root folder (nil outside it).
    var paths: [String: String] = [:]
    /// Folder references that may be local packages.
    var packageFolders: [XcodePackageFolder] = []
    /// What resolving build settings needs beyond the objects.
    var settings = BuildSettingsContext(fileSystem: nil, projectName: "", rootDirectory: "/", projectConfigurations: nil)
    /// What could not be read as Xcode reads it, for `XcodeProject.notes`.
    var notes: [String] = []

    init(objects: [String: Any], lines: PBXLines, file: String) {
        self.objects = objects
        self.lines = lines
        self.file = file
    }

    /// The object `id`, which `owner` names under `key`; a missing one is an error.
    func object(_ id: String, referencedAs what: String, from owner: String, key: String) throws -> [String: Any] {
        guard let object = objects[id] as? [String: Any] else {
            throw XcodeError.missingObject(id: id, referencedAs: what, at: lines.entry(id, in: owner, key: key, file: file))
        }
        return object
    }

    /// Walks the group tree from the main group and records the path of every group, folder
    /// and file reference. Iterative: group trees can be deep.
    mutating func computePaths(from mainGroup: String) throws {
        var pending: [(id: String, parent: String?)] = [(mainGroup, "")]
        var seen: Set<String> = []
        while let (id, parent) = pending.popLast() {
            guard seen.insert(id).inserted, let object = objects[id] as? [String: Any] else { continue }
            let path = object["path"] as? String
            let resolved: String?
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>":
                if let parent {
                    resolved = path.map { PathUtilities.normalize(PathUtilities.join(parent, $0)) } ?? parent
                } else {
                    resolved = nil
                }
            case "SOURCE_ROOT": resolved = PathUtilities.normalize(path ?? "")
            case "<absolute>": resolved = path
            default: resolved = nil
            }
            if let resolved { paths[id] = resolved.isEmpty ? "." : resolved }
            let isa = object["isa"] as? String
            if isa == "PBXFileReference", let resolved, ["wrapper", "folder"].contains(object["lastKnownFileType"] as? String ?? "") {
                packageFolders.append(XcodePackageFolder(path: resolved, location: lines.definition(of: id, file: file)))
            }
            let base = resolved.map { $0 == "." ? "" : $0 }
            for child in (object["children"] as? [String] ?? []).reversed() {
                pending.append((child, base))
            }
        }
        packageFolders.sort { $0.location < $1.location }
    }

    /// The target `id`.
    mutating func target(_ id: String, names: [String: String], products: [String: String], packageIndex: [String: Int], projectPath: String, rootDirectory: String) throws -> XcodeTarget {
        let object = objects[id] as? [String: Any] ?? [:]
        let location = lines.definition(of: id, file: file)
        let name = names[id] ?? id
        var target = XcodeTarget(name: name, productType: XcodeProductType(identifier: object["productType"] as? String ?? ""), location: location)
        if object["isa"] as? String == "PBXAggregateTarget" { target.productType = .aggregate }
        let resolved = resolvedSettings(of: object, name: name)
        target.builtProductName = resolved.productName
        target.productName = resolved.moduleName
        target.testHost = resolved.testHost
        target.configurationFiles = configurationFiles(of: object)
        notes += resolved.notes
        for dependencyID in object["dependencies"] as? [String] ?? [] {
            let dependency = try self.object(dependencyID, referencedAs: "a dependency of '\(name)'", from: id, key: "dependencies")
            let entry = lines.entry(dependencyID, in: id, key: "dependencies", file: file)
            if let targetID = dependency["target"] as? String {
                guard let other = names[targetID] else {
                    throw XcodeError.missingObject(id: targetID, referencedAs: "the target '\(name)' depends on", at: entry)
                }
                target.dependencies.append(XcodeTargetDependency(target: other, location: entry))
            } else if let productID = dependency["productRef"] as? String {
                target.packageProducts.append(try product(productID, of: name, owner: id, at: entry, packageIndex: packageIndex))
            } else if let proxyID = dependency["targetProxy"] as? String, let proxy = objects[proxyID] as? [String: Any], let remote = proxy["remoteInfo"] as? String {
                // A target of another project: its container is a file reference to it.
                let portal = (proxy["containerPortal"] as? String).flatMap { paths[$0] }
                let other = portal.map { PathUtilities.absolute($0, relativeTo: rootDirectory) }
                target.dependencies.append(XcodeTargetDependency(target: remote, project: other == projectPath ? nil : other, location: entry))
            }
        }
        for productID in object["packageProductDependencies"] as? [String] ?? [] {
            let entry = lines.entry(productID, in: id, key: "packageProductDependencies", file: file)
            target.packageProducts.append(try product(productID, of: name, owner: id, at: entry, packageIndex: packageIndex))
        }
        for groupID in object["fileSystemSynchronizedGroups"] as? [String] ?? [] {
            let group = try self.object(groupID, referencedAs: "a synchronized folder of '\(name)'", from: id, key: "fileSystemSynchronizedGroups")
            guard let folder = paths[groupID] else { continue }
            target.folders.append(folder)
            for exceptionID in group["exceptions"] as? [String] ?? [] {
                guard let exception = objects[exceptionID] as? [String: Any], exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    exception["target"] as? String == id
                else { continue }
                target.excluded += (exception["membershipExceptions"] as? [String] ?? []).map { PathUtilities.normalize(PathUtilities.join(folder, $0)) }
            }
        }
        for phaseID in object["buildPhases"] as? [String] ?? [] {
            let phase = try self.object(phaseID, referencedAs: "a build phase of '\(name)'", from: id, key: "buildPhases")
            // The frameworks phase links products, whose files are not the target's own; a
            // product of another target of the project is a dependency on it.
            // A copy-files phase embeds products (extensions, watch apps, helpers, frameworks):
            // the target ships them inside its own product.
            if phase["isa"] as? String == "PBXCopyFilesBuildPhase" {
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let buildFile = objects[buildFileID] as? [String: Any], let reference = buildFile["fileRef"] as? String, let other = products[reference], other != name,
                        !target.embedded.contains(other)
                    else { continue }
                    target.embedded.append(other)
                }
            }
            if phase["isa"] as? String == "PBXFrameworksBuildPhase" {
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let buildFile = objects[buildFileID] as? [String: Any], let reference = buildFile["fileRef"] as? String, let other = products[reference], other != name,
                        !target.dependencies.contains(where: { $0.target == other && $0.project == nil })
                    else { continue }
                    target.dependencies.append(XcodeTargetDependency(target: other, location: lines.entry(buildFileID, in: phaseID, key: "files", file: file)))
                }
                continue
            }
            for buildFileID in phase["files"] as? [String] ?? [] {
                guard let buildFile = objects[buildFileID] as? [String: Any], let reference = buildFile["fileRef"] as? String else { continue }
                if let path = paths[reference] {
                    target.files.append(path)
                } else if let variant = objects[reference] as? [String: Any], let children = variant["children"] as? [String] {
                    target.files += children.compactMap { paths[$0] }
                }
            }
        }
        return target
    }

    /// PRODUCT_NAME, PRODUCT_MODULE_NAME and TEST_HOST (else BUNDLE_LOADER) of the target
    /// `object`, in the configuration `BuildSettingsContext` chooses; a value that differs
    /// in Release, or that cannot be resolved, is a note (an unresolved one falls back to
    /// the target's name, or no host).
    mutating func resolvedSettings(of object: [String: Any], name: String) -> ResolvedTargetSettings {
        let configurations = configurations(of: object["buildConfigurationList"] as? String)
        let chosen = settings.choose(among: configurations.map(\.name))
        var result = resolvedSettings(in: chosen, target: configurations, name: name)
        if let release = configurations.first(where: { $0.name == "Release" })?.name, release != chosen {
            let other = resolvedSettings(in: release, target: configurations, name: name)
            for (key, mine, theirs) in [("PRODUCT_MODULE_NAME", result.moduleName, other.moduleName), ("TEST_HOST", result.testHost ?? "", other.testHost ?? "")] where mine != theirs {
                result.notes.append("\(key) of target '\(name)' is '\(mine)' in \(chosen ?? "") and '\(theirs)' in Release; mfe uses \(chosen ?? "")")
            }
        }
        return result
    }

    /// The settings of target `name` in configuration `configuration` (nil: none declared).
    mutating func resolvedSettings(in configuration: String?, target: [(name: String, base: String?, settings: [String: Any])], name: String) -> ResolvedTargetSettings {
        var assignments: [BuildSettingAssignment] = []
        var notes: [String] = []
        let project = self.configurations(of: settings.projectConfigurations)
        for level in [project, target] {
            guard let configuration, let entry = level.first(where: { $0.name == configuration }) else { continue }
            if let base = entry.base {
                if let cached = settings.xcconfigs[base] {
                    assignments += cached.assignments
                    notes += cached.notes
                } else if let fileSystem = settings.fileSystem {
                    var fileNotes: [String] = []
                    let read = XcconfigReader(fileSystem: fileSystem, root: settings.rootDirectory).assignments(of: base, notes: &fileNotes)
                    settings.xcconfigs[base] = (read, fileNotes)
                    assignments += read
                    notes += fileNotes
                }
            }
            for key in entry.settings.keys.sorted() {
                let value = entry.settings[key]
                let text = value as? String ?? (value as? [String])?.joined(separator: " ") ?? ""
                assignments.append(BuildSettingAssignment(conditionedKey: key, value: text))
            }
        }
        let resolver = BuildSettingsResolver(assignments: assignments.filter { $0.applies(to: configuration ?? "") }, builtins: settings.builtins(target: name, configuration: configuration ?? ""))
        return ResolvedTargetSettings(resolver: resolver, name: name, subject: "target '\(name)' of \(file)", notes: notes)
    }

    /// `names` quoted for a message.
    static func quoted(_ names: [String]) -> String {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }.map { "'$(\($0))'" }.joined(separator: ", ")
    }
}

extension ResolvedTargetSettings {
    /// The product and module names and test host of target `name` as `resolver` resolves
    /// them, with a note for each value that uses a variable nothing defines; `subject`
    /// names the target in notes.
    init(resolver: BuildSettingsResolver, name: String, subject: String, notes: [String]) {
        var notes = notes
        var productName = name
        let product = resolver.value(of: "PRODUCT_NAME")
        if !product.unresolved.isEmpty {
            notes.append("PRODUCT_NAME of \(subject) uses \(PBXObjects.quoted(product.unresolved)), which no build setting defines; mfe uses the target's name")
        } else if !product.value.isEmpty {
            productName = product.value
        }
        var moduleName = BuildSettingsResolver.c99Identifier(productName)
        if resolver.isAssigned("PRODUCT_MODULE_NAME") {
            let module = resolver.value(of: "PRODUCT_MODULE_NAME")
            if !module.unresolved.isEmpty {
                notes.append("PRODUCT_MODULE_NAME of \(subject) uses \(PBXObjects.quoted(module.unresolved)), which no build setting defines; mfe uses '\(moduleName)'")
            } else if !module.value.isEmpty {
                moduleName = module.value
            }
        }
        var testHost: String?
        for key in ["TEST_HOST", "BUNDLE_LOADER"] where testHost == nil && resolver.isAssigned(key) {
            let host = resolver.value(of: key)
            // Xcode's test templates set BUNDLE_LOADER to $(TEST_HOST); a bundle without a
            // TEST_HOST (UI tests) has none, as Xcode expands an unset setting to nothing.
            if key == "BUNDLE_LOADER", Set(host.unresolved) == ["TEST_HOST"] { break }
            if !host.unresolved.isEmpty {
                notes.append("\(key) of \(subject) uses \(PBXObjects.quoted(host.unresolved)), which no build setting defines; mfe places the test bundle by its dependencies")
                break
            }
            if !host.value.isEmpty { testHost = host.value }
        }
        self.init(productName: productName, moduleName: moduleName, testHost: testHost, notes: notes)
    }
}

extension PBXObjects {
    /// The `.xcconfig` files of every configuration of the project and of the target
    /// `object`, with the files they include when there is a file system to read them,
    /// relative to the project's root folder, sorted.
    mutating func configurationFiles(of object: [String: Any]) -> [String] {
        var found: Set<String> = []
        for level in [configurations(of: settings.projectConfigurations), configurations(of: object["buildConfigurationList"] as? String)] {
            for base in level.compactMap(\.base) {
                if let cached = settings.includedFiles[base] {
                    found.formUnion(cached)
                } else {
                    let files = [base] + (settings.fileSystem.map { XcconfigReader(fileSystem: $0, root: settings.rootDirectory).includedFiles(of: base) } ?? [])
                    settings.includedFiles[base] = files
                    found.formUnion(files)
                }
            }
        }
        return found.map { PathUtilities.relative($0, to: settings.rootDirectory) }.sorted()
    }

    /// The configurations of the `XCConfigurationList` `id`: name, the `.xcconfig` its
    /// `baseConfigurationReference` (or Xcode 16's anchor and relative path) names
    /// (absolute), and its `buildSettings`.
    func configurations(of id: String?) -> [(name: String, base: String?, settings: [String: Any])] {
        guard let id, let list = objects[id] as? [String: Any] else { return [] }
        return (list["buildConfigurations"] as? [String] ?? []).compactMap { configurationID in
            guard let configuration = objects[configurationID] as? [String: Any], let name = configuration["name"] as? String else { return nil }
            // Xcode 16 names an `.xcconfig` inside a synchronized folder by the folder (the
            // anchor) and its path there.
            let anchored = (configuration["baseConfigurationReferenceAnchor"] as? String).flatMap { paths[$0] }.map { folder in
                PathUtilities.normalize(PathUtilities.join(folder, configuration["baseConfigurationReferenceRelativePath"] as? String ?? ""))
            }
            let base = ((configuration["baseConfigurationReference"] as? String).flatMap { paths[$0] } ?? anchored).map { PathUtilities.absolute($0, relativeTo: settings.rootDirectory) }
            return (name, base, configuration["buildSettings"] as? [String: Any] ?? [:])
        }
    }

    /// The `XCSwiftPackageProductDependency` `id` of target `name`.
    func product(_ id: String, of name: String, owner: String, at entry: SourceLocation, packageIndex: [String: Int]) throws -> XcodeProductDependency {
        let object = try self.object(id, referencedAs: "a package product of '\(name)'", from: owner, key: "packageProductDependencies")
        guard var product = object["productName"] as? String else {
            throw XcodeError.missingKey("productName", object: "the package product '\(id)' of '\(name)'", at: lines.definition(of: id, file: file))
        }
        if product.hasPrefix("plugin:") { product.removeFirst("plugin:".count) }
        var package: Int?
        if let packageID = object["package"] as? String {
            guard let index = packageIndex[packageID] else {
                throw XcodeError.missingObject(
                    id: packageID, referencedAs: "the package of product '\(product)'", at: lines.definition(of: id, file: file))
            }
            package = index
        }
        return XcodeProductDependency(product: product, package: package, location: entry)
    }

    /// Adds to each target the files that a synchronized folder it does not own lists as
    /// exceptions for it: an exception set naming target B on a folder of target A makes
    /// those files members of B (on a folder of B itself, it takes them out, `excluded`).
    func addSynchronizedMembership(to targets: inout [XcodeTarget], ids: [String]) {
        let index = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        func groups(of id: String) -> [String] { (objects[id] as? [String: Any])?["fileSystemSynchronizedGroups"] as? [String] ?? [] }
        var added: Set<String> = []
        for id in ids {
            for groupID in groups(of: id) where added.insert(groupID).inserted {
                guard let group = objects[groupID] as? [String: Any], let folder = paths[groupID] else { continue }
                for exceptionID in group["exceptions"] as? [String] ?? [] {
                    guard let exception = objects[exceptionID] as? [String: Any], exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                        let other = exception["target"] as? String, let otherIndex = index[other], !groups(of: other).contains(groupID)
                    else { continue }
                    targets[otherIndex].files += (exception["membershipExceptions"] as? [String] ?? []).map { PathUtilities.normalize(PathUtilities.join(folder, $0)) }
                }
            }
        }
    }
}

/// What resolving a target's build settings needs besides the objects: where `.xcconfig`
/// files are read, the values Xcode defines, and which configuration mfe reads.
struct BuildSettingsContext {
    /// Where `.xcconfig` files are read; nil reads none.
    let fileSystem: (any FileSystem)?
    /// The project's name (`PROJECT_NAME`).
    let projectName: String
    /// The project's root folder (`SRCROOT`).
    let rootDirectory: String
    /// The project's `buildConfigurationList`.
    let projectConfigurations: String?
    /// `.xcconfig` files read so far (absolute path → assignments and notes): targets share them.
    var xcconfigs: [String: (assignments: [BuildSettingAssignment], notes: [String])] = [:]
    /// The configuration read for the first target that has any.
    var chosenConfiguration: String?
    /// `.xcconfig` file (absolute) → it and the files it includes, for `configurationFiles`.
    var includedFiles: [String: [String]] = [:]

    /// Debug when a target has it (the configuration Xcode builds and tests with by
    /// default), else its first.
    mutating func choose(among names: [String]) -> String? {
        let chosen = names.contains("Debug") ? "Debug" : names.first
        if chosenConfiguration == nil { chosenConfiguration = chosen }
        return chosen
    }

    /// The settings Xcode defines for every target, below all levels. Build folders are
    /// placeholders: only the product names in paths such as TEST_HOST matter.
    func builtins(target: String, configuration: String) -> [String: String] {
        [
            "TARGET_NAME": target, "PROJECT_NAME": projectName, "CONFIGURATION": configuration, "SRCROOT": rootDirectory, "PROJECT_DIR": rootDirectory,
            "SOURCE_ROOT": rootDirectory, "BUILT_PRODUCTS_DIR": "/BUILT_PRODUCTS_DIR", "TARGET_BUILD_DIR": "/BUILT_PRODUCTS_DIR", "CONFIGURATION_BUILD_DIR": "/BUILT_PRODUCTS_DIR",
            "BUILD_DIR": "/BUILD_DIR", "BUNDLE_EXECUTABLE_FOLDER_PATH": "", "BUNDLE_CONTENTS_FOLDER_PATH": "", "CONTENTS_FOLDER_PATH": "", "EXECUTABLE_FOLDER_PATH": "",
            "PRODUCT_NAME": "$(TARGET_NAME)", "EXECUTABLE_NAME": "$(PRODUCT_NAME)", "FULL_PRODUCT_NAME": "$(PRODUCT_NAME)", "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
        ]
    }
}

/// The lines of a `project.pbxproj`: where each object is defined and where a list entry
/// naming another object is written, for findings.
struct PBXLines {
    let lines: [Substring]
    /// Object identifier → index of the line defining it.
    let definitions: [String: Int]
    /// The defining lines, sorted, to find where an object's text ends.
    let starts: [Int]

    init(text: String, objectIDs: Set<String>) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var definitions: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard let end = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "=" }) else { continue }
            let token = String(trimmed[..<end])
            guard objectIDs.contains(token), definitions[token] == nil else { continue }
            var rest = trimmed[end...].drop { $0 == " " || $0 == "\t" }
            if rest.hasPrefix("/*"), let close = rest.range(of: "*/") { rest = rest[close.upperBound...].drop { $0 == " " || $0 == "\t" } }
            if rest.hasPrefix("=") { definitions[token] = index }
        }
        self.definitions = definitions
        starts = definitions.values.sorted()
    }

    /// Where `id` is defined (line 1 when the text does not show it).
    func definition(of id: String, file: String) -> SourceLocation {
        SourceLocation(file: file, line: (definitions[id] ?? 0) + 1, column: 1)
    }

    /// The line of the entry naming `id` in `owner`'s `key` list; `owner`'s own line when the
    /// text does not show it.
    func entry(_ id: String, in owner: String, key: String, file: String) -> SourceLocation {
        guard let start = definitions[owner] else { return SourceLocation(file: file, line: 1, column: 1) }
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= start { low = middle + 1 } else { high = middle }
        }
        let end = low < starts.count ? starts[low] : lines.count
        var inList = false
        for index in start..<end {
            let line = lines[index]
            if line.contains(key + " = (") { inList = true }
            if inList, let range = line.range(of: id) {
                let column = line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1
                return SourceLocation(file: file, line: index + 1, column: column)
            }
        }
        return SourceLocation(file: file, line: start + 1, column: 1)
    }
}
