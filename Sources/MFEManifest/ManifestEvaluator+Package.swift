import MFECore
import SwiftSyntax

extension ManifestEvaluator {
    static let packageLabels: Set<String> = [
        "name", "defaultLocalization", "platforms", "pkgConfig", "providers", "products", "dependencies", "targets",
        "swiftLanguageVersions", "swiftLanguageModes", "cLanguageStandard", "cxxLanguageStandard", "traits",
    ]

    /// Evaluates the `package` constant with every modelled change made to it afterwards.
    mutating func evaluatePackage(toolsVersion: ToolsVersion) throws -> PackageManifest {
        let topLevel = (bindings[packageVariable] ?? []).filter { $0.scopeEnd == Int.max }
        if topLevel.count > 1 {
            let first = location(of: topLevel[0].node)
            throw ManifestError.packageRedeclared(variable: packageVariable, firstLine: first.line, at: location(of: topLevel[1].node))
        }
        guard let declared = bindings[packageVariable], declared.count == 1, let binding = declared.first, let initializer = binding.initializer else {
            throw ManifestError.noPackageDeclaration(at: MFECore.SourceLocation(file: file, line: 1, column: 1))
        }
        if let taint = taint(of: packageVariable, after: binding.index, before: Int.max), !objectStatements.contains(taint.index) {
            throw refusal(taint.node, "\(taint.description), which may change '\(packageVariable)',")
        }
        guard let call = try factory(Self.unwrap(initializer), qualifiers: ["Package"]), call.name == "init" else {
            throw cannotEvaluate(initializer, expected: "'Package(...)'")
        }
        if let reassignment = mutations[packageVariable]?.first(where: { $0.index > binding.index }) {
            throw refusal(reassignment.node, "\(Self.describe(reassignment.node)), which replaces '\(packageVariable)',")
        }
        let position = binding.index
        var name: String?
        var targets: [Target] = []
        var dependencies: [PackageDependency] = []
        var products: [Product] = []
        var traits: [PackageTrait] = []
        var platforms: [SupportedPlatform] = []
        for argument in call.arguments {
            guard let label = argument.label, Self.packageLabels.contains(label) else {
                throw ManifestError.unknownPackageArgument(argument.label ?? "_", at: location(of: argument.expression))
            }
            switch label {
            case "name": name = try string(argument.expression, at: position)
            case "targets": targets = try self.targets(argument.expression, at: position)
            case "dependencies": dependencies = try packageDependencies(argument.expression, at: position)
            case "products": products = try self.products(argument.expression, at: position)
            case "traits":
                // A `Set<Trait>`: inserting an equal trait twice keeps one.
                for trait in try packageTraits(argument.expression, at: position) where !traits.contains(trait) { traits.append(trait) }
            case "platforms": platforms = try platformsUnlessIgnored(argument.expression, at: position)
            default: continue
            }
        }
        guard var packageName = name else {
            throw ManifestError.packageWithoutName(at: location(of: call.node))
        }
        for mutation in (mutations["package.name"] ?? []) where mutation.index > position {
            guard case .assign(let expression) = mutation.kind else { throw cannotEvaluate(mutation.node, expected: "a package name") }
            packageName = try string(expression, at: mutation.index)
        }
        do {
            try applyPackageMutations("package.platforms", to: &platforms, after: position) { evaluator, expression, index in
                try evaluator.supportedPlatform(expression, at: index)
            }
        } catch is ManifestRefusal where !readsPlatformsStrictly {
            platforms = []
        }
        // Changes through `package.targets` and through its objects, in the order they run.
        var targetMutations = (mutations["package.targets"] ?? []).filter { $0.index > position }
        for index in objectStatements.sorted() {
            let before = targetMutations.filter { $0.index < index }
            targetMutations.removeFirst(before.count)
            try applyPackageMutations(before, to: &targets) { evaluator, expression, index in try evaluator.target(expression, at: index) }
            try applyObjectStatement(at: index, to: &targets)
        }
        try applyPackageMutations(targetMutations, to: &targets) { evaluator, expression, index in try evaluator.target(expression, at: index) }
        // `package.traits` is a `Set<Trait>`: `insert` adds what it does not hold.
        var insertedTraits: [PackageTrait] = []
        if let replacement = mutations["package.traits"]?.first(where: { mutation in
            if case .assign = mutation.kind { return mutation.index > position }
            return false
        }) {
            throw refusal(replacement.node, "\(Self.describe(replacement.node)), which replaces the package's traits,")
        }
        try applyPackageMutations("package.traits", to: &insertedTraits, after: position) { evaluator, expression, index in
            try evaluator.packageTrait(expression, at: index)
        }
        for trait in insertedTraits where !traits.contains(trait) { traits.append(trait) }
        try applyPackageMutations("package.dependencies", to: &dependencies, after: position) { evaluator, expression, index in
            try evaluator.packageDependency(expression, at: index)
        }
        try applyPackageMutations("package.products", to: &products, after: position) { evaluator, expression, index in
            try evaluator.product(expression, at: index)
        }
        var manifest = PackageManifest(
            name: packageName,
            toolsVersion: toolsVersion,
            dependencies: dependencies,
            targets: targets,
            products: products,
            traits: traits,
            manifestPath: file,
            location: location(of: call.node)
        )
        manifest.platforms = platforms
        return manifest
    }

