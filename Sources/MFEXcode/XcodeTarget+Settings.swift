import MFECore

/// One level of build settings of a target defined outside a `project.pbxproj` (an XcodeGen
/// spec): the `.xcconfig` it is based on and the settings it sets, lowest first as Xcode
/// applies them.
package struct XcodeSettingsLevel: Sendable, Equatable {
    /// The `.xcconfig` file (absolute), if any.
    package var xcconfig: String?
    /// The settings, in order (`NAME[config=Debug]` conditions allowed).
    package var settings: [XcodeBuildSetting]

    /// Creates a level.
    package init(xcconfig: String? = nil, settings: [XcodeBuildSetting] = []) {
        self.xcconfig = xcconfig
        self.settings = settings
    }
}

/// A build setting as written: its (possibly conditioned) key and value.
package struct XcodeBuildSetting: Sendable, Equatable {
    /// The key (`PRODUCT_NAME`, `OTHER_LDFLAGS[sdk=iphoneos*]`).
    package var key: String
    /// The value as written.
    package var value: String

    /// Creates a setting.
    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

extension XcodeTarget {
    /// Resolves `productName`, `builtProductName` and `testHost` from `levels` as Xcode would
    /// in `configuration`, as the `project.pbxproj` reader does; returns notes on what could
    /// not be resolved. `file` names the definition in notes.
    package mutating func resolveSettings(levels: [XcodeSettingsLevel], projectName: String, configuration: String, rootDirectory: String, file: String, fileSystem: any FileSystem) -> [String] {
        var assignments: [BuildSettingAssignment] = []
        var notes: [String] = []
        for level in levels {
            if let xcconfig = level.xcconfig {
                assignments += XcconfigReader(fileSystem: fileSystem, root: rootDirectory).assignments(of: xcconfig, notes: &notes)
            }
            assignments += level.settings.map { BuildSettingAssignment(conditionedKey: $0.key, value: $0.value) }
        }
        let context = BuildSettingsContext(fileSystem: fileSystem, projectName: projectName, rootDirectory: rootDirectory, projectConfigurations: nil)
        let resolver = BuildSettingsResolver(assignments: assignments.filter { $0.applies(to: configuration) }, builtins: context.builtins(target: name, configuration: configuration))
        let resolved = ResolvedTargetSettings(resolver: resolver, name: name, subject: "target '\(name)' of \(file)", notes: notes)
        builtProductName = resolved.productName
        productName = resolved.moduleName
        testHost = resolved.testHost
        return resolved.notes
    }
}
