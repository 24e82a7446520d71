import Foundation
import MFECore
import MFEManifest
import MFEWorkspace

/// What `mfe create` was asked for.
public struct CreateRequest: Sendable, Equatable {
    /// The µFeature's name.
    package var name: String
    /// `--layer`: `product` (the default) or `foundation`.
    package var layer: Layer
    /// `--path`: where to create it outside a workspace, or a folder inside the workspace to use.
    package var path: String?
    /// `--dependency` names, in the order given.
    package var dependencies: [String]
    /// `--web URL`: a web feature hosting this page.
    package var webURL: String?
    /// `--example`/`--no-example`; nil for the layer's default (product: yes, foundation: no).
    package var example: Bool?
    /// `--wire`/`--no-wire`: inside a workspace, wire a product feature into the shell.
    package var wire: Bool
    /// `--platform NAME:VERSION` values, in the order given; empty for the workspace's
    /// `platforms:`, else mfe's defaults.
    package var platforms: [String]
    /// `--kind`: a foundation package's kind; nil for logging.
    package var kind: FoundationKind?
    /// `--wire-only`: wire the existing product feature `name` into the shell, create nothing.
    package var wireOnly: Bool

    /// Creates a request.
    public init(
        name: String, layer: Layer = .product, path: String? = nil, dependencies: [String] = [], webURL: String? = nil, example: Bool? = nil, wire: Bool = true, platforms: [String] = [],
        kind: FoundationKind? = nil, wireOnly: Bool = false
    ) {
        self.name = name
        self.layer = layer
        self.path = path
        self.dependencies = dependencies
        self.webURL = webURL
        self.example = example
        self.wire = wire
        self.platforms = platforms
        self.kind = kind
        self.wireOnly = wireOnly
    }
}

/// Plans `mfe create`: checks the request against the workspace (if any), resolves
/// dependencies, finds where the package goes and renders its template — all before anything
/// is written, reporting every problem at once.
public struct FeatureScaffolder: Sendable {
    let catalog: TemplateCatalog
    let manifestLoader: any ManifestLoading
    let fileSystem: any FileSystem
    let currentDirectory: String
    /// What a run waiting for another's workspace lock waits with.
    let clock: any MFEClock

    /// Creates a scaffolder rendering `catalog`'s templates, reading workspace manifests with
    /// `manifestLoader`, resolving relative paths against `currentDirectory` (the file
    /// system's when nil).
    public init(
        catalog: TemplateCatalog, manifestLoader: any ManifestLoading, fileSystem: any FileSystem = LocalFileSystem(), currentDirectory: String? = nil, clock: any MFEClock = SystemClock()
    ) {
        self.catalog = catalog
        self.manifestLoader = manifestLoader
        self.fileSystem = fileSystem
        self.currentDirectory = currentDirectory ?? fileSystem.currentDirectory
        self.clock = clock
    }

