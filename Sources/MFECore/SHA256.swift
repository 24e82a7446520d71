import Foundation

/// SHA-256 (FIPS 180-4, section 6.2), mfe's own: `originHash`, the compose cache's repository
/// keys and the findings' fingerprints need one hash of a few kilobytes, and swift-crypto's
/// BoringSSL, linked for it alone, was 366 of the 383 C files a release build of mfe compiled.
/// SwiftPM computes `originHash` with a small SHA-256 of its own for the same reason. Checked
/// against the NIST examples and `sha256sum` (MFECoreTests' SHA256Tests).
package struct SHA256: Sendable {
    /// The initial hash value H(0): the first 32 bits of the fractional parts of the square
    /// roots of the first eight primes (FIPS 180-4, 5.3.3).
    private static let initialHash: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// The constants K: the first 32 bits of the fractional parts of the cube roots of the first
    /// 64 primes (FIPS 180-4, 4.2.2).
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The number of bytes in a message block.
    private static let blockSize = 64

    /// The intermediate hash value H(i).
    private var state: [UInt32] = initialHash
    /// The bytes of the message not yet hashed: fewer than a block.
    private var pending: [UInt8] = []
    /// The length of the message so far, in bytes; the padding records it in bits, modulo 2^64.
    private var length: UInt64 = 0

    /// A hash of the empty message, to `update` with the message's parts.
    package init() {
        pending.reserveCapacity(Self.blockSize)
    }

    /// The digest of `data`: 32 bytes.
    package static func hash(_ data: some DataProtocol) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalize()
    }

    /// The digest of `data` in 64 lowercase hexadecimal digits, as `sha256sum` prints it.
    package static func hexDigest(_ data: some DataProtocol) -> String {
        hexadecimal(hash(data))
    }

    /// `bytes` in lowercase hexadecimal, two digits a byte.
    package static func hexadecimal(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `data` to the message.
    package mutating func update(_ data: some DataProtocol) {
        for region in data.regions {
            region.withUnsafeBytes { update(bytes: $0) }
        }
    }

    /// Appends `bytes` to the message: whole blocks are hashed straight from `bytes`, the rest
    /// waits in `pending`.
    package mutating func update(bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(Self.blockSize - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<taken])
            offset = taken
            guard pending.count == Self.blockSize else { return }
            pending.withUnsafeBytes { compress(blocks: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - offset) / Self.blockSize * Self.blockSize
        if whole > 0 {
            compress(blocks: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + whole)]))
        }
        pending.append(contentsOf: bytes[(offset + whole)...])
    }

    /// The digest of the message (32 bytes): the message padded with a 1 bit, zeros, and its
    /// length in bits as a 64-bit big-endian number, to a multiple of 512 bits (FIPS 180-4, 5.1.1).
    package consuming func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var padding: [UInt8] = [0x80]
        let used = (pending.count + 1) % Self.blockSize
        let zeros = used <= Self.blockSize - 8 ? Self.blockSize - 8 - used : 2 * Self.blockSize - 8 - used
        padding.append(contentsOf: repeatElement(0, count: zeros))
        for shift in stride(from: 56, through: 0, by: -8) { padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let recorded = length
        padding.withUnsafeBytes { update(bytes: $0) }
        length = recorded
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in state {
            digest.append(contentsOf: [UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)])
        }
        return digest
    }

    /// Hashes `blocks`, a whole number of 64-byte blocks, into `state` (FIPS 180-4, 6.2.2).
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        let constants = Self.roundConstants
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            var h0 = state[0]
            var h1 = state[1]
            var h2 = state[2]
            var h3 = state[3]
            var h4 = state[4]
            var h5 = state[5]
            var h6 = state[6]
            var h7 = state[7]
            var start = 0
            while start < blocks.count {
                for t in 0..<16 {
                    let at = start + 4 * t
                    schedule[t] = UInt32(blocks[at]) << 24 | UInt32(blocks[at + 1]) << 16 | UInt32(blocks[at + 2]) << 8 | UInt32(blocks[at + 3])
                }
                for t in 16..<64 {
                    let w15 = schedule[t - 15]
                    let w2 = schedule[t - 2]
                    let sigma0 = Self.rotate(w15, 7) ^ Self.rotate(w15, 18) ^ (w15 >> 3)
                    let sigma1 = Self.rotate(w2, 17) ^ Self.rotate(w2, 19) ^ (w2 >> 10)
                    schedule[t] = sigma1 &+ schedule[t - 7] &+ sigma0 &+ schedule[t - 16]
                }
                var a = h0
                var b = h1
                var c = h2
                var d = h3
                var e = h4
                var f = h5
                var g = h6
                var h = h7
                for t in 0..<64 {
                    let sum1 = Self.rotate(e, 6) ^ Self.rotate(e, 11) ^ Self.rotate(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ sum1 &+ choice &+ constants[t] &+ schedule[t]
                    let sum0 = Self.rotate(a, 2) ^ Self.rotate(a, 13) ^ Self.rotate(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = sum0 &+ majority
                    h = g
                    g = f
                    f = e
                    e = d &+ t1
                    d = c
                    c = b
                    b = a
                    a = t1 &+ t2
                }
                h0 &+= a
                h1 &+= b
                h2 &+= c
                h3 &+= d
                h4 &+= e
                h5 &+= f
                h6 &+= g
                h7 &+= h
                start += Self.blockSize
            }
            state = [h0, h1, h2, h3, h4, h5, h6, h7]
        }
    }

    /// `x` rotated right by `n` bits (ROTR, FIPS 180-4, 3.2).
    @inline(__always)
    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 {
        x >> n | x << (32 - n)
    }
}
