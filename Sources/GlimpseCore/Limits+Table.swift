/// The limits themselves, group by group. Each site that enforces one reads `Limits.<name>.value`.
extension Limits {
    // MARK: What a store may hold

    public static let storeFile = Limit(
        "store-file", 64 << 20, .bytes,
        why:
            "A JSON or property-list store is read whole; the five apps' are kilobytes, and a year of data is a few MB",
        past: "The file is refused unread: the widget shows its fallback, and a diagnostic names the file and its size")
    public static let storeDatabase = Limit(
        "store-database", 1 << 30, .bytes,
        why: "A SQLite store is copied a MiB at a time and read through a cursor, never whole",
        past: "The database, its -wal or its -shm is refused: fallback, and a diagnostic naming it")
    public static let storeValue = Limit(
        "store-value", 64 << 10, .bytes,
        why:
            "More than any value a widget reads from a table's row (a document kept in one cell, as TinyBase's "
            + "store, has the store-file limit); SQLite refuses it before loading it",
        past: "The row is skipped, unread, and counted in a diagnostic")
    public static let storeString = Limit(
        "store-string", 2_048, .characters,
        why:
            "A large widget at the smallest text size draws about 1,600 characters in all, so no one string can "
            + "show more; a title is a line",
        past:
            "Shortened to 2,048 characters and \"…\" where it is read, before anything copies it into frames, "
            + "schemes, the VoiceOver line, the inspector or the manifest; a warning names the file, the field "
            + "and its length")
    public static let storeDepth = Limit(
        "store-depth", 64, .levels,
        why: "The five apps' JSON nests four levels at most; a decoder recurses once per level",
        past: "The file is refused as corrupt, naming where: fallback")
    public static let storeItems = Limit(
        "store-items", 2_000_000, .items,
        why:
            "Items in one array of a store's JSON: a 64 MiB file holds about two million of the smallest habit or "
            + "session; an app counts what it does not keep (a list's \"+N more\" is exact at a million)",
        past: "The file is refused as corrupt, naming the array: fallback")
    public static let storeRows = Limit(
        "store-rows", 200_000, .items,
        why:
            "Rows of one table of a store kept whole as JSON (TinyBase's): 50 habits checked every day for ten "
            + "years are 183,000 checks. Each row decoded takes about 400 bytes, so past this the store would "
            + "take more memory than a build may",
        past: "The store is refused as corrupt, naming the table: fallback")
    public static let storeExcerpt = Limit(
        "store-excerpt", 16 << 10, .bytes,
        why: "What the detail page's inspector shows of a store file: enough to read a sample store whole",
        past: "The excerpt ends in \"…\"; the widget reads the whole file")
    public static let storeTimeout = Limit(
        "store-timeout", 10, .seconds,
        why:
            "Reading one app's store, all of its files, listings and decoding together (--store-timeout); a store "
            + "on a network mount that stops answering must not stop the build",
        past:
            "That widget shows its fallback with a diagnostic naming the file; the build goes on. A read still "
            + "blocked is not started again while it is")
    public static let storeStuckReads = Limit(
        "store-stuck-reads", 32, .items,
        why:
            "Reads abandoned at their timeout and not yet returned, in the whole process: each keeps a thread until "
            + "it returns. A file with a read still stuck is not read again, so serve rebuilding on every save "
            + "keeps one thread per stuck file, not one per save",
        past: "No read of a store starts: every widget that would read one shows its fallback, naming the file")
    public static let storeMetadata = Limit(
        "store-metadata", 1 << 20, .bytes,
        why: "A container's metadata plist names its App Group in a few hundred bytes",
        past: "The container is not identified by it: a diagnostic names the file")

    static let store = [
        storeFile, storeDatabase, storeValue, storeString, storeDepth, storeItems, storeRows, storeExcerpt,
        storeTimeout, storeStuckReads, storeMetadata,
    ]

    // MARK: Glimpse's own content

