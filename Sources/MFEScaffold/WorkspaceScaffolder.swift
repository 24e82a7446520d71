import Foundation
import MFECore
import MFEWorkspace

/// What `mfe init` was asked for.
public struct InitRequest: Sendable, Equatable {
    /// The workspace name; also the shell package's name.
    package var name: String
    /// `--path`: the folder to create the workspace in (default: the current directory).
    package var path: String?
    /// `--example`: a built-in example workspace to create, e.g. `feedme`.
    package var example: String?
    /// `--platform NAME:VERSION` values: the workspace's `platforms:`, for its shell, its
    /// example's packages and every package `mfe create` adds; empty for mfe's defaults.
    package var platforms: [String]
    /// `--mfe-repository`: where the generated CI downloads mfe's release bundle from; nil
    /// for `GeneratedCI.mfeRepository`.
    package var mfeRepository: String?

    /// Creates a request.
    public init(name: String, path: String? = nil, example: String? = nil, platforms: [String] = [], mfeRepository: String? = nil) {
        self.name = name
        self.path = path
        self.example = example
        self.platforms = platforms
        self.mfeRepository = mfeRepository
    }
}

/// Plans `mfe init`: the workspace folder with its `mfe.yml`, README, CI workflow and shell
/// package, plus the example's packages for `--example feedme`.
public struct WorkspaceScaffolder: Sendable {
    /// The examples `--example` accepts.
    package static let examples = ["feedme"]
    /// The folder the shell package is created in.
    package static let shellFolder = "Shell"
    /// The shell package's name: its folder's, so `mfe graph --package Shell` and `mfe affected`
    /// name the package the user sees.
    package static let shellPackage = "Shell"

    let catalog: TemplateCatalog
    let fileSystem: any FileSystem
    let currentDirectory: String

    /// Creates a scaffolder rendering `catalog`'s templates, resolving relative paths against
    /// `currentDirectory` (the file system's when nil).
    public init(catalog: TemplateCatalog, fileSystem: any FileSystem = LocalFileSystem(), currentDirectory: String? = nil) {
        self.catalog = catalog
        self.fileSystem = fileSystem
        self.currentDirectory = currentDirectory ?? fileSystem.currentDirectory
    }

