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

    /// Runs the process's arguments, then exits with the command's code.
    static func main() async {
        let code = await run(arguments: Array(CommandLine.arguments.dropFirst()))
        Foundation.exit(code)
    }

    /// Parses `arguments`, runs the command they name, and returns its exit code: 0 success, its
    /// outcome's code (`ExitCode`), a failure's (`CommandFailure`, said as `error: …`), 2 bad usage
    /// (ArgumentParser's own is 64; Glimpse promises 2). What it says goes through `Console`, so a
    /// test reads it in this process.
    static func run(arguments: [String]) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            return 0
        } catch let failure as CommandFailure {
            let console = Console(quiet: false)
            console.say(failure.before.filter { $0.kind == .problem })
            console.error("error: \(failure.message)")
            return failure.code
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .validationFailure || code.rawValue == 64 {
                Console.write(message + "\n", to: .error)
                return 2
            }
            // --help and --version are a clean exit, said on standard output.
            if !message.isEmpty { Console.write(message + "\n", to: code == .success ? .output : .error) }
            return code.rawValue
        }
    }
}
