import MFECore
import Testing

@testable import MFEWorkspace

/// `owners:` in a workspace `mfe.yml` and `owner:` in a feature's, as the Teams article writes
/// them, with located errors for what is not a team handle.
@Suite("owners in mfe.yml")
struct OwnersConfigurationTests {
    func workspace(_ yaml: String) throws -> WorkspaceConfiguration {
        guard case .workspace(let configuration) = try ConfigurationParser().parse(yaml, file: "mfe.yml") else {
            throw WorkspaceError.emptyConfiguration(at: SourceLocation(file: "", line: 0, column: 0))
        }
        return configuration
    }

    @Test func ownersMapHandlesToNamesAndGlobsInFileOrder() throws {
        let configuration = try workspace("workspace: W\nowners:\n  \"@acme/checkout\": [Checkout*, Payments]\n  \"@acme/platform\": Env\n  ops@acme.com: [\"*Client\"]\n")
        #expect(
            configuration.owners.map { "\($0.handle) \($0.glob.pattern) \($0.location.line):\($0.location.column)" } == [
                "@acme/checkout Checkout* 3:22", "@acme/checkout Payments 3:33", "@acme/platform Env 4:21", "ops@acme.com *Client 5:18",
            ])
    }

    @Test func aFeaturesOwnerIsAStringOrAList() throws {
        let one = try ConfigurationParser().parse("feature: Search\nlayer: product\nowner: \"@acme/search\"\n", file: "mfe.yml")
        #expect(
            one == .feature(FeatureConfiguration(feature: "Search", layer: .product, file: "mfe.yml", layerLocation: SourceLocation(file: "mfe.yml", line: 2, column: 8))).withOwners(["@acme/search"]))
        let two = try ConfigurationParser().parse("feature: Search\nlayer: product\nowner: [\"@acme/search\", \"@octocat\"]\n", file: "mfe.yml")
        guard case .feature(let feature) = two else {
            Issue.record("not a feature")
            return
        }
        #expect(feature.owners == ["@acme/search", "@octocat"])
    }

    static let badOwners: [(String, String)] = [
        (
            "workspace: W\nowners:\n  acme: [A]\n",
            "mfe.yml:3:3: 'acme' is not an owner; write a team handle such as '@acme/checkout', a user such as '@octocat', or an email address, as CODEOWNERS does"
        ),
        ("workspace: W\nowners:\n  \"@acme/a\": []\n", "mfe.yml:3:14: 'owners.@acme/a:' names nothing; list the features, packages or globs the team owns, e.g. [Checkout*, Payments]"),
        ("workspace: W\nowners:\n  \"@acme/a\":\n", "mfe.yml:3:3: 'owners.@acme/a:' names nothing; list the features, packages or globs the team owns, e.g. [Checkout*, Payments]"),
        (
            "feature: S\nlayer: product\nowner: \"@ team\"\n",
            "mfe.yml:3:8: '@ team' is not an owner; write a team handle such as '@acme/checkout', a user such as '@octocat', or an email address, as CODEOWNERS does"
        ),
    ]

    @Test(arguments: badOwners.indices)
    func whatIsNoTeamHandleIsALocatedError(index: Int) {
        let (yaml, message) = Self.badOwners[index]
        #expect(throws: (any Error).self) { try ConfigurationParser().parse(yaml, file: "mfe.yml") }
        do {
            _ = try ConfigurationParser().parse(yaml, file: "mfe.yml")
        } catch {
            #expect(error.localizedDescription == message)
        }
    }
}

extension ConfigurationFile {
    /// The feature configuration with `owner:` set.
    func withOwners(_ owners: [String]) -> ConfigurationFile {
        guard case .feature(var feature) = self else { return self }
        feature.owners = owners
        return .feature(feature)
    }
}
