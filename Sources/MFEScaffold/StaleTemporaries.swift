import Foundation
import MFECore

/// The temporary files and folders an earlier mfe left behind when it was killed outright
/// (`kill -9`, a power cut: no interrupt handler runs), removed by the next run that writes in
/// the same folder. Only names mfe itself gives are touched — `.mfe-NAME-PID-RANDOM` folders
/// (`ScaffoldWriter`) and `.FILE.mfe-PID-RANDOM` files (`LocalFileSystem.writeAtomically`) —
/// and only when the process they name is gone, or when they are older than `maximumAge`
/// (the pid may have been reused by an unrelated process since).
package enum StaleTemporaries {
    /// How old a temporary may be before it is removed whatever its pid: a day, far longer
    /// than any mfe run.
    package static let maximumAge: TimeInterval = 24 * 60 * 60

    /// The pid a name of mfe's temporaries carries, nil for any other name.
    package static func owner(ofName name: String) -> Int32? {
        func number(_ part: Substring) -> Int32? {
            part.isEmpty || !part.allSatisfy(\.isASCIIDigitCharacter) ? nil : Int32(part).flatMap { $0 > 0 ? $0 : nil }
        }
        /// The random part: any run of digits (a `UInt32`).
        func digits(_ part: Substring) -> Bool { !part.isEmpty && part.count <= 10 && part.allSatisfy(\.isASCIIDigitCharacter) }
        if name.hasPrefix(".mfe-") {
            // A folder: `.mfe-NAME-PID-RANDOM`, NAME a package or workspace name.
            let parts = name.dropFirst(5).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
                digits(parts[2])
            else { return nil }
            return number(parts[1])
        }
        // A file: `.FILE.mfe-PID-RANDOM`.
        guard name.hasPrefix("."), let marker = name.range(of: ".mfe-", options: .backwards), marker.lowerBound > name.startIndex else { return nil }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, digits(parts[1]) else { return nil }
        return number(parts[0])
    }

    /// Whether process `pid` is gone.
    static func isGone(_ pid: Int32) -> Bool {
        pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the stale temporaries directly inside each of `folders`; returns their paths.
    /// Best effort: a folder that cannot be listed, or an entry that cannot be removed, is
    /// left as it is.
    @discardableResult
    package static func remove(in folders: [String], fileSystem: any FileSystem, now: Date) -> [String] {
        var removed: [String] = []
        var seen: Set<String> = []
        for folder in folders where seen.insert(folder).inserted {
            for name in (try? fileSystem.contentsOfDirectory(folder)) ?? [] {
                guard let pid = owner(ofName: name) else { continue }
                let path = PathUtilities.join(folder, name)
                let modified = fileSystem.status(of: path)?.modificationDate
                let old = modified.map { now.timeIntervalSince($0) > maximumAge } ?? false
                guard isGone(pid) || old else { continue }
                if (try? fileSystem.remove(path)) != nil { removed.append(path) }
            }
        }
        return removed
    }
}

extension Character {
    /// Whether the character is one of the ASCII digits 0-9.
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
