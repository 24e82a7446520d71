import Foundation
import MFETestSupport
import Testing

@testable import MFECore

/// mfe's own SHA-256 against the published vectors and the system's `sha256sum`: originHash,
/// the compose cache's keys and the findings' fingerprints are only as right as it is.
@Suite struct SHA256Tests {
    /// The examples of FIPS 180-4 (csrc.nist.gov "Examples with intermediate values": one and
    /// two blocks; the 896-bit message of the SHA-512 examples, hashed with SHA-256 in NIST's
    /// additional examples) and the padding edges of NIST's "SHA-256 additional examples".
    static let published: [(message: [UInt8], digest: String)] = [
        ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (
            Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        ([0xbd], "68325720aabd7c82f30f554b313d0570c95accbb7dc4b5aae11204c08ffe732b"),
        ([0xc9, 0x8c, 0x8e, 0x55], "7abc22c0ae5af26ce93dbb94433a0e0b2e119d014f8e7f65bd56c61ccccd9504"),
        (Array(repeating: 0, count: 55), "02779466cdec163811d078815c633f21901413081449002f24aa3e80f0b88ef7"),
        (Array(repeating: 0, count: 56), "d4817aa5497628e7c77e6b606107042bbba3130888c5f47a375e6179be789fbb"),
        (Array(repeating: 0, count: 57), "65a16cb7861335d5ace3c60718b5052e44660726da4cd13bb745381b235a1785"),
        (Array(repeating: 0, count: 64), "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b"),
        (Array(repeating: 0, count: 1000), "541b3e9daa09b20bf85fa273e5cbd3e80185aa4ec298e765db87742b70138a53"),
        (Array(repeating: 0x41, count: 1000), "c2e686823489ced2017f6059b8b239318b6364f6dcd835d0a519105a1eadd6e4"),
        (Array(repeating: 0x55, count: 1005), "f4d62ddec0f3dd90ea1380fa16a5ff8dc4c54b21740650f24afc4120903552b0"),
    ]

    @Test(arguments: 0..<published.count)
    func publishedVectors(index: Int) {
        let (message, digest) = Self.published[index]
        #expect(SHA256.hexDigest(message) == digest, "vector \(index): \(message.count) bytes")
    }

    /// NIST's long messages: one million `a`s (FIPS 180-2 example) and one million zero bytes,
    /// hashed in parts as a stream is; and the 1 GiB "extremely long message" of the SHAVS
    /// (`abcdefgh…hijklmno` 16 777 216 times), whose bit length needs the 64-bit length field.
    /// That one runs in optimized test builds (`swift test -c release`) or with
    /// `MFE_SHA256_GIGABYTE=1`: unoptimized, it takes minutes (534 s on 2 loaded cores).
    static let longVectors: [([UInt8], Int, String)] = {
        var vectors: [([UInt8], Int, String)] = [
            (Array("a".utf8), 1_000_000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
            ([UInt8(0)], 1_000_000, "d29751f2649b32ff572b5e0a9f541ea660a50f94ff0beedfb0b692b924cc8025"),
        ]
        #if DEBUG
            let gigabyte = ProcessInfo.processInfo.environment["MFE_SHA256_GIGABYTE"] == "1"
        #else
            let gigabyte = true
        #endif
        if gigabyte {
            vectors.append(
                (Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno".utf8), 16_777_216, "50e72a0e26442fe2552dc3938ac58658228c0cbfb1d2ca872ae435266fcd055e"))
        }
        return vectors
    }()

    @Test(arguments: longVectors)
    func longMessages(unit: [UInt8], repetitions: Int, digest: String) {
        let unitsPerChunk = max(1, (1 << 20) / unit.count)
        let chunk = Array([[UInt8]](repeating: unit, count: min(unitsPerChunk, repetitions)).joined())
        var hasher = SHA256()
        var left = repetitions
        chunk.withUnsafeBytes { bytes in
            while left > 0 {
                let units = min(unitsPerChunk, left)
                hasher.update(bytes: UnsafeRawBufferPointer(rebasing: bytes[0..<(units * unit.count)]))
                left -= units
            }
        }
        #expect(SHA256.hexadecimal(hasher.finalize()) == digest)
    }

    /// Every length from 0 to 300 bytes (each padding case: a block with room for the length, a
    /// block without, whole blocks) and a few long ones, random bytes from a printed seed, hashed
    /// by mfe and by `sha256sum` in one run.
    @Test func agreesWithSha256sumOnRandomInputs() async throws {
        let seed = UInt64.random(in: 1...UInt64.max)
        var generator = SplitMix64(seed: seed)
        let directory = try TemporaryDirectory()
        let lengths = Array(0...300) + [1023, 1024, 1025, 4095, 65_536, 65_537, 1_000_003]
        var expected: [String] = []
        var files: [String] = []
        for (index, length) in lengths.enumerated() {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let file = directory.path + "/input-\(index)"
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            files.append(file)
            expected.append(SHA256.hexDigest(bytes))
        }
        let result = try await SubprocessRunner().run("sha256sum", files, workingDirectory: nil, environment: [:])
        try #require(result.status == 0, "sha256sum: \(result.standardError)")
        let theirs = result.standardOutput.split(separator: "\n").map { String($0.prefix(64)) }
        #expect(theirs.count == lengths.count)
        for (index, digest) in zip(theirs, expected).enumerated() where digest.0 != digest.1 {
            Issue.record("seed \(seed), \(lengths[index]) bytes: sha256sum says \(digest.0), mfe \(digest.1)")
        }
    }

    /// A message given in parts of every size hashes as the message given whole.
    @Test func partsHashAsTheWhole() {
        var generator = SplitMix64(seed: 0x5eed)
        let message = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let whole = SHA256.hash(message)
        for partSize in [1, 3, 55, 63, 64, 65, 127, 500] {
            var hasher = SHA256()
            var start = 0
            while start < message.count {
                hasher.update(message[start..<min(start + partSize, message.count)])
                start += partSize
            }
            #expect(hasher.finalize() == whole, "parts of \(partSize) bytes")
        }
        #expect(whole.count == 32)
    }
}

/// A small seeded generator, so a failing random input can be made again from its seed.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1334_11eb
        return z ^ (z >> 31)
    }
}
