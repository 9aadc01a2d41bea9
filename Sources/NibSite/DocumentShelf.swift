import Synchronization

/// The documents' records while their pages are planned, on any planning thread (each with its
/// parsed graph, or that graph's summary past the build's `--document-memory`, parsed again
/// when its pages are planned: `DocumentRecord.inFull`): each is let go once its pages are
/// adopted (`release`), so the build does not hold every document of the project until the last
/// is planned (the parsed graphs were a third of the corpus site's heap at its peak).
final class DocumentShelf: Sendable {
    private let records: Mutex<[SiteContent.DocumentRecord?]>

    init(_ records: [SiteContent.DocumentRecord]) {
        self.records = Mutex(records)
    }

    /// Document `number`'s record. Only asked for before its `release` (its pages are planned,
    /// or planned again, before they are adopted).
    func record(_ number: Int) -> SiteContent.DocumentRecord {
        guard let record = records.withLock({ $0[number] }) else {
            preconditionFailure("document \(number) asked for after its pages were adopted")
        }
        return record
    }

    /// How many documents are still held.
    var count: Int { records.withLock { $0.count { $0 != nil } } }

    /// Lets document `number` go (its last reference, unless a memo keeps its graph).
    func release(_ number: Int) {
        // Taken out under the lock, freed outside it.
        let record = records.withLock { $0[number].take() }
        _ = consume record
    }
}