    /// The platforms, or none when they cannot be read and the caller only needs the graph
    /// (which does not depend on them).
    private mutating func platformsUnlessIgnored(_ expression: ExprSyntax, at position: Int) throws -> [SupportedPlatform] {
        do {
            return try supportedPlatforms(expression, at: position)
        } catch is ManifestRefusal where !readsPlatformsStrictly {
            return []
        }
    }

    /// `traits: [.default(enabledTraits: ["A"]), "A", .trait(name: "B", description: "…", enabledTraits: [])]`.
    mutating func packageTraits(_ expression: ExprSyntax, at position: Int) throws -> [PackageTrait] {
        try list(expression, at: position, expected: "a list of traits") { evaluator, item, index in
            try evaluator.packageTrait(item, at: index)
        }
    }

    /// `"A"`, `.default(enabledTraits:)`, `.trait(name:description:enabledTraits:)`, `Trait(…)`,
    /// `.init(…)`, or a constant holding one.
    mutating func packageTrait(_ expression: ExprSyntax, at position: Int) throws -> PackageTrait {
        let item = Self.unwrap(expression)
        if item.is(StringLiteralExprSyntax.self) { return PackageTrait(name: try string(item, at: position)) }
        if let value = try indirection(item, at: position, type: "Trait", evaluate: { evaluator, body, index in try evaluator.packageTrait(body, at: index) }) {
            return value
        }
        guard let call = try factory(item, qualifiers: ["Trait", "PackageDescription.Trait"]) else {
            throw cannotEvaluate(item, expected: "a trait such as '.trait(name:)'")
        }
        let enabled = try call.argument("enabledTraits").map { try strings($0, at: position) } ?? []
        switch call.name {
        case "default": return PackageTrait(name: "default", enabledTraits: enabled)
        case "trait", "init":
            // `.trait(name:…)`, `Trait(name:…)` and `.init(name:…)` build the same value.
            guard let name = call.argument("name") else { throw cannotEvaluate(item, expected: "a trait with 'name:'") }
            let description = try call.argument("description").flatMap { try optionalString($0, at: position) }
            return PackageTrait(name: try string(name, at: position), description: description, enabledTraits: enabled)
        default: throw cannotEvaluate(item, expected: "a trait such as '.trait(name:)'")
        }
    }

