import ArgumentParser
import Foundation

@main
struct Glimpse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glimpse",
        abstract: "Previews iOS widgets from App Group data as a static HTML gallery.",
        discussion: """
            Glimpse reads App Group containers, simulates each widget's WidgetKit timeline over \
            the next 24 hours, and renders every family, state and frame in light, dark and tinted \
            (vibrant for the Lock Screen).

            Exit codes: 0 success; 1 the build failed and the previous gallery is untouched; 2 bad usage.
            """,
        version: "0.1.0",
        subcommands: [
            Build.self, Serve.self, Diff.self, Review.self, Approve.self, Decisions.self, Check.self, Snapshot.self,
            Merge.self, RegistryCommand.self,
        ],
        defaultSubcommand: Build.self
    )

    /// ArgumentParser exits 64 on bad usage; Glimpse promises 2.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure || code.rawValue == 64 {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
