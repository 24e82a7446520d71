import MFECore
import MFEManifest

/// An iOS app in an Xcode 16 project written beside a package, so its example app (or the
/// shell app) runs on an iPhone simulator from Xcode with no manual step, and ships.
///
/// The layout is the "Micro Frontends for Mobile" article's BrowseExample: the app in its own
/// folder named after the project (`HomeExample/`), holding `HomeExample.xcodeproj`, the app's
/// sources (`HomeExample/HomeExampleApp/`, with an asset catalog holding AppIcon and
/// AccentColor) and its unit tests (`HomeExample/HomeExampleAppTests/`), and the package
/// referenced at `..` (`XCLocalSwiftPackageReference`), whose library products the app links.
/// Both targets' sources are folder-synchronized groups (object version 77), so adding a file
/// needs no project edit; Info.plist keys come from build settings, plus an `Info.plist` beside
/// the project for what build settings cannot say (the URL schemes the app opens); automatic
/// signing needs no team for the simulator; the shared scheme builds, runs and tests. Object
/// identifiers are hashes of names, so the same package always gives the same bytes.
package struct XcodeAppProject: Sendable, Equatable {
    /// The project's name: `NAME.xcodeproj`, in the folder `NAME/`.
    package var projectName: String
    /// The app target's name, also its scheme's, its product's (`NAME.app`) and its sources
    /// folder's.
    package var targetName: String
    /// The package's library products the app links, in the manifest's order.
    package var products: [String]
    /// `IPHONEOS_DEPLOYMENT_TARGET`, e.g. `17.0`.
    package var deploymentTarget: String
    /// `PRODUCT_BUNDLE_IDENTIFIER`.
    package var bundleIdentifier: String
    /// The URL schemes the app opens (`feedme`), registered in its `Info.plist`.
    package var urlSchemes: [String]
    /// The name the app icon shows the initials of: the feature's or the workspace's.
    package var iconName: String
    /// Whether the app shows web pages (a web feature), which may ask for the camera and the
    /// microphone: the app then says why it would use them, or iOS ends it when a page asks.
    package var hostsWebContent: Bool
    /// Whether a page the app shows is on the local network, which iOS asks the user about
    /// first, showing why the app says it reaches it.
    package var usesLocalNetwork: Bool

    /// Creates a project description.
    package init(
        projectName: String, targetName: String, products: [String], deploymentTarget: String, bundleIdentifier: String, urlSchemes: [String] = [], iconName: String? = nil,
        hostsWebContent: Bool = false, usesLocalNetwork: Bool = false
    ) {
        self.projectName = projectName
        self.targetName = targetName
        self.products = products
        self.deploymentTarget = deploymentTarget
        self.bundleIdentifier = bundleIdentifier
        self.urlSchemes = urlSchemes
        self.iconName = iconName ?? projectName
        self.hostsWebContent = hostsWebContent
        self.usesLocalNetwork = usesLocalNetwork
    }

    /// The package, as the project (in its own folder inside the package) references it.
    static let packagePath = ".."

    /// The folder of the app's own sources (its `@main`), relative to the package: what a
    /// template's `{{iosAppFolder}}` names.
    package static func sourcesFolder(projectName: String, targetName: String) -> String {
        projectName + "/" + targetName
    }

    /// The unit test target: `NAMETests`, hosted by the app.
    var testTargetName: String { targetName + "Tests" }

    /// The project for the package whose rendered files are `files`, all below `prefix` (empty
    /// for the package itself): nil when the template gave no Swift sources in the app's
    /// folder. The app links every library product of the rendered `Package.swift` that those
    /// sources import.
    package static func forPackage(
        files: [PlannedFile], prefix: String, projectName: String, targetName: String, deploymentTarget: String, bundleIdentifier: String, urlSchemes: [String] = [],
        iconName: String? = nil, hostsWebContent: Bool = false, usesLocalNetwork: Bool = false
    ) throws -> XcodeAppProject? {
        let base = prefix.isEmpty ? "" : prefix + "/"
        let folder = sourcesFolder(projectName: projectName, targetName: targetName)
        let appSources = files.filter { $0.path.hasPrefix(base + folder + "/") && $0.path.hasSuffix(".swift") }
        guard !appSources.isEmpty else { return nil }
        guard let manifestFile = files.first(where: { $0.path == base + "Package.swift" }) else {
            throw ScaffoldError.appWithoutPackage(folder: base, app: folder)
        }
        // mfe's own template: it reads no environment variable.
        let manifest = try ManifestReader(environment: [:]).read(source: manifestFile.contents, manifestPath: manifestFile.path)
        let imported = Set(appSources.flatMap { importedModules(in: $0.contents) })
        let libraries = manifest.products.filter { [.library, .staticLibrary, .dynamicLibrary].contains($0.kind) }.map(\.name)
        return XcodeAppProject(
            projectName: projectName, targetName: targetName, products: libraries.filter(imported.contains), deploymentTarget: deploymentTarget, bundleIdentifier: bundleIdentifier,
            urlSchemes: urlSchemes, iconName: iconName, hostsWebContent: hostsWebContent, usesLocalNetwork: usesLocalNetwork)
    }

    /// The names, deployment target and URL schemes a specification chose for its app.
    package struct AppRequest: Sendable, Equatable {
        /// `NAME.xcodeproj`.
        package var projectName: String
        /// The app target.
        package var targetName: String
        /// `IPHONEOS_DEPLOYMENT_TARGET`.
        package var deploymentTarget: String
        /// The URL schemes the app opens.
        package var urlSchemes: [String] = []
        /// Whether the app shows web pages.
        package var hostsWebContent = false
        /// Whether a page the app shows is on the local network.
        package var usesLocalNetwork = false
        /// The name of the app's icon's initials; nil for the project's.
        package var iconName: String?

        /// The folder of the app's sources, relative to the package.
        package var sourcesFolder: String { XcodeAppProject.sourcesFolder(projectName: projectName, targetName: targetName) }
    }

    /// `files` plus the Xcode project of `app`, when the template wrote the app's sources below
    /// `prefix`.
    package static func adding(to files: [PlannedFile], prefix: String, app: AppRequest?) throws -> [PlannedFile] {
        guard let app else { return files }
        let bundleIdentifier = "com.example." + app.targetName.replacingOccurrences(of: "_", with: "-")
        guard
            let project = try forPackage(
                files: files, prefix: prefix, projectName: app.projectName, targetName: app.targetName, deploymentTarget: app.deploymentTarget, bundleIdentifier: bundleIdentifier,
                urlSchemes: app.urlSchemes, iconName: app.iconName, hostsWebContent: app.hostsWebContent, usesLocalNetwork: app.usesLocalNetwork)
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

    /// The files to write, relative to the package: the project, its shared scheme, the app's
    /// asset catalog, its unit tests, and its `Info.plist` when it opens URL schemes.
    package func plannedFiles(prefix: String) -> [PlannedFile] {
        let folder = (prefix.isEmpty ? "" : prefix + "/") + projectName + "/"
        let bundle = folder + projectName + ".xcodeproj/"
        var files = [
            PlannedFile(path: bundle + "project.pbxproj", contents: projectFile),
            PlannedFile(path: bundle + "xcshareddata/xcschemes/\(targetName).xcscheme", contents: scheme),
        ]
        files += assetCatalog.map { file in
            var file = file
            file.path = folder + targetName + "/Assets.xcassets/" + file.path
            return file
        }
        files.append(PlannedFile(path: folder + testTargetName + "/AppBundleTests.swift", contents: unitTests))
        if !urlSchemes.isEmpty {
            files.append(PlannedFile(path: folder + "Info.plist", contents: infoPlist))
        }
        return files
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
