extension HostileInputFiles {
    /// A flat archive-format nib whose `count` views each name the previous one as superview:
    /// a hierarchy as deep as `count` with no XML nesting at all.
    static func archiveChain(_ count: Int) -> String {
        var objects = ""
        var records = ""
        for index in 0..<count {
            let parent = index == 0 ? "" : "<reference key=\"NSSuperview\" ref=\"\(1000 + index - 1)\"/>"
            objects += "<object class=\"IBUIView\" id=\"\(1000 + index)\">\(parent)</object>\n"
            records +=
                "<object class=\"IBObjectRecord\"><int key=\"objectID\">\(index + 1)</int>"
                + "<reference key=\"object\" ref=\"\(1000 + index)\"/>"
                + "<reference key=\"parent\" ref=\"\(index == 0 ? 0 : 1000 + index - 1)\"/></object>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"7.10\">\n<data>\n"
            + "<object class=\"NSMutableArray\" key=\"IBDocument.RootObjects\" id=\"1\">\n\(objects)</object>\n"
            + "<object class=\"IBObjectContainer\" key=\"IBDocument.Objects\">\n"
            + "<object class=\"IBMutableOrderedSet\" key=\"objectRecords\"><object class=\"NSArray\" key=\"orderedObjects\">\n"
            + "\(records)</object></object>\n</object>\n</data>\n</archive>\n"
    }
}
