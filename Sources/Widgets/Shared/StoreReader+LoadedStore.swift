import GlimpseCore

/// What an app read of its store: its own value, and the diagnostics and inspector excerpts of
/// reading it. Every app's `load` returns one.
public struct LoadedStore<Value> {
    public var value: Value
    public var diagnostics: [Diagnostic]
    public var excerpts: [StoreExcerpt]

    public init(value: Value, diagnostics: [Diagnostic] = [], excerpts: [StoreExcerpt] = []) {
        self.value = value
        self.diagnostics = diagnostics
        self.excerpts = excerpts
    }
}

extension LoadedStore: Sendable where Value: Sendable {}

extension StoreReader {
    /// What was read, as every app's `load` returns it.
    public func loaded<Value>(_ value: Value) -> LoadedStore<Value> {
        LoadedStore(value: value, diagnostics: diagnostics, excerpts: excerpts)
    }
}
