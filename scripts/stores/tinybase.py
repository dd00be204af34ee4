"""A TinyBase store as its Expo SQLite persister writes it in its default JSON mode
(tinyplex/tinybase v7.3.1, `src/persisters/common/database/json.ts`, `sqlite.ts`):

    CREATE TABLE"tinybase"("_id" PRIMARY KEY,"store");
    INSERT INTO"tinybase"("_id","store")VALUES('_', '[tables, values]')

`store` is `JSON.stringify([tables, values])`: compact, each object in the order its keys were
first set. TinyBase drops `null` cells (no schema allows them), so leave them out."""
import pathlib
import sqlite3

from stores.encoders import javascript_json


def write(path, tables, values=None, store_text=None):
    """Writes the database at `path` with one row: `tables` and `values` as TinyBase saves them,
    or `store_text` (bytes) as the `store` cell when given, for a store no save would leave."""
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    store = store_text if store_text is not None else javascript_json([tables, values or {}])
    db = sqlite3.connect(path)
    db.execute('CREATE TABLE"tinybase"("_id" PRIMARY KEY,"store");')
    db.execute('INSERT INTO"tinybase"("_id","store")VALUES(?,?)', ("_", store.decode()))
    db.commit()
    db.close()
