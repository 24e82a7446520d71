public enum MFEKitVersion { public static let current = "0.1.0" }
