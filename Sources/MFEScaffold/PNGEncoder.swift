/// Writes PNG files (RFC 2083; ISO/IEC 15948) of 8-bit RGB pixels, deterministically: the same
/// pixels always give the same bytes. The image data is a zlib stream (RFC 1950) of one
/// DEFLATE block with the fixed Huffman codes (RFC 1951, 3.2.6) in which every run of a
/// repeated byte is a match at distance 1; with each row filtered against the one above
/// (`Up`), a flat image is mostly such runs, so an app icon of two colours is a few kilobytes
/// with no compression library.
package enum PNGEncoder {
    /// The PNG of an image `width` pixels wide whose rows are `rows`, each `width × 3` bytes of
    /// red, green and blue.
    package static func encodeRGB(width: Int, rows: [[UInt8]]) -> [UInt8] {
        var filtered: [UInt8] = []
        filtered.reserveCapacity(rows.count * (width * 3 + 1))
        let zeros = [UInt8](repeating: 0, count: width * 3)
        for (index, row) in rows.enumerated() {
            if index == 0 {
                // Sub: each byte minus the one a pixel to its left.
                filtered.append(1)
                for offset in row.indices { filtered.append(offset < 3 ? row[offset] : row[offset] &- row[offset - 3]) }
            } else if row == rows[index - 1] {
                // Up, of a row like the one above: all zeros.
                filtered.append(2)
                filtered.append(contentsOf: zeros)
            } else {
                // Up: each byte minus the one above it.
                filtered.append(2)
                let above = rows[index - 1]
                for offset in row.indices { filtered.append(row[offset] &- above[offset]) }
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(rows.count))
        header += [8, 2, 0, 0, 0]  // 8 bits per sample, truecolour (RGB), deflate, adaptive filtering, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header)
        png += chunk("IDAT", zlib(filtered))
        png += chunk("IEND", [])
        return png
    }

    /// A chunk: its length, type, data and the CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    /// `data` as a zlib stream: the header of a 32 KB window and default level, one fixed
    /// Huffman DEFLATE block, and the Adler-32 of `data`.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // the final block
        bits.write(1, count: 2)  // fixed Huffman codes
        data.withUnsafeBufferPointer { data in
            var index = 0
            while index < data.count {
                var run = 0
                if index > 0 {
                    let previous = data[index - 1]
                    while run < 258, index + run < data.count, data[index + run] == previous { run += 1 }
                }
                if run >= 3 {
                    bits.writeLength(run)
                    bits.writeReversed(0, count: 5)  // distance 1: code 0, no extra bits
                    index += run
                } else {
                    bits.writeLiteral(Int(data[index]))
                    index += 1
                }
            }
        }
        bits.writeLiteral(256)  // the end of the block
        return [0x78, 0x01] + bits.bytes + bigEndian(adler32(data))
    }

    /// CRC-32 (ISO 3309, the polynomial PNG uses).
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { value in
        var crc = UInt32(value)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    /// Adler-32 (RFC 1950), reduced every 5,552 bytes: the most before `b` could overflow.
    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        data.withUnsafeBufferPointer { data in
            var start = 0
            while start < data.count {
                let end = min(start + 5_552, data.count)
                for index in start..<end {
                    a += UInt32(data[index])
                    b += a
                }
                a %= 65_521
                b %= 65_521
                start = end
            }
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// DEFLATE's bit order: values least significant bit first, Huffman codes most significant
    /// bit first.
    struct BitWriter {
        private var complete: [UInt8] = []
        private var current: UInt32 = 0
        private var filled = 0

        /// What was written, the last byte padded with zero bits.
        var bytes: [UInt8] { filled > 0 ? complete + [UInt8(current)] : complete }

        /// Writes the `count` low bits of `value`, least significant first.
        mutating func write(_ value: Int, count: Int) {
            for bit in 0..<count {
                current |= UInt32((value >> bit) & 1) << filled
                filled += 1
                if filled == 8 {
                    complete.append(UInt8(current))
                    current = 0
                    filled = 0
                }
            }
        }

        /// Writes the Huffman code `code` of `count` bits, most significant first.
        mutating func writeReversed(_ code: Int, count: Int) {
            var reversed = 0
            for bit in 0..<count { reversed |= ((code >> bit) & 1) << (count - 1 - bit) }
            write(reversed, count: count)
        }

        /// Writes the fixed Huffman code of a literal byte or of the end of the block (256).
        mutating func writeLiteral(_ value: Int) {
            switch value {
            case 0...143: writeReversed(0x30 + value, count: 8)
            case 144...255: writeReversed(0x190 + value - 144, count: 9)
            default: writeSymbol(value)
            }
        }

        /// Writes the fixed Huffman code of a length symbol (256–287).
        private mutating func writeSymbol(_ symbol: Int) {
            if symbol < 280 {
                writeReversed(symbol - 256, count: 7)
            } else {
                writeReversed(0xC0 + symbol - 280, count: 8)
            }
        }

        /// Writes a match length (3–258): its symbol and extra bits.
        mutating func writeLength(_ length: Int) {
            let index = Self.lengthBases.lastIndex { $0 <= length } ?? 0
            writeSymbol(257 + index)
            write(length - Self.lengthBases[index], count: Self.lengthExtraBits[index])
        }

        private static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    }
}
