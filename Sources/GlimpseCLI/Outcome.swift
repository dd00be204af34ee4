import ArgumentParser
import Foundation

/// How a command ends, as a value: what it did and its verdict, decided before a word is printed.
/// The command's `run` says it and exits with its code (`OutcomeCommand`); a test reads the value.
protocol CommandOutcome {
    /// What the command says of it, in order.
    var said: [Said] { get }

    /// 0, or 1 when the verdict fails the run: findings that fail, changes to review, a stale registry.
    var exitCode: Int32 { get }
}

/// One line a command says.
struct Said: Equatable, Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        /// What was done, on standard error; `--quiet` leaves it out.
        case note
        /// A warning or an error, on standard error always.
        case problem
        /// What a script reads, on standard output (`registry --list`, `init`'s next step).
        case result
    }

    var kind: Kind
    var text: String

    var description: String { text }

    static func note(_ text: String) -> Said { Said(kind: .note, text: text) }
    static func problem(_ text: String) -> Said { Said(kind: .problem, text: text) }
    static func result(_ text: String) -> Said { Said(kind: .result, text: text) }
}

/// Work that failed, with the exit code it fails with (2 for bad input or an unreadable file, 1
/// for a build that could not be written) and the warnings that came before it. `GlimpseCommand.run`
/// says them, then the failure once, as `error: …`.
struct CommandFailure: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var before: [Said] = []

    var description: String { message }

    /// Runs `work`; an error it throws fails with `code`, unless it is a failure already.
    static func exiting<T>(_ code: Int32, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch {
            throw failure(error, code: code)
        }
    }

    /// The same, for work that waits.
    static func exiting<T>(_ code: Int32, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch {
            throw failure(error, code: code)
        }
    }

    /// `error` as a failure with `code`, unless it is one already.
    static func failure(_ error: any Error, code: Int32) -> CommandFailure {
        error as? CommandFailure ?? CommandFailure(code: code, message: "\(error)")
    }
}

/// A command whose work ends in a `CommandOutcome`: `outcome()` does the work and says nothing
/// but progress; `run` says the outcome and exits with its code.
protocol OutcomeCommand: AsyncParsableCommand {
    associatedtype Outcome: CommandOutcome

    /// Whether notes are left out (`--quiet`).
    var quiet: Bool { get }

    func outcome() async throws -> Outcome
}

extension OutcomeCommand {
    func run() async throws {
        let outcome = try await outcome()
        Console(quiet: quiet).say(outcome.said)
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }
}

extension Console {
    /// Each line where its kind goes.
    func say(_ lines: [Said]) {
        for line in lines {
            switch line.kind {
            case .note: info(line.text)
            case .problem: error(line.text)
            case .result: Self.write(Self.printable(line.text) + "\n", to: .output)
            }
        }
    }
}
