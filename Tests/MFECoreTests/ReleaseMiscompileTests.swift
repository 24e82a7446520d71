import Foundation
import MFECore
import MFETestSupport
import Testing

/// The reduced reproduction of the release-only bug that made mfe read 1 of 5 packages
/// (swiftlang/swift#91911): compiled here with `swiftc -O`, as a release build compiles mfe,
/// so it runs optimised whatever configuration the test suite itself was built in.
///
/// `OrderedConcurrency.swift` is compiled from `Sources` as it is, beside a driver that fans
/// out over eight items with a payload large enough to be returned indirectly (the shape that
/// lost its index), so a change that reintroduces the shape there fails here.
@Suite("release miscompile: task-group tuples")
struct ReleaseMiscompileTests {
    static let sourceFile: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Sources/MFECore/OrderedConcurrency.swift").path
    }()

    static let driver = #"""
        import Foundation

        struct Payload: Sendable {
            var a: String
            var b: String
            var c: [String]
            var d: [String: String]
            var e: Int
            var f: [Int]
        }

        protocol Loading: Sendable { func load(_ item: String) async throws -> Payload }
        struct Loader: Loading {
            func load(_ item: String) async throws -> Payload {
                await Task.yield()
                if item == "fail" { throw CancellationError() }
                return Payload(a: item, b: item + "b", c: [item], d: [item: item], e: item.count, f: [1, 2, 3])
            }
        }

        /// The shape mfe had in WorkspaceLoader: the awaited value inside the tuple literal.
        func unbound(_ items: [String], loader: any Loading) async -> [String] {
            await withTaskGroup(of: (Int, Result<Payload, any Error>).self) { group in
                for (index, item) in items.enumerated() {
                    group.addTask {
                        do { return (index, .success(try await loader.load(item))) }
                        catch { return (index, .failure(error)) }
                    }
                }
                var slots = [String](repeating: "-", count: items.count)
                for await (index, result) in group {
                    if case .success(let payload) = result, slots.indices.contains(index) { slots[index] = payload.a }
                }
                return slots
            }
        }

        @main struct Main {
            static func main() async throws {
                let items = (0..<8).map { "d\($0)" }
                let loader = Loader()
                let ordered = await OrderedConcurrency.results(count: items.count, width: 3) { index in
                    try await loader.load(items[index])
                }
                print("helper", ordered.map { (try? $0.get().a) ?? "-" }.joined(separator: ","))
                let mapped = try await OrderedConcurrency.map(count: items.count) { index in try await loader.load(items[index]) }
                print("map", mapped.map(\.a).joined(separator: ","))
                let failing = await OrderedConcurrency.results(count: 3) { index in try await loader.load(index == 1 ? "fail" : items[index]) }
                print("failing", failing.map { (try? $0.get().a) ?? "error" }.joined(separator: ","))
                print("unbound", await unbound(items, loader: loader).joined(separator: ","))
            }
        }
        """#

    @Test(.hangGuard())
    func theFanOutHelperKeepsEveryResultAtItsIndexWhenOptimised() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.driver, to: "main.swift")
        let executable = PathUtilities.join(directory.path, "driver")
        let compile = try await SubprocessRunner().run(
            "swiftc",
            ["-O", "-parse-as-library", "-package-name", "mfe", "-module-name", "Driver", Self.sourceFile, PathUtilities.join(directory.path, "main.swift"), "-o", executable]
        )
        #expect(compile.status == 0, "swiftc -O failed:\n\(compile.standardError)")
        guard compile.status == 0 else { return }
        let run = try await SubprocessRunner().run(executable, [])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = Dictionary(
            uniqueKeysWithValues: run.standardOutput.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: " ", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            })
        let expected = (0..<8).map { "d\($0)" }.joined(separator: ",")
        #expect(lines["helper"] == expected)
        #expect(lines["map"] == expected)
        #expect(lines["failing"] == "d0,error,d2")
        // The unbound shape is the compiler's bug, not mfe's: recorded, not asserted, so the
        // test keeps passing once a fixed compiler gets it right.
        if lines["unbound"] != expected {
            print("note: swiftc -O still miscompiles the unbound shape: \(lines["unbound"] ?? "?")")
        }
    }
}
