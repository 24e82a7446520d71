import Foundation
@testable import MFEManifest
import Testing

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
        let found = try #require(refusal("""
            func forever(_ n: Int) -> [Target] { forever(n) }
            let package = Package(name: "P", targets: forever(1))
            """))
        #expect(found.location.line == 4, "\(found)")
        #expect(found.message.contains("--loader swiftpm"))
    }

    @Test func hugeLoopsRunOutOfStepsAndAreRefused() throws {
        let manifest = """
            let ten = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
            var names: [String] = []
            for a in ten { for b in ten { for c in ten { for d in ten { for e in ten { for f in ten { names.append(a + b + c + d + e + f) } } } } } }
            let package = Package(name: "P", targets: names.map { .target(name: $0) })
            """
        let clock = ContinuousClock()
        var found: ManifestRefusal?
        let elapsed = clock.measure { found = refusal(manifest) }
        #expect(found != nil)
        #expect(elapsed < .seconds(60))
    }

    @Test func conditionsOnVariablesChangedLaterAreNotGuessed() throws {
        // `flag` is a `var`: the `if` is not evaluated while statements are still collected, so
        // the append it guards makes `package` unreadable rather than silently taken or skipped.
        #expect(refusal("""
            var flag = false
            let package = Package(name: "P", targets: [.target(name: "A")])
            if flag { package.targets.append(.target(name: "B")) }
            flag = true
            """) != nil)
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
}
