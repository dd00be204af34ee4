// GlimpseKit: what a widget team's package imports, and all it needs (docs/ADDING-A-WIDGET.md). Each
// declaration below is public in the target that holds it, for Glimpse's own use too; this file is the
// list of those a widget author may use. What is not listed is Glimpse's own, and may change in any
// version. The DocC catalog (GlimpseKit.docc) documents them, and says which are stable.
//
// - the WidgetKit-shaped primitives, all of WidgetTimeline: families and sizes, entries, timelines and
//   their reload policies, the provider protocol, the simulator, local days and Dynamic Type;
// - the command line, run with the package's apps: `Glimpse`;
// - the extension point: `GalleryApp`, `AppFolders`, `WidgetState`, `WidgetView`, `TemplateModel`,
//   `WidgetPreview`, `PreviewFrame`, `PreviewEnvironment`, `ScenarioEvent`, `ScenarioEventType`,
//   `FuzzTarget`, `InputContext`, `ContentError`;
// - reading the store: `StoreReader`, `StoreRead`, `LoadedStore`, `StoreExcerpt`, `StoreRoot`,
//   `StoreJSON`, `SQLiteTable`, `SQLiteRow`, `SQLiteTableRead`, `UserDefaultsSuite`, `Diagnostic`;
// - copy, formats and markup: `CopyBook`, `Copy`, `FormatLocale`, `Redaction`, `HTMLFragment`.

@_exported import WidgetTimeline

@_exported import struct AppGroupStore.SQLiteRow
@_exported import struct AppGroupStore.SQLiteTable
@_exported import struct AppGroupStore.SQLiteTableRead
@_exported import enum AppGroupStore.StoreJSON
@_exported import struct AppGroupStore.StoreRoot
@_exported import struct AppGroupStore.UserDefaultsSuite
@_exported import enum GlimpseCLI.Glimpse
@_exported import struct GlimpseCore.Diagnostic
@_exported import struct GlimpseCore.HTMLFragment
@_exported import struct Widgets.AppFolders
@_exported import struct Widgets.ContentError
@_exported import struct Widgets.Copy
@_exported import protocol Widgets.CopyBook
@_exported import struct Widgets.FormatLocale
@_exported import struct Widgets.FuzzTarget
@_exported import protocol Widgets.GalleryApp
@_exported import struct Widgets.InputContext
@_exported import struct Widgets.LoadedStore
@_exported import struct Widgets.PreviewEnvironment
@_exported import struct Widgets.PreviewFrame
@_exported import struct Widgets.Redaction
@_exported import struct Widgets.ScenarioEvent
@_exported import struct Widgets.ScenarioEventType
@_exported import struct Widgets.StoreExcerpt
@_exported import enum Widgets.StoreRead
@_exported import struct Widgets.StoreReader
@_exported import typealias Widgets.TemplateModel
@_exported import struct Widgets.WidgetPreview
@_exported import protocol Widgets.WidgetState
@_exported import struct Widgets.WidgetView