    public static let contentFile = Limit(
        "content-file", 64 << 20, .bytes,
        why: "The largest file of content, templates or a scenario read",
        past: "The build fails, naming the file")
    public static let yamlFile = Limit(
        "yaml-file", 1 << 20, .bytes,
        why: "A scenario is a few hundred bytes of YAML",
        past: "The build fails, naming the file")
    public static let yamlNodes = Limit(
        "yaml-nodes", 20_000, .nodes,
        why: "What a document may expand to, aliases followed: a YAML bomb expands to billions",
        past: "The build fails, naming the file")
    public static let templateFile = Limit(
        "template-file", 4 << 20, .bytes,
        why: "A Mustache template is a few kB",
        past: "The build fails, naming the file")
    public static let copyText = Limit(
        "copy-text", 4_096, .characters,
        why: "A copy key or a prompt is a sentence or two; the longest of the five apps' is under 300",
        past: "The build fails, naming the file and its length")
    public static let scenarioText = Limit(
        "scenario-text", 2_000, .characters,
        why: "A scenario's title is a line and its description a paragraph, shown in the sidebar and on pages",
        past: "The build fails, naming the file and the field")

    static let content = [contentFile, yamlFile, yamlNodes, templateFile, copyText, scenarioText]

    // MARK: What a gallery reader accepts (diff, check, review, snapshot, merge)

    public static let manifestFile = Limit(
        "manifest-file", 2 << 30, .bytes,
        why: "A gallery of every screen and text size in six languages (89,136 widgets) has a manifest of 1.2 GB",
        past: "Exit 2, naming the file and the limit")
    public static let manifestDepth = Limit(
        "manifest-depth", 32, .levels,
        why: "A manifest nests seven levels, and the tools' other JSON files (findings, decisions, shards) fewer",
        past: "Exit 2, naming the file, the field and the limit, before decoding")
    public static let manifestString = Limit(
        "manifest-string", 16_384, .characters,
        why:
            "A manifest's longest text is a copy (at most 4,096) with store strings (at most 2,048 each) in its "
            + "placeholders, or a diagnostic quoting one",
        past: "Exit 2, naming the file, the field and the limit, before decoding")
    public static let manifestItems = Limit(
        "manifest-items", 2_000_000, .items,
        why: "The widgets of a full-axis gallery in every language and appearance, with room to spare",
        past: "Exit 2, naming the file, the field and the limit, before decoding")
    public static let galleryAssets = Limit(
        "gallery-assets", 1_000, .items,
        why: "A gallery has a stylesheet, a script and fonts",
        past: "Exit 2")
    public static let stylesheetRules = Limit(
        "stylesheet-rules", 16 << 20, .bytes,
        why:
            "A gallery's stylesheets without comments and spacing, all together, kept to find the rules that "
            + "changed; Glimpse's are about 50 KB",
        past:
            "A stylesheet past it is compared by its digest alone: a change to it makes every frame both galleries "
            + "have a candidate for --pixels")
    public static let pageFile = Limit(
        "page-file", 64 << 20, .bytes,
        why: "A detail page of a widget with a thousand frames is about 5 MB",
        past: "Exit 2, naming the page")
    public static let findingsFile = Limit(
        "findings-file", 1 << 30, .bytes,
        why: "About a million findings",
        past: "Exit 2, naming the file")
    public static let diffReport = Limit(
        "diff-report", 1 << 30, .bytes,
        why: "A full-axis diff.json is well under it",
        past: "Exit 2, naming the file")
    public static let snapshotIndex = Limit(
        "snapshot-index", 512 << 20, .bytes,
        why: "A full-axis gallery's snapshot index is about 150 MB",
        past: "Exit 2, naming the file")
    public static let shardFile = Limit(
        "shard-file", 64 << 20, .bytes,
        why: "A full-axis shard.json is about 2 MB",
        past: "Exit 2, naming the file")
    public static let shardCount = Limit(
        "shard-count", 256, .items,
        why: "More shards than CI machines",
        past: "Exit 2")
    public static let shardImage = Limit(
        "shard-image", 64 << 20, .bytes,
        why: "Far more than any widget's PNG",
        past: "Exit 2, naming the image")
    public static let shardFindingsLine = Limit(
        "shard-findings-line", 1 << 20, .bytes,
        why: "Far more than any one finding",
        past: "Exit 2, naming the file")
    public static let shardFindingsFile = Limit(
        "shard-findings-file", 4 << 30, .bytes,
        why: "A full-axis check has about 600 MB of findings",
        past: "Exit 2, naming the file")
    public static let acceptedFile = Limit(
        "accepted-file", 4 << 20, .bytes,
        why: "Larger than any hand-kept list of accepted findings",
        past: "Exit 2, naming the file")
    public static let approvalsFile = Limit(
        "approvals-file", 16 << 20, .bytes,
        why: "More than a team's decisions on any gallery (the approvals file of version 1, still read)",
        past: "Exit 2, naming the file")
    public static let decisionFile = Limit(
        "decision-file", 64 << 10, .bytes,
        why: "One decision's file in the decisions folder: the longest note is 2,000 characters",
        past: "Exit 2, naming the file")
    public static let decisionFiles = Limit(
        "decision-files", 100_000, .items,
        why: "Files in the decisions folder: more than a team decides on any gallery, a decision a file",
        past: "Exit 2, naming the folder")