    /// The plan for `request`, or an `InputErrors` listing every problem found.
    public func plan(_ request: InitRequest) throws -> ScaffoldPlan {
        var problems: [any InputError] = NameValidation.problems(with: request.name, as: "the workspace name")
        if problems.isEmpty {
            problems += NameValidation.problems(withDerivedNames: ShellSpecification.targetNames(workspace: request.name)) as [any InputError]
        }
        let parsed = PlatformRequirement.parse(request.platforms) { "'--platform \(request.platforms[$0])'" }
        problems += parsed.problems as [any InputError]
        let platforms = request.platforms.isEmpty ? PlatformRequirement.defaults : parsed.platforms.buildableOnAMac
        var mfeRepository = GeneratedCI.mfeRepository
        if let value = request.mfeRepository {
            if let url = GeneratedCI.repositoryURL(value) { mfeRepository = url } else { problems.append(ScaffoldError.badMFERepository(value)) }
        }
        var features: [FeatureSpecification] = []
        if let example = request.example {
            if example == "feedme" {
                features = FeedMeExample.features.map { feature in
                    var feature = feature
                    feature.platforms = platforms
                    return feature
                }
            } else {
                problems.append(ScaffoldError.noExample(example))
            }
        }
        let clashing = Set(features.flatMap(\.targetNames).map { $0.lowercased() })
        if problems.isEmpty,
            let clash = ShellSpecification.targetNames(workspace: request.name).first(where: { clashing.contains($0.lowercased()) })
                ?? (clashing.contains(request.name.lowercased()) ? request.name : nil)
        {
            problems.append(ScaffoldError.exampleClash(workspace: request.name, target: clash))
        }
        let base = PathUtilities.absolute(request.path ?? ".", relativeTo: currentDirectory)
        let destination = PathUtilities.join(base, request.name)
        if problems.isEmpty, fileSystem.exists(destination) {
            problems.append(ScaffoldError.workspaceExists(PathUtilities.relative(destination, to: currentDirectory)))
        }
        if problems.isEmpty, let enclosing = try? WorkspaceLoader.findWorkspaceRoot(from: base, fileSystem: fileSystem)?.directory {
            let shown = PathUtilities.relative(PathUtilities.join(enclosing, "mfe.yml"), to: currentDirectory)
            problems.append(
                ScaffoldError.nestedWorkspace(
                    PathUtilities.relative(destination, to: currentDirectory), enclosing: shown,
                    elsewhere: PathUtilities.relative((enclosing as NSString).deletingLastPathComponent, to: currentDirectory)))
        }
        if fileSystem.exists(base) && !fileSystem.isDirectory(base) {
            problems.append(ScaffoldError.pathIsAFile(request.path ?? base))
        }
        let templateNames = [TemplateName.workspace, TemplateName.shell] + features.map(\.template) + (features.isEmpty ? [] : [TemplateName.feedMe])
        var templates: [String: Template] = [:]
        for name in templateNames where templates[name] == nil {
            do { templates[name] = try catalog.template(named: name) } catch { problems.append(error) }
        }
        if !problems.isEmpty { throw InputErrors(problems) }

        var shell = ShellSpecification(
            workspace: request.name, features: features, shellFolder: Self.shellFolder, links: features.isEmpty ? [:] : FeedMeExample.links, release: features.isEmpty ? nil : FeedMeExample.release,
            scheme: ShellSpecification.scheme(workspace: request.name))
        shell.platforms = platforms
        if !features.isEmpty {
            shell.scheme = FeedMeExample.urlScheme
            shell.websiteHost = FeedMeExample.websiteHost
        }
        shell.mfeRepository = mfeRepository
        let renderer = TemplateRenderer()
        // The example's own files: each replaces the package template's file at its path (the
        // Feed Me shell and RestaurantOrder are the article's, not the generic ones) or adds one;
        // merged before the Xcode projects, which link what the app's sources import.
        var example = try templates[TemplateName.feedMe].map { try renderer.render($0, context: shell.templateContext) } ?? []
        var files = try renderer.render(templates[TemplateName.workspace]!, context: shell.templateContext)
        let shellFiles = try renderer.render(templates[TemplateName.shell]!, context: shell.templateContext, prefix: Self.shellFolder)
        files += try XcodeAppProject.adding(to: FeedMeExample.merging(&example, into: shellFiles, prefix: Self.shellFolder), prefix: Self.shellFolder, app: shell.iOSApp)
        for feature in features {
            let folder = ShellSpecification.folder(of: feature)
            let packageFiles = try renderer.render(templates[feature.template]!, context: feature.templateContext, prefix: folder)
            files += try XcodeAppProject.adding(to: FeedMeExample.merging(&example, into: packageFiles, prefix: folder), prefix: folder, app: feature.iOSApp)
        }
        files += example
        var seen: Set<String> = []
        let duplicates = files.map(\.path).filter { !seen.insert($0).inserted }
        if !duplicates.isEmpty {
            throw InputErrors(duplicates.map(ScaffoldError.templatesWriteSamePath))
        }

        let shown = PathUtilities.relative(destination, to: currentDirectory)
        var created = ["workspace \(request.name) in \(shown)/: mfe.yml, README.md, CI workflow"]
        created += features.map { "\($0.name) (\($0.webURL != nil ? "web" : $0.layer.rawValue) µFeature) in \(shown)/\(ShellSpecification.folder(of: $0))/" }
        if !features.isEmpty {
            created.append("\(features.map(\.name).joined(separator: ", ")): each its own git repository, released as \(FeedMeExample.release)")
        }
        created.append("the shell app, package \(Self.shellPackage), in \(shown)/\(Self.shellFolder)/: \(ShellSpecification.targetNames(workspace: request.name).joined(separator: ", "))")
        let quoted = FeatureScaffolder.shellQuoted(shown)
        var nextSteps = ["cd \(quoted)"]
        if features.isEmpty {
            nextSteps += ["mfe create Core --layer foundation", "mfe create Search --dependency Core", "mfe lint-graph"]
        } else {
            nextSteps += ["mfe lint-graph", "mfe compose-shell", "swift test --package-path Features/Browse", "swift run --package-path \(Self.shellFolder) \(request.name)App"]
        }
        var plan = ScaffoldPlan(destination: destination, files: files, created: created, nextSteps: nextSteps)
        if !features.isEmpty {
            plan.releases = features.map { ScaffoldRelease(folder: ShellSpecification.folder(of: $0), tag: FeedMeExample.release, message: "\($0.name) \(FeedMeExample.release)") }
        }
        return plan
    }
}

