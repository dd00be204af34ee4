import Foundation
import FuzzSupport
import Widgets

// The SQLite database, opened from fuzzed bytes through the private copy GRDB reads.
let preferences = try! PropertyListSerialization.data(fromPropertyList: ["preferredWeightUnit": "lb", "goalWeight": 170],
                                                      format: .binary, options: 0)
runFuzzer(FuzzTarget(app: W8TrackrApp(), path: "group.com.w8trackr.shared/Library/Application Support/default.store",
                     companions: ["group.com.w8trackr.shared/Library/Preferences/group.com.w8trackr.shared.plist": preferences]))
