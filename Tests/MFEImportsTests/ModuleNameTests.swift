import Testing

@testable import MFEImports

@Suite("module names as SwiftPM builds them")
struct ModuleNameTests {
    @Test(arguments: [
        ("Foo", "Foo"), ("Foo-Bar", "Foo_Bar"), ("Foo.Bar Baz", "Foo_Bar_Baz"), ("1Password", "_Password"),
        ("_", "_"), ("-", "_"), ("", ""), ("٠٠٠", "_٠٠"), ("Café", "Café"), ("12 3", "_2_3"),
    ])
    func c99Names(name: String, expected: String) {
        #expect(ModuleName.c99Name(name) == expected)
    }

    @Test func modulemapsDeclareTheirTopLevelModules() {
        let modulemap = """
            // module Commented { }
            /* framework module AlsoCommented {} */
            framework module CSQLite [system] {
                umbrella header "sqlite3.h"
                export *
                module * { export * }
                explicit module Extras { header "extras.h" }
            }
            module Second {
                header "second module Fake.h"
                link "second"
            }
            extern module Elsewhere "elsewhere.modulemap"
            """
        #expect(ModuleName.modules(declaredIn: modulemap) == ["CSQLite", "Second"])
        #expect(ModuleName.modules(declaredIn: "").isEmpty)
    }
}
