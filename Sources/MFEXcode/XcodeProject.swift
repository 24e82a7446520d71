import MFECore

/// An Xcode project as its `project.pbxproj` declares it: the value `XcodeProjectReader`
/// produces, with the line of every declaration so findings can point at it.
package struct XcodeProject: Sendable, Equatable {
    /// The `.xcodeproj` folder (absolute).
    package var path: String
    /// Its `project.pbxproj`.
    package var pbxprojPath: String
    /// The project's name: the `.xcodeproj` folder's name without the extension.
    package var name: String
    /// The folder the project's relative paths start from (the folder holding the
    /// `.xcodeproj`, or its `projectDirPath`), absolute.
    package var rootDirectory: String
    /// `objectVersion`: the oldest Xcode format that can open the file (55 is Xcode 13, 77 is
    /// Xcode 16).
    package var objectVersion: Int
    /// `compatibilityVersion` of the project object (`Xcode 13.0`), absent in Xcode 16 files.
    package var compatibilityVersion: String?
    /// The targets, in the project's order.
    package var targets: [XcodeTarget]
    /// The project's Swift package references (`packageReferences`), in declaration order.
    package var packageReferences: [XcodePackageReference]
    /// Local packages added as folder references (Xcode before 15 and packages dragged in):
    /// folders, relative to `rootDirectory`, that hold a `Package.swift`.
    package var packageFolders: [XcodePackageFolder]
    /// The build configuration whose settings mfe read (Debug when the targets have it, else
    /// their first); nil when the project declares none.
    package var configuration: String?
    /// What could not be read as Xcode reads it (an `.xcconfig` that does not exist, a
    /// setting naming a variable nothing defines, a value differing in Release), for the
    /// JSON `notes`.
    package var notes: [String] = []

    /// Creates a project value.
    package init(
        path: String, pbxprojPath: String, name: String, rootDirectory: String, objectVersion: Int, compatibilityVersion: String? = nil, targets: [XcodeTarget] = [],
        packageReferences: [XcodePackageReference] = [], packageFolders: [XcodePackageFolder] = []
    ) {
        self.path = path
        self.pbxprojPath = pbxprojPath
        self.name = name
        self.rootDirectory = rootDirectory
        self.objectVersion = objectVersion
        self.compatibilityVersion = compatibilityVersion
        self.targets = targets
        self.packageReferences = packageReferences
        self.packageFolders = packageFolders
    }
}

/// A target of an Xcode project (`PBXNativeTarget`, `PBXAggregateTarget`, `PBXLegacyTarget`).
package struct XcodeTarget: Sendable, Equatable {
    /// The target's name.
    package var name: String
    /// What it builds.
    package var productType: XcodeProductType
    /// The line of the target's object.
    package var location: SourceLocation
    /// Targets it depends on (`dependencies`), in order.
    package var dependencies: [XcodeTargetDependency]
    /// Package products it links (`packageProductDependencies`, and `productRef` target
    /// dependencies), in order.
    package var packageProducts: [XcodeProductDependency]
    /// Xcode 16 synchronized folders (`fileSystemSynchronizedGroups`), relative to the
    /// project's `rootDirectory`: every file below them belongs to the target but `excluded`.
    package var folders: [String]
    /// Files of synchronized folders that the folder's exceptions leave out of this target.
    package var excluded: [String]
    /// Files of its build phases (classic groups), and files a synchronized folder of another
    /// target adds to it, relative to `rootDirectory`, in order.
    package var files: [String]
    /// The module other targets import: `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` as a C99
    /// identifier, resolved as Xcode resolves them (target, project and their `.xcconfig`
    /// files) in `XcodeProject.configuration`; the target's name when they cannot be resolved.
    package var productName: String
    /// `PRODUCT_NAME` as resolved: the product's file name without its extension
    /// (`DuckDuckGo` of `DuckDuckGo.app`), which a test bundle's `TEST_HOST` names.
    package var builtProductName: String
    /// `TEST_HOST`, else `BUNDLE_LOADER`, resolved (`/BUILT_PRODUCTS_DIR/App.app/App`): the
    /// application a test bundle runs in; nil when unset or unresolvable.
    package var testHost: String?
    /// Targets whose products its copy-files phases embed (extensions, watch apps, helpers,
    /// frameworks), in order.
    package var embedded: [String] = []
    /// The `.xcconfig` files the project's and the target's configurations are based on, with
    /// the files they include, relative to the project's `rootDirectory`, sorted: a change to
    /// one changes the target's build settings.
    package var configurationFiles: [String] = []

    /// Creates a target value.
    package init(
        name: String, productType: XcodeProductType, location: SourceLocation, dependencies: [XcodeTargetDependency] = [], packageProducts: [XcodeProductDependency] = [], folders: [String] = [],
        excluded: [String] = [], files: [String] = []
    ) {
        self.name = name
        self.productType = productType
        self.location = location
        self.dependencies = dependencies
        self.packageProducts = packageProducts
        self.folders = folders
        self.excluded = excluded
        self.files = files
        self.productName = name
        self.builtProductName = name
    }
}

