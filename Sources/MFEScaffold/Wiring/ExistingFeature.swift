import MFECore
import MFEWorkspace
import SwiftSyntax

/// A product feature package already in the workspace, read back as `mfe create` made it, so
/// `mfe create NAME --wire-only` can wire it into the shell as the create would have: whether it
/// is a web feature, the model its navigation requests open, and the foundation packages whose
/// base dependencies its `…Dependencies` refines.
struct ExistingFeature {
    let package: WorkspacePackage
    let workspace: Workspace
    let fileSystem: any FileSystem

    /// The specification that wires the feature as it is. Throws an `InputError` naming the
    /// file when its interface is not in the shape mfe generates.
    func specification() throws -> FeatureSpecification {
        let name = package.name
        let interface = name + "Interface"
        guard let target = package.manifest.targets.first(where: { $0.name == interface }), package.manifest.targets.contains(where: { $0.name == name }) else {
            throw ScaffoldError.notAGeneratedFeature(name, manifest: PathUtilities.join(package.directory, "Package.swift"))
        }
        let folder = PathUtilities.join(package.directory, target.path ?? "Sources/\(interface)")
        let absolute = PathUtilities.join(workspace.root, folder)
        var request: EnumDeclSyntax?
        var dependencies: ProtocolDeclSyntax?
        for file in (try? fileSystem.filesBelow(absolute)) ?? [] where file.hasSuffix(".swift") {
            guard let data = try? fileSystem.contents(of: PathUtilities.join(absolute, file)) else { continue }
            let source = ParsedSource(file: PathUtilities.join(folder, file), bytes: Array(data))
            request = request ?? source.tree.descendants(EnumDeclSyntax.self).first { $0.name.text == name + "NavigationRequest" }
            dependencies = dependencies ?? source.tree.descendants(ProtocolDeclSyntax.self).first { $0.name.text == name + "Dependencies" }
        }
        let cases = request?.descendants(EnumCaseElementSyntax.self).map(\.name.text) ?? []
        let web = cases.contains("openLink")
        let model = cases.first { $0.hasPrefix("open") && $0.count > 4 && $0 != "openLink" }.map { String($0.dropFirst(4)) }
        guard let dependencies, web || model != nil else {
            throw ScaffoldError.notAGeneratedInterface(name, folder: folder)
        }
        let inherited = Set(dependencies.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? [])
        var resolver = DependencyNameResolver(workspace: workspace, newPackageDirectory: package.directory, layer: .product, fileSystem: fileSystem)
        var bases: [FeatureDependency] = []
        for candidate in workspace.packages where candidate.layer == .foundation {
            if case .success(let dependency) = resolver.resolve(candidate.name), let base = dependency.base, inherited.contains(base.protocolName) {
                bases.append(dependency)
            }
        }
        return FeatureSpecification(
            name: name, layer: .product, template: web ? TemplateName.web : TemplateName.feature, model: web ? nil : model, example: false, webURL: web ? "" : nil, dependencies: bases)
    }
}
