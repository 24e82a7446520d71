import MFECore
import Testing

@testable import MFEScaffold

/// The exact text of create and init errors: messages are contract, so unit tests compare
/// error values and this table pins the prose of each kind once.
@Suite("scaffold error messages")
struct ScaffoldErrorMessageTests {
    static let what = "the feature name"

    static let cases: [(error: ScaffoldError, text: String)] = [
        (.emptyName(what: what), "the feature name is empty; give an UpperCamelCase name such as 'Search'"),
        (.nameTooLong(String(repeating: "A", count: 101), what: what), "the feature name 'AAAAAAAAAAAAAAAAAAAA…' is 101 characters long; keep it under 100"),
        (
            .nameNotASCII("crème-brûlée", what: what),
            "the feature name 'crème-brûlée' has characters beyond ASCII letters and digits; mfe keeps module, folder and URL names ASCII so every file system, tool and repository host spells them alike, e.g. 'CremeBrulee'"
        ),
        (.nameNotIdentifier("search-results", what: what), "the feature name 'search-results' is not a Swift identifier; use only letters and digits, starting with a letter, e.g. 'SearchResults'"),
        (.nameIsKeyword("class", what: what), "the feature name 'class' is a Swift keyword; choose another name, e.g. 'ClassFeature'"),
        (
            .nameNotUpperCamelCase("my_feature", what: what),
            "the feature name 'my_feature' is not UpperCamelCase; module names start with an uppercase letter and have no underscores, e.g. 'MyFeature'"
        ),
        (
            .nameIsSystemModule("Os", what: what, module: "os"),
            "the feature name 'Os' is the name of the system module 'os'; a package or target with that name would shadow it, so choose another name, e.g. 'AppOs'"
        ),
        (.derivedNameIsSystemModule("Swift", module: "Swift"), "the target name 'Swift' would shadow the system module 'Swift'; choose another feature name"),
        (
            .nameTaken("Search", owner: "package 'Search' (Features/Search)"),
            "'Search' is already used by package 'Search' (Features/Search); module names must be unique in the workspace, so choose another feature name"
        ),
        (
            .destinationExists("Features/Zed", wireOnly: "Zed"),
            "'Features/Zed' already exists; mfe never overwrites: choose another name, or remove the folder first; it is not wired into the shell yet (an interrupted 'mfe create'?): run 'mfe create Zed --wire-only' to wire it"
        ),
        (.destinationExists("Search", wireOnly: nil), "'Search' already exists; mfe never overwrites: choose another name, or remove the folder first"),
        (.kindWithoutFoundation(.ui), "'--kind ui' chooses what a foundation package holds; add '--layer foundation' (or leave out --layer), or drop '--kind'"),
        (.webWithKind(.networking), "'--web' creates a product feature and '--kind networking' a foundation package; drop one of them"),
        (
            .nestedWorkspace("Inner/Demo", enclosing: "mfe.yml", elsewhere: ".."),
            "'Inner/Demo' would be inside the workspace of 'mfe.yml'; a workspace nested in another is read as part of it, so create it elsewhere (e.g. --path ..), or add a package to this workspace with 'mfe create NAME'"
        ),
        (.webURLNotAbsolute("ftp://example.com/"), "'--web ftp://example.com/' is not an absolute http or https URL; give the page to host, e.g. '--web https://example.com/about'"),
        (.webURLControlCharacter("https://example.com/a\nb"), "'--web https://example.com/a\\nb' holds a control character (a tab or line break); give the URL on one line"),
        (
            .webURLCredentials("https://me:secret@example.com/"),
            "'--web https://me:secret@example.com/' holds credentials before '@'; mfe writes the URL into the generated source, so give the page without them"
        ),
        (
            .dependencyOnImplementation("SearchTesting", role: .testing, feature: "Search"),
            "'--dependency SearchTesting' is the testing target of product feature 'Search'; depend on its interface instead: '--dependency Search' (wires 'SearchInterface')"
        ),
        (
            .dependencyOnImplementation("Search", role: .source, feature: "Search"),
            "'--dependency Search' is the implementation of product feature 'Search'; depend on its interface instead: '--dependency Search' (wires 'SearchInterface')"
        ),
        (
            .noLibraryProduct("Core", directory: "Foundation/Core"),
            "'--dependency Core' has no library product to depend on; add '.library(name: \"Core\", targets: [\"Core\"])' to Foundation/Core/Package.swift"
        ),
        (
            .unknownDependency("Nope", available: ["'Core'", "'Search'"]),
            "unknown dependency 'Nope': no package or library in the workspace has that name; choose one of 'Core', 'Search', or create it first with 'mfe create Nope'"
        ),
        (
            .unknownDependency("Nope", available: []),
            "unknown dependency 'Nope': no package or library in the workspace has that name; the workspace has no packages yet, create it first with 'mfe create Nope'"
        ),
        (
            .inDependency(package: "Core", .twoBaseProtocols(file: "Foundation/Core/Sources/Core/Extra.swift", module: "Core", first: "CoreBaseDependencies", second: "ExtraBaseDependencies")),
            "'--dependency Core': Foundation/Core/Sources/Core/Extra.swift: 'Core' declares two base-dependency protocols ('CoreBaseDependencies' and 'ExtraBaseDependencies'); keep one, so features know which to refine"
        ),
        (
            .unforwardableRequirement(file: "Base.swift", name: "CoreBaseDependencies", requirement: "a subscript"),
            "Base.swift: 'CoreBaseDependencies' requires a subscript, which the app cannot supply by forwarding; make it a 'func' or a '{ get }' property, or remove the protocol's 'BaseDependencies' suffix if features should not refine it"
        ),
        (
            .noLiveType(file: "Base.swift", name: "CoreBaseDependencies", module: "Core"),
            "Base.swift: 'CoreBaseDependencies' has no public type conforming to it with a public 'init()' to make the live tools; add one, e.g. 'public struct CoreServices: CoreBaseDependencies { public init() {} … }', or remove the protocol's 'BaseDependencies' suffix if features should not refine it"
        ),
        (
            .noTemplate("widget", origin: "built-in", available: ["feature", "shell"]),
            "there is no template 'widget' in mfe's built-in templates; add a 'widget/' folder with a template.yml, or use one of: 'feature', 'shell'"
        ),
        (.noTemplate("widget", origin: "/t", available: []), "there is no template 'widget' in '/t'; add a 'widget/' folder with a template.yml, or use one of: none"),
        (
            .templateNestingTooDeep(file: "built-in/team/Deep.swift.mustache", line: 2, reason: "sections nest more than 64 deep (mfe renders at most 64)"),
            "built-in/team/Deep.swift.mustache:2: sections nest more than 64 deep (mfe renders at most 64); simplify the template"
        ),
        (.templateNestingTooDeep(file: "/t/team/{{#a}}.swift", line: nil, reason: "r"), "the name of '/t/team/{{#a}}.swift': r; simplify the template"),
        (
            .templateFileTooLarge(path: "/t/feature/template.yml", size: 70_000, limit: 65_536, isDescription: true),
            "'/t/feature/template.yml' is 70000 bytes, more than the 65536 a template.yml may have; a template holds source files, keep it smaller"
        ),
        (.templatesTooLarge(directory: "/t"), "'/t' holds more than 33554432 bytes of templates; a template holds source files, keep the folder smaller"),
        (
            .templatePathOutside(source: "team/{{name}}", path: "..", problem: "has a '..' component"),
            "template file 'team/{{name}}' would be written to '..', which has a '..' component; templates may only write inside the new package"
        ),
        (.appWithoutPackage(folder: "Shell/", app: "FeedMe/FeedMe"), "the template writes 'Shell/FeedMe/FeedMe/' but no 'Shell/Package.swift'; an iOS app links the products of the package beside it"),
        (.notAProductFeature("Core", directory: "Foundation/Core", layer: nil), "'Core' (Foundation/Core) is a package without a layer; only product features are wired into the shell"),
        (
            .notAGeneratedFeature("Old", manifest: "Features/Old/Package.swift"),
            "Features/Old/Package.swift: 'Old' has no targets 'Old' and 'OldInterface'; only a product feature as 'mfe create' makes it can be wired with '--wire-only', wire it by hand"
        ),
        (
            .routeTaken("Root", route: "root", owner: "'case root' of AppRoute in AppRouter.swift"),
            "the feature name 'Root' needs the route case and builder 'root', and the shell already has 'case root' of AppRoute in AppRouter.swift; choose another feature name, e.g. 'RootFeature'"
        ),
        (
            .cannotAddPackageGlob(file: "/w/mfe.yml", layer: .foundation, glob: "Foundation/*"),
            "/w/mfe.yml: no 'packages:' glob holds foundation packages, and mfe cannot add one to this mfe.yml's layout; add '- Foundation/*' under 'packages:' and run the command again"
        ),
        (
            .lockTimeout(path: "/w/.mfe-create.lock", holder: 42, seconds: 120),
            "another mfe (pid 42 holding '/w/.mfe-create.lock') has been creating a package in this workspace for more than 120 seconds; wait for it to finish and run the command again"
        ),
        (
            .lockTimeout(path: "/w/.mfe-create.lock", holder: nil, seconds: 0),
            "another mfe (a process holding '/w/.mfe-create.lock') has been creating a package in this workspace for more than 0 seconds; wait for it to finish and run the command again"
        ),
        (.unsafePlannedPath("../x", problem: "leaves the package"), "the planned file '../x' leaves the package; nothing was written"),
        (.destinationAppeared("/w/Search"), "'/w/Search' already exists; choose another name or --path, mfe never overwrites"),
        (.changedWhilePlanning("/w/Shell/Package.swift"), "'/w/Shell/Package.swift' changed while mfe was planning; run the command again"),
        (
            .cannotCreate("/w/Search", reason: "no space left on device", advice: "free some disk space"),
            "cannot create '/w/Search': no space left on device; free some disk space; nothing was left behind"
        ),
        (.cannotCreateOther("/w/Search", reason: "it failed"), "cannot create '/w/Search': it failed; nothing was left behind"),
        (.ancestorIsFile("/w/Features"), "'/w/Features' is a file, not a folder; choose another --path"),
        (.cannotMakeRepository(folder: "Search", reason: "no git"), "cannot make 'Search' a git repository: no git; nothing was left behind"),
        (.gitFailed(arguments: ["tag", "0.1.0"], complaint: "fatal: tag exists"), "'git tag 0.1.0' failed: fatal: tag exists"),
    ]

    @Test(arguments: cases.indices)
    func eachErrorSaysExactlyThis(index: Int) {
        #expect(Self.cases[index].error.localizedDescription == Self.cases[index].text)
    }
}
