extension XcodeAppProject {
    /// A value of `project.pbxproj`: a scalar written as is (already quoted where Xcode quotes
    /// it), a list, or a dictionary whose keys Xcode sorts (`isa` first).
    indirect enum Value {
        case scalar(String)
        case list([String])
        case dictionary([(String, Value)])
    }

    /// One object of `project.pbxproj`.
    struct Object {
        var id: String
        var comment: String?
        var isa: String
        var fields: [(String, Value)]
        /// Whether Xcode writes it on one line (build files and file references).
        var oneLine = false
    }

    /// `id /* comment */`, as Xcode refers to an object.
    static func reference(_ id: String, _ comment: String?) -> String {
        comment.map { "\(id) /* \($0) */" } ?? id
    }

    /// `value` at `depth` tabs, in Xcode's layout.
    static func render(_ value: Value, depth: Int) -> String {
        let inner = String(repeating: "\t", count: depth + 1)
        let outer = String(repeating: "\t", count: depth)
        switch value {
        case .scalar(let text):
            return text
        case .list(let items):
            return "(\n" + items.map { inner + $0 + ",\n" }.joined() + outer + ")"
        case .dictionary(let fields):
            return "{\n" + fields.map { inner + $0.0 + " = " + render($0.1, depth: depth + 1) + ";\n" }.joined() + outer + "}"
        }
    }

    /// Fields as Xcode orders them: `isa` first, then by key.
    static func ordered(isa: String, _ fields: [(String, Value)]) -> [(String, Value)] {
        [("isa", .scalar(isa))] + fields.sorted { $0.0 < $1.0 }
    }

    /// `project.pbxproj` in the layout and order Xcode 16 writes it: sections sorted by isa,
    /// objects by identifier, tabs, and strings bare where Xcode leaves them bare.
    var projectFile: String {
        var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n"
        let sections = Dictionary(grouping: objects, by: \.isa)
        for isa in sections.keys.sorted() {
            text += "\n/* Begin \(isa) section */\n"
            for object in sections[isa, default: []].sorted(by: { $0.id < $1.id }) {
                let fields = Self.ordered(isa: object.isa, object.fields)
                if object.oneLine {
                    let body = fields.map { "\($0.0) = \(Self.render($0.1, depth: 0)); " }.joined()
                    text += "\t\t\(Self.reference(object.id, object.comment)) = {\(body)};\n"
                } else {
                    text += "\t\t\(Self.reference(object.id, object.comment)) = \(Self.render(.dictionary(fields), depth: 2));\n"
                }
            }
            text += "/* End \(isa) section */\n"
        }
        text += "\t};\n\trootObject = \(Self.reference(identifier("project"), "Project object"));\n}\n"
        return text
    }

