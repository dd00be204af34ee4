import GlimpseCLI

// The `glimpse` command: Glimpse's command line with the apps it ships, as a widget team's own
// package runs it with theirs (`Glimpse.main(apps:builtIn:)`, docs/ADDING-A-WIDGET.md).
await Glimpse.main(apps: [], builtIn: Glimpse.builtInApps)
