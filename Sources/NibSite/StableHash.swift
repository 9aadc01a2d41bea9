/// FNV-1a, 64 bits, run twice with different offset bases for a 128-bit key: stable across
/// runs, processes and platforms (unlike `Hasher`), and dependency-free. Used for cache keys
/// only, never for security.
public enum StableHash {
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The 32-hex-digit digest of `parts`, each length-prefixed so `["ab","c"]` ≠ `["a","bc"]`.
    public static func hex(_ parts: [String]) -> String {
        var low: UInt64 = 0xCBF2_9CE4_8422_2325
        var high: UInt64 = 0x6C62_272E_07BB_0142
        func mix(_ byte: UInt8) {
            low = (low ^ UInt64(byte)) &* prime
            high = (high ^ UInt64(byte ^ 0x5A)) &* prime
        }
        for part in parts {
            var length = UInt64(part.utf8.count)
            for _ in 0..<8 {
                mix(UInt8(length & 0xFF))
                length >>= 8
            }
            // Native strings are contiguous UTF-8: hashed in place, not copied first (pages and
            // DOT graphs run to megabytes).
            let hashed: Bool? = part.utf8.withContiguousStorageIfAvailable { bytes in
                for byte in bytes { mix(byte) }
                return true
            }
            if hashed == nil {
                for byte in part.utf8 { mix(byte) }
            }
        }
        return hex64(high) + hex64(low)
    }

    private static func hex64(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
