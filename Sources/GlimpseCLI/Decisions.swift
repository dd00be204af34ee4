import ArgumentParser

/// `glimpse decisions`: the decisions folder itself, apart from deciding.
struct Decisions: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The decisions folder (glimpse-decisions/): a file a decision, so that pull requests merge.",
        discussion: """
            glimpse approve and glimpse review write each decision into a file of its own, named after the change \
            it decides: two branches that decide different changes merge with plain git merge, and two that decide \
            one change differently both write that one file, a conflict git stops at for a person to settle.
            """,
        subcommands: [MigrateDecisions.self])
}
