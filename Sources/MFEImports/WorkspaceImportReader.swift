import Foundation
import MFECore
import MFELint
import MFEManifest
import MFEWorkspace
import MFEXcode

/// One import of one source file.
package struct SourceImport: Sendable, Hashable {
    /// The source file, relative to the workspace root.
    package var file: String
    /// The import declaration.
    package var declaration: ImportDeclaration
    /// The platforms (SwiftPM's names) the import is compiled for, in debug or release; nil
    /// when it was not evaluated per platform (every platform the rules consider).
    package var platforms: Set<String>?

    /// Creates a source import.
    package init(file: String, declaration: ImportDeclaration, platforms: Set<String>? = nil) {
        self.file = file
        self.declaration = declaration
        self.platforms = platforms
    }
}

/// The imports of every Swift source file of one target.
package struct TargetImports: Sendable, Equatable {
    /// The package's name.
    package var package: String
    /// The package's folder relative to the workspace root (`.` for the root): what tells two
    /// packages apart that share a `name:` (apollo-ios-dev has two `TestApp`s).
    package var packageDirectory: String
    /// The target's name.
    package var target: String
    /// How many Swift files were read.
    package var fileCount: Int
    /// Every import, ordered by file then line.
    package var imports: [SourceImport]
    /// The names other targets import the target's module by: its c99 name, or what its
    /// `module.modulemap` declares.
    package var moduleNames: [String]
    /// The `// mfe:ignore` comments of the files, up to the line of each file's last import
    /// (no finding of the import rules points further down).
    package var suppressions: [SuppressionComment]
    /// The files that could not be parsed within the time bound (named relative to the
    /// workspace root): their imports are unknown, so no dependency of the target is called
    /// unused.
    package var unreadFiles: [ParseTimeLimitError]

    /// Creates a target's imports; `moduleNames` defaults to the target's c99 name.
    package init(
        package: String, packageDirectory: String, target: String, fileCount: Int, imports: [SourceImport], moduleNames: [String]? = nil, suppressions: [SuppressionComment] = [],
        unreadFiles: [ParseTimeLimitError] = []
    ) {
        self.package = package
        self.packageDirectory = packageDirectory
        self.target = target
        self.fileCount = fileCount
        self.imports = imports
        self.moduleNames = moduleNames ?? [ModuleName.c99Name(target)]
        self.suppressions = suppressions
        self.unreadFiles = unreadFiles
    }
}

