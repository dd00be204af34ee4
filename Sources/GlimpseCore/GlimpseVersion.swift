/// Glimpse's version: `glimpse --version`, the manifest's `generator`, and the tag a widget team's
/// package depends on (CHANGELOG.md).
public enum GlimpseVersion {
    public static let current = "0.2.0"
}
