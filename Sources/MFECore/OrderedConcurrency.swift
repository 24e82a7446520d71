import Foundation

/// Work on many items at once with the results kept in the items' order: the one place mfe
/// fans out over packages (manifests, feature files, external packages) with a task group.
///
/// Why it is written the way it is: Swift 6.3.1's optimiser miscompiles a task-group child
/// that returns a tuple literal holding a value known before a suspension and one computed
/// after it — `return (index, .success(try await load()))` — the part written before the
/// suspension is lost (swiftlang/swift#91911, "Don't split async @out tuple results across
/// suspensions"). In a release build the indices arrived as `0, 0, 0, …`, so mfe kept one
/// manifest of five. Every child here awaits into a `let` first and builds the tuple only
/// after the last suspension. `ReleaseMiscompileTests` compiles this file with `-O` and checks
/// the order; `AwaitShapeTests` keeps the shape out of `Sources`.
package enum OrderedConcurrency {
    /// `body(index)` for every index in `0..<count`, at most `width` at a time, each result at
    /// its index. A result the group never delivered (impossible by the task group's contract,
    /// but never silently skipped) is a failure naming its index.
    package static func results<T: Sendable>(count: Int, width: Int = 64, _ body: @escaping @Sendable (Int) async throws -> T) async -> [Result<T, any Error>] {
        guard count > 0 else { return [] }
        var slots = [Result<T, any Error>?](repeating: nil, count: count)
        await withTaskGroup(of: (Int, Result<T, any Error>).self) { group in
            var next = 0
            func addNext() {
                guard next < count else { return }
                let index = next
                next += 1
                group.addTask {
                    // Bound before the tuple is built: see the type's comment.
                    let result: Result<T, any Error>
                    do {
                        let value = try await body(index)
                        result = .success(value)
                    } catch {
                        result = .failure(error)
                    }
                    return (index, result)
                }
            }
            for _ in 0..<max(1, width) { addNext() }
            while let (index, result) = await group.next() {
                if slots.indices.contains(index) { slots[index] = result }
                addNext()
            }
        }
        return slots.enumerated().map { index, slot in
            slot ?? .failure(MissingResultError(index: index))
        }
    }

    /// `body(index)` for every index, at most `width` at a time, in the items' order; throws
    /// the error of the lowest index that failed.
    package static func map<T: Sendable>(count: Int, width: Int = 64, _ body: @escaping @Sendable (Int) async throws -> T) async throws -> [T] {
        try await results(count: count, width: width, body).map { try $0.get() }
    }
}

/// A result a task group did not deliver; never expected, reported rather than skipped.
package struct MissingResultError: LocalizedError, Sendable {
    /// The index of the item without a result.
    package let index: Int

    package var errorDescription: String? {
        "internal error: no result for item \(index + 1) of a parallel load; please report this with the command you ran"
    }
}