/// Reads the imports of every Swift target of a workspace, parsing files in parallel in a
/// bounded task group (one task per batch of targets, at most `maximumConcurrency` at once).
///
/// `#if` is evaluated, by default, for the host and for every platform the package declares in
/// `platforms:`, each in debug (`DEBUG` set) and release, as `swift build` would compile it;
/// each import records the platforms it is compiled for.
package struct WorkspaceImportReader: Sendable {
    /// The target kinds whose sources are Swift modules another target could import, or that
    /// import them, and binary targets (no sources; their module names are read from the
    /// framework).
    package static var scannedKinds: Set<Target.Kind> { [.regular, .executable, .test, .macro, .system, .binary] }

    let configurations: @Sendable (PackageManifest) -> [HostBuildConfiguration]
    let fileSystem: any FileSystem
    let maximumConcurrency: Int
    /// Told of each batch of targets read, for a person waiting at a terminal.
    package var progress: (any WorkProgress)?
    /// How long parsing one file may take (a command sets `MFE_PARSE_TIME_LIMIT`'s).
    package var parseTimeLimit: ParseTimeLimit = .standard

    /// Creates a reader evaluating `#if` for the host and each platform a package declares, in
    /// debug and release.
    package init(fileSystem: any FileSystem = LocalFileSystem(), maximumConcurrency: Int? = nil) {
        self.configurations = Self.buildConfigurations(for:)
        self.fileSystem = fileSystem
        self.maximumConcurrency = max(1, maximumConcurrency ?? ProcessInfo.processInfo.activeProcessorCount * 2)
    }

    /// Creates a reader evaluating `#if` for `configuration` only.
    package init(configuration: HostBuildConfiguration, fileSystem: any FileSystem = LocalFileSystem(), maximumConcurrency: Int? = nil) {
        self.configurations = { _ in [configuration] }
        self.fileSystem = fileSystem
        self.maximumConcurrency = max(1, maximumConcurrency ?? ProcessInfo.processInfo.activeProcessorCount * 2)
    }

    /// The configurations SwiftPM compiles a package's targets with: the host and each platform
    /// of `platforms:`, in debug and release, in the package's language mode.
    package static func buildConfigurations(for manifest: PackageManifest) -> [HostBuildConfiguration] {
        var platforms = [HostBuildConfiguration.hostPlatform]
        for platform in manifest.platforms.map(\.name) where !platforms.contains(platform) { platforms.append(platform) }
        let mode = manifest.toolsVersion.major >= 6 ? 6 : 5
        return platforms.flatMap { platform in
            [HostBuildConfiguration(platform: platform, debug: true, languageMode: mode), HostBuildConfiguration(platform: platform, debug: false, languageMode: mode)]
        }
    }

    /// The imports of every scanned target, in package then target declaration order.
    ///
    /// Targets are read in batches (one task each): each batch parses its files on one
    /// large-stack thread (`BoundedParsing`), since starting a thread costs more than parsing
    /// the imports of a small target. Batches are small enough to keep every lane busy.
    package func read(_ workspace: Workspace) async throws -> [TargetImports] {
        var jobs: [Job] = []
        for package in workspace.packages {
            for target in package.manifest.targets where Self.scannedKinds.contains(target.kind) {
                jobs.append(Job(package: package, target: target))
            }
        }
        let root = workspace.root
        let size = Self.batchSize(targets: jobs.count, lanes: maximumConcurrency)
        let batches = stride(from: 0, to: jobs.count, by: size).map { jobs[$0..<min($0 + size, jobs.count)] }
        let (progress, total) = (self.progress, jobs.count)
        let imports: [[TargetImports]]
        do {
            imports = try await OrderedConcurrency.map(count: batches.count, width: maximumConcurrency) { index in
                let read = try await read(Array(batches[index]), workspaceRoot: root)
                await progress?.advance(by: read.count, of: total)
                return read
            }
        } catch {
            // The line is cleared before the error is printed.
            await progress?.finish()
            throw error
        }
        await progress?.finish()
        return imports.flatMap { $0 }
    }

    /// One target to read, with its package.
    struct Job: Sendable {
        var package: WorkspacePackage
        var target: Target
    }

    /// Targets per batch: one target each in small workspaces, and at most 32, with at least
    /// four batches per lane so a slow batch does not leave the other lanes idle.
    static func batchSize(targets: Int, lanes: Int) -> Int {
        max(1, min(32, targets / max(1, lanes * 4)))
    }

    /// The imports of the files of `jobs`' targets, in order, parsed on bounded threads.
    func read(_ jobs: [Job], workspaceRoot: String) async throws -> [TargetImports] {
        let finder = TargetSourceFiles(fileSystem: fileSystem)
        var files: [(job: Int, path: String, data: Data)] = []
        var fileCounts: [Int] = []
        for (index, job) in jobs.enumerated() {
            // A binary target's folder is the framework: its files are no sources of the target.
            let paths: [String]
            if let project = job.package.project {
                // An Xcode target's sources are its synchronized folders and build phases.
                paths = try project.targets.first { $0.name == job.target.name }?.swiftFiles(in: project, fileSystem: fileSystem) ?? []
            } else {
                paths = job.target.kind == .binary ? [] : try finder.swiftFiles(of: job.target, inPackage: PathUtilities.join(workspaceRoot, job.package.directory))
            }
            for path in paths { files.append((index, path, try fileSystem.contents(of: path))) }
            fileCounts.append(paths.count)
        }
        let scanners = jobs.map { ImportScanner(configurations: configurations($0.package.manifest)) }
        // On a large stack, each file within a time bound: no source file can crash or hang mfe.
        let perFile = await BoundedParsing.results(each: files, file: { PathUtilities.relative($0.path, to: workspaceRoot) }, bytes: { $0.data.count }, limit: parseTimeLimit) { file in
            let relative = PathUtilities.relative(file.path, to: workspaceRoot)
            let scanner = scanners[file.job]
            return try file.data.withUnsafeBytes { raw in
                let buffer = raw.bindMemory(to: UInt8.self)
                let declarations = try scanner.checkedImports(inUTF8: buffer, file: relative)
                let head = UnsafeBufferPointer(rebasing: buffer[0..<ImportScanner.prefixLength(holdingImportsOf: buffer)])
                return (
                    job: file.job,
                    imports: declarations.map { SourceImport(file: relative, declaration: $0, platforms: Self.platforms(of: $0.activeConfigurations, in: scanner.configurations)) },
                    suppressions: SuppressionComment.comments(inUTF8: head, file: relative)
                )
            }
        }
        var imports = [[SourceImport]](repeating: [], count: jobs.count)
        var suppressions = [[SuppressionComment]](repeating: [], count: jobs.count)
        var unread = [[ParseTimeLimitError]](repeating: [], count: jobs.count)
        for (position, result) in perFile.enumerated() {
            switch result {
            case .success(let file):
                imports[file.job] += file.imports
                suppressions[file.job] += file.suppressions
            case .failure(let timeout as ParseTimeLimitError):
                // One file the parser reads only slowly (generated code) is not a reason to
                // give up on the workspace: it is reported as a note, and the rest goes on.
                unread[files[position].job].append(timeout)
            case .failure(let error):
                throw error
            }
        }
        return try jobs.indices.map { index in
            let job = jobs[index]
            return TargetImports(
                package: job.package.name, packageDirectory: job.package.directory, target: job.target.name, fileCount: fileCounts[index], imports: imports[index],
                moduleNames: try moduleNames(of: job.target, inPackage: PathUtilities.join(workspaceRoot, job.package.directory), project: job.package.project),
                suppressions: suppressions[index], unreadFiles: unread[index]
            )
        }
    }

    /// The platforms of the configurations whose bits are set in `mask`.
    static func platforms(of mask: UInt64, in configurations: [HostBuildConfiguration]) -> Set<String> {
        Set(configurations.indices.filter { mask & (1 << UInt64($0)) != 0 }.map { configurations[$0].platform })
    }

    /// The module names of a target as SwiftPM builds it: what the `module.modulemap` of a
    /// system target (in its folder) or of a C target (in its `include` folder) declares, what
    /// a local binary target's XCFramework holds (`binaryModuleNames`), else the target's c99
    /// name.
    func moduleNames(of target: Target, inPackage packageDirectory: String, project: XcodeProject? = nil) throws -> [String] {
        if let project {
            // An Xcode target's module is named by its product, not by the target.
            return [ModuleName.c99Name(project.targets.first { $0.name == target.name }?.productName ?? target.name)]
        }
        let fallback = [ModuleName.c99Name(target.name)]
        if target.kind == .binary { return binaryModuleNames(of: target, inPackage: packageDirectory) ?? fallback }
        guard target.kind == .system || target.kind == .regular else { return fallback }
        let directory = PathUtilities.join(packageDirectory, TargetSourceFiles(fileSystem: fileSystem).directory(of: target, inPackage: packageDirectory))
        let modulemap = PathUtilities.join(directory, target.kind == .system ? "module.modulemap" : "include/module.modulemap")
        guard fileSystem.exists(modulemap), !fileSystem.isDirectory(modulemap) else { return fallback }
        let declared = ModuleName.modules(declaredIn: String(decoding: try fileSystem.contents(of: modulemap), as: UTF8.self))
        return declared.isEmpty ? fallback : declared
    }

    /// The modules a binary target's local `.xcframework` provides, sorted: in each of its
    /// slices, what the module maps declare (`X.framework/Modules/module.modulemap`, or
    /// `Headers/module.modulemap` for a library) and the Swift modules it ships
    /// (`X.framework/Modules/X.swiftmodule`). nil when the framework is not on disk (a `url:`
    /// target, a zip, not downloaded yet) or names no module: then the target's name stands
    /// for its module, as it does for almost every framework. A file that cannot be read names
    /// nothing; the framework is third-party content and never a reason to stop.
    func binaryModuleNames(of target: Target, inPackage packageDirectory: String) -> [String]? {
        guard let path = target.path, path.hasSuffix(".xcframework") else { return nil }
        let framework = PathUtilities.join(packageDirectory, path)
        guard fileSystem.isDirectory(framework), let slices = try? fileSystem.contentsOfDirectory(framework) else { return nil }
        var modules: Set<String> = []
        func declared(inModulemap file: String) {
            guard fileSystem.exists(file), !fileSystem.isDirectory(file), let data = try? fileSystem.contents(of: file) else { return }
            modules.formUnion(ModuleName.modules(declaredIn: String(decoding: data, as: UTF8.self)))
        }
        for slice in slices.sorted() where !slice.hasPrefix(".") {
            let sliceDirectory = PathUtilities.join(framework, slice)
            guard fileSystem.isDirectory(sliceDirectory) else { continue }
            declared(inModulemap: PathUtilities.join(sliceDirectory, "Headers/module.modulemap"))
            for bundle in (try? fileSystem.contentsOfDirectory(sliceDirectory)) ?? [] where bundle.hasSuffix(".framework") {
                let moduleFolder = PathUtilities.join(sliceDirectory, bundle + "/Modules")
                declared(inModulemap: PathUtilities.join(moduleFolder, "module.modulemap"))
                for entry in (try? fileSystem.contentsOfDirectory(moduleFolder)) ?? [] where entry.hasSuffix(".swiftmodule") {
                    modules.insert(String(entry.dropLast(".swiftmodule".count)))
                }
            }
        }
        return modules.isEmpty ? nil : modules.sorted()
    }
}
