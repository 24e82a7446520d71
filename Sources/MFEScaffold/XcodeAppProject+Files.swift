extension XcodeAppProject {
    /// `project.pbxproj` in the layout and order Xcode 16 writes it: sections sorted by isa,
    /// objects by identifier, tabs, and strings bare where Xcode leaves them bare.
    var projectFile: String {
        let q = Self.quoted
        let target = identifier("target")
        let project = identifier("project")
        let product = identifier("product")
        let group = identifier("group.\(Self.appFolder)")
        let mainGroup = identifier("group.main")
        let productsGroup = identifier("group.products")
        let sources = identifier("phase.sources")
        let frameworks = identifier("phase.frameworks")
        let resources = identifier("phase.resources")
        let package = identifier("package.local")
        let projectList = identifier("configurations.project")
        let targetList = identifier("configurations.target")
        let app = targetName + ".app"
        let packageComment = "XCLocalSwiftPackageReference \".\""
        func dependency(_ name: String) -> String { identifier("product.\(name)") }
        func buildFile(_ name: String) -> String { identifier("buildfile.\(name)") }
        func list(_ items: [String], indent: String) -> String {
            items.map { "\(indent)\t\($0),\n" }.joined()
        }

        let mainGroupText = """
            \t\t\(mainGroup) = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\t\(group) /* \(Self.appFolder) */,
            \t\t\t\t\(productsGroup) /* Products */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            """
        let productsGroupText = """
            \t\t\(productsGroup) /* Products */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\t\(product) /* \(app) */,
            \t\t\t);
            \t\t\tname = Products;
            \t\t\tsourceTree = "<group>";
            \t\t};
            """
        // Xcode keeps the objects of a section sorted by identifier.
        let groups = (mainGroup < productsGroup ? [mainGroupText, productsGroupText] : [productsGroupText, mainGroupText]).joined(separator: "\n")

        var text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {


            """
        if !products.isEmpty {
            text += "/* Begin PBXBuildFile section */\n"
            for name in products.sorted(by: { buildFile($0) < buildFile($1) }) {
                text += "\t\t\(buildFile(name)) /* \(name) in Frameworks */ = {isa = PBXBuildFile; productRef = \(dependency(name)) /* \(name) */; };\n"
            }
            text += "/* End PBXBuildFile section */\n\n"
        }
        text += """
            /* Begin PBXFileReference section */
            \t\t\(product) /* \(app) */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = \(q(app)); sourceTree = BUILT_PRODUCTS_DIR; };
            /* End PBXFileReference section */

            /* Begin PBXFileSystemSynchronizedRootGroup section */
            \t\t\(group) /* \(Self.appFolder) */ = {
            \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
            \t\t\tpath = \(Self.appFolder);
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXFileSystemSynchronizedRootGroup section */

            /* Begin PBXFrameworksBuildPhase section */
            \t\t\(frameworks) /* Frameworks */ = {
            \t\t\tisa = PBXFrameworksBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \(list(products.map { "\(buildFile($0)) /* \($0) in Frameworks */" }, indent: "\t\t\t"))\t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXFrameworksBuildPhase section */

            /* Begin PBXGroup section */
            \(groups)
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            \t\t\(target) /* \(targetName) */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = \(targetList) /* Build configuration list for PBXNativeTarget "\(targetName)" */;
            \t\t\tbuildPhases = (
            \t\t\t\t\(sources) /* Sources */,
            \t\t\t\t\(frameworks) /* Frameworks */,
            \t\t\t\t\(resources) /* Resources */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\t\(group) /* \(Self.appFolder) */,
            \t\t\t);
            \t\t\tname = \(q(targetName));
            \t\t\tpackageProductDependencies = (
            \(list(products.map { "\(dependency($0)) /* \($0) */" }, indent: "\t\t\t"))\t\t\t);
            \t\t\tproductName = \(q(targetName));
            \t\t\tproductReference = \(product) /* \(app) */;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\t\(project) /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tattributes = {
            \t\t\t\tBuildIndependentTargetsInParallel = 1;
            \t\t\t\tLastSwiftUpdateCheck = 1600;
            \t\t\t\tLastUpgradeCheck = 1600;
            \t\t\t\tTargetAttributes = {
            \t\t\t\t\t\(target) = {
            \t\t\t\t\t\tCreatedOnToolsVersion = 16.0;
            \t\t\t\t\t};
            \t\t\t\t};
            \t\t\t};
            \t\t\tbuildConfigurationList = \(projectList) /* Build configuration list for PBXProject "\(projectName)" */;
            \t\t\tdevelopmentRegion = en;
            \t\t\thasScannedForEncodings = 0;
            \t\t\tknownRegions = (
            \t\t\t\ten,
            \t\t\t\tBase,
            \t\t\t);
            \t\t\tmainGroup = \(mainGroup);
            \t\t\tminimizedProjectReferenceProxies = 1;
            \t\t\tpackageReferences = (
            \t\t\t\t\(package) /* \(packageComment) */,
            \t\t\t);
            \t\t\tpreferredProjectObjectVersion = 77;
            \t\t\tproductRefGroup = \(productsGroup) /* Products */;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\t\(target) /* \(targetName) */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXResourcesBuildPhase section */
            \t\t\(resources) /* Resources */ = {
            \t\t\tisa = PBXResourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXResourcesBuildPhase section */

            /* Begin PBXSourcesBuildPhase section */
            \t\t\(sources) /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXSourcesBuildPhase section */

            /* Begin XCBuildConfiguration section */

            """
        var configurations: [(id: String, name: String, settings: [(String, String)])] = []
        for name in ["Debug", "Release"] {
            configurations.append((identifier("configuration.project.\(name)"), name, projectSettings(debug: name == "Debug")))
            configurations.append((identifier("configuration.target.\(name)"), name, targetSettings))
        }
        for configuration in configurations.sorted(by: { $0.id < $1.id }) {
            text += "\t\t\(configuration.id) /* \(configuration.name) */ = {\n"
            text += "\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n"
            for (key, value) in configuration.settings.sorted(by: { $0.0 < $1.0 }) {
                text += "\t\t\t\t\(key) = \(value);\n"
            }
            text += "\t\t\t};\n\t\t\tname = \(configuration.name);\n\t\t};\n"
        }
        text += "/* End XCBuildConfiguration section */\n\n/* Begin XCConfigurationList section */\n"
        let lists = [
            (projectList, "PBXProject \"\(projectName)\"", "project"),
            (targetList, "PBXNativeTarget \"\(targetName)\"", "target"),
        ]
        for (id, owner, kind) in lists.sorted(by: { $0.0 < $1.0 }) {
            text += """
                \t\t\(id) /* Build configuration list for \(owner) */ = {
                \t\t\tisa = XCConfigurationList;
                \t\t\tbuildConfigurations = (
                \t\t\t\t\(identifier("configuration.\(kind).Debug")) /* Debug */,
                \t\t\t\t\(identifier("configuration.\(kind).Release")) /* Release */,
                \t\t\t);
                \t\t\tdefaultConfigurationIsVisible = 0;
                \t\t\tdefaultConfigurationName = Release;
                \t\t};

                """
        }
        text += """
            /* End XCConfigurationList section */

            /* Begin XCLocalSwiftPackageReference section */
            \t\t\(package) /* \(packageComment) */ = {
            \t\t\tisa = XCLocalSwiftPackageReference;
            \t\t\trelativePath = .;
            \t\t};
            /* End XCLocalSwiftPackageReference section */

            """
        if !products.isEmpty {
            text += "\n/* Begin XCSwiftPackageProductDependency section */\n"
            for name in products.sorted(by: { dependency($0) < dependency($1) }) {
                text += """
                    \t\t\(dependency(name)) /* \(name) */ = {
                    \t\t\tisa = XCSwiftPackageProductDependency;
                    \t\t\tpackage = \(package) /* \(packageComment) */;
                    \t\t\tproductName = \(q(name));
                    \t\t};

                    """
            }
            text += "/* End XCSwiftPackageProductDependency section */\n"
        }
        text += "\t};\n\trootObject = \(project) /* Project object */;\n}\n"
        return text
    }

    /// The project-wide settings of Xcode 16's iOS App template, for iOS only.
    private func projectSettings(debug: Bool) -> [(String, String)] {
        var settings: [(String, String)] = [
            ("ALWAYS_SEARCH_USER_PATHS", "NO"),
            ("CLANG_ENABLE_MODULES", "YES"),
            ("CLANG_ENABLE_OBJC_ARC", "YES"),
            ("COPY_PHASE_STRIP", "NO"),
            ("ENABLE_STRICT_OBJC_MSGSEND", "YES"),
            ("ENABLE_USER_SCRIPT_SANDBOXING", "YES"),
            ("GCC_C_LANGUAGE_STANDARD", "gnu17"),
            ("IPHONEOS_DEPLOYMENT_TARGET", Self.quoted(deploymentTarget)),
            ("LOCALIZATION_PREFERS_STRING_CATALOGS", "YES"),
            ("SDKROOT", "iphoneos"),
        ]
        if debug {
            settings += [
                ("DEBUG_INFORMATION_FORMAT", "dwarf"),
                ("ENABLE_TESTABILITY", "YES"),
                ("GCC_OPTIMIZATION_LEVEL", "0"),
                ("GCC_PREPROCESSOR_DEFINITIONS", "(\n\t\t\t\t\t\"DEBUG=1\",\n\t\t\t\t\t\"$(inherited)\",\n\t\t\t\t)"),
                ("ONLY_ACTIVE_ARCH", "YES"),
                ("SWIFT_ACTIVE_COMPILATION_CONDITIONS", "\"DEBUG $(inherited)\""),
                ("SWIFT_OPTIMIZATION_LEVEL", "\"-Onone\""),
            ]
        } else {
            settings += [
                ("DEBUG_INFORMATION_FORMAT", "\"dwarf-with-dsym\""),
                ("ENABLE_NS_ASSERTIONS", "NO"),
                ("SWIFT_COMPILATION_MODE", "wholemodule"),
                ("VALIDATE_PRODUCT", "YES"),
            ]
        }
        return settings
    }

    /// The app target's settings: a generated Info.plist, automatic signing (no team needed
    /// for the simulator), iPhone and iPad, Swift 6.
    private var targetSettings: [(String, String)] {
        [
            ("CODE_SIGN_STYLE", "Automatic"),
            ("CURRENT_PROJECT_VERSION", "1"),
            ("ENABLE_PREVIEWS", "YES"),
            ("GENERATE_INFOPLIST_FILE", "YES"),
            ("INFOPLIST_KEY_CFBundleDisplayName", Self.quoted(targetName)),
            ("INFOPLIST_KEY_UIApplicationSceneManifest_Generation", "YES"),
            ("INFOPLIST_KEY_UIApplicationSupportsIndirectInputEvents", "YES"),
            ("INFOPLIST_KEY_UILaunchScreen_Generation", "YES"),
            (
                "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad",
                "\"UIInterfaceOrientationPortrait UIInterfaceOrientationPortraitUpsideDown UIInterfaceOrientationLandscapeLeft UIInterfaceOrientationLandscapeRight\""
            ),
            ("INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone", "\"UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft UIInterfaceOrientationLandscapeRight\""),
            ("LD_RUNPATH_SEARCH_PATHS", "(\n\t\t\t\t\t\"$(inherited)\",\n\t\t\t\t\t\"@executable_path/Frameworks\",\n\t\t\t\t)"),
            ("MARKETING_VERSION", "1.0"),
            ("PRODUCT_BUNDLE_IDENTIFIER", Self.quoted(bundleIdentifier)),
            ("PRODUCT_NAME", "\"$(TARGET_NAME)\""),
            ("SUPPORTED_PLATFORMS", "\"iphoneos iphonesimulator\""),
            ("SUPPORTS_MACCATALYST", "NO"),
            ("SWIFT_EMIT_LOC_STRINGS", "YES"),
            ("SWIFT_VERSION", "6.0"),
            ("TARGETED_DEVICE_FAMILY", "\"1,2\""),
        ]
    }

    /// The shared scheme: builds, runs, profiles and archives the app.
    var scheme: String {
        let reference = """
                        <BuildableReference
                           BuildableIdentifier = "primary"
                           BlueprintIdentifier = "\(identifier("target"))"
                           BuildableName = "\(Self.xmlEscaped(targetName)).app"
                           BlueprintName = "\(Self.xmlEscaped(targetName))"
                           ReferencedContainer = "container:\(Self.xmlEscaped(projectName)).xcodeproj">
                        </BuildableReference>
            """
        func indented(_ spaces: Int) -> String {
            reference.split(separator: "\n").map { String(repeating: " ", count: spaces) + $0.dropFirst(12) }.joined(separator: "\n")
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme
               LastUpgradeVersion = "1600"
               version = "1.7">
               <BuildAction
                  parallelizeBuildables = "YES"
                  buildImplicitDependencies = "YES"
                  buildArchitectures = "Automatic">
                  <BuildActionEntries>
                     <BuildActionEntry
                        buildForTesting = "YES"
                        buildForRunning = "YES"
                        buildForProfiling = "YES"
                        buildForArchiving = "YES"
                        buildForAnalyzing = "YES">
            \(indented(12))
                     </BuildActionEntry>
                  </BuildActionEntries>
               </BuildAction>
               <TestAction
                  buildConfiguration = "Debug"
                  selectedDebuggerIdentifier = "Xcode.DebuggerFoundation.Debugger.LLDB"
                  selectedLauncherIdentifier = "Xcode.DebuggerFoundation.Launcher.LLDB"
                  shouldUseLaunchSchemeArgsEnv = "YES"
                  shouldAutocreateTestPlan = "YES">
               </TestAction>
               <LaunchAction
                  buildConfiguration = "Debug"
                  selectedDebuggerIdentifier = "Xcode.DebuggerFoundation.Debugger.LLDB"
                  selectedLauncherIdentifier = "Xcode.DebuggerFoundation.Launcher.LLDB"
                  launchStyle = "0"
                  useCustomWorkingDirectory = "NO"
                  ignoresPersistentStateOnLaunch = "NO"
                  debugDocumentVersioning = "YES"
                  debugServiceExtension = "internal"
                  allowLocationSimulation = "YES">
                  <BuildableProductRunnable
                     runnableDebuggingMode = "0">
            \(indented(9))
                  </BuildableProductRunnable>
               </LaunchAction>
               <ProfileAction
                  buildConfiguration = "Release"
                  shouldUseLaunchSchemeArgsEnv = "YES"
                  savedToolIdentifier = ""
                  useCustomWorkingDirectory = "NO"
                  debugDocumentVersioning = "YES">
                  <BuildableProductRunnable
                     runnableDebuggingMode = "0">
            \(indented(9))
                  </BuildableProductRunnable>
               </ProfileAction>
               <AnalyzeAction
                  buildConfiguration = "Debug">
               </AnalyzeAction>
               <ArchiveAction
                  buildConfiguration = "Release"
                  revealArchiveInOrganizer = "YES">
               </ArchiveAction>
            </Scheme>

            """
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
