import ArgumentParser
import Foundation
import GlimpseCore
import GlimpseRegistry
import Widgets

/// Glimpse's command line, run with the apps a package chooses.
///
/// A widget team's package is an executable whose `main.swift` is one call:
///
/// ```swift
/// import GlimpseKit
///
/// await Glimpse.main(apps: [StepStreakApp()])
/// ```
///
/// Every command (`build`, `serve`, `check`, `diff`, …) then knows the team's apps beside any
/// of the apps Glimpse ships that `builtIn` names.
public enum Glimpse {
    /// The ids of the apps Glimpse ships, for `builtIn`.
    public static var builtInApps: [String] { GalleryApps.all.map(\.id) }

    /// This version of Glimpse, as `glimpse --version` prints it and the manifest's `generator` names it.
    public static var version: String { GlimpseVersion.current }

    /// Parses the process's arguments and runs the command they name with `apps`, then exits.
    ///
    /// - Parameters:
    ///   - apps: the package's own apps.
    ///   - builtIn: the ids of the apps Glimpse ships to include too (`builtInApps` for all five);
    ///     none by default.
    public static func main(apps: [any GalleryApp], builtIn: [String] = []) async {
        AppCatalog.select(apps: apps, builtIn: builtIn)
        await GlimpseCommand.main()
    }
}

struct GlimpseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glimpse",
        abstract: "Previews iOS widgets from App Group data as a static HTML gallery.",
        discussion: """
            Glimpse reads App Group containers, simulates each widget's WidgetKit timeline over \
            the next 24 hours, and renders every family, state and frame in light, dark and tinted \
            (vibrant for the Lock Screen).

            Exit codes: 0 success; 1 the build failed and the previous gallery is untouched; 2 bad usage.
            """,
        version: GlimpseVersion.current,
        subcommands: [
            Build.self, Serve.self, Diff.self, Review.self, Approve.self, Decisions.self, Check.self, Snapshot.self,
            Merge.self, Init.self, RegistryCommand.self,
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
