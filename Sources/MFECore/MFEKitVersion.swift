/// mfe's version: the release the next tag makes (CHANGELOG's `[Unreleased]` becomes this
/// section), which generated CI workflows pin and the release workflow checks the tag against.
public enum MFEKitVersion { public static let current = "0.3.0" }
