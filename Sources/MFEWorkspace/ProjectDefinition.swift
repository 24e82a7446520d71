import Foundation
import MFECore
import MFEXcode

/// What defines a project of the workspace, named by the path that stands for it in
/// `projects:` and in the graph: an Xcode project, an XcodeGen spec or a Tuist manifest.
/// Every kind is read into the one `XcodeProject` model, so roles, layers, test hosts,
/// `--imports`, `affected` and `owners` treat them alike.
package enum ProjectDefinitionKind: String, Sendable, Equatable, CaseIterable {
    /// A `.xcodeproj` folder holding a `project.pbxproj`.
    case xcodeproj
    /// An XcodeGen spec: `project.yml` (or any `.yml`/`.yaml` a `projects:` entry names).
    case xcodegen
    /// A Tuist `Project.swift`.
    case tuist

    /// The kind of the project at `path` (a `projects:` entry or a discovered path); nil when
    /// the path names no project definition.
    package init?(path: String) {
        let name = (path as NSString).lastPathComponent
        if name.hasSuffix(".xcodeproj") {
            self = .xcodeproj
        } else if name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
            self = .xcodegen
        } else if name == "Project.swift" {
            self = .tuist
        } else {
            return nil
        }
    }

    /// The file names discovery takes for an XcodeGen spec, as `xcodegen` looks for them.
    package static let xcodeGenSpecNames: Set<String> = ["project.yml", "project.yaml"]

    /// Whether the text of a `.yml` file is an XcodeGen spec rather than any other YAML
    /// (a CI workflow, a SwiftLint configuration): a top-level `targets:` or `include:` key.
    package static func looksLikeXcodeGenSpec(_ text: String) -> Bool {
        text.split(separator: "\n", omittingEmptySubsequences: true).contains { line in
            line.hasPrefix("targets:") || line.hasPrefix("include:") || line.hasPrefix("targetTemplates:")
        }
    }
}

extension WorkspaceLoader {
    /// Reads the project definition at `path` (absolute) into the project model, whatever
    /// its kind; the one place `loadProjects` and adoption read projects through.
    package func readProjectDefinition(at path: String) throws -> XcodeProject {
        switch ProjectDefinitionKind(path: path) {
        case .xcodegen: return try XcodeGenReader(fileSystem: fileSystem).read(specAt: path)
        case .tuist:
            // `loadProjects` reads a workspace's Tuist projects together, sharing their roots'
            // helpers; one alone is read with the helpers of its own root.
            return try Self.readTuistProject(at: path, workspaceRoot: PathUtilities.normalize(path + "/.."), fileSystem: fileSystem, environment: manifestLoader.manifestEnvironment).0
        case .xcodeproj, nil: return try XcodeProjectReader(fileSystem: fileSystem).read(projectAt: path)
        }
    }
}
