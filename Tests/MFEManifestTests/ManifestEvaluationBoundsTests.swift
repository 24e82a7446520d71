import Foundation
import MFETestSupport
import Testing

@testable import MFEManifest

/// What the evaluator does with manifests that compute: bounded work, refusals naming the
/// construct, and the same answer every time.
@Suite("manifest reader: bounded, deterministic evaluation")
struct ManifestEvaluationBoundsTests {
    func refusal(_ body: String) -> ManifestRefusal? {
        do {
            _ = try readManifest(body)
            return nil
        } catch let refusal as ManifestRefusal {
            return refusal
        } catch {
            return nil
        }
    }

    @Test func endlessRecursionIsARefusalNotAHang() throws {
        let found = try #require(
            refusal(
                """
                func forever(_ n: Int) -> [Target] { forever(n) }
                let package = Package(name: "P", targets: forever(1))
                """))
        #expect(found.location.line == 4, "\(found)")
    }

    /// The bound is the work's, not the wall clock's: the refusal comes from the budget, after
    /// at most its steps or statements, whatever the machine's load.
    @Test(.hangGuard(processes: 1)) func hugeLoopsRunOutOfStepsAndAreRefused() throws {
        let manifest = """
            let ten = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
            var names: [String] = []
            for a in ten { for b in ten { for c in ten { for d in ten { for e in ten { for f in ten { names.append(a + b + c + d + e + f) } } } } } }
            let package = Package(name: "P", targets: names.map { .target(name: $0) })
            """
        let found = try #require(refusal(manifest))
        let budget = ManifestInterpreter.Budget(sourceLength: ("// swift-tools-version: 6.0\nimport PackageDescription\n\n" + manifest).utf8.count)
        #expect(found.subject.hasSuffix("after \(budget.limit) evaluation steps (a loop that may not end),"), "\(found.subject)")
    }

    /// The bounds grow with the manifest: a 50,000-target chain, one `.target` per line, is
    /// plain data and read whole (a fixed step budget refused it).
    @Test func plainDataOfAnyLengthIsRead() throws {
        let count = 50_000
        var lines = ["let package = Package(name: \"Chain\", targets: ["]
        for index in 0..<count {
            lines.append("    .target(name: \"T\(index)\"\(index > 0 ? ", dependencies: [\"T\(index - 1)\"]" : "")),")
        }
        lines.append("])")
        let manifest = try readManifest(lines.joined(separator: "\n"))
        #expect(manifest.targets.count == count)
        #expect(manifest.targets.last?.dependencies.map(\.name) == ["T\(count - 2)"])
    }

    /// The same 50,000 targets appended one statement each, as generated manifests do.
    @Test func manyStatementsOfPlainDataAreRead() throws {
        let count = 50_000
        var lines = ["let package = Package(name: \"Chain\")"]
        for index in 0..<count { lines.append("package.targets.append(.target(name: \"T\(index)\"))") }
        let manifest = try readManifest(lines.joined(separator: "\n"))
        #expect(manifest.targets.count == count)
    }

    @Test func readsTheSameEveryTime() throws {
        let manifest = """
            func feature(_ name: String) -> [Target] { [.target(name: name), .testTarget(name: name + "Tests", dependencies: [.target(name: name)])] }
            let names = ["B", "A", "C"]
            var targets = names.flatMap { feature($0) }
            for name in names where name != "C" { targets.append(.target(name: name + "Kit")) }
            let package = Package(name: "P", targets: targets)
            """
        let first = try readManifest(manifest)
        for _ in 0..<5 { #expect(try readManifest(manifest) == first) }
        #expect(first.targets.map(\.name) == ["B", "BTests", "A", "ATests", "C", "CTests", "BKit", "AKit"])
    }

    /// What depends on the order a dictionary is gone through in, which changes on each run of
    /// the manifest, is refused when every value must be known, in one sentence.
    @Test func anOrderOnlyARunCanTellIsRefusedInOneSentence() {
        let source = """
            // swift-tools-version: 6.0
            import PackageDescription
            let defines: Set<String> = ["A", "B"]
            var targets: [Target] = []
            for name in defines { targets.append(.target(name: name)) }
            let package = Package(name: "P", targets: targets)
            """
        #expect {
            _ = try ManifestReader(environment: [:], readsEverythingDumpPackageShows: true).read(source: source, manifestPath: "/p/Package.swift")
        } throws: { error in
            // The set is named by a reference, whose description ends in its own clause: the
            // sentence once read "…of this manifest,, which goes through…".
            let message = error.localizedDescription
            return message.contains("'defines'") && message.contains("in an order that changes on each run of the manifest") && !message.contains(",,")
        }
    }
}
