import Foundation
import GlimpseCheck
import GlimpseFormat
import GlimpseGallery
import GlimpseServe
import GlimpseShots

/// `glimpse serve --check`: the served gallery checked as `glimpse check` would, page by page, in
/// the background. After the first build every widget page is checked, the pages open in a browser
/// first; after each save, the pages it changed. Each page shows its findings, and says while it
/// is being checked again.
///
/// `CheckRun` reads a gallery from disk, so the served gallery is mirrored into a temporary folder:
/// whole once, then the files each rebuild changed, always between two runs, never during one.
actor LiveCheck {
    let site: LiveSite
    let server: PreviewServer
    let console: Console
    let accept: String?
    /// The mirror of the served gallery that `CheckRun` reads.
    nonisolated let folder: URL
    /// Files changed since the mirror was last written; nil until it is written whole.
    private var dirty: Set<String>?
    /// Widget pages to check, and those being checked.
    private var pending: Set<String> = []
    private var checking: Set<String> = []
    /// The findings of each page checked, before the accept file.
    private var found: [String: [Findings.Finding]] = [:]
    private var note: String?
    private var running = false
    /// One Chromium for every run, launched at the first and kept while serving, so that a save
    /// does not wait for a launch; closed after a run that failed.
    private var browser: Chromium?

    /// Pages checked in one run: the pages open in a browser go first, in a run of their own, so
    /// that they show their findings soonest; the rest go this many at a time.
    static let pagesPerRun = 4

    init(site: LiveSite, server: PreviewServer, console: Console, accept: String?) throws {
        self.site = site
        self.server = server
        self.console = console
        self.accept = accept
        _ = try CheckFindings.accepted(option: accept)
        // A folder of its own, made by mkdtemp (mode 0700, a name no one could have made first).
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("glimpse-serve-check-XXXXXX").path.utf8CString
        )
        guard let made = mkdtemp(&template) else {
            throw CheckError.usage("cannot make a temporary folder for the check: \(String(cString: strerror(errno)))")
        }
        folder = URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// After the first build: every page is checked.
    func start() {
        schedule(changed: nil)
    }

    /// After a rebuild that was swapped in: the pages it changed are checked again.
    func changed(_ update: LiveUpdate) {
        guard update.failure == nil, !update.changedFiles.isEmpty else { return }
        schedule(changed: update.changedFiles)
    }

    /// The pages among `changed` (every page for nil) to check, and the files to mirror.
    private func schedule(changed: Set<String>?) {
        let pages = Set(site.current.withLock { $0.pageUnits.keys })
        if let changed {
            dirty?.formUnion(changed)
            pending.formUnion(changed.intersection(pages))
        } else {
            dirty = nil
            pending = pages
        }
        for page in found.keys where !pages.contains(page) { found[page] = nil }
        pending.formIntersection(pages)
        guard !pending.isEmpty else { return }
        publish()
        if !running {
            running = true
            Task { await drain() }
        }
    }

    /// Checks the pending pages, a run at a time, until none is left.
    private func drain() async {
        while !pending.isEmpty {
            let started = ContinuousClock.now
            let open = pending.intersection(server.openPages())
            checking = Set((open.isEmpty ? pending : open).sorted().prefix(Self.pagesPerRun))
            pending.subtract(checking)
            publish()
            do {
                try mirror()
                let gallery = try Gallery.load(folder, detail: .outline)
                let chromium = try Chromium.locate()
                if browser == nil { browser = try await Chromium.launch(chromium) }
                guard let open = browser else { continue }
                let run = try await CheckRun.run(
                    gallery,
                    options: CheckRun.Options(
                        rules: Set(CheckRule.allCases), jobs: 1, chromium: chromium, pages: checking),
                    in: open)
                for page in checking { found[page] = [] }
                for finding in try run.findings.all() { found[finding.page, default: []].append(finding) }
                note = nil
                let count = run.findings.count
                console.info(
                    "Checked \(checking.count) page\(checking.count == 1 ? "" : "s") in "
                        + "\(Serve.milliseconds(ContinuousClock.now - started)) ms: "
                        + "\(count) finding\(count == 1 ? "" : "s") before the accept file")
            } catch {
                note = "the check failed: \(error)"
                console.error("glimpse check: \(error)")
                await browser?.close()
                browser = nil
            }
            checking = []
            publish()
        }
        running = false
    }

    /// Writes the served gallery's changed files into the mirror (all of them the first time).
    private func mirror() throws {
        let files = site.current.withLock { $0.files }
        let paths = dirty ?? Set(files.keys)
        for path in paths {
            guard let target = Gallery.pageURL(path, in: folder) else { continue }
            if let data = files[path] {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target, options: .atomic)
            } else {
                try? FileManager.default.removeItem(at: target)
            }
        }
        dirty = []
    }

    /// The findings so far, with the accept file as it is now, served to every page.
    private func publish() {
        var accepted: AcceptedFindings?
        var problem: String?
        do {
            accepted = try CheckFindings.accepted(option: accept)
        } catch {
            problem = "\(error)"
        }
        let note = problem ?? self.note
        // A page waiting for its check shows none of its earlier findings: they are of bytes it no
        // longer has. Its card has no count, and the page says it is being checked.
        let waiting = pending.union(checking)
        let findings = CheckFindings.assemble(
            found.filter { !waiting.contains($0.key) }.values.flatMap { $0 },
            gallery: Findings.Gallery(path: "glimpse serve", generator: "", now: "", widgets: found.count),
            rules: CheckRule.allCases, accepted: accepted, baseline: nil)
        server.showFindings { page in
            try? CheckOverlay.script(
                findings, page: page, root: "/",
                status: CheckOverlay.Status(checking: waiting.contains(page), note: note))
        }
    }

    /// Removes the mirror: when serve stops.
    nonisolated func removeMirror() {
        try? FileManager.default.removeItem(at: folder)
    }
}
