import MFECore
import Testing

@testable import MFEManifest

/// The exact text of manifest errors: messages are contract, so unit tests compare error
/// values and this table pins the prose of each kind once.
@Suite("manifest error messages")
struct ManifestErrorMessageTests {
    static let at = SourceLocation(file: "/p/Package.swift", line: 4, column: 9)
    static let advice = "write '\(ToolsVersion.current.specification)' (or the oldest version the package supports) as the first line"

    static let cases: [(error: any InputError, text: String)] = [
        (ManifestError.noManifest(directory: "/p"), "no Package.swift in '/p'; give the folder of a Swift package"),
        (ManifestError.notUTF8(path: "/p/Package.swift"), "'/p/Package.swift' is not UTF-8 text; save the manifest as UTF-8"),
        (ManifestError.unknownLoaderVariable(value: "fast"), "MFE_LOADER='fast' is not a manifest loader; set it to 'static', 'swiftpm' or 'auto', or unset it"),
        (ManifestError.emptyManifest(at: at), "/p/Package.swift:4:9: the manifest is empty; \(advice), then 'let package = Package(...)'"),
        (
            ManifestError.noToolsVersion(at: at),
            "/p/Package.swift:4:9: the manifest has no swift tools version specification on any line, so SwiftPM takes it for tools version 3.1, which it no longer supports; \(advice)"
        ),
        (
            ManifestError.toolsVersionNotOnFirstLine(ToolsVersion(5, 9), at: at),
            "/p/Package.swift:4:9: the swift tools version specification (5.9) is not on the first line; SwiftPM accepts it on a later line only from 6.0: move it to the first line or raise the tools version"
        ),
        (
            ManifestError.toolsVersionNotFirst(ToolsVersion(5, 3), at: at),
            "/p/Package.swift:4:9: swift tools version 5.3 allows only empty lines before the specification; move it to the first line; \(advice)"
        ),
        (
            ManifestError.toolsVersionTooNew(ToolsVersion(99, 0), at: at),
            "/p/Package.swift:4:9: the manifest needs swift tools version 99.0 but this toolchain is \(ToolsVersion.current); install a newer Swift toolchain or lower the package's tools version"
        ),
        (ManifestError.syntaxError("expected ']' to end array", at: at), "/p/Package.swift:4:9: syntax error: expected ']' to end array; fix the manifest so that it compiles"),
        (
            ManifestError.packageRedeclared(variable: "package", firstLine: 3, at: at),
            "/p/Package.swift:4:9: 'package' is declared again (first at line 3); Swift refuses the manifest ('invalid redeclaration of 'package''), so keep one 'let package = Package(...)'"
        ),
        (ManifestError.invalidVersion("1.0", at: at), "/p/Package.swift:4:9: '1.0' is not a semantic version like '1.2.3'; SwiftPM rejects it, so write all three numbers"),
        (
            ManifestError.undeclaredTarget("Core", dependent: "App", at: at),
            "/p/Package.swift:4:9: target 'Core' in the dependencies of target 'App' is not declared in this package; SwiftPM refuses it (Source files for target Core should be located under 'Sources/Core'…): declare the target or fix the name"
        ),
        (
            ManifestError.productNotFound("Cor", package: "p", target: "App", suggestion: " Did you mean 'Core'?", at: at),
            "/p/Package.swift:4:9: product 'Cor' required by package 'p' target 'App' not found. Did you mean 'Core'? SwiftPM refuses it: declare the target, or the package that vends the product"
        ),
        (ManifestError.dumpPackageFailed(manifest: "/p/Package.swift", standardError: "", status: 1), "'swift package dump-package' could not load '/p/Package.swift':\nexit status 1"),
        (
            ManifestError.dumpPackageInvalid(manifest: "/p/Package.swift", what: "target"),
            "'swift package dump-package' output for '/p/Package.swift' has no valid target; this toolchain's SwiftPM writes a format mfe does not know"
        ),
        (
            ManifestRefusal("the function call 'f()'", at: at),
            "/p/Package.swift:4:9: the function call 'f()' cannot be read without running the manifest; run with '--loader auto' (SwiftPM reads only the manifests mfe cannot) or '--loader swiftpm' to evaluate it with SwiftPM"
        ),
    ]

    @Test(arguments: cases.indices)
    func eachErrorSaysExactlyThis(index: Int) {
        #expect(Self.cases[index].error.localizedDescription == Self.cases[index].text)
    }
}
