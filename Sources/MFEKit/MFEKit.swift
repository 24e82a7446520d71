@_exported import MFEAdoption
@_exported import MFEAffected
@_exported import MFECompose
// MFEKit, the library product: one import for mfe's public API, re-exported from the
// layered modules that hold it (README, "Architecture").
@_exported import MFECore
@_exported import MFEFrontend
@_exported import MFEImports
@_exported import MFELint
@_exported import MFEManifest
@_exported import MFEReport
@_exported import MFEScaffold
@_exported import MFEWorkspace
@_exported import MFEXcode
