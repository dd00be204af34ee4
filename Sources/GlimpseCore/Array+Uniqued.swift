extension Array where Element: Hashable {
    /// The elements, each once, in the order they first appear.
    public func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
