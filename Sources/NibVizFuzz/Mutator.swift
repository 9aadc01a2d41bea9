/// SplitMix64: small, fast and the same on every platform, so a seed names a run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Byte-level and token-level mutations of a seed document. Each case draws 1–4 of them; the
/// tokens are the format's own syntax plus what broke nibviz before (deep nesting, duplicated
/// blocks, empty ids, long names, control characters, stray `<`, alias bombs).
struct Mutator {
    /// Tokens inserted at random positions, by format family.
    let tokens: [[UInt8]]

    static let xmlTokens = [
        "<", ">", "</view>", "<view id=\"z\">", "<subviews>", "</subviews>", "&", "&amp;", "&#0;", "&#x1F600;", "&bogus;",
        "id=\"\"", "customClass=\"\"", "userLabel=\"\"", "\"", "'", "<!--", "-->", "<![CDATA[", "]]>", "\u{1}", "\u{0}",
        "<?xml version=\"1.0\"?>", "destination=\"nowhere\"", "sceneID=\"sc1-aa-001\"", "key=\"view\"", "\r\n", "\u{FEFF}",
        "<scene sceneID=\"dup\"><objects><viewController id=\"dup\" sceneMemberID=\"viewController\"/></objects></scene>",
        "<connections><outlet property=\"x\" destination=\"-1\" id=\"dup\"/></connections>", "\u{00E9}", "\u{202E}",
    ].map { Array($0.utf8) }

    static let yamlTokens = [
        ":", "- ", "&a ", "*a", "[", "]", "{", "}", "\n  ", "\n- ", "\t", "\"", "'", "!!str ", "? ", "|", ">", "#", "~", "null",
        "count: 99999999", "count: -1", "platform: macos", "osVersion: \"99\"", "<<: *a", "\u{1}", "%YAML 1.1\n", "---\n", "...\n",
        "children: [", "connections: [{ outlet: v, destination: nowhere }]", "steps: [", "loadNib: { nib: Nope }",
    ].map { Array($0.utf8) }

    static let dotTokens = [
        "{", "}", "[", "]", "\"", "<", ">", "->", "--", ";", ",", "=", "subgraph cluster_x {", "subgraph cluster_a {",
        "{rank=same; a1; b1}",
        "node [label=<<B>x</B>>]", "edge [lhead=cluster_b]", "a1:p:s", "label=<<TABLE><TR><TD>x</TD></TR></TABLE>>", "newrank=true",
        "strict ", "\\N", "\\", "%", "&amp;", "/*", "*/", "//", "#", "\u{0}", "\u{1}", "digraph", "graph", "label=\"\"",
    ].map { Array($0.utf8) }

    /// XML property lists: UIDs out of range or not integers, containers left open, keys without
    /// values, entities, and the control characters CoreFoundation writes raw.
    static let plistTokens: [[UInt8]] = [
        "<dict><key>CF$UID</key><integer>99999</integer></dict>", "<dict><key>CF$UID</key><integer>-1</integer></dict>",
        "<key>CF$UID</key>", "<dict>", "</dict>", "<array>", "</array>", "<key>$class</key>", "<integer>9223372036854775808</integer>",
        "<real>nan</real>", "<date>2001-01-01T00:00:00Z</date>", "<data>!!</data>", "<true/>", "<plist>", "</plist>",
        "<!DOCTYPE plist [<!ENTITY e \"x\">]>", "&e;", "\u{1B}", "\u{0}",
    ].map { Array($0.utf8) }

    /// Compiled nibs: counts and offsets at their extremes, varints that never end, NIBArchive
    /// value-type and object-reference bytes, bplist markers, UIDs and trailer sizes.
    /// Zip structure (`.ipa`): record signatures, sizes, compression methods, hostile names.
    static let zipTokens: [[UInt8]] = [
        Array("PK\u{03}\u{04}".utf8), Array("PK\u{01}\u{02}".utf8), Array("PK\u{05}\u{06}".utf8), Array("PK\u{07}\u{08}".utf8),
        [0xFF, 0xFF, 0xFF, 0xFF], [0x00, 0x00, 0x00, 0x00], [0x08, 0x00], [0x00, 0x00], [0x0E, 0x00], [0x01, 0x00],
        Array("../".utf8), Array("/".utf8), Array("Payload/".utf8), Array(".nib".utf8), Array(".storyboardc/".utf8),
    ]

    static let compiledTokens: [[UInt8]] = [
        [0xFF, 0xFF, 0xFF, 0xFF], [0x00, 0x00, 0x00, 0x00], [0xFF, 0xFF, 0xFF, 0x7F],
        [0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F],
        [0x80], [0x81], [0x0A, 0xFF, 0xFF, 0x00, 0x00], [0x0B], [0x08, 0xFF, 0xFF, 0xFF, 0x7F], [0x09],
        [0xAF, 0x13, 0xFF, 0xFF, 0xFF, 0xFF],
        [0xDF, 0x10, 0xFF], [0x80, 0xFF], [0x5F, 0x10, 0xFF], [0x6F, 0x11, 0xFF, 0xFF], [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x08],
        Array("NIBArchive".utf8), Array("bplist00".utf8), Array("$null".utf8), Array("UINibEncoderEmptyKey".utf8),
    ]

