/// Which folders of a target the build system compiles nothing in, as SwiftPM's
/// `TargetSourcesBuilder` and Xcode decide: a folder whose extension names a file type
/// (a DocC catalog, an asset catalog, a Core Data model, a bundle, a localization) is one
/// resource, never descended into for sources, so the tutorial snippets of a `.docc`
/// catalog are not code of the target.
package enum SourceFolderRules {
    /// The extensions of folders that are one resource to the build system.
    package static let opaqueFolderExtensions: Set<String> = [
        "docc", "xcassets", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "bundle", "lproj", "rkassets", "scnassets", "xcstickers", "mlpackage", "framework",
        "xcframework", "playground", "app", "appex",
    ]

    /// Whether the folder named `name` is one resource, not a folder of sources.
    package static func isOpaque(_ name: Substring) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return opaqueFolderExtensions.contains(String(name[name.index(after: dot)...]).lowercased())
    }

    /// Whether `relativePath` (folders separated by `/`, the file last) lies in a hidden or
    /// opaque folder, where the build system finds no sources.
    package static func isInsideOpaqueFolder(_ relativePath: String) -> Bool {
        relativePath.split(separator: "/").dropLast().contains { $0.hasPrefix(".") || isOpaque($0) }
    }
}
