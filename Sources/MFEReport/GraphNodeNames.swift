/// Names that tell a document's targets and packages apart, for renderers whose nodes need
/// unique ids: a target's own name while no other package of the document has a target of
/// that name, else `Package/Target`; a package's name while no other package shares it, else
/// its path. Same-named targets of two packages so stay two nodes.
package struct GraphNodeNames: Sendable {
    /// `targets[p][t]`: the unique name of target `t` of package `p`.
    private let targets: [[String]]
    /// `packages[p]`: the unique name of package `p`.
    private let packages: [String]

    /// Names the targets and packages of `document`. O(T).
    package init(_ document: GraphDocument) {
        var packageNameCount: [String: Int] = [:]
        var targetNameCount: [String: Int] = [:]
        for package in document.packages {
            packageNameCount[package.name, default: 0] += 1
            for target in package.targets { targetNameCount[target.name, default: 0] += 1 }
        }
        let packages = document.packages.map { packageNameCount[$0.name] == 1 ? $0.name : $0.path }
        var taken = Set<String>()
        var targets: [[String]] = []
        for (index, package) in document.packages.enumerated() {
            targets.append(
                package.targets.map { target in
                    var name = targetNameCount[target.name] == 1 ? target.name : packages[index] + "/" + target.name
                    // A target whose own name looks qualified (`A/B`) must not take another's id.
                    var counter = 2
                    let base = name
                    while !taken.insert(name).inserted {
                        name = "\(base)#\(counter)"
                        counter += 1
                    }
                    return name
                })
        }
        self.packages = packages
        self.targets = targets
    }

    /// The unique name of target `target` of package `package`.
    package func target(package: Int, target: Int) -> String { targets[package][target] }

    /// The unique name of the target `dependency` points at.
    package func target(_ dependency: GraphDocument.Dependency) -> String { targets[dependency.package][dependency.target] }

    /// The unique name of package `package`.
    package func package(_ package: Int) -> String { packages[package] }
}
