extension JustNowApp {
    /// What every scenario shows besides its store: the prompts and their rotation.
    public struct Inputs: Sendable {
        var rotation: JustNowPromptRotation
    }

    /// The prompts of `content/prompts/justnow/`, rotating as `content/site.yaml` sets: read
    /// once a build, for every scenario.
    public func inputs(_ context: InputContext) async throws -> Inputs {
        Inputs(rotation: try await context.shared("\(id).prompts") { try JustNowPrompts.rotation($0) })
    }
}
