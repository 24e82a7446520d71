import Foundation
import Testing

/// PyPI's markdown-it-py (a maintained CommonMark parser), from the venv `.ci/run` makes under
/// `.build`, or `MFE_MARKDOWN_PYTHON`; what it parses a document into.
package enum MarkdownParser {
    package static let python = PythonModule.interpreter(importing: "markdown_it", venv: "markdown-venv", variable: "MFE_MARKDOWN_PYTHON")

    /// The structure CommonMark gives a document: heading texts, link targets, list items.
    package struct Document: Decodable {
        /// The headings' texts, in order.
        package var headings: [String]
        /// The link targets, in order.
        package var links: [String]
        /// How many list items.
        package var listItems: Int
    }

    /// Prints the structure of the file it is given as JSON.
    static let script = """
        import json, sys
        from markdown_it import MarkdownIt
        tokens = MarkdownIt("commonmark").parse(open(sys.argv[1], encoding="utf-8").read())
        headings, links, items = [], [], 0
        for index, token in enumerate(tokens):
            if token.type == "heading_open":
                headings.append(tokens[index + 1].content)
            if token.type == "list_item_open":
                items += 1
            for child in token.children or []:
                if child.type == "link_open":
                    links.append(child.attrs["href"])
        print(json.dumps({"headings": headings, "links": links, "listItems": items}))
        """

    /// The structure of `markdown` (written to a file in `scratch`).
    package static func parse(_ markdown: String, scratch: String) throws -> Document {
        let file = scratch + "/report-\(UUID().uuidString).md"
        try Data(markdown.utf8).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(python))
        process.arguments = ["-c", script, file]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Document.self, from: data)
    }
}
