// Generated from the app registry (Sources/GlimpseRegistry/Registry.swift) by `make registry`;
// do not edit. Every app with its default settings, in the order they were added: the fuzz
// target links the widget core alone, without the command line that configures them.
import Widgets

let registeredApps: [any GalleryApp] = [
    OneGoalApp(),
    BeeBloomApp(),
    JustNowApp(),
    BitPalApp(),
    W8TrackrApp(),
]
