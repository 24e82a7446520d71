import Foundation
import MFETestSupport
import Testing

@testable import MFECore

/// The output boundary: credentials found by parsing URLs (any legal userinfo, malformed ones,
/// query and fragment, and the pieces git quotes of a URL it was given), control characters
/// made visible per sink, and writes that go through symbolic links.
@Suite("output boundary")
struct OutputBoundaryTests {
    @Test(arguments: [
        // RFC 3986 allows `;` `,` `'` `(` `)` unencoded in a userinfo; brackets are kept too.
        ("error: cannot fetch 'http://user:pa;ss-SECRET42@127.0.0.1:47002/nothere.git': fatal", "error: cannot fetch 'http://***@127.0.0.1:47002/nothere.git': fatal"),
        ("'https://u:a,b(c)[d]'e-SECRET@host/x.git'", "'https://***@host/x.git'"),
        // Malformed: a `/` or a space in the password.
        ("fatal: unable to access 'https://user:pa/ss-SECRET44@127.0.0.1:1/x.git/': bad", "fatal: unable to access 'https://***@127.0.0.1:1/x.git/': bad"),
        ("cannot fetch 'https://user:pa ss-SECRET45@host/x.git': no", "cannot fetch 'https://***@host/x.git': no"),
        // Query and fragment tokens.
        ("'https://host/x.git?token=SECRET46#SECRET47': no", "'https://host/x.git?***#***': no"),
        ("see https://host/x.git#SECRET48", "see https://host/x.git#***"),
        // Line anchors are where a link points: kept.
        ("[a](https://github.com/o/r/blob/0123abc/P/Package.swift#L38)", "[a](https://github.com/o/r/blob/0123abc/P/Package.swift#L38)"),
        ("https://host/a.swift#L10-L20 https://host/b#L4C2 https://host/c#L1-2", "https://host/a.swift#L10-L20 https://host/b#L4C2 https://host/c#L1-2"),
        ("https://host/x#L1x https://host/y#LSECRET", "https://host/x#*** https://host/y#***"),
        // Kept: no credentials, a host and port, an `@` in a path, scp style.
        ("https://example.com/a@b and git@github.com:acme/env.git", "https://example.com/a@b and git@github.com:acme/env.git"),
        ("http://127.0.0.1:8080/x.git", "http://127.0.0.1:8080/x.git"),
    ])
    func credentialsAreFoundByParsing(text: String, expected: String) {
        #expect(CredentialRedaction.redact(text) == expected)
    }

    /// git quotes a `git://` URL in pieces: only the URL mfe gave it finds them.
    @Test func gitsOwnMessageIsRedactedByTheURLItWasGiven() {
        let url = "git://user:SECRET43@127.0.0.1:1/x.git"
        let message = "fatal: unable to look up user:SECRET43@127.0.0.1:1 (port 9418) (Name or service not known)"
        let redacted = CredentialRedaction.redact(message, urls: [url])
        #expect(redacted == "fatal: unable to look up ***@127.0.0.1:1 (port 9418) (Name or service not known)")
        let query = "fatal: unable to access 'https://127.0.0.1:1/x.git?token=SECRET46#SECRET47/': bad"
        #expect(!CredentialRedaction.redact(query, urls: ["https://u:p@127.0.0.1:1/x.git?token=SECRET46#SECRET47"]).contains("SECRET"))
        #expect(CredentialRedaction.redactingURL("https://user:pa;ss@host/x.git?token=t0k#frag") == "https://***@host/x.git?***#***")
        #expect(CredentialRedaction.removingCredentials(from: "https://user:pa;ss,x@host/x.git") == "https://host/x.git")
    }

    @Test func controlCharactersAreVisibleInEverySinkButJSON() {
        let hostile = "A\u{1B}]0;pwned\u{07}\u{1B}[2J\r\nINJECTED\u{202E}"
        for sink in OutputSink.allCases {
            let escaped = sink.escape(hostile)
            #expect(!escaped.unicodeScalars.contains { OutputEscaping.isControl($0) }, "\(sink)")
            #expect(escaped.contains("\\u{1B}") && escaped.contains("pwned\\u{7}"), "\(sink): \(escaped)")
            let document = sink.sanitized("line \(hostile)\n")
            if sink != .json {
                #expect(!document.unicodeScalars.contains { OutputEscaping.isControl($0) && $0 != "\n" }, "\(sink)")
            }
        }
        #expect(OutputSink.markdown.escape("a|b`c<script>") == "a\\|b\\`c\\<script\\>")
        #expect(OutputSink.html.escape("<script>") == "&lt;script&gt;")
        // mfe's own colours survive the guard; a name's screen clear does not.
        #expect(OutputEscaping.sanitized("\u{1B}[1;31merror:\u{1B}[0m x\u{1B}[2J") == "\u{1B}[1;31merror:\u{1B}[0m x\\u{1B}[2J")
    }

    /// A symbolic link is written through: the file it leads to is replaced, the link kept;
    /// a dangling link is refused naming both, and left as it is.
    @Test func writesGoThroughSymbolicLinks() throws {
        let directory = try TemporaryDirectory()
        let fileSystem = LocalFileSystem()
        try directory.write("old", to: "common/Package.resolved")
        try FileManager.default.createDirectory(atPath: directory.path + "/Shell", withIntermediateDirectories: true)
        let link = directory.path + "/Shell/Package.resolved"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../common/Package.resolved")
        try fileSystem.writeAtomically(Data("new".utf8), to: link)
        #expect(fileSystem.isSymbolicLink(link))
        #expect(try String(contentsOfFile: directory.path + "/common/Package.resolved", encoding: .utf8) == "new")

        let dangling = directory.path + "/Shell/mfe-baseline.json"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "../nowhere/mfe-baseline.json")
        #expect(throws: FileOperationError.danglingLink("write", dangling, target: "../nowhere/mfe-baseline.json")) {
            try fileSystem.writeAtomically(Data("x".utf8), to: dangling)
        }
        #expect(fileSystem.isSymbolicLink(dangling))
        #expect(
            FileOperationError.danglingLink("write", "a", target: "b").errorDescription
                == "cannot write 'a': it is a symbolic link to 'b', which leads to no file; mfe writes through links and never replaces one, so fix the link or remove it")
    }
}
