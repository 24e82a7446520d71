import Crypto
import Foundation

/// Lowercase hexadecimal SHA-256, the form of `Package.resolved`'s `originHash`.
package enum SHA256Hex {
    /// The digest of `data`.
    package static func digest(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// `originHash` as SwiftPM computes it (`computeResolvedFileOriginHash`): the SHA-256 of
    /// the root manifests' bytes followed by the locations of the root's extra dependencies,
    /// which for an Xcode project are its package references.
    package static func originHash(rootManifests: [Data], dependencyLocations: [String] = []) -> String {
        var content = Data()
        for manifest in rootManifests { content.append(manifest) }
        for location in dependencyLocations { content.append(Data(location.utf8)) }
        return digest(content)
    }
}