/// What a target builds: its `productType`.
package enum XcodeProductType: Sendable, Equatable, Hashable {
    case application, framework, staticLibrary, dynamicLibrary, appExtension, unitTestBundle, uiTestBundle, commandLineTool
    /// A `PBXAggregateTarget`: build phases (scripts) only, no product.
    case aggregate
    /// Any other product type (watch apps, bundles, XPC services…).
    case other(String)

    /// The type of a `productType` identifier.
    package init(identifier: String) {
        switch identifier {
        case "com.apple.product-type.application", "com.apple.product-type.application.on-demand-install-capable", "com.apple.product-type.application.watchapp2-container":
            self = .application
        case "com.apple.product-type.framework", "com.apple.product-type.framework.static": self = .framework
        case "com.apple.product-type.library.static": self = .staticLibrary
        case "com.apple.product-type.library.dynamic": self = .dynamicLibrary
        case "com.apple.product-type.app-extension", "com.apple.product-type.extensionkit-extension", "com.apple.product-type.watchkit2-extension": self = .appExtension
        case "com.apple.product-type.bundle.unit-test": self = .unitTestBundle
        case "com.apple.product-type.bundle.ui-testing": self = .uiTestBundle
        case "com.apple.product-type.tool": self = .commandLineTool
        default: self = .other(identifier)
        }
    }

    /// Whether it is a unit or UI test bundle.
    package var isTest: Bool { self == .unitTestBundle || self == .uiTestBundle }

    /// Whether it is shipped inside an application that embeds it rather than on its own:
    /// extensions, widgets, watch apps and their extensions, XPC services, helpers, bundles.
    /// Frameworks and libraries are modules, whatever embeds them.
    package var isEmbeddable: Bool {
        switch self {
        case .appExtension, .application, .commandLineTool, .other: return true
        case .framework, .staticLibrary, .dynamicLibrary, .unitTestBundle, .uiTestBundle, .aggregate: return false
        }
    }
}

extension XcodeTarget {
    /// The application `testHost` names: the product name of its `.app` path component
    /// (`DuckDuckGo` of `/BUILT_PRODUCTS_DIR/DuckDuckGo.app/Contents/MacOS/DuckDuckGo`).
    package var testHostProductName: String? {
        guard let testHost else { return nil }
        return testHost.split(separator: "/").first { $0.hasSuffix(".app") }.map { String($0.dropLast(".app".count)) }
    }
}

/// A `dependencies` entry of a target on another target.
package struct XcodeTargetDependency: Sendable, Equatable {
    /// The target depended on.
    package var target: String
    /// The `.xcodeproj` (absolute) of a target in another project; nil in this project.
    package var project: String?
    /// The line of the entry in the depending target's `dependencies` list.
    package var location: SourceLocation

    /// Creates a dependency.
    package init(target: String, project: String? = nil, location: SourceLocation) {
        self.target = target
        self.project = project
        self.location = location
    }
}

/// An `XCSwiftPackageProductDependency` a target links.
package struct XcodeProductDependency: Sendable, Equatable {
    /// The product's name (without the `plugin:` prefix of plugin products).
    package var product: String
    /// The index of its package in `XcodeProject.packageReferences`; nil when the product
    /// comes from a local package folder (a reference without `package`).
    package var package: Int?
    /// The line of the entry in the target's `packageProductDependencies` (or
    /// `dependencies`) list.
    package var location: SourceLocation

    /// Creates a product dependency.
    package init(product: String, package: Int?, location: SourceLocation) {
        self.product = product
        self.package = package
        self.location = location
    }
}

/// An `XCRemoteSwiftPackageReference` or `XCLocalSwiftPackageReference`.
package struct XcodePackageReference: Sendable, Equatable {
    /// Where the package comes from.
    package enum Kind: Sendable, Equatable {
        /// `repositoryURL` with its `requirement`.
        case remote(url: String, requirement: XcodeRequirement)
        /// `relativePath`, relative to the project's `rootDirectory`.
        case local(relativePath: String)
    }

    /// Where the package comes from.
    package var kind: Kind
    /// The line of the reference's object.
    package var location: SourceLocation

    /// Creates a reference.
    package init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

/// The `requirement` of a remote package reference, as Xcode writes it.
package enum XcodeRequirement: Sendable, Equatable {
    /// `upToNextMajorVersion` from `minimumVersion`.
    case upToNextMajor(String)
    /// `upToNextMinorVersion` from `minimumVersion`.
    case upToNextMinor(String)
    /// `exactVersion`.
    case exact(String)
    /// `versionRange`: `minimumVersion` up to (excluding) `maximumVersion`.
    case range(String, String)
    /// `branch`.
    case branch(String)
    /// `revision`.
    case revision(String)
}

/// A local package added to the project as a folder reference.
package struct XcodePackageFolder: Sendable, Equatable {
    /// The folder, relative to the project's `rootDirectory`.
    package var path: String
    /// The line of its file reference.
    package var location: SourceLocation

    /// Creates a package folder.
    package init(path: String, location: SourceLocation) {
        self.path = path
        self.location = location
    }
}

/// An `.xcworkspace`: the projects its `contents.xcworkspacedata` lists.
package struct XcodeWorkspace: Sendable, Equatable {
    /// The `.xcworkspace` folder (absolute).
    package var path: String
    /// The `.xcodeproj` folders it lists (absolute), in order.
    package var projects: [String]
    /// The package folders it lists directly (absolute), in order.
    package var packageFolders: [String]

    /// Creates a workspace value.
    package init(path: String, projects: [String], packageFolders: [String] = []) {
        self.path = path
        self.projects = projects
        self.packageFolders = packageFolders
    }
}