    /// Every object of the project: the app and its unit test target, their synchronized
    /// folders, build phases and configurations, and the package at `..` with its products.
    var objects: [Object] {
        let q = Self.quoted
        let ref = Self.reference
        let app = (target: identifier("target"), product: identifier("product"), group: identifier("group.sources"), list: identifier("configurations.target"))
        let tests = (target: identifier("target.tests"), product: identifier("product.tests"), group: identifier("group.tests"), list: identifier("configurations.tests"))
        let project = identifier("project")
        let mainGroup = identifier("group.main")
        let productsGroup = identifier("group.products")
        let package = identifier("package.local")
        let packageComment = "XCLocalSwiftPackageReference \"\(Self.packagePath)\""
        let projectList = identifier("configurations.project")
        let proxy = identifier("proxy.tests")
        let dependency = identifier("dependency.tests")
        let appFile = targetName + ".app"
        let testsFile = testTargetName + ".xctest"
        func productDependency(_ name: String) -> String { identifier("product.\(name)") }
        func buildFile(_ name: String) -> String { identifier("buildfile.\(name)") }
        func phase(_ kind: String, _ owner: String) -> String { identifier("phase.\(kind)\(owner)") }
        func phases(_ owner: String, files: [String] = []) -> [Object] {
            [("PBXSourcesBuildPhase", "sources", "Sources", [String]()), ("PBXFrameworksBuildPhase", "frameworks", "Frameworks", files), ("PBXResourcesBuildPhase", "resources", "Resources", [])].map {
                Object(
                    id: phase($0.1, owner), comment: $0.2, isa: $0.0,
                    fields: [("buildActionMask", .scalar("2147483647")), ("files", .list($0.3)), ("runOnlyForDeploymentPostprocessing", .scalar("0"))])
            }
        }
        func phaseList(_ owner: String) -> Value {
            .list([ref(phase("sources", owner), "Sources"), ref(phase("frameworks", owner), "Frameworks"), ref(phase("resources", owner), "Resources")])
        }
        func configurations(_ kind: String, owner: String, list: String, settings: (Bool) -> [(String, String)]) -> [Object] {
            let names = ["Debug", "Release"]
            var objects = names.map { name in
                Object(
                    id: identifier("configuration.\(kind).\(name)"), comment: name, isa: "XCBuildConfiguration",
                    fields: [("buildSettings", .dictionary(settings(name == "Debug").sorted { $0.0 < $1.0 }.map { ($0.0, .scalar($0.1)) })), ("name", .scalar(name))])
            }
            objects.append(
                Object(
                    id: list, comment: "Build configuration list for \(owner)", isa: "XCConfigurationList",
                    fields: [
                        ("buildConfigurations", .list(names.map { ref(identifier("configuration.\(kind).\($0)"), $0) })), ("defaultConfigurationIsVisible", .scalar("0")),
                        ("defaultConfigurationName", .scalar("Release")),
                    ]))
            return objects
        }

        var objects: [Object] = []
        for name in products {
            objects.append(Object(id: buildFile(name), comment: "\(name) in Frameworks", isa: "PBXBuildFile", fields: [("productRef", .scalar(ref(productDependency(name), name)))], oneLine: true))
            objects.append(
                Object(
                    id: productDependency(name), comment: name, isa: "XCSwiftPackageProductDependency", fields: [("package", .scalar(ref(package, packageComment))), ("productName", .scalar(q(name)))])
            )
        }
        objects += [
            Object(
                id: app.product, comment: appFile, isa: "PBXFileReference",
                fields: [("explicitFileType", .scalar("wrapper.application")), ("includeInIndex", .scalar("0")), ("path", .scalar(q(appFile))), ("sourceTree", .scalar("BUILT_PRODUCTS_DIR"))],
                oneLine: true),
            Object(
                id: tests.product, comment: testsFile, isa: "PBXFileReference",
                fields: [("explicitFileType", .scalar("wrapper.cfbundle")), ("includeInIndex", .scalar("0")), ("path", .scalar(q(testsFile))), ("sourceTree", .scalar("BUILT_PRODUCTS_DIR"))],
                oneLine: true),
            Object(
                id: proxy, comment: "PBXContainerItemProxy", isa: "PBXContainerItemProxy",
                fields: [
                    ("containerPortal", .scalar(ref(project, "Project object"))), ("proxyType", .scalar("1")), ("remoteGlobalIDString", .scalar(app.target)), ("remoteInfo", .scalar(q(targetName))),
                ]),
            Object(
                id: dependency, comment: "PBXTargetDependency", isa: "PBXTargetDependency",
                fields: [("target", .scalar(ref(app.target, targetName))), ("targetProxy", .scalar(ref(proxy, "PBXContainerItemProxy")))]),
            Object(
                id: mainGroup, isa: "PBXGroup",
                fields: [
                    ("children", .list([ref(app.group, targetName), ref(tests.group, testTargetName), ref(productsGroup, "Products")])), ("sourceTree", .scalar("\"<group>\"")),
                ]),
            Object(
                id: productsGroup, comment: "Products", isa: "PBXGroup",
                fields: [("children", .list([ref(app.product, appFile), ref(tests.product, testsFile)])), ("name", .scalar("Products")), ("sourceTree", .scalar("\"<group>\""))]),
            Object(
                id: package, comment: packageComment, isa: "XCLocalSwiftPackageReference", fields: [("relativePath", .scalar(q(Self.packagePath)))]),
        ]
        for (group, folder) in [(app.group, targetName), (tests.group, testTargetName)] {
            objects.append(
                Object(id: group, comment: folder, isa: "PBXFileSystemSynchronizedRootGroup", fields: [("path", .scalar(q(folder))), ("sourceTree", .scalar("\"<group>\""))]))
        }
        objects += phases("", files: products.map { ref(buildFile($0), "\($0) in Frameworks") }) + phases(".tests")
        objects.append(
            Object(
                id: app.target, comment: targetName, isa: "PBXNativeTarget",
                fields: [
                    ("buildConfigurationList", .scalar(ref(app.list, "Build configuration list for PBXNativeTarget \"\(targetName)\""))), ("buildPhases", phaseList("")),
                    ("buildRules", .list([])), ("dependencies", .list([])), ("fileSystemSynchronizedGroups", .list([ref(app.group, targetName)])), ("name", .scalar(q(targetName))),
                    ("packageProductDependencies", .list(products.map { ref(productDependency($0), $0) })), ("productName", .scalar(q(targetName))),
                    ("productReference", .scalar(ref(app.product, appFile))), ("productType", .scalar("\"com.apple.product-type.application\"")),
                ]))
        objects.append(
            Object(
                id: tests.target, comment: testTargetName, isa: "PBXNativeTarget",
                fields: [
                    ("buildConfigurationList", .scalar(ref(tests.list, "Build configuration list for PBXNativeTarget \"\(testTargetName)\""))), ("buildPhases", phaseList(".tests")),
                    ("buildRules", .list([])), ("dependencies", .list([ref(dependency, "PBXTargetDependency")])), ("fileSystemSynchronizedGroups", .list([ref(tests.group, testTargetName)])),
                    ("name", .scalar(q(testTargetName))), ("packageProductDependencies", .list([])), ("productName", .scalar(q(testTargetName))),
                    ("productReference", .scalar(ref(tests.product, testsFile))), ("productType", .scalar("\"com.apple.product-type.bundle.unit-test\"")),
                ]))
        objects.append(
            Object(
                id: project, comment: "Project object", isa: "PBXProject",
                fields: [
                    (
                        "attributes",
                        .dictionary([
                            ("BuildIndependentTargetsInParallel", .scalar("1")), ("LastSwiftUpdateCheck", .scalar("1600")), ("LastUpgradeCheck", .scalar("1600")),
                            (
                                "TargetAttributes",
                                .dictionary(
                                    [
                                        (app.target, .dictionary([("CreatedOnToolsVersion", .scalar("16.0"))])),
                                        (tests.target, .dictionary([("CreatedOnToolsVersion", .scalar("16.0")), ("TestTargetID", .scalar(app.target))])),
                                    ].sorted { $0.0 < $1.0 })
                            ),
                        ])
                    ),
                    ("buildConfigurationList", .scalar(ref(projectList, "Build configuration list for PBXProject \"\(projectName)\""))), ("developmentRegion", .scalar("en")),
                    ("hasScannedForEncodings", .scalar("0")), ("knownRegions", .list(["en", "Base"])), ("mainGroup", .scalar(mainGroup)), ("minimizedProjectReferenceProxies", .scalar("1")),
                    ("packageReferences", .list([ref(package, packageComment)])), ("preferredProjectObjectVersion", .scalar("77")),
                    ("productRefGroup", .scalar(ref(productsGroup, "Products"))), ("projectDirPath", .scalar("\"\"")), ("projectRoot", .scalar("\"\"")),
                    ("targets", .list([ref(app.target, targetName), ref(tests.target, testTargetName)])),
                ]))
        objects += configurations("project", owner: "PBXProject \"\(projectName)\"", list: projectList, settings: projectSettings)
        objects += configurations("target", owner: "PBXNativeTarget \"\(targetName)\"", list: app.list) { _ in targetSettings }
        objects += configurations("tests", owner: "PBXNativeTarget \"\(testTargetName)\"", list: tests.list) { _ in testSettings }
        return objects
    }

