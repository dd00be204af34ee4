"""A SwiftData store as Core Data writes it to SQLite (`default.store`).

SwiftData keeps each `@Model` class in a Core Data entity, and Core Data writes each entity to a
table named `Z` + the entity's name in capitals, each attribute to a column named `Z` + its name in
capitals. Every table starts with `Z_PK` (the row's key, from 1), `Z_ENT` (the entity's number) and
`Z_OPT` (the row's version, 1 when inserted, one more at each save). Attribute columns follow by
type, then by name: INTEGER (integers and Booleans), TIMESTAMP and FLOAT together, DECIMAL,
VARCHAR, BLOB. A `Date` is a TIMESTAMP: seconds since 2001-01-01 00:00 UTC, as a REAL.

Beside them: `Z_PRIMARYKEY` (each entity's number, name, parent and highest key; the model's
entities numbered from 1 in name order, persistent history's from 16001), `Z_METADATA` (the store's
UUID and a binary plist of its model's hashes), `Z_MODELCACHE`, and persistent history's
`ATRANSACTION`, `ACHANGE` and `ATRANSACTIONSTRING`, which SwiftData always creates.

Sources: fatbobman, "How Core Data Saves Data in SQLite"; public dumps of SwiftData and Core Data
stores, cited in the doc of the app whose store this writes. Nothing here is Apple's code."""
import base64
import datetime
import hashlib
import pathlib
import plistlib
import shutil
import sqlite3
import uuid

REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
_ORDER = {"INTEGER": 0, "TIMESTAMP": 1, "FLOAT": 1, "DECIMAL": 2, "VARCHAR": 3, "BLOB": 4}
HISTORY = [
    (16001, "CHANGE", "ACHANGE",
     "Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHANGETYPE INTEGER, ZENTITY INTEGER, "
     "ZENTITYPK INTEGER, ZTRANSACTIONID INTEGER, ZCOLUMNS BLOB"),
    (16002, "TRANSACTION", "ATRANSACTION",
     "Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHORTS INTEGER, ZBUNDLEIDTS INTEGER, "
     "ZCONTEXTNAMETS INTEGER, ZPROCESSIDTS INTEGER, ZTIMESTAMP FLOAT, ZAUTHOR VARCHAR, ZBUNDLEID VARCHAR, "
     "ZCONTEXTNAME VARCHAR, ZPROCESSID VARCHAR, ZQUERYGEN BLOB"),
    (16003, "TRANSACTIONSTRING", "ATRANSACTIONSTRING", "Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR"),
]


def seconds(moment):
    """A `Date` as Core Data stores it: seconds since 2001-01-01 00:00 UTC."""
    if isinstance(moment, str):
        moment = datetime.datetime.fromisoformat(moment)
    return (moment - REFERENCE).total_seconds()


class Entity:
    """A `@Model` class: its name and its stored properties, `(swiftName, column type)` in any order."""

    def __init__(self, name, attributes):
        self.name = name
        self.table = "Z" + name.upper()
        self.attributes = sorted(attributes, key=lambda a: (_ORDER[a[1]], a[0].upper()))

    def columns(self):
        return ["Z_PK", "Z_ENT", "Z_OPT"] + ["Z" + name.upper() for name, _ in self.attributes]

    def create_statement(self):
        body = ", ".join(["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"]
                         + [f"Z{name.upper()} {kind}" for name, kind in self.attributes])
        return f"CREATE TABLE {self.table} ( {body} )"


class Model:
    """A SwiftData schema: its entities, numbered from 1 in name order as Core Data numbers them."""

    def __init__(self, *entities):
        self.entities = sorted(entities, key=lambda e: e.name)

    def number(self, entity_name):
        return 1 + [e.name for e in self.entities].index(entity_name)

    def entity(self, name):
        return self.entities[self.number(name) - 1]

    def hashes(self):
        """Each entity's version hash: 32 bytes, here the SHA-256 of its description."""
        return {e.name: hashlib.sha256(e.create_statement().encode()).digest() for e in self.entities}


def metadata(model, store_uuid):
    """`Z_METADATA.Z_PLIST`: the keys Core Data writes, as a binary plist."""
    hashes = model.hashes()
    digest = hashlib.sha256(b"".join(hashes[name] for name in sorted(hashes))).digest()
    return plistlib.dumps({
        "NSPersistenceFrameworkVersion": 1414,
        "NSPersistenceMaximumFrameworkVersion": 1414,
        "NSStoreModelVersionChecksumKey": base64.b64encode(digest[:32]).decode(),
        "NSStoreModelVersionHashes": hashes,
        "NSStoreModelVersionHashesDigest": base64.b64encode(digest).decode(),
        "NSStoreModelVersionHashesVersion": 3,
        "NSStoreModelVersionIdentifiers": [""],
        "NSStoreType": "SQLite",
        "NSStoreUUID": store_uuid,
        "_NSAutoVacuumLevel": "2",
    }, fmt=plistlib.FMT_BINARY, sort_keys=True)


