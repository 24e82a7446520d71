import Foundation
import Testing

@testable import MFEManifest

/// `Package.resolved` has one model, decoded for every reader: strictly for compose-shell,
/// which writes the file back, leniently for the import checks, which only take hints from it.
@Suite("Package.resolved decoding")
struct ResolvedFileDecodingTests {
    static let version1 = #"""
        {"object": {"pins": [
          {"package": "Env", "repositoryURL": "file:///tmp/repos/Env/", "state": {"branch": null, "revision": "aaa", "version": "0.3.3"}},
          {"package": "Kit", "repositoryURL": "https://example.com/acme/Kit.git", "state": {"branch": "main", "revision": "bbb", "version": null}}
        ]}, "version": 1}
        """#

    static let version3 = #"""
        {"originHash": "abc", "pins": [
          {"identity": "kit", "kind": "remoteSourceControl", "location": "https://example.com/acme/Kit.git", "state": {"revision": "ccc"}}
        ], "version": 3}
        """#

    @Test func versionOneDerivesIdentityAndKindFromTheURL() throws {
        let file = try ResolvedFile(decoding: Data(Self.version1.utf8))
        #expect(file.version == 1)
        #expect(
            file.pins == [
                ResolvedPin(identity: "env", kind: .localSourceControl, location: "/tmp/repos/Env", name: "Env", state: .version(Version(0, 3, 3), revision: "aaa")),
                ResolvedPin(identity: "kit", kind: .remoteSourceControl, location: "https://example.com/acme/Kit.git", name: "Kit", state: .branch("main", revision: "bbb")),
            ])
    }

    @Test func versionThreeKeepsItsOriginHash() throws {
        let file = try ResolvedFile(decoding: Data(Self.version3.utf8))
        #expect(file.version == 3 && file.originHash == "abc")
        #expect(file.pins.map(\.state) == [.revision("ccc")])
    }

    @Test(arguments: [
        ("[1, 2]", "it is not a JSON object"),
        ("{ nope", "it is not a JSON object"),
        (#"{"pins": []}"#, "'version' is missing"),
        (#"{"version": 4, "pins": []}"#, "unknown version '4'"),
        (#"{"version": 2}"#, "'pins' is missing"),
        (#"{"version": 1, "pins": []}"#, "'object.pins' is missing"),
        (#"{"version": 2, "pins": [{"identity": "a", "kind": "remoteSourceControl", "location": "u"}]}"#, "a pin has no 'state'"),
        (#"{"version": 2, "pins": [{"identity": "a", "kind": "remoteSourceControl", "location": "u", "state": {}}]}"#, "a pin has no revision"),
        (
            #"{"version": 2, "pins": [{"identity": "a", "kind": "remoteSourceControl", "location": "u", "state": {"version": "x", "revision": "r"}}]}"#,
            "a pin has the version 'x' but no valid revision"
        ),
        (#"{"version": 2, "pins": [{"identity": "a", "kind": "git", "location": "u", "state": {"revision": "r"}}]}"#, "a pin lacks 'identity', 'kind' or 'location'"),
        (#"{"version": 1, "object": {"pins": [{"package": "A", "state": {"revision": "r"}}]}}"#, "a pin has no 'repositoryURL'"),
        (#"{"version": 2, "pins": [3]}"#, "a pin is not a JSON object"),
    ])
    func theStrictReadingNamesWhatIsWrong(_ text: String, _ problem: String) {
        #expect(throws: ResolvedFile.Problem(problem)) { try ResolvedFile(decoding: Data(text.utf8)) }
    }

    @Test func theLenientReadingKeepsThePinsItCanRead() throws {
        let text = #"{"version": 2, "pins": [3, {"identity": "a", "kind": "git"}, {"identity": "b", "kind": "remoteSourceControl", "location": "u", "state": {"revision": "r"}}]}"#
        #expect(try ResolvedFile(decoding: Data(text.utf8), reading: .lenient).pins.map(\.identity) == ["b"])
        // An unknown or missing version: the pins where a known version keeps them.
        let future = #"{"version": 9, "pins": [{"identity": "b", "kind": "remoteSourceControl", "location": "u", "state": {"revision": "r"}}]}"#
        #expect(try ResolvedFile(decoding: Data(future.utf8), reading: .lenient).pins.count == 1)
        #expect(try ResolvedFile(decoding: Data(Self.version1.replacingOccurrences(of: #""version": 1"#, with: "\"v\": 0").utf8), reading: .lenient).pins.count == 2)
        #expect(throws: ResolvedFile.Problem("it is not a JSON object")) { try ResolvedFile(decoding: Data("not json".utf8), reading: .lenient) }
    }
}