    /// The warnings and checks Xcode 16's iOS App template turns on project-wide, so Xcode
    /// offers no "Update to recommended settings" on the first open.
    static let recommendedWarnings: [(String, String)] = [
        ("ASSETCATALOG_COMPILER_GENERATE_SWIFT_ASSET_SYMBOL_EXTENSIONS", "YES"),
        ("CLANG_ANALYZER_NONNULL", "YES"),
        ("CLANG_ANALYZER_NUMBER_OBJECT_CONVERSION", "YES_AGGRESSIVE"),
        ("CLANG_CXX_LANGUAGE_STANDARD", "\"gnu++20\""),
        ("CLANG_ENABLE_OBJC_WEAK", "YES"),
        ("CLANG_WARN_BLOCK_CAPTURE_AUTORELEASING", "YES"),
        ("CLANG_WARN_BOOL_CONVERSION", "YES"),
        ("CLANG_WARN_COMMA", "YES"),
        ("CLANG_WARN_CONSTANT_CONVERSION", "YES"),
        ("CLANG_WARN_DEPRECATED_OBJC_IMPLEMENTATIONS", "YES"),
        ("CLANG_WARN_DIRECT_OBJC_ISA_USAGE", "YES_ERROR"),
        ("CLANG_WARN_DOCUMENTATION_COMMENTS", "YES"),
        ("CLANG_WARN_EMPTY_BODY", "YES"),
        ("CLANG_WARN_ENUM_CONVERSION", "YES"),
        ("CLANG_WARN_INFINITE_RECURSION", "YES"),
        ("CLANG_WARN_INT_CONVERSION", "YES"),
        ("CLANG_WARN_NON_LITERAL_NULL_CONVERSION", "YES"),
        ("CLANG_WARN_OBJC_IMPLICIT_RETAIN_SELF", "YES"),
        ("CLANG_WARN_OBJC_LITERAL_CONVERSION", "YES"),
        ("CLANG_WARN_OBJC_ROOT_CLASS", "YES_ERROR"),
        ("CLANG_WARN_QUOTED_INCLUDE_IN_FRAMEWORK_HEADER", "YES"),
        ("CLANG_WARN_RANGE_LOOP_ANALYSIS", "YES"),
        ("CLANG_WARN_STRICT_PROTOTYPES", "YES"),
        ("CLANG_WARN_SUSPICIOUS_MOVE", "YES"),
        ("CLANG_WARN_UNGUARDED_AVAILABILITY", "YES_AGGRESSIVE"),
        ("CLANG_WARN_UNREACHABLE_CODE", "YES"),
        ("CLANG_WARN__DUPLICATE_METHOD_MATCH", "YES"),
        ("GCC_NO_COMMON_BLOCKS", "YES"),
        ("GCC_WARN_64_TO_32_BIT_CONVERSION", "YES"),
        ("GCC_WARN_ABOUT_RETURN_TYPE", "YES_ERROR"),
        ("GCC_WARN_UNDECLARED_SELECTOR", "YES"),
        ("GCC_WARN_UNINITIALIZED_AUTOS", "YES_AGGRESSIVE"),
        ("GCC_WARN_UNUSED_FUNCTION", "YES"),
        ("GCC_WARN_UNUSED_VARIABLE", "YES"),
        ("MTL_FAST_MATH", "YES"),
    ]

