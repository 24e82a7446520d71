import Foundation
import MFECore
import MFEWorkspace
import Testing

@testable import MFEScaffold

/// What an upload to App Store Connect checks of the apps mfe generates, read back without
/// Xcode: a 1024×1024 icon without transparency (decoded here: chunks, CRCs, the zlib stream and
/// the pixels), the export-compliance key, the warnings Xcode recommends, and why a web
/// feature's app would use the camera and microphone.
@Suite("generated apps are ready for App Store Connect")
struct AppStoreReadinessTests {
    typealias Project = XcodeAppProjectTests.Project

    /// A PNG read back: its header's fields and its pixels, red, green, blue.
    struct DecodedPNG {
        var width = 0
        var height = 0
        var bitDepth = 0
        var colourType = 0
        var chunks: [String] = []
        var pixels: [[UInt8]] = []

        /// The pixel at `x`, `y`.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[y][(x * 3)..<(x * 3 + 3)]) }

        /// Reads `bytes`, checking every chunk's CRC and the zlib stream's Adler-32.
        init(_ bytes: [UInt8]) throws {
            #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "the PNG signature")
            var offset = 8
            var data: [UInt8] = []
            func integer(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            while offset + 12 <= bytes.count {
                let length = integer(offset)
                let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
                let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
                #expect(UInt32(integer(offset + 8 + length)) == Self.crc32(Array(type.utf8) + body), "the CRC of \(type)")
                chunks.append(type)
                if type == "IHDR" {
                    width = integer(offset + 8)
                    height = integer(offset + 12)
                    bitDepth = Int(body[8])
                    colourType = Int(body[9])
                }
                if type == "IDAT" { data += body }
                offset += 12 + length
            }
            #expect(offset == bytes.count, "nothing after IEND")
            let raw = try Self.inflate(zlib: data)
            let stride = width * 3
            #expect(raw.count == height * (stride + 1))
            var previous = [UInt8](repeating: 0, count: stride)
            for y in 0..<height {
                let line = Array(raw[(y * (stride + 1) + 1)..<((y + 1) * (stride + 1))])
                var row = [UInt8](repeating: 0, count: stride)
                for index in 0..<stride {
                    let left = index >= 3 ? row[index - 3] : 0
                    switch raw[y * (stride + 1)] {
                    case 0: row[index] = line[index]
                    case 1: row[index] = line[index] &+ left
                    case 2: row[index] = line[index] &+ previous[index]
                    default: Issue.record("row \(y) uses filter \(raw[y * (stride + 1)]), which this reader does not")
                    }
                }
                pixels.append(row)
                previous = row
            }
        }

        /// CRC-32 written bit by bit, independent of the encoder's table.
        static func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
            }
            return ~crc
        }

