import MFECore
import MFEWorkspace
import MFEXcode

/// Where an Xcode shell keeps its pins, and the projects it is made of.
package enum XcodeShell {
    /// The `Package.resolved` Xcode reads for the project or workspace at `path`:
    /// `App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved`, or
    /// `App.xcworkspace/xcshareddata/swiftpm/Package.resolved`.
    package static func resolvedPath(of path: String) -> String {
        if path.hasSuffix(".xcworkspace") { return PathUtilities.join(path, "xcshareddata/swiftpm/Package.resolved") }
        return PathUtilities.join(path, "project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
    }

    /// The `.xcodeproj` XcodeGen generates from the spec at `path` (`NAME.xcodeproj` beside
    /// it, NAME the spec's `name:`), where Xcode then keeps the pins; any other path as it is.
    package static func generatedProject(of path: String, fileSystem: any FileSystem) throws -> String {
        guard ProjectDefinitionKind(path: path) == .xcodegen else { return path }
        let spec = try XcodeGenReader(fileSystem: fileSystem).read(specAt: path)
        return PathUtilities.join(PathUtilities.normalize(path + "/.."), spec.name + ".xcodeproj")
    }

    /// The projects of the `.xcodeproj`, `.xcworkspace` or XcodeGen spec at `path`.
    package static func projects(at path: String, fileSystem: any FileSystem) throws -> [XcodeProject] {
        if ProjectDefinitionKind(path: path) == .xcodegen { return [try XcodeGenReader(fileSystem: fileSystem).read(specAt: path)] }
        let reader = XcodeProjectReader(fileSystem: fileSystem)
        guard path.hasSuffix(".xcworkspace") else { return [try reader.read(projectAt: path)] }
        return try XcodeWorkspaceReader(fileSystem: fileSystem).read(workspaceAt: path).projects.map { try reader.read(projectAt: $0) }
    }

    /// The Xcode projects in `directory` or in a folder directly inside it (the app in its own
    /// folder, as `Shell/NAME/NAME.xcodeproj` references the package at `..`) that reference
    /// the package in `directory` itself as a local package: their `Package.resolved` must
    /// hold the same pins.
    package static func projectsReferencing(packageAt directory: String, fileSystem: any FileSystem) throws -> [String] {
        var candidates: [String] = []
        for name in ((try? fileSystem.contentsOfDirectory(directory)) ?? []).sorted() where !name.hasPrefix(".") {
            let path = PathUtilities.join(directory, name)
            if name.hasSuffix(".xcodeproj") {
                candidates.append(path)
            } else if fileSystem.isDirectory(path), !name.hasSuffix(".xcworkspace") {
                for inner in ((try? fileSystem.contentsOfDirectory(path)) ?? []).sorted() where inner.hasSuffix(".xcodeproj") {
                    candidates.append(PathUtilities.join(path, inner))
                }
            }
        }
        var result: [String] = []
        for path in candidates {
            guard fileSystem.exists(PathUtilities.join(path, "project.pbxproj")) else { continue }
            let project = try XcodeProjectReader(fileSystem: fileSystem).read(projectAt: path)
            let references = project.packageReferences.contains { reference in
                guard case .local(let relativePath) = reference.kind else { return false }
                return PathUtilities.absolute(relativePath, relativeTo: project.rootDirectory) == PathUtilities.normalize(directory)
            }
            if references { result.append(path) }
        }
        return result
    }
}
