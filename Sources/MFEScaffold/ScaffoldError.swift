import MFECore
import MFEWorkspace

/// What stops `mfe create` and `mfe init` before anything is written: a name, an option, a
/// `--web` URL or a `--dependency` mfe cannot use, a template, the shell it would wire into,
/// and the workspace lock. Exit 2; the messages are contract, byte for byte.
package indirect enum ScaffoldError: InputError, Equatable {
    // MARK: names (NameValidation, WorkspaceNames)

    /// `what` (`the feature name`) is empty.
    case emptyName(what: String)
    /// The name is longer than `NameValidation.maximumLength`.
    case nameTooLong(String, what: String)
    /// The name has characters beyond ASCII.
    case nameNotASCII(String, what: String)
    /// The name is no Swift identifier.
    case nameNotIdentifier(String, what: String)
    /// The name is a Swift keyword.
    case nameIsKeyword(String, what: String)
    /// The name is not UpperCamelCase.
    case nameNotUpperCamelCase(String, what: String)
    /// The name is the system module `module`'s.
    case nameIsSystemModule(String, what: String, module: String)
    /// A target name derived from the feature name is the system module `module`'s.
    case derivedNameIsSystemModule(String, module: String)
    /// The name is taken in the workspace by `owner` (`package 'Core' (Foundation/Core)`).
    case nameTaken(String, owner: String)

    // MARK: options of create and init

    /// `--layer shell`.
    case shellLayer
    /// `--web` with `--kind`.
    case webWithKind(FoundationKind)
    /// `--web` with a layer other than product.
    case webWithLayer(Layer)
    /// `--kind` for a package that is not a foundation.
    case kindWithoutFoundation(FoundationKind)
    /// `--path` names a file.
    case pathIsAFile(String)
    /// `--dependency` outside a workspace.
    case dependencyOutsideWorkspace(String)
    /// The new package's folder exists; `wireOnly` names the feature when it is a product
    /// feature not wired into the shell yet.
    case destinationExists(String, wireOnly: String?)
    /// `--example` names no example.
    case noExample(String)
    /// `--mfe-repository` is neither `OWNER/NAME` nor an `https://` repository URL.
    case badMFERepository(String)
    /// The workspace name makes a shell target the example uses.
    case exampleClash(workspace: String, target: String)
    /// The new workspace's folder exists.
    case workspaceExists(String)
    /// The new workspace would be inside the workspace of `enclosing` (its mfe.yml); `elsewhere`
    /// is a `--path` outside it.
    case nestedWorkspace(String, enclosing: String, elsewhere: String)

    // MARK: --web

    /// The URL is not an absolute http or https URL.
    case webURLNotAbsolute(String)
    /// The URL holds a control character.
    case webURLControlCharacter(String)
    /// The URL holds credentials.
    case webURLCredentials(String)
    /// The URL is plain `http` on a host App Transport Security blocks.
    case webURLInsecure(String, host: String)
    /// The URL is plain `http` to an IP address, which App Transport Security blocks since
    /// iOS 17 and macOS 14.
    case webURLIPAddress(String, host: String)
    /// The URL's port is not a TCP port (1 to 65535).
    case webURLBadPort(String, port: Int)
    /// Foundation reads the URL differently once written (`written`).
    case webURLNotStable(String, written: String)

    // MARK: --dependency (DependencyNameResolver)

    /// `name` names `product` a second time.
    case dependencyGivenTwice(String, product: String)
    /// `name` is the shell package.
    case dependencyIsShell(String)
    /// A foundation package depending on the product feature `name`.
    case foundationOnProductFeature(String)
    /// The product feature `name` (in `directory`) has no `interface` library.
    case noInterfaceLibrary(String, interface: String, directory: String)
    /// The package `name` (in `directory`) has no library product.
    case noLibraryProduct(String, directory: String)
    /// `name` is a target of the shell.
    case dependencyIsShellTarget(String)
    /// `name` is the `role` target of the product feature `feature`, not its interface.
    case dependencyOnImplementation(String, role: Role, feature: String)
    /// A foundation package depending on `name`, a target of the product feature `feature`.
    case foundationOnProductTarget(String, feature: String)
    /// `name` is a target of `package` (in `directory`) no library product vends.
    case targetNotVended(String, package: String, directory: String)
    /// No package has the name; `near` has it in another case.
    case unknownDependencyNear(String, near: String)
    /// No package or library has the name; `available` lists the packages (quoted, sorted).
    case unknownDependency(String, available: [String])
    /// The base dependencies of the foundation package `package` cannot be wired.
    case inDependency(package: String, ScaffoldError)

    // MARK: base dependencies (BaseDependencies)

    /// `module` declares two base-dependency protocols, in `file`.
    case twoBaseProtocols(file: String, module: String, first: String, second: String)
    /// The protocol `name` refines `inherited`, whose requirements mfe cannot see.
    case refinesUnknownProtocol(file: String, name: String, inherited: String)
    /// The protocol `name` requires `requirement`, which cannot be forwarded.
    case unforwardableRequirement(file: String, name: String, requirement: String)
    /// No public type conforms to the protocol `name` with a public `init()`.
    case noLiveType(file: String, name: String, module: String)

    // MARK: templates (TemplateCatalog, TemplateRenderer)

    /// No template `name` in `origin` (`built-in` or a folder); `available` names the others.
    case noTemplate(String, origin: String, available: [String])
    /// Mustache sections nest too deeply in the file at `file` (at `line`), or in its name
    /// (`line` nil).
    case templateNestingTooDeep(file: String, line: Int?, reason: String)
    /// `--templates` names no folder.
    case notATemplatesFolder(String)
    /// A template file (or folder) `link` is a symbolic link to `target`, outside the folder
    /// `directory`.
    case templateLinkOutside(link: String, target: String, directory: String)
    /// A folder of the template `template` is a symbolic link to `target`, outside the template.
    case templateFolderLinkLeavesTemplate(link: String, target: String, template: String)
    /// A template file larger than `limit` bytes.
    case templateFileTooLarge(path: String, size: Int, limit: Int, isDescription: Bool)
    /// The templates of `directory` together are too large.
    case templatesTooLarge(directory: String)
    /// A template file that is not UTF-8.
    case templateNotUTF8(path: String)
    /// `directory` holds no template.
    case noTemplates(directory: String)
    /// A `template.yml` that is not YAML.
    case descriptionNotYAML(file: String)
    /// A `template.yml` without `description:`.
    case noDescription(file: String)
    /// A `template.yml` with another key.
    case descriptionUnknownKey(file: String, key: String)
    /// A template file (`source`) nesting too deeply when it is rendered.
    case renderedNestingTooDeep(source: String, line: Int, reason: String)
    /// A template file whose path is no valid Mustache template.
    case templatePathInvalid(source: String, error: String)
    /// A template file whose rendered path leaves the new package: `problem` says how.
    case templatePathOutside(source: String, path: String, problem: String)
    /// Two template files rendering to `path`.
    case templatePathTwice(source: String, path: String)
    /// A template file that is no valid Mustache template.
    case templateInvalid(source: String, error: String)
    /// Two templates of `mfe init` writing `path`.
    case templatesWriteSamePath(String)
    /// A template writing an iOS app's sources (`folder/app/`) without `folder/Package.swift`.
    case appWithoutPackage(folder: String, app: String)

    // MARK: wiring into the shell

    /// `--wire-only` outside a workspace.
    case wireOnlyOutsideWorkspace(String)
    /// The workspace's `file` names no shell to wire `name` into.
    case noShellPath(file: String, name: String)
    /// `name` (in `directory`) is no product feature.
    case notAProductFeature(String, directory: String, layer: Layer?)
    /// No product feature `name`.
    case noFeatureToWire(String)
    /// `name` (in `directory`) is wired already.
    case alreadyWired(String, directory: String)
    /// The package `name` (its manifest `manifest`) lacks the targets `mfe create` writes.
    case notAGeneratedFeature(String, manifest: String)
    /// The interface folder `folder` lacks the declarations `mfe create` writes.
    case notAGeneratedInterface(String, folder: String)
    /// The feature `name` is the workspace's name.
    case nameIsWorkspace(String)
    /// The feature `name` makes the module `module`, which `file` declares a type of.
    case moduleNamedLikeShellType(String, module: String, file: String)
    /// The feature `name` makes the type `type`, which `file` of the shell declares too.
    case typeDeclaredByShell(String, type: String, file: String)
    /// The feature `name`'s route `route` is taken by `owner`.
    case routeTaken(String, route: String, owner: String)
    /// The feature `name`'s link `link` is matched by the pattern `pattern` that `file`
    /// registers for `route`.
    case linkTaken(String, link: String, pattern: String, route: String, file: String)
    /// The feature `name`'s tab would be titled like the tab `title` (showing `screen`) of `file`.
    case tabTaken(String, title: String, screen: String, file: String)

    // MARK: the workspace's mfe.yml and lock

    /// `file` has no `packages:` glob for `layer`, and mfe cannot add `glob`.
    case cannotAddPackageGlob(file: String, layer: Layer, glob: String)
    /// The lock file could not be opened; `reason` is `strerror`.
    case cannotOpenLock(path: String, reason: String)
    /// Another mfe (`holder`, when known) has held the lock more than `seconds`.
    case lockTimeout(path: String, holder: Int32?, seconds: Int)

    // MARK: writing

    /// A planned file's path is unsafe: `problem` says why (`is absolute`, `leaves the package`).
    case unsafePlannedPath(String, problem: String)
    /// The folder to create exists already when writing starts.
    case destinationAppeared(String)
    /// A file to edit changed between planning and writing.
    case changedWhilePlanning(String)
    /// The file system refused creating `destination`: `reason` and `advice` from the errno.
    case cannotCreate(String, reason: String, advice: String)
    /// Creating `destination` failed for a reason outside the file system's errors.
    case cannotCreateOther(String, reason: String)
    /// An ancestor of the destination is a file.
    case ancestorIsFile(String)
    /// `git init`, `add`, `commit` or `tag` of a `--release` feature failed.
    case cannotMakeRepository(folder: String, reason: String)
    /// A git command of the release failed; `complaint` is git's first line.
    case gitFailed(arguments: [String], complaint: String)

    package var errorDescription: String? {
        switch self {
        case .unsafePlannedPath(let path, let problem):
            return "the planned file '\(path)' \(problem); nothing was written"
        case .destinationAppeared(let destination):
            return "'\(destination)' already exists; choose another name or --path, mfe never overwrites"
        case .changedWhilePlanning(let path):
            return "'\(path)' changed while mfe was planning; run the command again"
        case .cannotCreate(let destination, let reason, let advice):
            return "cannot create '\(destination)': \(reason); \(advice); nothing was left behind"
        case .cannotCreateOther(let destination, let reason):
            return "cannot create '\(destination)': \(reason); nothing was left behind"
        case .ancestorIsFile(let path):
            return "'\(path)' is a file, not a folder; choose another --path"
        case .cannotMakeRepository(let folder, let reason):
            return "cannot make '\(folder)' a git repository: \(reason); nothing was left behind"
        case .gitFailed(let arguments, let complaint):
            return "'git \(arguments.joined(separator: " "))' failed: \(complaint)"
        case .emptyName(let what):
            return "\(what) is empty; give an UpperCamelCase name such as 'Search'"
        case .nameTooLong(let name, let what):
            return "\(what) '\(name.prefix(20))…' is \(name.count) characters long; keep it under \(NameValidation.maximumLength)"
        case .nameNotASCII(let name, let what):
            return
                "\(what) '\(name)' has characters beyond ASCII letters and digits; mfe keeps module, folder and URL names ASCII so every file system, tool and repository host spells them alike, e.g. '\(NameValidation.suggestion(for: name))'"
        case .nameNotIdentifier(let name, let what):
            return "\(what) '\(name)' is not a Swift identifier; use only letters and digits, starting with a letter, e.g. '\(NameValidation.suggestion(for: name))'"
        case .nameIsKeyword(let name, let what):
            return "\(what) '\(name)' is a Swift keyword; choose another name, e.g. '\(name.capitalizedFirst)Feature'"
        case .nameNotUpperCamelCase(let name, let what):
            return "\(what) '\(name)' is not UpperCamelCase; module names start with an uppercase letter and have no underscores, e.g. '\(NameValidation.suggestion(for: name))'"
        case .nameIsSystemModule(let name, let what, let module):
            return "\(what) '\(name)' is the name of the system module '\(module)'; a package or target with that name would shadow it, so choose another name, e.g. 'App\(name.capitalizedFirst)'"
        case .derivedNameIsSystemModule(let name, let module):
            return "the target name '\(name)' would shadow the system module '\(module)'; choose another feature name"
        case .nameTaken(let name, let owner):
            return "'\(name)' is already used by \(owner); module names must be unique in the workspace, so choose another feature name"
        case .shellLayer:
            return "'--layer shell' is not a µFeature layer; 'mfe init' creates the shell, 'mfe create' takes '--layer product' or '--layer foundation'"
        case .webWithKind(let kind):
            return "'--web' creates a product feature and '--kind \(kind.rawValue)' a foundation package; drop one of them"
        case .webWithLayer(let layer):
            return "'--web' creates a product feature; drop '--layer \(layer.rawValue)' or '--web'"
        case .kindWithoutFoundation(let kind):
            return "'--kind \(kind.rawValue)' chooses what a foundation package holds; add '--layer foundation' (or leave out --layer), or drop '--kind'"
        case .pathIsAFile(let path):
            return "'--path \(path)' is a file; give a folder"
        case .dependencyOutsideWorkspace(let name):
            return
                "'--dependency \(name)' needs a workspace to find '\(name)' in; run 'mfe create' inside a workspace (a folder with an mfe.yml that has 'workspace:', made by 'mfe init'), or pass its --path"
        case .destinationExists(let shown, let wireOnly):
            let unwired = wireOnly.map { "; it is not wired into the shell yet (an interrupted 'mfe create'?): run 'mfe create \($0) --wire-only' to wire it" } ?? ""
            return "'\(shown)' already exists; mfe never overwrites: choose another name, or remove the folder first\(unwired)"
        case .badMFERepository(let value):
            return "'--mfe-repository \(value)' is not a repository to download mfe's release bundle from; give 'OWNER/NAME' on GitHub, or the repository's https:// URL (GitHub Enterprise)"
        case .noExample(let example):
            return "there is no example '\(example)'; use '--example \(WorkspaceScaffolder.examples.joined(separator: "|"))', or leave it out for an empty workspace"
        case .exampleClash(let workspace, let target):
            return "the workspace name '\(workspace)' makes the shell target '\(target)', which the example already uses; choose another workspace name"
        case .workspaceExists(let shown):
            return "'\(shown)' already exists; mfe never overwrites: choose another name or --path"
        case .nestedWorkspace(let shown, let enclosing, let elsewhere):
            return
                "'\(shown)' would be inside the workspace of '\(enclosing)'; a workspace nested in another is read as part of it, so create it elsewhere (e.g. --path \(elsewhere)), or add a package to this workspace with 'mfe create NAME'"
        case .webURLNotAbsolute(let url):
            return "'--web \(url)' is not an absolute http or https URL; give the page to host, e.g. '--web https://example.com/about'"
        case .webURLControlCharacter(let url):
            return "'--web \(url.debugDescription.dropFirst().dropLast())' holds a control character (a tab or line break); give the URL on one line"
        case .webURLCredentials(let url):
            return "'--web \(url)' holds credentials before '@'; mfe writes the URL into the generated source, so give the page without them"
        case .webURLInsecure(let url, let host):
            return "'--web \(url)' is plain http, which iOS blocks for '\(host)' (App Transport Security), so the page would stay blank; give its https URL, e.g. '--web https\(url.dropFirst(4))'"
        case .webURLIPAddress(let url, let host):
            return
                "'--web \(url)' is plain http to the IP address '\(host)', which App Transport Security blocks since iOS 17 and macOS 14 (Apple's NSAllowsLocalNetworking: \"ATS no longer allows connections to IP addresses by default\"), so the page would stay blank; give its https URL, or a name such as 'localhost' or 'NAME.local'"
        case .webURLBadPort(let url, let port):
            return "'--web \(url)' has the port \(port), which is no TCP port; give one from 1 to 65535, or none for the scheme's default"
        case .webURLNotStable(let url, let written):
            return "'--web \(url)' is not a URL Foundation reads the same way twice ('\(written)'); percent-encode its special characters and try again"
        case .dependencyGivenTwice(let name, let product):
            return "'--dependency \(name)' names '\(product)' a second time; give each dependency once"
        case .dependencyIsShell(let name):
            return "'--dependency \(name)' is the shell app; nothing may depend on the shell, it depends on the features"
        case .foundationOnProductFeature(let name):
            return "'--dependency \(name)' is a product feature, and a foundation package must not depend on the product layer; move what you need into a foundation package"
        case .noInterfaceLibrary(let name, let interface, let directory):
            return
                "'--dependency \(name)' is a product feature without an '\(interface)' library; features use each other only through interfaces, so add '\(interface)' to \(directory)/Package.swift first"
        case .noLibraryProduct(let name, let directory):
            return "'--dependency \(name)' has no library product to depend on; add '.library(name: \"\(name)\", targets: [\"\(name)\"])' to \(directory)/Package.swift"
        case .dependencyIsShellTarget(let name):
            return "'--dependency \(name)' is a target of the shell app; nothing may depend on the shell"
        case .dependencyOnImplementation(let name, let role, let feature):
            return
                "'--dependency \(name)' is \(role == .source ? "the implementation" : "the \(role.rawValue) target") of product feature '\(feature)'; depend on its interface instead: '--dependency \(feature)' (wires '\(feature)Interface')"
        case .foundationOnProductTarget(let name, let feature):
            return "'--dependency \(name)' belongs to product feature '\(feature)', and a foundation package must not depend on the product layer"
        case .targetNotVended(let name, let package, let directory):
            return "'--dependency \(name)' is a target of '\(package)' that no library product vends; add '.library(name: \"\(name)\", targets: [\"\(name)\"])' to \(directory)/Package.swift"
        case .unknownDependencyNear(let name, let near):
            return "unknown dependency '\(name)'; did you mean '\(near)'?"
        case .unknownDependency(let name, let available):
            let advice =
                available.isEmpty
                ? "the workspace has no packages yet, create it first with 'mfe create \(name)'" : "choose one of \(available.joined(separator: ", ")), or create it first with 'mfe create \(name)'"
            return "unknown dependency '\(name)': no package or library in the workspace has that name; \(advice)"
        case .inDependency(let package, let problem):
            return "'--dependency \(package)': \(problem.errorDescription ?? "")"
        case .twoBaseProtocols(let file, let module, let first, let second):
            return "\(file): '\(module)' declares two base-dependency protocols ('\(first)' and '\(second)'); keep one, so features know which to refine"
        case .refinesUnknownProtocol(let file, let name, let inherited):
            return "\(file): '\(name)' refines '\(inherited)', whose requirements mfe cannot see to supply; declare them in '\(name)' itself, \(Self.baseDependenciesFix)"
        case .unforwardableRequirement(let file, let name, let requirement):
            return "\(file): '\(name)' requires \(requirement), which the app cannot supply by forwarding; make it a 'func' or a '{ get }' property, \(Self.baseDependenciesFix)"
        case .noLiveType(let file, let name, let module):
            return
                "\(file): '\(name)' has no public type conforming to it with a public 'init()' to make the live tools; add one, e.g. 'public struct \(module)Services: \(name) { public init() {} … }', \(Self.baseDependenciesFix)"
        case .noTemplate(let name, let origin, let available):
            let listed = available.map { "'\($0)'" }.joined(separator: ", ")
            return
                "there is no template '\(name)' in \(origin == "built-in" ? "mfe's built-in templates" : "'\(origin)'"); add a '\(name)/' folder with a \(Template.descriptionFileName), or use one of: \(listed.isEmpty ? "none" : listed)"
        case .templateNestingTooDeep(let file, let line, let reason):
            return "\(line.map { "\(file):\($0)" } ?? "the name of '\(file)'"): \(reason); simplify the template"
        case .notATemplatesFolder(let directory):
            return "'\(directory)' is not a folder of templates; give a folder holding one subfolder per template (e.g. 'feature/', each with a \(Template.descriptionFileName))"
        case .templateLinkOutside(let link, let target, let directory):
            return "'\(link)' is a symbolic link to '\(target)', outside the templates folder '\(directory)'; a template may only use files inside its folder, so copy the file in or remove the link"
        case .templateFolderLinkLeavesTemplate(let link, let target, let template):
            return
                "'\(link)' is a symbolic link to the folder '\(target)', outside the template '\(template)'; mfe reads a template's own folder only, so copy the files in or remove the link"
        case .templateFileTooLarge(let path, let size, let limit, let isDescription):
            return "'\(path)' is \(size) bytes, more than the \(limit) a \(isDescription ? "template.yml" : "template file") may have; a template holds source files, keep it smaller"
        case .templatesTooLarge(let directory):
            return "'\(directory)' holds more than \(TemplateCatalog.maximumTotalSize) bytes of templates; a template holds source files, keep the folder smaller"
        case .templateNotUTF8(let path):
            return "'\(path)' is not UTF-8 text; templates hold text files only"
        case .noTemplates(let directory):
            return "'\(directory)' holds no templates; each template is a subfolder with a \(Template.descriptionFileName) ('description: ...'), laid out like mfe's built-in 'Templates/'"
        case .descriptionNotYAML(let file):
            return "'\(file)' is not valid YAML; write 'description: one line saying what the template creates'"
        case .noDescription(let file):
            return "'\(file)' has no 'description:'; write 'description: one line saying what the template creates'"
        case .descriptionUnknownKey(let file, let key):
            return "'\(file)' has an unknown key '\(key)'; a template.yml has only 'description:'"
        case .renderedNestingTooDeep(let source, let line, let reason):
            return "template file '\(source)', line \(line): \(reason); simplify the template"
        case .templatePathInvalid(let source, let error):
            return "template file '\(source)': its path is not a valid Mustache template (\(error)); fix the tags in the file name"
        case .templatePathOutside(let source, let path, let problem):
            return "template file '\(source)' would be written to '\(path)', which \(problem); templates may only write inside the new package"
        case .templatePathTwice(let source, let path):
            return "template file '\(source)' renders to '\(path)', which another template file writes too; give the files distinct names"
        case .templateInvalid(let source, let error):
            return "template file '\(source)' is not a valid Mustache template: \(error); fix its tags"
        case .templatesWriteSamePath(let path):
            return "two templates write '\(path)'; give their files distinct names"
        case .appWithoutPackage(let folder, let app):
            return "the template writes '\(folder)\(app)/' but no '\(folder)Package.swift'; an iOS app links the products of the package beside it"
        case .wireOnlyOutsideWorkspace(let base):
            return "'--wire-only' wires a feature into a workspace's shell, and '\(base)' is in no workspace (a folder with an mfe.yml that has 'workspace:'); run it inside the workspace"
        case .noShellPath(let file, let name):
            return "\(file): no 'shell: path:' names the shell to wire '\(name)' into; add it and run the command again"
        case .notAProductFeature(let name, let directory, let layer):
            return "'\(name)' (\(directory)) is \(layer.map { "a \($0.rawValue) package" } ?? "a package without a layer"); only product features are wired into the shell"
        case .noFeatureToWire(let name):
            return "no product feature '\(name)' in the workspace to wire; create it with 'mfe create \(name)'"
        case .alreadyWired(let name, let directory):
            return "'\(name)' (\(directory)) is already wired into the shell; nothing to do"
        case .notAGeneratedFeature(let name, let manifest):
            return "\(manifest): '\(name)' has no targets '\(name)' and '\(name)Interface'; only a product feature as 'mfe create' makes it can be wired with '--wire-only', wire it by hand"
        case .notAGeneratedInterface(let name, let folder):
            return
                "'\(folder)' declares no '\(name)Dependencies' protocol and '\(name)NavigationRequest' enum with an 'open…' case, the interface 'mfe create' writes; wire '\(name)' into the shell by hand"
        case .nameIsWorkspace(let name):
            return "the feature name '\(name)' is the workspace's name, which names the shell's app target (a module of its own in the Xcode project); \(Self.renameFeature(name))"
        case .moduleNamedLikeShellType(let name, let module, let file):
            return
                "the feature name '\(name)' makes the module '\(module)', named like the type '\(module)' of \(file); the shell imports both and Swift cannot tell them apart, so \(Self.renameFeature(name))"
        case .typeDeclaredByShell(let name, let type, let file):
            return "the feature name '\(name)' makes the type '\(type)', which \(file) declares too; wiring it into the shell would not build, so \(Self.renameFeature(name))"
        case .routeTaken(let name, let route, let owner):
            return "the feature name '\(name)' needs the route case and builder '\(route)', and the shell already has \(owner); \(Self.renameFeature(name))"
        case .linkTaken(let name, let link, let pattern, let route, let file):
            return
                "the feature name '\(name)' needs the link '\(link)', and \(file) already registers '\(pattern)' for '\(route)', so the link would never reach '\(name)'; \(Self.renameFeature(name))"
        case .tabTaken(let name, let title, let screen, let file):
            return "the feature name '\(name)' would add a tab titled '\(name)', and \(file) already has the tab '\(title)' (\(screen)); \(Self.renameFeature(name))"
        case .cannotAddPackageGlob(let file, let layer, let glob):
            return "\(file): no 'packages:' glob holds \(layer.rawValue) packages, and mfe cannot add one to this mfe.yml's layout; add '- \(glob)' under 'packages:' and run the command again"
        case .cannotOpenLock(let path, let reason):
            return "cannot lock the workspace: cannot open '\(path)': \(reason); make the workspace folder writable and run the command again"
        case .lockTimeout(let path, let holder, let seconds):
            return
                "another mfe (\(holder.map { "pid \($0)" } ?? "a process") holding '\(path)') has been creating a package in this workspace for more than \(seconds) seconds; wait for it to finish and run the command again"
        }
    }

    /// How every problem with a base-dependency protocol ends.
    private static let baseDependenciesFix = "or remove the protocol's 'BaseDependencies' suffix if features should not refine it"

    /// How every clash of a feature name with the shell ends.
    private static func renameFeature(_ name: String) -> String { "choose another feature name, e.g. '\(name)Feature'" }
}
