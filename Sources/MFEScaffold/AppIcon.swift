import Foundation

/// The icon of a generated iOS app: the app's initials in white on a colour of its own, drawn
/// as a 1024×1024 PNG without transparency (what App Store Connect requires of the one
/// 1024-point image Xcode 16's asset catalogs hold), so an upload passes validation before
/// the team's designer draws the real one. Same name, same bytes.
package struct AppIcon: Sendable, Equatable {
    /// The side of the image, in pixels.
    package static let size = 1024

    /// Up to two letters or digits: the first letters of the name's first two words.
    package var initials: String
    /// The background, red, green and blue from 0 to 255: a colour picked by the name, dark
    /// enough that white text on it has a contrast of 4.5 or more (WCAG's for text).
    package var background: (red: UInt8, green: UInt8, blue: UInt8)

    /// The icon of the app named `name` (`FeedMe` → `FM`).
    package init(name: String) {
        initials = Self.initials(of: name)
        background = Self.colour(of: name)
    }

    package static func == (lhs: AppIcon, rhs: AppIcon) -> Bool {
        lhs.initials == rhs.initials && lhs.background == rhs.background
    }

    /// The PNG file.
    package var png: [UInt8] {
        let scale = initials.count > 1 ? 56 : 72
        let glyphs = Array(initials).map { AppIcon.glyphs[$0] ?? AppIcon.glyphs["?"]! }
        let textWidth = (glyphs.count * 6 - 1) * scale
        let left = (Self.size - textWidth) / 2
        let top = (Self.size - 7 * scale) / 2
        let plain = Array([[UInt8]](repeating: [background.red, background.green, background.blue], count: Self.size).joined())
        // Each of the glyphs' seven pixel rows, drawn once: the image's rows are copies of these.
        let drawn: [[UInt8]] = (0..<7).map { glyphRow in
            var row = plain
            for (index, glyph) in glyphs.enumerated() {
                for (column, bit) in glyph[glyphRow].enumerated() where bit == "#" {
                    let start = (left + (index * 6 + column) * scale) * 3
                    for offset in start..<(start + scale * 3) { row[offset] = 255 }
                }
            }
            return row
        }
        let rows = (0..<Self.size).map { y in y >= top && (y - top) / scale < 7 ? drawn[(y - top) / scale] : plain }
        return PNGEncoder.encodeRGB(width: Self.size, rows: rows)
    }

    /// The first letters of the first two words of `name` (`FeedMe` → `FM`, `HTTPClient` →
    /// `HC`, `Demo` → `D`), uppercased; `?` for a name without a letter or digit.
    static func initials(of name: String) -> String {
        let characters = Array(name).filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        var starts: [Character] = []
        for (index, character) in characters.enumerated() where starts.count < 2 {
            guard index > 0 else {
                starts.append(character)
                continue
            }
            let previous = characters[index - 1]
            let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
            if character.isUppercase, previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLowercase) {
                starts.append(character)
            }
        }
        return starts.isEmpty ? "?" : String(starts).uppercased()
    }

    /// A colour of `name`'s own: a hue from an FNV-1a hash of it, darkened until white text
    /// on it has a contrast ratio of at least 4.5.
    static func colour(of name: String) -> (red: UInt8, green: UInt8, blue: UInt8) {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hue = Double(hash % 360) / 60
        let chroma = 0.62
        let secondary = chroma * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1))
        let sextant: [(Double, Double, Double)] = [
            (chroma, secondary, 0), (secondary, chroma, 0), (0, chroma, secondary), (0, secondary, chroma), (secondary, 0, chroma), (chroma, 0, secondary),
        ]
        let (red, green, blue) = sextant[Int(hue) % 6]
        let lift = 0.18
        var rgb = [red + lift, green + lift, blue + lift]
        func linear(_ channel: Double) -> Double { channel <= 0.039_28 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4) }
        while 1.05 / (0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]) + 0.05) < 4.5 {
            rgb = rgb.map { $0 * 0.92 }
        }
        let bytes = rgb.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
        return (bytes[0], bytes[1], bytes[2])
    }

    /// Letters and digits five pixels wide and seven high.
    static let glyphs: [Character: [String]] = [
        "A": [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"], "B": ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
        "C": [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."], "D": ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
        "E": ["#####", "#....", "#....", "####.", "#....", "#....", "#####"], "F": ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
        "G": [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"], "H": ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
        "I": [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."], "J": ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
        "K": ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"], "L": ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
        "M": ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"], "N": ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
        "O": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."], "P": ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
        "Q": [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"], "R": ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
        "S": [".####", "#....", "#....", ".###.", "....#", "....#", "####."], "T": ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
        "U": ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."], "V": ["#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
        "W": ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."], "X": ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
        "Y": ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."], "Z": ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
        "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."], "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
        "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"], "3": ["####.", "....#", "....#", ".###.", "....#", "....#", "####."],
        "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."], "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
        "6": [".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."], "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
        "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."], "9": [".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."],
        "?": [".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."],
    ]
}