    /// The plan for `request`, or an `InputErrors` listing every problem found.
    public func plan(_ request: CreateRequest) async throws -> ScaffoldPlan {
        if request.wireOnly { return try await planWiring(request) }
        var problems: [any InputError] = []
        let nameProblems = NameValidation.problems(with: request.name, as: "the feature name")
        problems += nameProblems as [any InputError]
        if request.layer == .shell {
            problems.append(ScaffoldError.shellLayer)
        }
        var webURL = request.webURL
        if let url = request.webURL {
            switch WebURLValidation.normalised(url) {
            case .success(let normalised): webURL = normalised
            case .failure(let problem): problems.append(problem)
            }
            if let kind = request.kind {
                problems.append(ScaffoldError.webWithKind(kind))
            } else if request.layer != .product {
                problems.append(ScaffoldError.webWithLayer(request.layer))
            }
        }
        if let kind = request.kind, request.layer != .foundation, request.webURL == nil {
            problems.append(ScaffoldError.kindWithoutFoundation(kind))
        }
        let example = request.example ?? (request.layer == .product)
        let templateName = request.webURL != nil ? TemplateName.web : (request.layer == .foundation ? TemplateName.foundation : TemplateName.feature)
        let template: Template?
        do { template = try catalog.template(named: templateName) } catch {
            problems.append(error)
            template = nil
        }

        let base = PathUtilities.absolute(request.path ?? ".", relativeTo: currentDirectory)
        if fileSystem.exists(base) && !fileSystem.isDirectory(base) {
            throw ScaffoldError.pathIsAFile(request.path ?? base)
        }
        let platforms = PlatformRequirement.parse(request.platforms) { "'--platform \(request.platforms[$0])'" }
        problems += platforms.problems as [any InputError]
        var specification = FeatureSpecification(name: request.name, layer: request.layer, template: templateName, example: example, webURL: webURL, ownRepository: true)
        if !request.platforms.isEmpty { specification.platforms = platforms.platforms.buildableOnAMac }
        specification.kind = request.kind ?? .logging
        if nameProblems.isEmpty {
            problems += NameValidation.problems(withDerivedNames: Array(specification.targetNames.dropFirst())) as [any InputError]
        }

        let destination: String
        var shownDestination: String
        var edits: [PlannedEdit] = []
        var workspaceRoot: String?
        var shellFolder: String?
        var loaded: Workspace?
        if let root = try WorkspaceLoader.findWorkspaceRoot(from: base, fileSystem: fileSystem)?.directory {
            workspaceRoot = root
            specification.ownRepository = false
            let workspace = try await WorkspaceLoader(manifestLoader: manifestLoader, fileSystem: fileSystem).load(at: root)
            loaded = workspace
            shellFolder = workspace.configuration?.shell?.path.map(PathUtilities.normalize)
            if request.platforms.isEmpty, let defaults = workspace.configuration?.platforms { specification.platforms = defaults.buildableOnAMac }
            if nameProblems.isEmpty {
                problems += WorkspaceNames(workspace).clashes(with: specification.targetNames) as [any InputError]
            }
            let placement = try WorkspaceLayout(workspace: workspace, fileSystem: fileSystem).placement(for: request.layer)
            if let edit = placement.edit { edits.append(edit) }
            let relative = PathUtilities.join(placement.folder, request.name)
            destination = PathUtilities.join(root, relative)
            shownDestination = relative
            var resolver = DependencyNameResolver(workspace: workspace, newPackageDirectory: relative, layer: request.layer, fileSystem: fileSystem)
            for name in request.dependencies {
                switch resolver.resolve(name) {
                case .success(let dependency): specification.dependencies.append(dependency)
                case .failure(let problem): problems.append(problem)
                }
            }
        } else {
            destination = PathUtilities.join(base, request.name)
            shownDestination = PathUtilities.relative(destination, to: currentDirectory)
            for name in request.dependencies {
                problems.append(ScaffoldError.dependencyOutsideWorkspace(name))
            }
        }
        if nameProblems.isEmpty, fileSystem.exists(destination) {
            var unwired: String?
            if let workspace = loaded, let shellFolder, request.layer == .product, Self.needsWiring(request.name, in: workspace, shellFolder: shellFolder, fileSystem: fileSystem) {
                unwired = request.name
            }
            problems.append(ScaffoldError.destinationExists(shownDestination, wireOnly: unwired))
        }
        // A missing template is among the problems, so `template` is set when there are none.
        guard problems.isEmpty, let template else { throw InputErrors(problems) }

        let rendered = try TemplateRenderer().render(template, context: specification.templateContext)
        let files = try XcodeAppProject.adding(to: rendered, prefix: "", app: specification.iOSApp)
        if let workspace = loaded, let shellFolder, request.layer == .product {
            // Checked on the rendered files, so a team's template is held to its own types.
            let shell = ShellWiring(workspaceRoot: workspace.root, shellFolder: shellFolder, fileSystem: fileSystem)
            let names = ShellNames(files: try? shell.files(), workspace: workspace.configuration?.name)
            let clashes = names.clashes(
                name: request.name, targetNames: specification.targetNames, featureTypes: ShellNames.declaredTypes(in: files.map { ($0.path, $0.contents) }),
                caseName: WiredFeature(specification).caseName, link: WiredFeature(specification).link, newRoute: true)
            if !clashes.isEmpty { throw InputErrors(clashes) }
        }
        let kind = request.webURL != nil ? "web µFeature" : request.layer == .foundation ? "foundation µFeature, \(specification.kind.rawValue)" : "\(request.layer.rawValue) µFeature"
        var created = ["\(request.name) (\(kind)) in \(shownDestination)/: targets \(specification.targetNames.joined(separator: ", "))"]
        var nextSteps = ["cd \(Self.shellQuoted(PathUtilities.relative(destination, to: currentDirectory)))", "swift build", "swift test"]
        if example { nextSteps.append("swift run \(request.name)Example") }
        var notice: String?
        var wiringRefused = false
        if let workspaceRoot {
            nextSteps.append("mfe lint-graph \(Self.upwards(from: shownDestination))")
            if request.layer == .product, let shellFolder {
                let wiring = ShellWiring(workspaceRoot: workspaceRoot, shellFolder: shellFolder, fileSystem: fileSystem)
                let feature = WiredFeature(specification)
                let requirements = Self.requirements(of: specification, folder: shownDestination, shellFolder: shellFolder)
                if request.wire {
                    let outcome = wiring.wire(feature, featureFolder: shownDestination, requirements: requirements)
                    edits += outcome.edits
                    if let refusal = outcome.refusal {
                        notice = refusal + "\n" + outcome.manualSteps.map { "  - \($0)\n" }.joined().dropLast()
                        wiringRefused = true
                    } else {
                        nextSteps += outcome.steps
                        nextSteps.append("swift test --package-path \(Self.shellQuoted(Self.upwards(from: shownDestination) + "/" + shellFolder))")
                    }
                } else {
                    let steps = wiring.manualSteps(for: feature, featureFolder: shownDestination, requirements: requirements, compositionTarget: nil)
                    nextSteps += steps.map { "wire \(request.name) into the shell (--no-wire): \($0)" }
                }
            }
        } else {
            nextSteps.append("mfe lint-graph .")
        }
        if let webURL, webURL != request.webURL {
            created[0] += "; '--web \(request.webURL ?? "")' is written as '\(webURL)', the URL Foundation reads from it"
        }
        var plan = ScaffoldPlan(destination: destination, files: files, edits: edits, created: created, nextSteps: nextSteps, notice: notice)
        plan.wiringRefused = wiringRefused
        return plan
    }

