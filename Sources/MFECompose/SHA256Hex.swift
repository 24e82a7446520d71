import Foundation
import MFEManifest

extension SHA256Hex {
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
