import Foundation
import GRDB

/// Writes a TinyBase store at `url` as its Expo SQLite persister saves one in JSON mode: a table
/// `tinybase` of one row, `_id` `'_'`, whose `store` is `json` (`[tables, values]`).
public func writeTinyBaseStore(_ json: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: url.path)
    try queue.write { db in
        try db.execute(sql: #"CREATE TABLE"tinybase"("_id" PRIMARY KEY,"store");"#)
        try db.execute(sql: #"INSERT INTO"tinybase"("_id","store")VALUES(?,?)"#, arguments: ["_", json])
    }
    try queue.close()
}
