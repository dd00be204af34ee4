import Foundation
import Synchronization

/// A headless Chromium, started once for a whole run and spoken to over the DevTools protocol
/// (`--remote-debugging-pipe`). Found through `$GLIMPSE_CHROMIUM`, or on `PATH`.
package final class Chromium: Sendable {
    /// What the browser calls itself: `HeadlessChrome/156.0.8078.79`.
    package let version: String
    let pipe: DevToolsPipe
    private let process: pid_t
    /// The descriptor commands are written to; closing it tells the browser to exit.
    private let writing: Int32
    private let profile: URL
    /// Closed once: a second `close()` would close a descriptor number that may belong to another file by then.
    private let closed = Mutex(false)

    /// Names tried on `PATH`, in order.
    static let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"]

    /// The browser `glimpse` would use.
    ///
    /// - Throws: `ChromiumError.notFound`, naming the package to install, or `.notExecutable` for a bad
    ///   `$GLIMPSE_CHROMIUM`.
    package static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ChromiumError) -> URL {
        if let given = environment["GLIMPSE_CHROMIUM"], !given.isEmpty {
            guard access(given, X_OK) == 0 else { throw .notExecutable(given) }
            return URL(fileURLWithPath: given)
        }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            for name in names {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                    access(candidate.path, X_OK) == 0
                {
                    return candidate
                }
            }
        }
        throw .notFound
    }

    /// Starts the browser at `executable`, headless, with a profile of its own that is removed on `close()`.
    ///
    /// - Throws: `ChromiumError.launchFailed` when it cannot start or does not answer within `timeout`.
    package static func launch(_ executable: URL, timeout: TimeInterval = 30) async throws -> Chromium {
        signal(SIGPIPE, SIG_IGN)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "glimpse-chromium-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let errors = profile.appendingPathComponent("stderr.log")
        let (toBrowser, fromBrowser): ([Int32], [Int32])
        let process: pid_t
        do {
            (toBrowser, fromBrowser) = try openPipes(for: executable)
            process = try spawn(
                executable, arguments(executable, profile: profile), errors: errors, toBrowser: toBrowser,
                fromBrowser: fromBrowser)
        } catch {
            try? FileManager.default.removeItem(at: profile)
            throw error
        }
        _ = fcntl(toBrowser[1], F_SETFL, fcntl(toBrowser[1], F_GETFL) | O_NONBLOCK)
        let connection = DevToolsPipe(writingTo: toBrowser[1], readingFrom: fromBrowser[0]) {
            "its last words: " + Self.tail(of: errors)
        }
        do {
            let answer = try await connection.send("Browser.getVersion", timeout: timeout)
            return Chromium(
                version: answer["product"] as? String ?? "Chromium", pipe: connection, process: process,
                writing: toBrowser[1], profile: profile)
        } catch {
            Self.stop(process, writing: toBrowser[1])
            try? FileManager.default.removeItem(at: profile)
            throw ChromiumError.launchFailed(executable.path, "\(error)")
        }
    }

    /// The browser's command line: headless, speaking DevTools over the pipe, with `profile` as
    /// its own, and nothing it would do in the background.
    private static func arguments(_ executable: URL, profile: URL) -> [String] {
        var arguments = [
            executable.path, "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
            "--hide-scrollbars", "--mute-audio", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--disable-field-trial-config", "--force-color-profile=srgb",
            "--disable-features=Translate,MediaRouter,OptimizationHints",
            // Every tab draws at once: none is put off as a background or covered window.
            "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
            "--disable-backgrounding-occluded-windows",
            "about:blank",
        ]
        // Chromium will not start its sandbox as root (containers, CI); what it renders here is the
        // gallery's own markup under a Content-Security-Policy that allows no script and no network.
        if geteuid() == 0 { arguments.insert("--no-sandbox", at: 1) }
        if !hasRoomForSharedMemory() { arguments.insert("--disable-dev-shm-usage", at: 1) }
        return arguments
    }

    /// Whether `/dev/shm` holds what Chromium keeps there while it draws a contact sheet. A Docker
    /// container's is 64 MB (the CI recipes' Swift image on GitHub and GitLab), too little: the
    /// browser then keeps it in the temporary folder.
    static func hasRoomForSharedMemory() -> Bool {
        var status = statvfs()
        guard statvfs("/dev/shm", &status) == 0 else { return false }
        return UInt64(status.f_blocks) * UInt64(status.f_frsize) >= 512 << 20
    }

    /// The two pipes to the browser and back (`[reading end, writing end]` each), none of their
    /// descriptors inherited by a process started later; when one cannot be made, none is left open.
    private static func openPipes(
        for executable: URL
    ) throws(ChromiumError) -> (toBrowser: [Int32], fromBrowser: [Int32]) {
        var toBrowser: [Int32] = [-1, -1]
        var fromBrowser: [Int32] = [-1, -1]
        guard Glibc.pipe(&toBrowser) == 0 else {
            throw .launchFailed(executable.path, String(cString: strerror(errno)))
        }
        guard Glibc.pipe(&fromBrowser) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(toBrowser[0])
            Glibc.close(toBrowser[1])
            throw .launchFailed(executable.path, reason)
        }
        // Only descriptors 3 and 4 are the browser's: our ends must not reach it, or it never sees the pipe close.
        for descriptor in toBrowser + fromBrowser { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (toBrowser, fromBrowser)
    }

    /// Starts the browser with the pipes' far ends as its descriptors 3 (commands) and 4 (answers),
    /// no standard input or output, and its standard error into `errors`. The far ends are closed
    /// here, started or not; our ends too when it does not start.
    private static func spawn(
        _ executable: URL, _ arguments: [String], errors: URL, toBrowser: [Int32], fromBrowser: [Int32]
    ) throws(ChromiumError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        let argv = arguments.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + environment { free(pointer) }
        }
        var process: pid_t = 0
        let spawned = posix_spawn(&process, executable.path, &actions, nil, argv, environment)
        Glibc.close(toBrowser[0])
        Glibc.close(fromBrowser[1])
        guard spawned == 0 else {
            Glibc.close(toBrowser[1])
            Glibc.close(fromBrowser[0])
            throw .launchFailed(executable.path, String(cString: strerror(spawned)))
        }
        return process
    }

    private init(version: String, pipe: DevToolsPipe, process: pid_t, writing: Int32, profile: URL) {
        self.version = version
        self.pipe = pipe
        self.process = process
        self.writing = writing
        self.profile = profile
    }

    /// Closes the browser (killed if it does not exit within 5 s) and removes its profile.
    package func close() async {
        let first = closed.withLock { closed in
            let first = !closed
            closed = true
            return first
        }
        guard first else { return }
        _ = try? await pipe.send("Browser.close", timeout: 5)
        Self.stop(process, writing: writing)
        try? FileManager.default.removeItem(at: profile)
    }

    private static func stop(_ process: pid_t, writing: Int32) {
        Glibc.close(writing)
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(process, &status, WNOHANG) == process { return }
            usleep(100_000)
        }
        kill(process, SIGKILL)
        waitpid(process, &status, 0)
    }

    /// The last lines the browser wrote to its standard error.
    private static func tail(of file: URL) -> String {
        guard let data = try? Data(contentsOf: file) else { return "(none)" }
        let lines = String(decoding: data.suffix(4096), as: UTF8.self).split(separator: "\n").suffix(4)
        return lines.isEmpty ? "(none)" : lines.joined(separator: " | ")
    }
}

/// Why no browser could be used.
package enum ChromiumError: Error, CustomStringConvertible {
    case notFound
    case notExecutable(String)
    case launchFailed(String, String)

    package var description: String {
        switch self {
        case .notFound:
            "no Chromium found: none of \(Chromium.names.joined(separator: ", ")) is on PATH, and GLIMPSE_CHROMIUM "
                + "is not set. "
                + "Install it (Debian: sudo apt-get install chromium) or set GLIMPSE_CHROMIUM to its path"
        case .notExecutable(let path): "GLIMPSE_CHROMIUM is \(path), which is not an executable file"
        case .launchFailed(let path, let reason): "could not start \(path): \(reason)"
        }
    }
}
