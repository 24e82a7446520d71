import MFEManifest

/// The names a target's module is imported by, as SwiftPM builds it.
package enum ModuleName {
    /// SwiftPM's `c99name` of a target: the name with every character that may not appear in a
    /// C99 extended identifier replaced by `_`, and a leading digit replaced too (`Foo-Bar` →
    /// `Foo_Bar`, `1Password` → `_Password`). Letters and digits of every script count as
    /// identifier characters, as in the C99 annex the compiler follows.
    package static func c99Name(_ name: String) -> String {
        Target.c99Name(name)
    }

    /// The top-level modules a `module.modulemap` declares: `module X`, `framework module X`,
    /// `module X [system]`; submodules (inside braces, `explicit module`) and `extern module`
    /// references are left out. Comments and strings are skipped.
    package static func modules(declaredIn modulemap: String) -> [String] {
        var modules: [String] = []
        var tokens: [String] = []
        var depth = 0
        let scalars = Array(modulemap.unicodeScalars)
        var index = 0
        func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
            } else if scalar == "\"" {
                index += 1
                while index < scalars.count, scalars[index] != "\"" { index += scalars[index] == "\\" ? 2 : 1 }
                index += 1
                tokens.append("\"")
            } else if scalar == "{" {
                depth += 1
                tokens.removeAll()
                index += 1
            } else if scalar == "}" {
                depth = max(0, depth - 1)
                tokens.removeAll()
                index += 1
            } else if isIdentifier(scalar) {
                var word = ""
                while index < scalars.count, isIdentifier(scalars[index]) {
                    word.unicodeScalars.append(scalars[index])
                    index += 1
                }
                if depth == 0, tokens.last == "module", !tokens.contains("extern"), !tokens.contains("explicit") {
                    modules.append(word)
                    tokens.removeAll()
                } else {
                    tokens.append(word)
                }
            } else {
                if !scalar.properties.isWhitespace, scalar != "*" { tokens.append(String(scalar)) }
                index += 1
            }
        }
        return modules
    }
}