    /// One mutated copy of `seed`; `other` is a second seed of the same format for splicing.
    func mutate(_ seed: [UInt8], other: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = seed
        let rounds = [1, 1, 2, 2, 3, 4].randomElement(using: &random) ?? 1
        for _ in 0..<rounds {
            // Half the mutations keep the document well-formed, so the later stages (model,
            // simulation, diagrams, Graphviz) get hostile but readable input too.
            if Bool.random(using: &random) {
                applyStructured(to: &bytes, using: &random)
            } else {
                apply(Int.random(in: 0..<10, using: &random), to: &bytes, other: other, using: &random)
            }
        }
        return bytes
    }

    /// Values put into quoted attributes: empty, huge, shared ids, markup, bidi controls.
    static let values = [
        "", "-1", "dup", "&amp;&lt;&quot;", "x y", "\u{202E}abc", "UIView", "0", "NSObject", "sc1-aa-001", "hom-aa-001", "a:b:",
        String(repeating: "w", count: 17_000), "cluster_a", "\\N", "%", "https://x/?a=1&amp;b=2",
    ].map { Array($0.utf8) }

    /// Mutations that keep quotes and elements balanced: repeat a whole line (duplicate ids,
    /// scenes, steps) or replace one quoted value.
    private func applyStructured(to bytes: inout [UInt8], using random: inout SeededGenerator) {
        let newline = UInt8(ascii: "\n")
        let quote = UInt8(ascii: "\"")
        if Bool.random(using: &random) {
            let starts = [0] + bytes.indices.filter { bytes[$0] == newline }.map { $0 + 1 }
            guard let start = starts.randomElement(using: &random), start < bytes.count else { return }
            let end = bytes[start...].firstIndex(of: newline).map { $0 + 1 } ?? bytes.count
            let line = Array(bytes[start..<end])
            for _ in 0..<Int.random(in: 1...3, using: &random) { bytes.insert(contentsOf: line, at: end) }
        } else {
            let quotes = bytes.indices.filter { bytes[$0] == quote }
            guard quotes.count >= 2 else { return }
            let pair = Int.random(in: 0..<quotes.count / 2, using: &random) * 2
            let open = quotes[pair]
            let close = quotes[pair + 1]
            bytes.replaceSubrange(open + 1..<close, with: Self.values.randomElement(using: &random) ?? [])
        }
    }

    private func apply(_ kind: Int, to bytes: inout [UInt8], other: [UInt8], using random: inout SeededGenerator) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
        switch kind {
        case 0 where !bytes.isEmpty:  // flip one bit
            let index = min(position, bytes.count - 1)
            bytes[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
        case 1:  // insert a random byte
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
        case 2 where !bytes.isEmpty:  // delete a range
            let length = min(Int.random(in: 1...64, using: &random), bytes.count - min(position, bytes.count - 1))
            let start = min(position, bytes.count - 1)
            bytes.removeSubrange(start..<start + length)
        case 3, 4:  // insert a token of the format
            if let token = tokens.randomElement(using: &random) { bytes.insert(contentsOf: token, at: position) }
        case 5 where bytes.count > 2:  // repeat a slice: duplicated blocks, deep nesting
            let start = Int.random(in: 0..<bytes.count - 1, using: &random)
            let length = min(Int.random(in: 1...200, using: &random), bytes.count - start)
            let times = [2, 3, 10, 100, 1_000].randomElement(using: &random) ?? 2
            let slice = Array(bytes[start..<start + length])
            var repeated: [UInt8] = []
            for _ in 0..<times { repeated += slice }
            bytes.insert(contentsOf: repeated.prefix(400_000), at: start)
        case 6 where !other.isEmpty:  // splice a piece of another seed
            let start = Int.random(in: 0..<other.count, using: &random)
            let length = min(Int.random(in: 1...400, using: &random), other.count - start)
            bytes.insert(contentsOf: other[start..<start + length], at: position)
        case 7:  // truncate
            bytes.removeSubrange(position..<bytes.count)
        case 8:  // a long name
            let letter = UInt8.random(in: 0x61...0x7A, using: &random)
            bytes.insert(
                contentsOf: [UInt8](repeating: letter, count: [100, 5_000, 20_000].randomElement(using: &random) ?? 100), at: position)
        default:  // replace a byte with a quote, angle bracket or control character
            guard !bytes.isEmpty else { return }
            let index = min(position, bytes.count - 1)
            bytes[index] = [0x22, 0x27, 0x3C, 0x3E, 0x26, 0x00, 0x01, 0x0A, 0x7F, 0xFF].randomElement(using: &random) ?? 0x22
        }
    }
}
