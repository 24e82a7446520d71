import MFECore
import MFEManifest

/// An iOS app target in an Xcode 16 project written beside a package, so its example app (or
/// the shell app) runs on an iPhone simulator from Xcode with no manual step.
///
/// The project is as small as Xcode 16 allows: one app target whose sources are a
/// folder-synchronized group (`PBXFileSystemSynchronizedRootGroup`, object version 77), so
/// adding a Swift file to the folder needs no project edit; the package itself as a local
/// package reference (`XCLocalSwiftPackageReference`, path `.`) whose library products the app
/// links (`XCSwiftPackageProductDependency`); Info.plist keys generated from build settings;
/// automatic signing, which needs no team for the simulator; and a shared scheme. Object
/// identifiers are hashes of names, so the same package always gives the same bytes.
package struct XcodeAppProject: Sendable, Equatable {
    /// The folder, relative to the package, holding the app's own sources (its `@main`).
    package static let appFolder = "iOSApp"

    /// The project's name: `NAME.xcodeproj`.
    package var projectName: String
    /// The app target's name, also its scheme's and its product's (`NAME.app`).
    package var targetName: String
    /// The package's library products the app links, in the manifest's order.
    package var products: [String]
    /// `IPHONEOS_DEPLOYMENT_TARGET`, e.g. `17.0`.
    package var deploymentTarget: String
    /// `PRODUCT_BUNDLE_IDENTIFIER`.
    package var bundleIdentifier: String

    /// Creates a project description.
    package init(projectName: String, targetName: String, products: [String], deploymentTarget: String, bundleIdentifier: String) {
        self.projectName = projectName
        self.targetName = targetName
        self.products = products
        self.deploymentTarget = deploymentTarget
        self.bundleIdentifier = bundleIdentifier
    }

    /// The project for the package whose rendered files are `files`, all below `prefix` (empty
    /// for the package itself): nil when the template gave no `iOSApp/` Swift sources. The app
    /// links every library product of the rendered `Package.swift` that those sources import.
    package static func forPackage(files: [PlannedFile], prefix: String, projectName: String, targetName: String, deploymentTarget: String, bundleIdentifier: String) throws -> XcodeAppProject? {
        let base = prefix.isEmpty ? "" : prefix + "/"
        let appSources = files.filter { $0.path.hasPrefix(base + appFolder + "/") && $0.path.hasSuffix(".swift") }
        guard !appSources.isEmpty else { return nil }
        guard let manifestFile = files.first(where: { $0.path == base + "Package.swift" }) else {
            throw ScaffoldError.appWithoutPackage(folder: base)
        }
        let manifest = try ManifestReader().read(source: manifestFile.contents, manifestPath: manifestFile.path)
        let imported = Set(appSources.flatMap { importedModules(in: $0.contents) })
        let libraries = manifest.products.filter { [.library, .staticLibrary, .dynamicLibrary].contains($0.kind) }.map(\.name)
        return XcodeAppProject(projectName: projectName, targetName: targetName, products: libraries.filter(imported.contains), deploymentTarget: deploymentTarget, bundleIdentifier: bundleIdentifier)
    }

    /// `files` plus the Xcode project of `app` (the names and deployment target a
    /// specification chose), when the template wrote `iOSApp/` sources below `prefix`.
    package static func adding(to files: [PlannedFile], prefix: String, app: (projectName: String, targetName: String, deploymentTarget: String)?) throws -> [PlannedFile] {
        guard let app else { return files }
        let bundleIdentifier = "com.example." + app.targetName.replacingOccurrences(of: "_", with: "-")
        guard
            let project = try forPackage(
                files: files, prefix: prefix, projectName: app.projectName, targetName: app.targetName, deploymentTarget: app.deploymentTarget, bundleIdentifier: bundleIdentifier)
        else { return files }
        return files + project.plannedFiles(prefix: prefix)
    }

    /// The modules `source` imports at the start of a line (`import X`, `@testable import X`).
    static func importedModules(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.count >= 2, words[0] == "import" else { return nil }
            return String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
    }

    /// The files to write, relative to the package: the project and its shared scheme.
    package func plannedFiles(prefix: String) -> [PlannedFile] {
        let base = (prefix.isEmpty ? "" : prefix + "/") + projectName + ".xcodeproj/"
        return [
            PlannedFile(path: base + "project.pbxproj", contents: projectFile),
            PlannedFile(path: base + "xcshareddata/xcschemes/\(targetName).xcscheme", contents: scheme),
        ]
    }

    /// A 24-digit hexadecimal object identifier derived from `key` and the project name: two
    /// FNV-1a hashes with different offsets, so the same names always give the same identifier.
    func identifier(_ key: String) -> String {
        func fnv(_ offset: UInt64) -> UInt64 {
            var hash = offset
            for byte in (projectName + "\u{0}" + targetName + "\u{0}" + key).utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
        let high = String(fnv(0xcbf2_9ce4_8422_2325), radix: 16, uppercase: true)
        let low = String(fnv(0x84_2223_25cb_f29c) & 0xFFFF_FFFF, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - high.count) + high + String(repeating: "0", count: 8 - low.count) + low
    }

    /// `value` as an OpenStep property-list string: bare when Xcode writes it bare, else quoted.
    static func quoted(_ value: String) -> String {
        let bare = !value.isEmpty && value.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "_$./".unicodeScalars.contains($0) }
        if bare { return value }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
