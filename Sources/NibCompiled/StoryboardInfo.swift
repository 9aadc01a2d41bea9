import Foundation
import NibModel

/// What a compiled storyboard's `Info.plist` says: which nib holds each identified controller,
/// the entry point, the platform.
struct StoryboardInfo {
    /// Controller identifier → nib name (`UIViewControllerIdentifiersToNibNames`, `NS…`).
    var nibNames: [String: String] = [:]
    /// `UIStoryboardDesignatedEntryPointIdentifier` / `NSStoryboardDesignatedEntryPointIdentifier`.
    var entryPoint: String?
    /// `NSStoryboardMainMenu`: the nib of a macOS storyboard's application scene (menu, delegate).
    var mainMenu: String?
    var platform: Platform = .ios

    /// Reads `Info.plist` (binary or XML).
    init(contentsOf url: URL, name: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocatedError(at: FileLocation(file: name), "cannot read file: \(error.localizedDescription)")
        }
        let entries = try Self.entries(data, name: name)
        for (key, value) in entries {
            switch (key, value) {
            case ("UIViewControllerIdentifiersToNibNames", .dictionary(let table)),
                ("NSViewControllerIdentifiersToNibNames", .dictionary(let table)):
                for (identifier, nib) in table { if case .string(let nib) = nib { nibNames[identifier] = nib } }
                if key.hasPrefix("NS") { platform = .macos }
            case ("UIStoryboardDesignatedEntryPointIdentifier", .string(let text)),
                ("NSStoryboardDesignatedEntryPointIdentifier", .string(let text)):
                entryPoint = text
            case ("NSStoryboardMainMenu", .string(let text)):
                mainMenu = text
            default: break
            }
            if key.hasPrefix("NSStoryboard") || key.hasPrefix("NSViewController") { platform = .macos }
        }
    }

    /// The plist values Info.plist needs: strings, integers, dictionaries of those.
    enum Entry {
        case string(String)
        case number(Int64)
        case dictionary([String: Entry])
        case other
    }

    private static func entries(_ data: Data, name: String) throws -> [String: Entry] {
        let bytes = [UInt8](data)
        if bytes.starts(with: BinaryPlistDecoder.magic) {
            let plist = try BinaryPlistDecoder(bytes, file: name)
            guard case .dictionary(let table) = try entry(plist.top, in: plist, depth: 0) else {
                throw plist.error("Info.plist is not a dictionary", object: plist.top)
            }
            return table
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw LocatedError(at: FileLocation(file: name), "not a property list: \(error.localizedDescription)")
        }
        guard case .dictionary(let table) = entry(object, depth: 0) else {
            throw LocatedError(at: FileLocation(file: name), "Info.plist is not a dictionary")
        }
        return table
    }

    private static func entry(_ index: Int, in plist: BinaryPlistDecoder, depth: Int) throws -> Entry {
        switch try plist.value(index) {
        case .string(let text): return .string(text)
        case .integer(let number): return .number(number)
        case .dictionary(let pairs) where depth < 2:
            var table: [String: Entry] = [:]
            for pair in pairs {
                guard case .string(let key) = try plist.value(pair.key) else { continue }
                table[key] = try entry(pair.value, in: plist, depth: depth + 1)
            }
            return .dictionary(table)
        default: return .other
        }
    }

    private static func entry(_ object: Any, depth: Int) -> Entry {
        if let text = object as? String { return .string(text) }
        if let number = object as? Int { return .number(Int64(number)) }
        if let table = object as? [String: Any], depth < 2 { return .dictionary(table.mapValues { entry($0, depth: depth + 1) }) }
        return .other
    }
}
