/// The header frames between the pool and a worker, field by field in a fixed order: a string
/// is a 4-byte big-endian length then its UTF-8 bytes, a flag one byte, a number its 8-byte
/// IEEE bit pattern. Both ends are this binary, so the order is the schema. (These were JSON:
/// `JSONEncoder`/`JSONDecoder`'s generic containers cost ~0.1 ms per job on both sides, two
/// thirds of the pipes' share of a corpus build.)
struct WireFields {
    private(set) var bytes: [UInt8] = []

    mutating func add(_ text: String) {
        add(count: text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    mutating func add(_ flag: Bool) { bytes.append(flag ? 1 : 0) }

    mutating func add(_ number: Double) { add(bits: number.bitPattern) }

    mutating func add(_ number: Int) { add(bits: UInt64(bitPattern: Int64(number))) }

    private mutating func add(count: Int) {
        let value = UInt32(clamping: count)
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private mutating func add(bits: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(bits >> UInt64(shift) & 0xFF)) }
    }
}

/// Reads what `WireFields` wrote, in the same order; a short or malformed frame throws.
struct WireFieldReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func string() throws(Malformed) -> String {
        let count = Int(try unsigned(width: 4))
        let slice = try take(count)
        return String(decoding: slice, as: UTF8.self)
    }

    mutating func flag() throws(Malformed) -> Bool {
        let byte = try take(1)
        guard let value = byte.first, value <= 1 else { throw Malformed() }
        return value == 1
    }

    mutating func double() throws(Malformed) -> Double { Double(bitPattern: try unsigned(width: 8)) }

    mutating func int() throws(Malformed) -> Int { Int(Int64(bitPattern: try unsigned(width: 8))) }

    /// Whether every byte was read (a longer frame is from another protocol).
    var atEnd: Bool { offset == bytes.count }

    private mutating func unsigned(width: Int) throws(Malformed) -> UInt64 {
        try take(width).reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
    }

    private mutating func take(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }
}

extension RenderJob {
    /// The request header.
    var wireBytes: [UInt8] {
        var fields = WireFields()
        fields.add(engine.rawValue)
        fields.add(format.rawValue)
        fields.add(name)
        fields.add(generated)
        return fields.bytes
    }

    init(wire bytes: [UInt8]) throws(WireFieldReader.Malformed) {
        var reader = WireFieldReader(bytes)
        guard let engine = LayoutEngine(rawValue: try reader.string()), let format = OutputFormat(rawValue: try reader.string())
        else { throw .init() }
        let name = try reader.string()
        let generated = try reader.flag()
        guard reader.atEnd else { throw .init() }
        self.init(engine: engine, format: format, name: name, generated: generated)
    }
}

extension WorkerProtocol.Header {
    /// The response header.
    var wireBytes: [UInt8] {
        var fields = WireFields()
        fields.add(ok)
        fields.add(retiring)
        fields.add(warnings.count)
        for warning in warnings { fields.add(warning) }
        fields.add(error != nil)
        if let error {
            fields.add(error.stage)
            fields.add(error.name)
            fields.add(error.line != nil)
            fields.add(error.line ?? 0)
            fields.add(error.message)
        }
        fields.add(timing != nil)
        if let timing {
            for value in [timing.parse, timing.layout, timing.render, timing.release, timing.total, timing.graphvizCPU, timing.ownCPU] {
                fields.add(value)
            }
        }
        return fields.bytes
    }

    init(wire bytes: [UInt8]) throws(WireFieldReader.Malformed) {
        var reader = WireFieldReader(bytes)
        let ok = try reader.flag()
        let retiring = try reader.flag()
        let warningCount = try reader.int()
        guard warningCount >= 0, warningCount <= bytes.count else { throw .init() }
        var warnings: [String] = []
        for _ in 0..<warningCount { warnings.append(try reader.string()) }
        var error: RenderError.Wire?
        if try reader.flag() {
            let stage = try reader.string()
            let name = try reader.string()
            let hasLine = try reader.flag()
            let line = try reader.int()
            error = RenderError.Wire(stage: stage, name: name, line: hasLine ? line : nil, message: try reader.string())
        }
        var timing: RenderTiming?
        if try reader.flag() {
            timing = RenderTiming(
                parse: try reader.double(), layout: try reader.double(), render: try reader.double(), release: try reader.double(),
                total: try reader.double(), graphvizCPU: try reader.double(), ownCPU: try reader.double())
        }
        guard reader.atEnd else { throw .init() }
        self.init(ok: ok, warnings: warnings, error: error, retiring: retiring, timing: timing)
    }
}