/// The shell package `mfe init` creates: what its templates see.
struct ShellSpecification {
    let workspace: String
    let features: [FeatureSpecification]
    let shellFolder: String
    /// The link path pattern of each feature's route, by feature name (default `/slug`).
    var links: [String: String] = [:]
    /// The release the shell requires of each package, each its own git repository (the Feed
    /// Me polyrepo); nil for local `.package(path:)` packages.
    var release: String?
    /// The platforms of the shell's `Package.swift`; with iOS, the shell app also gets an iOS
    /// app target in an Xcode project.
    var platforms: [PlatformRequirement] = PlatformRequirement.defaults
    /// Where the workspace's CI downloads mfe's release bundle from.
    var mfeRepository = GeneratedCI.mfeRepository

    /// The app's own URL scheme (`feedme://…`), which its router opens and its app registers.
    var scheme: String
    /// The host of the app's website, whose links the router opens in the app (Feed Me's).
    var websiteHost: String?

    /// The shell's Xcode project and iOS app target, named after the workspace.
    var iOSApp: XcodeAppProject.AppRequest? {
        platforms.iOS.map {
            XcodeAppProject.AppRequest(
                projectName: workspace, targetName: workspace, deploymentTarget: $0.deploymentTarget, urlSchemes: [scheme], hostsWebContent: features.contains { $0.webURL != nil },
                usesLocalNetwork: features.contains(where: \.pageOnLocalNetwork), iconName: workspace)
        }
    }

    /// The URL scheme of a workspace's app: its name, lowercased (a Swift identifier of ASCII
    /// letters and digits, so a valid scheme).
    static func scheme(workspace: String) -> String {
        workspace.lowercased()
    }

    /// The shell's targets: the composition library, the app and the composition's tests.
    static func targetNames(workspace: String) -> [String] {
        [workspace + "Composition", workspace + "App", workspace + "CompositionTests"]
    }

    /// The folder of a feature in the workspace: `Foundation/Env`, `Features/Browse`.
    static func folder(of feature: FeatureSpecification) -> String {
        (feature.layer == .foundation ? "Foundation/" : "Features/") + feature.name
    }

    var templateContext: [String: Any] {
        let products = features.filter { $0.layer == .product }
        let foundations = features.filter { $0.layer == .foundation }
        func caseName(_ name: String) -> String {
            let lower = name.lowerCamelCased
            return NameValidation.keywords.contains(lower) ? "`\(lower)`" : lower
        }
        let productContexts: [[String: Any]] = products.map { feature in
            var context: [String: Any] = [
                "name": feature.name,
                "model": feature.model,
                "variable": feature.name.lowerCamelCased,
                "caseName": caseName(feature.name),
                "slug": Self.slug(feature.name),
                "package": feature.name,
                "path": "../" + Self.folder(of: feature),
                "web": feature.webURL != nil,
                "samples": feature.samples.map {
                    ["id": FeatureSpecification.swiftString($0.id), "title": FeatureSpecification.swiftString($0.title), "subtitle": FeatureSpecification.swiftString($0.subtitle)]
                },
                "opensCaseName": feature.opens.map(caseName) ?? false,
                "models": FeatureSpecification.plural(of: feature.model),
                "modelsVariable": FeatureSpecification.plural(of: feature.model).lowerCamelCased,
                "link": FeatureSpecification.swiftString(links[feature.name] ?? "/" + Self.slug(feature.name)),
            ]
            if let url = feature.webURL { context["url"] = FeatureSpecification.swiftString(url) }
            return context
        }
        let routerModule = foundations.first { $0.name == FeedMeExample.routerModule }?.name
        return [
            "workspace": FeatureSpecification.swiftString(workspace),
            "routerModule": routerModule ?? false,
            "localRouterFile": routerModule == nil ? "Router.swift" : "",
            "shellFolder": shellFolder,
            "shellPackage": WorkspaceScaffolder.shellPackage,
            "features": productContexts,
            "hasFeatures": !products.isEmpty,
            "foundations": foundations.map { ["name": $0.name, "package": $0.name, "path": "../" + Self.folder(of: $0)] },
            "packages": features.map { ["path": "../" + Self.folder(of: $0), "name": $0.name, "folder": Self.folder(of: $0), "release": release ?? false] as [String: Any] },
            "release": release ?? false,
            "websiteHost": websiteHost ?? false,
            "hasPackages": !features.isEmpty,
            "toolsVersion": "6.0",
            "example": !features.isEmpty,
            "platforms": platforms.manifestList,
            "platformsYAML": platforms.map(\.yamlEntry).joined(separator: ", "),
            "iosAppFolder": iOSApp?.sourcesFolder ?? "",
            // Packages that are their own repositories are checked out by CI beside the workspace's.
            "checkoutPackagesFolder": release == nil ? "" : ".github/actions",
            "mfeRepository": mfeRepository,
            "scheme": scheme,
        ].merging(GeneratedCI.templateContext) { own, _ in own }
    }

