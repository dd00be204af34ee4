import FuzzSupport
import Widgets

// The suite plist, XML or binary, and the JSON `Data` inside it (widgetRefreshData, widgetPortfolioData).
runFuzzer(FuzzTarget(app: BitPalApp(), path: "group.com.bitpal.shared/Library/Preferences/group.com.bitpal.shared.plist"))