    /// The project-wide settings of Xcode 16's iOS App template, for iOS only.
    private func projectSettings(debug: Bool) -> [(String, String)] {
        var settings: [(String, String)] =
            [
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
            ] + Self.recommendedWarnings
        if debug {
            settings += [
                ("DEBUG_INFORMATION_FORMAT", "dwarf"),
                ("ENABLE_TESTABILITY", "YES"),
                ("GCC_DYNAMIC_NO_PIC", "NO"),
                ("GCC_OPTIMIZATION_LEVEL", "0"),
                ("MTL_ENABLE_DEBUG_INFO", "INCLUDE_SOURCE"),
                ("GCC_PREPROCESSOR_DEFINITIONS", "(\n\t\t\t\t\t\"DEBUG=1\",\n\t\t\t\t\t\"$(inherited)\",\n\t\t\t\t)"),
                ("ONLY_ACTIVE_ARCH", "YES"),
                ("SWIFT_ACTIVE_COMPILATION_CONDITIONS", "\"DEBUG $(inherited)\""),
                ("SWIFT_OPTIMIZATION_LEVEL", "\"-Onone\""),
            ]
        } else {
            settings += [
                ("DEBUG_INFORMATION_FORMAT", "\"dwarf-with-dsym\""),
                ("ENABLE_NS_ASSERTIONS", "NO"),
                ("MTL_ENABLE_DEBUG_INFO", "NO"),
                ("SWIFT_COMPILATION_MODE", "wholemodule"),
                ("VALIDATE_PRODUCT", "YES"),
            ]
        }
        return settings
    }

    /// What a web page in the app may ask for, and why the app says it would use it: iOS ends
    /// an app that uses the camera or microphone without saying why. Say it for your pages.
    static let webUsageDescriptions: [(key: String, text: String)] = [
        ("NSCameraUsageDescription", "Web pages in this app can ask to use the camera, for example to take a photo to upload."),
        ("NSMicrophoneUsageDescription", "Web pages in this app can ask to use the microphone, for example to record a voice message."),
    ]

    /// Why the app reaches the local network, for a web feature whose page is on it (a
    /// `.local` or single-label host, a private address): iOS asks the user first and shows
    /// this text.
    static let localNetworkUsageDescription = (key: "NSLocalNetworkUsageDescription", text: "Web pages in this app come from a server on your local network.")