    static let readers = [
        manifestFile, manifestDepth, manifestString, manifestItems, galleryAssets, stylesheetRules, pageFile,
        findingsFile, diffReport, snapshotIndex, shardFile, shardCount, shardImage, shardFindingsLine,
        shardFindingsFile, acceptedFile, approvalsFile, decisionFile, decisionFiles,
    ]

    // MARK: The tools' own outputs and inputs

    public static let reviewNote = Limit(
        "review-note", 2_000, .characters,
        why: "A note or comment on a decision; longer is a document, not a decision",
        past: "Refused, with the limit")
    public static let pullRequestSummary = Limit(
        "pull-request-summary", 65_536, .bytes,
        why: "GitHub's limit for a comment's body",
        past: "The list of changes is cut short, saying how many more there are")
    public static let findingsListedPerProblem = Limit(
        "findings-listed-per-problem", 100, .items,
        why: "The findings a check report's page of one problem lists; findings.json keeps every finding",
        past: "The page says how many more there are")
    public static let devToolsMessage = Limit(
        "devtools-message", 256 << 20, .bytes,
        why: "A 4,096 × 4,096 screenshot in base64 is about 20 MB",
        past: "The browser is stopped and the command exits 2")
    public static let imagePixels = Limit(
        "image-pixels", 16_384 * 16_384, .pixels,
        why: "1 GiB of RGBA: more than any screenshot Glimpse takes",
        past: "The image is refused before memory is taken for it")
    public static let networkBody = Limit(
        "network-body", 16 << 20, .bytes,
        why: "A price API's response is a few kB",
        past: "The response is malformed: the widget shows its offline state")
    public static let networkTimeout = Limit(
        "network-timeout", 15, .seconds,
        why: "A price API that does not answer in 15 s is down for the widget too",
        past: "The widget shows its offline state, with a diagnostic")
    public static let decisionLockWait = Limit(
        "decision-lock-wait", 30, .seconds,
        why:
            "A writer of decisions holds the lock for milliseconds; 40 at once wait a few seconds on two cores. "
            + "GLIMPSE_LOCK_TIMEOUT sets another",
        past: "Exit 2, naming the writer that holds the lock (a review answers 503)")

    static let tools = [
        reviewNote, pullRequestSummary, findingsListedPerProblem, devToolsMessage, imagePixels, networkBody,
        networkTimeout, decisionLockWait,
    ]

    // MARK: glimpse serve

    public static let requestBody = Limit(
        "request-body", 16 << 10, .bytes,
        why: "A decision or a comment from a page",
        past: "413")
    public static let viewEvents = Limit(
        "view-events", 100, .items,
        why: "More taps than anyone makes in a review",
        past: "400, naming the limit")
    public static let viewText = Limit(
        "view-text", 200, .characters,
        why: "A query value: a time, a zone, a locale",
        past: "400, naming the limit")
    public static let viewsKept = Limit(
        "views-kept", 64, .items,
        why: "A designer flips among a few views; a crawler cannot fill memory",
        past: "The oldest view is dropped and drawn again when asked")
    public static let watchedFolders = Limit(
        "watched-folders", 20_000, .items,
        why: "A --store pointed at a whole disk must not exhaust inotify",
        past: "Those folders are not watched, and serve says so once")

    static let serve = [requestBody, viewEvents, viewText, viewsKept, watchedFolders]
}
