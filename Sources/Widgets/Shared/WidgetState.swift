/// The states a widget's frames can be in, as the manifest and the gallery name them: one
/// `String`-backed enum per app (`<App>State`), so that every state an app can show is declared
/// in one place and a frame can be in no other.
public protocol WidgetState: RawRepresentable<String>, CaseIterable, Hashable, Sendable {}
