extension Array {
    /// The index of the first element for which `isAfter` is true, in an array where it is
    /// false, then true (binary search).
    func partitionIndex(where isAfter: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
