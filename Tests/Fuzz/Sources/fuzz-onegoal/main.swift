import FuzzSupport
import Widgets

runFuzzer(FuzzTarget(app: OneGoalApp(), path: "group.com.onegoal.app/widget-snapshot.json"))
