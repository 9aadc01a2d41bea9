/// The limits every reader and writer enforces so that one hostile input cannot crash, stall or
/// exhaust the machine. Documented in `site/pages/reference/limits.md`; a test checks that the
/// page quotes these values.
public enum InputLimits {
    /// Deepest element nesting an XML document may have (the `<document>` root is level 1).
    /// Real Interface Builder documents stay under 40; libxml2's own default is 256. Deeper
    /// input is rejected with the location of the first element past the limit, before any
    /// recursive walk can overflow the stack.
    public static let maxElementDepth = 256

    /// Deepest nesting of YAML collections (mappings and sequences) in a scenario.
    public static let maxYAMLDepth = 128

    /// Most YAML nodes a scenario may contain once aliases are expanded: an alias bomb
    /// (`&a [*b, *b, …]` nested) is rejected instead of expanding to billions of nodes.
    public static let maxYAMLNodes = 100_000

    /// Most views one `makeView` step, or cells one `dequeueCell` step, may create (`count:`).
    public static let maxMakeViewCount = 10_000

    /// Longest attribute text (tooltips above all) a diagram carries; longer text ends with an
    /// ellipsis. Labels are cut much earlier (`DiagramOptions.labelLimit`) and keep their full
    /// text in the tooltip, written in pieces past Graphviz's 16,384-byte string limit.
    public static let maxTooltipCharacters = 65_536

    /// Most values `diff` and `textconv` read from one Interface Builder 3 archive document
    /// (elements visited, counting a shared value at each reference to it): the corpus's largest
    /// has ~25,000. Past it the document's values are summed up as one "archive XML (not
    /// itemised)" change, so a missing value never reads as a removed one.
    public static let maxArchiveValues = 100_000

    /// Deepest nesting of value objects followed inside one archived object (a cell's font, a
    /// colour's colour space: real archives nest a few levels).
    public static let maxArchiveValueDepth = 12
}