        /// A zlib stream of stored and fixed-Huffman DEFLATE blocks (RFC 1950, 1951), decoded.
        static func inflate(zlib bytes: [UInt8]) throws -> [UInt8] {
            #expect(bytes.count > 6 && (Int(bytes[0]) << 8 | Int(bytes[1])) % 31 == 0 && bytes[0] & 0x0F == 8, "a zlib header of deflate")
            var position = 16  // in bits, after the header
            func bit() -> Int {
                defer { position += 1 }
                return Int(bytes[position / 8] >> (position % 8)) & 1
            }
            func bits(_ count: Int) -> Int { (0..<count).reduce(0) { $0 | bit() << $1 } }
            func huffman(_ count: Int) -> Int { (0..<count).reduce(0) { code, _ in code << 1 | bit() } }
            func symbol() -> Int {
                let seven = huffman(7)
                if seven <= 0b001_0111 { return seven + 256 }
                let eight = seven << 1 | bit()
                if (0x30...0xBF).contains(eight) { return eight - 0x30 }
                if (0xC0...0xC7).contains(eight) { return eight - 0xC0 + 280 }
                return (eight << 1 | bit()) - 0x190 + 144
            }
            let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
            let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
            let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
            let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
            var output: [UInt8] = []
            var final = 0
            repeat {
                final = bit()
                switch bits(2) {
                case 0:
                    position = (position + 7) / 8 * 8
                    let length = Int(bytes[position / 8]) | Int(bytes[position / 8 + 1]) << 8
                    position += 32
                    output += bytes[(position / 8)..<(position / 8 + length)]
                    position += length * 8
                case 1:
                    while true {
                        let value = symbol()
                        if value < 256 {
                            output.append(UInt8(value))
                        } else if value == 256 {
                            break
                        } else {
                            let length = lengthBases[value - 257] + bits(lengthExtra[value - 257])
                            let code = huffman(5)
                            let distance = distanceBases[code] + bits(distanceExtra[code])
                            for _ in 0..<length { output.append(output[output.count - distance]) }
                        }
                    }
                default:
                    Issue.record("a dynamic-Huffman block, which mfe does not write")
                    return output
                }
            } while final == 0
            let trailer = bytes.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            var a: UInt32 = 1
            var b: UInt32 = 0
            for byte in output {
                a = (a + UInt32(byte)) % 65_521
                b = (b + a) % 65_521
            }
            #expect(trailer == b << 16 | a, "the Adler-32 of the image data")
            return output
        }
    }

    @Test func theAppIconIsA1024PointPNGOfTheInitialsOnTheAppsColour() throws {
        let icon = AppIcon(name: "FeedMe")
        #expect(icon.initials == "FM")
        let png = try DecodedPNG(icon.png)
        #expect(png.chunks == ["IHDR", "IDAT", "IEND"])
        #expect(png.width == 1024 && png.height == 1024)
        #expect(png.bitDepth == 8 && png.colourType == 2, "8-bit RGB: no alpha channel, which App Store Connect refuses in an icon")
        let background = [icon.background.red, icon.background.green, icon.background.blue]
        for (x, y) in [(0, 0), (1023, 0), (0, 1023), (1023, 1023), (512, 100)] {
            #expect(png.pixel(x, y) == background)
        }
        let white = png.pixels.reduce(0) { count, row in count + stride(from: 0, to: row.count, by: 3).filter { row[$0] == 255 && row[$0 + 1] == 255 && row[$0 + 2] == 255 }.count }
        #expect(white > 50_000 && white < 400_000, "the initials are drawn: \(white) white pixels")
        func luminance(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let backgroundLuminance = 0.2126 * luminance(background[0]) + 0.7152 * luminance(background[1]) + 0.0722 * luminance(background[2])
        #expect(1.05 / (backgroundLuminance + 0.05) >= 4.5, "white initials are readable on it")
        #expect(icon.png == AppIcon(name: "FeedMe").png, "the same name gives the same bytes")
        #expect(icon.png.count < 64_000, "\(icon.png.count) bytes")
        #expect(AppIcon(name: "Demo").background != icon.background, "apps get colours of their own")
    }

    @Test(arguments: [("FeedMe", "FM"), ("Demo", "D"), ("RestaurantOrder", "RO"), ("HTTPClient", "HC"), ("Search2Go", "SG"), ("A1", "A"), ("ÉtéApp", "TA")])
    func initials(name: String, initials: String) {
        #expect(AppIcon.initials(of: name) == initials)
    }

    @Test func everyGeneratedAppShipsItsIconAndDeclaresItsEncryption() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
        let projects = plan.files.map(\.path).filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }
        #expect(projects.count == 4, "\(projects)")
        for path in projects {
            let folder = (path as NSString).deletingLastPathComponent.replacingOccurrences(of: ".xcodeproj", with: "")
            let project = try Project(try XcodeAppProjectTests.contents(path, in: plan.files))
            let app = try #require(try project.list(project.root["targets"]).first)
            let appName = try #require(app["name"] as? String)
            let icon = try #require(plan.files.first { $0.path == "\((folder as NSString).deletingLastPathComponent)/\(appName)/Assets.xcassets/AppIcon.appiconset/AppIcon.png" })
            #expect(try DecodedPNG(try #require(icon.data)).width == 1024)
            let contents = try XcodeAppProjectTests.contents((icon.path as NSString).deletingLastPathComponent + "/Contents.json", in: plan.files)
            let images = try #require((try JSONSerialization.jsonObject(with: Data(contents.utf8)) as? [String: Any])?["images"] as? [[String: Any]])
            #expect(images.compactMap { $0["filename"] as? String } == ["AppIcon.png"], "the any-appearance icon has the image")
            for configuration in ["Debug", "Release"] {
                let settings = try project.settings(app["buildConfigurationList"], configuration)
                #expect(settings["INFOPLIST_KEY_ITSAppUsesNonExemptEncryption"] as? String == "NO", "\(path)")
                #expect(settings["ASSETCATALOG_COMPILER_APPICON_NAME"] as? String == "AppIcon")
                let web = path.hasPrefix("Features/About/") || path.hasPrefix("Shell/")
                for (key, _) in XcodeAppProject.webUsageDescriptions {
                    #expect((settings["INFOPLIST_KEY_" + key] as? String).map { !$0.isEmpty } == (web ? true : nil), "\(path): \(key) where a web page may ask for it")
                }
                let projectSettings = try project.settings(project.root["buildConfigurationList"], configuration)
                for (key, value) in XcodeAppProject.recommendedWarnings {
                    #expect(projectSettings[key] as? String == value.trimmingCharacters(in: ["\""]), "\(path): \(key), as Xcode recommends")
                }
            }
            let tests = try XcodeAppProjectTests.contents((folder as NSString).deletingLastPathComponent + "/\(appName)Tests/AppBundleTests.swift", in: plan.files)
            #expect(tests.contains("CFBundleIconName") && tests.contains("ITSAppUsesNonExemptEncryption"), "the simulator test checks the built app")
        }
    }
}
