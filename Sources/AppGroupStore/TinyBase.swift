import Foundation
import GlimpseCore

/// A TinyBase store as its Expo SQLite persister keeps it in its default JSON mode
/// (tinyplex/tinybase v7.3.1, `src/persisters/common/database/json.ts`): one table `tinybase`,
/// columns `_id` and `store`, one row `_id = '_'` whose `store` is the whole store as compact JSON,
/// `[tables, values]`. Every save rewrites that row.
///
/// `tables` is `{tableId: {rowId: {cellId: cell}}}`, each cell a string, number or Boolean; TinyBase
/// drops a cell its schema does not allow (`null` among them) on load. JSON's object order is the
/// order rows were added. An app decodes `store` into its own model.
public enum TinyBase {
    /// The persister's table in JSON mode, as it names it by default. A database without it is a
    /// store TinyBase has not saved yet: no rows. The one value may be as large as a store file.
    public static let jsonTable = SQLiteTable(
        name: "tinybase", columns: ["_id", "store"], maximumValueBytes: Limits.storeFile.value, mayBeMissing: true)
    /// `_id` of the one row (`SINGLE_ROW_ID`).
    public static let rowID = "_"
}
