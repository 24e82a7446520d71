import Foundation
import MFECore
import MFEManifest
import MFEXcode

extension WorkspaceLoader {
    /// The folders never searched for Xcode projects, besides those of packages.
    static let skippedProjectFolderNames: Set<String> = ["Pods", "Carthage"]

    /// The workspace's Xcode projects, as `.xcodeproj` paths relative to `root`, sorted: the
    /// `projects:` entries (a `.xcworkspace` stands for the projects it lists) and
    /// `shell.project:`; without `packages:` and `projects:`, every `.xcodeproj` below `root`
    /// (skipping `.build`, `DerivedData`, `Pods`, checkouts and hidden folders): `discovered`
    /// when the package walk found them already.
    package func projectPaths(root: String, configuration: WorkspaceConfiguration?, discovered: [String]? = nil) throws -> [String] {
        var found: Set<String> = []
        var entries: [(glob: String, key: String, location: SourceLocation)] = []
        if let configuration {
            for (glob, location) in zip(configuration.projects, configuration.projectLocations) { entries.append((glob, "projects:", location)) }
            if let project = configuration.shell?.project {
                entries.append((project, "shell.project:", configuration.shell?.projectLocation ?? SourceLocation(file: configuration.file, line: 1, column: 1)))
            }
        }
        if entries.isEmpty && (configuration?.packages.isEmpty ?? true) {
            return try limitedByTuistWorkspace(try discovered ?? discoverPackagesAndProjects(under: root).projects, root: root)
        }
        for entry in entries {
            let pattern = PathUtilities.normalize(entry.glob)
            guard !pattern.hasPrefix("/"), !pattern.hasPrefix("..") else { throw WorkspaceError.projectsEntryWithoutProject(entry.glob, key: entry.key, at: entry.location) }
            var visits = FolderVisits(fileSystem: fileSystem, boundary: root, purpose: "matching '\(entry.glob)'")
            _ = try visits.enter(root, depth: 0)
            let matches = try matchProjects(pattern, root: root, visits: &visits)
            guard !matches.isEmpty else { throw WorkspaceError.projectsEntryWithoutProject(entry.glob, key: entry.key, at: entry.location) }
            for match in matches {
                if match.hasSuffix(".xcworkspace") {
                    let workspace = try XcodeWorkspaceReader(fileSystem: fileSystem).read(workspaceAt: PathUtilities.join(root, match))
                    found.formUnion(workspace.projects.map { PathUtilities.relative($0, to: root) })
                } else {
                    found.insert(match)
                }
            }
        }
        return found.sorted()
    }

    /// The projects a `projects:` glob matches: folders (`.xcodeproj`, `.xcworkspace`), and
    /// files for a glob naming an XcodeGen spec (`Apps/*/project.yml`).
    func matchProjects(_ pattern: String, root: String, visits: inout FolderVisits) throws -> [String] {
        let components = pattern.split(separator: "/")
        guard ProjectDefinitionKind(path: pattern) == .xcodegen, let name = components.last else {
            return try match(components, in: root, relative: "", depth: 0, visits: &visits).compactMap { match -> String? in
                if Self.isXcodeContainer((match as NSString).lastPathComponent) || (match as NSString).lastPathComponent == "Project.swift" { return match }
                // A folder holding a Tuist `Project.swift` stands for it.
                let manifest = PathUtilities.join(match, "Project.swift")
                return fileSystem.exists(PathUtilities.join(root, manifest)) ? manifest : nil
            }
        }
        return try match(Array(components.dropLast()), in: root, relative: "", depth: 0, visits: &visits).flatMap { folder in
            let directory = PathUtilities.join(root, folder)
            return try fileSystem.contentsOfDirectory(directory).filter { PathUtilities.matches(Substring($0), pattern: name) && !fileSystem.isDirectory(PathUtilities.join(directory, $0)) }
                .sorted().map { PathUtilities.join(folder, $0) }
        }
    }

    /// Reads the projects at `paths` (relative to `root`) as packages of the graph: directory
    /// (the `.xcodeproj` path), manifest and project. Every failure is reported together.
    package func loadProjects(_ paths: [String], root: String) throws -> [(directory: String, manifest: PackageManifest, project: XcodeProject)] {
        var result: [(directory: String, manifest: PackageManifest, project: XcodeProject)] = []
        var problems: [any InputError] = []
        var tuist = TuistRoots(fileSystem: fileSystem, environment: manifestLoader.manifestEnvironment, workspaceRoot: root)
        for path in paths {
            do {
                if (path as NSString).lastPathComponent == "Project.swift" {
                    let directory = (path as NSString).deletingLastPathComponent
                    let (project, manifest) = try tuist.read(PathUtilities.join(root, path))
                    result.append((directory.isEmpty ? "." : directory, manifest, project))
                    continue
                }
                let project = try readProjectDefinition(at: PathUtilities.join(root, path))
                result.append((path, try project.manifest(), project))
            } catch let error as InputErrors {
                problems += error.errors
            } catch let error as any InputError {
                problems.append(error)
            }
        }
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw InputErrors(problems) }
        return result
    }

    /// Whether a folder name is an Xcode project or workspace (whose contents are Xcode's).
    static func isXcodeContainer(_ name: String) -> Bool {
        name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace")
    }
}

extension WorkspaceLayering {
    /// Gives the application targets of Xcode projects, with the apps they embed and their
    /// test bundles, the shell layer unless a `layers:` entry names the application target
    /// itself (an entry naming the stem, as `About` does for the package of `AboutExample`,
    /// means the package), or the project has a layer of its own.
    func layerApplications(in packages: inout [WorkspacePackage]) {
        for index in packages.indices {
            guard let project = packages[index].project, packages[index].layer == nil else { continue }
            let stems = project.applicationStems(roles: roles)
            for target in project.targets where target.productType == .application {
                guard let stem = stems[target.name] else { continue }
                if case .layer(let layer, _)? = table.match([target.name]) {
                    packages[index].featureLayers[stem] = layer
                } else if stems[target.name] == roles.stem(of: target.name, kind: .executable) || packages[index].featureLayers[stem] == nil {
                    packages[index].featureLayers[stem] = .shell
                }
            }
        }
    }
}
