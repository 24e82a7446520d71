import Foundation
import MFECore
import MFEManifest
import Testing

@testable import MFECompose

@Suite("Package.resolved files")
struct ResolvedFileTests {
    static let pins = [
        ResolvedPin(identity: "env", kind: .localSourceControl, location: "/tmp/repos/Env", name: "Env", state: .version(Version("0.3.3")!, revision: "918c7f8a24a1fa3f0b080245572dbf8304e30cc6")),
        ResolvedPin(
            identity: "browse", kind: .remoteSourceControl, location: "https://github.com/micro-frontends-mobile/Browse", name: "Browse",
            state: .branch("main", revision: "8bd1066c45b57b39e37ceb853cf856c0544386b2")),
    ]

    @Test(arguments: [(ToolsVersion(5, 5), 1), (ToolsVersion(5, 6), 2), (ToolsVersion(5, 9), 2), (ToolsVersion(5, 10), 3), (ToolsVersion(6, 0), 3), (ToolsVersion(6, 2), 3)])
    func choosesTheFormatBySwiftToolsVersion(_ tools: ToolsVersion, _ format: Int) {
        #expect(ResolvedFile.formatVersion(forToolsVersion: tools) == format)
    }

    @Test func rendersVersion3AsSwiftPMDoes() {
        let text = String(decoding: ResolvedFileWriter.render(ResolvedFile(version: 3, originHash: "abc", pins: Self.pins)), as: UTF8.self)
        #expect(
            text == """
                {
                  "originHash" : "abc",
                  "pins" : [
                    {
                      "identity" : "browse",
                      "kind" : "remoteSourceControl",
                      "location" : "https://github.com/micro-frontends-mobile/Browse",
                      "state" : {
                        "branch" : "main",
                        "revision" : "8bd1066c45b57b39e37ceb853cf856c0544386b2"
                      }
                    },
                    {
                      "identity" : "env",
                      "kind" : "localSourceControl",
                      "location" : "/tmp/repos/Env",
                      "state" : {
                        "revision" : "918c7f8a24a1fa3f0b080245572dbf8304e30cc6",
                        "version" : "0.3.3"
                      }
                    }
                  ],
                  "version" : 3
                }

                """)
    }

    @Test func rendersVersion1AsSwiftPMDoes() {
        let text = String(decoding: ResolvedFileWriter.render(ResolvedFile(version: 1, pins: [Self.pins[0]])), as: UTF8.self)
        #expect(
            text == """
                {
                  "object": {
                    "pins": [
                      {
                        "package": "Env",
                        "repositoryURL": "/tmp/repos/Env",
                        "state": {
                          "branch": null,
                          "revision": "918c7f8a24a1fa3f0b080245572dbf8304e30cc6",
                          "version": "0.3.3"
                        }
                      }
                    ]
                  },
                  "version": 1
                }

                """)
    }

    @Test(arguments: [1, 2, 3])
    func readsWhatItWrites(_ version: Int) throws {
        let file = ResolvedFile(version: version, originHash: version == 3 ? "abc" : nil, pins: Self.pins)
        let read = try ResolvedFileReader.parse(ResolvedFileWriter.render(file), path: "Package.resolved")
        #expect(read.version == version)
        #expect(read.originHash == file.originHash)
        #expect(Set(read.pins.map(\.state)) == Set(Self.pins.map(\.state)))
        #expect(Set(read.pins.map(\.identity)) == ["env", "browse"])
    }

    @Test func aMalformedFileIsAnInputErrorNamingIt() {
        #expect(throws: ComposeError.invalidResolvedFile(path: "Shell/Package.resolved", problem: "it is not a JSON object")) {
            try ResolvedFileReader.parse(Data("{ nope".utf8), path: "Shell/Package.resolved")
        }
    }

    @Test func locationsFollowSwiftPM() {
        #expect(PackageLocation(dependency: "file:///tmp/repos/Browse/", relativeTo: "/").location == "/tmp/repos/Browse")
        #expect(PackageLocation(dependency: "file:///tmp/repos/Browse/", relativeTo: "/").kind == .localSourceControl)
        #expect(PackageLocation(dependency: "../Env", relativeTo: "/w/Shell").location == "/w/Env")
        let remote = PackageLocation(dependency: "https://github.com/org/Env.git", relativeTo: "/")
        #expect(remote.kind == .remoteSourceControl && remote.identity == "env" && remote.location == "https://github.com/org/Env.git")
    }

    @Test(arguments: [("v1.2.3", "1.2.3"), ("1.2", "1.2.0"), ("v2.0.0-beta.1", "2.0.0-beta.1"), ("1.0.0+build.5", "1.0.0+build.5")])
    func parsesTagsAsSwiftPM(_ tag: String, _ expected: String) {
        #expect(TagVersions.version(ofTag: tag)?.description == expected)
    }

    @Test(arguments: ["2", "release-1.0.0", "1.0.0.1", "v1.x.0", ""])
    func ignoresTagsSwiftPMIgnores(_ tag: String) {
        #expect(TagVersions.version(ofTag: tag) == nil)
    }

    @Test func originHashIsTheSHA256OfTheManifestBytes() {
        #expect(SHA256Hex.originHash(rootManifests: [Data("abc".utf8)]) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func diffsLikeDiffU() {
        let diff = UnifiedDiff.render(old: "a\nb\nc\n", new: "a\nB\nc\n", oldLabel: "a/x", newLabel: "b/x")
        #expect(diff == "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
    }
}
