import Testing

@testable import MFEAffected

/// Which files beside an Xcode project or workspace build nothing.
@Suite("affected: Xcode's schemes and user state")
struct XcodeStateTests {
    @Test(arguments: [
        "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme", "App/App.xcodeproj/xcuserdata/me.xcuserdatad/xcschemes/xcschememanagement.plist",
        "App.xcodeproj/project.xcworkspace/xcuserdata/me.xcuserdatad/UserInterfaceState.xcuserstate", "App.xcodeproj/project.xcworkspace/xcshareddata/IDEWorkspaceChecks.plist",
        "App.xcworkspace/xcshareddata/WorkspaceSettings.xcsettings", "App.xcworkspace/xcshareddata/xcdebugger/Breakpoints_v2.xcbkptlist", "App.xcworkspace/xcshareddata/xcschemes/All.xcscheme",
    ])
    func buildsNothing(file: String) {
        #expect(ChangeOwners.isXcodeState(file))
    }

    @Test(arguments: [
        "App.xcodeproj/project.pbxproj", "App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", "App.xcworkspace/contents.xcworkspacedata",
        "Sources/xcschemes/App.swift", "xcshareddata/xcschemes/App.xcscheme",
    ])
    func builds(file: String) {
        #expect(!ChangeOwners.isXcodeState(file))
    }
}
