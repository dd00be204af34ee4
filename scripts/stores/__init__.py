"""Writers of App Group stores as real apps write them, for sample scenarios, tests and benchmarks:
SwiftData's SQLite store (`coredata`), a UserDefaults suite (`defaults`), TinyBase's Expo SQLite row
(`tinybase`), JSONEncoder's and JavaScript's JSON (`encoders`), and a Simulator's
`Shared/AppGroup/<UUID>/` folders (`simulator`). Each app's container is `stores.<app>`, its sample
scenarios `stores.<app>.scenarios`.

Every writer is deterministic: the same call writes the same rows and the same JSON."""
