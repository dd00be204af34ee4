import FuzzSupport
import Widgets

runFuzzer(FuzzTarget(app: BeeBloomApp(), path: "group.app.beebloom/habits.json"))
