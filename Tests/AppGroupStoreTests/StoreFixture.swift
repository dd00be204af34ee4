import Foundation

/// A temporary store root that tests fill with files, removed at deinit.
final class StoreFixture {
    let root: URL

    init() {
        root = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("glimpse-store-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    @discardableResult
    func write(_ relativePath: String, _ data: Data) -> URL {
        let url = root.appendingPathComponent(relativePath)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! data.write(to: url)
        return url
    }

    @discardableResult
    func write(_ relativePath: String, _ text: String) -> URL {
        write(relativePath, Data(text.utf8))
    }

    func plist(_ values: [String: Any], format: PropertyListSerialization.PropertyListFormat) -> Data {
        try! PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
    }

    /// Every file under the root with its size and modification date, to show nothing changed.
    func listing() -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)!
        while let path = enumerator.nextObject() as? String {
            let attributes = try! FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(path).path)
            let data = (try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data()
            result[path] = "\(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? "") \(data.hashValue)"
        }
        return result
    }
}
