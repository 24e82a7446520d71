/// The page `mfe graph --format html` fills in: `Templates/graph/page.html`, compiled into
/// this module by `EmbedTemplatesPlugin` (the renderers' pages live with the renderers; the
/// scaffold templates are compiled into MFEScaffold).
package enum GraphPageTemplate {
    /// Its path under `Templates/`.
    package static let path = "graph/page.html"

    /// The built-in page template; nil only in a build that left it out.
    package static var builtin: String? {
        BuiltinTemplates.files.first { $0.path == path }?.contents
    }
}
