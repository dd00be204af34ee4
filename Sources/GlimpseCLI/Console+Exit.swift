import ArgumentParser
import Foundation

extension Console {
    /// Runs a command's work; what it throws is printed once, as `error: …`, and the command
    /// exits with `code`. An `ExitCode` it throws has been said already (and is not an error to
    /// describe: `ExitCode(rawValue: 2)` is no message), so it leaves as it is.
    func exiting<T>(_ code: Int32, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            self.error("error: \(error)")
            throw ExitCode(code)
        }
    }

    /// The same, for work that waits.
    func exiting<T>(_ code: Int32, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            self.error("error: \(error)")
            throw ExitCode(code)
        }
    }
}
