import Foundation
import MFECore
import MFEManifest

/// The fidelity corpus: a folder `cases/` of package folders (each with its `Package.swift`,
/// variants, and whatever files its manifest looks at) and a folder `dumps/` holding, per case,
/// SwiftPM's `dump-package` output (`CASE.json`) or its error (`CASE.err`), computed once so that
/// re-measuring the static reader takes seconds.
extension ManifestFidelity {
    /// The static reader against the cached `dump-package` output of every case under `root`,
    /// sorted by case name; `staticSeconds` is the reader's time, `dumpPackageSeconds` 0.
    package static func measureCorpus(root: String, fileSystem: any FileSystem = LocalFileSystem()) async -> [Outcome] {
        let casesDirectory = PathUtilities.join(root, "cases")
        let dumpsDirectory = PathUtilities.join(root, "dumps")
        let names = ((try? fileSystem.contentsOfDirectory(casesDirectory)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let reader = ManifestReader(fileSystem: fileSystem, environment: [:], readsEverythingDumpPackageShows: true)
        let clock = ContinuousClock()
        var outcomes: [Outcome] = []
        for name in names {
            let directory = PathUtilities.join(casesDirectory, name)
            let dumpPath = PathUtilities.join(dumpsDirectory, name + ".json")
            guard let dump = try? fileSystem.contents(of: dumpPath) else {
                let error = (try? fileSystem.contents(of: PathUtilities.join(dumpsDirectory, name + ".err"))).map { String(decoding: $0, as: UTF8.self) }
                outcomes.append(Outcome(package: name, verdict: .swiftPMFailed(error.map { firstLine(of: $0) } ?? "no cached dump-package output"), staticSeconds: 0, dumpPackageSeconds: 0))
                continue
            }
            var mine: Result<PackageManifest, any Error>!
            let duration = await clock.measure {
                do {
                    let manifest = try await reader.loadManifest(inPackageDirectory: directory)
                    mine = .success(manifest)
                } catch {
                    mine = .failure(error)
                }
            }
            let verdict: Verdict
            var byteEqual: Bool?
            var firstDifference: String?
            do {
                let manifestPath = try reader.manifestPath(inPackageDirectory: directory)
                let source = (try? fileSystem.contents(of: manifestPath)).map { String(decoding: $0, as: UTF8.self) }
                let theirs = try DumpPackageManifestLoader.manifest(fromDumpPackageOutput: dump, manifestPath: manifestPath, packageDirectory: directory, source: source)
                switch mine! {
                case .failure(let error):
                    verdict = .refused(
                        firstLine(of: error.localizedDescription).replacingOccurrences(of: PathUtilities.absolute(directory, relativeTo: FileManager.default.currentDirectoryPath) + "/", with: ""))
                case .success(let manifest):
                    let differences = compare(manifest, theirs, packageDirectory: directory)
                    verdict = differences.isEmpty ? .exact : .wrong(differences)
                    let theirText = String(decoding: dump, as: UTF8.self)
                    let mine = (try? DumpPackageJSON.text(of: manifest, origin: PathOrigin(LocalFileSystem()))) ?? ""
                    byteEqual = sameDump(mine, theirText)
                    if byteEqual == false {
                        let lines = Set(mine.split(separator: "\n"))
                        firstDifference = theirText.split(separator: "\n").first { !lines.contains($0) }.map { String($0).trimmingCharacters(in: .whitespaces) }
                    }
                }
            } catch {
                verdict = .swiftPMFailed(firstLine(of: error.localizedDescription))
            }
            outcomes.append(
                Outcome(package: name, verdict: verdict, staticSeconds: seconds(duration), dumpPackageSeconds: 0, byteEqual: byteEqual, firstDifference: firstDifference))
        }
        return outcomes
    }
}
