import Foundation

/// Writes a folder so readers see the old folder or the complete new one, never a partial one:
/// files go to a sibling temporary folder, which then replaces the target.
func writeFolderAtomically(_ files: [(name: String, bytes: [UInt8])], to path: String) throws {
    let manager = FileManager.default
    let target = URL(fileURLWithPath: path).standardizedFileURL
    let parent = target.deletingLastPathComponent()
    try manager.createDirectory(at: parent, withIntermediateDirectories: true)
    let staging = parent.appendingPathComponent(".\(target.lastPathComponent).tmp-\(getpid())")
    try? manager.removeItem(at: staging)
    try manager.createDirectory(at: staging, withIntermediateDirectories: false)
    do {
        for file in files { try Data(file.bytes).write(to: staging.appendingPathComponent(file.name)) }
        if manager.fileExists(atPath: target.path) {
            let retired = parent.appendingPathComponent(".\(target.lastPathComponent).old-\(getpid())")
            try? manager.removeItem(at: retired)
            try manager.moveItem(at: target, to: retired)
            try manager.moveItem(at: staging, to: target)
            try? manager.removeItem(at: retired)
        } else {
            try manager.moveItem(at: staging, to: target)
        }
    } catch {
        try? manager.removeItem(at: staging)
        throw error
    }
}