    /// What the shell's `Package.swift` needs to use the product feature `specification` at
    /// `folder`: the feature, and the foundation packages whose base dependencies it refines.
    static func requirements(of specification: FeatureSpecification, folder: String, shellFolder: String) -> [ManifestRequirement] {
        var requirements = [requirement(folder: folder, products: [specification.name, specification.name + "Interface"], shellFolder: shellFolder)]
        for (dependency, _) in specification.bases {
            requirements.append(requirement(folder: dependency.directory ?? dependency.package, products: [dependency.product], shellFolder: shellFolder))
        }
        return requirements
    }

    /// The shell's dependency on the package at `folder` (relative to the workspace root): a
    /// local package, and `products` of it (the new feature's implementation and interface, or
    /// the library of a foundation package whose base dependencies the composition root supplies).
    static func requirement(folder: String, products: [String], shellFolder: String) -> ManifestRequirement {
        let from = PathUtilities.normalize(shellFolder).split(separator: "/")
        let to = PathUtilities.normalize(folder).split(separator: "/")
        let common = zip(from, to).prefix { $0 == $1 }.count
        let path = (Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)).joined(separator: "/")
        let identity = ManifestWiring.identity(ofLocation: folder)
        let package = String(folder.split(separator: "/").last ?? Substring(folder))
        return ManifestRequirement(
            identity: identity,
            declaration: ".package(path: \(ManifestWiring.literal(path)))",
            products: products,
            packageArgument: package
        )
    }

    /// `../..` leading from `relative` (a folder below the workspace root) back to the root.
    static func upwards(from relative: String) -> String {
        let depth = relative.split(separator: "/").count
        return depth == 0 ? "." : Array(repeating: "..", count: depth).joined(separator: "/")
    }

    /// `path` quoted for a POSIX shell when it needs quoting.
    static func shellQuoted(_ path: String) -> String {
        let safe = path.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "/._-+".unicodeScalars.contains($0) }
        return safe && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Checks `--web URL` and writes it as Foundation reads it: the generated code compares
