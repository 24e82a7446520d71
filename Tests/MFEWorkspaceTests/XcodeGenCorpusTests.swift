import Foundation
import MFECore
import MFETestSupport
import MFEXcode
import Testing

@testable import MFEWorkspace

/// Reads every `project.yml` below the folder `MFE_XCODEGEN_CORPUS` names (checkouts of
/// public XcodeGen projects, kept outside the repository) and, where the generated
/// `.xcodeproj` is committed beside it, compares targets, types and dependencies with what
/// the `project.pbxproj` reader reads there. Prints one line per spec: exact, refused (the
/// reason), read (nothing to compare with) or different (what differs).
@Suite("XcodeGen corpus", .enabled(if: ProcessInfo.processInfo.environment["MFE_XCODEGEN_CORPUS"] != nil))
struct XcodeGenCorpusTests {
    /// What a project says of one target: type, local target dependencies, package products.
    struct Shape: Equatable, CustomStringConvertible {
        var type: String
        var targets: [String]
        var products: [String]
        var description: String { "\(type) targets=\(targets) products=\(products)" }
    }

    static func shapes(_ project: XcodeProject) -> [String: Shape] {
        Dictionary(
            project.targets.map { target in
                (
                    target.name,
                    Shape(
                        type: "\(target.productType)", targets: Set(target.dependencies.filter { $0.project == nil }.map(\.target)).sorted(),
                        products: Set(target.packageProducts.map(\.product)).sorted())
                )
            }, uniquingKeysWith: { a, _ in a })
    }

    @Test func readsTheCorpus() throws {
        let root = try #require(ProcessInfo.processInfo.environment["MFE_XCODEGEN_CORPUS"])
        let fileSystem = LocalFileSystem()
        var specs: [String] = []
        try fileSystem.walkFolders(
            below: root, purpose: "corpus", limits: .init(maximumFolders: 200_000, maximumDepth: 64),
            entering: { !$0.hasPrefix(".") && !$0.hasSuffix(".xcodeproj") && $0 != "vendor" && $0 != "node_modules" }
        ) {
            relative, names in
            for name in names where name == "project.yml" { specs.append(relative.isEmpty ? name : relative + "/" + name) }
        }
        var counts: [String: Int] = [:]
        for spec in specs.sorted() {
            let path = PathUtilities.join(root, spec)
            let text = String(decoding: try fileSystem.contents(of: path), as: UTF8.self)
            guard ProjectDefinitionKind.looksLikeXcodeGenSpec(text) else { continue }
            let project: XcodeProject
            do {
                project = try XcodeGenReader().read(specAt: path)
            } catch {
                counts["refused", default: 0] += 1
                print("REFUSED \(spec): \(error.localizedDescription)")
                continue
            }
            let folder = PathUtilities.normalize(path + "/..")
            let generated = PathUtilities.join(folder, project.name + ".xcodeproj")
            guard fileSystem.exists(PathUtilities.join(generated, "project.pbxproj")), let xcode = try? XcodeProjectReader().read(projectAt: generated) else {
                counts["read", default: 0] += 1
                print("READ \(spec): \(project.targets.count) targets, \(project.targets.reduce(0) { $0 + $1.dependencies.count + $1.packageProducts.count }) dependencies")
                for (name, shape) in Self.shapes(project).sorted(by: { $0.key < $1.key }) { print("  \(name): \(shape)") }
                continue
            }
            let mine = Self.shapes(project)
            let theirs = Self.shapes(xcode)
            var differences: [String] = []
            for name in Set(mine.keys).union(theirs.keys).sorted() where mine[name] != theirs[name] {
                differences.append("\(name): spec \(mine[name].map(\.description) ?? "-") / pbxproj \(theirs[name].map(\.description) ?? "-")")
            }
            for target in project.targets {
                guard let other = xcode.targets.first(where: { $0.name == target.name }), other.testHostProductName != target.testHostProductName else { continue }
                differences.append("\(target.name): test host \(target.testHostProductName ?? "-") / pbxproj \(other.testHostProductName ?? "-")")
            }
            let modules = project.targets.filter { target in xcode.targets.first { $0.name == target.name }.map { $0.productName != target.productName } ?? false }
            differences += modules.map { target in "\(target.name): module \(target.productName) / pbxproj \(xcode.targets.first { $0.name == target.name }?.productName ?? "-")" }
            if differences.isEmpty {
                counts["exact", default: 0] += 1
                print("EXACT \(spec): \(project.targets.count) targets match \(project.name).xcodeproj")
            } else {
                counts["different", default: 0] += 1
                print("DIFFERENT \(spec):\n  " + differences.joined(separator: "\n  "))
            }
        }
        print("CORPUS \(counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
        #expect(!specs.isEmpty)
    }
}
