import GlimpseCore
import Widgets

/// The view models of the context page (`ContextPage`). Templates only present them.

struct ContextModel: Encodable {
    var appName: String
    var scenarioTitle: String
    var device: String
    var shownText: String
    var widgets: [ContextLink]
    var home: [HomeScreenModel]
    var hasHome: Bool
    var lock: [LockScreenModel]
    var hasLock: Bool
    var lockNote: String
    var standBy: [StandByModel]
    var hasStandBy: Bool
    var standByScale: String
    var control: [ControlModel]
    var hasControl: Bool
    var carPlay: [CarPlayModel]
    var hasCarPlay: Bool
    var carPlayScale: String
    var mac: [MacDesktopModel]
    var hasMac: Bool
    var smartStack: [SmartStackModel]
    var hasSmartStack: Bool
    var figures: [FigureRow]
}

struct ContextLink: Encodable {
    var href: String
    var family: String
    var state: String
}

struct HomeScreenModel: Encodable {
    var caption: String
    var wallpaper: String
    var style: String
    var time: String
    var cells: [HomeCell]
    /// The dock's four icons: their tones.
    var dock: [String]
}

struct HomeCell: Encodable {
    var style: String
    var widget: HTMLFragment
    var hasWidget: Bool
    var label: String
    var tone: String
}

struct LockScreenModel: Encodable {
    var caption: String
    var wallpaper: String
    var style: String
    var time: String
    var date: String
    var inline: HTMLFragment
    var hasInline: Bool
    var row: [HTMLFragment]
    /// The app's control in the bottom-left corner, symbol only, when it has one.
    var corner: HTMLFragment
    var hasCorner: Bool
}

struct StandByModel: Encodable {
    var caption: String
    var night: Bool
    var style: String
    var slotStyle: String
    var scaleStyle: String
    var scale: String
    var widget: HTMLFragment
    var weekday: String
    var day: String
}

struct ControlModel: Encodable {
    var title: String
    var small: HTMLFragment
    var smallStyle: String
    var mediumStyle: String
    var largeStyle: String
    var symbol: HTMLFragment
    var lockButton: HTMLFragment
    var islandSymbol: HTMLFragment
    var lockStyle: String
    var islandStyle: String
    var mediumSize: String
    var largeSize: String
}

struct FigureRow: Encodable {
    var what: String
    var figure: String
    var source: String
}

struct CarPlayModel: Encodable {
    var caption: String
    var scheme: String
    var style: String
    var slotStyle: String
    var scaleStyle: String
    var scale: String
    var widget: HTMLFragment
    var time: String
}

struct MacDesktopModel: Encodable {
    var caption: String
    var wallpaper: String
    var behind: Bool
    var style: String
    var time: String
    var widgets: [HTMLFragment]
}

struct SmartStackModel: Encodable {
    var caption: String
    var style: String
    var platterStyle: String
    var slotStyle: String
    var scaleStyle: String
    var widget: HTMLFragment
    var time: String
}
