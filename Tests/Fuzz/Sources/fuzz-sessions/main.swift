import FuzzSupport
import Widgets

runFuzzer(FuzzTarget(app: JustNowApp(), path: "group.app.justnow/sessions.json"))
