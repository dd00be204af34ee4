import GlimpseKit

/// Every state a Water Intake frame can be in, as the gallery and its manifest name them.
public enum WaterIntakeState: String, WidgetState {
    /// No container, no file, or a file that failed its checks.
    case noData
    /// Under today's goal.
    case counting
    /// Today's goal reached.
    case goalMet
}