    /// `RestaurantOrder` → `restaurant-order`: the path segment of a feature's route.
    static func slug(_ name: String) -> String {
        var result = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase, index > 0 { result += "-" }
            result += character.lowercased()
        }
        return result
    }
}

/// The Feed Me app of "Micro Frontends for Mobile": Env (foundation: Router, Configuration),
/// Browse, RestaurantOrder, About (web) — composed by the shell.
enum FeedMeExample {
    /// The foundation package whose `Router` the shell uses.
    static let routerModule = "Env"
    /// The release each package's repository is tagged with, and the shell and features require
    /// (`from:`), as the article's MFEs ship.
    static let release = "1.0.0"
    /// The app's own URL scheme (`feedme://restaurants/pizza-palace`), as the shell's router
    /// reads it and its app registers it.
    static let urlScheme = "feedme"
    /// The Feed Me website's host: its links open the app's own screens.
    static let websiteHost = "demo.microfrontends.com"
    /// The paths of the Feed Me website, which the shell's router maps to features.
    static let links = ["Browse": "/restaurants", "RestaurantOrder": "/restaurants/{id}", "About": "/about"]

    /// `files` (one package's, all below `prefix`) with `example`'s files below `prefix` taken
    /// out of `example` and merged in: a file at the same path replaces the template's, any
    /// other is added (but for an iOS app's sources, Swift files outside `Sources/` and
    /// `Tests/`, which only replace). What stays in `example` belongs to no package.
    static func merging(_ example: inout [PlannedFile], into files: [PlannedFile], prefix: String) -> [PlannedFile] {
        let base = prefix + "/"
        let own = example.filter { $0.path.hasPrefix(base) }
        guard !own.isEmpty else { return files }
        example.removeAll { $0.path.hasPrefix(base) }
        let byPath = Dictionary(own.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let paths = Set(files.map(\.path))
        // An iOS app's sources only replace the template's: without iOS there is no app.
        let added = own.filter { file in
            !paths.contains(file.path) && !(file.path.hasSuffix(".swift") && !["Sources/", "Tests/"].contains { file.path.hasPrefix(base + $0) })
        }
        return files.map { byPath[$0.path] ?? $0 } + added
    }

    static let env = FeatureDependency(requested: "Env", path: "../../Foundation/Env", package: "Env", product: "Env", layer: .foundation, release: release)

    static let features: [FeatureSpecification] = [
        FeatureSpecification(
            name: "Env", layer: .foundation, template: TemplateName.foundation, example: false
        ),
        FeatureSpecification(
            name: "Browse", layer: .product, template: TemplateName.feature, model: "Restaurant",
            samples: [
                .init(id: "becky-s-burgers", title: "Becky's Burgers", subtitle: "Burgers · Open until 23:00"),
                .init(id: "pizza-palace", title: "Pizza Palace", subtitle: "Pizza · Wood-fired since 1998"),
                .init(id: "curry-corner", title: "Curry Corner", subtitle: "Indian · Vegetarian friendly"),
            ],
            example: true, dependencies: [env], opens: "RestaurantOrder"
        ),
        FeatureSpecification(
            name: "RestaurantOrder", layer: .product, template: TemplateName.feature, model: "MenuItem",
            samples: [
                .init(id: "cheeseburger", title: "Cheeseburger", subtitle: "$11.50 · Cheddar, pickles, house sauce"),
                .init(id: "margherita", title: "Margherita", subtitle: "$13.00 · Tomato, mozzarella, basil"),
                .init(id: "dal-makhani", title: "Dal Makhani", subtitle: "$12.00 · Black lentils, butter, cream"),
            ],
            example: true, dependencies: [env]
        ),
        FeatureSpecification(
            name: "About", layer: .product, template: TemplateName.web, example: true, webURL: "https://demo.microfrontends.com/about", dependencies: [env]
        ),
    ]
}
