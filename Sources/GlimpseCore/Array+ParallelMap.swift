import Foundation

extension Array where Element: Sendable {
    /// `transform` over every element, at most `width` at a time on Swift's cooperative pool, with
    /// the results in the order of the elements, so the output does not depend on scheduling.
    ///
    /// A `width` of 1 runs the elements one after another, in order: the serial build that a
    /// parallel one must equal byte for byte.
    public func parallelMap<Result: Sendable>(
        width: Int, _ transform: @escaping @Sendable (Element) async throws -> Result
    ) async throws -> [Result] {
        guard width > 1, count > 1 else {
            var results: [Result] = []
            for element in self { results.append(try await transform(element)) }
            return results
        }
        return try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var results = [Result?](repeating: nil, count: count)
            var next = 0
            func start() {
                let index = next
                let element = self[index]
                group.addTask { (index, try await transform(element)) }
                next += 1
            }
            while next < Swift.min(width, count) { start() }
            while let (index, result) = try await group.next() {
                results[index] = result
                if next < count { start() }
            }
            return results.map { $0! }
        }
    }
}