    /// The `INFOPLIST_KEY_…` build settings of an app that shows web pages, with their values
    /// as the project writes them: the camera and microphone always, the local network when
    /// a page is on it.
    static func webInfoPlistSettings(localNetwork: Bool) -> [(String, String)] {
        (webUsageDescriptions + (localNetwork ? [localNetworkUsageDescription] : [])).map { ("INFOPLIST_KEY_" + $0.key, quoted($0.text)) }
    }

    /// The app target's settings: a generated Info.plist (declaring no non-exempt encryption,
    /// so App Store Connect asks no export-compliance question per build, and, for an app
    /// showing web pages, why it would use the camera and microphone), automatic signing (no
    /// team needed for the simulator), iPhone and iPad, Swift 6.
    private var targetSettings: [(String, String)] {
        var settings = [
            ("ASSETCATALOG_COMPILER_APPICON_NAME", "AppIcon"),
            ("ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME", "AccentColor"),
            ("CODE_SIGN_STYLE", "Automatic"),
            ("CURRENT_PROJECT_VERSION", "1"),
            ("ENABLE_PREVIEWS", "YES"),
            ("GENERATE_INFOPLIST_FILE", "YES"),
            ("INFOPLIST_KEY_CFBundleDisplayName", Self.quoted(targetName)),
            ("INFOPLIST_KEY_ITSAppUsesNonExemptEncryption", "NO"),
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
        if hostsWebContent {
            settings += Self.webInfoPlistSettings(localNetwork: usesLocalNetwork)
        }
        if !urlSchemes.isEmpty {
            // Build settings cannot declare URL types; Xcode merges this file with the keys above.
            settings.append(("INFOPLIST_FILE", "Info.plist"))
        }
        return settings
    }

    /// The unit test target's settings: hosted by the app, so its tests read the built app's
    /// bundle (`Bundle.main`).
    private var testSettings: [(String, String)] {
        [
            ("BUNDLE_LOADER", "\"$(TEST_HOST)\""),
            ("CODE_SIGN_STYLE", "Automatic"),
            ("CURRENT_PROJECT_VERSION", "1"),
            ("GENERATE_INFOPLIST_FILE", "YES"),
            ("MARKETING_VERSION", "1.0"),
            ("PRODUCT_BUNDLE_IDENTIFIER", Self.quoted(bundleIdentifier + "Tests")),
            ("PRODUCT_NAME", "\"$(TARGET_NAME)\""),
            ("SUPPORTED_PLATFORMS", "\"iphoneos iphonesimulator\""),
            ("SUPPORTS_MACCATALYST", "NO"),
            ("SWIFT_EMIT_LOC_STRINGS", "NO"),
            ("SWIFT_VERSION", "6.0"),
            ("TARGETED_DEVICE_FAMILY", "\"1,2\""),
            ("TEST_HOST", Self.quoted("$(BUILT_PRODUCTS_DIR)/\(targetName).app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/\(targetName)")),
        ]
    }

    /// The shared scheme: builds, runs, profiles and archives the app, and runs its unit tests.
    var scheme: String {
        let testReference = """
                        <BuildableReference
                           BuildableIdentifier = "primary"
                           BlueprintIdentifier = "\(identifier("target.tests"))"
                           BuildableName = "\(Self.xmlEscaped(testTargetName)).xctest"
                           BlueprintName = "\(Self.xmlEscaped(testTargetName))"
                           ReferencedContainer = "container:\(Self.xmlEscaped(projectName)).xcodeproj">
                        </BuildableReference>
            """
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
                  shouldUseLaunchSchemeArgsEnv = "YES">
                  <Testables>
                     <TestableReference
                        skipped = "NO"
                        parallelizable = "YES">
            \(testReference)
                     </TestableReference>
                  </Testables>
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

    /// The app's asset catalog as Xcode 16's iOS App template writes it: an AppIcon (one
    /// 1024-point image, with dark and tinted variants) and an AccentColor; the icon's image is
    /// `AppIcon` drawn for the app (its initials on its colour), so an upload passes App Store
    /// validation until the team's artwork replaces it; the dark and tinted variants and the
    /// colour wait for theirs. Paths relative to `Assets.xcassets`.
    var assetCatalog: [PlannedFile] {
        let info = "  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n"
        func icon(_ appearance: String?) -> String {
            let appearances = appearance.map { "      \"appearances\" : [\n        {\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"\($0)\"\n        }\n      ],\n" } ?? ""
            let file = appearance == nil ? "      \"filename\" : \"\(Self.appIconFile)\",\n" : ""
            return "    {\n" + appearances + file + "      \"idiom\" : \"universal\",\n      \"platform\" : \"ios\",\n      \"size\" : \"1024x1024\"\n    }"
        }
        return [
            PlannedFile(path: "Contents.json", contents: "{\n" + info + "}\n"),
            PlannedFile(path: "AccentColor.colorset/Contents.json", contents: "{\n  \"colors\" : [\n    {\n      \"idiom\" : \"universal\"\n    }\n  ],\n" + info + "}\n"),
            PlannedFile(path: "AppIcon.appiconset/Contents.json", contents: "{\n  \"images\" : [\n" + [icon(nil), icon("dark"), icon("tinted")].joined(separator: ",\n") + "\n  ],\n" + info + "}\n"),
            PlannedFile(path: "AppIcon.appiconset/" + Self.appIconFile, data: AppIcon(name: iconName).png),
        ]
    }

    /// The file name of the app icon's image in its icon set.
    static let appIconFile = "AppIcon.png"

    /// The unit tests of the built app, run by the scheme's test action on a simulator: what
    /// only the app bundle shows (its identifier, the URL schemes iOS opens it for).
    var unitTests: String {
        var text = """
            import Foundation
            import Testing

            /// Checks the built \(targetName) app as iOS reads it: these tests run inside the app
            /// (the test bundle's host), so `Bundle.main` is the app's bundle.
            struct AppBundleTests {
                @Test func theAppIsTheOneTheProjectBuilds() {
                    #expect(Bundle.main.bundleIdentifier == "\(FeatureSpecification.swiftString(bundleIdentifier))")
                }

                @Test func theAppIsReadyForAppStoreConnect() {
                    let icons = Bundle.main.object(forInfoDictionaryKey: "CFBundleIcons") as? [String: Any]
                    #expect((icons?["CFBundlePrimaryIcon"] as? [String: Any])?["CFBundleIconName"] as? String == "AppIcon", "the asset catalog's icon is the app's")
                    #expect(Bundle.main.object(forInfoDictionaryKey: "ITSAppUsesNonExemptEncryption") as? Bool == false, "no export-compliance question per upload")
                }

            """
        if hostsWebContent {
            text += "\n" + Self.webUsageTest.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "\n"
        }
        if !urlSchemes.isEmpty {
            let schemes = urlSchemes.map { "\"\(FeatureSpecification.swiftString($0))\"" }.joined(separator: ", ")
            text += """

                    @Test func iOSOpensTheAppsLinks() {
                        let types = Bundle.main.object(forInfoDictionaryKey: "CFBundleURLTypes") as? [[String: Any]] ?? []
                        let schemes = Set(types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] })
                        #expect(schemes.isSuperset(of: [\(schemes)]), "Info.plist registers the schemes the app's router opens")
                    }

                """
        }
        return text + "}\n"
    }

    /// The name of the app's test that it says why web pages may use the camera and microphone.
    static let webUsageTestName = "theAppSaysWhyWebPagesMayUseTheCameraAndMicrophone"

    /// That test, unindented: `unitTests` has it for an app showing web pages, and wiring a web
    /// feature into a shell adds it to the shell app's tests.
    static var webUsageTest: String {
        let keys = webUsageDescriptions.map { "\"\($0.key)\"" }.joined(separator: ", ")
        return """
            @Test func \(webUsageTestName)() {
                for key in [\(keys)] {
                    #expect((Bundle.main.object(forInfoDictionaryKey: key) as? String)?.isEmpty == false, "iOS ends an app that uses what \\(key) explains without it")
                }
            }
            """
    }

    /// The app's own `Info.plist`, merged by Xcode with the keys build settings generate: the
    /// URL schemes the app opens, which no build setting can declare.
    var infoPlist: String {
        let schemes = urlSchemes.map { "\t\t\t\t<string>\(Self.xmlEscaped($0))</string>\n" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleURLTypes</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>CFBundleTypeRole</key>
            \t\t\t<string>Viewer</string>
            \t\t\t<key>CFBundleURLName</key>
            \t\t\t<string>\(Self.xmlEscaped(bundleIdentifier))</string>
            \t\t\t<key>CFBundleURLSchemes</key>
            \t\t\t<array>
            \(schemes)\t\t\t</array>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>

            """
    }
}
