import GlimpseKit
import StepStreakWidget

// Glimpse's command line with Step Streak's widget, and none of the apps Glimpse ships.
await Glimpse.main(apps: [StepStreakApp()])