def store_uuid(seed):
    """A store UUID that is the same for the same seed (a scenario's name)."""
    return str(uuid.UUID(bytes=hashlib.sha256(seed.encode()).digest()[:16], version=4)).upper()


def write(path, model, rows, wal_rows=None, seed="default.store"):
    """Writes a store at `path` (and `path-wal`, `path-shm` when `wal_rows` are given).

    - `rows`: entity name → a list of dicts of stored properties by Swift name; `Z_OPT` and a
      `_opt` key set the row's version (1 by default). Properties left out are NULL.
    - `wal_rows`: the same, inserted after the others and left in the write-ahead log, as a running
      app leaves them: the files are copied while the database is open, as a Simulator's are.
    """
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    build = path.with_name(path.name + ".building")
    for suffix in ("", "-wal", "-shm", "-journal"):
        pathlib.Path(str(build) + suffix).unlink(missing_ok=True)
    db = sqlite3.connect(build)
    wal_rows = wal_rows or {}
    counts = {entity.name: len(rows.get(entity.name, [])) + len(wal_rows.get(entity.name, []))
              for entity in model.entities}
    create_schema(db, model, counts, seed)
    _insert(db, model, rows, first={})
    db.commit()
    if any(wal_rows.values()):
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA wal_autocheckpoint = 0")
        _insert(db, model, wal_rows, first={name: len(rows.get(name, [])) for name in rows})
        db.commit()
        for suffix in ("", "-wal", "-shm"):
            shutil.copyfile(str(build) + suffix, str(path) + suffix)
        db.close()
    else:
        db.close()
        shutil.copyfile(build, path)
        for suffix in ("-wal", "-shm"):
            pathlib.Path(str(path) + suffix).unlink(missing_ok=True)
    for suffix in ("", "-wal", "-shm", "-journal"):
        pathlib.Path(str(build) + suffix).unlink(missing_ok=True)


def create_schema(db, model, counts, seed):
    """Core Data's tables for `model` in the empty database `db`, with its metadata and each
    entity's highest key in `counts` (entity name → rows)."""
    db.execute("PRAGMA page_size = 4096")
    db.execute("PRAGMA auto_vacuum = INCREMENTAL")
    for entity in model.entities:
        db.execute(entity.create_statement())
    for _, _, table, body in HISTORY:
        db.execute(f"CREATE TABLE {table} ( {body} )")
    db.execute("CREATE UNIQUE INDEX Z_TRANSACTIONSTRING_UNIQUE_NAME ON ATRANSACTIONSTRING (ZNAME COLLATE BINARY ASC)")
    db.execute("CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)")
    db.execute("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)")
    db.execute("CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)")
    identifier = store_uuid(seed)
    db.execute("INSERT INTO Z_METADATA VALUES (1, ?, ?)", (identifier, metadata(model, identifier)))
    for entity in model.entities:
        db.execute("INSERT INTO Z_PRIMARYKEY VALUES (?, ?, 0, ?)",
                   (model.number(entity.name), entity.name, counts.get(entity.name, 0)))
    for number, name, _, _ in HISTORY:
        db.execute("INSERT INTO Z_PRIMARYKEY VALUES (?, ?, 0, 0)", (number, name))


def insert_statement(model, entity_name):
    """`INSERT INTO Z… (every column) VALUES (?, …)` for one entity's rows, in `Entity.columns()` order."""
    columns = model.entity(entity_name).columns()
    return f"INSERT INTO {model.entity(entity_name).table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"


def _insert(db, model, rows, first):
    for entity in model.entities:
        statement = insert_statement(model, entity.name)
        for offset, row in enumerate(rows.get(entity.name, []), start=first.get(entity.name, 0) + 1):
            values = [offset, model.number(entity.name), row.get("_opt", 1)]
            values += [_column_value(row.get(name), kind) for name, kind in entity.attributes]
            db.execute(statement, values)


def _column_value(value, kind):
    if value is None:
        return None
    if kind == "TIMESTAMP":
        return seconds(value)
    if kind == "INTEGER" and isinstance(value, bool):
        return int(value)
    return value
