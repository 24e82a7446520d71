/// Hand-written `project.pbxproj` files in the shapes Xcode writes them.
package enum XcodeFixtures {
    /// An Xcode 16 project (object version 77): an app and a framework whose sources are
    /// synchronized folders (the app's Info.plist left out by an exception set), a unit test
    /// bundle of the app, a remote and a local package reference.
    package static let synchronized = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 77;
        \tobjects = {

        /* Begin PBXContainerItemProxy section */
        \t\tA00000000000000000000010 /* PBXContainerItemProxy */ = {
        \t\t\tisa = PBXContainerItemProxy;
        \t\t\tcontainerPortal = A00000000000000000000001 /* Project object */;
        \t\t\tproxyType = 1;
        \t\t\tremoteGlobalIDString = A00000000000000000000030;
        \t\t\tremoteInfo = Search;
        \t\t};
        /* End PBXContainerItemProxy section */

        /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
        \t\tA00000000000000000000020 /* PBXFileSystemSynchronizedBuildFileExceptionSet */ = {
        \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        \t\t\tmembershipExceptions = (
        \t\t\t\tInfo.plist,
        \t\t\t);
        \t\t\ttarget = A00000000000000000000031 /* App */;
        \t\t};
        /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        \t\tA00000000000000000000021 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (A00000000000000000000020 /* PBXFileSystemSynchronizedBuildFileExceptionSet */, ); explicitFileTypes = {}; explicitFolders = (); path = App; sourceTree = "<group>"; };
        \t\tA00000000000000000000022 /* Search */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Search; sourceTree = "<group>"; };
        \t\tA00000000000000000000023 /* AppTests */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = AppTests; sourceTree = "<group>"; };
        /* End PBXFileSystemSynchronizedRootGroup section */

        /* Begin PBXGroup section */
        \t\tA00000000000000000000002 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tA00000000000000000000021 /* App */,
        \t\t\t\tA00000000000000000000022 /* Search */,
        \t\t\t\tA00000000000000000000023 /* AppTests */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        \t\tA00000000000000000000030 /* Search */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t);
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tA00000000000000000000022 /* Search */,
        \t\t\t);
        \t\t\tname = Search;
        \t\t\tpackageProductDependencies = (
        \t\t\t);
        \t\t\tproductType = "com.apple.product-type.framework";
        \t\t};
        \t\tA00000000000000000000031 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t\tA00000000000000000000040 /* PBXTargetDependency */,
        \t\t\t);
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tA00000000000000000000021 /* App */,
        \t\t\t);
        \t\t\tname = App;
        \t\t\tpackageProductDependencies = (
        \t\t\t\tA00000000000000000000060 /* Env */,
        \t\t\t\tA00000000000000000000061 /* Browse */,
        \t\t\t);
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tA00000000000000000000032 /* AppTests */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t\tA00000000000000000000041 /* PBXTargetDependency */,
        \t\t\t);
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tA00000000000000000000023 /* AppTests */,
        \t\t\t);
        \t\t\tname = AppTests;
        \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tA00000000000000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tmainGroup = A00000000000000000000002;
        \t\t\tpackageReferences = (
        \t\t\t\tA00000000000000000000050 /* XCRemoteSwiftPackageReference "Env" */,
        \t\t\t\tA00000000000000000000051 /* XCLocalSwiftPackageReference "Packages/Browse" */,
        \t\t\t);
        \t\t\tprojectDirPath = "";
        \t\t\tprojectRoot = "";
        \t\t\ttargets = (
        \t\t\t\tA00000000000000000000031 /* App */,
        \t\t\t\tA00000000000000000000030 /* Search */,
        \t\t\t\tA00000000000000000000032 /* AppTests */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin PBXTargetDependency section */
        \t\tA00000000000000000000040 /* PBXTargetDependency */ = {
        \t\t\tisa = PBXTargetDependency;
        \t\t\ttarget = A00000000000000000000030 /* Search */;
        \t\t\ttargetProxy = A00000000000000000000010 /* PBXContainerItemProxy */;
        \t\t};
        \t\tA00000000000000000000041 /* PBXTargetDependency */ = {
        \t\t\tisa = PBXTargetDependency;
        \t\t\ttarget = A00000000000000000000031 /* App */;
        \t\t};
        /* End PBXTargetDependency section */

        /* Begin XCLocalSwiftPackageReference section */
        \t\tA00000000000000000000051 /* XCLocalSwiftPackageReference "Packages/Browse" */ = {
        \t\t\tisa = XCLocalSwiftPackageReference;
        \t\t\trelativePath = Packages/Browse;
        \t\t};
        /* End XCLocalSwiftPackageReference section */

        /* Begin XCRemoteSwiftPackageReference section */
        \t\tA00000000000000000000050 /* XCRemoteSwiftPackageReference "Env" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = "https://example.com/acme/Env.git";
        \t\t\trequirement = {
        \t\t\t\tkind = upToNextMajorVersion;
        \t\t\t\tminimumVersion = 1.2.0;
        \t\t\t};
        \t\t};
        /* End XCRemoteSwiftPackageReference section */

        /* Begin XCSwiftPackageProductDependency section */
        \t\tA00000000000000000000060 /* Env */ = {
        \t\t\tisa = XCSwiftPackageProductDependency;
        \t\t\tpackage = A00000000000000000000050 /* XCRemoteSwiftPackageReference "Env" */;
        \t\t\tproductName = Env;
        \t\t};
        \t\tA00000000000000000000061 /* Browse */ = {
        \t\t\tisa = XCSwiftPackageProductDependency;
        \t\t\tproductName = Browse;
        \t\t\tpackage = A00000000000000000000051 /* XCLocalSwiftPackageReference "Packages/Browse" */;
        \t\t};
        /* End XCSwiftPackageProductDependency section */
        \t};
        \trootObject = A00000000000000000000001 /* Project object */;
        }

        """

    /// A classic Xcode 13 project (object version 55): groups, a sources build phase, and
    /// a remote package reference with an exact requirement (or a local one, `localPackage`).
    package static func classic(name: String = "Classic", url: String = "https://example.com/acme/Kit", objectVersion: Int = 55, localPackage: String? = nil) -> String {
        let reference =
            localPackage.map { "\t\t\tisa = XCLocalSwiftPackageReference;\n\t\t\trelativePath = \"\($0)\";\n" }
            ?? "\t\t\tisa = XCRemoteSwiftPackageReference;\n\t\t\trepositoryURL = \"\(url)\";\n\t\t\trequirement = {\n\t\t\t\tkind = exactVersion;\n\t\t\t\tversion = 2.0.1;\n\t\t\t};\n"
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = \(objectVersion);
            \tobjects = {

            /* Begin PBXBuildFile section */
            \t\tB00000000000000000000010 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = B00000000000000000000020 /* AppDelegate.swift */; };
            \t\tB00000000000000000000011 /* Kit in Frameworks */ = {isa = PBXBuildFile; productRef = B00000000000000000000060 /* Kit */; };
            /* End PBXBuildFile section */

            /* Begin PBXFileReference section */
            \t\tB00000000000000000000020 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
            /* End PBXFileReference section */

            /* Begin PBXGroup section */
            \t\tB00000000000000000000002 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tB00000000000000000000003 /* \(name) */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tB00000000000000000000003 /* \(name) */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tB00000000000000000000020 /* AppDelegate.swift */,
            \t\t\t);
            \t\t\tpath = \(name);
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            \t\tB00000000000000000000030 /* \(name) */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = (
            \t\t\t\tB00000000000000000000070 /* Sources */,
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tname = \(name);
            \t\t\tpackageProductDependencies = (
            \t\t\t\tB00000000000000000000060 /* Kit */,
            \t\t\t);
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\tB00000000000000000000001 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tcompatibilityVersion = "Xcode 13.0";
            \t\t\tmainGroup = B00000000000000000000002;
            \t\t\tpackageReferences = (
            \t\t\t\tB00000000000000000000050 /* XCRemoteSwiftPackageReference "Kit" */,
            \t\t\t);
            \t\t\tprojectDirPath = "";
            \t\t\ttargets = (
            \t\t\t\tB00000000000000000000030 /* \(name) */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXSourcesBuildPhase section */
            \t\tB00000000000000000000070 /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tfiles = (
            \t\t\t\tB00000000000000000000010 /* AppDelegate.swift in Sources */,
            \t\t\t);
            \t\t};
            /* End PBXSourcesBuildPhase section */

            /* Begin XCRemoteSwiftPackageReference section */
            \t\tB00000000000000000000050 /* XCRemoteSwiftPackageReference "Kit" */ = {
            \(reference)\t\t};
            /* End XCRemoteSwiftPackageReference section */

            /* Begin XCSwiftPackageProductDependency section */
            \t\tB00000000000000000000060 /* Kit */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tpackage = B00000000000000000000050 /* XCRemoteSwiftPackageReference "Kit" */;
            \t\t\tproductName = Kit;
            \t\t};
            /* End XCSwiftPackageProductDependency section */
            \t};
            \trootObject = B00000000000000000000001 /* Project object */;
            }

            """
    }

    /// A package `name` with one library of the same name.
    package static func package(_ name: String) -> String {
        """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [.library(name: "\(name)", targets: ["\(name)"])],
            targets: [.target(name: "\(name)")]
        )

        """
    }
}
