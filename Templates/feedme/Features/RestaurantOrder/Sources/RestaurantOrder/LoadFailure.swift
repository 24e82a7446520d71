import Foundation

/// How RestaurantOrder's screens treat an error while loading.
enum LoadFailure {
    /// Whether `error` only says the load was cancelled (the screen went away, or a newer load
    /// replaced it): not a failure to show. A cancelled `URLSession` task throws
    /// `URLError(.cancelled)` rather than `CancellationError`.
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? URLError)?.code == .cancelled
    }

    /// What a screen says when loading fails: the error's own words when it has some written
    /// for people (`LocalizedError`), else `fallback`; never a type's dump.
    static func message(for error: any Error, fallback: String) -> String {
        if let description = (error as? any LocalizedError)?.errorDescription, !description.isEmpty {
            return description
        }
        return fallback
    }
}
