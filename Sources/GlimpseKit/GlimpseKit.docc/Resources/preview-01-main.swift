import GlimpseKit
import WaterIntakeWidget

// Glimpse's command line with Water Intake's widget. Add any of the apps Glimpse ships with
// `builtIn:` (`Glimpse.builtInApps` for all of them).
await Glimpse.main(apps: [WaterIntakeApp()])
