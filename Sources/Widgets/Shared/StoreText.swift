/// Text from a store, made fit to show: control characters (NUL, escape, …) removed, line
/// breaks as spaces. HTML escaping stays the templates' job.
public enum StoreText {
    public static func displayable(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09, 0x2028, 0x2029:
                result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