    private mutating func applyPackageMutations<T>(
        _ key: String,
        to value: inout [T],
        after position: Int,
        element: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws {
        try applyPackageMutations((mutations[key] ?? []).filter { $0.index > position }, to: &value, element: element)
    }

    private mutating func applyPackageMutations<T>(
        _ changes: [Mutation],
        to value: inout [T],
        element: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws {
        for mutation in changes {
            switch mutation.kind {
            case .append(let item): value.append(try element(&self, item, mutation.index))
            case .appendContents(let items): value += try list(items, at: mutation.index, expected: "a list", element: element)
            case .assign(let items): value = try list(items, at: mutation.index, expected: "a list", element: element)
            }
        }
    }

    // MARK: - Targets

    static let targetQualifiers: Set<String> = ["Target", "PackageDescription.Target"]

    static let targetKinds: [String: Target.Kind] = [
        "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
        "plugin": .plugin, "systemLibrary": .system, "binaryTarget": .binary,
    ]

    mutating func targets(_ expression: ExprSyntax, at position: Int) throws -> [Target] {
        try list(expression, at: position, expected: "a list of targets") { evaluator, item, index in
            try evaluator.target(item, at: index)
        }
    }

    /// `.target(name: ...)` and the other target factories, or a constant holding one.
    mutating func target(_ expression: ExprSyntax, at position: Int) throws -> Target {
        let expression = Self.unwrap(expression)
        if let value = try indirection(expression, at: position, type: "Target", evaluate: { evaluator, body, index in try evaluator.target(body, at: index) }) {
            return value
        }
        guard let call = try factory(expression, qualifiers: Self.targetQualifiers), let kind = Self.targetKinds[call.name] else {
            throw cannotEvaluate(expression, expected: "a target such as '.target(name:)'")
        }
        guard let nameExpression = call.argument("name") else {
            throw ManifestError.targetWithoutName(declaration: call.name, at: location(of: expression))
        }
        var target = Target(name: try string(nameExpression, at: position), kind: kind, location: location(of: expression))
        for argument in call.arguments {
            switch argument.label {
            case "dependencies": target.dependencies = try targetDependencies(argument.expression, at: position)
            case "path": target.path = try optionalString(argument.expression, at: position)
            case "exclude": target.exclude = try strings(argument.expression, at: position)
            case "sources": target.sources = try optionalStrings(argument.expression, at: position)
            default: continue
            }
        }
        return target
    }

    // MARK: - Target dependencies

    static let targetDependencyQualifiers: Set<String> = [
        "Target.Dependency", "PackageDescription.Target.Dependency", "Dependency",
    ]

    mutating func targetDependencies(_ expression: ExprSyntax, at position: Int) throws -> [TargetDependency] {
        try list(expression, at: position, expected: "a list of target dependencies") { evaluator, item, index in
            var dependency = try evaluator.targetDependency(item, at: index)
            if Self.unwrap(item).is(DeclReferenceExprSyntax.self) { dependency.location = evaluator.location(of: item) }
            return dependency
        }
    }

    /// `"Name"`, `.target(name:)`, `.product(name:package:)`, `.byName(name:)`, with conditions.
    mutating func targetDependency(_ expression: ExprSyntax, at position: Int) throws -> TargetDependency {
        let expression = Self.unwrap(expression)
        if expression.is(StringLiteralExprSyntax.self) {
            return TargetDependency(.byName(try string(expression, at: position)), location: location(of: expression))
        }
        if let value = try indirection(expression, at: position, type: "Target.Dependency", evaluate: { evaluator, body, index in try evaluator.targetDependency(body, at: index) }) {
            return value
        }
        guard let call = try factory(expression, qualifiers: Self.targetDependencyQualifiers) else {
            throw cannotEvaluate(expression, expected: "a target dependency such as '\"Name\"' or '.product(name:package:)'")
        }
        guard let nameExpression = call.argument("name") else {
            throw cannotEvaluate(expression, expected: "a target dependency with 'name:'")
        }
        let name = try string(nameExpression, at: position)
        let kind: TargetDependency.Kind
        switch call.name {
        case "target": kind = .target(name)
        case "product": kind = .product(name: name, package: try call.argument("package").flatMap { try optionalString($0, at: position) })
        case "byName", "byNameItem": kind = .byName(name)
        default: throw cannotEvaluate(expression, expected: "a target dependency such as '\"Name\"' or '.product(name:package:)'")
        }
        var dependency = TargetDependency(kind, location: location(of: expression))
        if call.name == "product", let aliases = call.argument("moduleAliases"), !Self.unwrap(aliases).is(NilLiteralExprSyntax.self) {
            dependency.moduleAliases = try stringDictionary(aliases, at: position)
        }
        if let condition = call.argument("condition") {
            (dependency.platforms, dependency.traits) = try self.condition(condition, at: position)
        }
        return dependency
    }

    /// `.when(platforms: [...], traits: [...])` or `nil`.
    mutating func condition(_ expression: ExprSyntax, at position: Int) throws -> (platforms: [String]?, traits: [String]?) {
        let expression = Self.unwrap(expression)
        if expression.is(NilLiteralExprSyntax.self) { return (nil, nil) }
        if let value = try indirection(expression, at: position, evaluate: { evaluator, body, index in try evaluator.condition(body, at: index) }) {
            return value
        }
        guard let call = try factory(expression, qualifiers: ["TargetDependencyCondition", "PackageDescription.TargetDependencyCondition"]),
            call.name == "when", call.unlabelled.isEmpty
        else {
            throw cannotEvaluate(expression, expected: "a condition such as '.when(platforms: [.linux])'")
        }
        var platforms: [String]?
        var traits: [String]?
        for argument in call.arguments {
            switch argument.label {
            case "platforms":
                if !Self.unwrap(argument.expression).is(NilLiteralExprSyntax.self) {
                    platforms = try list(argument.expression, at: position, expected: "a list of platforms") { evaluator, item, index in
                        try evaluator.platformName(item, at: index)
                    }
                }
            case "traits":
                if !Self.unwrap(argument.expression).is(NilLiteralExprSyntax.self) {
                    traits = try strings(argument.expression, at: position)
                }
            default:
                throw cannotEvaluate(argument.expression, expected: "'platforms:' or 'traits:'")
            }
        }
        return (platforms?.isEmpty == true ? nil : platforms, traits?.isEmpty == true ? nil : traits)
    }

    static let platformNames: [String: String] = [
        "macOS": "macos", "macCatalyst": "maccatalyst", "iOS": "ios", "tvOS": "tvos", "watchOS": "watchos",
        "visionOS": "visionos", "driverKit": "driverkit", "linux": "linux", "windows": "windows",
        "android": "android", "wasi": "wasi", "openbsd": "openbsd", "freebsd": "freebsd",
    ]

    /// `.linux`, `Platform.macOS`, `.custom("name")`: the name SwiftPM writes (lowercase).
    mutating func platformName(_ expression: ExprSyntax, at position: Int) throws -> String {
        let expression = Self.unwrap(expression)
        if let member = expression.as(MemberAccessExprSyntax.self),
            member.base == nil || ["Platform", "PackageDescription.Platform"].contains(member.base!.trimmedDescription),
            let name = Self.platformNames[member.declName.baseName.text]
        {
            return name
        }
        if let call = try factory(expression, qualifiers: ["Platform", "PackageDescription.Platform"]), call.name == "custom",
            let only = call.unlabelled.first, call.arguments.count == 1
        {
            return try string(only, at: position)
        }
        if let value = try indirection(expression, at: position, evaluate: { evaluator, body, index in try evaluator.platformName(body, at: index) }) {
            return value
        }
        throw cannotEvaluate(expression, expected: "a platform such as '.linux'")
    }

    // MARK: - Package dependencies

    static let packageDependencyQualifiers: Set<String> = ["Package.Dependency", "PackageDescription.Package.Dependency"]

    mutating func packageDependencies(_ expression: ExprSyntax, at position: Int) throws -> [PackageDependency] {
        try list(expression, at: position, expected: "a list of package dependencies") { evaluator, item, index in
            try evaluator.packageDependency(item, at: index)
        }
    }

    /// `.package(path:)`, `.package(url:...)`, `.package(id:...)` with every requirement form.
    mutating func packageDependency(_ expression: ExprSyntax, at position: Int) throws -> PackageDependency {
        let expression = Self.unwrap(expression)
        if let value = try indirection(expression, at: position, type: "Package.Dependency", evaluate: { evaluator, body, index in try evaluator.packageDependency(body, at: index) }) {
            return value
        }
        guard let call = try factory(expression, qualifiers: Self.packageDependencyQualifiers), call.name == "package" else {
            throw cannotEvaluate(expression, expected: "a package dependency such as '.package(url:from:)'")
        }
        let explicitName = try call.argument("name").map { try string($0, at: position) }
        let location = location(of: expression)
        let traits = try call.argument("traits").map { try dependencyTraits($0, at: position) } ?? [.defaults]
        if let path = call.argument("path") {
            return PackageDependency(.fileSystem(path: try string(path, at: position)), explicitName: explicitName, traits: traits, location: location, origin: host.origin)
        }
        let requirement = try self.requirement(of: call, at: position)
        if let url = call.argument("url") {
            return PackageDependency(.sourceControl(url: try string(url, at: position), requirement: requirement), explicitName: explicitName, traits: traits, location: location, origin: host.origin)
        }
        if let id = call.argument("id") {
            return PackageDependency(.registry(id: try string(id, at: position), requirement: requirement), explicitName: explicitName, traits: traits, location: location, origin: host.origin)
        }
        throw cannotEvaluate(expression, expected: "'.package(path:)', '.package(url:...)' or '.package(id:...)'")
    }

    /// `traits: ["A", .trait(name: "B", condition: .when(traits: ["C"])), .defaults]`.
    mutating func dependencyTraits(_ expression: ExprSyntax, at position: Int) throws -> [PackageDependency.Trait] {
        try list(expression, at: position, expected: "a list of traits") { evaluator, item, index in
            let item = Self.unwrap(item)
            if item.is(StringLiteralExprSyntax.self) { return PackageDependency.Trait(name: try evaluator.string(item, at: index)) }
            if let member = item.as(MemberAccessExprSyntax.self), member.base == nil, member.declName.baseName.text == "defaults" {
                return PackageDependency.Trait(name: "default")
            }
            guard let call = try evaluator.factory(item, qualifiers: ["Package.Dependency.Trait", "PackageDescription.Package.Dependency.Trait"]),
                call.name == "trait", let name = call.argument("name")
            else { throw evaluator.cannotEvaluate(item, expected: "a trait such as '\"Name\"' or '.trait(name:condition:)'") }
            var condition: [String]?
            if let conditionExpression = call.argument("condition"), !Self.unwrap(conditionExpression).is(NilLiteralExprSyntax.self) {
                condition = try evaluator.condition(conditionExpression, at: index).traits ?? []
            }
            return PackageDependency.Trait(name: try evaluator.string(name, at: index), condition: condition)
        }
    }

    /// The requirement of a `.package(url:...)` or `.package(id:...)` call, normalised as
    /// SwiftPM does.
    mutating func requirement(of call: FactoryCall, at position: Int) throws -> Requirement {
        for argument in call.arguments {
            switch argument.label {
            case "from": return .upToNextMajor(from: try version(argument.expression, at: position))
            case "exact": return .exact(try version(argument.expression, at: position))
            case "branch": return .branch(try string(argument.expression, at: position))
            case "revision": return .revision(try string(argument.expression, at: position))
            case nil: return try requirement(argument.expression, at: position)
            default: continue
            }
        }
        throw cannotEvaluate(call.node, expected: "a version requirement such as 'from: \"1.0.0\"'")
    }

    static let requirementQualifiers: Set<String> = [
        "Package.Dependency.Requirement", "PackageDescription.Package.Dependency.Requirement",
        "Package.Dependency.SourceControlRequirement", "Package.Dependency.RegistryRequirement",
    ]

    /// `"1.0.0"..<"2.0.0"`, `"1.0.0"..."1.2.0"`, `.upToNextMajor(from:)`, `.upToNextMinor(from:)`,
    /// `.exact(_:)`, `.branch(_:)`, `.revision(_:)`.
    mutating func requirement(_ expression: ExprSyntax, at position: Int) throws -> Requirement {
        let expression = Self.unwrap(expression)
        if let bounds = try operands(of: expression, joinedBy: "..<"), bounds.count == 2 {
            return .range(lowerBound: try version(bounds[0], at: position), upperBound: try version(bounds[1], at: position))
        }
        if let bounds = try operands(of: expression, joinedBy: "..."), bounds.count == 2 {
            let upper = try version(bounds[1], at: position)
            // PackageDescription turns `a...b` into `a..<c` with `c` one patch above `b`.
            let next = Version(upper.major, upper.minor, upper.patch + 1, prereleaseIdentifiers: upper.prereleaseIdentifiers, buildMetadataIdentifiers: upper.buildMetadataIdentifiers)
            return .range(lowerBound: try version(bounds[0], at: position), upperBound: next)
        }
        if let value = try indirection(expression, at: position, evaluate: { evaluator, body, index in try evaluator.requirement(body, at: index) }) {
            return value
        }
        if let call = try factory(expression, qualifiers: Self.requirementQualifiers), call.arguments.count == 1, let argument = call.arguments.first {
            switch (call.name, argument.label) {
            case ("upToNextMajor", "from"): return .upToNextMajor(from: try version(argument.expression, at: position))
            case ("upToNextMinor", "from"): return .upToNextMinor(from: try version(argument.expression, at: position))
            case ("exact", nil): return .exact(try version(argument.expression, at: position))
            case ("branch", nil): return .branch(try string(argument.expression, at: position))
            case ("revision", nil): return .revision(try string(argument.expression, at: position))
            default: break
            }
        }
        throw cannotEvaluate(expression, expected: "a version requirement such as '\"1.0.0\"..<\"2.0.0\"'")
    }

    /// `"1.2.3"`, `Version(1, 2, 3)`, `Version("1.2.3")`, or a constant.
    mutating func version(_ expression: ExprSyntax, at position: Int) throws -> Version {
        let expression = Self.unwrap(expression)
        let isConcatenation = try operands(of: expression, joinedBy: "+") != nil
        if expression.is(StringLiteralExprSyntax.self) || isConcatenation {
            let text = try string(expression, at: position)
            guard let version = Version(text) else {
                throw ManifestError.invalidVersion(text, at: location(of: expression))
            }
            return version
        }
        if let value = try indirection(expression, at: position, evaluate: { evaluator, body, index in try evaluator.version(body, at: index) }) {
            return value
        }
        if let call = try factory(expression, qualifiers: ["Version", "PackageDescription.Version"]), call.name == "init" {
            let numbers = call.unlabelled
            if numbers.count == 1 {
                return try version(numbers[0], at: position)
            }
            if numbers.count == 3 {
                let parts = numbers.compactMap { Self.unwrap($0).as(IntegerLiteralExprSyntax.self)?.representedLiteralValue }
                if parts.count == 3 {
                    let prerelease = try call.argument("prereleaseIdentifiers").map { try strings($0, at: position) } ?? []
                    let build = try call.argument("buildMetadataIdentifiers").map { try strings($0, at: position) } ?? []
                    return Version(parts[0], parts[1], parts[2], prereleaseIdentifiers: prerelease, buildMetadataIdentifiers: build)
                }
            }
        }
        throw cannotEvaluate(expression, expected: "a version such as '\"1.2.3\"'")
    }

    // MARK: - Products

    /// `.static`, `.dynamic` or `nil` (automatic), written in place or chosen by a condition.
    mutating func libraryKind(_ expression: ExprSyntax, at position: Int) throws -> Product.Kind {
        let unwrapped = Self.unwrap(expression)
        switch unwrapped.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
        case "static": return .staticLibrary
        case "dynamic": return .dynamicLibrary
        default:
            if unwrapped.is(NilLiteralExprSyntax.self) { return .library }
            if let value = try indirection(unwrapped, at: position, evaluate: { evaluator, body, index in try evaluator.libraryKind(body, at: index) }) {
                return value
            }
            throw cannotEvaluate(expression, expected: "'.static', '.dynamic' or 'nil'")
        }
    }

    static let productQualifiers: Set<String> = ["Product", "PackageDescription.Product"]

    mutating func products(_ expression: ExprSyntax, at position: Int) throws -> [Product] {
        try list(expression, at: position, expected: "a list of products") { evaluator, item, index in
            try evaluator.product(item, at: index)
        }
    }

    /// `.library(name:type:targets:)`, `.executable(name:targets:)`, `.plugin(name:targets:)`.
    mutating func product(_ expression: ExprSyntax, at position: Int) throws -> Product {
        let expression = Self.unwrap(expression)
        if let value = try indirection(expression, at: position, type: "Product", evaluate: { evaluator, body, index in try evaluator.product(body, at: index) }) {
            return value
        }
        guard let call = try factory(expression, qualifiers: Self.productQualifiers),
            ["library", "executable", "plugin"].contains(call.name),
            let nameExpression = call.argument("name")
        else {
            throw cannotEvaluate(expression, expected: "a product such as '.library(name:targets:)'")
        }
        var kind: Product.Kind = call.name == "executable" ? .executable : call.name == "plugin" ? .plugin : .library
        if call.name == "library", let type = call.argument("type") {
            kind = try libraryKind(type, at: position)
        }
        let targets = try call.argument("targets").map { try strings($0, at: position) } ?? []
        return Product(name: try string(nameExpression, at: position), kind: kind, targets: targets, location: location(of: expression))
    }
}
