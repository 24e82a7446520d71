import Foundation
import MFECore

/// A Tuist `Project.swift` as its code defines it, read without running it: the project's
/// targets with their products, sources and dependencies, each located at the
/// `Project.swift` or helper line that made it.
package struct TuistProjectDefinition: Sendable, Equatable {
    /// `name:` of the `Project`.
    package var name: String
    /// The `Project.swift` (absolute).
    package var manifestPath: String
    /// Where the `Project(…)` value was made (a helper line when a helper makes it).
    package var location: SourceLocation
    /// The targets, in order.
    package var targets: [TuistTarget]
    /// The project's `packages:` (Swift packages its targets use with `.package(product:)`).
    package var packages: [TuistPackageReference]

    /// Creates a project value.
    package init(name: String, manifestPath: String, location: SourceLocation, targets: [TuistTarget] = [], packages: [TuistPackageReference] = []) {
        self.name = name
        self.manifestPath = manifestPath
        self.location = location
        self.targets = targets
        self.packages = packages
    }

    /// The folder of the `Project.swift`, which relative paths start from.
    package var directory: String { (manifestPath as NSString).deletingLastPathComponent }
}

/// A target of a Tuist project (`.target(name:destinations:product:…)` or the older
/// `Target(name:platform:product:…)`).
package struct TuistTarget: Sendable, Equatable {
    /// `name:`.
    package var name: String
    /// `product:`, the case's name (`app`, `framework`, `unitTests`).
    package var product: String
    /// `productName:` when given: the module other targets import.
    package var productName: String?
    /// Where the target was made.
    package var location: SourceLocation
    /// `dependencies:`, in order.
    package var dependencies: [TuistDependency]
    /// The `sources:` globs, absolute.
    package var sources: [String]

    /// Creates a target value.
    package init(name: String, product: String, productName: String? = nil, location: SourceLocation, dependencies: [TuistDependency] = [], sources: [String] = []) {
        self.name = name
        self.product = product
        self.productName = productName
        self.location = location
        self.dependencies = dependencies
        self.sources = sources
    }
}

/// A `TargetDependency` of a Tuist target.
package struct TuistDependency: Sendable, Equatable {
    /// What is depended on.
    package enum Kind: Sendable, Equatable {
        /// `.target(name:)`: a target of the same project.
        case target(String)
        /// `.project(target:path:)`: a target of the project in folder `path` (absolute).
        case project(target: String, path: String)
        /// `.external(name:)`: a product of `Tuist/Package.swift`'s packages.
        case external(String)
        /// `.package(product:)`: a product of the project's `packages:`.
        case package(product: String)
        /// `.sdk(name:)`.
        case sdk(String)
        /// `.framework(path:)`, `.xcframework(path:)`, `.library(path:)`: a prebuilt binary
        /// (absolute path).
        case binary(kind: String, path: String)
        /// `.macro(name:)`: a macro target of the same project.
        case macro(String)
        /// `.xctest` and kinds with no module of the graph.
        case other(String)
    }

    /// What is depended on.
    package var kind: Kind
    /// `condition:`'s platform filters when given (`ios`, `macos`), sorted.
    package var condition: [String]?
    /// The line that made the dependency.
    package var location: SourceLocation

    /// Creates a dependency.
    package init(_ kind: Kind, condition: [String]? = nil, location: SourceLocation) {
        self.kind = kind
        self.condition = condition
        self.location = location
    }
}

/// A package of a Tuist project's `packages:`.
package struct TuistPackageReference: Sendable, Equatable {
    /// Where the package comes from.
    package enum Kind: Sendable, Equatable {
        /// `.remote(url:requirement:)`, `.package(url:from:)`.
        case remote(url: String, requirement: Requirement)
        /// `.local(path:)`, `.package(path:)`: absolute.
        case local(path: String)
    }

    /// Where the package comes from.
    package var kind: Kind
    /// Where the entry is written.
    package var location: SourceLocation

    /// Creates a reference.
    package init(_ kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

/// A Tuist `Workspace.swift`: the project folders it lists.
package struct TuistWorkspaceDefinition: Sendable, Equatable {
    /// `name:`.
    package var name: String
    /// `projects:` globs, relative to the workspace's folder.
    package var projects: [String]
    /// Where the `Workspace(…)` value was made.
    package var location: SourceLocation

    /// Creates a workspace value.
    package init(name: String, projects: [String], location: SourceLocation) {
        self.name = name
        self.projects = projects
        self.location = location
    }
}