/// `URL(string:)`'s `absoluteString` with the text mfe wrote, so the two must be equal. Foundation
/// percent-encodes what RFC 3986 does not allow (`^` → `%5E`, a space → `%20`, a stray `%` →
/// `%25`, the `%` of an IPv6 zone id → `%25`); the result holds only ASCII characters a URL
/// allows, so it is safe in a Swift string literal, a comment and Markdown.
enum WebURLValidation {
    /// The URL as Foundation's `URL(string:)` and `absoluteString` give it, or why it is refused.
    static func normalised(_ url: String) -> Result<String, ScaffoldError> {
        if url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .failure(.webURLControlCharacter(url))
        }
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = parsed.host, !host.isEmpty
        else {
            return .failure(.webURLNotAbsolute(url))
        }
        if parsed.user != nil || parsed.password != nil {
            return .failure(.webURLCredentials(url))
        }
        if let port = URLComponents(string: url)?.port, !(1...65_535).contains(port) {
            return .failure(.webURLBadPort(url, port: port))
        }
        if scheme == "http" {
            if isIPAddress(host: host) { return .failure(.webURLIPAddress(url, host: host)) }
            if !allowsPlainHTTP(host: host) { return .failure(.webURLInsecure(url, host: host)) }
        }
        let written = parsed.absoluteString
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".unicodeScalars)
        guard written.unicodeScalars.allSatisfy(allowed.contains), URL(string: written)?.absoluteString == written,
            URLComponents(string: written)?.host?.isEmpty == false
        else {
            return .failure(.webURLNotStable(url, written: written))
        }
        return .success(written)
    }

    /// Whether iOS and macOS load `http` pages from `host` without an App Transport Security
    /// exception. Apple's `NSAllowsLocalNetworking` documentation: ATS allows connections to
    /// unqualified domains and `.local` domains by default (since iOS 10 and macOS 10.12), and
    /// "in iOS 17, iPadOS 17, and macOS 14, ATS no longer allows connections to IP addresses by
    /// default". So: a name of one DNS label (`localhost`, `devbox`) or one ending in `.local`,
    /// and nothing else (`isIPAddress` hosts included). Any other `http` page would stay blank
    /// in the web view, so mfe asks for its https URL.
    static func allowsPlainHTTP(host: String) -> Bool {
        let labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard !isIPAddress(host: host), labels.allSatisfy(isDNSLabel) else { return false }
        return labels.count == 1 || labels.last == "local"
    }

    /// Whether `host` is an IP address as a browser's URL parser reads it: an IPv6 literal
    /// (`[::1]`), or a name whose last label is a number (`127.0.0.1`, `8.8.8.8`, and also
    /// `2130706433` or `0x7f000001`, which WebKit loads as `127.0.0.1`: the URL Standard's
    /// "ends in a number" rule).
    static func isIPAddress(host: String) -> Bool {
        let host = host.lowercased()
        if host.hasPrefix("[") || host.contains(":") { return true }
        guard let last = host.split(separator: ".", omittingEmptySubsequences: true).last else { return false }
        if last.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        return last.hasPrefix("0x") && last.dropFirst(2).allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    /// Whether `label` is a DNS label: 1 to 63 ASCII letters, digits and hyphens, not starting
    /// or ending with a hyphen.
    static func isDNSLabel(_ label: Substring) -> Bool {
        (1...63).contains(label.count) && label.first != "-" && label.last != "-" && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
